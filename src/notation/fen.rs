//! Positions in PDN's FEN, extended:
//! `SIDE:W<pieces>:B<pieces>[:H<n>][:C<n>][:E<n>][:L<n>][:MW<n>@<sq>][:MB<n>@<sq>][:F<n>]`, pieces as
//! squares with an optional kind prefix (`K`, `N`, `C`). A square is a
//! name (`c3`) or a number (`32`, on a numbered board), and a list may
//! give a range of numbers (`W31-50`, `BK1-3`). Output is canonical, in
//! the game's square names (each side's pieces by file, then rank, or
//! by number); input accepts any order, spaces around items, either
//! colour's list first, and lidraughts' `+…` field (ignored).
//!
//! The counters: `H` the game's no-capture or no-progress ply counter,
//! `C` plies since the last capture or promotion, `E` plies since the
//! current endgame class began, `L` the endgame limit a game counts to
//! where the board alone would say another (Czech draughts, three kings
//! against a lone king; Russian and Brazilian, an endgame class kept
//! since the material appeared), `F` the move number. Which of them a game
//! writes is its rules' choice ([`crate::rules::Rules::writes_since_material`],
//! [`crate::rules::Rules::fen_limit`]): whatever a reader needs to get the
//! same game back.

use crate::geometry::Geometry;
use crate::piece::{Color, Kind, Piece};
use crate::position::{Position, SetupError};
use crate::rules::mechanics::{locate, numbered_squares};
use crate::rules::mechanics::{parse_square, square_name, Mechanics};
use crate::square::{ParseSquareError, Square, SquareNames, SquareText};
use std::fmt;
use std::str::FromStr;

/// Longest FEN text accepted.
pub const MAX_FEN_LEN: usize = 2000;

/// A position as text says it, not yet checked against a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// Side to move.
    pub side: Color,
    /// Every piece with its square as written.
    pub pieces: Vec<(SquareText, Piece)>,
    /// The `H` field: the variant's no-capture / no-progress ply counter.
    pub counter: Option<u32>,
    /// The `C` field: plies since the last capture or promotion.
    pub since_material: Option<u32>,
    /// The `E` field: plies since the current endgame class began.
    pub since_class: Option<u32>,
    /// The `L` field: the endgame limit in plies the game counts to, where
    /// the position alone does not say which (Czech draughts: three kings
    /// against a lone king that stood on the main diagonal when the
    /// material appeared, or did not and stands there now; Russian and
    /// Brazilian: the endgame class judged when the material appeared,
    /// 10 for R1 and R2, 30 for R3, 0 for none).
    pub limit: Option<u32>,
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
    /// A field that is neither a piece list nor a counter (`H`, `C`, `E`,
    /// `L`, `F`) nor lidraughts' `+…`.
    #[error("unknown field '{0}' (expected W…, B…, H<n>, C<n>, E<n>, L<n>, F<n> or +…)")]
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
    #[error("bad counter '{0}': H, C, E and F take a whole number, like H0 or F12")]
    BadCounter(String),
    /// Nothing between two colons, or a colon at the end.
    #[error("field {0} is empty (two ':' in a row, or a ':' at the end)")]
    EmptyField(usize),
    /// A counter field given twice.
    #[error("the {0} field is given twice")]
    DuplicateField(char),
    /// A range of square numbers that is not `low-high` with `low <= high`.
    #[error("bad range '{item}' in {color}'s list: write the lower number first, like 31-50")]
    BadRange {
        /// The item.
        item: String,
        /// Whose list.
        color: Color,
    },
    /// The setup does not fit the game.
    #[error(transparent)]
    Setup(#[from] SetupError),
}

/// One item of a piece list: a square or a range of numbers, each with
/// an optional kind prefix, pushed onto `out`.
fn parse_item(
    item: &str,
    color: Color,
    out: &mut Vec<(SquareText, Piece)>,
) -> Result<(), FenError> {
    let mut chars = item.chars();
    let first = chars.next().unwrap_or(' ');
    // A FEN in lower case: `k` and `n` are no file's letter, so they
    // are prefixes; `c` is one only before a file's letter (`cc3` a
    // commander on c3, `c3` a man).
    let lower_prefix = match first {
        'k' | 'n' => true,
        'c' => chars.next().is_some_and(|c| c.is_ascii_alphabetic()),
        _ => false,
    };
    let (kind, rest) = if first.is_ascii_uppercase() || lower_prefix {
        match Kind::from_prefix(first.to_ascii_uppercase()) {
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
    let piece = Piece { color, kind };
    let square = |t: &str| -> Result<SquareText, FenError> {
        t.trim().parse().map_err(|reason| FenError::BadPiece {
            item: item.to_string(),
            color,
            reason,
        })
    };
    if let Some((lo, hi)) = rest.split_once('-') {
        let (SquareText::Number(lo), SquareText::Number(hi)) = (square(lo)?, square(hi)?) else {
            return Err(FenError::BadRange {
                item: item.to_string(),
                color,
            });
        };
        if lo > hi {
            return Err(FenError::BadRange {
                item: item.to_string(),
                color,
            });
        }
        out.extend((lo..=hi).map(|n| (SquareText::Number(n), piece)));
        return Ok(());
    }
    out.push((square(rest)?, piece));
    Ok(())
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
        let mut lists: [Option<Vec<(SquareText, Piece)>>; 2] = [None, None];
        let mut counter = None;
        let mut since_material = None;
        let mut since_class = None;
        let mut limit = None;
        let mut fullmove = None;
        let mut king_runs: [Option<(u8, String)>; 2] = [None, None];
        for (i, field) in fields.enumerate() {
            let field = field.trim();
            if field.is_empty() {
                return Err(FenError::EmptyField(i + 2));
            }
            let mut cs = field.chars();
            // Pieces' lists keep their own case (`w`, `b`); the other
            // fields' letters read in either case.
            let head = cs.next().map(|c| match c {
                'w' | 'b' => c,
                _ => c.to_ascii_uppercase(),
            });
            let rest = cs.as_str();
            match head {
                Some('M') if rest.starts_with(['W', 'B', 'w', 'b']) => {
                    let i = usize::from(rest.starts_with(['B', 'b']));
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
                        parse_item(item, color, &mut v)?;
                    }
                    lists[color.index()] = Some(v);
                }
                // lidraughts' Frisian field, not ours to read.
                Some('+') => {}
                Some(c @ ('H' | 'C' | 'E' | 'L' | 'F')) => {
                    let n: u32 = rest
                        .trim()
                        .parse()
                        .map_err(|_| FenError::BadCounter(field.to_string()))?;
                    let slot = match c {
                        'H' => &mut counter,
                        'C' => &mut since_material,
                        'E' => &mut since_class,
                        'L' => &mut limit,
                        _ => &mut fullmove,
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
            since_material,
            since_class,
            limit,
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
    /// Canonical: `W:W…:B…`, squares by file then rank (numbers in
    /// ascending order, after the names), then `:H`, `:C`, `:E`, `:L` and `:F`
    /// if set.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.side.letter())?;
        for c in Color::ALL {
            let mut v: Vec<&(SquareText, Piece)> =
                self.pieces.iter().filter(|(_, p)| p.color == c).collect();
            v.sort_by_key(|(s, _)| match s {
                SquareText::Name(s) => (0, u32::from(s.file_rank_key())),
                SquareText::Number(n) => (1, *n),
            });
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
        if let Some(c) = self.since_material {
            write!(f, ":C{c}")?;
        }
        if let Some(e) = self.since_class {
            write!(f, ":E{e}")?;
        }
        if let Some(l) = self.limit {
            write!(f, ":L{l}")?;
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
        let mut pieces = Vec::with_capacity(setup.pieces.len());
        for &(t, p) in &setup.pieces {
            let sq = locate::<R>(t).ok_or(SetupError::NoSuchNumber {
                number: match t {
                    SquareText::Number(n) => n,
                    SquareText::Name(_) => 0,
                },
                count: numbered_squares::<R>(),
                game: R::VARIANT.title(),
            })?;
            pieces.push((sq, p));
        }
        let mut pos = Self::from_pieces(setup.side, pieces)?;
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

    /// The setup of this position (for writing FEN), in the game's
    /// square names. Counters are left empty.
    pub fn to_setup(&self) -> Setup {
        let name = |s: Square| match R::SQUARE_NAMES {
            SquareNames::Algebraic => SquareText::Name(s),
            SquareNames::Numeric(corner) => R::Geo::BOARD
                .number(i32::from(s.file()), i32::from(s.rank()), corner)
                .map_or(SquareText::Name(s), SquareText::Number),
        };
        Setup {
            side: self.side(),
            pieces: self
                .piece_list()
                .into_iter()
                .map(|(s, p)| (name(s), p))
                .collect(),
            counter: None,
            since_material: None,
            since_class: None,
            limit: None,
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
        write!(f, "{}", self.to_setup())
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
    fn numbers_ranges_and_counters() {
        let s: Setup = "B:W31-33,K40:BK1-2,7:H3:C4:E5:F9".parse().unwrap();
        assert_eq!(s.pieces.len(), 7);
        assert_eq!(s.to_string(), "B:W31,32,33,K40:BK1,K2,7:H3:C4:E5:F9");
        assert_eq!(
            "W:W5-3:B1".parse::<Setup>().unwrap_err().to_string(),
            "bad range '5-3' in white's list: write the lower number first, like 31-50"
        );
        assert!(matches!(
            "W:Wa1-c3:B1".parse::<Setup>(),
            Err(FenError::BadRange { .. })
        ));
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
            "bad counter 'H-1': H, C, E and F take a whole number, like H0 or F12"
        );
    }
}
