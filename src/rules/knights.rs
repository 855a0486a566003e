//! Knight's draughts (Jezdecká dáma, after Rev. G. W. Walker).
//!
//! **Board and pieces.** 10×10, all 100 squares. Twenty knights each:
//! *Decision* (the original picture is lost): White on every square of
//! ranks 3 and 4, Black on ranks 7 and 8. White moves first.
//!
//! **Knights** (the game's men) leap like chess knights, but only
//! forward: (±1, +2) and (±2, +1) in (file, rank) steps for White, the
//! mirror for Black. The landing square must be empty; the squares in
//! between do not matter.
//!
//! **Kings** leap like chess knights in all eight directions.
//!
//! **Captures** are two equal leaps in one direction: onto the square of
//! an opponent piece, then as far again beyond it onto an empty square.
//! A knight captures only with its forward leaps, a king with all
//! eight. Capturing is compulsory, the choice among captures free, and a
//! piece that can go on capturing must.
//!
//! **Promotion.** A knight that reaches the last rank becomes a king at
//! once and its move ends there, even in the middle of a chain that
//! could go on.
//!
//! **End.** The player to move with no piece or no legal move loses.
//! After the move limit (200 plies by default, the option
//! [`GameOptions::move_limit`](crate::GameOptions::move_limit)) the
//! player with more pieces wins; equal numbers draw.
//!
//! ```
//! use dama::{Game, Knights};
//! // The knight leaps onto f6's piece and as far again, to g8.
//! let game: Game<Knights> = "W:We4:Bf6,a10".parse().unwrap();
//! let moves: Vec<String> = game.position().legal_moves().iter().map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["e4xg8"]);
//! ```

use crate::geometry::{dirs, Full10x10, KNIGHT_LEAPS};
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::gothic::more_pieces;
use crate::rules::{Capture, Countdown, Mechanics, Motion, Rules};
use crate::rules::{Counters, EndRule, GameOptions, Outcome};
use crate::variant::Variant;

/// Knight's draughts.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct Knights;

/// The four forward leaps (+1,+2), (+2,+1), (−2,+1), (−1,+2).
const FORWARD_LEAPS: u16 = dirs(&[8, 9, 14, 15]);

impl Mechanics for Knights {
    type Geo = Full10x10;
    const VARIANT: Variant = Variant::Knights;
    const KINDS: [bool; 4] = [true, true, false, false];
    const MOTION: [Motion; 4] = [
        Motion::Step(FORWARD_LEAPS),
        Motion::Step(KNIGHT_LEAPS),
        Motion::None,
        Motion::None,
    ];
    const CAPTURE: [Capture; 4] = [
        Capture::Jump(FORWARD_LEAPS),
        Capture::Jump(KNIGHT_LEAPS),
        Capture::None,
        Capture::None,
    ];
    const PROMOTE: [Option<Kind>; 4] = [Some(Kind::King), None, None, None];
    const PROMOTION_ENDS_CAPTURE: bool = true;
    const START_FEN: &'static str = "W:Wa3,a4,b3,b4,c3,c4,d3,d4,e3,e4,f3,f4,g3,g4,h3,h4,i3,i4,j3,j4:Ba7,a8,b7,b8,c7,c8,d7,d8,e7,e8,f7,f8,g7,g8,h7,h8,i7,i8,j7,j8";
    const KIND_NAMES: [&'static str; 4] = ["knight", "king", "", ""];
    const KIND_MOVES: [&'static str; 4] = [
        "a knight moves like a chess knight, but only forward",
        "a king moves like a chess knight, in any of the eight directions",
        "",
        "",
    ];
}

impl Rules for Knights {
    /// The move limit, where the count decides.
    #[inline(always)]
    fn countdown(c: &Counters, o: &GameOptions) -> Option<Countdown> {
        Some(Countdown {
            left: o.move_limit.saturating_sub(c.ply),
            limit: o.move_limit.max(1),
        })
    }

    /// Plies left before the move limit, once it is near (64 plies).
    #[inline(always)]
    fn counter_key(_pos: &Position<Self>, c: &Counters, o: &GameOptions) -> Option<u64> {
        let left = o.move_limit.saturating_sub(c.ply);
        (left <= 64).then_some(left as u64)
    }

    fn verdict(
        pos: &Position<Self>,
        c: &Counters,
        o: &GameOptions,
        has_move: bool,
    ) -> Option<Outcome> {
        let us = pos.side();
        if !has_move {
            return Some(Outcome::win(!us, EndRule::NoMoves));
        }
        if c.ply >= o.move_limit {
            return Some(more_pieces(
                pos,
                EndRule::MoveLimit {
                    plies: o.move_limit,
                },
            ));
        }
        None
    }
}
