//! Brazilian draughts: International draughts' rules on the 8×8 board.
//!
//! **Board and pieces.** 8×8, played on the 32 dark squares (`a1` is
//! dark). Twelve men each: White on the dark squares of ranks 1–3, Black
//! on those of ranks 6–8. White moves first. Squares are named
//! algebraically.
//!
//! **Men** step one square diagonally forward and capture by a short
//! jump diagonally, forward and backward.
//!
//! **Kings** fly: they move diagonally over any number of empty squares
//! and capture at a distance; a king that can go on capturing from some
//! of its landing squares must land on one of them.
//!
//! **Captures** are compulsory, a capturing piece goes on while it can,
//! and the capture taking the **most pieces** is compulsory, kings and
//! men alike (precedence `[MostPieces]`); among those the choice is free.
//! Captured pieces leave the board when the move ends. A man promotes
//! only when it ends its move on the last rank.
//!
//! **End.** The player to move with no piece or no legal move loses.
//! *Decision:* the draw rules are Russian draughts' (FMJD-64, as
//! lidraughts plays them; see [`crate::rules::russian`]): third
//! repetition, 15 moves each of kings only, the 30- and 60-move limits
//! with a king each and 4–7 pieces, and the classes R1–R3 against a lone
//! king.
//!
//! ```
//! use dama::{Brazilian, Game};
//! // The majority rule: the man on c3 must take two (d4, f6), not one.
//! let game: Game<Brazilian> = "W:Wc3,h2:Bd4,f6,g3".parse().unwrap();
//! let moves: Vec<String> = game.position().legal_moves().iter().map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["c3xe5xg7"]);
//! ```

use crate::geometry::Dark8x8;
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::russian::{
    endgame_class, fmjd64_class_for_limit, fmjd64_fen_limit, fmjd64_verdict, CAPTURE, KIND_MOVES,
    MOTION, START_FEN,
};
use crate::rules::{Capture, Counters, GameOptions, Mechanics, Motion, Outcome, Precedence, Rules};
use crate::variant::Variant;

/// Brazilian draughts.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct Brazilian;

impl Mechanics for Brazilian {
    type Geo = Dark8x8;
    const VARIANT: Variant = Variant::Brazilian;
    const KINDS: [bool; 4] = [true, true, false, false];
    const MOTION: [Motion; 4] = MOTION;
    const CAPTURE: [Capture; 4] = CAPTURE;
    const PROMOTE: [Option<Kind>; 4] = [Some(Kind::King), None, None, None];
    const PRECEDENCE: &'static [Precedence] = &[Precedence::MostPieces];
    const START_FEN: &'static str = START_FEN;
    const KIND_MOVES: [&'static str; 4] = KIND_MOVES;
}

impl Rules for Brazilian {
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
