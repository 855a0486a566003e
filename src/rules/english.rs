//! English draughts (American checkers), by the rules of the WCDF.
//!
//! **Board and pieces.** 8×8, played on the 32 dark squares (`a1` is
//! dark), numbered 1–32 from `b8` (1–4 on rank 8, left to right, down to
//! 29–32 on rank 1). Black's twelve men stand on 1–12 (ranks 6–8),
//! White's on 21–32 (ranks 1–3), White at the bottom; **Black moves
//! first**.
//!
//! **Men** step one square diagonally forward and capture by a short
//! jump diagonally forward only.
//!
//! **Kings** step one square diagonally in any direction and capture by
//! a short jump in any diagonal direction (they do not fly).
//!
//! **Captures** are compulsory and a capturing piece goes on while it
//! can; the choice among captures is free. Captured pieces leave the
//! board when the move ends. A man that reaches the king row by
//! capturing is crowned and the move ends there.
//!
//! **End.** The player to move with no piece or no legal move loses.
//! Drawn at once (the WCDF's claims, here automatic): by the third
//! repetition of a position, and after 40 moves of each player (80
//! plies) with no man moved and nothing captured ([`NO_PROGRESS_PLIES`]).
//!
//! ```
//! use dama::{Color, English, Game, GameOptions};
//! // Black moves first: 9-13, 9-14, 10-14, 10-15, 11-15, 11-16, 12-16.
//! let game = Game::<English>::new(GameOptions::default());
//! assert_eq!(game.position().side(), Color::Black);
//! assert_eq!(game.position().legal_moves().len(), 7);
//! ```

use crate::geometry::{dir, dirs, Dark8x8, DIAGONALS};
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::pool::START_FEN;
use crate::rules::{Capture, Counters, EndRule, GameOptions, Mechanics, Motion, Outcome, Rules};
use crate::square::{Corner, SquareNames};
use crate::variant::Variant;

/// English draughts.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct English;

/// Plies without a man move and without a capture that draw (40 moves each).
pub const NO_PROGRESS_PLIES: u32 = 80;

const FORWARD: u16 = dirs(&[dir::NE, dir::NW]);

impl Mechanics for English {
    type Geo = Dark8x8;
    const VARIANT: Variant = Variant::English;
    const KINDS: [bool; 4] = [true, true, false, false];
    const MOTION: [Motion; 4] = [
        Motion::Step(FORWARD),
        Motion::Step(DIAGONALS),
        Motion::None,
        Motion::None,
    ];
    const CAPTURE: [Capture; 4] = [
        Capture::Jump(FORWARD),
        Capture::Jump(DIAGONALS),
        Capture::None,
        Capture::None,
    ];
    const PROMOTE: [Option<Kind>; 4] = [Some(Kind::King), None, None, None];
    const START_FEN: &'static str = START_FEN;
    const SQUARE_NAMES: SquareNames = SquareNames::Numeric(Corner::TopLeft);
    const KIND_MOVES: [&'static str; 4] = [
        "a man moves one square diagonally forward",
        "a king moves one square diagonally",
        "",
        "",
    ];
}

impl Rules for English {
    const REPETITIONS: u32 = 3;

    fn verdict(
        pos: &Position<Self>,
        counters: &Counters,
        _options: &GameOptions,
        has_move: bool,
    ) -> Option<Outcome> {
        if !has_move {
            return Some(Outcome::win(!pos.side(), EndRule::NoMoves));
        }
        (counters.since_progress >= NO_PROGRESS_PLIES).then_some(Outcome::draw(
            EndRule::NoProgress {
                plies: NO_PROGRESS_PLIES,
            },
        ))
    }
}
