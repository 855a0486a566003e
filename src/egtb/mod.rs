//! Endgame databases for Czech draughts: every position of up to N
//! pieces, solved under the rules as they are played, counters included.
//!
//! # What a value is, and why not win/draw/loss
//!
//! Czech draughts draws a game where the 15-moves rule (30 plies without
//! a man move and without a capture) or an endgame limit against a lone
//! king (30 plies, or 10 in the short cases, counted from the move that
//! produced the material) runs out. Three kings against a king win from
//! most squares, but not if the win takes longer than the limit leaves.
//! So a position's value depends on its counters, and a plain
//! win/draw/loss table would be wrong exactly where the rules decide.
//!
//! Call the number of plies left before a draw rule strikes the
//! position's *budget*. Within one material the budget is one number:
//!
//! - Without an endgame limit it is `30 - since_progress`. A man move
//!   resets it to 30; a capture or a promotion changes the material.
//! - With an endgame limit `L` it is `L - since_material`. The 15-moves
//!   counter never matters there: every capture or promotion (which
//!   resets `since_material`) is also a capture or man move (which
//!   resets `since_progress`), so `since_progress <= since_material` in
//!   every game, and `30 - since_progress >= L - since_material`. A man
//!   move (king and man against king) does not reset this budget.
//! - The main-diagonal condition only chooses `L` (10 or 30) when the
//!   material appears; after that both cases run the same way, one ply
//!   at a time. So one table serves both, and the probe works out the
//!   budget from the counters ([`probe::budget`]).
//!
//! A move that resets the budget (a capture, a promotion, or a man move
//! where no limit applies) leads to a position with a full budget; any
//! other move leads to one with the budget less one. At budget 0 the
//! game is drawn, unless the side to move has no move, which loses
//! first ("a win on the ply that reaches a limit is a win": the game
//! record checks for a move before the counters, and so do we).
//!
//! More budget never hurts the side that wins: a winning strategy with
//! `b` plies left still wins with `b + 1`, since the draw rules only end
//! games. So for each position there is a least budget that wins, and
//! for the loser a least budget at which it loses, and one number says
//! all ([`Value`]):
//!
//! - `Win(w)`: the side to move wins exactly when its budget is at least `w`;
//! - `Loss(l)`: the side to move loses exactly when its budget is at least `l`;
//! - `Draw`: neither side can win with any budget the rules allow (30 at most).
//!
//! These are distances to win counted in the plies that count for the
//! draw rules, with a reset (a man move, capture or promotion) counting
//! as the end of the count: `Win(w) = 1 + min Loss(l)` over the moves
//! that keep the budget running, `1` for a reset move into a position
//! lost (at its full budget) for the opponent; `Loss(l) = 1 + max Win(w)`
//! over all moves, reset moves counting `1` when they lose. That is the
//! ordinary retrograde recurrence, so the generator is an ordinary
//! retrograde analysis, cut at 30: anything that needs more is a draw.
//!
//! # Repetition
//!
//! Threefold repetition is left out of the values, and that is exact for
//! a game that starts at the probed position: along the winner's best
//! line (always to the successor with the least value), the value falls
//! by one every ply until a reset, and a reset (man move, capture,
//! promotion) can never be undone, so no position occurs twice. The
//! loser cannot force a repetition against that line, and a drawn side
//! needs none. Only a game's earlier history can matter (a winner forced
//! back into a position seen twice before); the search sees that history
//! and its repetition rule stays in force on top of the probes.
//!
//! # Layout
//!
//! - [`index`]: material slices, the [`index::Board`] (always White to
//!   move: the colour flip halves the tables) and the index inside a slice;
//! - [`generate`]: the retrograde generator;
//! - [`store`]: the files, block run-length compressed, loaded lazily;
//! - [`probe`]: the value of a position with its counters, resolving
//!   capture positions (not stored) by a small search, and
//!   [`probe::Egtb`], the databases of a directory;
//! - [`verify`]: the check that every stored value agrees with its successors;
//! - [`cli`]: `dama egtb generate | verify | probe`.

pub mod cli;
pub mod generate;
pub mod index;
pub mod probe;
pub mod store;
pub mod verify;

pub use index::{Board, Material, Slice};
pub use probe::{Egtb, Probe};

use crate::game::Counters;
use crate::position::Position;
use crate::rules::Rules;

/// The most plies a budget can hold (15 moves of each player).
pub const MAX_BUDGET: u32 = 30;

/// A position's value for the side to move, in budgets (see the module docs).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    /// Drawn at every budget.
    Draw,
    /// Won when the budget is at least this (1–30).
    Win(u8),
    /// Lost when the budget is at least this (0–30; 0: no move at all).
    Loss(u8),
}

/// A result for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wdl {
    /// The side to move wins.
    Win,
    /// Nobody wins.
    Draw,
    /// The side to move loses.
    Loss,
}

impl Value {
    /// The one-byte code: 0 draw, 1–30 win, 128 + l loss.
    pub fn encode(self) -> u8 {
        match self {
            Value::Draw => 0,
            Value::Win(w) => w,
            Value::Loss(l) => 128 | l,
        }
    }

    /// The value of a code (`None` for a byte that is no value).
    pub fn decode(b: u8) -> Option<Value> {
        match b {
            0 => Some(Value::Draw),
            1..=30 => Some(Value::Win(b)),
            128..=158 => Some(Value::Loss(b - 128)),
            _ => None,
        }
    }

    /// The result with `budget` plies left before a draw rule.
    pub fn at(self, budget: u32) -> Wdl {
        match self {
            Value::Win(w) if budget >= u32::from(w) => Wdl::Win,
            Value::Loss(l) if budget >= u32::from(l) => Wdl::Loss,
            _ => Wdl::Draw,
        }
    }
}

/// A database win's score for the search: below the scores of wins the
/// search sees to the end (`Score::WIN_BOUND` and up), above any
/// evaluation. Fewer plies of budget needed scores higher, so the search
/// steps to the successor with the least value, which is the line that
/// never repeats (see the module docs); a loser prefers the most.
pub const TB_WIN: i32 = 28_000;

/// The search's score of a probe (side to move's view).
pub fn score(p: &Probe) -> i32 {
    match (p.wdl, p.value) {
        (Wdl::Win, Value::Win(w)) => TB_WIN - i32::from(w),
        (Wdl::Win, _) => TB_WIN,
        (Wdl::Loss, Value::Loss(l)) => -TB_WIN + i32::from(l),
        (Wdl::Loss, _) => -TB_WIN,
        (Wdl::Draw, _) => 0,
    }
}

/// Endgame databases as the search sees them: a value for a position
/// with its counters, or `None` when the position is not covered.
pub trait Tablebase<R: Rules>: Send + Sync {
    /// The most pieces the databases cover.
    fn max_pieces(&self) -> u32;
    /// The value of the position under perfect play and the rules'
    /// counters, or `None` if not covered (too many pieces, a missing or
    /// unreadable file).
    fn probe(&self, pos: &Position<R>, counters: &Counters) -> Option<Probe>;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn codes_round_trip() {
        for v in (1..=30)
            .map(Value::Win)
            .chain((0..=30).map(Value::Loss))
            .chain([Value::Draw])
        {
            assert_eq!(Value::decode(v.encode()), Some(v));
        }
        assert_eq!(Value::decode(31), None);
        assert_eq!(Value::decode(255), None);
        assert_eq!(Value::Win(5).at(4), Wdl::Draw);
        assert_eq!(Value::Win(5).at(5), Wdl::Win);
        assert_eq!(Value::Loss(0).at(0), Wdl::Loss);
        assert_eq!(Value::Loss(3).at(2), Wdl::Draw);
    }
}
