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
//! - [`audit`]: played games judged move by move against the databases;
//! - [`cli`]: `dama egtb generate | verify | probe | audit`.

pub mod audit;
#[cfg(feature = "cli")]
pub mod cli;
pub mod generate;
pub mod index;
pub mod probe;
pub mod store;
pub mod value;
pub mod verify;

pub use index::{Board, Material, Slice};
pub use probe::{Egtb, Probe};

pub use value::{Value, Wdl, MAX_BUDGET, TB_WIN};

/// The databases in `dir` for `dama play`, `dama serve` and `dama egtb
/// audit`: refused, with a message naming the directory, when it holds
/// no complete set of 2-piece databases, or naming the file when one it
/// would read has a wrong header or length ([`Egtb::check_files`]).
///
/// # Errors
///
/// The reason in words.
pub fn open_for_play(dir: &std::path::Path) -> Result<Egtb, String> {
    let tb = Egtb::open(dir)?;
    tb.check_files()?;
    if tb.max_pieces() < 2 {
        return Err(format!(
            "{}: no endgame databases there (make them with: dama egtb generate --pieces 4 --dir {})",
            dir.display(),
            dir.display()
        ));
    }
    Ok(tb)
}

/// Lends the databases to a searcher of Czech draughts (the only game
/// that has them); a searcher of another game is left as it is.
pub fn attach(s: &mut crate::any::AnySearcher, tb: Option<std::sync::Arc<Egtb>>) {
    if let Some(s) = s.as_typed::<crate::rules::czech::Czech>() {
        s.set_tablebase(tb.map(|t| {
            t as std::sync::Arc<dyn crate::search::Tablebase<crate::rules::czech::Czech>>
        }));
    }
}
