//! Turkish draughts (Dama).
//!
//! **Board and pieces.** 8×8, all 64 squares. Sixteen men each: White on
//! ranks 2 and 3, Black on ranks 6 and 7; the back ranks start empty.
//! White moves first. Squares are named algebraically (`a1`–`h8`).
//!
//! **Men** step one square straight forward or sideways (left or
//! right), never backwards and never diagonally, and capture by a short
//! jump in the same three directions.
//!
//! **Kings** move like a chess rook: any number of empty squares along
//! their rank or file. They capture at a distance along ranks and files
//! (empty squares, the piece, then any empty square beyond it; a king
//! that can go on from some of its landing squares must land on one).
//!
//! **Captures** are compulsory and a capturing piece goes on while it
//! can. Each captured piece leaves the board **at once**, so its square
//! is empty for the rest of the move (a king may cross it again). Between
//! two jumps a piece may turn 90° but **never turn straight back**. The
//! capture taking the **most pieces** is compulsory, kings and men alike
//! (precedence `[MostPieces]`); among those the choice is free.
//!
//! **Promotion.** A man that ends its move on the last rank becomes a
//! king. *Decision:* one that reaches it in the middle of a capture and
//! can jump on does so as a man (only sideways along that rank) and is
//! crowned when the move ends.
//!
//! **End.** The player to move with no piece or no legal move loses.
//! The game is drawn by the same position, with the same side to move,
//! for the third time, and when a lone king faces a lone king for 2
//! moves of each player (4 plies, counted from the move that made the
//! material; [`KING_AGAINST_KING`]). *Decision:* no other material
//! configuration draws.
//!
//! ```
//! use dama::{Game, Turkish};
//! // The king takes d4 (gone at once), must land on d6 and take on: e6
//! // or b6. Having taken e6 it may not turn straight back for b6, so
//! // each capture takes two.
//! let game: Game<Turkish> = "W:WKd2:Bd4,e6,b6".parse().unwrap();
//! let mut moves: Vec<String> = game.position().legal_moves().iter().map(|m| m.to_string()).collect();
//! moves.sort();
//! assert_eq!(moves, ["d2xd6xa6", "d2xd6xf6", "d2xd6xg6", "d2xd6xh6"]);
//! //! ```

use crate::bitboard::Bits;
use crate::geometry::{dir, dirs, Full8x8};
use crate::piece::{Color, Kind};
use crate::position::Position;
use crate::rules::{Capture, Mechanics, Motion, Precedence, Rules};
use crate::rules::{Counters, EndRule, GameOptions, Outcome};
use crate::variant::Variant;

/// Turkish draughts.
#[derive(Clone, Copy, Default, Debug, PartialEq, Eq, Hash)]
pub struct Turkish;

/// Forward and sideways: a man's directions.
const MAN: u16 = dirs(&[dir::N, dir::E, dir::W]);
/// The four directions along ranks and files: a king's.
pub const ORTHOGONALS: u16 = dirs(&[dir::N, dir::E, dir::S, dir::W]);

/// Plies of king against king that draw (2 moves of each player).
pub const KING_AGAINST_KING: u32 = 4;

impl Mechanics for Turkish {
    type Geo = Full8x8;
    const VARIANT: Variant = Variant::Turkish;
    const KINDS: [bool; 4] = [true, true, false, false];
    const MOTION: [Motion; 4] = [
        Motion::Step(MAN),
        Motion::Slide(ORTHOGONALS),
        Motion::None,
        Motion::None,
    ];
    const CAPTURE: [Capture; 4] = [
        Capture::Jump(MAN),
        Capture::Fly(ORTHOGONALS),
        Capture::None,
        Capture::None,
    ];
    const PROMOTE: [Option<Kind>; 4] = [Some(Kind::King), None, None, None];
    const PRECEDENCE: &'static [Precedence] = &[Precedence::MostPieces];
    const REMOVE_AT_ONCE: bool = true;
    const NO_REVERSAL: bool = true;
    const START_FEN: &'static str = "W:Wa2,a3,b2,b3,c2,c3,d2,d3,e2,e3,f2,f3,g2,g3,h2,h3:Ba6,a7,b6,b7,c6,c7,d6,d7,e6,e7,f6,f7,g6,g7,h6,h7";
    const KIND_MOVES: [&'static str; 4] = [
        "a man moves one square straight forward or sideways",
        "a king moves along its rank or file over any number of empty squares",
        "",
        "",
    ];
}

/// True when each side has exactly one piece, a king.
pub(crate) fn king_against_king<R: Mechanics>(pos: &Position<R>) -> bool {
    let kings = pos.kind(Kind::King);
    Color::ALL.into_iter().all(|c| {
        let own = pos.color(c);
        own.count() == 1 && !(own & kings).is_empty()
    })
}

impl Rules for Turkish {
    const REPETITIONS: u32 = 3;

    const ENDGAME_CLASSES: bool = true;

    /// Class 1: king against king.
    fn endgame_class(pos: &Position<Self>) -> u8 {
        u8::from(king_against_king(pos))
    }

    /// King against king: the plies since the class began.
    #[inline(always)]
    fn counter_key(_pos: &Position<Self>, c: &Counters, _o: &GameOptions) -> Option<u64> {
        (c.class != 0).then(|| u64::from(c.since_class.min(63)))
    }

    fn verdict(
        pos: &Position<Self>,
        c: &Counters,
        _o: &GameOptions,
        has_move: bool,
    ) -> Option<Outcome> {
        if !has_move {
            return Some(Outcome::win(!pos.side(), EndRule::NoMoves));
        }
        if c.class != 0 && c.since_class >= KING_AGAINST_KING {
            return Some(Outcome::draw(EndRule::EndgameLimit {
                plies: KING_AGAINST_KING,
            }));
        }
        None
    }
}
