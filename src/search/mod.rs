//! The search: iterative deepening principal variation search over a
//! game's positions.
//!
//! [`Searcher<R>`] is what the engine, `dama play` and the protocol use:
//! give it the game so far and [`Limits`], a stop flag and a callback for
//! progress lines ([`Info`]); it returns a [`SearchResult`] with the best
//! move and the principal variation. The search never parses text.
//!
//! How it works, from the root down:
//! - Iterative deepening: depth 1, 2, 3, … each iteration starts from
//!   what the last one learned (root move order, the transposition
//!   table, killers, history), inside an aspiration window around the
//!   last score from depth 5 on.
//! - Principal variation search: the first move gets the full window,
//!   the others a null window and a re-search only if they beat it;
//!   nodes are compiled twice (`PV` const generic) so non-PV nodes carry
//!   no PV bookkeeping. Late quiet moves are searched one ply shallower
//!   first (late move reductions); a position with a single legal move
//!   costs no depth (forced captures are common in draughts).
//! - Before a non-PV node searches anything, two cheap ways out: an
//!   enhanced transposition cutoff (a child the table already knows to
//!   refute the opponent ends the node) and ProbCut (a shallow search
//!   that clears beta by a margin ends it too). Both won SPRTs in Czech
//!   draughts (README, "Search techniques (SPRT)").
//! - At depth 0 the search goes on while captures are on the board:
//!   captures are forced in every game, so there is no "stand pat" while
//!   one is pending, and the static evaluation is taken only in a quiet
//!   position.
//! - The game's end and draw rules are applied at every node from the
//!   [`Counters`](crate::game::Counters) carried down the tree: [`Rules::verdict`](crate::rules::Rules::verdict) (no pieces, no
//!   moves, the Czech 15-moves rule and endgame limits, the no-capture
//!   limits of Gothic draughts and Medieval battle, Knight's move limit,
//!   both sides blocked) and, in Czech draughts, repetition. A repetition
//!   inside the search tree counts as a draw at once; one with the game's
//!   own history counts only on the third occurrence. Because these rules
//!   depend on counters, the counters that matter are mixed into the key
//!   the transposition table sees.
//! - Levels ([`level`]) cap the budget and add deliberate errors; time
//!   management is in [`time`], move ordering in [`ordering`], the
//!   table in [`tt`], the evaluation in [`crate::eval`].

mod key;
pub mod level;
pub mod ordering;
mod root;
mod searcher;
pub mod tablebase;
pub mod time;
pub mod tt;
mod types;
mod worker;

pub use level::{node_percent, Level, Rng, LEVELS};
pub use searcher::Searcher;
pub use tablebase::Tablebase;
pub use types::{Clock, Info, Limits, Score, SearchResult, MAX_DEPTH};

use crate::eval::Evaluate;
use crate::position::Position;

/// Material and position from the side to move's view, in hundredths of
/// a man, by the game's evaluation (see [`crate::eval`]).
pub fn evaluate<R: Evaluate>(pos: &Position<R>) -> i32 {
    crate::eval::evaluate(pos)
}
