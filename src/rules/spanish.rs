//! Spanish draughts (Damas), by the rules of the Spanish federation.
//!
//! **Board and pieces.** 8×8, played on the squares of `h1`'s colour
//! (`a1` is not playable), numbered 1–32 from `h1` (1–4 on rank 1 from
//! the right, up to 29–32 on rank 8). White's twelve men stand on 1–12
//! (ranks 1–3), Black's on 21–32 (ranks 6–8); White moves first.
//!
//! **Men** step one square diagonally forward and capture by a short
//! jump diagonally forward only (men and kings).
//!
//! **Kings** fly: they move diagonally over any number of empty squares
//! and capture at a distance; a king that can go on capturing from some
//! of its landing squares must land on one of them.
//!
//! **Captures** are compulsory and a capturing piece goes on while it
//! can. The capture taking the most pieces is compulsory, and among
//! those the one taking the most kings (precedence `[MostPieces,
//! MostKings]`); then the choice is free, with no preference for a
//! capture by a king. Captured pieces leave the board when the move
//! ends. A man that reaches the last rank is crowned and the move ends.
//!
//! **End.** The player to move with no piece or no legal move loses.
//! Drawn at once by the third repetition of a position. *Decision:* no
//! move limit (the federation's "limited-move laws" give no numbers).
//!
//! ```
//! use dama::{Game, Spanish};
//! // One piece either way: the man on 11 must take the king on 14.
//! let game: Game<Spanish> = "W:W11:B15,K14".parse().unwrap();
//! let moves: Vec<String> = game.position().legal_moves().iter().map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["11x18"]);
//! ```

use crate::geometry::{dir, dirs, Dark8x8H1, DIAGONALS};
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::{Capture, Counters, EndRule, GameOptions, Mechanics, Motion, Outcome};
use crate::rules::{Precedence, Rules};
use crate::square::{Corner, SquareNames};
use crate::variant::Variant;

/// Spanish draughts.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct Spanish;

const FORWARD: u16 = dirs(&[dir::NE, dir::NW]);

impl Mechanics for Spanish {
    type Geo = Dark8x8H1;
    const VARIANT: Variant = Variant::Spanish;
    const KINDS: [bool; 4] = [true, true, false, false];
    const MOTION: [Motion; 4] = [
        Motion::Step(FORWARD),
        Motion::Slide(DIAGONALS),
        Motion::None,
        Motion::None,
    ];
    const CAPTURE: [Capture; 4] = [
        Capture::Jump(FORWARD),
        Capture::Fly(DIAGONALS),
        Capture::None,
        Capture::None,
    ];
    const PROMOTE: [Option<Kind>; 4] = [Some(Kind::King), None, None, None];
    const PRECEDENCE: &'static [Precedence] = &[Precedence::MostPieces, Precedence::MostKings];
    const START_FEN: &'static str = "W:W1-12:B21-32";
    const SQUARE_NAMES: SquareNames = SquareNames::Numeric(Corner::BottomRight);
    const KIND_MOVES: [&'static str; 4] = [
        "a man moves one square diagonally forward",
        "a king moves diagonally over any number of empty squares",
        "",
        "",
    ];
}

impl Rules for Spanish {
    const REPETITIONS: u32 = 3;

    fn verdict(
        pos: &Position<Self>,
        _counters: &Counters,
        _options: &GameOptions,
        has_move: bool,
    ) -> Option<Outcome> {
        (!has_move).then(|| Outcome::win(!pos.side(), EndRule::NoMoves))
    }
}
