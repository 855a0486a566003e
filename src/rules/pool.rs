//! Pool checkers (American pool checkers), by the rules of the APCA.
//!
//! **Board and pieces.** 8×8, played on the 32 dark squares (`a1` is
//! dark), numbered 1–32 from `b8` as in English draughts. Black's twelve
//! men stand on 1–12 (ranks 6–8), White's on 21–32 (ranks 1–3), White at
//! the bottom; **Black moves first**.
//!
//! **Men** step one square diagonally forward and capture by a short
//! jump diagonally, forward and backward.
//!
//! **Kings** fly: they move diagonally over any number of empty squares
//! and capture at a distance; a king that can go on capturing from some
//! of its landing squares must land on one of them.
//!
//! **Captures** are compulsory and a capturing piece goes on while it
//! can; the choice among captures is free. Captured pieces leave the
//! board when the move ends. A man promotes only when it ends its move on
//! the last rank: one that reaches it by a capture and can jump on
//! (backward) must, and stays a man.
//!
//! **End.** The player to move with no piece or no legal move loses.
//! Drawn at once: by the third repetition of a position; in class *P*,
//! three kings and nothing else against a lone king, after the stronger
//! side's 13th move ([`endgame_class`]); and (*Decision*, dctl's value)
//! after 15 moves each (30 plies) of kings only without a capture
//! ([`NO_PROGRESS_PLIES`]).
//!
//! ```
//! use dama::{Game, Pool};
//! // Free choice: the man on 22 may take one piece (on 17) or two (18, 11).
//! let game: Game<Pool> = "W:W22:B17,18,11".parse().unwrap();
//! let mut moves: Vec<String> = game.position().legal_moves().iter().map(|m| m.to_string()).collect();
//! moves.sort();
//! assert_eq!(moves, ["22x13", "22x15x8"]);
//! ```

use crate::bitboard::Bits;
use crate::geometry::Dark8x8;
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::rules::russian::{CAPTURE, KIND_MOVES, MOTION};
use crate::rules::{Capture, Counters, EndRule, GameOptions, Mechanics, Motion, Outcome, Rules};
use crate::square::{Corner, SquareNames};
use crate::variant::Variant;

/// Pool checkers.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct Pool;

/// Plies of kings only without a capture that draw (15 moves each).
pub const NO_PROGRESS_PLIES: u32 = 30;
/// Class P: three kings against a lone king.
pub const P: u8 = 1;
/// Moves of the stronger side in class P that draw.
pub const P_MOVES: u32 = 13;

/// The start position of English draughts and pool checkers (Black to move).
pub(crate) const START_FEN: &str = "B:W21-32:B1-12";

impl Mechanics for Pool {
    type Geo = Dark8x8;
    const VARIANT: Variant = Variant::Pool;
    const KINDS: [bool; 4] = [true, true, false, false];
    const MOTION: [Motion; 4] = MOTION;
    const CAPTURE: [Capture; 4] = CAPTURE;
    const PROMOTE: [Option<Kind>; 4] = [Some(Kind::King), None, None, None];
    const START_FEN: &'static str = START_FEN;
    const SQUARE_NAMES: SquareNames = SquareNames::Numeric(Corner::TopLeft);
    const KIND_MOVES: [&'static str; 4] = KIND_MOVES;
}

/// Class [`P`] when one side has a lone king and the other exactly three
/// kings and nothing else; 0 otherwise.
pub fn endgame_class(pos: &Position<Pool>) -> u8 {
    let kings = pos.kind(Kind::King);
    let p = Color::ALL.into_iter().any(|lone| {
        let (l, o) = (pos.color(lone), pos.color(!lone));
        l.count() == 1 && !(l & kings).is_empty() && o.count() == 3 && (o & kings) == o
    });
    if p {
        P
    } else {
        0
    }
}

impl Rules for Pool {
    const REPETITIONS: u32 = 3;

    const ENDGAME_CLASSES: bool = true;

    fn endgame_class(pos: &Position<Self>) -> u8 {
        endgame_class(pos)
    }

    fn verdict(
        pos: &Position<Self>,
        counters: &Counters,
        _options: &GameOptions,
        has_move: bool,
    ) -> Option<Outcome> {
        if !has_move {
            return Some(Outcome::win(!pos.side(), EndRule::NoMoves));
        }
        if counters.class == P {
            let e = counters.since_class;
            // The lone side moves second in the class when the stronger side entered it.
            let lone = if pos.color(Color::White).count() == 1 {
                Color::White
            } else {
                Color::Black
            };
            let entering = if e % 2 == 1 { pos.side() } else { !pos.side() };
            let moves = if entering == lone {
                e.div_ceil(2)
            } else {
                e / 2
            };
            if moves >= P_MOVES {
                return Some(Outcome::draw(EndRule::EndgameLimit { plies: 2 * P_MOVES }));
            }
        }
        if counters.since_progress >= NO_PROGRESS_PLIES {
            return Some(Outcome::draw(EndRule::NoProgress {
                plies: NO_PROGRESS_PLIES,
            }));
        }
        None
    }
}
