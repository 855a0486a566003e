//! Italian draughts (Dama italiana), by the rules of the FID.
//!
//! **Board and pieces.** 8×8, played on the squares of `h1`'s colour
//! (`a1` is not playable: each player has a playable corner at the
//! bottom right), numbered 1–32 from `a8` (1–4 on rank 8 from the left,
//! down to 29–32 on rank 1). Black's twelve men stand on 1–12 (ranks
//! 6–8), White's on 21–32 (ranks 1–3); White moves first.
//!
//! **Men** step one square diagonally forward and capture by a short
//! jump diagonally forward only, and **never capture a king**, at no
//! jump of a chain ([`Mechanics::PREY`]).
//!
//! **Kings** step one square diagonally in any direction and capture men
//! and kings by a short jump in any diagonal direction.
//!
//! **Captures** are compulsory and a capturing piece goes on while it
//! can. Among the captures, each step keeps the best of those the step
//! before left (precedence `[MostPieces, ByKing, MostKings,
//! EarliestKing]`):
//! 1. the most pieces captured;
//! 2. a capture by a king before one by a man;
//! 3. the most kings captured;
//! 4. the king met earliest: the jump at which the first king is taken,
//!    the earlier the better; if equal, the second king, and so on.
//!
//! Then the choice is free. Captured pieces leave the board when the
//! move ends. A man that reaches the last rank is crowned and the move
//! ends.
//!
//! **End.** The player to move with no piece or no legal move loses.
//! *Decision* (dctl's reading of FID articles 9.3 and 10.4): drawn at
//! the **fourth** occurrence of a position, and after 40 moves of each
//! player (80 plies) of king moves only without a capture
//! ([`NO_PROGRESS_PLIES`]).
//!
//! ```
//! use dama::{Game, Italian};
//! // The man on 22 (d3) takes the man on 19, never the king on 18.
//! let game: Game<Italian> = "W:W22:BK18,19".parse().unwrap();
//! let moves: Vec<String> = game.position().legal_moves().iter().map(|m| m.to_string()).collect();
//! assert_eq!(moves, ["22x15"]);
//! ```

use crate::geometry::{dir, dirs, Dark8x8H1, DIAGONALS};
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::{Capture, Counters, EndRule, GameOptions, Mechanics, Motion, Outcome};
use crate::rules::{Precedence, Rules};
use crate::square::{Corner, SquareNames};
use crate::variant::Variant;

/// Italian draughts.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct Italian;

/// Plies of king moves only, without a capture, that draw (40 moves each).
pub const NO_PROGRESS_PLIES: u32 = 80;

const FORWARD: u16 = dirs(&[dir::NE, dir::NW]);

impl Mechanics for Italian {
    type Geo = Dark8x8H1;
    const VARIANT: Variant = Variant::Italian;
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
    const PREY: [u8; 4] = [0b01, 0b11, 0, 0];
    const PROMOTE: [Option<Kind>; 4] = [Some(Kind::King), None, None, None];
    const PRECEDENCE: &'static [Precedence] = &[
        Precedence::MostPieces,
        Precedence::ByKing,
        Precedence::MostKings,
        Precedence::EarliestKing,
    ];
    const START_FEN: &'static str = "W:W21-32:B1-12";
    const SQUARE_NAMES: SquareNames = SquareNames::Numeric(Corner::TopLeft);
    const KIND_MOVES: [&'static str; 4] = [
        "a man moves one square diagonally forward",
        "a king moves one square diagonally",
        "",
        "",
    ];
}

impl Rules for Italian {
    const REPETITIONS: u32 = 4;

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
