//! The search's public types: scores, limits, progress reports, results.

use crate::moves::Move;
use crate::rules::Rules;
use std::fmt;
use std::time::Duration;

/// A score from the side to move's point of view, in hundredths of a man;
/// scores beyond [`Score::WIN_BOUND`] are wins (or losses) in a number of plies.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Score(pub i32);

impl Score {
    /// A win right now.
    pub const WIN: i32 = 30_000;
    /// Scores at or beyond this are wins in `WIN - score` plies.
    pub const WIN_BOUND: i32 = Self::WIN - 1_000;
    /// A draw.
    pub const DRAW: Score = Score(0);
    /// Win in `plies` plies.
    pub fn win_in(plies: u32) -> Score {
        Score(Self::WIN - plies as i32)
    }
    /// Loss in `plies` plies.
    pub fn loss_in(plies: u32) -> Score {
        Score(-Self::WIN + plies as i32)
    }
    /// Plies to the win (positive) or loss (negative), if decided.
    pub fn decided(self) -> Option<i32> {
        if self.0 >= Self::WIN_BOUND {
            Some(Self::WIN - self.0)
        } else if self.0 <= -Self::WIN_BOUND {
            Some(-(Self::WIN + self.0))
        } else {
            None
        }
    }
}

/// ```
/// use dama::search::Score;
/// assert_eq!(Score(35).to_string(), "cp 35");
/// assert_eq!(Score::win_in(7).to_string(), "win 7");
/// assert_eq!(Score::loss_in(4).to_string(), "loss 4");
/// ```
impl fmt::Display for Score {
    /// `cp 35`, `win 7` or `loss 4` (plies), as in the protocol.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.decided() {
            Some(p) if p >= 0 => write!(f, "win {p}"),
            Some(p) => write!(f, "loss {}", -p),
            None => write!(f, "cp {}", self.0),
        }
    }
}

/// Clock state for a search with time control.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Clock {
    /// Time left for White and Black.
    pub time: [Duration; 2],
    /// Increment per move for White and Black.
    pub inc: [Duration; 2],
    /// Moves to the next time control, if any.
    pub moves_to_go: Option<u32>,
}

/// When to stop searching. Empty limits mean "until stopped" (with a
/// level and nothing else: the level's own time, see [`level`](super::level)).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Limits {
    /// Maximum depth in plies.
    pub depth: Option<u32>,
    /// Maximum nodes.
    pub nodes: Option<u64>,
    /// Fixed time for this move.
    pub movetime: Option<Duration>,
    /// Clock times.
    pub clock: Option<Clock>,
    /// Search until stopped (time limits ignored; depth, nodes and a
    /// level's depth and node caps still end the search).
    pub infinite: bool,
    /// Time kept in reserve per move (communication lag).
    pub overhead: Duration,
    /// Playing strength 1 (weakest, many mistakes) to 5 (strongest);
    /// `None` plays at full strength within the other limits.
    pub level: Option<u8>,
}

/// A progress report, sent after each completed iteration (one per
/// principal variation when several are asked for).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// Depth completed.
    pub depth: u32,
    /// Deepest ply reached (captures included).
    pub seldepth: u32,
    /// Score of the best move (of this line's move with several lines).
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the start.
    pub time: Duration,
    /// Hash table use in permille.
    pub hashfull: u32,
    /// The principal variation in notation.
    pub pv: Vec<String>,
    /// Which line this is, 1 for the best (see [`Searcher::set_multipv`](super::Searcher::set_multipv)).
    pub multipv: u32,
}

impl Info {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let us = self.time.as_micros().max(1) as u64;
        (self.nodes as u128 * 1_000_000 / us as u128) as u64
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult<R: Rules> {
    /// The move to play (`None` when there is no legal move or the game is over).
    pub best: Option<Move<R>>,
    /// Its score.
    pub score: Score,
    /// The principal variation, the best move first.
    pub pv: Vec<Move<R>>,
    /// Depth of the last completed iteration.
    pub depth: u32,
    /// Nodes searched.
    pub nodes: u64,
}

/// Deepest iteration the search starts.
pub const MAX_DEPTH: u32 = 100;
