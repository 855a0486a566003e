//! What each game is: the [`Rules`] trait and one file per game.
//!
//! A game is a zero-sized type whose associated constants describe it:
//! its board, the kinds of piece it uses, how each kind moves and
//! captures, what it promotes to, and the few switches that set games
//! apart (the majority rule, the king-capture priority, passes,
//! promotion that ends a capture). Move generation, the game record and
//! the search are generic over `R: Rules` and are compiled once per game,
//! so these constants fold away and the hot loops never ask "which game
//! is this?" at run time. The end-of-game rules differ more than a switch
//! can say, so each game writes its own [`Rules::verdict`].

pub mod czech;
pub mod gothic;
pub mod knights;
pub mod medieval;
pub mod ossetian;

crate::games!(__game_types {});

use crate::bitboard::Bits;
use crate::game::{Counters, EndRule, GameOptions, Outcome};
use crate::geometry::{flip_set, DirSet, Geometry};
use crate::piece::Kind;
use crate::position::Position;
use crate::variant::Variant;
use std::fmt::Debug;
use std::hash::Hash;

/// How a kind moves when it does not capture.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Motion {
    /// The kind does not exist in the game.
    None,
    /// One step (or knight leap) in each direction of the set, onto an empty square.
    Step(DirSet),
    /// Any number of empty squares along each direction of the set.
    Slide(DirSet),
}

/// How a kind captures.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Capture {
    /// It never captures.
    None,
    /// A short jump: the opponent piece one step (or leap) away, then an
    /// empty square one more equal step beyond it.
    Jump(DirSet),
    /// Capture at a distance along each direction: empty squares, the
    /// piece, then any empty landing square beyond it.
    Fly(DirSet),
}

const fn flip_motion(m: Motion) -> Motion {
    match m {
        Motion::None => Motion::None,
        Motion::Step(s) => Motion::Step(flip_set(s)),
        Motion::Slide(s) => Motion::Slide(flip_set(s)),
    }
}

const fn flip_capture(c: Capture) -> Capture {
    match c {
        Capture::None => Capture::None,
        Capture::Jump(s) => Capture::Jump(flip_set(s)),
        Capture::Fly(s) => Capture::Fly(flip_set(s)),
    }
}

/// Motions seen from each side: index 0 White (as written), 1 Black (mirrored).
pub const fn both_motions(m: [Motion; 4]) -> [[Motion; 4]; 2] {
    [
        m,
        [
            flip_motion(m[0]),
            flip_motion(m[1]),
            flip_motion(m[2]),
            flip_motion(m[3]),
        ],
    ]
}

/// Captures seen from each side: index 0 White (as written), 1 Black (mirrored).
pub const fn both_captures(c: [Capture; 4]) -> [[Capture; 4]; 2] {
    [
        c,
        [
            flip_capture(c[0]),
            flip_capture(c[1]),
            flip_capture(c[2]),
            flip_capture(c[3]),
        ],
    ]
}

/// A game's rules as compile-time constants.
pub trait Rules: 'static + Copy + Default + Debug + Send + Sync + PartialEq + Eq + Hash {
    /// The board.
    type Geo: Geometry;
    /// The run-time name of the game.
    const VARIANT: Variant;
    /// Which kinds the game uses, by [`Kind::index`].
    const KINDS: [bool; 4];
    /// Non-capturing movement of each kind, for White (forward = up).
    const MOTION: [Motion; 4];
    /// Capturing of each kind, for White.
    const CAPTURE: [Capture; 4];
    /// Movement by colour; derived, do not override.
    const MOTIONS: [[Motion; 4]; 2] = both_motions(Self::MOTION);
    /// Captures by colour; derived, do not override.
    const CAPTURES: [[Capture; 4]; 2] = both_captures(Self::CAPTURE);
    /// What each kind becomes when it ends its move on its last rank.
    const PROMOTE: [Option<Kind>; 4];
    /// Promotion happens the moment the piece lands on the last rank and ends the capture (Knight's draughts).
    const PROMOTION_ENDS_CAPTURE: bool = false;
    /// The player must take the greatest number of pieces.
    const MAJORITY: bool = false;
    /// If a king can capture, a king must capture (Czech draughts).
    const KING_PRIORITY: bool = false;
    /// A player who cannot move (but has pieces, and whose opponent can move) passes.
    const PASSES: bool = false;
    /// Threefold repetition draws.
    const REPETITION_DRAW: bool = false;
    /// The start position in FEN.
    const START_FEN: &'static str;
    /// A player's name for each kind ("man", "king", "knight", …).
    const KIND_NAMES: [&'static str; 4] = ["man", "king", "knight", "commander"];
    /// How each kind moves, in a player's words, for refusals.
    const KIND_MOVES: [&'static str; 4];

    /// A fact about the material that a game's end rules remember from the
    /// move that produced it (Czech: a lone king on the main diagonal).
    fn material_mark(_pos: &Position<Self>) -> bool {
        false
    }

    /// The counter rule that will end the game soonest, for the
    /// evaluation (material is worth less as a draw by a counter comes
    /// close, or more as a count at a limit decides): plies left and the
    /// rule's full length. `None` (the default) when no counter rule applies.
    #[inline(always)]
    fn countdown(counters: &Counters, options: &GameOptions) -> Option<Countdown> {
        let _ = (counters, options);
        None
    }

    /// The part of the counters that can change what a position is worth
    /// (a verdict they may bring), as a number the search mixes into the
    /// key its transposition table sees; `None` (the default) when the
    /// counters cannot change anything.
    #[inline(always)]
    fn counter_key(
        pos: &Position<Self>,
        counters: &Counters,
        options: &GameOptions,
    ) -> Option<u64> {
        let _ = (pos, counters, options);
        None
    }

    /// The end of the game by this game's own rules, if the position and
    /// counters decide it. `has_move` says whether the side to move has a
    /// legal move (a pass counts). Called through [`outcome`], which has
    /// already settled a side without pieces, so both sides have pieces here.
    fn verdict(
        pos: &Position<Self>,
        counters: &Counters,
        options: &GameOptions,
        has_move: bool,
    ) -> Option<Outcome>;
}

/// How far a counter rule is from ending the game (see [`Rules::countdown`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Countdown {
    /// Plies left before the rule applies.
    pub left: u32,
    /// The rule's full length in plies (at least 1).
    pub limit: u32,
}

/// The end of the game, if any: Common ground's rule first (a player
/// with no pieces left has lost; the side to move can face no pieces
/// only in a set-up position, where it has won at once), then the
/// game's own [`Rules::verdict`].
#[inline]
pub fn outcome<R: Rules>(
    pos: &Position<R>,
    counters: &Counters,
    options: &GameOptions,
    has_move: bool,
) -> Option<Outcome> {
    let us = pos.side();
    if pos.color(us).is_empty() {
        return Some(Outcome::win(!us, EndRule::NoPieces));
    }
    if pos.color(!us).is_empty() {
        return Some(Outcome::win(us, EndRule::NoPieces));
    }
    R::verdict(pos, counters, options, has_move)
}

/// The bit-set type of a game.
pub type BB<R> = <<R as Rules>::Geo as Geometry>::B;
