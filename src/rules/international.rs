//! International draughts, by the rules of the FMJD (World Draughts
//! Federation).
//!
//! **Board and pieces.** 10×10, played on the 50 dark squares (`a1` is
//! dark), numbered 1–50 from the top left as PDN does: 1 is `b10`, 5 is
//! `j10`, 46 is `a1`, 50 is `i1`. Twenty men each: White on 31–50 (ranks
//! 1–4), Black on 1–20 (ranks 7–10). White moves first.
//!
//! **Men** step one square diagonally forward and capture by a short
//! jump (an adjacent opponent piece with an empty square right behind
//! it) diagonally **forward and backward**.
//!
//! **Kings** fly: they move diagonally, forward or back, over any number
//! of empty squares, and capture at a distance (empty squares, the
//! piece, then any empty square beyond it). A king that can go on
//! capturing from some of its landing squares must land on one of them.
//!
//! **Captures** are compulsory and a capturing piece goes on while it
//! can; captured pieces leave the board when the move ends, and until
//! then cannot be jumped again or passed over. The **majority rule**:
//! the capture that takes the most pieces is compulsory, kings and men
//! counting the same (precedence `[MostPieces]`); among those the
//! choice is free (the piece, the route and the last landing square).
//!
//! **Promotion.** A man that *ends* its move on the last rank becomes a
//! king; one that passes it in the middle of a capture goes on as a man.
//!
//! **End.** The player to move with no piece or no legal move loses.
//! The game is drawn at once by:
//! 1. the same position, with the same side to move, for the third time;
//! 2. 25 moves of each player (50 plies, the `H` counter) in which only
//!    kings moved and nothing was captured ([`NO_PROGRESS_PLIES`]);
//! 3. class A — a lone king against exactly three pieces with at least
//!    one king (3 kings, 2 kings + 1 man, 1 king + 2 men): 16 moves of
//!    each player (32 plies, [`CLASS_A_PLIES`]);
//! 4. class B — a lone king against one or two pieces with at least one
//!    king (1 king, 2 kings, 1 king + 1 man): 5 moves of each player (10
//!    plies, [`CLASS_B_PLIES`]).
//!
//! The endgame counts start with the ply that entered the class. A
//! capture from class A into class B starts the count afresh; a
//! promotion that keeps the class does not (*Decision*, as lidraughts).
//! A lone king against men only is in no class (*Decision*). A move that
//! wins on the ply a limit is reached wins.
//!
//! ```
//! use dama::{Game, International};
//! // The majority rule: the man on 28 (e5) must take two (23, 14), not
//! // one (22).
//! let game: Game<International> = "W:W28:B22,23,14".parse().unwrap();
//! let moves: Vec<String> = game.position().legal_moves().iter().map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["28x19x10"]);
//! ```

use crate::bitboard::Bits;
use crate::geometry::{dir, dirs, Dark10x10, DIAGONALS};
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::rules::{Capture, Countdown, Mechanics, Motion, Precedence, Rules};
use crate::rules::{Counters, EndRule, GameOptions, Outcome};
use crate::square::{Corner, SquareNames};
use crate::variant::Variant;

/// International draughts.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct International;

/// Plies in which only kings moved and nothing was captured that draw
/// (25 moves of each player).
pub const NO_PROGRESS_PLIES: u32 = 50;
/// Class A (lone king against three pieces with a king): 16 moves each.
pub const CLASS_A_PLIES: u32 = 32;
/// Class B (lone king against one or two pieces with a king): 5 moves each.
pub const CLASS_B_PLIES: u32 = 10;

/// The men's and kings' non-capturing moves of the 10×10 games, for White.
pub const MOTION: [Motion; 4] = [
    Motion::Step(dirs(&[dir::NE, dir::NW])),
    Motion::Slide(DIAGONALS),
    Motion::None,
    Motion::None,
];
/// The captures of the 10×10 games: men short-jump in all four diagonal
/// directions, kings fly.
pub const CAPTURE: [Capture; 4] = [
    Capture::Jump(DIAGONALS),
    Capture::Fly(DIAGONALS),
    Capture::None,
    Capture::None,
];
/// The start position of the 10×10 games.
pub const START_FEN: &str = "W:W31,32,33,34,35,36,37,38,39,40,41,42,43,44,45,46,47,48,49,50:B1,2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20";
/// How the pieces of the 10×10 games move, in a player's words.
pub const KIND_MOVES: [&str; 4] = [
    "a man moves one square diagonally forward (it captures forward and backward)",
    "a king moves diagonally over any number of empty squares",
    "",
    "",
];

impl Mechanics for International {
    type Geo = Dark10x10;
    const VARIANT: Variant = Variant::International;
    const KINDS: [bool; 4] = [true, true, false, false];
    const MOTION: [Motion; 4] = MOTION;
    const CAPTURE: [Capture; 4] = CAPTURE;
    const PROMOTE: [Option<Kind>; 4] = [Some(Kind::King), None, None, None];
    const PRECEDENCE: &'static [Precedence] = &[Precedence::MostPieces];
    const START_FEN: &'static str = START_FEN;
    const SQUARE_NAMES: SquareNames = SquareNames::Numeric(Corner::TopLeft);
    const KIND_MOVES: [&'static str; 4] = KIND_MOVES;
}

/// The FMJD endgame class of a position: 1 = class A (lone king against
/// three pieces with a king), 2 = class B (lone king against one or two
/// pieces with a king), 0 = none.
pub fn fmjd_class<R: Mechanics>(pos: &Position<R>) -> u8 {
    let kings = pos.kind(Kind::King);
    for lone in Color::ALL {
        let l = pos.color(lone);
        if l.count() != 1 || (l & kings).is_empty() {
            continue;
        }
        let o = pos.color(!lone);
        if (o & kings).is_empty() {
            continue;
        }
        return match o.count() {
            1 | 2 => 2,
            3 => 1,
            _ => 0,
        };
    }
    0
}

/// The ply limit of an FMJD endgame class (0 for none).
pub const fn class_limit(class: u8) -> u32 {
    match class {
        1 => CLASS_A_PLIES,
        2 => CLASS_B_PLIES,
        _ => 0,
    }
}

/// The FMJD draw rules on top of `has_move` (the loss of a blocked
/// player): the 25-move rule and the endgame classes.
pub fn fmjd_verdict<R: Mechanics>(
    pos: &Position<R>,
    counters: &Counters,
    has_move: bool,
) -> Option<Outcome> {
    if !has_move {
        return Some(Outcome::win(!pos.side(), EndRule::NoMoves));
    }
    let limit = class_limit(counters.class);
    if limit > 0 && counters.since_class >= limit {
        return Some(Outcome::draw(EndRule::EndgameLimit { plies: limit }));
    }
    if counters.since_progress >= NO_PROGRESS_PLIES {
        return Some(Outcome::draw(EndRule::NoProgress {
            plies: NO_PROGRESS_PLIES,
        }));
    }
    None
}

/// The FMJD counters that can bring a verdict, as a key.
pub fn fmjd_counter_key(c: &Counters) -> u64 {
    let mut x = c.since_progress.min(255) as u64;
    if c.class != 0 {
        x |= (c.since_class.min(63) as u64 + 1) << 8 | u64::from(c.class) << 16;
    }
    x
}

/// The FMJD counter rule nearest to its end: the endgame class's limit
/// when the game is in one, else the 25-move rule.
pub fn fmjd_countdown(c: &Counters) -> Countdown {
    let h = Countdown {
        left: NO_PROGRESS_PLIES.saturating_sub(c.since_progress),
        limit: NO_PROGRESS_PLIES,
    };
    let limit = class_limit(c.class);
    if limit == 0 {
        return h;
    }
    let e = Countdown {
        left: limit.saturating_sub(c.since_class),
        limit,
    };
    if e.left < h.left {
        e
    } else {
        h
    }
}

impl Rules for International {
    const REPETITIONS: u32 = 3;

    #[inline(always)]
    fn countdown(c: &Counters, _options: &GameOptions) -> Option<Countdown> {
        Some(fmjd_countdown(c))
    }

    #[inline(always)]
    fn counter_key(_pos: &Position<Self>, c: &Counters, _options: &GameOptions) -> Option<u64> {
        Some(fmjd_counter_key(c))
    }

    const ENDGAME_CLASSES: bool = true;

    fn endgame_class(pos: &Position<Self>) -> u8 {
        fmjd_class(pos)
    }

    fn verdict(
        pos: &Position<Self>,
        counters: &Counters,
        _options: &GameOptions,
        has_move: bool,
    ) -> Option<Outcome> {
        fmjd_verdict(pos, counters, has_move)
    }
}
