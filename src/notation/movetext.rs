//! Moves as text: `c3-d4`, `c3xe5xc7`, `c3:e5:c7`, the short `c3xc7`,
//! numbered squares (`32-28`, `28x19x10`, the short `28x10`), and
//! `pass`. Also accepted: upper case, spaces around the separators, the
//! dashes and the multiplication sign a phone may put in their place
//! (`c3–d4`, `c3×e5`), and squares separated by spaces only (`c3 d4`,
//! read like a `-` move: it still matches a capture with those squares). [`MoveText`] is what the text says; which legal move it means
//! is decided against a position by [`crate::explain::resolve`].

use crate::moves::Move;
use crate::position::Position;
use crate::rules::mechanics::{square_name, Mechanics};
use crate::square::{ParseSquareError, SquareNames, SquareText};
use smallvec::SmallVec;
use std::fmt;
use std::str::FromStr;

/// Longest move text accepted.
pub const MAX_MOVE_LEN: usize = 200;

/// A move as written.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MoveText {
    /// `pass`.
    Pass,
    /// Squares joined by `-` (a plain move) or by `x`/`:` (a capture).
    Path {
        /// The origin, then the landing squares given.
        squares: SmallVec<[SquareText; 8]>,
        /// Written with `x` or `:`.
        capture: bool,
    },
}

/// Why a move text could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
    /// Nothing given.
    #[error("the move is empty")]
    Empty,
    /// Too long to be a move.
    #[error("the move text is too long ({0} characters)")]
    TooLong(usize),
    /// A square name that cannot be read.
    #[error("in '{text}': {reason}")]
    BadSquare {
        /// The whole text.
        text: String,
        /// What was wrong.
        reason: ParseSquareError,
    },
    /// Only one square.
    #[error("'{0}' names only one square; write the origin and the destination, like c3-d4")]
    OneSquare(String),
    /// `-` mixed with `x` or `:`.
    #[error("'{0}' mixes '-' with 'x' or ':'")]
    MixedSeparators(String),
}

impl FromStr for MoveText {
    type Err = MoveTextError;
    /// Reads a move as written, without a game: squares joined by `-`
    /// (a step), `x` or `:` (a capture), or `pass`.
    ///
    /// ```
    /// use dama::MoveText;
    /// let t: MoveText = "c3xe5xc7".parse().unwrap();
    /// assert_eq!(t.to_string(), "c3xe5xc7");
    /// assert_eq!("C3:E5".parse::<MoveText>().unwrap().to_string(), "c3xe5");
    /// assert!("c3-".parse::<MoveText>().is_err());
    /// ```
    ///
    /// # Errors
    ///
    /// [`MoveTextError`] naming what is wrong with the text.
    fn from_str(s: &str) -> Result<MoveText, MoveTextError> {
        if s.len() > MAX_MOVE_LEN {
            return Err(MoveTextError::TooLong(s.len()));
        }
        let t = s.trim();
        if t.is_empty() {
            return Err(MoveTextError::Empty);
        }
        if t.eq_ignore_ascii_case("pass") {
            return Ok(MoveText::Pass);
        }
        // What keyboards and phones make of '-' and 'x'.
        let t = &t
            .replace(['\u{2013}', '\u{2014}', '\u{2212}'], "-")
            .replace('\u{d7}', "x");
        let dash = t.contains('-');
        let cap = t.contains(['x', 'X', ':']);
        if dash && cap {
            return Err(MoveTextError::MixedSeparators(t.to_string()));
        }
        let parts: Vec<&str> = if dash || cap {
            t.split(['-', 'x', 'X', ':']).collect()
        } else {
            // Squares separated by spaces only: `c3 d4`.
            t.split_whitespace().collect()
        };
        let mut squares = SmallVec::new();
        for part in parts {
            let sq = part
                .trim()
                .parse()
                .map_err(|reason| MoveTextError::BadSquare {
                    text: t.to_string(),
                    reason,
                })?;
            squares.push(sq);
        }
        if squares.len() < 2 {
            return Err(MoveTextError::OneSquare(t.to_string()));
        }
        Ok(MoveText::Path {
            squares,
            capture: cap,
        })
    }
}

impl fmt::Display for MoveText {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MoveText::Pass => f.write_str("pass"),
            MoveText::Path { squares, capture } => {
                for (i, s) in squares.iter().enumerate() {
                    if i > 0 {
                        f.write_str(if *capture { "x" } else { "-" })?;
                    }
                    write!(f, "{s}")?;
                }
                Ok(())
            }
        }
    }
}

/// A move as game `R`'s records write it in `pos`: on a numbered board
/// a capture is written short, origin and destination only (`28x10`),
/// when no other legal move joins the same two squares; otherwise, and
/// in games that name their squares, the full path ([`Move`]'s
/// `Display`).
pub fn write_move<R: Mechanics>(pos: &Position<R>, m: &Move<R>) -> String {
    let full = m.to_string();
    if !matches!(R::SQUARE_NAMES, SquareNames::Numeric(_)) || !m.is_capture() || m.path().len() < 2
    {
        return full;
    }
    let same_ends = |o: &Move<R>| o.from() == m.from() && o.to() == m.to();
    if pos.legal_moves().iter().filter(|o| same_ends(o)).count() != 1 {
        return full;
    }
    let (Some(from), Some(to)) = (m.from(), m.to()) else {
        return full;
    };
    format!(
        "{}{}{}",
        square_name::<R>(from),
        R::CAPTURE_SEP,
        square_name::<R>(to)
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_forms() {
        assert_eq!("pass".parse::<MoveText>().unwrap(), MoveText::Pass);
        assert_eq!(
            "c3:e5:c7".parse::<MoveText>().unwrap().to_string(),
            "c3xe5xc7"
        );
        assert_eq!(" c3-d4 ".parse::<MoveText>().unwrap().to_string(), "c3-d4");
        assert!("c3".parse::<MoveText>().is_err());
        assert!("c3-d4xe5".parse::<MoveText>().is_err());
        assert!("c3-".parse::<MoveText>().is_err());
        assert!("".parse::<MoveText>().is_err());
        assert_eq!("c3 d4".parse::<MoveText>().unwrap().to_string(), "c3-d4");
        assert_eq!(
            "c3\u{2013}d4".parse::<MoveText>().unwrap().to_string(),
            "c3-d4"
        );
        assert_eq!(
            "c3\u{d7}e5".parse::<MoveText>().unwrap().to_string(),
            "c3xe5"
        );
        assert!("c3 d4xe5".parse::<MoveText>().is_err());
    }
}
