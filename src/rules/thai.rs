//! Thai draughts (Mak-hos).
//!
//! **Board and pieces.** 8×8, played on the 32 dark squares (`a1` is
//! dark), numbered 1–32 from White's side as in English draughts (1 =
//! `b8`, 32 = `g1`). Eight men each on the two nearest ranks: White on
//! 25–32, Black on 1–8. *Decision:* White (at the bottom) moves first.
//!
//! **Men** step one square diagonally forward and capture diagonally
//! forward only, by a short jump.
//!
//! **Kings** move diagonally over any number of empty squares. They
//! capture at a distance — empty squares, the piece — but land **on the
//! square immediately behind** the piece taken, never further; from
//! there they may go on in any diagonal direction, straight back
//! included.
//!
//! **Captures** are compulsory and a capturing piece goes on while it
//! can. Each captured piece leaves the board **at once**, so a king may
//! later cross its square. The choice among captures is free (no
//! precedence). A man that reaches the last rank is crowned and its move
//! ends there. Captures are written with `-` like other moves.
//!
//! **End.** The player to move with no piece or no legal move loses.
//! *Decision:* the only draw is the same position, with the same side to
//! move, for the third time.
//!
//! ```
//! use dama::{Game, Thai};
//! // The king on a1 takes c3 and must stop on d4, right behind it
//! // (not on e5); from there it takes f6 and stops on g7.
//! let game: Game<Thai> = "W:WKa1:Bc3,f6,h8".parse().unwrap();
//! let moves: Vec<String> = game.position().legal_moves().iter().map(|m| m.to_string()).collect();
//! assert_eq!(moves.len(), 1);
//! ```

use crate::geometry::{dir, dirs, Dark8x8, DIAGONALS};
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::{Capture, Mechanics, Motion, Rules};
use crate::rules::{Counters, EndRule, GameOptions, Outcome};
use crate::square::{Corner, SquareNames};
use crate::variant::Variant;

/// Thai draughts.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct Thai;

const FORWARD: u16 = dirs(&[dir::NE, dir::NW]);

impl Mechanics for Thai {
    type Geo = Dark8x8;
    const VARIANT: Variant = Variant::Thai;
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
    const PROMOTION_ENDS_CAPTURE: bool = true;
    const REMOVE_AT_ONCE: bool = true;
    const LAND_NEXT: bool = true;
    const START_FEN: &'static str = "W:W25-32:B1-8";
    const CAPTURE_SEP: char = '-';
    const SQUARE_NAMES: SquareNames = SquareNames::Numeric(Corner::TopLeft);
    const KIND_MOVES: [&'static str; 4] = [
        "a man moves one square diagonally forward",
        "a king moves diagonally over any number of empty squares",
        "",
        "",
    ];
}

impl Rules for Thai {
    const REPETITIONS: u32 = 3;

    fn verdict(
        pos: &Position<Self>,
        _c: &Counters,
        _o: &GameOptions,
        has_move: bool,
    ) -> Option<Outcome> {
        (!has_move).then(|| Outcome::win(!pos.side(), EndRule::NoMoves))
    }
}
