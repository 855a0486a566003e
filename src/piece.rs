//! Colours and piece kinds.
//!
//! Five games use four kinds between them: the plain piece (a man in
//! Czech and Gothic draughts, a knight in Knight's draughts, a piece in
//! Ossetian draughts, a pawn in Medieval battle), the king, and Medieval
//! battle's knight and commander. Each game's rules say which kinds it
//! uses and how each moves.

use std::fmt;
use std::ops::Not;

/// A side.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Color {
    /// Moves first; starts at the bottom (rank 1).
    White = 0,
    /// Starts at the top.
    Black = 1,
}

impl Color {
    /// Both colours, White first.
    pub const ALL: [Color; 2] = [Color::White, Color::Black];
    /// 0 for White, 1 for Black.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The letter of the notation: `W` or `B`.
    pub const fn letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }
    /// The colour's name in lower case.
    pub const fn name(self) -> &'static str {
        match self {
            Color::White => "white",
            Color::Black => "black",
        }
    }
}

impl Not for Color {
    type Output = Color;
    #[inline(always)]
    fn not(self) -> Color {
        match self {
            Color::White => Color::Black,
            Color::Black => Color::White,
        }
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A piece kind. Which kinds a game uses is part of its rules.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Kind {
    /// The plain piece: man, Knight's-draughts knight, Ossetian piece, Medieval pawn.
    Man = 0,
    /// The king.
    King = 1,
    /// Medieval battle's knight (prefix `N`).
    Knight = 2,
    /// Medieval battle's commander (prefix `C`).
    Commander = 3,
}

impl Kind {
    /// All kinds in index order.
    pub const ALL: [Kind; 4] = [Kind::Man, Kind::King, Kind::Knight, Kind::Commander];
    /// Index 0..4.
    #[inline(always)]
    pub const fn index(self) -> usize {
        self as usize
    }
    /// The FEN prefix letter; `None` for the plain piece.
    pub const fn prefix(self) -> Option<char> {
        match self {
            Kind::Man => None,
            Kind::King => Some('K'),
            Kind::Knight => Some('N'),
            Kind::Commander => Some('C'),
        }
    }
    /// The kind for a FEN prefix letter.
    pub const fn from_prefix(c: char) -> Option<Kind> {
        match c {
            'K' => Some(Kind::King),
            'N' => Some(Kind::Knight),
            'C' => Some(Kind::Commander),
            _ => None,
        }
    }
}

/// A coloured piece.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Piece {
    /// Its side.
    pub color: Color,
    /// Its kind.
    pub kind: Kind,
}
