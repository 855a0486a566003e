//! Region patterns of the boards of one colour: the men of a 4×4 corner
//! of the board read as one number, and a learned worth for each number.
//!
//! Why patterns: a linear evaluation gives each man a worth by its
//! square, alone. What decides a draughts middle game is how men stand
//! together — a man backed up or hanging, a hole in a formation, two men
//! that hold three, a wing locked by the opponent. A 4×4 window holds 8
//! playable squares, each empty, an own man or an opponent's man: 3⁸ =
//! 6561 arrangements, and a table gives each its worth, learned from
//! games (`dama tune --patterns`; `learn`). Windows from every second
//! file and rank overlap by half and cover the board: nine on 8×8 (files
//! from `a`, `c`, `e`; ranks from 1, 3, 5), sixteen on 10×10, the way
//! Scan reads the 10×10 board.
//!
//! Kings are not in the patterns: they move too far for a local shape to
//! say much, and the material and square terms have them.
//!
//! A table may come in two phases ([`Table::phases`]): the worths of a
//! full board and those of an ending, read at a blend set by the number
//! of pieces left ([`Layout::phase`]). A formation that holds the centre
//! with twenty men on the board may be a weakness with eight, when the
//! men that backed it are gone and a king can reach its holes. The two
//! worths of an arrangement are folded into one 32-bit number for play
//! ([`fold`]), so the phases cost one blend per evaluation, not a second
//! read of the windows.
//!
//! A table of two phases may also come twice, by who is to move
//! ([`Table::movers`]): the worths for the side whose turn it is, then
//! for the side that waits. The evaluation is read at quiet positions
//! only, but a quiet position is not a still one: a man the opponent
//! can attack at once, or the spare tempo in a locked wing, is worth
//! one thing to the side that moves next and another to the side that
//! must wait. Folded for play, such a table is two tables, one for each
//! side to move, so it still costs one read a window.
//!
//! Each window is read twice, once from each side: White's men as own
//! on the board as it stands, and Black's men as own on the board turned
//! half round (which on this bit layout is reversing the layout's bits:
//! 35 on 8×8, 54 on 10×10). One table serves both sides, so the
//! evaluation is symmetric by construction and each side's games teach
//! the same numbers.
//!
//! The bit layout makes reading a window cheap: the dark squares of four
//! adjacent files in one rank are two adjacent bits
//! ([`crate::geometry`]: rows of the rank's dark squares, a ghost bit
//! after every second row), so a window is four 2-bit slices, and its
//! two 8-bit masks (own, opponent) turn into the base-3 number through
//! one small table.

use crate::bitboard::Bits;
use crate::geometry::{Board, Geometry, Squares};
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::rules::Rules;

/// Most windows a board has (the 10×10 board: 4 × 4).
pub const MAX_WINDOWS: usize = 16;
/// Arrangements of a window's 8 squares (empty, own man, opponent's man).
pub const STATES: usize = 6561;
/// The number of pieces on the board at and below which a two-phase
/// table reads its ending's worths alone.
pub const ENDGAME_PIECES: i32 = 6;

/// Where a board's windows lie: 4×4 windows from every second file and
/// rank, so they overlap by half (9 on 8×8, 16 on 10×10), numbered rank
/// by rank from White's left corner, so that the board turned half round
/// takes window `w` to window `windows − 1 − w`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Layout {
    /// Number of windows.
    pub windows: usize,
    /// Pieces on the board at the start (three or four full ranks of
    /// men a side): the full board of a two-phase table.
    full: i32,
    /// Bits the board's layout spans (turning the board reverses them).
    bits: u32,
    /// The first bit of each of a window's four ranks: in each rank the
    /// window's two dark squares are the bits `o` and `o + 1`.
    offsets: [[u32; 4]; MAX_WINDOWS],
}

impl Layout {
    /// The windows of a board of one colour that fits 64 bits (no
    /// windows on any other).
    pub const fn of(b: Board) -> Layout {
        let mut l = Layout {
            windows: 0,
            full: (b.ranks as i32 / 2 - 1) * b.files as i32,
            bits: b.bits(),
            offsets: [[0; 4]; MAX_WINDOWS],
        };
        if matches!(b.squares, Squares::All) || b.files < 4 || b.ranks < 4 || b.bits() > 64 {
            return l;
        }
        let (nf, nr) = ((b.files as usize - 2) / 2, (b.ranks as usize - 2) / 2);
        if nf * nr > MAX_WINDOWS {
            return l;
        }
        let mut w = 0;
        while w < nf * nr {
            let (file0, rank0) = (2 * (w % nf) as i32, 2 * (w / nf) as i32);
            let mut j = 0;
            while j < 4 {
                // The rank's two dark squares among the window's files
                // are neighbours in the layout (rows of squares).
                let (mut lo, mut hi) = (i32::MAX, -1);
                let mut f = file0;
                while f < file0 + 4 {
                    let x = b.bit(f, rank0 + j as i32);
                    if x >= 0 {
                        if x < lo {
                            lo = x;
                        }
                        if x > hi {
                            hi = x;
                        }
                    }
                    f += 1;
                }
                assert!(hi == lo + 1, "a window's rank is two neighbouring bits");
                l.offsets[w][j] = lo as u32;
                j += 1;
            }
            w += 1;
        }
        l.windows = nf * nr;
        l
    }

    /// Number of pattern weights: one per window and arrangement.
    pub const fn len(&self) -> usize {
        self.windows * STATES
    }

    /// Whether the board has no windows.
    pub const fn is_empty(&self) -> bool {
        self.windows == 0
    }

    /// The steps of the blend between a two-phase table's worths: from
    /// the full board ([`Layout::phase`] 0) down to [`ENDGAME_PIECES`]
    /// (all the ending's); at least one on any board.
    pub const fn phase_steps(&self) -> i32 {
        if self.full > ENDGAME_PIECES {
            self.full - ENDGAME_PIECES
        } else {
            1
        }
    }

    /// How far a board with `pieces` on it is into the ending, from 0 (a
    /// full board or more) to [`Layout::phase_steps`].
    #[inline(always)]
    pub const fn phase(&self, pieces: i32) -> i32 {
        let p = self.full - pieces;
        if p < 0 {
            0
        } else if p > self.phase_steps() {
            self.phase_steps()
        } else {
            p
        }
    }

    /// [`Layout::phase`] as a share from 0 to 1 (what the tuner blends
    /// with).
    pub fn phase_share(&self, pieces: i32) -> f32 {
        self.phase(pieces) as f32 / self.phase_steps() as f32
    }

    /// The blend of a full board's worth `full` and an ending's `end`
    /// `phase` steps into the ending (rounded towards 0).
    #[inline(always)]
    pub const fn blend(&self, full: i32, end: i32, phase: i32) -> i32 {
        (full * (self.phase_steps() - phase) + end * phase) / self.phase_steps()
    }

    /// The 8-bit mask of window `w` in the set `v`: square `2 j + k` of
    /// the window is bit `k` of its rank `j`.
    #[inline(always)]
    fn mask(&self, v: u64, w: usize) -> usize {
        let o = &self.offsets[w];
        (((v >> o[0]) & 3)
            | (((v >> o[1]) & 3) << 2)
            | (((v >> o[2]) & 3) << 4)
            | (((v >> o[3]) & 3) << 6)) as usize
    }

    /// The set `v` turned half round the board (square (f, r) to the
    /// opposite corner's (files − 1 − f, ranks − 1 − r)): the layout's
    /// bits reversed, ghosts to ghosts.
    #[inline(always)]
    pub fn rotate(&self, v: u64) -> u64 {
        v.reverse_bits() >> (64 - self.bits)
    }

    /// The arrangement of each window, with `own` men as own and `opp`
    /// men as the opponent's: `STATES` numbers, own men counted once and
    /// the opponent's twice in each square's base-3 digit (windows past
    /// [`Layout::windows`] read 0).
    #[inline(always)]
    pub fn arrangements(&self, own: u64, opp: u64) -> [u16; MAX_WINDOWS] {
        let mut out = [0u16; MAX_WINDOWS];
        for (w, a) in out.iter_mut().enumerate().take(self.windows) {
            *a = TERNARY[self.mask(own, w)] + 2 * TERNARY[self.mask(opp, w)];
        }
        out
    }
}

/// The windows of a geometry, computed at compile time.
pub trait Regions {
    /// The board's windows.
    const LAYOUT: Layout;
}

impl<G: Geometry> Regions for G {
    const LAYOUT: Layout = Layout::of(G::BOARD);
}

/// The windows of game `R`'s board.
pub const fn layout<R: Rules>() -> Layout {
    <R::Geo as Regions>::LAYOUT
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

/// Both sides' arrangements of a position: White's on the board as it
/// stands, Black's on the board turned half round.
#[inline(always)]
pub fn views<R: Rules>(pos: &Position<R>) -> [[u16; MAX_WINDOWS]; 2] {
    let l = layout::<R>();
    if l.is_empty() {
        return [[0; MAX_WINDOWS]; 2];
    }
    let white = pos.pieces(Color::White, Kind::Man).to_u128() as u64;
    let black = pos.pieces(Color::Black, Kind::Man).to_u128() as u64;
    [
        l.arrangements(white, black),
        l.arrangements(l.rotate(black), l.rotate(white)),
    ]
}

/// A table of pattern worths (hundredths of a man), window by window,
/// as kept in the crate: one signed byte a weight, [`Layout::len`] of
/// them for the board it is made for, twice as many for a table of
/// two phases (the full board's worths, then the ending's), or four
/// times as many for two phases by who is to move (those of the side to
/// move, then those of the side that waits).
#[derive(Clone, Copy)]
pub struct Table(pub &'static [u8]);

impl std::fmt::Debug for Table {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let used = self.0.iter().filter(|&&b| b != 0).count();
        write!(f, "Table({used} of {} weights set)", self.0.len())
    }
}

impl Table {
    /// Whether the table fits layout `l`: one phase, two, or two by
    /// who is to move.
    pub const fn fits(&self, l: &Layout) -> bool {
        let n = self.0.len();
        !l.is_empty() && (n == l.len() || n == 2 * l.len() || n == 4 * l.len())
    }

    /// Its phases on layout `l`: 1 (one worth for the whole game) or 2
    /// (the full board's and the ending's).
    pub const fn phases(&self, l: &Layout) -> usize {
        if self.0.len() >= 2 * l.len() {
            2
        } else {
            1
        }
    }

    /// Its movers on layout `l`: 1 (the same worths whoever is to
    /// move) or 2 (two phases for the side to move, then two for the
    /// side that waits).
    pub const fn movers(&self, l: &Layout) -> usize {
        if self.0.len() == 4 * l.len() {
            2
        } else {
            1
        }
    }

    /// The worth of arrangement `a` of window `w` in phase `phase` (0:
    /// the full board, 1: the ending) for the side to move (`moves`) or
    /// the one that waits, in a table of `len` weights a block; a table
    /// of one phase has the same worth in both, one without movers the
    /// same for both sides.
    #[inline(always)]
    fn get_in(&self, len: usize, phase: usize, moves: bool, w: usize, a: u16) -> i32 {
        let b = block(self.0.len() / len, phase, moves);
        self.0[b * len + w * STATES + a as usize] as i8 as i32
    }

    /// The patterns' part of the evaluation, from White's side.
    #[inline]
    pub fn score<R: Rules>(&self, pos: &Position<R>) -> i32 {
        let l = layout::<R>();
        let [white, black] = views(pos);
        let white_moves = pos.side() == Color::White;
        let mut s = [0; 2];
        for (phase, s) in s.iter_mut().enumerate() {
            for w in 0..l.windows {
                *s += self.get_in(l.len(), phase, white_moves, w, white[w])
                    - self.get_in(l.len(), phase, !white_moves, w, black[w]);
            }
        }
        l.blend(s[0], s[1], l.phase(pos.occupied().count() as i32))
    }

    /// The table as signed numbers.
    pub fn to_vec(&self) -> Vec<i8> {
        self.0.iter().map(|&b| b as i8).collect()
    }
}

/// Which of a table's `blocks` (1, 2 or 4 of [`Layout::len`] worths)
/// holds phase `phase` (0: the full board, 1: the ending) for the side
/// to move (`moves`) or the side that waits: one block serves every
/// phase and side, two are the phases, four the phases of the side to
/// move and then those of the side that waits. The tuner reads its
/// weights by the same rule (`learn::features::blocks`).
#[inline(always)]
pub const fn block(blocks: usize, phase: usize, moves: bool) -> usize {
    match blocks {
        1 => 0,
        2 => phase,
        _ => phase + if moves { 0 } else { 2 },
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

/// A table folded for play ([`fold`]): a one-phase table as 16-bit
/// numbers, a two-phase table as 32-bit pairs (the full board's worth in
/// the low 16 bits, the ending's above them: `full + (end << 16)`, so a
/// sum of entries is the sum of each phase). A table of one phase keeps
/// the smaller form, half the cache.
#[derive(Clone, Debug)]
pub enum Folded {
    /// One worth for the whole game.
    One(Box<[i16]>),
    /// The full board's and the ending's, packed.
    Two(Box<[i32]>),
    /// Two phases by who is to move: the packed pairs with White to
    /// move, then as many with Black to move.
    Movers(Box<[i32]>),
}

/// The table folded for play on game `R`'s board, at `percent` of its
/// worth: both sides' reads of each region of the board in one number
/// (entry `w × STATES + a`: White's arrangement `a` of region `w`, less
/// what Black's read of the same region is worth), so the evaluation
/// reads each region once, without turning the board ([`score_folded`]).
pub fn fold<R: Rules>(t: &Table, percent: i32) -> Folded {
    let l = layout::<R>();
    assert!(t.fits(&l), "a pattern table made for this board");
    // White's read of window `w` for the side `white_moves` says, less
    // Black's read of the same region for the other side.
    let worth = |phase: usize, white_moves: bool, w: usize, a: usize| {
        let v = t.get_in(l.len(), phase, white_moves, w, a as u16)
            - t.get_in(
                l.len(),
                phase,
                !white_moves,
                l.windows - 1 - w,
                other_side(a) as u16,
            );
        v * percent / 100
    };
    let entries = || (0..l.windows).flat_map(|w| (0..STATES).map(move |a| (w, a)));
    let pairs = |white_moves: bool| {
        entries()
            .map(move |(w, a)| worth(0, white_moves, w, a) + (worth(1, white_moves, w, a) << 16))
    };
    match (t.phases(&l), t.movers(&l)) {
        (1, _) => Folded::One(
            entries()
                .map(|(w, a)| worth(0, true, w, a) as i16)
                .collect(),
        ),
        (_, 1) => Folded::Two(pairs(true).collect()),
        _ => Folded::Movers(pairs(true).chain(pairs(false)).collect()),
    }
}

/// The sum of a folded table's entries for the men `white` and `black`.
#[inline(always)]
fn folded_sum<T: Copy + Into<i32>>(l: &Layout, t: &[T], white: u64, black: u64) -> i32 {
    let mut s = 0i32;
    for w in 0..l.windows {
        let a = TERNARY[l.mask(white, w)] as usize + 2 * TERNARY[l.mask(black, w)] as usize;
        s = s.wrapping_add(t[w * STATES + a].into());
    }
    s
}

/// The patterns' part of the evaluation from White's side by a folded
/// table ([`fold`]): the same as [`Table::score`] at 100 %.
#[inline(always)]
pub fn score_folded<R: Rules>(folded: &Folded, pos: &Position<R>) -> i32 {
    let l = &<R::Geo as Regions>::LAYOUT;
    let white = pos.pieces(Color::White, Kind::Man).to_u128() as u64;
    let black = pos.pieces(Color::Black, Kind::Man).to_u128() as u64;
    let two = |t: &[i32]| {
        let s = folded_sum(l, t, white, black);
        // Each phase's sum stays far inside 16 bits (at most 254 a
        // window).
        let full = s as i16 as i32;
        let end = (s - full) >> 16;
        l.blend(full, end, l.phase(pos.occupied().count() as i32))
    };
    match folded {
        Folded::One(t) => folded_sum(l, t, white, black),
        Folded::Two(t) => two(t),
        Folded::Movers(t) => {
            let n = l.windows * STATES;
            match pos.side() {
                Color::White => two(&t[..n]),
                Color::Black => two(&t[n..]),
            }
        }
    }
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
    use crate::geometry::{Dark10x10, Dark8x8};
    use crate::rules::czech::Czech;
    use crate::rules::international::International;
    use crate::square::Square;

    /// The offsets read the squares they say (window `w`, rank `j`, the
    /// dark squares of its four files), and the windows cover the board.
    fn windows_cover<G: Geometry<B = u64>>(windows: usize) {
        let l = G::LAYOUT;
        assert_eq!(l.windows, windows);
        let nf = (G::files() as usize - 2) / 2;
        let mut seen = 0u64;
        for w in 0..l.windows {
            let (file0, rank0) = (2 * (w % nf) as u8, 2 * (w / nf) as u8);
            for j in 0..4u8 {
                let mut want = 0u64;
                for f in file0..file0 + 4 {
                    if let Some(b) = Square::new(f, rank0 + j).and_then(G::single) {
                        want |= b;
                    }
                }
                let o = l.offsets[w][j as usize];
                assert_eq!(want, 3 << o, "window {w} rank {j}");
                seen |= want;
            }
        }
        assert_eq!(seen, G::ALL, "the windows cover the board");
    }

    #[test]
    fn windows_cover_their_squares() {
        windows_cover::<Dark8x8>(9);
        windows_cover::<Dark10x10>(16);
        assert!(crate::geometry::Full8x8::LAYOUT.is_empty());
        // 12×12 spans 77 bits: no windows (and no table) there.
        assert!(Layout::of(Board::new(12, 12, Squares::LikeA1)).is_empty());
    }

    fn rotation<G: Geometry<B = u64>>() {
        let (nf, nr) = (G::files(), G::ranks());
        for f in 0..nf {
            for r in 0..nr {
                let (Some(a), Some(b)) = (
                    Square::new(f, r).and_then(G::single),
                    Square::new(nf - 1 - f, nr - 1 - r).and_then(G::single),
                ) else {
                    continue;
                };
                assert_eq!(G::LAYOUT.rotate(a), b);
            }
        }
        assert_eq!(G::LAYOUT.rotate(G::ALL), G::ALL);
    }

    #[test]
    fn rotation_turns_the_board() {
        rotation::<Dark8x8>();
        rotation::<Dark10x10>();
    }

    #[test]
    fn arrangements_are_base_three() {
        // One own man on the window's first square, an opponent's on its
        // last: 1 + 2 × 3⁷.
        for l in [Dark8x8::LAYOUT, Dark10x10::LAYOUT] {
            let own = 1u64 << l.offsets[4][0];
            let opp = 2u64 << l.offsets[4][3];
            assert_eq!(l.arrangements(own, opp)[4], 1 + 2 * 2187);
            assert_eq!(l.arrangements(0, 0), [0; MAX_WINDOWS]);
        }
        let all = Dark8x8::LAYOUT.arrangements(Dark8x8::ALL, 0);
        assert_eq!(all[..9], [STATES as u16 / 2; 9]);
        assert_eq!(all[9..], [0; 7]);
    }

    /// `pos` turned half round with the colours (and the side to move)
    /// swapped: the same position seen from the other side.
    fn mirror<R: Rules>(pos: &Position<R>) -> Position<R> {
        let (nf, nr) = (R::Geo::files(), R::Geo::ranks());
        let pieces = pos.piece_list().into_iter().map(|(sq, p)| {
            let sq = Square::new(nf - 1 - sq.file(), nr - 1 - sq.rank()).expect("on the board");
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
    fn symmetric<R: Rules>() {
        static BYTES: [u8; 4 * MAX_WINDOWS * STATES] = {
            let mut t = [0u8; 4 * MAX_WINDOWS * STATES];
            let mut i = 0;
            while i < t.len() {
                t[i] = ((i * 7919) % 255) as u8;
                i += 1;
            }
            t
        };
        let l = layout::<R>();
        // One phase, two (whose halves differ), and two by movers.
        for len in [l.len(), 2 * l.len(), 4 * l.len()] {
            let table = Table(&BYTES[..len]);
            assert_eq!(table.phases(&l) * table.movers(&l), len / l.len());
            let folded = fold::<R>(&table, 100);
            for pos in crate::testkit::random_positions::<R>(5, 60, 300) {
                let mirrored = mirror(&pos);
                assert_eq!(table.score(&pos), -table.score(&mirrored), "{pos}");
                assert_eq!(score_folded(&folded, &pos), table.score(&pos), "{pos}");
                let [w, b] = views(&pos);
                assert_eq!(views(&mirrored), [b, w]);
            }
        }
    }

    /// A two-phase table reads the full board's worths with the board
    /// full, the ending's from `ENDGAME_PIECES` down, and a blend between;
    /// a one-phase table the same worths throughout.
    #[test]
    fn phases_blend_by_the_pieces_left() {
        let l = Dark8x8::LAYOUT;
        assert_eq!(
            (l.phase(24), l.phase(30), l.phase(6), l.phase(2)),
            (0, 0, 18, 18)
        );
        assert_eq!(l.phase(15), 9);
        assert_eq!(Dark10x10::LAYOUT.phase(40), 0);
        assert_eq!(Dark10x10::LAYOUT.phase_steps(), 34);
        assert_eq!((l.blend(100, -20, 0), l.blend(100, -20, 18)), (100, -20));
        assert_eq!(l.blend(100, -20, 9), 40);
        // A board too small for an ending of six still blends.
        let tiny = Layout::of(Board::new(4, 4, Squares::LikeA1));
        assert_eq!(
            (tiny.phase_steps(), tiny.phase(2), tiny.blend(5, 9, 0)),
            (1, 1, 5)
        );
        // A two-phase table is the blend of its halves read as tables
        // of one phase.
        let bytes: Vec<u8> = (0..2 * l.len()).map(|i| ((i * 7919) % 251) as u8).collect();
        let bytes: &'static [u8] = Box::leak(bytes.into_boxed_slice());
        let two = Table(bytes);
        let (first, second) = (Table(&bytes[..l.len()]), Table(&bytes[l.len()..]));
        assert!(two.fits(&l) && first.fits(&l) && !Table(&bytes[1..]).fits(&l));
        assert_eq!((two.phases(&l), first.phases(&l)), (2, 1));
        let mut seen = [false; 3];
        for pos in crate::testkit::random_positions::<Czech>(7, 80, 400) {
            let phase = l.phase(pos.occupied().count() as i32);
            seen[(phase.signum() + (phase == 18) as i32) as usize] = true;
            let want = l.blend(first.score(&pos), second.score(&pos), phase);
            assert_eq!(two.score(&pos), want, "{pos}");
        }
        assert_eq!(seen, [true; 3], "full boards, blends and endings");
    }

    #[test]
    fn the_score_is_symmetric() {
        symmetric::<Czech>();
        symmetric::<International>();
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
