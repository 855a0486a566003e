//! The worker: the search of one `go`, node by node.

use super::key::{from_tt, rule_key, to_tt};
use super::ordering::{pick, Heuristics, MAX_PLY};
use super::tablebase::Tablebase;
use super::tt::{Bound, Table};
use super::types::Score;
use crate::clock::Instant;
use crate::eval::{Context, Evaluate, Evaluator};
use crate::game::{Counters, Game, GameOptions, GameResult, Outcome};
use crate::movegen;
use crate::moves::{Move, MoveList};
use crate::position::Position;
use crate::rules::{self, Rules};
use smallvec::SmallVec;
use std::sync::atomic::{AtomicBool, Ordering};

pub(super) const INF: i32 = Score::WIN + 1;

/// Nodes between two looks at the clock and the stop flag: a few hundred
/// microseconds even where nodes are slow (10×10 boards full of kings),
/// so a stop is answered well within 10 ms.
pub(super) const POLL_EVERY: u64 = 256;

/// The least depth at which a node is first searched shallowly for a
/// ProbCut (see `node`).
const PROBCUT_DEPTH: i32 = 3;
/// Nodes of this depth and more (non-PV) try an enhanced transposition
/// cutoff ([`Worker::etc`]).
const ETC_DEPTH: i32 = 3;
/// A database draw scores the evaluation divided by this…
const DB_DRAW_SHARE: i32 = 4;
/// …and at most this much (half a man) either way.
const DB_DRAW_CAP: i32 = 50;

/// The score of a finished game for the side to move at `ply`.
pub(super) fn outcome_score<R: Rules>(o: Outcome, pos: &Position<R>, ply: usize) -> i32 {
    match o.result {
        GameResult::Win(c) if c == pos.side() => Score::WIN - ply as i32,
        GameResult::Win(_) => -Score::WIN + ply as i32,
        GameResult::Draw => 0,
    }
}

/// The search of one `go`: borrows the searcher's state.
pub(super) struct Worker<'a, R: Evaluate> {
    pub(super) tt: &'a Table,
    pub(super) eval: &'a Evaluator<R>,
    pub(super) heur: &'a mut Heuristics,
    pub(super) tb: Option<&'a dyn Tablebase<R>>,
    pub(super) stop: &'a AtomicBool,
    pub(super) options: GameOptions,
    /// Keys of the game's positions, then of the positions on the search path.
    pub(super) keys: Vec<u64>,
    /// Index in `keys` of the root position.
    pub(super) root_index: usize,
    pub(super) nodes: u64,
    pub(super) node_limit: u64,
    pub(super) next_check: u64,
    pub(super) hard: Option<Instant>,
    pub(super) stopped: bool,
    /// Inside the shallow search of a ProbCut test (no second one there).
    pub(super) no_prune: bool,
    pub(super) seldepth: usize,
    pub(super) root_depth: i32,
    pub(super) pv: Box<[[u16; MAX_PLY]; MAX_PLY]>,
    pub(super) pv_len: [usize; MAX_PLY],
    /// Move-ordering keys of each ply (kept to save allocations).
    pub(super) scratch: Vec<Vec<i64>>,
    /// What a draw is worth to each colour's side to move (index:
    /// `Color as usize`): the contempt below zero for the side the
    /// search is for, above zero for its opponent.
    pub(super) draw: [i32; 2],
}

impl<'a, R: Evaluate> Worker<'a, R> {
    /// A worker for a search of `game`'s position over the shared table.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn new(
        tt: &'a Table,
        eval: &'a Evaluator<R>,
        heur: &'a mut Heuristics,
        tb: Option<&'a dyn Tablebase<R>>,
        stop: &'a AtomicBool,
        game: &Game<R>,
        node_limit: u64,
        hard: Option<Instant>,
        contempt: i32,
    ) -> Self {
        Worker {
            tt,
            eval,
            heur,
            tb,
            stop,
            options: game.options(),
            keys: game.keys().collect(),
            root_index: game.len(),
            nodes: 0,
            node_limit,
            next_check: 0,
            hard,
            stopped: false,
            no_prune: false,
            seldepth: 0,
            root_depth: 1,
            pv: Box::new([[0; MAX_PLY]; MAX_PLY]),
            pv_len: [0; MAX_PLY],
            scratch: (0..MAX_PLY).map(|_| Vec::with_capacity(64)).collect(),
            draw: {
                let mut d = [contempt; 2];
                d[game.position().side() as usize] = -contempt;
                d
            },
        }
    }

    /// A draw's score for the side to move in `pos`.
    #[inline(always)]
    pub(super) fn draw_score(&self, pos: &Position<R>) -> i32 {
        self.draw[pos.side() as usize]
    }

    /// Checks the node limit, the stop flag and the clock.
    #[cold]
    pub(super) fn poll(&mut self) {
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
    pub(super) fn context(&self, c: &Counters) -> Context {
        match R::countdown(c, &self.options) {
            Some(cd) => Context {
                plies_left: Some(cd.left),
                limit: cd.limit,
            },
            None => Context::NONE,
        }
    }

    #[inline(always)]
    pub(super) fn static_eval(&self, pos: &Position<R>, c: &Counters) -> i32 {
        self.eval.evaluate(pos, &self.context(c))
    }

    /// Whether the position on top of `keys` repeats: a draw if the
    /// earlier occurrence is inside the search, or if it is the third.
    #[inline]
    pub(super) fn repeated(&self, key: u64, since_progress: u32) -> bool {
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

    /// The score of a game finished at `ply`, a draw by [`Self::draw_score`].
    #[inline(always)]
    fn finished(&self, o: Outcome, pos: &Position<R>, ply: usize) -> i32 {
        match o.result {
            GameResult::Draw => self.draw_score(pos),
            _ => outcome_score(o, pos, ply),
        }
    }

    /// The moves of a line of indices.
    pub(super) fn moves_of(&self, pos: &Position<R>, line: &[u16]) -> Vec<Move<R>> {
        w_moves(pos, line)
    }

    /// Alpha-beta search of one node (`PV`: a node of the principal
    /// variation, with a full window). `depth` ≤ 0 searches captures only.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn node<const PV: bool>(
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
        if R::REPETITIONS > 0 && self.repeated(pos.key(), cnt.since_progress) {
            return self.draw_score(pos);
        }
        if let Some(tb) = self
            .tb
            .filter(|t| crate::bitboard::Bits::count(pos.occupied()) <= t.max_pieces())
        {
            if let Some(score) = tb.score(pos, cnt) {
                if score != 0 {
                    return score;
                }
                if rules::outcome(pos, cnt, &self.options, true).is_some() {
                    return self.draw_score(pos);
                }
                // A draw under perfect play, but the game goes on: a fallible
                // opponent may still lose it. A share of the evaluation keeps
                // the side with more on the board playing on rather than
                // repeating moves or trading into a dead draw, and keeps it
                // below what a real advantage outside the databases is worth.
                return (self.static_eval(pos, cnt) / DB_DRAW_SHARE)
                    .clamp(-DB_DRAW_CAP, DB_DRAW_CAP)
                    + self.draw_score(pos);
            }
        }
        if ply >= MAX_PLY - 1 {
            return self.eval.evaluate_and_steps(pos, psq, &self.context(cnt)).0;
        }

        // The table first: its answer may save generating the moves (a
        // finished game is never stored, so a hit is a position in play).
        let key = pos.key() ^ rule_key(pos, cnt, &self.options);
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
                    return self.finished(o, pos, ply);
                }
                return eval;
            }
            movegen::quiet_moves(pos, &mut list);
            if R::PASSES && list.is_empty() && movegen::must_pass(pos) {
                list.push(Move::pass());
            }
        }
        if let Some(o) = rules::outcome(pos, cnt, &self.options, !list.is_empty()) {
            return self.finished(o, pos, ply);
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

        // The cutoff's probes bring the children's buckets into the cache,
        // so the prefetch below is not sent again where it ran.
        let etc_probed = !PV && depth >= ETC_DEPTH && list.len() > 1 && !list[0].is_capture();
        if etc_probed {
            if let Some(s) = self.etc(pos, cnt, &list, depth, ply, beta) {
                self.tt
                    .store(key, to_tt(s.0, ply), Some(s.1), depth, Bound::Lower);
                return s.0;
            }
        }

        // ProbCut: where a shallow search of this node clears beta by a
        // margin, the full one would most likely clear beta too.
        if !PV && depth >= PROBCUT_DEPTH && !self.no_prune && beta.abs() < Score::WIN_BOUND {
            let margin = R::PROBCUT_MARGIN * depth;
            let high = beta + margin;
            self.no_prune = true;
            let s = self.node::<false>(pos, cnt, psq, depth * 2 / 5, ply, high - 1, high);
            self.no_prune = false;
            if self.stopped {
                return 0;
            }
            if s >= high {
                return s - margin;
            }
        }

        let n = list.len();
        let captures = list[0].is_capture();
        let hash_move = hash_move.filter(|&i| i < n);
        if cfg!(target_arch = "x86_64") && depth >= 2 && !etc_probed {
            self.prefetch_children(pos, cnt, &list);
        }
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

    /// Enhanced transposition cutoff: a child the table already knows
    /// (searched as deep as this node would search it) to be worth at
    /// least `beta` to this node's side cuts the node off at once,
    /// before ProbCut and the moves' searches. The children's buckets
    /// are all requested first, then read. A child that repeats a
    /// position of the line is left out (the search scores it a draw
    /// whatever the table says). Returns the score and the move's index.
    fn etc(
        &mut self,
        pos: &Position<R>,
        cnt: &Counters,
        list: &MoveList<R>,
        depth: i32,
        ply: usize,
        beta: i32,
    ) -> Option<(i32, usize)> {
        let mut children: SmallVec<[(u64, u64, u32); 64]> = SmallVec::new();
        for m in list.iter() {
            let child = pos.after(m);
            let c = cnt.after(m, &child);
            let key = child.key() ^ rule_key(&child, &c, &self.options);
            self.tt.prefetch(key);
            children.push((key, child.key(), c.since_progress));
        }
        for (idx, &(key, plain, since)) in children.iter().enumerate() {
            let Some(h) = self.tt.probe(key) else {
                continue;
            };
            if h.depth < depth - 1 || h.bound == Bound::Lower {
                continue;
            }
            let s = -from_tt(h.score, ply + 1);
            if s < beta {
                continue;
            }
            if R::REPETITIONS > 0 {
                self.keys.push(plain);
                let repeats = self.repeated(plain, since);
                self.keys.pop();
                if repeats {
                    continue;
                }
            }
            return Some((s, idx));
        }
        None
    }

    /// Starts loading the table's buckets of the children of `moves`
    /// (keys as `node` makes them), so that each child's probe finds its
    /// bucket in the cache rather than waiting on memory. Called at nodes
    /// of depth 2 and more, whose children probe (the captures-only
    /// horizon does not), once ProbCut has passed and before the table's
    /// move is tried: the first child's bucket is on the way while the
    /// other hints are sent. A cut by the first move wastes the other
    /// hints, which still costs less than the waits they spare (README,
    /// "Speed": Czech bench depth 18 7–13 % faster, more than with a
    /// hint per move just before its search, with the hints sent before
    /// ProbCut or with the rest deferred until a second move is
    /// needed). Only where the hint exists (x86-64): elsewhere building
    /// the children twice would be all cost.
    #[inline]
    fn prefetch_children(&self, pos: &Position<R>, cnt: &Counters, moves: &[Move<R>]) {
        for m in moves {
            let child = pos.after(m);
            let c = cnt.after(m, &child);
            self.tt
                .prefetch(child.key() ^ rule_key(&child, &c, &self.options));
        }
    }

    /// The index of the `i`-th move to try: the table's move first
    /// without sorting anything; the ordering keys are made only when a
    /// second move is needed.
    #[inline(always)]
    pub(super) fn next_move(
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
    pub(super) fn update_pv(&mut self, ply: usize, idx: usize) {
        let n = self.pv_len[ply + 1].min(MAX_PLY - 1);
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        head[ply][0] = idx as u16;
        head[ply][1..=n].copy_from_slice(&tail[0][..n]);
        self.pv_len[ply] = n + 1;
    }
}

/// The moves of a line of move indices from `pos`.
pub(super) fn w_moves<R: Rules>(pos: &Position<R>, line: &[u16]) -> Vec<Move<R>> {
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
