//! Hub's notation: the names of the games, the position string and the
//! moves, all by square number.
//!
//! Scan's protocol defines them for international draughts: squares
//! 1–50 from the top left, the position string `W` or `B` and one
//! letter per square in that order, moves `32-28` and `28x19x23`. The
//! other 10×10 games and the games with numbered squares (English,
//! Italian, Spanish draughts, pool and Thai checkers) use their own
//! numbers the same way. For the 8×8 games beyond Scan, Hub has no
//! standard; dama speaks them as pydraughts does (`HubEngine.play`, its
//! `Board.legal_moves()` and `Game.initial_hub_fen`), pydraughts being
//! the Hub client that plays them (lidraughts bots use it):
//!
//! - in moves, a game that names its squares (Russian, Brazilian,
//!   Turkish, Czech draughts, …) numbers them from `a1`, row by row from
//!   White's side (`a1` = 1, `c1` = 2, `b2` = 5 on a dark board; `a1` to
//!   `h1` = 1–8 in Turkish draughts), as pydraughts'
//!   `_algebraic_to_numeric_square` does;
//! - in the position string, squares are in PDN's usual order from the
//!   top left corner (`b8` first in Russian draughts, `a8` in Turkish
//!   draughts), the order of pydraughts' position strings;
//! - in a game where Black moves first (English draughts, pool
//!   checkers), the position string is seen from the first player's
//!   side, as pydraughts writes English draughts: the side letter `W`
//!   and the letters `w`, `W` are Black's, and the squares run from the
//!   last number down to 1.
//!
//! A move is `from-to` (`32-28`), or for a capture `from x to` and then
//! `x` and each captured square, in ascending order when written and in
//! any order when read (`28x19x23`), as Scan writes them (`move::to_hub`
//! in Scan's `move.cpp`) and pydraughts sends them. A pass (Gothic and
//! Ossetian draughts) is `0-0`, pydraughts' null move.

use crate::any::{AnyGame, MoveInfo};
use crate::game::GameOptions;
use crate::geometry::Geometry;
use crate::notation::fen::{FenError, Setup};
use crate::piece::{Color, Kind, Piece};
use crate::rules::mechanics::{locate, numbered_squares, Mechanics};
use crate::square::{Corner, Square, SquareNames, SquareText};
use crate::variant::Variant;

/// Scan's names for the games it plays that dama's registry names
/// otherwise (Scan's `var.cpp`), with the registry's names; Hub
/// announces and accepts these. The first is Scan's default game.
const SCAN_NAMES: [(&str, &str); 3] = [
    ("normal", "international"),
    ("bt", "breakthrough"),
    ("losing", "antidraughts"),
];

/// Other names accepted, with the registry's names: pydraughts' for
/// international draughts and for American checkers.
const OTHER_NAMES: [(&str, &str); 2] = [("standard", "international"), ("american", "english")];

/// The game a Hub engine plays until told otherwise: Scan's default,
/// `normal` (international draughts), the game Hub GUIs and pydraughts
/// expect.
pub fn default_variant() -> Variant {
    variant_named(SCAN_NAMES[0].0).unwrap_or_default()
}

/// A game's name in Hub: Scan's name where Scan has one, else the
/// registry's.
///
/// ```
/// use dama::hub::notation::hub_name;
/// use dama::Variant;
/// assert_eq!(hub_name(Variant::International), "normal");
/// assert_eq!(hub_name(Variant::Russian), "russian");
/// ```
pub fn hub_name(v: Variant) -> &'static str {
    SCAN_NAMES
        .iter()
        .find(|(_, registry)| *registry == v.name())
        .map_or(v.name(), |(n, _)| n)
}

/// Every game's Hub name, in the registry's order.
pub fn hub_names() -> Vec<&'static str> {
    Variant::ALL.iter().map(|&v| hub_name(v)).collect()
}

/// The game of a name, in any case: a Hub name, a registry name
/// (`breakthrough`, `antidraughts`), or pydraughts' `standard` and
/// `american`.
pub fn variant_named(name: &str) -> Option<Variant> {
    let registry = SCAN_NAMES
        .iter()
        .chain(OTHER_NAMES.iter())
        .find(|(n, _)| n.eq_ignore_ascii_case(name))
        .map_or(name, |(_, r)| r);
    registry.parse().ok()
}

/// How many squares the game numbers.
pub fn square_count(v: Variant) -> u32 {
    crate::dispatch!(v, R => numbered_squares::<R>())
}

/// The corner moves number the squares from: the game's own
/// numbering's, or `a1` in a game that names its squares.
fn move_corner<R: Mechanics>() -> Corner {
    match R::SQUARE_NAMES {
        SquareNames::Numeric(c) => c,
        SquareNames::Algebraic => Corner::BottomLeft,
    }
}

/// The square numbered `n` in moves, if the game has it.
///
/// ```
/// use dama::hub::notation::square_of;
/// use dama::Variant;
/// assert_eq!(square_of(Variant::International, 1).unwrap().to_string(), "b10");
/// assert_eq!(square_of(Variant::Russian, 10).unwrap().to_string(), "c3");
/// assert_eq!(square_of(Variant::Turkish, 9).unwrap().to_string(), "a2");
/// assert_eq!(square_of(Variant::Russian, 33), None);
/// ```
pub fn square_of(v: Variant, n: u32) -> Option<Square> {
    crate::dispatch!(v, R => {
        let (f, r) = <R as Mechanics>::Geo::BOARD.square_numbered(n, move_corner::<R>())?;
        Square::new(f, r)
    })
}

/// The number of a played square in moves.
pub fn number_of(v: Variant, sq: Square) -> Option<u32> {
    crate::dispatch!(v, R => <R as Mechanics>::Geo::BOARD.number(
        i32::from(sq.file()),
        i32::from(sq.rank()),
        move_corner::<R>(),
    ))
}

/// The square of letter `k` (from 1) of a position string: PDN's usual
/// order from the top left, backwards in a game where Black moves first.
fn position_square(v: Variant, k: u32) -> Option<Square> {
    let n = if v.first_player() == Color::Black {
        (square_count(v) + 1).checked_sub(k)?
    } else {
        k
    };
    crate::dispatch!(v, R => locate::<R>(SquareText::Number(n)))
}

/// Why a position string was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// Not one side letter and one letter per square.
    #[error("the position must have {want} characters (W or B, then one of w, b, W, B, e for each of the {squares} squares of {game}), not {got}", want = .squares + 1)]
    Length {
        /// Characters given.
        got: usize,
        /// Squares of the game.
        squares: u32,
        /// The game's title.
        game: &'static str,
    },
    /// The side to move is not `W` or `B`.
    #[error("the side to move must be W or B, not '{0}'")]
    Side(char),
    /// A square letter other than `w`, `b`, `W`, `B`, `e`.
    #[error("square {square}: '{letter}' is not one of w, b, W, B, e")]
    Letter {
        /// The square number.
        square: u32,
        /// The letter.
        letter: char,
    },
    /// The game refuses the position (no pieces, a man on its last rank, …).
    #[error("{0}")]
    Game(FenError),
}

/// A game of `variant` from a Hub position string: the side to move
/// (`W` or `B`) and one letter per square (`w`, `b` for men, `W`, `B`
/// for kings, `e` for empty), in the order of the module's notes.
///
/// ```
/// use dama::hub::notation::read_position;
/// use dama::{GameOptions, Variant};
/// let start = format!("W{}{}{}", "b".repeat(20), "e".repeat(10), "w".repeat(20));
/// let g = read_position(Variant::International, &start, GameOptions::default()).unwrap();
/// assert_eq!(g.legal_moves().len(), 9);
/// assert!(read_position(Variant::Russian, &start, GameOptions::default()).is_err());
/// ```
///
/// # Errors
///
/// [`PositionError`]: a wrong length or letter, or a position the game refuses.
pub fn read_position(
    variant: Variant,
    text: &str,
    options: GameOptions,
) -> Result<AnyGame, PositionError> {
    let squares = square_count(variant);
    let letters: Vec<char> = text.chars().collect();
    if letters.len() != squares as usize + 1 {
        return Err(PositionError::Length {
            got: letters.len(),
            squares,
            game: variant.title(),
        });
    }
    let flipped = variant.first_player() == Color::Black;
    let seen = |c: Color| if flipped { !c } else { c };
    let side = match letters[0] {
        'W' => seen(Color::White),
        'B' => seen(Color::Black),
        c => return Err(PositionError::Side(c)),
    };
    let mut pieces = Vec::new();
    for (k, &c) in (1..).zip(&letters[1..]) {
        let (color, kind) = match c {
            'w' => (Color::White, Kind::Man),
            'b' => (Color::Black, Kind::Man),
            'W' => (Color::White, Kind::King),
            'B' => (Color::Black, Kind::King),
            'e' => continue,
            letter => return Err(PositionError::Letter { square: k, letter }),
        };
        let sq = position_square(variant, k).ok_or(PositionError::Letter {
            square: k,
            letter: c,
        })?;
        let piece = Piece {
            color: seen(color),
            kind,
        };
        pieces.push((SquareText::Name(sq), piece));
    }
    let setup = Setup {
        side,
        pieces,
        counter: None,
        since_material: None,
        since_class: None,
        limit: None,
        fullmove: None,
        king_runs: [None, None],
    };
    AnyGame::from_setup(variant, &setup, options).map_err(PositionError::Game)
}

/// The Hub position string of the game's current position; `None` when
/// a piece has a kind Hub cannot write (Knight's draughts, Medieval battle).
pub fn write_position(game: &AnyGame) -> Option<String> {
    let v = game.variant();
    let flipped = v.first_player() == Color::Black;
    let seen = |c: Color| if flipped { !c } else { c };
    let mut s = String::new();
    s.push(seen(game.side_to_move()).letter());
    for k in 1..=square_count(v) {
        let sq = position_square(v, k)?;
        let piece = game.piece_at(sq);
        s.push(match piece.map(|p| (seen(p.color), p.kind)) {
            None => 'e',
            Some((Color::White, Kind::Man)) => 'w',
            Some((Color::Black, Kind::Man)) => 'b',
            Some((Color::White, Kind::King)) => 'W',
            Some((Color::Black, Kind::King)) => 'B',
            Some(_) => return None,
        });
    }
    Some(s)
}

/// A move in Hub's notation (see the module's notes).
///
/// ```
/// use dama::hub::notation::{parse_move, write_move};
/// use dama::{AnyGame, GameOptions, Variant};
/// // White's man on 28 takes 23 and 14, landing on 10.
/// let g = AnyGame::from_fen(Variant::International, "W:W28:B23,14", GameOptions::default()).unwrap();
/// let m = parse_move(&g, "28x10x23x14").unwrap();
/// assert_eq!(write_move(Variant::International, &m), "28x10x14x23");
/// assert_eq!(parse_move(&g, "28x10").unwrap(), m);
/// assert!(parse_move(&g, "28x10x23").is_err());
/// ```
pub fn write_move(v: Variant, m: &MoveInfo) -> String {
    let num = |sq: Square| number_of(v, sq).map_or_else(|| sq.to_string(), |n| n.to_string());
    let (Some(from), Some(&to)) = (m.from, m.path.last()) else {
        return "0-0".to_string();
    };
    let mut caps: Vec<u32> = m.captured.iter().filter_map(|&s| number_of(v, s)).collect();
    caps.sort_unstable();
    let mut s = num(from);
    s.push(if m.captured.is_empty() { '-' } else { 'x' });
    s.push_str(&num(to));
    for c in caps {
        s.push('x');
        s.push_str(&c.to_string());
    }
    s
}

/// Why a Hub move was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MoveTextError {
    /// Not `n-n` or `nxn[xn…]`.
    #[error("'{0}' is not a move (expected from-to, or from x to x each captured square: 32-28, 28x19x23)")]
    Syntax(String),
    /// A number the board does not have.
    #[error("'{text}': there is no square {square} (squares are numbered 1–{count})")]
    NoSquare {
        /// The move.
        text: String,
        /// The number.
        square: u32,
        /// The game's squares.
        count: u32,
    },
    /// No legal move goes there (with those captures): the move, and
    /// what a player would be told (what the piece there can play, or
    /// that a capture is compulsory, or that it is not a piece of the
    /// side to move).
    #[error("'{text}' is not a legal move here: {why}")]
    Illegal {
        /// The move.
        text: String,
        /// The reason, in Hub's square numbers.
        why: String,
    },
    /// Several legal moves fit, and the text does not say which.
    #[error("'{0}' is ambiguous here: name every captured square")]
    Ambiguous(String),
}

/// The legal move a Hub move names: the same origin, destination and
/// set of captured squares (when captured squares are given; without
/// them, the only legal move from the origin to the destination).
///
/// # Errors
///
/// [`MoveTextError`]: unreadable, a square off the board, no such legal
/// move, or several.
pub fn parse_move(game: &AnyGame, text: &str) -> Result<MoveInfo, MoveTextError> {
    let v = game.variant();
    let legal = game.legal_moves();
    if text == "0-0" {
        return legal
            .iter()
            .find(|m| m.is_pass())
            .cloned()
            .ok_or_else(|| MoveTextError::Illegal {
                text: text.to_string(),
                why: if legal.is_empty() {
                    "the side to move has no move".to_string()
                } else if crate::dispatch!(v, R => <R as Mechanics>::PASSES) {
                    "a pass only when no piece can move".to_string()
                } else {
                    "this game has no pass".to_string()
                },
            });
    }
    let syntax = || MoveTextError::Syntax(crate::protocol::command::quote(text));
    // n (-|x) n (x n)*
    let mut numbers: Vec<u32> = Vec::new();
    for part in text.split(['-', 'x']) {
        if part.is_empty() || part.len() > 4 || !part.bytes().all(|b| b.is_ascii_digit()) {
            return Err(syntax());
        }
        numbers.push(part.parse().map_err(|_| syntax())?);
    }
    // Only the first separator may be `-`.
    let dashes = text.match_indices('-').count();
    if numbers.len() < 2
        || dashes > 1
        || (dashes == 1 && !text.split('x').next().is_some_and(|h| h.contains('-')))
    {
        return Err(syntax());
    }
    let count = square_count(v);
    let mut squares = Vec::with_capacity(numbers.len());
    for &n in &numbers {
        match square_of(v, n) {
            Some(sq) if n >= 1 => squares.push(sq),
            _ => {
                return Err(MoveTextError::NoSquare {
                    text: crate::protocol::command::quote(text),
                    square: n,
                    count,
                })
            }
        }
    }
    let (from, to, caps) = (squares[0], squares[1], &squares[2..]);
    let mut want: Vec<Square> = caps.to_vec();
    want.sort_by_key(|s| s.index());
    let fits: Vec<MoveInfo> = legal
        .iter()
        .filter(|m| m.from == Some(from) && m.path.last() == Some(&to))
        .filter(|m| {
            if caps.is_empty() {
                return true;
            }
            let mut got = m.captured.clone();
            got.sort_by_key(|s| s.index());
            got == want
        })
        .cloned()
        .collect();
    match fits.len() {
        0 => Err(MoveTextError::Illegal {
            text: crate::protocol::command::quote(text),
            why: why_illegal(game, &legal, from),
        }),
        1 => Ok(fits.into_iter().next().expect("one move")),
        // Different paths over the same pieces to the same square end
        // in the same position: any of them is the move.
        _ if !caps.is_empty() => Ok(fits.into_iter().next().expect("a move")),
        _ => {
            let first = &fits[0].captured;
            if fits.iter().all(|m| {
                let (mut a, mut b) = (m.captured.clone(), first.clone());
                a.sort_by_key(|s| s.index());
                b.sort_by_key(|s| s.index());
                a == b
            }) {
                Ok(fits.into_iter().next().expect("a move"))
            } else {
                Err(MoveTextError::Ambiguous(crate::protocol::command::quote(
                    text,
                )))
            }
        }
    }
}

/// Why no legal move fits a Hub move from `from`, in Hub's numbers:
/// what the piece there can play instead, or that a capture is
/// compulsory elsewhere, or what stands (or does not) on `from`.
fn why_illegal(game: &AnyGame, legal: &[MoveInfo], from: Square) -> String {
    let v = game.variant();
    let number = number_of(v, from).unwrap_or(0);
    // At most this many moves are listed, then "…".
    const SHOWN: usize = 8;
    let listed = |moves: Vec<&MoveInfo>| {
        let mut out: Vec<String> = moves.iter().take(SHOWN).map(|m| write_move(v, m)).collect();
        if moves.len() > SHOWN {
            out.push("…".to_string());
        }
        out.join(", ")
    };
    let here: Vec<&MoveInfo> = legal.iter().filter(|m| m.from == Some(from)).collect();
    if !here.is_empty() {
        return format!("the piece on {number} can play {}", listed(here));
    }
    if legal.iter().any(|m| !m.captured.is_empty()) {
        return format!(
            "a capture is compulsory: {}",
            listed(legal.iter().collect())
        );
    }
    if legal.iter().all(MoveInfo::is_pass) && !legal.is_empty() {
        return "no piece can move: the only move is 0-0".to_string();
    }
    match game.piece_at(from) {
        None => format!("there is no piece on {number}"),
        Some(p) if p.color != game.side_to_move() => {
            format!("the piece on {number} is not the side to move's")
        }
        Some(_) => format!("the piece on {number} has no move"),
    }
}

/// The moves of a line given in the game's notation (a principal
/// variation, a game's record), in Hub's notation, as far as they can be
/// played from the game's current position.
pub fn write_line(game: &AnyGame, moves: &[String]) -> Vec<String> {
    let v = game.variant();
    let mut g = game.clone();
    let mut out = Vec::with_capacity(moves.len());
    for text in moves {
        // Any form the game reads: a search's moves, or a record's.
        let Ok(m) = g.check_move(text) else {
            break;
        };
        if g.play_on(&m.text).is_err() {
            break;
        }
        out.push(write_move(v, &m));
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every game's start position and start moves survive the trip
    /// through Hub's notation.
    #[test]
    fn positions_and_moves_round_trip_in_every_game() {
        for v in Variant::ALL {
            let g = AnyGame::new(v, GameOptions::default());
            if let Some(text) = write_position(&g) {
                assert_eq!(text.len() as u32, square_count(v) + 1, "{v}");
                let back = read_position(v, &text, GameOptions::default()).unwrap();
                assert_eq!(back.fen(), g.fen(), "{v}");
                assert_eq!(write_position(&back).as_deref(), Some(text.as_str()));
            }
            for m in g.legal_moves() {
                let text = write_move(v, &m);
                assert_eq!(parse_move(&g, &text).as_ref(), Ok(&m), "{v} {text}");
            }
            for n in 1..=square_count(v) {
                let sq = square_of(v, n).unwrap();
                assert_eq!(number_of(v, sq), Some(n), "{v} {n}");
            }
            assert_eq!(square_of(v, square_count(v) + 1), None);
            assert_eq!(square_of(v, 0), None);
            assert_eq!(variant_named(hub_name(v)), Some(v));
            assert_eq!(variant_named(&v.name().to_uppercase()), Some(v));
        }
    }

    #[test]
    fn other_names_are_names_of_the_registry() {
        for (other, registry) in SCAN_NAMES.iter().chain(&OTHER_NAMES) {
            let v: Variant = registry.parse().unwrap();
            assert_eq!(variant_named(other), Some(v));
        }
        assert_eq!(default_variant(), Variant::International);
        assert_eq!(hub_name(Variant::Breakthrough), "bt");
    }

    #[test]
    fn the_eight_by_eight_games_as_pydraughts_writes_them() {
        let o = GameOptions::default();
        // Russian draughts: the position from b8, moves from a1.
        let start = format!("W{}{}{}", "b".repeat(12), "e".repeat(8), "w".repeat(12));
        let g = read_position(Variant::Russian, &start, o).unwrap();
        assert_eq!(g.fen(), AnyGame::new(Variant::Russian, o).fen());
        let mut moves: Vec<String> = g
            .legal_moves()
            .iter()
            .map(|m| write_move(Variant::Russian, m))
            .collect();
        moves.sort();
        assert_eq!(
            moves,
            ["10-13", "10-14", "11-14", "11-15", "12-15", "12-16", "9-13"]
        );
        // English draughts: pydraughts' start has W to move, meaning the
        // first player, Black.
        let g = read_position(Variant::English, &start, o).unwrap();
        assert_eq!(g.fen(), AnyGame::new(Variant::English, o).fen());
        // Seen from Black's side: Black's king on 1 is the last letter.
        let g = AnyGame::from_fen(Variant::English, "B:W32:BK1", o).unwrap();
        let text = write_position(&g).unwrap();
        assert_eq!(text, format!("Wb{}W", "e".repeat(30)));
    }

    #[test]
    fn bad_positions_and_moves_say_why() {
        let o = GameOptions::default();
        let v = Variant::International;
        let e = read_position(v, "Wbbb", o).unwrap_err().to_string();
        assert!(e.contains("51 characters") && e.ends_with("not 4"), "{e}");
        let long = format!("X{}", "e".repeat(50));
        assert_eq!(
            read_position(v, &long, o).unwrap_err(),
            PositionError::Side('X')
        );
        let bad = format!("W{}x{}", "e".repeat(9), "e".repeat(40));
        assert_eq!(
            read_position(v, &bad, o).unwrap_err(),
            PositionError::Letter {
                square: 10,
                letter: 'x'
            }
        );
        let empty = format!("W{}", "e".repeat(50));
        assert!(matches!(
            read_position(v, &empty, o),
            Err(PositionError::Game(_))
        ));
        let g = AnyGame::new(v, o);
        for text in [
            "", "32", "32-", "-28", "32--28", "32-28-23", "32x28-23", "a-b", "32 28",
        ] {
            assert!(
                matches!(parse_move(&g, text), Err(MoveTextError::Syntax(_))),
                "{text}"
            );
        }
        assert!(matches!(
            parse_move(&g, "32-51"),
            Err(MoveTextError::NoSquare { square: 51, .. })
        ));
        assert!(matches!(
            parse_move(&g, "46-41"),
            Err(MoveTextError::Illegal { .. })
        ));
        assert!(matches!(
            parse_move(&g, "0-0"),
            Err(MoveTextError::Illegal { .. })
        ));
        assert!(
            parse_move(&g, "32x28").is_ok(),
            "Scan reads either separator"
        );
    }
}
