//! Positions in PDN's FEN, extended:
//! `SIDE:W<pieces>:B<pieces>[:H<n>][:F<n>]`, pieces as squares with an
//! optional kind prefix (`K`, `N`, `C`). Output is canonical (each side's
//! pieces by file, then rank); input accepts any order, spaces around
//! items and either colour's list first.

use crate::geometry::Geometry;
use crate::piece::{Color, Kind, Piece};
use crate::position::{Position, SetupError};
use crate::rules::mechanics::{parse_square, square_name, Mechanics};
use crate::square::{ParseSquareError, Square, SquareNames};
use std::fmt;
use std::str::FromStr;

/// Longest FEN text accepted.
pub const MAX_FEN_LEN: usize = 2000;

/// A position as text says it, not yet checked against a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Side to move.
    pub side: Color,
    /// Every piece with its square.
    pub pieces: Vec<(Square, Piece)>,
    /// The `H` field: the variant's no-capture / no-progress ply counter.
    pub counter: Option<u32>,
    /// The `F` field: the move number.
    pub fullmove: Option<u32>,
    /// The `MW`/`MB` fields (`MW2@28`), by colour index: the king run of
    /// Frisian draughts ([`Position::king_run`]), its length and its
    /// square as written (in the game's square names).
    pub king_runs: [Option<(u8, String)>; 2],
}

/// Why a FEN could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum FenError {
    /// Nothing given.
    #[error("the position is empty")]
    Empty,
    /// Longer than [`MAX_FEN_LEN`].
    #[error("the position text is too long ({0} characters, at most {MAX_FEN_LEN})")]
    TooLong(usize),
    /// The first field is not `W` or `B`.
    #[error("the side to move must be W or B, not '{0}'")]
    BadSide(String),
    /// A field that is neither a piece list nor `H`/`F`.
    #[error("unknown field '{0}' (expected W…, B…, H<n> or F<n>)")]
    UnknownField(String),
    /// A colour's piece list given twice.
    #[error("the pieces of {0} are listed twice")]
    DuplicateList(Color),
    /// A piece list is missing.
    #[error("the pieces of {0} are missing")]
    MissingList(Color),
    /// A piece that is not `[K|N|C]square`.
    #[error("bad piece '{item}' in {color}'s list: {reason}")]
    BadPiece {
        /// The item as written.
        item: String,
        /// Whose list.
        color: Color,
        /// What was wrong with the square.
        reason: ParseSquareError,
    },
    /// An unknown kind letter.
    #[error("bad piece '{item}' in {color}'s list: unknown kind letter '{letter}' (K, N or C)")]
    BadKind {
        /// The item.
        item: String,
        /// Whose list.
        color: Color,
        /// The letter.
        letter: char,
    },
    /// A counter that is not a number.
    #[error("bad counter '{0}': H and F take a whole number, like H0 or F12")]
    BadCounter(String),
    /// Nothing between two colons, or a colon at the end.
    #[error("field {0} is empty (two ':' in a row, or a ':' at the end)")]
    EmptyField(usize),
    /// A counter field given twice.
    #[error("the {0} field is given twice")]
    DuplicateField(char),
    /// The setup does not fit the game.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

fn parse_piece(item: &str, color: Color) -> Result<(Square, Piece), FenError> {
    let mut chars = item.chars();
    let first = chars.next().unwrap_or(' ');
    let (kind, rest) = if first.is_ascii_uppercase() {
        match Kind::from_prefix(first) {
            Some(k) => (k, &item[1..]),
            None => {
                return Err(FenError::BadKind {
                    item: item.to_string(),
                    color,
                    letter: first,
                })
            }
        }
    } else {
        (Kind::Man, item)
    };
    let sq: Square = rest.trim().parse().map_err(|reason| FenError::BadPiece {
        item: item.to_string(),
        color,
        reason,
    })?;
    Ok((sq, Piece { color, kind }))
}

impl FromStr for Setup {
    type Err = FenError;
    /// Reads a FEN without a game (squares, kinds, counters).
    ///
    /// ```
    /// use dama::{Color, Setup};
    /// let s: Setup = "B:W c3 , Kd2:Bh8:H12".parse().unwrap();
    /// assert_eq!((s.side, s.pieces.len(), s.counter), (Color::Black, 3, Some(12)));
    /// assert_eq!(s.to_string(), "B:Wc3,Kd2:Bh8:H12");
    /// ```
    ///
    /// # Errors
    ///
    /// [`FenError`] naming the field or piece that cannot be read.
    fn from_str(s: &str) -> Result<Setup, FenError> {
        if s.len() > MAX_FEN_LEN {
            return Err(FenError::TooLong(s.len()));
        }
        let s = s.trim().trim_matches('"').trim().trim_end_matches('.');
        if s.is_empty() {
            return Err(FenError::Empty);
        }
        let mut fields = s.split(':');
        let side = match fields.next().map(str::trim) {
            Some("W") | Some("w") => Color::White,
            Some("B") | Some("b") => Color::Black,
            Some(other) => return Err(FenError::BadSide(other.to_string())),
            None => return Err(FenError::Empty),
        };
        let mut lists: [Option<Vec<(Square, Piece)>>; 2] = [None, None];
        let mut counter = None;
        let mut fullmove = None;
        let mut king_runs: [Option<(u8, String)>; 2] = [None, None];
        for (i, field) in fields.enumerate() {
            let field = field.trim();
            if field.is_empty() {
                return Err(FenError::EmptyField(i + 2));
            }
            let mut cs = field.chars();
            let head = cs.next();
            let rest = cs.as_str();
            match head {
                Some('M') if rest.starts_with(['W', 'B']) => {
                    let i = usize::from(rest.starts_with('B'));
                    let (n, sq) = rest[1..]
                        .split_once('@')
                        .and_then(|(n, sq)| Some((n.trim().parse::<u8>().ok()?, sq.trim())))
                        .ok_or_else(|| FenError::BadCounter(field.to_string()))?;
                    king_runs[i] = Some((n, sq.to_string()));
                }
                Some(c @ ('W' | 'B' | 'w' | 'b')) => {
                    let color = if c.eq_ignore_ascii_case(&'W') {
                        Color::White
                    } else {
                        Color::Black
                    };
                    if lists[color.index()].is_some() {
                        return Err(FenError::DuplicateList(color));
                    }
                    let mut v = Vec::new();
                    for item in rest.split(',') {
                        let item = item.trim();
                        if item.is_empty() {
                            continue;
                        }
                        v.push(parse_piece(item, color)?);
                    }
                    lists[color.index()] = Some(v);
                }
                Some(c @ ('H' | 'F')) => {
                    let n: u32 = rest
                        .trim()
                        .parse()
                        .map_err(|_| FenError::BadCounter(field.to_string()))?;
                    let slot = if c == 'H' {
                        &mut counter
                    } else {
                        &mut fullmove
                    };
                    if slot.is_some() {
                        return Err(FenError::DuplicateField(c));
                    }
                    *slot = Some(n);
                }
                _ => return Err(FenError::UnknownField(field.to_string())),
            }
        }
        let [w, b] = lists;
        let mut pieces = w.ok_or(FenError::MissingList(Color::White))?;
        pieces.extend(b.ok_or(FenError::MissingList(Color::Black))?);
        Ok(Setup {
            side,
            pieces,
            counter,
            fullmove,
            king_runs,
        })
    }
}

/// The `MW`/`MB` fields of the king runs that are set.
fn write_king_runs(f: &mut fmt::Formatter<'_>, runs: &[Option<(u8, String)>; 2]) -> fmt::Result {
    for (c, run) in Color::ALL.into_iter().zip(runs) {
        if let Some((n, sq)) = run {
            write!(f, ":M{}{n}@{sq}", c.letter())?;
        }
    }
    Ok(())
}

impl fmt::Display for Setup {
    /// Canonical: `W:W…:B…`, squares by file then rank, then `:H` and `:F` if set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.side.letter())?;
        for c in Color::ALL {
            let mut v: Vec<&(Square, Piece)> =
                self.pieces.iter().filter(|(_, p)| p.color == c).collect();
            v.sort_by_key(|(s, _)| s.file_rank_key());
            write!(f, ":{}", c.letter())?;
            for (i, (sq, p)) in v.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                if let Some(l) = p.kind.prefix() {
                    write!(f, "{l}")?;
                }
                write!(f, "{sq}")?;
            }
        }
        if let Some(h) = self.counter {
            write!(f, ":H{h}")?;
        }
        write_king_runs(f, &self.king_runs)?;
        if let Some(n) = self.fullmove {
            write!(f, ":F{n}")?;
        }
        Ok(())
    }
}

/// Positions from and to FEN.
impl<R: Mechanics> Position<R> {
    /// The game's start position.
    ///
    /// ```
    /// use dama::{Czech, Position};
    /// let start = Position::<Czech>::start();
    /// assert_eq!(start.legal_moves().len(), 7);
    /// assert_eq!(start.to_string(), "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8");
    /// ```
    pub fn start() -> Self {
        let setup: Setup = R::START_FEN.parse().expect("start FEN parses");
        Self::from_setup(&setup).expect("start FEN is valid")
    }

    /// Checks a parsed setup against the game and builds the position
    /// (its counters are the game record's business, see
    /// [`crate::Game::from_setup`]).
    ///
    /// # Errors
    ///
    /// [`SetupError`] when a piece does not fit the game (see [`Position::from_pieces`]).
    pub fn from_setup(setup: &Setup) -> Result<Self, SetupError> {
        let mut pos = Self::from_pieces(setup.side, setup.pieces.iter().copied())?;
        if R::KING_MOVE_LIMIT > 0 {
            for c in Color::ALL {
                if let Some((n, sq)) = &setup.king_runs[c.index()] {
                    let run = parse_square::<R>(sq).map(|s| (s, *n));
                    pos.set_king_run(c, run);
                }
            }
        }
        Ok(pos)
    }

    /// The setup of this position (for writing FEN). Counters are left empty.
    pub fn to_setup(&self) -> Setup {
        Setup {
            side: self.side(),
            pieces: self.piece_list(),
            counter: None,
            fullmove: None,
            king_runs: self.king_runs(),
        }
    }

    /// The king runs as FEN fields hold them.
    fn king_runs(&self) -> [Option<(u8, String)>; 2] {
        Color::ALL.map(|c| self.king_run(c).map(|(sq, n)| (n, square_name::<R>(sq))))
    }
}

impl<R: Mechanics> fmt::Display for Position<R> {
    /// The canonical FEN, in the game's square names
    /// ([`Mechanics::SQUARE_NAMES`]; numbered squares in ascending order).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let SquareNames::Numeric(corner) = R::SQUARE_NAMES else {
            return write!(f, "{}", self.to_setup());
        };
        write!(f, "{}", self.side().letter())?;
        let board = R::Geo::BOARD;
        for c in Color::ALL {
            let mut v: Vec<(u32, Piece)> = self
                .piece_list()
                .into_iter()
                .filter(|(_, p)| p.color == c)
                .filter_map(|(s, p)| {
                    let n = board.number(i32::from(s.file()), i32::from(s.rank()), corner)?;
                    Some((n, p))
                })
                .collect();
            v.sort_by_key(|(n, _)| *n);
            write!(f, ":{}", c.letter())?;
            for (i, (n, p)) in v.iter().enumerate() {
                if i > 0 {
                    f.write_str(",")?;
                }
                if let Some(l) = p.kind.prefix() {
                    write!(f, "{l}")?;
                }
                write!(f, "{n}")?;
            }
        }
        write_king_runs(f, &self.king_runs())
    }
}

impl<R: Mechanics> fmt::Debug for Position<R> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position<{}>({})", R::VARIANT, self)
    }
}

impl<R: Mechanics> FromStr for Position<R> {
    type Err = FenError;
    /// Reads a FEN and checks it against the game.
    ///
    /// ```
    /// use dama::{Gothic, Position};
    /// let pos: Position<Gothic> = "W:Wa1,b2:Bh8".parse().unwrap();
    /// assert_eq!(pos.to_string(), "W:Wa1,b2:Bh8");
    /// assert!("W:Wa1:Bz9".parse::<Position<Gothic>>().is_err());
    /// ```
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let setup: Setup = s.parse()?;
        Self::from_setup(&setup).map_err(FenError::Setup)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn canonical_output_any_order_input() {
        let s: Setup = "B:Bb6,Ka7:Wc3,a1,Ka3:H4".parse().unwrap();
        assert_eq!(s.to_string(), "B:Wa1,Ka3,c3:BKa7,b6:H4");
    }

    #[test]
    fn errors() {
        assert!(matches!("".parse::<Setup>(), Err(FenError::Empty)));
        assert!(matches!(
            "X:W:B".parse::<Setup>(),
            Err(FenError::BadSide(_))
        ));
        assert!(matches!(
            "W:Wa1".parse::<Setup>(),
            Err(FenError::MissingList(Color::Black))
        ));
        assert!(matches!(
            "W:Wz1:B".parse::<Setup>(),
            Err(FenError::BadPiece { .. })
        ));
        assert!(matches!(
            "W:WQa1:B".parse::<Setup>(),
            Err(FenError::BadKind { .. })
        ));
        assert!(matches!(
            "W:W:B:Hx".parse::<Setup>(),
            Err(FenError::BadCounter(_))
        ));
        assert!(matches!(
            "W:W:B:W".parse::<Setup>(),
            Err(FenError::DuplicateList(_))
        ));
        assert_eq!("W::W:B".parse::<Setup>(), Err(FenError::EmptyField(2)));
        assert_eq!(
            "W:Wa1:B:".parse::<Setup>().unwrap_err().to_string(),
            "field 4 is empty (two ':' in a row, or a ':' at the end)"
        );
        assert_eq!(
            "W:Wa1:B:H-1".parse::<Setup>().unwrap_err().to_string(),
            "bad counter 'H-1': H and F take a whole number, like H0 or F12"
        );
    }
}
