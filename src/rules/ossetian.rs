//! Ossetian draughts, RULES.md §4.
//!
//! 7×7, every square. Pieces step forward (straight or diagonally) and
//! capture by short jumps in all eight directions. No promotion. A
//! blocked player passes; when neither side can move the game ends and
//! the player who captured more wins. A player left without pieces loses.

use crate::geometry::{dir, dirs, Full7x7, QUEEN};
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::gothic::more_pieces;
use crate::rules::{Capture, Mechanics, Motion, Rules};
use crate::rules::{Counters, EndRule, GameOptions, Outcome};
use crate::variant::Variant;

/// Ossetian draughts.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct Ossetian;

const FORWARD: u16 = dirs(&[dir::N, dir::NE, dir::NW]);

impl Mechanics for Ossetian {
    type Geo = Full7x7;
    const VARIANT: Variant = Variant::Ossetian;
    const KINDS: [bool; 4] = [true, false, false, false];
    const MOTION: [Motion; 4] = [
        Motion::Step(FORWARD),
        Motion::None,
        Motion::None,
        Motion::None,
    ];
    const CAPTURE: [Capture; 4] = [
        Capture::Jump(QUEEN),
        Capture::None,
        Capture::None,
        Capture::None,
    ];
    const PROMOTE: [Option<Kind>; 4] = [None, None, None, None];
    const PASSES: bool = true;
    const START_FEN: &'static str = "W:Wa1,a2,a3,b1,b2,b3,c1,c2,c3,d1,d2,d3,e1,e2,e3,f1,f2,f3,g1,g2,g3:Ba5,a6,a7,b5,b6,b7,c5,c6,c7,d5,d6,d7,e5,e6,e7,f5,f6,f7,g5,g6,g7";
    const KIND_NAMES: [&'static str; 4] = ["piece", "", "", ""];
    const KIND_MOVES: [&'static str; 4] = [
        "a piece moves one square forward, straight or diagonally",
        "",
        "",
        "",
    ];
}

impl Rules for Ossetian {
    /// Both sides start with 21 pieces and nobody promotes, so "captured
    /// more" is "has more pieces left".
    fn verdict(
        pos: &Position<Self>,
        _c: &Counters,
        _o: &GameOptions,
        has_move: bool,
    ) -> Option<Outcome> {
        if !has_move {
            return Some(more_pieces(pos, EndRule::BothBlocked));
        }
        None
    }
}
