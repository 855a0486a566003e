//! Slice files: block run-length compression, read whole and kept
//! compressed, each block decoded only where a probe lands.
//!
//! A file holds one slice (one [`Material`], White to move):
//!
//! ```text
//! "DAMAEGTB"  magic, 8 bytes
//! 1           format version, 1 byte
//! wk wm bk bm the material, 4 bytes
//! size        positions, u64 little-endian (must equal the slice's size)
//! block       positions per block, u32
//! blocks      number of blocks, u32
//! offsets     blocks + 1 byte offsets into the data, u32 each
//! data        per block: runs of (value byte, run length as LEB128)
//! checksum    FNV-1a 64 of everything before it, u64
//! ```
//!
//! Positions with a capture and broken indices (two men on one square)
//! are "don't care": the probe settles captures by a small search, so
//! they take whatever value makes the current run longer. That is most of
//! the compression in slices with men, where captures are everywhere.
//! Blocks give random access: a probe decodes at most one block's runs.
//!
//! No memory map: the crate keeps away from `unsafe` (two calls in the
//! transposition table aside, `huge_pages` and `prefetch`), so a file is read into
//! memory on first use (see [`super::probe::Egtb`]), compressed as it is.

use super::index::{Material, Slice};
use super::value::Value;
use super::value::{value_of, BROKEN, CAPTURE};
use std::path::Path;

const MAGIC: &[u8; 8] = b"DAMAEGTB";
const VERSION: u8 = 1;
/// Positions per block.
pub const BLOCK: u32 = 4096;
const HEADER: usize = 8 + 1 + 4 + 8 + 4 + 4;

fn fnv(data: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in data {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

fn push_run(out: &mut Vec<u8>, v: u8, mut n: u32) {
    out.push(v);
    loop {
        let b = (n & 0x7F) as u8;
        n >>= 7;
        if n == 0 {
            out.push(b);
            break;
        }
        out.push(b | 0x80);
    }
}

/// Encodes one block of in-memory bytes.
fn encode_block(vals: &[u8], out: &mut Vec<u8>) {
    let cares = |b: u8| b != BROKEN && b & CAPTURE == 0;
    let mut cur = vals.iter().copied().find(|&b| cares(b)).unwrap_or(0);
    let mut run = 0u32;
    for &b in vals {
        if !cares(b) || b == cur {
            run += 1;
            continue;
        }
        push_run(out, cur, run);
        cur = b;
        run = 1;
    }
    if run > 0 {
        push_run(out, cur, run);
    }
}

/// Writes a slice's in-memory bytes (see [`super::generate::Table`]) to
/// `path`, through a temporary file renamed at the end, so that a file
/// that exists is complete. Returns its size in bytes.
pub fn write(path: &Path, mat: Material, vals: &[u8]) -> Result<u64, String> {
    let blocks = vals.len().div_ceil(BLOCK as usize);
    let mut data = Vec::new();
    let mut offsets = Vec::with_capacity(blocks + 1);
    for chunk in vals.chunks(BLOCK as usize) {
        offsets.push(data.len() as u32);
        encode_block(chunk, &mut data);
    }
    offsets.push(data.len() as u32);
    let mut out = Vec::with_capacity(HEADER + 4 * offsets.len() + data.len() + 8);
    out.extend_from_slice(MAGIC);
    out.push(VERSION);
    out.extend_from_slice(&[mat.wk, mat.wm, mat.bk, mat.bm]);
    out.extend_from_slice(&(vals.len() as u64).to_le_bytes());
    out.extend_from_slice(&BLOCK.to_le_bytes());
    out.extend_from_slice(&(blocks as u32).to_le_bytes());
    for o in &offsets {
        out.extend_from_slice(&o.to_le_bytes());
    }
    out.extend_from_slice(&data);
    let sum = fnv(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    let tmp = path.with_extension("tmp");
    std::fs::write(&tmp, &out).map_err(|e| format!("{}: {e}", tmp.display()))?;
    std::fs::rename(&tmp, path).map_err(|e| format!("{}: {e}", path.display()))?;
    Ok(out.len() as u64)
}

/// A slice file in memory, still compressed.
#[derive(Clone, Debug)]
pub struct Stored {
    mat: Material,
    size: u64,
    block: u32,
    offsets: Vec<u32>,
    data: Vec<u8>,
}

fn u32_at(b: &[u8], at: usize) -> Option<u32> {
    Some(u32::from_le_bytes(b.get(at..at + 4)?.try_into().ok()?))
}

fn u64_at(b: &[u8], at: usize) -> Option<u64> {
    Some(u64::from_le_bytes(b.get(at..at + 8)?.try_into().ok()?))
}

/// The magic and version that open every slice file.
fn check_kind(bytes: &[u8]) -> Result<(), &'static str> {
    if bytes.get(..8) != Some(MAGIC.as_slice()) {
        return Err("no header");
    }
    if bytes.get(8) != Some(&VERSION) {
        return Err("unknown version");
    }
    Ok(())
}

/// The fields of a slice file's header, after the magic and version,
/// checked against each other: a material that names a slice, and the
/// size and block count that slice has.
struct Header {
    mat: Material,
    size: u64,
    block: u32,
    blocks: u32,
}

impl Header {
    /// Reads the fields from the first [`HEADER`] bytes of `bytes`.
    fn read(bytes: &[u8]) -> Result<Header, &'static str> {
        let b = bytes.get(..HEADER).ok_or("no header")?;
        let mat = Material {
            wk: b[9],
            wm: b[10],
            bk: b[11],
            bm: b[12],
        };
        if Material::parse(&mat.to_string()) != Some(mat) {
            return Err("material");
        }
        let (size, block, blocks) = (
            u64_at(b, 13).unwrap_or(0),
            u32_at(b, 21).unwrap_or(0),
            u32_at(b, 25).unwrap_or(0),
        );
        if size != Slice::new(mat).size
            || block == 0
            || u64::from(blocks) != size.div_ceil(u64::from(block))
        {
            return Err("sizes");
        }
        Ok(Header {
            mat,
            size,
            block,
            blocks,
        })
    }
}

impl Stored {
    /// Reads and checks a slice file.
    pub fn read(path: &Path) -> Result<Stored, String> {
        let bytes = std::fs::read(path).map_err(|e| format!("{}: {e}", path.display()))?;
        Stored::parse(&bytes).map_err(|e| format!("{}: {e}", path.display()))
    }

    /// Checks what can be checked of a slice file without reading it
    /// whole: its header (magic, version, material `mat`, sizes) and that
    /// its length is the one the header and the last block offset make.
    /// A truncated, extended or misnamed file fails here; a damaged byte
    /// inside the data only fails the checksum when the slice is read.
    pub fn check_header(path: &Path, mat: Material) -> Result<(), String> {
        use std::io::{Read, Seek, SeekFrom};
        let bad = |what: &str| format!("{}: not a valid database file ({what})", path.display());
        let io = |e: std::io::Error| format!("{}: {e}", path.display());
        let mut f = std::fs::File::open(path).map_err(io)?;
        let len = f.metadata().map_err(io)?.len();
        let mut head = [0u8; HEADER];
        f.read_exact(&mut head).map_err(|_| bad("no header"))?;
        check_kind(&head).map_err(bad)?;
        let h = Header::read(&head).map_err(bad)?;
        if h.mat != mat {
            return Err(bad("material"));
        }
        let last_at = HEADER as u64 + 4 * u64::from(h.blocks);
        let mut last = [0u8; 4];
        f.seek(SeekFrom::Start(last_at)).map_err(io)?;
        f.read_exact(&mut last).map_err(|_| bad("offsets"))?;
        if len != last_at + 4 + u64::from(u32::from_le_bytes(last)) + 8 {
            return Err(bad("length"));
        }
        Ok(())
    }

    /// Checks and takes apart the bytes of a slice file.
    pub fn parse(bytes: &[u8]) -> Result<Stored, String> {
        let bad = |what: &str| format!("not a valid database file ({what})");
        if bytes.len() < HEADER + 8 {
            return Err(bad("no header"));
        }
        check_kind(bytes).map_err(bad)?;
        // The checksum before the fields: a damaged file says so, rather
        // than naming whichever field the damage happened to hit.
        let body = bytes.len() - 8;
        if u64_at(bytes, body) != Some(fnv(&bytes[..body])) {
            return Err(bad("checksum"));
        }
        let Header {
            mat,
            size,
            block,
            blocks,
        } = Header::read(bytes).map_err(bad)?;
        let blocks = blocks as usize;
        let data_at = HEADER
            .checked_add((blocks + 1).checked_mul(4).ok_or_else(|| bad("blocks"))?)
            .ok_or_else(|| bad("blocks"))?;
        if data_at > body {
            return Err(bad("offsets"));
        }
        let offsets: Vec<u32> = (0..=blocks)
            .map(|i| u32_at(bytes, HEADER + 4 * i).unwrap_or(u32::MAX))
            .collect();
        let data = bytes[data_at..body].to_vec();
        if offsets[0] != 0
            || offsets.windows(2).any(|w| w[0] > w[1])
            || offsets[blocks] as usize != data.len()
        {
            return Err(bad("offsets"));
        }
        Ok(Stored {
            mat,
            size,
            block,
            offsets,
            data,
        })
    }

    /// The material of the slice.
    pub fn material(&self) -> Material {
        self.mat
    }

    /// Bytes held in memory.
    pub fn bytes(&self) -> usize {
        self.data.len() + 4 * self.offsets.len()
    }

    /// Walks the runs of a block: `f(value, run)` until it returns false.
    fn runs(&self, block: usize, mut f: impl FnMut(u8, u32) -> bool) -> Option<()> {
        let from = *self.offsets.get(block)? as usize;
        let to = *self.offsets.get(block + 1)? as usize;
        let d = self.data.get(from..to)?;
        let mut i = 0;
        while i < d.len() {
            let v = d[i];
            i += 1;
            let mut n = 0u32;
            let mut shift = 0;
            loop {
                let b = *d.get(i)?;
                i += 1;
                if shift > 28 {
                    return None;
                }
                n |= u32::from(b & 0x7F) << shift;
                shift += 7;
                if b & 0x80 == 0 {
                    break;
                }
            }
            if !f(v, n) {
                return Some(());
            }
        }
        Some(())
    }

    /// The stored value at an index (meaningless for a capture position;
    /// `None` for an index beyond the slice or a damaged block).
    pub fn get(&self, idx: u64) -> Option<Value> {
        if idx >= self.size {
            return None;
        }
        let block = (idx / u64::from(self.block)) as usize;
        let mut left = (idx % u64::from(self.block)) as u32;
        let mut found = None;
        self.runs(block, |v, n| {
            if left < n {
                found = Some(v);
                false
            } else {
                left -= n;
                true
            }
        })?;
        Value::decode(found?)
    }

    /// Every stored byte, block by block (each block checked for length).
    pub fn decode_all(&self) -> Result<Vec<u8>, String> {
        let mut out = Vec::with_capacity(self.size as usize);
        let blocks = self.offsets.len() - 1;
        for b in 0..blocks {
            let want = (self.size - b as u64 * u64::from(self.block)).min(u64::from(self.block));
            let start = out.len();
            self.runs(b, |v, n| {
                if (out.len() - start) as u64 + u64::from(n) > want {
                    return false;
                }
                out.resize(out.len() + n as usize, v);
                true
            })
            .ok_or("a damaged block")?;
            if (out.len() - start) as u64 != want {
                return Err(format!("block {b} has the wrong length"));
            }
        }
        if out.iter().any(|&v| value_of(v).is_none()) {
            return Err("a byte that is no value".into());
        }
        Ok(out)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip_and_damage() {
        let mat = Material::parse("KvK").unwrap();
        let n = Slice::new(mat).size as usize;
        let vals: Vec<u8> = (0..n)
            .map(|i| match i % 7 {
                0 => 3 | CAPTURE,
                1 | 2 => 5,
                _ => 128,
            })
            .collect();
        let dir = crate::testkit::TempDir::new("egtb-store");
        let path = dir.join("t.egtb");
        write(&path, mat, &vals).unwrap();
        let s = Stored::read(&path).unwrap();
        let all = s.decode_all().unwrap();
        for (i, &v) in vals.iter().enumerate() {
            if v & CAPTURE == 0 {
                assert_eq!(all[i], v);
                assert_eq!(s.get(i as u64), Value::decode(v));
            }
        }
        let mut bytes = std::fs::read(&path).unwrap();
        for cut in [0, 10, 30, bytes.len() - 1] {
            assert!(Stored::parse(&bytes[..cut]).is_err());
        }
        let mid = bytes.len() / 2;
        bytes[mid] ^= 0x55;
        assert!(Stored::parse(&bytes).is_err());
    }

    /// A header whose piece counts are garbage (here 200 kings and 100
    /// men) is refused as the wrong material, by the quick check as by a
    /// full read whose checksum was mended to match, and nothing panics.
    #[test]
    fn garbage_counts_are_refused() {
        let mat = Material::parse("KvK").unwrap();
        let n = Slice::new(mat).size as usize;
        let dir = crate::testkit::TempDir::new("egtb-counts");
        let path = dir.join("t.egtb");
        write(&path, mat, &vec![5; n]).unwrap();
        let mut bytes = std::fs::read(&path).unwrap();
        bytes[9] = 200;
        bytes[10] = 100;
        let body = bytes.len() - 8;
        let sum = fnv(&bytes[..body]).to_le_bytes();
        bytes[body..].copy_from_slice(&sum);
        std::fs::write(&path, &bytes).unwrap();
        let err = Stored::check_header(&path, mat).unwrap_err();
        assert!(err.ends_with("(material)"), "{err}");
        assert_eq!(
            Stored::parse(&bytes).err().as_deref(),
            Some("not a valid database file (material)")
        );
    }
}
