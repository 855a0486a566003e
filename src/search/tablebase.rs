//! What the search asks of endgame databases: a score for a position
//! with its counters, or nothing when the position is not covered.
//!
//! The search only knows this trait; a game's databases (Czech draughts'
//! in [`crate::egtb`]) implement it, so the search never names a game
//! and the databases depend on the search, not the other way round.

use crate::game::Counters;
use crate::position::Position;
use crate::rules::Rules;

/// Endgame databases as the search sees them.
pub trait Tablebase<R: Rules>: Send + Sync {
    /// The most pieces the databases cover.
    fn max_pieces(&self) -> u32;
    /// The score of the position for the side to move under perfect
    /// play and the rules' counters (near the search's win score for a
    /// win, 0 for a draw), or `None` if the position is not covered.
    fn score(&self, pos: &Position<R>, counters: &Counters) -> Option<i32>;
}
