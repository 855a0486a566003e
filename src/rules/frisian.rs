//! Frisian draughts (Fryske dammen).
//!
//! **Board and pieces.** 10×10, played on the 50 dark squares (`a1` is
//! dark), numbered 1–50 from the top left as in International draughts.
//! Twenty men each: White on 31–50, Black on 1–20. White moves first.
//!
//! **Men** step one square diagonally forward. They capture by a short
//! jump in **eight directions**: the four diagonals, and along their rank
//! and file, where the neighbour is the nearest playable square of that
//! line (two files or two ranks away; the light square between does not
//! count): along a row of five, `n` over `n±1` to `n±2`; along a column,
//! `n` over `n±10` to `n±20`.
//!
//! **Kings** move like International kings (diagonally, over any number
//! of empty squares) and capture at a distance in the same eight
//! directions (along ranks and files over playable squares only). A king
//! that can go on capturing from some of its landing squares must land on
//! one of them.
//!
//! **Captures** are compulsory, a capturing piece goes on while it can,
//! and captured pieces leave the board when the move ends. The capture
//! of **highest value** is compulsory: value = men + 2 × kings taken,
//! higher first; if equal, the one taking **fewer kings** (a king is worth
//! more than one man and less than two); then a capture **by a king**
//! before one by a man (precedence `[MostValue { man: 1, king: 2 },
//! FewestKings, ByKing]`); then the choice is free. A man promotes only
//! when it ends its move on the last rank.
//!
//! **King restriction.** While a player has a man, he may not make a
//! fourth non-capturing move in a row with the same king
//! ([`KING_MOVES`]). The position keeps each side's run (the king's square
//! and its count, FEN fields `MW`/`MB` as `MW2@28`): a non-capturing king
//! move lengthens it if made by the king of the run, else starts a new
//! one; any other move ends it, as do the capture of that king and the
//! loss of the side's last man. Moving another king starts afresh, so two
//! kings may alternate.
//!
//! **End.** The player to move with no piece or no legal move loses.
//! The game is drawn by the same position (run states included), with the
//! same side to move, for the third time; by two kings against a lone
//! king after 7 moves of each player (14 plies, [`TWO_AGAINST_ONE`]); by
//! king against king after 2 moves of each (4 plies, [`ONE_AGAINST_ONE`]),
//! both counted from the move that made the material. *Decision:* the
//! official rule draws king against king at once unless a king is lost by
//! force; like lidraughts, two moves each are played.
//!
//! ```
//! use dama::{Frisian, Position};
//! // The man on e5 captures sideways along rank 5, over g5 to i5.
//! let pos: Position<Frisian> = "W:We5:Bg5".parse().unwrap();
//! assert_eq!(pos.legal_moves()[0].path()[0].to_string(), "i5");
//! ```

use crate::bitboard::Bits;
use crate::geometry::{dir, dirs, Dark10x10, DIAGONALS, QUEEN};
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::rules::{Capture, Mechanics, Motion, Precedence, Rules};
use crate::rules::{Counters, EndRule, GameOptions, Outcome};
use crate::square::{Corner, SquareNames};
use crate::variant::Variant;

/// Frisian draughts.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct Frisian;

/// Non-capturing moves in a row one king may make while its side has a man.
pub const KING_MOVES: u8 = 3;
/// Plies of two kings against a lone king that draw (7 moves of each player).
pub const TWO_AGAINST_ONE: u32 = 14;
/// Plies of king against king that draw (2 moves of each player).
pub const ONE_AGAINST_ONE: u32 = 4;

impl Mechanics for Frisian {
    type Geo = Dark10x10;
    const VARIANT: Variant = Variant::Frisian;
    const KINDS: [bool; 4] = [true, true, false, false];
    const MOTION: [Motion; 4] = [
        Motion::Step(dirs(&[dir::NE, dir::NW])),
        Motion::Slide(DIAGONALS),
        Motion::None,
        Motion::None,
    ];
    const CAPTURE: [Capture; 4] = [
        Capture::Jump(QUEEN),
        Capture::Fly(QUEEN),
        Capture::None,
        Capture::None,
    ];
    const PROMOTE: [Option<Kind>; 4] = [Some(Kind::King), None, None, None];
    const PRECEDENCE: &'static [Precedence] = &[
        Precedence::MostValue { man: 1, king: 2 },
        Precedence::FewestKings,
        Precedence::ByKing,
    ];
    const KING_MOVE_LIMIT: u8 = KING_MOVES;
    const START_FEN: &'static str = "W:W31-50:B1-20";
    const SQUARE_NAMES: SquareNames = SquareNames::Numeric(Corner::TopLeft);
    const KIND_MOVES: [&'static str; 4] = [
        "a man moves one square diagonally forward",
        "a king moves diagonally over any number of empty squares",
        "",
        "",
    ];
}

/// The draw limit of the material, if it is one of the classes: two
/// kings against a lone king, or king against king.
pub fn class_limit<R: Mechanics>(pos: &Position<R>) -> Option<u32> {
    if !pos.kind(Kind::Man).is_empty() {
        return None;
    }
    let w = pos.count(Color::White);
    let b = pos.count(Color::Black);
    match (w.min(b), w.max(b)) {
        (1, 1) => Some(ONE_AGAINST_ONE),
        (1, 2) => Some(TWO_AGAINST_ONE),
        _ => None,
    }
}

impl Rules for Frisian {
    const REPETITIONS: u32 = 3;

    const ENDGAME_CLASSES: bool = true;

    /// Class 1: two kings against a lone king; class 2: king against king.
    fn endgame_class(pos: &Position<Self>) -> u8 {
        match class_limit(pos) {
            Some(TWO_AGAINST_ONE) => 1,
            Some(_) => 2,
            None => 0,
        }
    }

    /// In a drawing class, the plies since it began.
    #[inline(always)]
    fn counter_key(_pos: &Position<Self>, c: &Counters, _o: &GameOptions) -> Option<u64> {
        (c.class != 0).then(|| u64::from(c.since_class.min(63)))
    }

    fn verdict(
        pos: &Position<Self>,
        c: &Counters,
        _o: &GameOptions,
        has_move: bool,
    ) -> Option<Outcome> {
        if !has_move {
            return Some(Outcome::win(!pos.side(), EndRule::NoMoves));
        }
        match class_limit(pos) {
            Some(limit) if c.class != 0 && c.since_class >= limit => {
                Some(Outcome::draw(EndRule::EndgameLimit { plies: limit }))
            }
            _ => None,
        }
    }
}
