//! [`Searcher`]: the state kept between searches, and iterative deepening.

use super::level::{Level, Rng};
use super::ordering::Heuristics;
use super::root::RootMove;
use super::tablebase::Tablebase;
use super::time;
use super::tt::Table;
use super::types::{Info, Limits, Score, SearchResult, MAX_DEPTH};
use super::worker::{outcome_score, w_moves, Worker, INF};
use crate::bitboard::Bits;
use crate::clock::Instant;
use crate::eval::tweak::Tweak;
use crate::eval::{Context, Evaluate, Evaluator};
use crate::game::{Game, Status};
use crate::moves::Move;
use crate::position::Position;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

/// A search engine for one game, with its state between moves: the
/// transposition table, move-ordering statistics and the random
/// generator of the levels.
pub struct Searcher<R: Evaluate> {
    tt: Table,
    eval: Evaluator<R>,
    tweak: Tweak,
    heur: Heuristics,
    rng: Rng,
    multipv: usize,
    tb: Option<Arc<dyn Tablebase<R>>>,
    threads: usize,
    contempt: i32,
}

impl<R: Evaluate> Default for Searcher<R> {
    fn default() -> Self {
        Self::new(16)
    }
}

impl<R: Evaluate> Searcher<R> {
    /// A searcher with a transposition table of `hash_mb` MiB.
    pub fn new(hash_mb: usize) -> Self {
        Searcher {
            tt: Table::new(hash_mb),
            eval: Evaluator::new(),
            tweak: Tweak::NONE,
            heur: Heuristics::default(),
            rng: Rng::new(Rng::fresh_seed()),
            multipv: 1,
            tb: None,
            threads: 1,
            contempt: 0,
        }
    }

    /// Threads of a search (1, the default: one). More threads search
    /// the same position over the shared table (Lazy SMP); the result
    /// is the first thread's.
    pub fn set_threads(&mut self, threads: usize) {
        self.threads = threads.clamp(1, MAX_THREADS);
    }

    /// Threads of a search.
    pub fn threads(&self) -> usize {
        self.threads
    }

    /// Contempt for a draw, in hundredths of a man (0, the default:
    /// none): every draw the search sees (repetition, a draw rule, a
    /// drawn database position) scores this much below zero for the
    /// side the search is for, so it plays on in a level position
    /// rather than take the draw, as against a weaker opponent. The
    /// table keeps its scores from one search to the next, so for
    /// analysis of both sides' moves leave it at 0.
    pub fn set_contempt(&mut self, contempt: i32) {
        self.contempt = contempt;
    }

    /// Contempt for a draw, in hundredths of a man.
    pub fn contempt(&self) -> i32 {
        self.contempt
    }

    /// Evaluates with the game's numbers changed by `t` (for tuning by
    /// matches; [`Tweak::NONE`] restores the game's own).
    pub fn set_tweak(&mut self, t: Tweak) {
        if t != self.tweak {
            self.eval = Evaluator::tweaked(&t);
            self.tweak = t;
        }
    }

    /// The changes to the evaluation in use.
    pub fn tweak(&self) -> Tweak {
        self.tweak
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
        let l = Level::of::<R>(level);
        let limits = Limits {
            depth: l.depth,
            nodes: l.nodes,
            movetime: Some(l.time),
            ..Limits::default()
        };
        self.search(game, &limits, stop, &mut |_| {}).best
    }

    /// Searches the current position of `game` within `limits`, until
    /// they run out or `stop` is set; `on_info` hears of each finished
    /// iteration.
    ///
    /// ```
    /// use dama::search::{Limits, Searcher};
    /// use dama::{Czech, Game};
    /// use std::sync::atomic::AtomicBool;
    /// // White to move wins a man: c3xe5 or e3xc5 both do it.
    /// let game: Game<Czech> = "W:Wc3,e3:Bd4,h8".parse().unwrap();
    /// let mut searcher = Searcher::new(1);
    /// let limits = Limits { depth: Some(4), ..Limits::default() };
    /// let mut lines = 0;
    /// let r = searcher.search(&game, &limits, &AtomicBool::new(false), &mut |_| lines += 1);
    /// assert!(r.best.unwrap().is_capture());
    /// assert!(r.score.0 > 50 && r.depth >= 1 && lines >= 1);
    /// ```
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
        let level = limits.level.map(|n| Level::of::<R>(n));

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
            pos.occupied().count(),
            if limits.infinite { None } else { level_time },
        );

        self.tt.new_search();
        self.heur.age();
        let hard = budget.hard.map(|h| start + h);
        let helpers = self.threads.saturating_sub(1);
        let helper_heur = self.heur.clone();
        let helpers_stop = AtomicBool::new(false);
        let helper_nodes = AtomicU64::new(0);
        let (tt, eval, tb) = (&self.tt, &self.eval, self.tb.as_deref());
        let heur = &mut self.heur;
        let (multipv, contempt) = (self.multipv, self.contempt);
        let mut run = || {
            let mut w = Worker::new(tt, eval, heur, tb, stop, game, node_limit, hard, contempt);

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
            let lines = multipv.min(roots.len());
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
                        let f = time::stretch(
                            prev_score,
                            score,
                            depth > 1 && prev_best != roots[0].idx,
                        );
                        let soft = soft.mul_f64(f).min(hard);
                        if elapsed >= soft.mul_f64(0.6) {
                            break;
                        }
                    }
                }
                prev_score = score;
                prev_best = roots[0].idx;
            }
            helpers_stop.store(true, Ordering::Relaxed);
            result.nodes = w.nodes;
            (result, done)
        };
        let (result, done) = if helpers == 0 {
            run()
        } else {
            std::thread::scope(|scope| {
                // Lazy SMP: the other threads search the same position on the
                // shared table, each with its own move-ordering statistics and
                // a staggered start, and leave what they find in the table.
                for id in 1..=helpers {
                    let mut heur = helper_heur.clone();
                    let (stop, nodes) = (&helpers_stop, &helper_nodes);
                    scope.spawn(move || {
                        let n = helper_search(
                            tt, eval, &mut heur, tb, stop, game, max_depth, hard, contempt, id,
                        );
                        nodes.fetch_add(n, Ordering::Relaxed);
                    });
                }
                run()
            })
        };
        let mut result = result;
        result.nodes += helper_nodes.load(Ordering::Relaxed);

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

/// Most threads of one search.
pub const MAX_THREADS: usize = 64;

/// One helper thread of a Lazy SMP search: iterative deepening of the
/// game's position over the shared table until `stop`, starting one ply
/// deeper on odd threads and with the root moves turned by its number,
/// so that the threads spread over the tree. Returns its nodes.
#[allow(clippy::too_many_arguments)]
fn helper_search<R: Evaluate>(
    tt: &Table,
    eval: &Evaluator<R>,
    heur: &mut Heuristics,
    tb: Option<&dyn Tablebase<R>>,
    stop: &AtomicBool,
    game: &Game<R>,
    max_depth: u32,
    hard: Option<Instant>,
    contempt: i32,
    id: usize,
) -> u64 {
    let pos = *game.position();
    let counters = game.counters();
    let list = pos.legal_moves();
    if list.is_empty() {
        return 0;
    }
    let mut w = Worker::new(tt, eval, heur, tb, stop, game, u64::MAX, hard, contempt);
    let mut roots: Vec<RootMove> = (0..list.len())
        .map(|i| RootMove {
            idx: i,
            score: -INF,
            exact: false,
            pv: vec![i as u16],
        })
        .collect();
    roots.rotate_left(id % list.len());
    for depth in (1 + id % 2) as u32..=max_depth {
        w.root_depth = depth as i32;
        w.root(
            &pos,
            &counters,
            &list,
            &mut roots,
            depth as i32,
            -INF,
            INF,
            0,
            1,
        );
        if w.stopped || stop.load(Ordering::Relaxed) {
            break;
        }
    }
    w.nodes
}
