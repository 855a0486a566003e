//! What each game is: the [`Rules`] trait and one file per game, whose
//! module docs give that game's rules in full.
//!
//! A game is a zero-sized type that implements two traits in its file
//! `rules/<game>.rs`. [`Mechanics`] (in [`mechanics`]) describes how the
//! pieces move: the board, the kinds, their steps and captures,
//! promotion, the capture precedence and passes. [`Rules`] adds how the
//! game ends: the end-of-game rules differ more than a switch can say, so
//! each game writes its own [`Rules::verdict`], and says which of the
//! counters ([`Counters`]) its rules look at. The types of a game's end
//! ([`Outcome`], [`EndRule`], …) are in [`outcome`](mod@outcome), below
//! the game record, so that the rules can name them.
//!
//! # Common ground
//!
//! What every game here shares, unless its own file says otherwise:
//!
//! - Squares are named from White's side: files `a`, `b`, … left to
//!   right, ranks `1`, `2`, … bottom to top. White starts at the bottom
//!   and moves first; forward is up for White, down for Black; the last
//!   rank (where pieces promote) is the opponent's back rank.
//! - Capturing is compulsory: if the side to move can capture, every
//!   move that does not is illegal. A capture is a chain of jumps by one
//!   piece, the whole chain one move, and a piece that can go on
//!   capturing must.
//! - Captured pieces leave the board when the move ends. Until then they
//!   block: a piece is jumped at most once, and a jumped piece cannot be
//!   passed over or landed on. The moving piece's own square counts as
//!   empty during its move.
//! - A flying piece moves over any number of empty squares along a line
//!   and captures at a distance: empty squares, the piece, then any empty
//!   square beyond it. If it can go on capturing from some of those
//!   squares, it must land on one of them.
//! - A piece promotes only when it ends its move on the last rank (unless
//!   the game says otherwise); one that passes it in the middle of a
//!   capture goes on as what it was.
//! - A move is its origin, its destination and the set of pieces it
//!   captures: two chains that agree in all three are one move (written
//!   with the chain whose landing squares come first, by file, then
//!   rank). Perft counts moves in that sense and ignores the counters.
//! - The player to move with no legal move loses, and so does a player
//!   with no pieces left; games with passes say so.
//! - A count of "moves" is of plies (one player's turns) unless it says
//!   "of each player".

pub mod antidraughts;
pub mod brazilian;
pub mod breakthrough;
pub mod czech;
pub mod english;
pub mod frisian;
pub mod gothic;
pub mod international;
pub mod italian;
pub mod killer;
pub mod knights;
pub mod mechanics;
pub mod medieval;
pub mod ossetian;
pub mod outcome;
pub mod pool;
pub mod russian;
pub mod spanish;
pub mod thai;
pub mod turkish;

pub use mechanics::{
    both_captures, both_motions, Capture, Landing, Mechanics, Motion, Precedence, BB,
};
pub use outcome::{EndRule, GameResult, Outcome, Tally};

use crate::bitboard::Bits;
use crate::moves::Move;
use crate::position::Position;

/// Rule options a player may change (the rules make them adjustable).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameOptions {
    /// Gothic draughts and Medieval battle: plies without capture that end the game (default 30).
    pub no_capture_limit: u32,
    /// Knight's draughts: plies after which the game ends (default 200).
    pub move_limit: u32,
}

impl Default for GameOptions {
    fn default() -> Self {
        GameOptions {
            no_capture_limit: 30,
            move_limit: 200,
        }
    }
}

/// Counters kept along a game, all in plies.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counters {
    /// Plies played (including those before the start position, from its FEN `F` field).
    pub ply: u32,
    /// Plies since the last capture.
    pub since_capture: u32,
    /// Plies since the last capture or move of a man (Czech 15-moves rule).
    pub since_progress: u32,
    /// Plies since the material last changed (capture or promotion).
    pub since_material: u32,
    /// The game's [`Rules::material_mark`] right after the material last changed.
    pub material_mark: bool,
    /// The endgame class the game is in ([`Rules::endgame_class`]; 0: none).
    pub class: u8,
    /// Plies since the current endgame class began (the `E` counter;
    /// 0 outside every class).
    pub since_class: u32,
}

impl Counters {
    /// Counters for a start position; `h` is the FEN `H` field (the
    /// variant's no-capture or no-progress counter).
    ///
    /// The material counter starts at `h` too: the material can only have
    /// changed by a capture or a promotion (a man's move), so at least `h`
    /// plies have passed since it last changed. With kings only on the
    /// board (the Czech endgame limits) that is exact, so a game saved as
    /// a FEN and resumed keeps counting towards its endgame limit.
    pub fn start<R: Rules>(pos: &Position<R>, h: u32, ply: u32) -> Self {
        Counters {
            ply,
            since_capture: h,
            since_progress: h,
            since_material: h,
            material_mark: R::material_mark(pos),
            class: R::endgame_class(pos),
            since_class: 0,
        }
    }

    /// The counters after `m` was played, leading to `after`. They
    /// saturate rather than overflow (a FEN may give any `H` or `F`).
    pub fn after<R: Rules>(&self, m: &Move<R>, after: &Position<R>) -> Self {
        let capture = m.is_capture();
        let man = !m.is_pass() && m.kind() == crate::piece::Kind::Man;
        let material = capture || m.promotion().is_some();
        // The class can change only with the material; a ply inside a
        // class (a promotion too) goes on counting.
        let class = if material {
            R::endgame_class(after)
        } else {
            self.class
        };
        Counters {
            ply: self.ply.saturating_add(1),
            since_capture: if capture {
                0
            } else {
                self.since_capture.saturating_add(1)
            },
            since_progress: if capture || man {
                0
            } else {
                self.since_progress.saturating_add(1)
            },
            since_material: if material {
                0
            } else {
                self.since_material.saturating_add(1)
            },
            material_mark: if material {
                R::material_mark(after)
            } else {
                self.material_mark
            },
            class,
            since_class: if class == 0 || class != self.class {
                0
            } else {
                self.since_class.saturating_add(1)
            },
        }
    }
}

/// How a game ends: the upper half of its rules, on top of [`Mechanics`].
pub trait Rules: Mechanics {
    /// A player who has no pieces left, or no legal move, wins instead of
    /// losing (Antidraughts).
    const NO_MOVE_WINS: bool = false;
    /// The occurrence of a position that draws (3: threefold repetition;
    /// 0, the default: repetition decides nothing).
    const REPETITIONS: u32 = 0;

    /// The game's draw rules count plies since the last capture or
    /// promotion ([`Counters::since_material`]), so its FEN carries them
    /// as the `C` field.
    const C_COUNTER: bool = false;

    /// The game's draw rules count plies inside endgame classes
    /// ([`Rules::endgame_class`]), so its FEN may carry them as the `E`
    /// field. A class is judged when the material changes and then kept,
    /// so an `E` the engine writes may stand on a board that, read
    /// afresh, is in another class or none (a game where that can happen
    /// writes the class's limit as `L`, [`Rules::fen_limit`] and
    /// [`Rules::class_for_limit`]); a game without classes refuses any
    /// `E` above 0.
    const ENDGAME_CLASSES: bool = false;

    /// The endgame class of a position, a number the game gives to each
    /// material configuration its draw rules name (0, the default: none).
    /// [`Counters::since_class`] counts the plies since the class began:
    /// entering a different class restarts it, a ply inside the class
    /// (a promotion too) goes on, leaving every class drops it. It is
    /// asked only when the material changes (a capture or a promotion),
    /// so a condition judged on entering a class holds for all of it.
    fn endgame_class(_pos: &Position<Self>) -> u8 {
        0
    }

    /// A fact about the material that a game's end rules remember from the
    /// move that produced it (Czech: a lone king on the main diagonal).
    fn material_mark(_pos: &Position<Self>) -> bool {
        false
    }

    /// Whether a FEN of this position must carry the `C` field
    /// ([`Counters::since_material`]) for a reader to get the same game
    /// back: always in the games whose draw rules count it
    /// ([`Rules::C_COUNTER`]); a game that counts it only in some
    /// endings says when.
    fn writes_since_material(pos: &Position<Self>, counters: &Counters) -> bool {
        let _ = (pos, counters);
        Self::C_COUNTER
    }

    /// The `L` field a FEN of this position must carry: the endgame limit
    /// the game counts to, where the position as it stands would give
    /// another ([`Rules::material_mark`] in Czech draughts, the endgame
    /// class in Russian and Brazilian; `None`, the default: never).
    fn fen_limit(pos: &Position<Self>, counters: &Counters) -> Option<u32> {
        let _ = (pos, counters);
        None
    }

    /// The [`Counters::material_mark`] that makes the game count to
    /// `limit` plies from this position (a FEN's `L` field), or `None`
    /// if no endgame limit of that length can apply to it.
    fn mark_for_limit(pos: &Position<Self>, limit: u32) -> Option<bool> {
        let _ = (pos, limit);
        None
    }

    /// The endgame class ([`Counters::class`]) that makes the game count
    /// to `limit` plies from this position (a FEN's `L` field; 0 for no
    /// limit: no class), in a game whose classes are judged when the
    /// material appears and then kept ([`Rules::ENDGAME_CLASSES`]), or
    /// `None` if this material can be in no such class.
    fn class_for_limit(pos: &Position<Self>, limit: u32) -> Option<u8> {
        let _ = (pos, limit);
        None
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
    /// legal move (a pass counts). Called through [`outcome()`], which has
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
/// only in a set-up position, where it has won at once; both the other
/// way round where [`Rules::NO_MOVE_WINS`]), then the game's own
/// [`Rules::verdict`].
#[inline]
pub fn outcome<R: Rules>(
    pos: &Position<R>,
    counters: &Counters,
    options: &GameOptions,
    has_move: bool,
) -> Option<Outcome> {
    let us = pos.side();
    if R::NO_MOVE_WINS {
        if pos.color(us).is_empty() {
            return Some(Outcome::win(us, EndRule::NoPiecesWins));
        }
        if pos.color(!us).is_empty() {
            return Some(Outcome::win(!us, EndRule::NoPiecesWins));
        }
    }
    if pos.color(us).is_empty() {
        return Some(Outcome::win(!us, EndRule::NoPieces));
    }
    if pos.color(!us).is_empty() {
        return Some(Outcome::win(us, EndRule::NoPieces));
    }
    R::verdict(pos, counters, options, has_move)
}
