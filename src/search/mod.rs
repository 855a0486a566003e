//! The search: iterative deepening alpha-beta over a game's positions.
//!
//! [`Searcher<R>`] is what the engine, `dama play` and the protocol use:
//! give it the game so far and [`Limits`], a stop flag and a callback for
//! progress lines ([`Info`]); it returns a [`SearchResult`] with the best
//! move and the principal variation. The search never parses text.

use crate::bitboard::Bits;
use crate::game::{Game, Status};
use crate::moves::{Move, MoveList};
use crate::piece::Kind;
use crate::position::Position;
use crate::rules::Rules;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

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

/// When to stop searching. Empty limits mean "until stopped".
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
    /// Search until stopped (other limits ignored except `depth`).
    pub infinite: bool,
    /// Time kept in reserve per move (communication lag).
    pub overhead: Duration,
    /// Playing strength 1 (weakest, many mistakes) to 5 (strongest);
    /// `None` plays at full strength within the other limits.
    pub level: Option<u8>,
}

/// A progress report, sent after each completed iteration.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    /// Depth completed.
    pub depth: u32,
    /// Deepest ply reached (quiescence included).
    pub seldepth: u32,
    /// Score of the best move.
    pub score: Score,
    /// Nodes searched so far.
    pub nodes: u64,
    /// Time since the start.
    pub time: Duration,
    /// Hash table use in permille.
    pub hashfull: u32,
    /// The principal variation in notation.
    pub pv: Vec<String>,
}

impl Info {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let ms = self.time.as_millis().max(1) as u64;
        self.nodes * 1000 / ms
    }
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct SearchResult<R: Rules> {
    /// The move to play (`None` when there is no legal move).
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

/// A search engine for one game, with its state between moves.
pub struct Searcher<R: Rules> {
    nodes: u64,
    seldepth: u32,
    start: Instant,
    deadline: Option<Instant>,
    node_limit: Option<u64>,
    stopped: bool,
    history: Vec<u64>,
    _r: std::marker::PhantomData<R>,
}

impl<R: Rules> Default for Searcher<R> {
    fn default() -> Self {
        Self::new(16)
    }
}

impl<R: Rules> Searcher<R> {
    /// A searcher with a transposition table of `hash_mb` MiB.
    pub fn new(_hash_mb: usize) -> Self {
        Searcher {
            nodes: 0,
            seldepth: 0,
            start: Instant::now(),
            deadline: None,
            node_limit: None,
            stopped: false,
            history: Vec::new(),
            _r: std::marker::PhantomData,
        }
    }

    /// Forgets everything learned (new game).
    pub fn clear(&mut self) {}

    /// Searches the current position of `game`.
    pub fn search(
        &mut self,
        game: &Game<R>,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult<R> {
        self.nodes = 0;
        self.start = Instant::now();
        self.stopped = false;
        self.node_limit = limits.nodes;
        self.deadline = if limits.infinite {
            None
        } else {
            limits
                .movetime
                .map(|t| self.start + t.saturating_sub(limits.overhead))
                .or_else(|| {
                    limits.clock.map(|c| {
                        let us = game.position().side().index();
                        let left = c.time[us].saturating_sub(limits.overhead);
                        let mtg = c.moves_to_go.unwrap_or(30).max(1);
                        self.start + left / mtg + c.inc[us] / 2
                    })
                })
        };
        self.history = game.keys().collect();
        let pos = *game.position();
        let root = pos.legal_moves();
        let mut result = SearchResult {
            best: root.first().copied(),
            score: Score::DRAW,
            pv: root.first().copied().into_iter().collect(),
            depth: 0,
            nodes: 0,
        };
        if root.len() <= 1 || game.status() != Status::InPlay {
            return result;
        }
        let max_depth = limits.depth.unwrap_or(64).clamp(1, 64);
        for depth in 1..=max_depth {
            self.seldepth = 0;
            let mut best = None;
            let mut alpha = -Score::WIN - 1;
            for m in &root {
                let child = pos.after(m);
                self.history.push(child.key());
                let s = -self.negamax(&child, depth - 1, 1, -Score::WIN - 1, -alpha, stop);
                self.history.pop();
                if self.stopped {
                    break;
                }
                if s > alpha {
                    alpha = s;
                    best = Some(*m);
                }
            }
            if self.stopped && depth > 1 {
                break;
            }
            if let Some(b) = best {
                result.best = Some(b);
                result.score = Score(alpha);
                result.pv = vec![b];
                result.depth = depth;
            }
            result.nodes = self.nodes;
            on_info(&Info {
                depth,
                seldepth: self.seldepth.max(depth),
                score: result.score,
                nodes: self.nodes,
                time: self.start.elapsed(),
                hashfull: 0,
                pv: result.pv.iter().map(|m| m.to_string()).collect(),
            });
            if self.stopped || result.score.decided().is_some() {
                break;
            }
        }
        result.nodes = self.nodes;
        result
    }

    fn check_stop(&mut self, stop: &AtomicBool) {
        if self.nodes & 1023 == 0 {
            if stop.load(Ordering::Relaxed) {
                self.stopped = true;
            }
            if self.deadline.is_some_and(|d| Instant::now() >= d) {
                self.stopped = true;
            }
        }
        if self.node_limit.is_some_and(|n| self.nodes >= n) {
            self.stopped = true;
        }
    }

    fn negamax(
        &mut self,
        pos: &Position<R>,
        depth: u32,
        ply: u32,
        mut alpha: i32,
        beta: i32,
        stop: &AtomicBool,
    ) -> i32 {
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.check_stop(stop);
        if self.stopped {
            return 0;
        }
        let mut list = MoveList::new();
        crate::movegen::generate(pos, &mut list);
        if list.is_empty() {
            return -Score::WIN + ply as i32;
        }
        if depth == 0 && !list[0].is_capture() {
            return evaluate(pos);
        }
        for m in &list {
            let child = pos.after(m);
            let s = -self.negamax(
                &child,
                depth.saturating_sub(1),
                ply + 1,
                -beta,
                -alpha,
                stop,
            );
            if s > alpha {
                alpha = s;
                if alpha >= beta {
                    break;
                }
            }
        }
        alpha
    }
}

/// Material from the side to move's view (men 100, other kinds 300).
pub fn evaluate<R: Rules>(pos: &Position<R>) -> i32 {
    let us = pos.side();
    let side = |c| {
        let men = pos.pieces(c, Kind::Man).count() as i32;
        let other = (pos.color(c) & !pos.kind(Kind::Man)).count() as i32;
        men * 100 + other * 300
    };
    side(us) - side(!us)
}
