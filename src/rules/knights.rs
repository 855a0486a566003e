//! Knight's draughts (after Rev. G. W. Walker), RULES.md §3.
//!
//! 10×10, every square. Knights leap like chess knights but only
//! forward (four leaps); kings leap in all eight. A capture is two equal
//! leaps: onto the opponent piece, then as far again beyond it. A knight
//! that reaches the last rank is promoted at once and its move ends, even
//! in the middle of a chain. After the move limit (default 200 plies) the
//! player with more pieces wins.

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
