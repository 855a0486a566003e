//! The transposition table: what earlier searches learned about a
//! position, found again by its key.
//!
//! Entries are 12 bytes, five to a 64-byte bucket (one cache line), so a
//! probe touches one line. The bucket is chosen by the high bits of the
//! key (a multiply, so any table size works) and the entry is recognised
//! by 48 other bits. The move is stored as its index in the position's
//! generated move list (generation is deterministic), which is two bytes
//! whatever the game.
//!
//! Replacement: the entry of the same position is overwritten unless it
//! holds a deeper result of the current search; otherwise the entry worth
//! least goes, counting depth and how many searches ago it was written.

use std::mem::size_of;
use std::sync::atomic::{AtomicU32, AtomicU64, AtomicU8, Ordering};

/// What a stored score says about the true score.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Bound {
    /// The true score is at most the stored one (no move reached alpha).
    Upper = 1,
    /// The true score is at least the stored one (a move reached beta).
    Lower = 2,
    /// The stored score is exact (a PV node).
    Exact = 3,
}

/// One stored result, unpacked (what a slot holds, read at once).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
struct Entry {
    /// The low 32 bits of the key.
    check: u32,
    /// Bits 32–47 of the key (48 bits in all tell positions apart).
    check_hi: u16,
    /// The score, mate scores relative to this node.
    score: i16,
    /// Index of the best move in the generated list, plus one (0: none).
    mv: u16,
    /// Remaining depth of the search that stored it.
    depth: u8,
    /// Bound in bits 0–1 (0: empty), generation in bits 2–7.
    flags: u8,
}

impl Entry {
    /// Everything but `check`, in one word.
    fn data(&self) -> u64 {
        u64::from(self.check_hi)
            | u64::from(self.score as u16) << 16
            | u64::from(self.mv) << 32
            | u64::from(self.depth) << 48
            | u64::from(self.flags) << 56
    }
    fn from_parts(check: u32, data: u64) -> Entry {
        Entry {
            check,
            check_hi: data as u16,
            score: (data >> 16) as u16 as i16,
            mv: (data >> 32) as u16,
            depth: (data >> 48) as u8,
            flags: (data >> 56) as u8,
        }
    }
}

const WAYS: usize = 5;

/// One cache line of entries: each entry is a 32-bit check and a 64-bit
/// word, both atomic, so that the threads of one search share the table
/// without locks. Two threads writing one slot at once may leave a check
/// of one and a word of the other; the word carries 16 more bits of the
/// key, and a move index is checked against the move list before use,
/// so such a torn entry is (almost always) a miss and never an error.
#[derive(Debug, Default)]
#[repr(C, align(64))]
struct Bucket {
    data: [AtomicU64; WAYS],
    check: [AtomicU32; WAYS],
    _pad: u32,
}

const _: () = assert!(size_of::<Bucket>() == 64);

impl Bucket {
    #[inline(always)]
    fn get(&self, i: usize) -> Entry {
        Entry::from_parts(
            self.check[i].load(Ordering::Relaxed),
            self.data[i].load(Ordering::Relaxed),
        )
    }
    #[inline(always)]
    fn set(&self, i: usize, e: &Entry) {
        self.check[i].store(e.check, Ordering::Relaxed);
        self.data[i].store(e.data(), Ordering::Relaxed);
    }
    fn clear(&self) {
        for i in 0..WAYS {
            self.set(i, &Entry::default());
        }
    }
}

/// What a probe found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Hit {
    /// The stored score (mate scores relative to the probing node).
    pub score: i32,
    /// Index of the best move in the generated list, if one was stored.
    pub mv: Option<usize>,
    /// Remaining depth of the search that stored it.
    pub depth: i32,
    /// What the score means.
    pub bound: Bound,
}

/// The entries of a bucket as read at the start of a store.
struct Snapshot {
    e: [Entry; WAYS],
}

/// Asks Linux to back the buckets `buckets` has room for with huge
/// pages (2 MiB) where it can; call it before the first write, while no
/// page of them is mapped yet. A probe lands on a random bucket, so with
/// 4 KiB pages nearly every probe of a large table also misses the
/// processor's page-translation cache; with huge pages it mostly does
/// not. On this machine, whose kernel gives huge pages only to memory
/// that asks for them (`transparent_hugepage` set to `madvise`), `dama
/// bench --variant czech --depth 18` ran 5 % faster with `--hash 64` and
/// 18 % with `--hash 256` (README, "Speed"). Elsewhere, and where the
/// kernel says no, nothing changes.
#[cfg(target_os = "linux")]
#[allow(unsafe_code)]
fn huge_pages(buckets: &Vec<Bucket>) {
    const HUGE: usize = 2 << 20;
    let addr = buckets.as_ptr() as usize;
    let len = buckets.capacity() * size_of::<Bucket>();
    let start = addr.next_multiple_of(HUGE);
    let end = (addr + len) / HUGE * HUGE;
    if end > start {
        // SAFETY: the range lies inside the vector's allocation;
        // MADV_HUGEPAGE changes neither its contents nor who may use it,
        // only the size of the pages the kernel backs it with. The call
        // fails harmlessly (its result is ignored) where huge pages are
        // off.
        unsafe {
            libc::madvise(start as *mut libc::c_void, end - start, libc::MADV_HUGEPAGE);
        }
    }
}

#[cfg(not(target_os = "linux"))]
fn huge_pages(_buckets: &Vec<Bucket>) {}

/// A prefetch hint for one bucket (x86-64: `prefetcht0`): the processor
/// may start bringing the bucket's cache line in, and the program goes
/// on without waiting. A hint only: it writes nothing and cannot fault,
/// whatever the address. A bucket is one aligned cache line, so one hint
/// covers a whole probe.
#[cfg(target_arch = "x86_64")]
#[allow(unsafe_code)]
#[inline(always)]
fn prefetch(bucket: &Bucket) {
    use std::arch::x86_64::{_mm_prefetch, _MM_HINT_T0};
    // SAFETY: the intrinsic needs SSE, which every x86-64 processor has
    // (it is in the target's baseline); a prefetch never faults, and the
    // pointer comes from a live reference besides.
    unsafe { _mm_prefetch::<_MM_HINT_T0>((bucket as *const Bucket).cast::<i8>()) }
}

#[cfg(not(target_arch = "x86_64"))]
#[inline(always)]
fn prefetch(_bucket: &Bucket) {}

/// A fixed-size transposition table, shared by the threads of a search.
pub struct Table {
    buckets: Vec<Bucket>,
    generation: AtomicU8,
}

impl Table {
    /// A table of `mb` MiB (at least one bucket). If the memory cannot
    /// be had, the table halves until it can.
    pub fn new(mb: usize) -> Self {
        let mut n = (mb.saturating_mul(1 << 20) / size_of::<Bucket>()).max(1);
        let mut buckets = Vec::new();
        while buckets.try_reserve_exact(n).is_err() && n > 1 {
            n /= 2;
        }
        // Before the first write, while no page of it is mapped yet.
        huge_pages(&buckets);
        buckets.resize_with(n, Bucket::default);
        Table {
            buckets,
            generation: AtomicU8::new(0),
        }
    }

    /// Size in MiB (rounded down to whole MiB).
    pub fn size_mb(&self) -> usize {
        (self.buckets.len() * size_of::<Bucket>()) >> 20
    }

    /// Empties the table.
    pub fn clear(&mut self) {
        for b in &self.buckets {
            b.clear();
        }
        self.generation.store(0, Ordering::Relaxed);
    }

    /// Marks the start of a new search (older entries age).
    pub fn new_search(&mut self) {
        let g = self.generation.load(Ordering::Relaxed);
        self.generation.store((g + 1) & 63, Ordering::Relaxed);
    }

    #[inline(always)]
    fn index(&self, key: u64) -> usize {
        ((key as u128 * self.buckets.len() as u128) >> 64) as usize
    }

    /// Asks the processor to start loading the bucket of `key` into its
    /// cache, without waiting for it: a child's key is known a little
    /// before the child's search probes it, and a bucket is most often a
    /// miss in every cache (the probe's first read was a fifth of the
    /// search's time at bench depth 18).
    #[inline(always)]
    pub fn prefetch(&self, key: u64) {
        prefetch(&self.buckets[self.index(key)]);
    }

    /// Looks a key up.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Hit> {
        let b = &self.buckets[self.index(key)];
        let (check, check_hi) = (key as u32, (key >> 32) as u16);
        for i in 0..WAYS {
            let e = b.get(i);
            if e.check == check && e.check_hi == check_hi && e.flags & 3 != 0 {
                let bound = match e.flags & 3 {
                    1 => Bound::Upper,
                    2 => Bound::Lower,
                    _ => Bound::Exact,
                };
                return Some(Hit {
                    score: e.score as i32,
                    mv: (e.mv != 0).then(|| e.mv as usize - 1),
                    depth: e.depth as i32,
                    bound,
                });
            }
        }
        None
    }

    /// Stores a result. `mv` is the best move's index in the generated
    /// list; scores must fit in `i16` (the search's scores do).
    #[inline]
    pub fn store(&self, key: u64, score: i32, mv: Option<usize>, depth: i32, bound: Bound) {
        let generation = self.generation.load(Ordering::Relaxed);
        let bucket = &self.buckets[self.index(key)];
        let b = Snapshot {
            e: std::array::from_fn(|i| bucket.get(i)),
        };
        let (check, check_hi) = (key as u32, (key >> 32) as u16);
        let age = |e: &Entry| (generation.wrapping_sub(e.flags >> 2) & 63) as i32;
        let same = |e: &Entry| e.check == check && e.check_hi == check_hi && e.flags & 3 != 0;
        let slot = match b.e.iter().position(same) {
            Some(i) => i,
            None => {
                let mut slot = 0;
                let mut worst = i32::MAX;
                for (i, e) in b.e.iter().enumerate() {
                    if e.flags & 3 == 0 {
                        slot = i;
                        break;
                    }
                    let worth = e.depth as i32 - 8 * age(e);
                    if worth < worst {
                        worst = worth;
                        slot = i;
                    }
                }
                slot
            }
        };
        let mut e = b.e[slot];
        let depth = depth.clamp(0, 255);
        if same(&e) && age(&e) == 0 && bound != Bound::Exact && (e.depth as i32) > depth + 2 {
            // A deeper result of this search: keep it, but learn the move.
            if let Some(m) = mv {
                e.mv = (m + 1).min(u16::MAX as usize) as u16;
                bucket.set(slot, &e);
            }
            return;
        }
        let keep_move = same(&e) && mv.is_none();
        let new = Entry {
            check,
            score: score.clamp(i16::MIN as i32, i16::MAX as i32) as i16,
            check_hi,
            mv: if keep_move {
                e.mv
            } else {
                mv.map_or(0, |m| (m + 1).min(u16::MAX as usize) as u16)
            },
            depth: depth as u8,
            flags: (generation << 2) | bound as u8,
        };
        bucket.set(slot, &new);
    }

    /// Permille of the first thousand entries written by the current search.
    pub fn hashfull(&self) -> u32 {
        let n = self.buckets.len().min(200);
        let generation = self.generation.load(Ordering::Relaxed);
        let mut used = 0;
        let mut total = 0;
        for b in &self.buckets[..n] {
            for i in 0..WAYS {
                let e = b.get(i);
                total += 1;
                if e.flags & 3 != 0 && e.flags >> 2 == generation {
                    used += 1;
                }
            }
        }
        (used * 1000 / total.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stores_and_finds() {
        let mut t = Table::new(1);
        t.new_search();
        t.store(0x1234_5678_9abc_def0, -150, Some(3), 7, Bound::Lower);
        let h = t.probe(0x1234_5678_9abc_def0).expect("stored");
        assert_eq!(
            h,
            Hit {
                score: -150,
                mv: Some(3),
                depth: 7,
                bound: Bound::Lower
            }
        );
        assert_eq!(t.probe(0x1234_5678_9abc_def1), None);
        // Same low bits, other high bits: another position.
        assert_eq!(t.probe(0x1234_5679_9abc_def0), None);
        t.clear();
        assert_eq!(t.probe(0x1234_5678_9abc_def0), None);
    }

    #[test]
    fn full_bucket_replaces_the_shallowest() {
        // A one-bucket table: every key lands in it.
        let t = Table {
            buckets: vec![Bucket::default()],
            generation: AtomicU8::new(1),
        };
        for i in 0..WAYS as u64 {
            t.store(i + 1, 0, None, 10 + i as i32, Bound::Exact);
        }
        t.store(100, 0, None, 3, Bound::Exact);
        assert!(t.probe(100).is_some());
        assert!(t.probe(1).is_none(), "depth 10 was the least worth");
        assert!(t.probe(2).is_some());
        assert_eq!(t.hashfull(), 1000);
    }
}
