//! Root handling: one iteration over the root moves, with the bars a
//! level's margin and several principal variations set.

use super::worker::{Worker, INF};
use crate::eval::Evaluate;
use crate::game::Counters;
use crate::moves::MoveList;
use crate::position::Position;
use smallvec::SmallVec;

/// A root move and what the last iteration learned about it.
#[derive(Clone, Debug)]
pub(super) struct RootMove {
    /// Index in the root's generated move list.
    pub(super) idx: usize,
    /// Its score (exact when `exact`, else an upper bound).
    pub(super) score: i32,
    /// Whether `score` is exact.
    pub(super) exact: bool,
    /// Its line, as move indices, this move first.
    pub(super) pv: Vec<u16>,
}

impl<R: Evaluate> Worker<'_, R> {
    /// One iteration at the root. Returns the best score; fills each
    /// root move's score, exactness and line, best first.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn root(
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
}
