//! Breakthrough draughts: International draughts in which the first man
//! to crown wins.
//!
//! **Everything as in International draughts** (see
//! [`international`](super::international)) for the board numbered
//! 1–50, the twenty men a side, moves, captures (men capture forward and
//! backward) and the majority rule.
//!
//! **The end.** The player whose man *ends a move* on its last rank
//! wins at once ([`Mechanics::PROMOTION_WINS`]); a man that passes that
//! rank in the middle of a capture and jumps on does not. The player to
//! move with no piece or no legal move loses. So no king ever moves.
//!
//! **No draw rules:** every ply is a man's move, so no position can
//! repeat.
//!
//! **Set-up positions** (*Decision*, as Scan): a king of the side to
//! move is refused; a king of the other side means that side has won
//! (the position has no moves, perft 0).
//!
//! ```
//! use dama::{EndRule, Game, Breakthrough};
//! // White's man on 7 (c9) steps to 1 or 2 on the last rank and wins.
//! let mut game: Game<Breakthrough> = "W:W7:B5".parse().unwrap();
//! game.play_text("7-1").unwrap();
//! assert_eq!(game.outcome().unwrap().rule, EndRule::Breakthrough);
//! ```

use crate::bitboard::Bits;
use crate::geometry::Dark10x10;
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::international::{CAPTURE, KIND_MOVES, MOTION, START_FEN};
use crate::rules::{Capture, Mechanics, Motion, Precedence, Rules};
use crate::rules::{Counters, EndRule, GameOptions, Outcome};
use crate::square::{Corner, SquareNames};
use crate::variant::Variant;

/// Breakthrough draughts.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct Breakthrough;

impl Mechanics for Breakthrough {
    type Geo = Dark10x10;
    const VARIANT: Variant = Variant::Breakthrough;
    const KINDS: [bool; 4] = [true, true, false, false];
    const MOTION: [Motion; 4] = MOTION;
    const CAPTURE: [Capture; 4] = CAPTURE;
    const PROMOTE: [Option<Kind>; 4] = [Some(Kind::King), None, None, None];
    const PRECEDENCE: &'static [Precedence] = &[Precedence::MostPieces];
    const PROMOTION_WINS: bool = true;
    const START_FEN: &'static str = START_FEN;
    const SQUARE_NAMES: SquareNames = SquareNames::Numeric(Corner::TopLeft);
    const KIND_MOVES: [&'static str; 4] = KIND_MOVES;
}

impl Rules for Breakthrough {
    fn verdict(
        pos: &Position<Self>,
        _counters: &Counters,
        _options: &GameOptions,
        has_move: bool,
    ) -> Option<Outcome> {
        let us = pos.side();
        if !pos.pieces(!us, Kind::King).is_empty() {
            return Some(Outcome::win(!us, EndRule::Breakthrough));
        }
        (!has_move).then(|| Outcome::win(!us, EndRule::NoMoves))
    }
}
