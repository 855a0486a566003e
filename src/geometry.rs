//! Board shapes: which bit is which square, and how a step in each
//! direction moves a bit.
//!
//! Each board is a [`Geometry`]: a bit layout, computed into tables by
//! `const fn` at compile time. A step in direction `d` is always the same
//! shift of the bit index, so a whole set of pieces steps at once with
//! `(set & FROM[d]).shift(SHIFT[d])`, where `FROM[d]` holds the squares
//! whose neighbour in `d` is on the board. Single pieces walk with the
//! `next` table instead (capture searches go one piece at a time).
//!
//! The Czech board uses the 32 dark squares only. They are numbered in
//! rows of four, right to left, with a ghost bit after every second row
//! (bits 8, 17, 26): then all four diagonal steps are uniform shifts
//! (+4, +5, −4, −5) and 35 bits hold the board. The other boards are
//! plain rectangles, rank by rank (`bit = rank * files + file`).

use crate::bitboard::Bits;
use crate::square::{Corner, Square, MAX_SIDE};
use std::fmt::Debug;

/// The 16 directions a piece can step or leap in, as (file, rank) deltas
/// from White's side: 8 king directions, then 8 knight leaps.
pub const DIRS: [(i8, i8); 16] = [
    (0, 1),
    (1, 1),
    (1, 0),
    (1, -1),
    (0, -1),
    (-1, -1),
    (-1, 0),
    (-1, 1),
    (1, 2),
    (2, 1),
    (2, -1),
    (1, -2),
    (-1, -2),
    (-2, -1),
    (-2, 1),
    (-1, 2),
];

/// Direction indices into [`DIRS`].
pub mod dir {
    /// Up the board (towards rank 8 or 10).
    pub const N: usize = 0;
    /// Up and right.
    pub const NE: usize = 1;
    /// Right.
    pub const E: usize = 2;
    /// Down and right.
    pub const SE: usize = 3;
    /// Down.
    pub const S: usize = 4;
    /// Down and left.
    pub const SW: usize = 5;
    /// Left.
    pub const W: usize = 6;
    /// Up and left.
    pub const NW: usize = 7;
}

/// A set of directions: bit `d` for direction `d` of [`DIRS`].
pub type DirSet = u16;

/// Runs `$body` once for each direction `$d` in the set, unrolled: with a
/// constant set (a game's rules), the directions not in it compile away,
/// which a `for` loop over 16 directions does not reliably do. Inside the
/// body, leave a direction early with a labelled block, not `continue`.
#[macro_export]
macro_rules! for_dirs {
    ($set:expr, $d:ident => $body:block) => {{
        let set: $crate::geometry::DirSet = $set;
        $crate::for_dirs!(@one set, $d, $body, 0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15);
    }};
    (@one $set:ident, $d:ident, $body:block, $($n:literal),*) => {
        $(
            if $set & (1u16 << $n) != 0 {
                #[allow(clippy::identity_op, clippy::erasing_op)]
                let $d: usize = $n;
                $body
            }
        )*
    };
}

/// Builds a [`DirSet`] from direction indices.
pub const fn dirs(list: &[usize]) -> DirSet {
    let mut s = 0u16;
    let mut i = 0;
    while i < list.len() {
        s |= 1 << list[i];
        i += 1;
    }
    s
}

/// The four diagonal directions.
pub const DIAGONALS: DirSet = dirs(&[dir::NE, dir::SE, dir::SW, dir::NW]);
/// All eight king directions.
pub const QUEEN: DirSet = 0x00ff;
/// All eight knight leaps.
pub const KNIGHT_LEAPS: DirSet = 0xff00;

/// The direction with the rank delta negated (White's forward is Black's).
pub const fn flip_dir(d: usize) -> usize {
    let (df, dr) = DIRS[d];
    let mut i = 0;
    while i < 16 {
        if DIRS[i].0 == df && DIRS[i].1 == -dr {
            return i;
        }
        i += 1;
    }
    d
}

/// [`flip_dir`] applied to every direction of a set.
pub const fn flip_set(s: DirSet) -> DirSet {
    let mut out = 0u16;
    let mut d = 0;
    while d < 16 {
        if s & (1 << d) != 0 {
            out |= 1 << flip_dir(d);
        }
        d += 1;
    }
    out
}

/// Which squares of a board are played on.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Squares {
    /// Every square (Gothic, Knight's and Ossetian draughts, Medieval
    /// battle; Turkish draughts).
    All,
    /// The squares of `a1`'s colour, `a1` included (Czech draughts;
    /// International, Russian, English draughts and most others).
    LikeA1,
    /// The squares of `h1`'s colour, `a1` not played on (Italian and
    /// Spanish draughts).
    LikeH1,
}

/// A board as the rules describe it: files × ranks, and which squares
/// are played on. The bit layout is computed from it ([`Board::bit`]):
/// every square rank by rank, or, on a board of one colour, the played
/// squares in rows of `files / 2` with a ghost bit after every second
/// row, so that each diagonal step is the same shift everywhere (the
/// layout of dctl and Scan). A ghost bit is never a square, so a step
/// off the board's side lands on it and finds nothing.
///
/// ```
/// use dama::geometry::{Board, Squares};
/// let czech = Board::new(8, 8, Squares::LikeA1);
/// assert_eq!(czech.playable_count(), 32);
/// assert_eq!(czech.bits(), 35); // 32 squares and 3 ghosts
/// let international = Board::new(10, 10, Squares::LikeA1);
/// assert_eq!((international.playable_count(), international.bits()), (50, 54));
/// let canadian = Board::new(12, 12, Squares::LikeA1);
/// assert_eq!((canadian.playable_count(), canadian.bits()), (72, 77));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Board {
    /// Number of files (at most 12; even on a board of one colour).
    pub files: u8,
    /// Number of ranks (at most 12).
    pub ranks: u8,
    /// Which squares are played on.
    pub squares: Squares,
}

impl Board {
    /// A board of `files` × `ranks` squares.
    pub const fn new(files: u8, ranks: u8, squares: Squares) -> Board {
        assert!(
            files <= 12 && ranks <= 12,
            "boards have at most 12 files and ranks"
        );
        assert!(
            matches!(squares, Squares::All) || files % 2 == 0,
            "a board of one colour has an even number of files"
        );
        Board {
            files,
            ranks,
            squares,
        }
    }

    /// True when (file, rank) is on the board and played on.
    pub const fn playable(&self, f: i32, r: i32) -> bool {
        if f < 0 || r < 0 || f >= self.files as i32 || r >= self.ranks as i32 {
            return false;
        }
        match self.squares {
            Squares::All => true,
            Squares::LikeA1 => (f + r) % 2 == 0,
            Squares::LikeH1 => (f + r) % 2 == 1,
        }
    }

    /// The bit of (file, rank), or -1 when it is not played on.
    pub const fn bit(&self, f: i32, r: i32) -> i32 {
        if !self.playable(f, r) {
            return -1;
        }
        let w = self.files as i32;
        match self.squares {
            Squares::All => r * w + f,
            // Rows of w/2, right to left, a ghost after every second row.
            Squares::LikeA1 => (r / 2) * (w + 1) + (r % 2) * (w / 2) + (w - 1 - f) / 2,
            // The same, mirrored (file f of this board is file w-1-f there).
            Squares::LikeH1 => (r / 2) * (w + 1) + (r % 2) * (w / 2) + f / 2,
        }
    }

    /// The number of (file, rank) when the played squares are numbered
    /// from `corner` ([`SquareNames::Numeric`](crate::square::SquareNames)),
    /// or `None` when it is not played on.
    ///
    /// ```
    /// use dama::geometry::{Board, Squares};
    /// use dama::square::Corner::{BottomRight, TopLeft};
    /// let intl = Board::new(10, 10, Squares::LikeA1);
    /// assert_eq!([intl.number(1, 9, TopLeft), intl.number(0, 0, TopLeft)], [Some(1), Some(46)]);
    /// let english = Board::new(8, 8, Squares::LikeA1);
    /// assert_eq!([english.number(1, 7, TopLeft), english.number(0, 0, TopLeft)], [Some(1), Some(29)]);
    /// let spanish = Board::new(8, 8, Squares::LikeH1);
    /// assert_eq!([spanish.number(7, 0, BottomRight), spanish.number(0, 7, BottomRight)], [Some(1), Some(32)]);
    /// assert_eq!(spanish.square_numbered(32, BottomRight), Some((0, 7)));
    /// ```
    pub const fn number(&self, f: i32, r: i32, corner: Corner) -> Option<u32> {
        if !self.playable(f, r) {
            return None;
        }
        let (w, h) = (self.files as i32, self.ranks as i32);
        let top = matches!(corner, Corner::TopLeft | Corner::TopRight);
        let left = matches!(corner, Corner::TopLeft | Corner::BottomLeft);
        let mut n = 0;
        let mut row = 0;
        while row < h {
            let rr = if top { h - 1 - row } else { row };
            let mut col = 0;
            while col < w {
                let ff = if left { col } else { w - 1 - col };
                if self.playable(ff, rr) {
                    n += 1;
                    if ff == f && rr == r {
                        return Some(n);
                    }
                }
                col += 1;
            }
            row += 1;
        }
        None
    }

    /// The (file, rank) of the square numbered `n` from `corner`, if any.
    pub fn square_numbered(&self, n: u32, corner: Corner) -> Option<(u8, u8)> {
        (0..self.ranks)
            .flat_map(|r| (0..self.files).map(move |f| (f, r)))
            .find(|&(f, r)| self.number(f as i32, r as i32, corner) == Some(n))
    }

    /// Number of squares played on.
    pub const fn playable_count(&self) -> u32 {
        let mut n = 0;
        let mut r = 0;
        while r < self.ranks as i32 {
            let mut f = 0;
            while f < self.files as i32 {
                if self.playable(f, r) {
                    n += 1;
                }
                f += 1;
            }
            r += 1;
        }
        n
    }

    /// Number of bits the layout spans (the highest bit used, plus one).
    pub const fn bits(&self) -> u32 {
        let mut top = 0;
        let mut r = 0;
        while r < self.ranks as i32 {
            let mut f = 0;
            while f < self.files as i32 {
                let b = self.bit(f, r);
                if b >= top {
                    top = b + 1;
                }
                f += 1;
            }
            r += 1;
        }
        top as u32
    }
}

/// Marker for "no square" in the byte tables.
pub const NONE: u8 = 255;

/// Number of square indices (`rank * MAX_SIDE + file`).
const SQUARES: usize = (MAX_SIDE as usize) * (MAX_SIDE as usize);

/// Tables for one board, computed at compile time. Sets are kept as
/// `u128` here and narrowed by each [`Geometry`].
#[derive(Debug)]
pub struct Tables {
    /// Number of files.
    pub files: u8,
    /// Number of ranks.
    pub ranks: u8,
    /// Every playable square.
    pub all: u128,
    /// Bit shift of one step in each direction (0 where it does not exist).
    pub shift: [i32; 16],
    /// Squares whose neighbour in each direction is playable.
    pub from: [u128; 16],
    /// Neighbour bit of each bit in each direction, or [`NONE`]. The
    /// neighbour is the nearest playable square along the line: on a board
    /// of one colour a step along a rank or file goes two squares (the
    /// orthogonal captures of Frisian draughts).
    pub next: [[u8; 128]; 16],
    /// Bit of each square index ([`Square::index`]), or [`NONE`].
    pub bit_of: [u8; SQUARES],
    /// Square index of each bit, or [`NONE`] for ghost bits.
    pub square_of: [u8; 128],
    /// Every playable square of each rank.
    pub rank: [u128; MAX_SIDE as usize],
    /// Every playable square of the left half of the files (`a`–`e` on
    /// 10×10, `a`–`d` on 8×8; the middle file of an odd board is not in
    /// it).
    pub west: u128,
}

/// Computes the tables of a board.
pub const fn tables(l: Board) -> Tables {
    assert!(
        l.files <= MAX_SIDE && l.ranks <= MAX_SIDE,
        "the board is larger than a Square can name"
    );
    assert!(l.bits() <= 128, "the board needs more than 128 bits");
    let (w, h) = (l.files, l.ranks);
    let mut t = Tables {
        files: w,
        ranks: h,
        all: 0,
        shift: [0; 16],
        from: [0; 16],
        next: [[NONE; 128]; 16],
        bit_of: [NONE; SQUARES],
        square_of: [NONE; 128],
        rank: [0; MAX_SIDE as usize],
        west: 0,
    };
    let mut r = 0i32;
    while r < h as i32 {
        let mut f = 0i32;
        while f < w as i32 {
            let b = l.bit(f, r);
            if b >= 0 {
                let index = r * MAX_SIDE as i32 + f;
                t.all |= 1u128 << b;
                t.rank[r as usize] |= 1u128 << b;
                if 2 * f + 1 < w as i32 {
                    t.west |= 1u128 << b;
                }
                t.bit_of[index as usize] = b as u8;
                t.square_of[b as usize] = index as u8;
                let mut d = 0;
                while d < 16 {
                    // Along a rank or file of a board of one colour the
                    // nearest playable square is two squares away.
                    let (df, dr) = (DIRS[d].0 as i32, DIRS[d].1 as i32);
                    let m = if d < 8 && (df == 0 || dr == 0) && !matches!(l.squares, Squares::All) {
                        2
                    } else {
                        1
                    };
                    let nb = l.bit(f + m * df, r + m * dr);
                    if nb >= 0 {
                        t.from[d] |= 1u128 << b;
                        t.next[d][b as usize] = nb as u8;
                        t.shift[d] = nb - b;
                    }
                    d += 1;
                }
            }
            f += 1;
        }
        r += 1;
    }
    // Every step must be a uniform shift, or set-wise stepping is wrong.
    let mut b = 0;
    while b < 128 {
        let mut d = 0;
        while d < 16 {
            let nb = t.next[d][b];
            if nb != NONE && nb as i32 - b as i32 != t.shift[d] {
                panic!("layout with a non-uniform step");
            }
            d += 1;
        }
        b += 1;
    }
    t
}

/// A board shape with its bit-set type.
pub trait Geometry:
    'static + Copy + Default + Debug + Send + Sync + PartialEq + Eq + std::hash::Hash
{
    /// The bit-set type wide enough for the board.
    type B: Bits;
    /// The board the tables were computed from.
    const BOARD: Board;
    /// Every playable square.
    const ALL: Self::B;
    /// Squares whose neighbour in each direction is on the board.
    const FROM: [Self::B; 16];
    /// Shift of a step in each direction.
    const SHIFT: [i32; 16];
    /// Promotion rank of each colour (White's is the top rank).
    const LAST_RANK: [Self::B; 2];
    /// The playable squares of the left half of the files (see
    /// [`Tables::west`]).
    const WEST: Self::B;
    /// The layout's tables.
    fn tables() -> &'static Tables;

    /// Number of files.
    #[inline(always)]
    fn files() -> u8 {
        Self::BOARD.files
    }
    /// Number of ranks.
    #[inline(always)]
    fn ranks() -> u8 {
        Self::BOARD.ranks
    }
    /// The bit of a square, `None` when it is not on this board or not playable.
    #[inline(always)]
    fn bit(sq: Square) -> Option<u32> {
        let b = Self::tables().bit_of[sq.index() as usize];
        (b != NONE).then_some(b as u32)
    }
    /// The square of a playable bit.
    #[inline(always)]
    fn square(bit: u32) -> Square {
        Square::from_index(Self::tables().square_of[bit as usize]).expect("ghost bit")
    }
    /// The neighbour of a bit in direction `d`.
    #[inline(always)]
    fn next(bit: u32, d: usize) -> Option<u32> {
        let n = Self::tables().next[d][bit as usize];
        (n != NONE).then_some(n as u32)
    }
    /// Steps every square of `set` once in direction `d`, dropping those that leave the board.
    #[inline(always)]
    fn step(set: Self::B, d: usize) -> Self::B {
        (set & Self::FROM[d]).shift(Self::SHIFT[d])
    }
    /// The set of one square's bit.
    #[inline(always)]
    fn single(sq: Square) -> Option<Self::B> {
        Self::bit(sq).map(Self::B::bit)
    }
    /// The squares of a set, in bit order.
    fn squares(set: Self::B) -> Vec<Square> {
        set.iter().map(Self::square).collect()
    }
}

/// The long diagonal from `a1` (file = rank): `a1`–`h8` on 8×8, 46–5
/// (`a1`–`j10`) on 10×10. Several games' draw rules and evaluations
/// ask who holds it.
pub fn long_diagonal<G: Geometry>() -> G::B {
    (0..G::files().min(G::ranks()))
        .filter_map(|i| Square::new(i, i).and_then(G::single))
        .fold(G::B::ZERO, |a, b| a | b)
}

const fn narrow64(a: [u128; 16]) -> [u64; 16] {
    let mut o = [0u64; 16];
    let mut i = 0;
    while i < 16 {
        o[i] = a[i] as u64;
        i += 1;
    }
    o
}

macro_rules! geometry {
    ($(#[$m:meta])* $name:ident, $b:ty, $layout:expr, $narrow:path) => {
        $(#[$m])*
        #[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
        pub struct $name;
        impl $name {
            const T: Tables = tables($layout);
        }
        impl Geometry for $name {
            type B = $b;
            const BOARD: Board = $layout;
            const ALL: $b = Self::T.all as $b;
            const FROM: [$b; 16] = $narrow(Self::T.from);
            const SHIFT: [i32; 16] = Self::T.shift;
            const LAST_RANK: [$b; 2] = [
                Self::T.rank[Self::T.ranks as usize - 1] as $b,
                Self::T.rank[0] as $b,
            ];
            const WEST: $b = Self::T.west as $b;
            #[inline(always)]
            fn tables() -> &'static Tables {
                static T: Tables = tables($layout);
                &T
            }
        }
    };
}

const fn same128(a: [u128; 16]) -> [u128; 16] {
    a
}

geometry!(
    /// The 32 dark squares of an 8×8 board, `a1` dark (Czech draughts;
    /// Russian, Brazilian, English draughts).
    Dark8x8, u64, Board::new(8, 8, Squares::LikeA1), narrow64
);
geometry!(
    /// The 32 squares of `h1`'s colour of an 8×8 board, `a1` not played
    /// on (Italian and Spanish draughts).
    Dark8x8H1, u64, Board::new(8, 8, Squares::LikeH1), narrow64
);
geometry!(
    /// The 50 dark squares of a 10×10 board, `a1` dark (International
    /// draughts and its family), in 54 bits.
    Dark10x10, u64, Board::new(10, 10, Squares::LikeA1), narrow64
);
geometry!(
    /// All 64 squares of 8×8 (Gothic draughts).
    Full8x8, u64, Board::new(8, 8, Squares::All), narrow64
);
geometry!(
    /// All 49 squares of 7×7 (Ossetian draughts).
    Full7x7, u64, Board::new(7, 7, Squares::All), narrow64
);
geometry!(
    /// All 100 squares of 10×10 (Knight's draughts, Medieval battle).
    Full10x10, u128, Board::new(10, 10, Squares::All), same128
);

#[cfg(test)]
mod tests {
    use super::*;

    fn sq(s: &str) -> Square {
        s.parse().unwrap()
    }

    #[test]
    fn the_west_half_is_the_left_files() {
        assert_eq!(Dark10x10::WEST.count_ones(), 25);
        assert_eq!(Dark8x8::WEST.count_ones(), 16);
        assert_eq!(Dark8x8H1::WEST.count_ones(), 16);
        assert_eq!(Full8x8::WEST.count_ones(), 32);
        // On the board of `h1`'s colour `a8` is played on, in the west.
        assert!(Dark8x8H1::single(sq("a8")).unwrap() & Dark8x8H1::WEST != 0);
        assert!(Dark8x8H1::single(sq("h1")).unwrap() & Dark8x8H1::WEST == 0);
        // The middle file of an odd board is in neither half.
        assert_eq!(Full7x7::WEST.count_ones(), 21);
        assert_eq!(Full10x10::WEST.count_ones(), 50);
        // 46 (`a1`) and 5 (`j10`) on 10×10.
        assert!(Dark10x10::single(sq("a1")).unwrap() & Dark10x10::WEST != 0);
        assert!(Dark10x10::single(sq("j10")).unwrap() & Dark10x10::WEST == 0);
        assert!(Dark10x10::single(sq("e1")).unwrap() & Dark10x10::WEST != 0);
        assert!(Dark10x10::single(sq("f2")).unwrap() & Dark10x10::WEST == 0);
    }

    #[test]
    fn dark_board_has_32_squares_in_35_bits() {
        assert_eq!(Dark8x8::ALL.count_ones(), 32);
        const { assert!(Dark8x8::ALL < 1 << 35) };
        assert_eq!(Dark8x8::bit(sq("a2")), None);
        let a1 = Dark8x8::bit(sq("a1")).unwrap();
        assert_eq!(
            Dark8x8::square(Dark8x8::next(a1, dir::NE).unwrap()),
            sq("b2")
        );
        assert_eq!(Dark8x8::next(a1, dir::NW), None);
        let h2 = Dark8x8::bit(sq("h2")).unwrap();
        assert_eq!(Dark8x8::next(h2, dir::NE), None);
        // Along a file, the nearest playable square is two ranks up.
        assert_eq!(
            Dark8x8::square(Dark8x8::next(a1, dir::N).unwrap()),
            sq("a3")
        );
        assert_eq!(
            Dark8x8::square(Dark8x8::next(a1, dir::E).unwrap()),
            sq("c1")
        );
        assert_eq!(Dark8x8::next(a1, dir::W), None);
    }

    #[test]
    fn set_steps_match_single_steps() {
        fn check<G: Geometry>() {
            for b in G::ALL.iter() {
                for d in 0..16 {
                    let stepped = G::step(G::B::bit(b), d);
                    match G::next(b, d) {
                        Some(n) => assert_eq!(stepped, G::B::bit(n)),
                        None => assert!(stepped.is_empty()),
                    }
                }
            }
        }
        check::<Dark8x8>();
        check::<Dark8x8H1>();
        check::<Dark10x10>();
        check::<Full8x8>();
        check::<Full7x7>();
        check::<Full10x10>();
    }

    #[test]
    fn boards_of_one_colour_step_uniformly() {
        for b in [
            Board::new(8, 8, Squares::LikeA1),
            Board::new(8, 8, Squares::LikeH1),
            Board::new(10, 10, Squares::LikeA1),
            Board::new(12, 12, Squares::LikeA1),
            Board::new(12, 12, Squares::LikeH1),
        ] {
            let mut shift = [None; 4];
            let mut seen = std::collections::HashSet::new();
            for r in 0..b.ranks as i32 {
                for f in 0..b.files as i32 {
                    let x = b.bit(f, r);
                    if x < 0 {
                        continue;
                    }
                    assert!(seen.insert(x), "{b:?}: bit {x} twice");
                    for (i, (df, dr)) in
                        [(1, 1), (-1, 1), (1, -1), (-1, -1)].into_iter().enumerate()
                    {
                        let y = b.bit(f + df, r + dr);
                        if y >= 0 {
                            assert_eq!(*shift[i].get_or_insert(y - x), y - x, "{b:?}");
                        }
                    }
                }
            }
            assert_eq!(seen.len() as u32, b.playable_count());
            assert!(b.bits() <= 128);
        }
        assert!(Board::new(8, 8, Squares::LikeH1).playable(7, 0));
        assert!(!Board::new(8, 8, Squares::LikeH1).playable(0, 0));
    }

    #[test]
    fn flips() {
        assert_eq!(flip_dir(dir::NE), dir::SE);
        assert_eq!(flip_set(dirs(&[dir::N, dir::E])), dirs(&[dir::S, dir::E]));
    }
}
