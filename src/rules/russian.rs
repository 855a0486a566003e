//! Russian draughts (shashki), by the rules of the FMJD-64 section.
//!
//! **Board and pieces.** 8×8, played on the 32 dark squares (`a1` is
//! dark). Twelve men each: White on the dark squares of ranks 1–3, Black
//! on those of ranks 6–8. White moves first. Squares are named
//! algebraically; captures are written with `:` (`c3:e5:c7`).
//!
//! **Men** step one square diagonally forward and capture by a short
//! jump diagonally, forward and backward.
//!
//! **Kings** fly: they move diagonally over any number of empty squares
//! and capture at a distance; a king that can go on capturing from some
//! of its landing squares must land on one of them.
//!
//! **Captures** are compulsory and a capturing piece goes on while it
//! can, but the choice among captures is free (not necessarily the
//! longest). Captured pieces leave the board when the move ends.
//!
//! **Promotion at once.** A man that reaches the last rank becomes a
//! king at that moment, also in the middle of a capture: if it can jump
//! on from there as a king it must, and the rest of the chain is king
//! jumps ([`Mechanics::PROMOTION_CONTINUES`]).
//!
//! **End.** The player to move with no piece or no legal move loses.
//! Drawn at once (each rule on its own):
//! 1. the same position, same side to move, for the third time;
//! 2. 15 moves of each player (30 plies) in which only kings moved and
//!    nothing was captured ([`NO_PROGRESS_PLIES`]);
//! 3. both sides have a king and there are 4 or 5 pieces on the board:
//!    30 moves each (60 plies) without capture or promotion; with 6 or
//!    7 pieces, 60 moves each (120 plies);
//! 4. the endgame classes against a lone king, counted from the ply that
//!    entered the class ([`endgame_class`]): *R1*, against one or two
//!    pieces including a king, and *R2*, against exactly three pieces
//!    including a king with the lone king alone on the long diagonal
//!    `a1`–`h8`, are drawn after the stronger side's 5th move; *R3*,
//!    against three or more kings and no men (not R2), after its 15th.
//!    *Decision:* R2's diagonal is judged right after the ply that
//!    entered the class; "reach a winning position" is read as "win".
//!
//! ```
//! use dama::{Game, Russian};
//! // b6:d8 crowns the man, and the new king goes on over f6 at once.
//! let game: Game<Russian> = "W:Wb6:Bc7,f6".parse().unwrap();
//! let mut moves: Vec<String> = game.position().legal_moves().iter().map(|m| m.to_string()).collect();
//! moves.sort();
//! assert_eq!(moves, ["b6:d8:g5", "b6:d8:h4"]);
//! ```

use crate::bitboard::Bits;
use crate::geometry::{dir, dirs, Dark8x8, DIAGONALS};
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::rules::{Capture, Mechanics, Motion, Rules};
use crate::rules::{Counters, EndRule, GameOptions, Outcome};
use crate::variant::Variant;

/// Russian draughts.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct Russian;

/// Plies in which only kings moved, without a capture, that draw (15 moves each).
pub const NO_PROGRESS_PLIES: u32 = 30;
/// Plies without capture or promotion that draw with 4 or 5 pieces, each side with a king.
pub const SHORT_MATERIAL_PLIES: u32 = 60;
/// Plies without capture or promotion that draw with 6 or 7 pieces, each side with a king.
pub const LONG_MATERIAL_PLIES: u32 = 120;

/// The endgame classes: R1, R2 and R3 (0 = none).
pub const R1: u8 = 1;
/// See [`R1`].
pub const R2: u8 = 2;
/// See [`R1`].
pub const R3: u8 = 3;

const FORWARD: u16 = dirs(&[dir::NE, dir::NW]);

/// The men and kings of Brazilian, Russian and pool checkers (they
/// differ in the precedence and the promotion only).
pub(crate) const MOTION: [Motion; 4] = [
    Motion::Step(FORWARD),
    Motion::Slide(DIAGONALS),
    Motion::None,
    Motion::None,
];
pub(crate) const CAPTURE: [Capture; 4] = [
    Capture::Jump(DIAGONALS),
    Capture::Fly(DIAGONALS),
    Capture::None,
    Capture::None,
];
pub(crate) const KIND_MOVES: [&str; 4] = [
    "a man moves one square diagonally forward",
    "a king moves diagonally over any number of empty squares",
    "",
    "",
];
/// The start position of Brazilian and Russian draughts.
pub(crate) const START_FEN: &str =
    "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8";

impl Mechanics for Russian {
    type Geo = Dark8x8;
    const VARIANT: Variant = Variant::Russian;
    const KINDS: [bool; 4] = [true, true, false, false];
    const MOTION: [Motion; 4] = MOTION;
    const CAPTURE: [Capture; 4] = CAPTURE;
    const PROMOTE: [Option<Kind>; 4] = [Some(Kind::King), None, None, None];
    const PROMOTION_CONTINUES: bool = true;
    const CAPTURE_SEP: char = ':';
    const START_FEN: &'static str = START_FEN;
    const KIND_MOVES: [&'static str; 4] = KIND_MOVES;
}

impl Rules for Russian {
    const REPETITIONS: u32 = 3;
    const C_COUNTER: bool = true;

    const ENDGAME_CLASSES: bool = true;

    fn endgame_class(pos: &Position<Self>) -> u8 {
        endgame_class(pos)
    }

    fn fen_limit(pos: &Position<Self>, c: &Counters) -> Option<u32> {
        fmjd64_fen_limit(pos, c)
    }

    fn class_for_limit(pos: &Position<Self>, limit: u32) -> Option<u8> {
        fmjd64_class_for_limit(pos, limit)
    }

    fn verdict(
        pos: &Position<Self>,
        counters: &Counters,
        _options: &GameOptions,
        has_move: bool,
    ) -> Option<Outcome> {
        fmjd64_verdict(pos, counters, has_move)
    }
}

/// The FMJD-64 endgame class of a position (Russian and Brazilian
/// draughts): [`R1`], [`R2`], [`R3`] or 0. R2 is judged in the position
/// given (the game looks at it right after the ply that entered the
/// class and keeps it while the class lasts).
pub fn endgame_class<R: Mechanics>(pos: &Position<R>) -> u8 {
    let kings = pos.kind(Kind::King);
    for lone in Color::ALL {
        let l = pos.color(lone);
        if l.count() != 1 || (l & kings).is_empty() {
            continue;
        }
        let o = pos.color(!lone);
        let (n, ok) = (o.count(), (o & kings).count());
        if ok == 0 {
            continue;
        }
        let diag = crate::geometry::long_diagonal::<R::Geo>();
        return match n {
            1 | 2 => R1,
            3 if !(l & diag).is_empty() && (pos.occupied() & diag).count() == 1 => R2,
            _ if ok == n && n >= 3 => R3,
            _ => 0,
        };
    }
    0
}

/// The plies an FMJD-64 class counts to (five moves of the stronger
/// side in R1 and R2, fifteen in R3; 0 for no class): a FEN's `L`.
fn class_plies(class: u8) -> u32 {
    match class {
        0 => 0,
        R3 => 30,
        _ => 10,
    }
}

/// [`Rules::fen_limit`] of the FMJD-64 games: the kept class's limit in
/// plies where the board read afresh would be in another class or none
/// (R2's lone king has left the long diagonal, or a king has stepped
/// onto it in a position of no class), so the FEN gives back the game.
pub fn fmjd64_fen_limit<R: Mechanics>(pos: &Position<R>, c: &Counters) -> Option<u32> {
    (c.class != endgame_class(pos)).then(|| class_plies(c.class))
}

/// [`Rules::class_for_limit`] of the FMJD-64 games: the class of this
/// material that counts to `limit` plies. A class is judged when the
/// material appears, so three pieces (one a king at least) against a
/// lone king may be in R2 (if the lone king stood alone on the long
/// diagonal then) or in R3 (three kings) or no class (otherwise), where
/// the board alone shows only one of them; other material has one
/// class whatever happens.
pub fn fmjd64_class_for_limit<R: Mechanics>(pos: &Position<R>, limit: u32) -> Option<u8> {
    let now = endgame_class(pos);
    let kings = pos.kind(Kind::King);
    let lone_king_against_three = Color::ALL.into_iter().find_map(|lone| {
        let l = pos.color(lone);
        let o = pos.color(!lone);
        (l.count() == 1 && !(l & kings).is_empty() && o.count() == 3)
            .then(|| (o & kings).count())
            .filter(|&ok| ok >= 1)
    });
    let earlier = lone_king_against_three.map(|ok| [R2, if ok == 3 { R3 } else { 0 }]);
    std::iter::once(now)
        .chain(earlier.into_iter().flatten())
        .find(|&c| class_plies(c) == limit)
}

/// Moves of the stronger side since the class began: the side that made
/// the entering ply is the side to move when `E` is odd (RULES 0.5).
fn stronger_moves<R: Mechanics>(pos: &Position<R>, e: u32) -> u32 {
    let lone = Color::ALL
        .into_iter()
        .find(|&c| pos.color(c).count() == 1)
        .unwrap_or(Color::White);
    let stronger = !lone;
    let entering = if e % 2 == 1 { pos.side() } else { !pos.side() };
    if entering == stronger {
        e / 2
    } else {
        e.div_ceil(2)
    }
}

/// The FMJD-64 end of the game (Russian and Brazilian draughts).
pub fn fmjd64_verdict<R: Rules>(
    pos: &Position<R>,
    counters: &Counters,
    has_move: bool,
) -> Option<Outcome> {
    if !has_move {
        return Some(Outcome::win(!pos.side(), EndRule::NoMoves));
    }
    let class = counters.class;
    if class != 0 {
        let limit = if class == R3 { 15 } else { 5 };
        if stronger_moves(pos, counters.since_class) >= limit {
            return Some(Outcome::draw(EndRule::EndgameLimit { plies: 2 * limit }));
        }
    }
    let kings = pos.kind(Kind::King);
    let both_kings = Color::ALL
        .into_iter()
        .all(|c| !(pos.color(c) & kings).is_empty());
    if both_kings {
        let limit = match pos.occupied().count() {
            4 | 5 => Some(SHORT_MATERIAL_PLIES),
            6 | 7 => Some(LONG_MATERIAL_PLIES),
            _ => None,
        };
        if let Some(l) = limit {
            if counters.since_material >= l {
                return Some(Outcome::draw(EndRule::EndgameLimit { plies: l }));
            }
        }
    }
    if counters.since_progress >= NO_PROGRESS_PLIES {
        return Some(Outcome::draw(EndRule::NoProgress {
            plies: NO_PROGRESS_PLIES,
        }));
    }
    None
}
