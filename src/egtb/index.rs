//! Material slices and the index of a position inside its slice.
//!
//! A database position is a [`Board`]: four sets over the 32 dark
//! squares, *always with White to move*. A position with Black to move
//! is turned into one with White to move by [`Board::flip`]: the board
//! turned half round (`a1` ↔ `h8`) and the colours swapped. Czech
//! draughts is the same game after that turn (men still move towards
//! the opponent, the main diagonal `a1`–`h8` maps onto itself, so the
//! endgame limits' diagonal condition is kept), so one table per material
//! serves both sides to move and the databases are half the size.
//!
//! The squares are numbered 0–31 in the crate's dark-square order (rows
//! of four from `a1`'s row up, right to left in each row); the half turn
//! is then simply the reversal of the 32 bits.
//!
//! Inside a slice (one [`Material`]) the index is men first, then kings:
//! White's men as a combination of the 28 squares a white man can stand
//! on (not rank 8), Black's men likewise (not rank 1), then White's kings
//! as a combination of the squares the men leave free, then Black's kings
//! of the squares left after that. The men part wastes the few indices
//! where a white and a black man would share a square (they are marked
//! "broken" and never probed); the kings part is exact. Men first makes
//! every men configuration one contiguous range of indices, which is what
//! the generator works on (see [`super::generate`]).

use crate::bitboard::Bits;
use crate::geometry::{Dark8x8, Geometry};
use crate::piece::{Color, Kind, Piece};
use crate::position::Position;
use crate::rules::czech::Czech;
use std::fmt;

/// Binomial coefficients `C(n, k)` for `n` ≤ 32, `k` ≤ 7.
const BINOM: [[u64; 8]; 33] = {
    let mut t = [[0u64; 8]; 33];
    let mut n = 0;
    while n <= 32 {
        t[n][0] = 1;
        let mut k = 1;
        while k < 8 {
            t[n][k] = if n == 0 {
                0
            } else {
                t[n - 1][k - 1] + t[n - 1][k]
            };
            k += 1;
        }
        n += 1;
    }
    t
};

/// `C(n, k)`, zero when `k > n`.
#[inline(always)]
pub fn binom(n: u32, k: u32) -> u64 {
    if n > 32 || k > 7 {
        return 0;
    }
    BINOM[n as usize][k as usize]
}

/// Squares a white man can stand on (ranks 1–7).
const WHITE_MAN_SQUARES: u32 = 0x0FFF_FFFF;
/// Squares a black man can stand on (ranks 2–8).
const BLACK_MAN_SQUARES: u32 = 0xFFFF_FFF0;

/// The crate's 35-bit Czech set of a 32-square set (a ghost bit after every 8).
#[inline(always)]
pub fn spread(x: u32) -> u64 {
    let x = x as u64;
    (x & 0xFF) | (x & 0xFF00) << 1 | (x & 0xFF_0000) << 2 | (x & 0xFF00_0000) << 3
}

/// The 32-square set of a 35-bit Czech set.
#[inline(always)]
pub fn squeeze(b: u64) -> u32 {
    ((b & 0xFF) | (b >> 1) & 0xFF00 | (b >> 2) & 0xFF_0000 | (b >> 3) & 0xFF00_0000) as u32
}

/// The neighbour of each square in the four diagonal directions
/// (NE, NW, SE, SW from White's side), or 32 for off the board.
pub fn neighbours() -> &'static [[u8; 4]; 32] {
    use crate::geometry::dir;
    use std::sync::OnceLock;
    static N: OnceLock<[[u8; 4]; 32]> = OnceLock::new();
    N.get_or_init(|| {
        let mut t = [[32u8; 4]; 32];
        for (d, row) in t.iter_mut().enumerate() {
            let bit = spread(1 << d).trailing_zeros();
            for (i, dd) in [dir::NE, dir::NW, dir::SE, dir::SW].into_iter().enumerate() {
                if let Some(n) = Dark8x8::next(bit, dd) {
                    row[i] = squeeze(1 << n).trailing_zeros() as u8;
                }
            }
        }
        t
    })
}

/// How many pieces of each kind each side has (White to move).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Material {
    /// White's kings.
    pub wk: u8,
    /// White's men.
    pub wm: u8,
    /// Black's kings.
    pub bk: u8,
    /// Black's men.
    pub bm: u8,
}

impl Material {
    /// Number of pieces on the board.
    pub fn pieces(self) -> u32 {
        u32::from(self.wk + self.wm + self.bk + self.bm)
    }
    /// Number of men on the board.
    pub fn men(self) -> u32 {
        u32::from(self.wm + self.bm)
    }
    /// The material seen from the other side (after [`Board::flip`]).
    pub fn swap(self) -> Material {
        Material {
            wk: self.bk,
            wm: self.bm,
            bk: self.wk,
            bm: self.wm,
        }
    }
    /// A small number for tables indexed by material (counts below 8).
    pub fn code(self) -> usize {
        ((usize::from(self.wk) * 8 + usize::from(self.wm)) * 8 + usize::from(self.bk)) * 8
            + usize::from(self.bm)
    }
    /// Whether an endgame limit (RULES.md §1, draw 3) applies to this
    /// material: one side has a lone king and the other at most three
    /// kings, or a king and a man. In such a slice every ply that does
    /// not change the material counts towards the limit, man moves too.
    pub fn has_limit(self) -> bool {
        let lone = |k: u8, m: u8| k == 1 && m == 0;
        let short = |k: u8, m: u8| matches!((k, m), (1..=3, 0) | (1, 1));
        (lone(self.bk, self.bm) && short(self.wk, self.wm))
            || (lone(self.wk, self.wm) && short(self.bk, self.bm))
    }
    /// Every material of `pieces` pieces with both sides on the board,
    /// kings and men up to 7 of each kind.
    pub fn all(pieces: u32) -> Vec<Material> {
        let mut v = Vec::new();
        let n = pieces.min(7) as u8;
        for wk in 0..=n {
            for wm in 0..=n - wk {
                for bk in 0..=n - wk - wm {
                    let bm = n - wk - wm - bk;
                    if wk + wm > 0 && bk + bm > 0 {
                        v.push(Material { wk, wm, bk, bm });
                    }
                }
            }
        }
        v
    }
    /// Reads a name such as `KKMvK` (White's pieces, `v`, Black's; `K` king, `M` man).
    pub fn parse(s: &str) -> Option<Material> {
        let (w, b) = s.split_once('v')?;
        let count = |t: &str| -> Option<(u8, u8)> {
            let (mut k, mut m) = (0u8, 0u8);
            for c in t.chars() {
                match c {
                    'K' => k = k.checked_add(1)?,
                    'M' => m = m.checked_add(1)?,
                    _ => return None,
                }
            }
            Some((k, m))
        };
        let (wk, wm) = count(w)?;
        let (bk, bm) = count(b)?;
        let mat = Material { wk, wm, bk, bm };
        // The bounds first: the sums after them cannot overflow then.
        (wk < 8 && wm < 8 && bk < 8 && bm < 8 && wk + wm > 0 && bk + bm > 0 && mat.pieces() <= 7)
            .then_some(mat)
    }
}

impl fmt::Display for Material {
    /// `KKMvK`: White's kings and men, `v`, Black's.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let side = |k: u8, m: u8| "K".repeat(k as usize) + &"M".repeat(m as usize);
        write!(f, "{}v{}", side(self.wk, self.wm), side(self.bk, self.bm))
    }
}

/// A position with White to move, on 32-square sets.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Board {
    /// White's men.
    pub wm: u32,
    /// White's kings.
    pub wk: u32,
    /// Black's men.
    pub bm: u32,
    /// Black's kings.
    pub bk: u32,
}

impl Board {
    /// The board of a position, turned with [`Board::flip`] when Black is to move.
    pub fn from_position(pos: &Position<Czech>) -> Board {
        let g = |c, k| squeeze(pos.pieces(c, k));
        let b = Board {
            wm: g(Color::White, Kind::Man),
            wk: g(Color::White, Kind::King),
            bm: g(Color::Black, Kind::Man),
            bk: g(Color::Black, Kind::King),
        };
        match pos.side() {
            Color::White => b,
            Color::Black => b.flip(),
        }
    }

    /// The position (White to move). Men on their last rank are not
    /// checked here: slices never hold them.
    pub fn to_position(&self) -> Position<Czech> {
        let mut p = Position::empty(Color::White);
        let sets = [
            (self.wm, Color::White, Kind::Man),
            (self.wk, Color::White, Kind::King),
            (self.bm, Color::Black, Kind::Man),
            (self.bk, Color::Black, Kind::King),
        ];
        for (set, color, kind) in sets {
            for b in spread(set).iter() {
                p.put(b, Piece { color, kind });
            }
        }
        p
    }

    /// The board turned half round with the colours swapped: the same
    /// position seen by the other player, who is now "White".
    #[inline(always)]
    pub fn flip(&self) -> Board {
        Board {
            wm: self.bm.reverse_bits(),
            wk: self.bk.reverse_bits(),
            bm: self.wm.reverse_bits(),
            bk: self.wk.reverse_bits(),
        }
    }

    /// Every occupied square.
    #[inline(always)]
    pub fn occupied(&self) -> u32 {
        self.wm | self.wk | self.bm | self.bk
    }

    /// The material.
    #[inline(always)]
    pub fn material(&self) -> Material {
        Material {
            wk: self.wk.count_ones() as u8,
            wm: self.wm.count_ones() as u8,
            bk: self.bk.count_ones() as u8,
            bm: self.bm.count_ones() as u8,
        }
    }
}

/// The colex rank of a set of `k` elements given in increasing order.
#[inline(always)]
fn colex(elems: impl Iterator<Item = u32>) -> u64 {
    elems.enumerate().map(|(i, e)| binom(e, i as u32 + 1)).sum()
}

/// The `k` elements (increasing) of colex rank `r`, as a bit set.
#[inline(always)]
fn uncolex(mut r: u64, k: u32) -> u32 {
    let mut set = 0u32;
    let mut hi = 32u32;
    for i in (1..=k).rev() {
        // The largest e < hi with C(e, i) <= r.
        let mut e = hi - 1;
        while binom(e, i) > r {
            e -= 1;
        }
        r -= binom(e, i);
        set |= 1 << e;
        hi = e;
    }
    set
}

/// The rank of each element of `set` among the squares of `free`, as a set of ranks.
#[inline(always)]
fn ranks_among(set: u32, free: u32) -> impl Iterator<Item = u32> {
    Bits::iter(set as u64).map(move |d| (free & ((1u32 << d) - 1)).count_ones())
}

/// The squares of `free` whose ranks among `free` are in `ranks`.
#[inline(always)]
fn select(ranks: u32, free: u32) -> u32 {
    let mut out = 0;
    let mut f = free;
    let mut i = 0;
    while f != 0 {
        let low = f & f.wrapping_neg();
        if ranks & (1 << i) != 0 {
            out |= low;
        }
        f ^= low;
        i += 1;
    }
    out
}

/// The index of one material slice.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Slice {
    /// The material.
    pub mat: Material,
    /// Positions per men configuration (the kings part).
    pub kings: u64,
    /// `C(28, black men)`.
    black_men: u64,
    /// Men configurations (including broken ones).
    pub men_configs: u64,
    /// Number of indices.
    pub size: u64,
}

impl Slice {
    /// The slice of `mat`.
    pub fn new(mat: Material) -> Slice {
        let men = mat.men();
        let free = 32 - men;
        let kings = binom(free, mat.wk.into()) * binom(free - u32::from(mat.wk), mat.bk.into());
        let black_men = binom(28, mat.bm.into());
        let men_configs = binom(28, mat.wm.into()) * black_men;
        Slice {
            mat,
            kings,
            black_men,
            men_configs,
            size: men_configs * kings,
        }
    }

    /// The men configuration's number of a board's men, `None` if a man
    /// stands where it cannot.
    #[inline(always)]
    pub fn men_index(&self, wm: u32, bm: u32) -> Option<u64> {
        if wm & !WHITE_MAN_SQUARES != 0 || bm & !BLACK_MAN_SQUARES != 0 {
            return None;
        }
        let w = colex(Bits::iter(wm as u64));
        let b = colex(Bits::iter((bm >> 4) as u64));
        Some(w * self.black_men + b)
    }

    /// The index of a board of this slice's material (`None` for a man
    /// on a square it cannot stand on).
    #[inline(always)]
    pub fn index(&self, b: &Board) -> Option<u64> {
        let men = self.men_index(b.wm, b.bm)?;
        let free = !(b.wm | b.bm);
        let wk = colex(ranks_among(b.wk, free));
        let free2 = free & !b.wk;
        let bk = colex(ranks_among(b.bk, free2));
        let n2 = free2.count_ones();
        Some(men * self.kings + wk * binom(n2, self.mat.bk.into()) + bk)
    }

    /// The men of a configuration: White's and Black's, or `None` when
    /// they would share a square.
    pub fn men(&self, config: u64) -> Option<(u32, u32)> {
        let wm = uncolex(config / self.black_men, self.mat.wm.into());
        let bm = uncolex(config % self.black_men, self.mat.bm.into()) << 4;
        (wm & bm == 0).then_some((wm, bm))
    }

    /// The board of an index, `None` for a broken index (men sharing a
    /// square) or one beyond the slice.
    pub fn board(&self, idx: u64) -> Option<Board> {
        if idx >= self.size {
            return None;
        }
        let (wm, bm) = self.men(idx / self.kings)?;
        let rest = idx % self.kings;
        let free = !(wm | bm);
        let n2 = free.count_ones() - u32::from(self.mat.wk);
        let per = binom(n2, self.mat.bk.into());
        let wk = select(uncolex(rest / per, self.mat.wk.into()), free);
        let bk = select(uncolex(rest % per, self.mat.bk.into()), free & !wk);
        Some(Board { wm, wk, bm, bk })
    }
}

/// How far the men have come: the sum of the ranks White's men have
/// climbed and Black's men have descended. Every man move raises it by
/// one, and [`Board::flip`] keeps it, so men configurations in falling
/// order of progress come after every configuration a man move leads to.
pub fn progress(wm: u32, bm: u32) -> u32 {
    let w: u32 = Bits::iter(wm as u64).map(|d| d / 4).sum();
    let b: u32 = Bits::iter(bm as u64).map(|d| 7 - d / 4).sum();
    w + b
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn index_round_trips() {
        for mat in Material::all(3).into_iter().chain(Material::all(4)) {
            let s = Slice::new(mat);
            let step = (s.size / 5000).max(1);
            let mut i = 0;
            while i < s.size {
                if let Some(b) = s.board(i) {
                    assert_eq!(b.material(), mat);
                    assert_eq!(b.occupied().count_ones(), mat.pieces());
                    assert_eq!(s.index(&b), Some(i), "{mat} {i}");
                }
                i += step;
            }
        }
    }

    #[test]
    fn flip_is_the_half_turn() {
        let pos: Position<Czech> = "W:WKa1,c3:Bh8,Kb6".parse().unwrap();
        let b = Board::from_position(&pos);
        assert_eq!(b.to_position().to_string(), pos.to_string());
        let f = b.flip().to_position();
        let want: Position<Czech> = "W:Wa1,Kg3:BKh8,f6".parse().unwrap();
        assert_eq!(f, want);
        let black: Position<Czech> = "B:WKa1,c3:Bh8,Kb6".parse().unwrap();
        assert_eq!(Board::from_position(&black), b.flip());
    }

    #[test]
    fn names_and_limits() {
        let m = Material::parse("KKMvK").unwrap();
        assert_eq!((m.wk, m.wm, m.bk, m.bm), (2, 1, 1, 0));
        assert_eq!(m.to_string(), "KKMvK");
        assert!(Material::parse("vK").is_none());
        assert!(Material::parse("KXvK").is_none());
        assert!(Material::parse("KKKvK").unwrap().has_limit());
        assert!(Material::parse("KvKM").unwrap().has_limit());
        assert!(!Material::parse("KKMvK").unwrap().has_limit());
        assert!(!Material::parse("MvK").unwrap().has_limit());
        assert!(!Material::parse("KKKKvK").unwrap().has_limit());
    }
}
