//! How the pieces move: the lower half of a game's rules.
//!
//! [`Mechanics`] says everything that positions, move generation and
//! move explanations need: the board, the kinds of piece the game uses,
//! how each kind moves and captures, what it promotes to, and the few
//! switches that set games apart (the majority rule, the king-capture
//! priority, passes, promotion that ends a capture). It names nothing
//! above the board, so [`crate::position`] and [`crate::movegen`] can be
//! generic over it; the end of the game, which looks at positions and
//! counters, is the upper half, [`crate::rules::Rules`].

use crate::geometry::{flip_set, DirSet, Geometry};
use crate::piece::{Color, Kind};
use crate::square::{Corner, Square, SquareNames, SquareText};
use crate::variant::Variant;
use std::fmt::Debug;
use std::hash::Hash;

/// How a kind moves when it does not capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motion {
    /// The kind does not exist in the game.
    None,
    /// One step (or knight leap) in each direction of the set, onto an empty square.
    Step(DirSet),
    /// Any number of empty squares along each direction of the set.
    Slide(DirSet),
}

/// How a kind captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capture {
    /// It never captures.
    None,
    /// A short jump: the opponent piece one step (or leap) away, then an
    /// empty square one more equal step beyond it.
    Jump(DirSet),
    /// Capture at a distance along each direction: empty squares, the
    /// piece, then any empty landing square beyond it.
    Fly(DirSet),
}

const fn flip_motion(m: Motion) -> Motion {
    match m {
        Motion::None => Motion::None,
        Motion::Step(s) => Motion::Step(flip_set(s)),
        Motion::Slide(s) => Motion::Slide(flip_set(s)),
    }
}

const fn flip_capture(c: Capture) -> Capture {
    match c {
        Capture::None => Capture::None,
        Capture::Jump(s) => Capture::Jump(flip_set(s)),
        Capture::Fly(s) => Capture::Fly(flip_set(s)),
    }
}

/// Motions seen from each side: index 0 White (as written), 1 Black (mirrored).
pub const fn both_motions(m: [Motion; 4]) -> [[Motion; 4]; 2] {
    [
        m,
        [
            flip_motion(m[0]),
            flip_motion(m[1]),
            flip_motion(m[2]),
            flip_motion(m[3]),
        ],
    ]
}

/// Captures seen from each side: index 0 White (as written), 1 Black (mirrored).
pub const fn both_captures(c: [Capture; 4]) -> [[Capture; 4]; 2] {
    [
        c,
        [
            flip_capture(c[0]),
            flip_capture(c[1]),
            flip_capture(c[2]),
            flip_capture(c[3]),
        ],
    ]
}

/// Where a flying capture may end: the landing squares allowed when the
/// chain cannot go on from any of them.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Landing {
    /// Any empty square beyond the last piece jumped, up to the next
    /// occupied square.
    Any,
    /// As `Any`, except that when the last piece jumped is a king the
    /// capturing piece must stop on the square right behind it (the
    /// halt rule of Killer draughts).
    BehindLastKing,
}

/// One step of a game's capture precedence: among the captures still
/// allowed, keep those that rank highest by it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Precedence {
    /// A capture by a king before one by any other piece (Czech draughts,
    /// where it comes first: if a king can capture, a king must).
    ByKing,
    /// The capture that takes the most pieces, kings and men alike (the
    /// majority rule).
    MostPieces,
    /// The capture that takes the most kings.
    MostKings,
    /// The capture that meets a king earliest: the jump (first, second,
    /// …) at which the first king is taken, the earlier the better; if
    /// equal, the second king, and so on (Italian draughts).
    EarliestKing,
    /// The capture that takes the fewest kings.
    FewestKings,
    /// The capture of the highest value, counting `man` for each piece
    /// taken that is not a king and `king` for each king.
    MostValue {
        /// Worth of a piece that is not a king.
        man: u8,
        /// Worth of a king.
        king: u8,
    },
}

/// How the pieces of a game move, as compile-time constants. Move
/// generation is generic over it and compiled once per game, so these
/// constants fold away and the hot loops never ask "which game is
/// this?" at run time.
pub trait Mechanics:
    'static + Copy + Default + Debug + Send + Sync + PartialEq + Eq + Hash
{
    /// The board.
    type Geo: Geometry;
    /// The run-time name of the game (its line in the registry, [`crate::games`]).
    const VARIANT: Variant;
    /// Which kinds the game uses, by [`Kind::index`].
    const KINDS: [bool; 4];
    /// Non-capturing movement of each kind, for White (forward = up).
    const MOTION: [Motion; 4];
    /// Capturing of each kind, for White.
    const CAPTURE: [Capture; 4];
    /// Movement by colour; derived, do not override.
    const MOTIONS: [[Motion; 4]; 2] = both_motions(Self::MOTION);
    /// Captures by colour; derived, do not override.
    const CAPTURES: [[Capture; 4]; 2] = both_captures(Self::CAPTURE);
    /// What each kind becomes when it ends its move on its last rank.
    const PROMOTE: [Option<Kind>; 4];
    /// Promotion happens the moment the piece lands on the last rank and ends the capture (Knight's draughts).
    const PROMOTION_ENDS_CAPTURE: bool = false;
    /// A man that lands on the last rank in the middle of a capture is
    /// crowned at once and, if it can jump on as a king, must go on
    /// capturing as one (Russian draughts). Needs `PROMOTE[0] == Some(King)`.
    const PROMOTION_CONTINUES: bool = false;
    /// Which kinds each kind may capture, by [`Kind::index`]: bit `i` of
    /// `PREY[k]` set when kind `k` may jump kind `i` (all by default;
    /// Italian men never capture kings). Pieces a kind may not capture
    /// still block it.
    const PREY: [u8; 4] = [0b1111; 4];
    /// The capture precedence, as an ordering: each step keeps the
    /// captures that rank highest by it among those the steps before it
    /// left; then the choice is free. Empty (the default): free choice
    /// among all captures. Gothic draughts' majority rule is
    /// `&[MostPieces]`, Czech draughts' king priority `&[ByKing]`; Italian
    /// draughts would say `&[MostPieces, ByKing, MostKings, …]`.
    const PRECEDENCE: &'static [Precedence] = &[];
    /// Derived, do not override: the precedence starts with
    /// [`Precedence::ByKing`] (then the generator looks at kings first and
    /// at the other pieces only when no king can capture).
    const KING_FIRST: bool = matches!(Self::PRECEDENCE, [Precedence::ByKing, ..]);
    /// Derived, do not override: the steps that rank the captures found
    /// (the precedence without a leading [`Precedence::ByKing`]).
    const RANKING: &'static [Precedence] = match Self::PRECEDENCE {
        [Precedence::ByKing, rest @ ..] => rest,
        all => all,
    };
    /// Captured pieces leave the board at once, jump by jump, and their
    /// squares are empty for the rest of the move (Turkish, Thai); by
    /// default they stay as blockers until the move ends.
    const REMOVE_AT_ONCE: bool = false;
    /// Between two jumps of a chain a piece may not turn straight back
    /// (Turkish draughts' ban on the 180° turn).
    const NO_REVERSAL: bool = false;
    /// A flying capture lands on the square right behind the piece taken,
    /// never further (Thai draughts' kings).
    const LAND_NEXT: bool = false;
    /// While a side has a man, one king may make at most this many
    /// non-capturing moves in a row (Frisian draughts: 3); 0 (the
    /// default): no limit. The run is part of the position
    /// ([`crate::Position::king_run`]).
    const KING_MOVE_LIMIT: u8 = 0;
    /// A player who cannot move (but has pieces, and whose opponent can move) passes.
    const PASSES: bool = false;
    /// Where a flying capture may end ([`Landing::Any`] by default).
    const LANDING: Landing = Landing::Any;
    /// A man that ends its move promoted wins the game at once
    /// (Breakthrough draughts): a position where the opponent of the
    /// side to move has a king is finished and has no moves.
    const PROMOTION_WINS: bool = false;
    /// The start position in FEN.
    const START_FEN: &'static str;
    /// Derived, do not override: the side to move in [`Self::START_FEN`],
    /// the one that moves first (Black in English draughts and pool
    /// checkers). Move numbers count from its moves.
    const FIRST: Color = if Self::START_FEN.as_bytes()[0] == b'B' {
        Color::Black
    } else {
        Color::White
    };
    /// How the game names its squares (algebraic by default).
    const SQUARE_NAMES: SquareNames = SquareNames::Algebraic;
    /// The character between the squares of a capture in the game's
    /// notation (`x`; `:` in Russian draughts, `-` in Thai).
    const CAPTURE_SEP: char = 'x';
    /// A player's name for each kind ("man", "king", "knight", …).
    const KIND_NAMES: [&'static str; 4] = ["man", "king", "knight", "commander"];
    /// How each kind moves, in a player's words, for refusals.
    const KIND_MOVES: [&'static str; 4];
}

/// The bit-set type of a game.
pub type BB<R> = <<R as Mechanics>::Geo as Geometry>::B;

/// The name of a square in game `R`'s notation ([`Mechanics::SQUARE_NAMES`]):
/// `"c3"`, or its number on a numbered board.
pub fn square_name<R: Mechanics>(sq: Square) -> String {
    match R::SQUARE_NAMES {
        SquareNames::Algebraic => sq.to_string(),
        SquareNames::Numeric(corner) => R::Geo::BOARD
            .number(i32::from(sq.file()), i32::from(sq.rank()), corner)
            .map_or_else(|| sq.to_string(), |n| n.to_string()),
    }
}

/// A square from its name in game `R`'s notation: a number on a
/// numbered board, or an algebraic name (always accepted).
pub fn parse_square<R: Mechanics>(text: &str) -> Option<Square> {
    match R::SQUARE_NAMES {
        SquareNames::Numeric(corner) if text.bytes().all(|b| b.is_ascii_digit()) => {
            let n: u32 = text.parse().ok()?;
            let (f, r) = R::Geo::BOARD.square_numbered(n, corner)?;
            Square::new(f, r)
        }
        _ => text.parse().ok(),
    }
}

/// The square a [`SquareText`] names in game `R`, if it is on the board:
/// a name as it stands, a number by the game's numbering
/// ([`Mechanics::SQUARE_NAMES`]), or, in a game that names its squares,
/// by PDN's usual numbering from the top left corner (so Russian
/// draughts reads lidraughts' numbers). `None` for a number the board
/// does not have; a name is returned even if off this board (the
/// callers say why it is not playable).
pub fn locate<R: Mechanics>(text: SquareText) -> Option<Square> {
    match text {
        SquareText::Name(s) => Some(s),
        SquareText::Number(n) => {
            let corner = match R::SQUARE_NAMES {
                SquareNames::Numeric(c) => c,
                SquareNames::Algebraic => Corner::TopLeft,
            };
            let (f, r) = R::Geo::BOARD.square_numbered(n, corner)?;
            Square::new(f, r)
        }
    }
}

/// How many squares game `R` numbers (for messages about a number).
pub fn numbered_squares<R: Mechanics>() -> u32 {
    R::Geo::BOARD.playable_count()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geometry::{dir, dirs, Dark8x8, DIAGONALS};
    use crate::position::Position;
    use crate::square::Corner;

    /// Czech draughts' pieces, with English draughts' square numbers.
    #[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
    struct Numbered;

    impl Mechanics for Numbered {
        type Geo = Dark8x8;
        const VARIANT: Variant = Variant::Czech;
        const KINDS: [bool; 4] = [true, true, false, false];
        const MOTION: [Motion; 4] = [
            Motion::Step(dirs(&[dir::NE, dir::NW])),
            Motion::Slide(DIAGONALS),
            Motion::None,
            Motion::None,
        ];
        const CAPTURE: [Capture; 4] = [
            Capture::Jump(dirs(&[dir::NE, dir::NW])),
            Capture::Fly(DIAGONALS),
            Capture::None,
            Capture::None,
        ];
        const PROMOTE: [Option<Kind>; 4] = [Some(Kind::King), None, None, None];
        const START_FEN: &'static str = "W:Wc3:Bf6";
        const SQUARE_NAMES: SquareNames = SquareNames::Numeric(Corner::TopLeft);
        const KIND_MOVES: [&'static str; 4] = ["", "", "", ""];
    }

    #[test]
    fn numbered_squares_name_moves_and_positions() {
        let pos = Position::<Numbered>::start();
        let mut moves: Vec<String> = pos.legal_moves().iter().map(|m| m.to_string()).collect();
        moves.sort();
        assert_eq!(moves, ["22-17", "22-18"]);
        assert_eq!(pos.to_string(), "W:W22:B11");
        assert_eq!(square_name::<Numbered>("b8".parse().unwrap()), "1");
        assert_eq!(parse_square::<Numbered>("29"), "a1".parse().ok());
        assert_eq!(parse_square::<Numbered>("c3"), "c3".parse().ok());
        assert_eq!(parse_square::<Numbered>("33"), None);
    }

    #[test]
    fn numbers_are_read_in_positions_and_moves() {
        use crate::explain::parse_move;
        use crate::notation::movetext::write_move;
        // Ranges, kings, either colour first, lidraughts' extra field.
        let pos: Position<Numbered> = "W:B1-2,K5:W21-22:+0+0".parse().unwrap();
        assert_eq!(pos.to_string(), "W:W21,22:B1,2,K5");
        let err = "W:W40:B1".parse::<Position<Numbered>>().unwrap_err();
        assert_eq!(
            err.to_string(),
            "Czech draughts has no square 40 (its squares are numbered 1–32)"
        );
        let m = parse_move(&pos, "22-18").unwrap();
        assert_eq!(m.to_string(), "22-18");
        assert_eq!(write_move(&pos, &m), "22-18");
        assert!(parse_move(&pos, "22-40").is_err());
        // Refusals name the squares as the game does.
        assert_eq!(
            parse_move(&pos, "23-19").unwrap_err().to_string(),
            "there is no piece on 23"
        );
        assert_eq!(
            parse_move(&pos, "22-14").unwrap_err().to_string(),
            "22-14 is not a diagonal move: the pieces move only along the diagonals"
        );
        // A two-jump capture is written short when its ends are unique,
        // and the short form, the full path and a mix all read.
        let pos: Position<Numbered> = "W:W30:B26,18".parse().unwrap();
        let m = parse_move(&pos, "30x23x14").unwrap();
        assert_eq!(write_move(&pos, &m), "30x14");
        assert_eq!(parse_move(&pos, "30x14").unwrap(), m);
        assert_eq!(parse_move(&pos, "30:23:14").unwrap(), m);
        assert_eq!(parse_move(&pos, "c1xe3xc5").unwrap(), m);
    }
}
