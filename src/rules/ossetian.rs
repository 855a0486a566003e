//! Ossetian draughts (Osetinská dáma).
//!
//! **Board and pieces.** 7×7, all 49 squares. Twenty-one pieces each on
//! the three edge ranks: White on ranks 1–3, Black on ranks 5–7; rank 4
//! starts empty. White moves first.
//!
//! **Pieces** step one square forward, straight or diagonally
//! (*Decision:* not sideways), and capture by a short jump in all eight
//! directions, turning freely between jumps. Capturing is compulsory,
//! the choice among captures free, and a piece that can go on capturing
//! must. There is no promotion: a piece on the last rank stays as it is
//! and can still capture.
//!
//! **End.** *Decision:* a player with no legal move while the opponent
//! has one passes (the only legal move is `pass`). The game ends when
//! neither side can move: the player who captured more pieces wins (both
//! start with 21 and nobody promotes, so: more pieces left); equal
//! counts draw. A player left without pieces has lost at once.
//!
//! ```
//! use dama::{Color, EndRule, Game, GameResult, Ossetian, Status};
//! // Black's piece on a1 cannot move, White's can: Black passes.
//! let mut game: Game<Ossetian> = "B:Wd4:Ba1".parse().unwrap();
//! assert_eq!(game.position().legal_moves()[0].to_string(), "pass");
//! game.play_text("pass").unwrap();
//! // Nobody can move: the player with more pieces wins.
//! let game: Game<Ossetian> = "W:Wa7,b7:Ba1".parse().unwrap();
//! let outcome = game.outcome().unwrap();
//! assert_eq!((outcome.result, outcome.rule), (GameResult::Win(Color::White), EndRule::BothBlocked));
//! ```

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
