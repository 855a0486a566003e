//! Region patterns of the dark 8×8 board: the men of a 4×4 corner of
//! the board read as one number, and a learned worth for each number.
//!
//! Why patterns: a linear evaluation gives each man a worth by its
//! square, alone. What decides a draughts middle game is how men stand
//! together — a man backed up or hanging, a hole in a formation, two men
//! that hold three, a wing locked by the opponent. A 4×4 window holds 8
//! playable squares, each empty, an own man or an opponent's man: 3⁸ =
//! 6561 arrangements, and a table gives each its worth, learned from
//! games (`dama tune --patterns`; `learn`). Nine windows (files from
//! `a`, `c`, `e`; ranks from 1, 3, 5) overlap by half and cover the
//! board, the way Scan reads the 10×10 board.
//!
//! Kings are not in the patterns: they move too far for a local shape to
//! say much, and the material and square terms have them.
//!
//! Each window is read twice, once from each side: White's men as own
//! on the board as it stands, and Black's men as own on the board turned
//! half round (which on this bit layout is reversing the 35 bits). One
//! table serves both sides, so the evaluation is symmetric by
//! construction and each side's games teach the same numbers.
//!
//! The bit layout makes reading a window cheap: the dark squares of four
//! adjacent files in one rank are two adjacent bits
//! ([`crate::geometry`]: rows of four, a ghost bit after every second
//! row), so a window is four 2-bit slices, and its two 8-bit masks (own,
//! opponent) turn into the base-3 number through one small table.

use crate::bitboard::Bits;
use crate::geometry::{Dark8x8, Geometry};
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::rules::Rules;

/// Number of windows on the board.
pub const WINDOWS: usize = 9;
/// Arrangements of a window's 8 squares (empty, own man, opponent's man).
pub const STATES: usize = 6561;
/// Number of pattern weights: one per window and arrangement.
pub const LEN: usize = WINDOWS * STATES;

/// Bits of the dark 8×8 layout (32 squares and 3 ghosts).
const BITS: u32 = 35;

/// The first bit of each of a window's four ranks: window `w` covers
/// files `2 (w % 3)` to `2 (w % 3) + 3` and ranks `2 (w / 3)` to
/// `2 (w / 3) + 3`; in each rank its two dark squares are the bits `o`
/// and `o + 1`.
const OFFSETS: [[u32; 4]; WINDOWS] = offsets();

const fn offsets() -> [[u32; 4]; WINDOWS] {
    let mut t = [[0u32; 4]; WINDOWS];
    let mut w = 0;
    while w < WINDOWS {
        let (file0, rank0) = (2 * (w % 3) as u32, 2 * (w / 3) as u32);
        let mut j = 0;
        while j < 4 {
            let r = rank0 + j as u32;
            // A rank's four squares sit right to left from bit
            // 9 (r / 2) + 4 (r % 2); files f..f+3 hold the two at
            // positions 2 - f/2 and 3 - f/2 of those four.
            t[w][j] = 9 * (r / 2) + 4 * (r % 2) + (2 - file0 / 2);
            j += 1;
        }
        w += 1;
    }
    t
}

/// The base-3 number of an 8-bit mask (bit `i` worth 3^i).
const TERNARY: [u16; 256] = ternary();

const fn ternary() -> [u16; 256] {
    let mut t = [0u16; 256];
    let mut m = 0;
    while m < 256 {
        let (mut v, mut p, mut i) = (0u16, 1u16, 0);
        while i < 8 {
            if m & (1 << i) != 0 {
                v += p;
            }
            p *= 3;
            i += 1;
        }
        t[m] = v;
        m += 1;
    }
    t
}

/// The 8-bit mask of window `w` in the set `v`: square `2 j + k` of the
/// window is bit `k` of its rank `j`.
#[inline(always)]
fn mask(v: u64, w: usize) -> usize {
    let o = &OFFSETS[w];
    (((v >> o[0]) & 3)
        | (((v >> o[1]) & 3) << 2)
        | (((v >> o[2]) & 3) << 4)
        | (((v >> o[3]) & 3) << 6)) as usize
}

/// The set `v` turned half round the board (square (f, r) to
/// (7 − f, 7 − r)): bit `b` goes to bit `34 − b`, ghosts to ghosts.
#[inline(always)]
pub fn rotate(v: u64) -> u64 {
    v.reverse_bits() >> (64 - BITS)
}

/// The arrangement of each window, with `own` men as own and `opp` men as
/// the opponent's: `STATES` numbers, own men counted once and the
/// opponent's twice in each square's base-3 digit.
#[inline(always)]
pub fn arrangements(own: u64, opp: u64) -> [u16; WINDOWS] {
    let mut out = [0u16; WINDOWS];
    for (w, a) in out.iter_mut().enumerate() {
        *a = TERNARY[mask(own, w)] + 2 * TERNARY[mask(opp, w)];
    }
    out
}

/// Both sides' arrangements of a position: White's on the board as it
/// stands, Black's on the board turned half round.
#[inline(always)]
pub fn views<R: Rules>(pos: &Position<R>) -> [[u16; WINDOWS]; 2] {
    debug_assert!(
        R::Geo::BOARD == Dark8x8::BOARD,
        "patterns need the dark 8×8 board"
    );
    let white = pos.pieces(Color::White, Kind::Man).to_u128() as u64;
    let black = pos.pieces(Color::Black, Kind::Man).to_u128() as u64;
    [
        arrangements(white, black),
        arrangements(rotate(black), rotate(white)),
    ]
}

/// A table of pattern worths (hundredths of a man), window by window,
/// as kept in the crate: one signed byte a weight.
#[derive(Clone, Copy)]
pub struct Table(pub &'static [u8; LEN]);

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let used = self.0.iter().filter(|&&b| b != 0).count();
        write!(f, "Table({used} of {LEN} weights set)")
    }
}

impl Table {
    /// The worth of arrangement `a` of window `w`.
    #[inline(always)]
    pub fn get(&self, w: usize, a: u16) -> i32 {
        self.0[w * STATES + a as usize] as i8 as i32
    }

    /// The patterns' part of the evaluation, from White's side.
    #[inline]
    pub fn score<R: Rules>(&self, pos: &Position<R>) -> i32 {
        let [white, black] = views(pos);
        let mut s = 0;
        for w in 0..WINDOWS {
            s += self.get(w, white[w]) - self.get(w, black[w]);
        }
        s
    }

    /// The table as signed numbers.
    pub fn to_vec(&self) -> Vec<i8> {
        self.0.iter().map(|&b| b as i8).collect()
    }
}

/// The arrangement of a window seen from the other side: the board
/// turned half round (square `i` of the window to square `7 − i` of the
/// opposite window) and own and opponent's men swapped.
const fn other_side(a: usize) -> usize {
    let (mut a, mut out, mut i) = (a, 0, 0);
    let mut p = [1usize; 8];
    while i < 7 {
        p[i + 1] = p[i] * 3;
        i += 1;
    }
    i = 0;
    while i < 8 {
        let d = a % 3;
        a /= 3;
        out += [0, 2, 1][d] * p[7 - i];
        i += 1;
    }
    out
}

/// The table folded for play, at `percent` of its worth: both sides'
/// reads of each region of the board in one number (entry `w × STATES +
/// a`: White's arrangement `a` of region `w`, less what Black's read of
/// the same region is worth), so the evaluation reads each region once,
/// without turning the board ([`score_folded`]).
pub fn fold(t: &Table, percent: i32) -> Box<[i16]> {
    let mut out = vec![0i16; LEN].into_boxed_slice();
    for w in 0..WINDOWS {
        for a in 0..STATES {
            let v = t.get(w, a as u16) - t.get(WINDOWS - 1 - w, other_side(a) as u16);
            out[w * STATES + a] = (v * percent / 100) as i16;
        }
    }
    out
}

/// The patterns' part of the evaluation from White's side by a folded
/// table ([`fold`]): the same as [`Table::score`] at 100 %.
#[inline(always)]
pub fn score_folded<R: Rules>(folded: &[i16], pos: &Position<R>) -> i32 {
    let white = pos.pieces(Color::White, Kind::Man).to_u128() as u64;
    let black = pos.pieces(Color::Black, Kind::Man).to_u128() as u64;
    let mut s = 0;
    for w in 0..WINDOWS {
        let a = TERNARY[mask(white, w)] as usize + 2 * TERNARY[mask(black, w)] as usize;
        s += folded[w * STATES + a] as i32;
    }
    s
}

/// Writes pattern worths in the crate's form: one signed byte each,
/// rounded and clamped to −127 ..= 127.
pub fn to_bytes(weights: &[f64]) -> Vec<u8> {
    weights
        .iter()
        .map(|&x| (x.round().clamp(-127.0, 127.0) as i8) as u8)
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::rules::czech::Czech;
    use crate::square::Square;

    /// The offsets read the squares they say: window `w`, rank `j`, the
    /// dark squares of its four files.
    #[test]
    fn windows_cover_their_squares() {
        let mut seen = 0u64;
        for (w, offsets) in OFFSETS.iter().enumerate() {
            let (file0, rank0) = (2 * (w % 3) as u8, 2 * (w / 3) as u8);
            for j in 0..4u8 {
                let mut want = 0u64;
                for f in file0..file0 + 4 {
                    if let Some(b) = Square::new(f, rank0 + j).and_then(Dark8x8::single) {
                        want |= b;
                    }
                }
                let o = offsets[j as usize];
                assert_eq!(want, 3 << o, "window {w} rank {j}");
                seen |= want;
            }
        }
        assert_eq!(seen, Dark8x8::ALL, "the windows cover the board");
    }

    #[test]
    fn rotation_turns_the_board() {
        for f in 0..8u8 {
            for r in 0..8u8 {
                let (Some(a), Some(b)) = (
                    Square::new(f, r).and_then(Dark8x8::single),
                    Square::new(7 - f, 7 - r).and_then(Dark8x8::single),
                ) else {
                    continue;
                };
                assert_eq!(rotate(a), b);
            }
        }
        assert_eq!(rotate(Dark8x8::ALL), Dark8x8::ALL);
    }

    #[test]
    fn arrangements_are_base_three() {
        // One own man on the window's first square, an opponent's on its
        // last: 1 + 2 × 3⁷.
        let own = 1u64 << OFFSETS[4][0];
        let opp = 2u64 << OFFSETS[4][3];
        assert_eq!(arrangements(own, opp)[4], 1 + 2 * 2187);
        assert_eq!(arrangements(0, 0), [0; WINDOWS]);
        assert_eq!(arrangements(Dark8x8::ALL, 0), [STATES as u16 / 2; WINDOWS]);
        assert!(Dark8x8::ALL.count() == 32);
    }

    /// `pos` turned half round with the colours (and the side to move)
    /// swapped: the same position seen from the other side.
    fn mirror(pos: &Position<Czech>) -> Position<Czech> {
        let pieces = pos.piece_list().into_iter().map(|(sq, p)| {
            let sq = Square::new(7 - sq.file(), 7 - sq.rank()).expect("on the board");
            let p = crate::piece::Piece {
                color: !p.color,
                kind: p.kind,
            };
            (sq, p)
        });
        Position::from_pieces(!pos.side(), pieces).expect("a mirrored position")
    }

    /// Turning the board and swapping the colours swaps the views, so
    /// any table scores the mirrored position as the negation.
    #[test]
    fn the_score_is_symmetric() {
        static BYTES: [u8; LEN] = {
            let mut t = [0u8; LEN];
            let mut i = 0;
            while i < LEN {
                t[i] = ((i * 7919) % 255) as u8;
                i += 1;
            }
            t
        };
        let table = Table(&BYTES);
        let folded = fold(&table, 100);
        for pos in crate::testkit::random_positions::<Czech>(5, 60, 300) {
            let mirrored = mirror(&pos);
            assert_eq!(table.score(&pos), -table.score(&mirrored), "{pos}");
            assert_eq!(score_folded(&folded, &pos), table.score(&pos), "{pos}");
            let [w, b] = views(&pos);
            assert_eq!(views(&mirrored), [b, w]);
        }
    }

    #[test]
    fn the_other_side_turns_and_swaps() {
        // Own man on square 0, opponent's on square 6 → opponent's man on
        // square 7, own on square 1.
        assert_eq!(other_side(1 + 2 * 729), 2 * 2187 + 3);
        for a in [0, 1, 100, 4000, STATES - 1] {
            assert_eq!(other_side(other_side(a)), a);
        }
    }

    #[test]
    fn bytes_round_and_clamp() {
        assert_eq!(
            to_bytes(&[0.4, -1.6, 300.0, -300.0]),
            vec![0, 254, 127, 129]
        );
    }
}
