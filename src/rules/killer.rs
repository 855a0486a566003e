//! Killer draughts: International draughts with one more rule for kings.
//!
//! **Everything as in International draughts** (see
//! [`international`](super::international)): the 10×10 board numbered
//! 1–50, twenty men a side, men that step forward and capture forward
//! and backward, flying kings, the majority rule, removal at the end,
//! promotion only at the end of a move.
//!
//! **The halt rule.** When a capture made by a king ends and the last
//! piece it jumped is a king, it must stop on the square immediately
//! behind that piece ([`Landing::BehindLastKing`]). Earlier jumps are not
//! restricted, and a king that can jump on from some square beyond still
//! must (then the king it jumped is not the last piece). The rule never
//! removes a capture, so the majority count is unchanged. Men are not
//! affected.
//!
//! **End.** The player to move with no piece or no legal move loses.
//! *Decision:* the FMJD draw rules of International draughts apply
//! (repetition, 25 moves of kings only, the endgame classes A and B).
//!
//! ```
//! use dama::{Game, Killer};
//! // The king on 46 (a1) takes the king on 28 (e5) and must stop on 23 (f6).
//! let game: Game<Killer> = "W:WK46:BK28,1".parse().unwrap();
//! let moves: Vec<String> = game.position().legal_moves().iter().map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["46x23"]);
//! ```

use crate::geometry::Dark10x10;
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::international::{self as intl, CAPTURE, KIND_MOVES, MOTION, START_FEN};
use crate::rules::{Capture, Countdown, Landing, Mechanics, Motion, Precedence, Rules};
use crate::rules::{Counters, GameOptions, Outcome};
use crate::square::{Corner, SquareNames};
use crate::variant::Variant;

/// Killer draughts.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct Killer;

impl Mechanics for Killer {
    type Geo = Dark10x10;
    const VARIANT: Variant = Variant::Killer;
    const KINDS: [bool; 4] = [true, true, false, false];
    const MOTION: [Motion; 4] = MOTION;
    const CAPTURE: [Capture; 4] = CAPTURE;
    const PROMOTE: [Option<Kind>; 4] = [Some(Kind::King), None, None, None];
    const PRECEDENCE: &'static [Precedence] = &[Precedence::MostPieces];
    const LANDING: Landing = Landing::BehindLastKing;
    const START_FEN: &'static str = START_FEN;
    const SQUARE_NAMES: SquareNames = SquareNames::Numeric(Corner::TopLeft);
    const KIND_MOVES: [&'static str; 4] = KIND_MOVES;
}

impl Rules for Killer {
    const REPETITIONS: u32 = 3;

    #[inline(always)]
    fn countdown(c: &Counters, _options: &GameOptions) -> Option<Countdown> {
        Some(intl::fmjd_countdown(c))
    }

    #[inline(always)]
    fn counter_key(_pos: &Position<Self>, c: &Counters, _options: &GameOptions) -> Option<u64> {
        Some(intl::fmjd_counter_key(c))
    }

    const ENDGAME_CLASSES: bool = true;

    fn endgame_class(pos: &Position<Self>) -> u8 {
        intl::fmjd_class(pos)
    }

    fn verdict(
        pos: &Position<Self>,
        counters: &Counters,
        _options: &GameOptions,
        has_move: bool,
    ) -> Option<Outcome> {
        intl::fmjd_verdict(pos, counters, has_move)
    }
}
