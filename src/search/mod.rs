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
//! - At depth 0 the search goes on while captures are on the board:
//!   captures are forced in every game, so there is no "stand pat" while
//!   one is pending, and the static evaluation is taken only in a quiet
//!   position.
//! - The game's end and draw rules are applied at every node from the
//!   [`Counters`] carried down the tree: [`Rules::verdict`] (no pieces, no
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

pub mod level;
pub mod ordering;
pub mod time;
pub mod tt;

pub use level::{node_percent, Level, Rng, LEVELS};

use crate::egtb::Tablebase;
use crate::eval::{Context, Evaluator};
use crate::game::{Counters, Game, GameOptions, GameResult, Outcome, Status};
use crate::movegen;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::{self, czech, Rules};
use crate::variant::Variant;
use ordering::{pick, Heuristics, MAX_PLY};
use smallvec::SmallVec;
use std::fmt;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};
use tt::{Bound, Table};

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

/// When to stop searching. Empty limits mean "until stopped" (with a
/// level and nothing else: the level's own time, see [`level`]).
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
    /// Which line this is, 1 for the best (see [`Searcher::set_multipv`]).
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

const INF: i32 = Score::WIN + 1;

/// Nodes between two looks at the clock and the stop flag: a few hundred
/// microseconds even where nodes are slow (10×10 boards full of kings),
/// so a stop is answered well within 10 ms.
const POLL_EVERY: u64 = 256;

/// A search engine for one game, with its state between moves: the
/// transposition table, move-ordering statistics and the random
/// generator of the levels.
pub struct Searcher<R: Rules> {
    tt: Table,
    eval: Evaluator<R>,
    heur: Heuristics,
    rng: Rng,
    multipv: usize,
    tb: Option<Arc<dyn Tablebase<R>>>,
}

impl<R: Rules> Default for Searcher<R> {
    fn default() -> Self {
        Self::new(16)
    }
}

impl<R: Rules> Searcher<R> {
    /// A searcher with a transposition table of `hash_mb` MiB.
    pub fn new(hash_mb: usize) -> Self {
        Searcher {
            tt: Table::new(hash_mb),
            eval: Evaluator::new(),
            heur: Heuristics::default(),
            rng: Rng::new(Rng::fresh_seed()),
            multipv: 1,
            tb: None,
        }
    }

    /// Endgame databases to probe in the search (`None`: none, the default).
    pub fn set_tablebase(&mut self, tb: Option<Arc<dyn Tablebase<R>>>) {
        self.tb = tb;
    }

    /// Forgets everything learned (new game).
    pub fn clear(&mut self) {
        self.tt.clear();
        self.heur.clear();
    }

    /// Resizes the transposition table (its contents are lost).
    pub fn set_hash(&mut self, hash_mb: usize) {
        self.tt = Table::new(hash_mb);
    }

    /// The transposition table's size in MiB.
    pub fn hash_mb(&self) -> usize {
        self.tt.size_mb()
    }

    /// The number of principal variations reported.
    pub fn multipv(&self) -> usize {
        self.multipv
    }

    /// Seeds the random choices of the levels (the same seed and the same
    /// game give the same moves when the search is limited by depth or nodes).
    pub fn set_seed(&mut self, seed: u64) {
        self.rng = Rng::new(seed);
    }

    /// Number of principal variations to report (1 or more; analysis).
    /// With more than one, each iteration sends one [`Info`] per line.
    pub fn set_multipv(&mut self, lines: usize) {
        self.multipv = lines.max(1);
    }

    /// Permille of the transposition table written by the last search.
    pub fn hashfull(&self) -> u32 {
        self.tt.hashfull()
    }

    /// The evaluation of a position by this searcher's tables (side to move's view).
    pub fn evaluate(&self, pos: &Position<R>) -> i32 {
        self.eval.evaluate(pos, &Context::NONE)
    }

    /// The move the engine recommends at `level` (its budget, without its
    /// deliberate mistakes): what a player asking for a hint gets.
    /// `None` when the game is over.
    pub fn hint(&mut self, game: &Game<R>, level: u8, stop: &AtomicBool) -> Option<Move<R>> {
        let l = Level::for_game(level, R::VARIANT);
        let limits = Limits {
            depth: l.depth,
            nodes: l.nodes,
            movetime: Some(l.time),
            ..Limits::default()
        };
        self.search(game, &limits, stop, &mut |_| {}).best
    }

    /// Searches the current position of `game`.
    pub fn search(
        &mut self,
        game: &Game<R>,
        limits: &Limits,
        stop: &AtomicBool,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult<R> {
        let start = Instant::now();
        let pos = *game.position();
        let counters = game.counters();
        let options = game.options();
        if let Status::Over(o) = game.status() {
            return SearchResult {
                best: None,
                score: Score(outcome_score(o, &pos, 0)),
                pv: Vec::new(),
                depth: 0,
                nodes: 0,
            };
        }
        let root_list = pos.legal_moves();
        if root_list.is_empty() {
            // Every game's verdict ends a game without moves; this only
            // guards against a verdict that forgets to.
            return SearchResult {
                best: None,
                score: Score::loss_in(0),
                pv: Vec::new(),
                depth: 0,
                nodes: 0,
            };
        }
        let level = limits.level.map(|n| Level::for_game(n, R::VARIANT));

        // The budget: the request's limits, capped by the level's.
        let mut max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut node_limit = limits.nodes.unwrap_or(u64::MAX);
        let no_limit = limits.depth.is_none()
            && limits.nodes.is_none()
            && limits.movetime.is_none()
            && limits.clock.is_none()
            && !limits.infinite;
        let mut level_time = None;
        if let Some(l) = level {
            max_depth = max_depth.min(l.depth.unwrap_or(MAX_DEPTH));
            node_limit = node_limit.min(l.nodes.unwrap_or(u64::MAX));
            if l.time_caps || no_limit {
                level_time = Some(l.time);
            }
        }
        if root_list.len() == 1 && !limits.infinite {
            // Nothing to choose: answer at once (one shallow look for a score).
            max_depth = 1;
            node_limit = node_limit.min(10_000);
        }
        let budget = time::budget(
            limits,
            pos.side().index(),
            counters.ply,
            if limits.infinite { None } else { level_time },
        );

        self.tt.new_search();
        self.heur.age();
        let mut w = Worker {
            tt: &mut self.tt,
            eval: &self.eval,
            heur: &mut self.heur,
            tb: self.tb.as_deref(),
            stop,
            options,
            keys: game.keys().collect(),
            root_index: game.len(),
            nodes: 0,
            node_limit,
            next_check: 0,
            hard: budget.hard.map(|h| start + h),
            stopped: false,
            seldepth: 0,
            root_depth: 1,
            pv: Box::new([[0; MAX_PLY]; MAX_PLY]),
            pv_len: [0; MAX_PLY],
            scratch: (0..MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
        };

        // Root moves, first ordered by a one-ply look.
        let mut roots: Vec<RootMove> = root_list
            .iter()
            .enumerate()
            .map(|(i, m)| {
                let child = pos.after(m);
                let c = counters.after(m, &child);
                RootMove {
                    idx: i,
                    score: -w.static_eval(&child, &c),
                    exact: false,
                    pv: vec![i as u16],
                }
            })
            .collect();
        roots.sort_by_key(|r| -r.score);
        for r in &mut roots {
            r.score = -INF;
        }
        let margin = level.map_or(0, |l| l.margin);
        let lines = self.multipv.min(roots.len());
        let widen = margin > 0 || lines > 1;

        let mut done: Option<Vec<RootMove>> = None; // the last completed iteration
        let mut result = SearchResult {
            best: Some(root_list[roots[0].idx]),
            score: Score::DRAW,
            pv: vec![root_list[roots[0].idx]],
            depth: 0,
            nodes: 0,
        };
        let mut prev_score: i32 = 0;
        let mut prev_best = usize::MAX;
        for depth in 1..=max_depth {
            w.root_depth = depth as i32;
            w.seldepth = 0;
            let mut delta = 30;
            let (mut alpha, mut beta) = if depth >= 5 && !widen && prev_score.abs() < 2_000 {
                (prev_score - delta, prev_score + delta)
            } else {
                (-INF, INF)
            };
            let score = loop {
                let s = w.root(
                    &pos,
                    &counters,
                    &root_list,
                    &mut roots,
                    depth as i32,
                    alpha,
                    beta,
                    margin,
                    lines,
                );
                if w.stopped {
                    break s;
                }
                if s <= alpha && alpha > -INF {
                    beta = (alpha + beta) / 2;
                    alpha = (s - delta).max(-INF);
                } else if s >= beta && beta < INF {
                    beta = (s + delta).min(INF);
                } else {
                    break s;
                }
                delta += delta;
                if delta > 1_000 {
                    alpha = -INF;
                    beta = INF;
                }
            };
            // Keep what is sure: a finished iteration, or a move of an
            // unfinished one that was searched to the end and beat the old best.
            if w.stopped {
                // The first move of the unfinished iteration was the old
                // best: if it (or a move that beat it) was searched to the
                // end, that result is deeper and as sure.
                if let Some(r) = roots.first().filter(|r| r.exact) {
                    result.best = Some(root_list[r.idx]);
                    result.score = Score(r.score);
                    result.pv = w.moves_of(&pos, &r.pv);
                }
                break;
            }
            result.best = Some(root_list[roots[0].idx]);
            result.score = Score(score);
            result.pv = w.moves_of(&pos, &roots[0].pv);
            result.depth = depth;
            done = Some(roots.clone());
            let elapsed = start.elapsed();
            for (n, r) in roots
                .iter()
                .take(lines)
                .filter(|r| r.exact || lines == 1)
                .enumerate()
            {
                on_info(&Info {
                    depth,
                    seldepth: (w.seldepth as u32).max(depth),
                    score: Score(r.score),
                    nodes: w.nodes,
                    time: elapsed,
                    hashfull: w.tt.hashfull(),
                    pv: w
                        .moves_of(&pos, &r.pv)
                        .iter()
                        .map(|m| m.to_string())
                        .collect(),
                    multipv: n as u32 + 1,
                });
            }
            if let Some(p) = Score(score).decided() {
                if depth as i32 > p.abs() + 1 {
                    break;
                }
            }
            if limits.movetime.is_none() {
                if let (Some(soft), Some(hard)) = (budget.soft, budget.hard) {
                    let f =
                        time::stretch(prev_score, score, depth > 1 && prev_best != roots[0].idx);
                    let soft = soft.mul_f64(f).min(hard);
                    if elapsed >= soft.mul_f64(0.6) {
                        break;
                    }
                }
            }
            prev_score = score;
            prev_best = roots[0].idx;
        }
        result.nodes = w.nodes;

        // Deliberate mistakes of the lower levels.
        if let (Some(l), Some(roots)) = (level, done.as_ref()) {
            if let Some(r) = self.choose(&l, roots) {
                result.best = Some(root_list[r.idx]);
                result.score = Score(r.score);
                result.pv = w_moves(&pos, &r.pv);
            }
        }
        result
    }

    /// A level's choice among the root moves of the last finished
    /// iteration (`None`: keep the best).
    fn choose<'a>(&mut self, l: &Level, roots: &'a [RootMove]) -> Option<&'a RootMove> {
        if roots.len() < 2 {
            return None;
        }
        if l.blunder_one_in > 0 && self.rng.below(l.blunder_one_in as u64) == 0 {
            return Some(&roots[self.rng.below(roots.len() as u64) as usize]);
        }
        if l.margin == 0 {
            return None;
        }
        let best = roots[0].score;
        if Score(best).decided().is_some() {
            return None;
        }
        // Better moves more often: weight falls linearly to 1 at the margin.
        let weights: Vec<u64> = roots
            .iter()
            .map(|r| {
                if r.exact && r.score >= best - l.margin {
                    (l.margin - (best - r.score) + 1) as u64
                } else {
                    0
                }
            })
            .collect();
        let total: u64 = weights.iter().sum();
        if total == 0 {
            return None;
        }
        let mut x = self.rng.below(total);
        for (r, &wt) in roots.iter().zip(&weights) {
            if x < wt {
                return Some(r);
            }
            x -= wt;
        }
        None
    }
}

/// The moves of a line of move indices from `pos`.
fn w_moves<R: Rules>(pos: &Position<R>, line: &[u16]) -> Vec<Move<R>> {
    let mut out = Vec::with_capacity(line.len());
    let mut p = *pos;
    for &i in line {
        let list = p.legal_moves();
        let Some(m) = list.get(i as usize) else { break };
        out.push(*m);
        p.play(m);
    }
    out
}

/// A root move and what the last iteration learned about it.
#[derive(Clone, Debug)]
struct RootMove {
    /// Index in the root's generated move list.
    idx: usize,
    /// Its score (exact when `exact`, else an upper bound).
    score: i32,
    /// Whether `score` is exact.
    exact: bool,
    /// Its line, as move indices, this move first.
    pv: Vec<u16>,
}

/// The score of a finished game for the side to move at `ply`.
fn outcome_score<R: Rules>(o: Outcome, pos: &Position<R>, ply: usize) -> i32 {
    match o.result {
        GameResult::Win(c) if c == pos.side() => Score::WIN - ply as i32,
        GameResult::Win(_) => -Score::WIN + ply as i32,
        GameResult::Draw => 0,
    }
}

/// Mate scores are stored relative to the node, so they stay true where
/// the same position turns up at another ply.
#[inline(always)]
fn to_tt(s: i32, ply: usize) -> i32 {
    if s >= Score::WIN_BOUND {
        s + ply as i32
    } else if s <= -Score::WIN_BOUND {
        s - ply as i32
    } else {
        s
    }
}

#[inline(always)]
fn from_tt(s: i32, ply: usize) -> i32 {
    if s >= Score::WIN_BOUND {
        s - ply as i32
    } else if s <= -Score::WIN_BOUND {
        s + ply as i32
    } else {
        s
    }
}

#[inline(always)]
fn mix(x: u64) -> u64 {
    let z = (x + 1).wrapping_mul(0x9E37_79B9_7F4A_7C15);
    (z ^ (z >> 29)).wrapping_mul(0xBF58_476D_1CE4_E5B9)
}

/// The search of one `go`: borrows the searcher's state.
struct Worker<'a, R: Rules> {
    tt: &'a mut Table,
    eval: &'a Evaluator<R>,
    heur: &'a mut Heuristics,
    tb: Option<&'a dyn Tablebase<R>>,
    stop: &'a AtomicBool,
    options: GameOptions,
    /// Keys of the game's positions, then of the positions on the search path.
    keys: Vec<u64>,
    /// Index in `keys` of the root position.
    root_index: usize,
    nodes: u64,
    node_limit: u64,
    next_check: u64,
    hard: Option<Instant>,
    stopped: bool,
    seldepth: usize,
    root_depth: i32,
    pv: Box<[[u16; MAX_PLY]; MAX_PLY]>,
    pv_len: [usize; MAX_PLY],
    /// Move-ordering keys of each ply (kept to save allocations).
    scratch: Vec<Vec<i64>>,
}

impl<R: Rules> Worker<'_, R> {
    /// Checks the node limit, the stop flag and the clock.
    #[cold]
    fn poll(&mut self) {
        if self.nodes >= self.node_limit
            || self.stop.load(Ordering::Relaxed)
            || self.hard.is_some_and(|h| Instant::now() >= h)
        {
            self.stopped = true;
        }
        self.next_check = (self.nodes + POLL_EVERY).min(self.node_limit);
    }

    /// What the evaluation needs to know of the counters.
    #[inline(always)]
    fn context(&self, c: &Counters) -> Context {
        match R::VARIANT {
            Variant::Czech => Context {
                plies_left: Some(czech::NO_PROGRESS_PLIES.saturating_sub(c.since_progress)),
                limit: czech::NO_PROGRESS_PLIES,
            },
            Variant::Gothic | Variant::Medieval => Context {
                plies_left: Some(
                    self.options
                        .no_capture_limit
                        .saturating_sub(c.since_capture),
                ),
                limit: self.options.no_capture_limit.max(1),
            },
            Variant::Knights => Context {
                plies_left: Some(self.options.move_limit.saturating_sub(c.ply)),
                limit: self.options.move_limit.max(1),
            },
            Variant::Ossetian => Context::NONE,
        }
    }

    /// The part of the counters that can change a position's value,
    /// hashed into the key the transposition table sees.
    #[inline(always)]
    fn rule_key(&self, pos: &Position<R>, c: &Counters) -> u64 {
        match R::VARIANT {
            Variant::Czech => {
                let mut x = c.since_progress as u64;
                if pos.count(crate::piece::Color::White) == 1
                    || pos.count(crate::piece::Color::Black) == 1
                {
                    x |= (c.since_material.min(63) as u64 + 1) << 8
                        | u64::from(c.material_mark) << 16;
                }
                mix(x)
            }
            Variant::Gothic | Variant::Medieval => mix(c.since_capture as u64),
            Variant::Knights => {
                let left = self.options.move_limit.saturating_sub(c.ply);
                if left <= 64 {
                    mix(left as u64)
                } else {
                    0
                }
            }
            Variant::Ossetian => 0,
        }
    }

    #[inline(always)]
    fn static_eval(&self, pos: &Position<R>, c: &Counters) -> i32 {
        self.eval.evaluate(pos, &self.context(c))
    }

    /// Whether the position on top of `keys` repeats: a draw if the
    /// earlier occurrence is inside the search, or if it is the third.
    #[inline]
    fn repeated(&self, key: u64, since_progress: u32) -> bool {
        let n = self.keys.len() - 1;
        let reach = (since_progress as usize).min(n);
        let mut seen = 0;
        let mut i = 4;
        while i <= reach {
            if self.keys[n - i] == key {
                if n - i >= self.root_index {
                    return true;
                }
                seen += 1;
                if seen >= 2 {
                    return true;
                }
            }
            i += 2;
        }
        false
    }

    /// The moves of a line of indices.
    fn moves_of(&self, pos: &Position<R>, line: &[u16]) -> Vec<Move<R>> {
        w_moves(pos, line)
    }

    /// One iteration at the root. Returns the best score; fills each
    /// root move's score, exactness and line, best first.
    #[allow(clippy::too_many_arguments)]
    fn root(
        &mut self,
        pos: &Position<R>,
        counters: &Counters,
        list: &MoveList<R>,
        roots: &mut [RootMove],
        depth: i32,
        alpha: i32,
        beta: i32,
        margin: i32,
        lines: usize,
    ) -> i32 {
        let mut best = -INF;
        let mut exact_scores: SmallVec<[i32; 8]> = SmallVec::new();
        let single = list.len() == 1;
        let mut done = 0;
        for i in 0..roots.len() {
            let m = &list[roots[i].idx];
            let child = pos.after(m);
            let c = counters.after(m, &child);
            let d = if single { depth } else { depth - 1 };
            let p = self.eval.psq(&child);
            self.keys.push(child.key());
            // The score is exact when it lands strictly inside the window
            // it was last searched with.
            let (s, exact) = if i == 0 {
                let s = -self.node::<true>(&child, &c, p, d, 1, -beta, -alpha);
                (s, s > alpha && s < beta)
            } else {
                // The bar a move must clear to matter: the best so far,
                // or lower when near-best moves (a level's margin) or
                // several lines are wanted.
                let mut t = if margin > 0 { best - margin - 1 } else { best };
                if lines > 1 {
                    t = if exact_scores.len() >= lines {
                        t.min(exact_scores[lines - 1])
                    } else {
                        -INF
                    };
                }
                let t = t.max(alpha).min(beta - 1);
                let mut s = -INF;
                let mut full = t <= -INF;
                if !full {
                    s = -self.node::<false>(&child, &c, p, d, 1, -t - 1, -t);
                    full = !self.stopped && s > t && s < beta;
                }
                if full {
                    s = -self.node::<true>(&child, &c, p, d, 1, -beta, -t);
                }
                (s, s > t && s < beta)
            };
            self.keys.pop();
            if self.stopped {
                break;
            }
            done = i + 1;
            let r = &mut roots[i];
            r.score = s;
            r.exact = exact;
            if exact || s >= beta {
                r.pv.clear();
                r.pv.push(r.idx as u16);
                let n = self.pv_len[1];
                r.pv.extend_from_slice(&self.pv[1][..n]);
            }
            let in_window = exact;
            if in_window {
                let at = exact_scores.partition_point(|&x| x >= s);
                exact_scores.insert(at, s);
            }
            if s > best {
                best = s;
            }
            if s >= beta {
                break;
            }
        }
        // Best first; moves not searched this time keep their old order after.
        roots[..done].sort_by_key(|r| -r.score);
        if !self.stopped && done < roots.len() {
            // A fail high: the others are unknown.
            for r in &mut roots[done..] {
                r.exact = false;
            }
        }
        best
    }

    /// Alpha-beta search of one node (`PV`: a node of the principal
    /// variation, with a full window). `depth` ≤ 0 searches captures only.
    #[allow(clippy::too_many_arguments)]
    fn node<const PV: bool>(
        &mut self,
        pos: &Position<R>,
        cnt: &Counters,
        psq: i32,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        mut beta: i32,
    ) -> i32 {
        if PV {
            self.pv_len[ply] = 0;
        }
        if self.nodes >= self.next_check {
            self.poll();
        }
        if self.stopped {
            return 0;
        }
        self.nodes += 1;
        if ply > self.seldepth {
            self.seldepth = ply;
        }
        if R::REPETITION_DRAW && self.repeated(pos.key(), cnt.since_progress) {
            return 0;
        }
        if let Some(tb) = self
            .tb
            .filter(|t| crate::bitboard::Bits::count(pos.occupied()) <= t.max_pieces())
        {
            if let Some(p) = tb.probe(pos, cnt) {
                return crate::egtb::score(&p);
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.eval.evaluate_and_steps(pos, psq, &self.context(cnt)).0;
        }

        // The table first: its answer may save generating the moves (a
        // finished game is never stored, so a hit is a position in play).
        let key = pos.key() ^ self.rule_key(pos, cnt);
        let mut hash_move = None;
        if depth > 0 {
            if let Some(h) = self.tt.probe(key) {
                hash_move = h.mv;
                if !PV && h.depth >= depth {
                    let s = from_tt(h.score, ply);
                    let cut = match h.bound {
                        Bound::Exact => true,
                        Bound::Lower => s >= beta,
                        Bound::Upper => s <= alpha,
                    };
                    if cut {
                        return s;
                    }
                }
            }
        }

        let mut list = MoveList::<R>::new();
        movegen::captures(pos, &mut list);
        if list.is_empty() {
            if depth <= 0 {
                // A quiet position at the horizon: the game may be over,
                // otherwise the evaluation says what it is worth.
                let (eval, steps) = self.eval.evaluate_and_steps(pos, psq, &self.context(cnt));
                let has_move = steps || (R::PASSES && movegen::must_pass(pos));
                if let Some(o) = rules::outcome(pos, cnt, &self.options, has_move) {
                    return outcome_score(o, pos, ply);
                }
                return eval;
            }
            movegen::quiet_moves(pos, &mut list);
            if R::PASSES && list.is_empty() && movegen::must_pass(pos) {
                list.push(Move::pass());
            }
        }
        if let Some(o) = rules::outcome(pos, cnt, &self.options, !list.is_empty()) {
            return outcome_score(o, pos, ply);
        }
        if list.is_empty() {
            // No move and no verdict cannot happen; a loss, as the
            // common rule for a player who cannot move says.
            return -Score::WIN + ply as i32;
        }

        // No line from here can beat a win already found nearer the root.
        alpha = alpha.max(-Score::WIN + ply as i32);
        beta = beta.min(Score::WIN - ply as i32 - 1);
        if alpha >= beta {
            return alpha;
        }

        let n = list.len();
        let captures = list[0].is_capture();
        let hash_move = hash_move.filter(|&i| i < n);
        // Ordering keys: built lazily, since the table's move often cuts
        // off alone (see `next_move`).
        let mut keys = std::mem::take(&mut self.scratch[ply]);
        keys.clear();

        if depth <= 0 {
            // Captures at the horizon: forced, so searched to the end.
            let mut best = -INF;
            for i in 0..n {
                let idx = self.next_move(pos, &list, None, ply, &mut keys, i);
                let m = &list[idx];
                let child = pos.after(m);
                let c = cnt.after(m, &child);
                let p = psq + self.eval.psq_delta(pos, m);
                self.keys.push(child.key());
                let s = -self.node::<PV>(&child, &c, p, depth, ply + 1, -beta, -alpha);
                self.keys.pop();
                if self.stopped {
                    break;
                }
                if s > best {
                    best = s;
                    if s > alpha {
                        alpha = s;
                        if PV {
                            self.update_pv(ply, idx);
                        }
                        if s >= beta {
                            break;
                        }
                    }
                }
            }
            self.scratch[ply] = keys;
            return best;
        }

        // A forced move costs no depth (within reason).
        let new_depth = if n == 1 && (ply as i32) < 2 * self.root_depth + 8 {
            depth
        } else {
            depth - 1
        };

        let orig_alpha = alpha;
        let mut best = -INF;
        let mut best_idx = None;
        let mut quiets: SmallVec<[u16; 64]> = SmallVec::new();
        for i in 0..n {
            let idx = self.next_move(pos, &list, hash_move, ply, &mut keys, i);
            let m = &list[idx];
            let child = pos.after(m);
            let c = cnt.after(m, &child);
            let p = psq + self.eval.psq_delta(pos, m);
            self.keys.push(child.key());
            let s = if i == 0 {
                -self.node::<PV>(&child, &c, p, new_depth, ply + 1, -beta, -alpha)
            } else {
                let reduce = if depth >= 3
                    && !captures
                    && i >= 3
                    && m.promotion().is_none()
                    && !self.heur.is_killer(m, ply)
                {
                    1 + i32::from(!PV && i >= 8 && depth >= 6)
                } else {
                    0
                };
                let mut s = -self.node::<false>(
                    &child,
                    &c,
                    p,
                    new_depth - reduce,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                );
                if reduce > 0 && s > alpha && !self.stopped {
                    s = -self.node::<false>(&child, &c, p, new_depth, ply + 1, -alpha - 1, -alpha);
                }
                if PV && s > alpha && s < beta && !self.stopped {
                    s = -self.node::<true>(&child, &c, p, new_depth, ply + 1, -beta, -alpha);
                }
                s
            };
            self.keys.pop();
            if self.stopped {
                self.scratch[ply] = keys;
                return 0;
            }
            if s > best {
                best = s;
                if s > alpha {
                    best_idx = Some(idx);
                    alpha = s;
                    if PV {
                        self.update_pv(ply, idx);
                    }
                    if s >= beta {
                        if !captures {
                            let failed = quiets.iter().map(|&q| &list[q as usize]);
                            self.heur.reward(pos, m, failed, depth, ply);
                        }
                        break;
                    }
                }
            }
            if !captures {
                quiets.push(idx as u16);
            }
        }
        self.scratch[ply] = keys;

        let bound = if best >= beta {
            Bound::Lower
        } else if best > orig_alpha {
            Bound::Exact
        } else {
            Bound::Upper
        };
        self.tt.store(key, to_tt(best, ply), best_idx, depth, bound);
        best
    }

    /// The index of the `i`-th move to try: the table's move first
    /// without sorting anything; the ordering keys are made only when a
    /// second move is needed.
    #[inline(always)]
    fn next_move(
        &self,
        pos: &Position<R>,
        list: &[Move<R>],
        hash: Option<usize>,
        ply: usize,
        keys: &mut Vec<i64>,
        i: usize,
    ) -> usize {
        if list.len() == 1 {
            return 0;
        }
        if i == 0 {
            if let Some(h) = hash {
                return h;
            }
        }
        if keys.is_empty() {
            self.heur.order(pos, list, hash, ply, keys);
            if hash.is_some() {
                // The table's move was tried: it sorts first, put it aside.
                pick(keys, 0);
            }
        }
        pick(keys, i)
    }

    #[inline(always)]
    fn update_pv(&mut self, ply: usize, idx: usize) {
        let n = self.pv_len[ply + 1].min(MAX_PLY - 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][0] = idx as u16;
        head[ply][1..=n].copy_from_slice(&tail[0][..n]);
        self.pv_len[ply] = n + 1;
    }
}

/// Material and position from the side to move's view, in hundredths of
/// a man, by the game's evaluation (see [`crate::eval`]).
pub fn evaluate<R: Rules>(pos: &Position<R>) -> i32 {
    crate::eval::evaluate(pos)
}
