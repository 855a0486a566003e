//! Squares in algebraic notation, shared by every board size.
//!
//! A [`Square`] is a file and a rank on a board of up to 10×10 squares,
//! named from White's side (`a1` bottom left, `j10` top right on 10×10).
//! It knows nothing of a particular game: whether a square exists or is
//! playable is a question for the game's geometry.

use std::fmt;
use std::str::FromStr;

/// Largest number of files or ranks of any board.
pub const MAX_SIDE: u8 = 10;

/// A square by file (0 = `a`) and rank (0 = `1`).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Square(u8);

impl Square {
    /// The square on `file` (0-based) and `rank` (0-based); `None` off a 10×10 board.
    pub const fn new(file: u8, rank: u8) -> Option<Square> {
        if file < MAX_SIDE && rank < MAX_SIDE {
            Some(Square(rank * MAX_SIDE + file))
        } else {
            None
        }
    }
    /// The square with the given dense index (`rank * 10 + file`).
    pub const fn from_index(i: u8) -> Option<Square> {
        if i < MAX_SIDE * MAX_SIDE {
            Some(Square(i))
        } else {
            None
        }
    }
    /// The file, 0 for `a`.
    pub const fn file(self) -> u8 {
        self.0 % MAX_SIDE
    }
    /// The rank, 0 for `1`.
    pub const fn rank(self) -> u8 {
        self.0 / MAX_SIDE
    }
    /// Dense index `rank * 10 + file`, below 100.
    pub const fn index(self) -> u8 {
        self.0
    }
    /// Sort key in "file, then rank" order (the order of the notation).
    pub const fn file_rank_key(self) -> u8 {
        self.file() * MAX_SIDE + self.rank()
    }
}

/// A corner of the board, seen from White's side (White at the bottom).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Corner {
    /// The top left corner (`a8` on 8×8, `a10` on 10×10).
    TopLeft,
    /// The top right corner.
    TopRight,
    /// The bottom left corner, `a1`.
    BottomLeft,
    /// The bottom right corner (`h1` on 8×8).
    BottomRight,
}

/// How a game names its squares in moves and positions.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SquareNames {
    /// File letter and rank number, `a1` … `j10`, from White's side
    /// (the games here; Russian, Brazilian, Turkish draughts).
    Algebraic,
    /// The played squares numbered 1 to N row by row: the first row is
    /// the one of the corner, each row read from the corner's side
    /// (International and English draughts: from the top left, `1` =
    /// `b10` or `b8`; Italian: top left, `1` = `a8`; Spanish: bottom
    /// right, `1` = `h1`). See [`crate::geometry::Board::number`].
    Numeric(Corner),
}

/// A square as text names it, before a game says where it is: a name
/// such as `c3`, or a number on a numbered board (`32`). Parsing text
/// gives this; [`crate::rules::mechanics::locate`] finds the square in a
/// game (a number by the game's own numbering, or PDN's usual one from
/// the top left corner in a game that names its squares).
///
/// ```
/// use dama::{Square, SquareText};
/// assert_eq!("32".parse::<SquareText>().unwrap(), SquareText::Number(32));
/// let c3: Square = "c3".parse().unwrap();
/// assert_eq!("C3".parse::<SquareText>().unwrap(), SquareText::Name(c3));
/// assert!("0".parse::<SquareText>().is_err());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum SquareText {
    /// File letter and rank number.
    Name(Square),
    /// A square number (1 or more).
    Number(u32),
}

impl From<Square> for SquareText {
    fn from(s: Square) -> Self {
        SquareText::Name(s)
    }
}

impl FromStr for SquareText {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<SquareText, ParseSquareError> {
        if !s.is_empty() && s.bytes().all(|b| b.is_ascii_digit()) {
            return match s.parse::<u32>() {
                Ok(n) if (1..=999).contains(&n) => Ok(SquareText::Number(n)),
                _ => Err(ParseSquareError::BadNumber(s.to_string())),
            };
        }
        s.parse().map(SquareText::Name).map_err(|e| match e {
            ParseSquareError::Malformed(s) => ParseSquareError::NotASquare(s),
            e => e,
        })
    }
}

impl fmt::Display for SquareText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SquareText::Name(s) => write!(f, "{s}"),
            SquareText::Number(n) => write!(f, "{n}"),
        }
    }
}

impl fmt::Display for Square {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file()) as char, self.rank() + 1)
    }
}

/// Why a square name could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
pub enum ParseSquareError {
    /// Empty text where a square was expected.
    #[error("a square is missing")]
    Empty,
    /// Text that is not a letter followed by a number (where only a
    /// square's name is read).
    #[error("'{0}' is not a square name (like c3)")]
    Malformed(String),
    /// Text that is neither a square's name nor its number (where both
    /// are read, as in moves).
    #[error("'{0}' is not a square (a name like c3, or a square's number)")]
    NotASquare(String),
    /// A square number that is 0 or too large for any board.
    #[error("'{0}' is not a square number (squares are numbered from 1)")]
    BadNumber(String),
    /// A well-formed name beyond `j10`.
    #[error("'{0}' is off every board (files a–j, ranks 1–10)")]
    OffBoard(String),
}

/// ```
/// use dama::Square;
/// let s: Square = "j10".parse().unwrap();
/// assert_eq!((s.file(), s.rank()), (9, 9));
/// assert!("k1".parse::<Square>().is_err());
/// ```
impl FromStr for Square {
    type Err = ParseSquareError;
    fn from_str(s: &str) -> Result<Square, ParseSquareError> {
        let b = s.as_bytes();
        if b.is_empty() {
            return Err(ParseSquareError::Empty);
        }
        if !b[0].is_ascii() {
            return Err(ParseSquareError::Malformed(s.to_string()));
        }
        let fb = b[0].to_ascii_lowercase();
        let digits = &s[1..];
        if !fb.is_ascii_lowercase()
            || digits.is_empty()
            || digits.len() > 2
            || !digits.bytes().all(|c| c.is_ascii_digit())
            || digits.starts_with('0')
        {
            return Err(ParseSquareError::Malformed(s.to_string()));
        }
        let rank: u8 = digits
            .parse()
            .map_err(|_| ParseSquareError::Malformed(s.to_string()))?;
        let file = fb - b'a';
        Square::new(file, rank - 1).ok_or_else(|| ParseSquareError::OffBoard(s.to_string()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trip() {
        for i in 0..100 {
            let sq = Square::from_index(i).unwrap();
            assert_eq!(sq.to_string().parse::<Square>().unwrap(), sq);
        }
        assert_eq!("j10".parse::<Square>().unwrap().to_string(), "j10");
    }

    #[test]
    fn rejects_bad_names() {
        for s in ["", "a", "a0", "k1", "a11", "11", "a01", "ä1", "a1x"] {
            assert!(s.parse::<Square>().is_err(), "{s}");
        }
    }
}
