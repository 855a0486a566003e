//! The move value: origin, landing squares, captured squares, promotion.
//!
//! A move is identified by its origin, destination and captured set
//! (the common ground of [`crate::rules`]). It also carries the path of landing squares,
//! so it can be written and drawn; bits are stored, squares are given out.

use crate::bitboard::Bits;
use crate::geometry::Geometry;
use crate::piece::Kind;
use crate::rules::mechanics::{square_name, Mechanics, BB};
use crate::square::{Square, SquareNames};
use std::fmt;
use std::marker::PhantomData;

/// Longest path of landing squares any game allows (Ossetian: 21 captures).
pub const MAX_PATH: usize = 23;

/// Landing bits of a capture chain under construction (a fixed array, so
/// that a finished chain is copied into its [`Move`] without a loop).
#[derive(Clone, Copy, Debug)]
pub(crate) struct Path {
    sq: [u8; MAX_PATH],
    len: u8,
}

impl Path {
    /// An empty path.
    #[inline(always)]
    pub(crate) fn new() -> Self {
        Path {
            sq: [0; MAX_PATH],
            len: 0,
        }
    }
    /// Appends a landing bit.
    #[inline(always)]
    pub(crate) fn push(&mut self, b: u8) {
        self.sq[self.len as usize] = b;
        self.len += 1;
    }
    /// Removes the last landing bit.
    #[inline(always)]
    pub(crate) fn pop(&mut self) {
        self.len -= 1;
    }
    /// The last landing bit.
    #[inline(always)]
    pub(crate) fn last(&self) -> u8 {
        self.sq[self.len as usize - 1]
    }
}

/// Marker for the origin of a pass.
const PASS: u8 = u8::MAX;

/// A legal move of game `R`, or a pass.
///
/// ```
/// use dama::{Czech, Kind, Position};
/// let pos: Position<Czech> = "W:Wc3,Kh2:Bd4,f6".parse().unwrap();
/// let m = pos.legal_moves()[0];
/// assert_eq!(m.to_string(), "c3xe5xg7");
/// assert_eq!(m.path().iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["e5", "g7"]);
/// assert_eq!(m.captured().iter().map(|s| s.to_string()).collect::<Vec<_>>(), ["d4", "f6"]);
/// assert_eq!((m.kind(), m.promotion(), m.capture_count()), (Kind::Man, None, 2));
/// ```
#[derive(Clone, Copy)]
pub struct Move<R: Mechanics> {
    captured: BB<R>,
    from: u8,
    len: u8,
    kind: Kind,
    promote: Option<Kind>,
    path: [u8; MAX_PATH],
    _r: PhantomData<R>,
}

impl<R: Mechanics> PartialEq for Move<R> {
    fn eq(&self, o: &Self) -> bool {
        self.from == o.from && self.to_bit() == o.to_bit() && self.captured == o.captured
    }
}
impl<R: Mechanics> Eq for Move<R> {}

impl<R: Mechanics> Move<R> {
    /// A pass (only legal in games with passes, when nothing else is).
    pub fn pass() -> Self {
        Move {
            captured: BB::<R>::ZERO,
            from: PASS,
            len: 0,
            kind: Kind::Man,
            promote: None,
            path: [0; MAX_PATH],
            _r: PhantomData,
        }
    }

    /// A capture from `from` along `path`, taking `captured`.
    #[inline(always)]
    pub(crate) fn capture(
        from: u32,
        path: &Path,
        captured: BB<R>,
        kind: Kind,
        promote: Option<Kind>,
    ) -> Self {
        Move {
            captured,
            from: from as u8,
            len: path.len,
            kind,
            promote,
            path: path.sq,
            _r: PhantomData,
        }
    }

    /// A move without capture from `from` to `to`.
    #[inline(always)]
    pub(crate) fn step(from: u32, to: u32, kind: Kind, promote: Option<Kind>) -> Self {
        let mut path = [0u8; MAX_PATH];
        path[0] = to as u8;
        Move {
            captured: BB::<R>::ZERO,
            from: from as u8,
            len: 1,
            kind,
            promote,
            path,
            _r: PhantomData,
        }
    }

    /// True for a pass.
    #[inline(always)]
    pub fn is_pass(&self) -> bool {
        self.from == PASS
    }
    /// True when the move captures.
    #[inline(always)]
    pub fn is_capture(&self) -> bool {
        !self.captured.is_empty()
    }
    /// Origin bit.
    #[inline(always)]
    pub fn from_bit(&self) -> u32 {
        self.from as u32
    }
    /// Destination bit (the origin for a pass... which has none; do not call on a pass).
    #[inline(always)]
    pub fn to_bit(&self) -> u32 {
        if self.len == 0 {
            self.from as u32
        } else {
            self.path[self.len as usize - 1] as u32
        }
    }
    /// Landing bits, in order.
    #[inline(always)]
    pub fn path_bits(&self) -> &[u8] {
        &self.path[..self.len as usize]
    }
    /// Captured pieces as a set.
    #[inline(always)]
    pub fn captured_bits(&self) -> BB<R> {
        self.captured
    }
    /// The kind of the moving piece.
    pub fn kind(&self) -> Kind {
        self.kind
    }
    /// The kind the piece promotes to at the end of the move.
    pub fn promotion(&self) -> Option<Kind> {
        self.promote
    }
    /// Origin square (`None` for a pass).
    pub fn from(&self) -> Option<Square> {
        (!self.is_pass()).then(|| R::Geo::square(self.from as u32))
    }
    /// Destination square (`None` for a pass).
    pub fn to(&self) -> Option<Square> {
        (!self.is_pass()).then(|| R::Geo::square(self.to_bit()))
    }
    /// The landing squares, in order (the destination last).
    pub fn path(&self) -> Vec<Square> {
        self.path_bits()
            .iter()
            .map(|&b| R::Geo::square(b as u32))
            .collect()
    }
    /// The squares of the captured pieces, in file-then-rank order.
    pub fn captured(&self) -> Vec<Square> {
        let mut v = R::Geo::squares(self.captured);
        v.sort_by_key(|s| s.file_rank_key());
        v
    }
    /// Number of pieces captured.
    pub fn capture_count(&self) -> u32 {
        self.captured.count()
    }
    /// Compares the written paths in file-then-rank order of their landing
    /// squares (to pick the path kept among chains that are the same move).
    pub(crate) fn path_cmp(&self, other: &Self) -> std::cmp::Ordering {
        let key = |b: &u8| R::Geo::square(*b as u32).file_rank_key();
        self.path_bits()
            .iter()
            .map(key)
            .cmp(other.path_bits().iter().map(key))
    }
}

impl<R: Mechanics> fmt::Display for Move<R> {
    /// The full path: `c3-d4`, `c3xe5xc7`, `pass`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_pass() {
            return f.write_str("pass");
        }
        let sep = if self.is_capture() {
            R::CAPTURE_SEP
        } else {
            '-'
        };
        let put = |f: &mut fmt::Formatter<'_>, b: u32| {
            let sq = R::Geo::square(b);
            match R::SQUARE_NAMES {
                SquareNames::Algebraic => write!(f, "{sq}"),
                SquareNames::Numeric(_) => f.write_str(&square_name::<R>(sq)),
            }
        };
        put(f, self.from as u32)?;
        for &b in self.path_bits() {
            write!(f, "{sep}")?;
            put(f, u32::from(b))?;
        }
        Ok(())
    }
}

impl<R: Mechanics> fmt::Debug for Move<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self}")?;
        if !self.is_pass() && self.is_capture() {
            write!(f, " (takes")?;
            for s in self.captured() {
                write!(f, " {s}")?;
            }
            write!(f, ")")?;
        }
        Ok(())
    }
}

/// A list of moves, on the stack for the usual sizes.
pub type MoveList<R> = smallvec::SmallVec<[Move<R>; 48]>;
