//! What runs on the search thread: `go` (one or several principal
//! variations) and `hint`, and the text of their replies.
//!
//! The searcher reports one principal variation. For `multipv` above 1
//! the engine searches every root move on its own (the position after
//! the move, one ply less deep) and ranks them: exact scores for every
//! move at the cost of one search per root move, which is what analysis
//! wants. Forced replies (one legal move) are played out before the
//! search, so a searcher that answers a single legal move at once still
//! gives each line a real score. Analysis is at full strength: the
//! level's caps and deliberate mistakes are not applied to these
//! searches, and with no limit at all they go on until `stop`.

use super::command::MAX_DEPTH;
use super::Out;
use crate::any::{AnyGame, AnySearcher, MoveInfo};
use crate::game::{GameResult, Status};
use crate::search::{Info, Limits, Score};
use std::fmt::Write as _;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

/// A job for the search thread.
#[derive(Clone, Debug)]
pub enum Task {
    /// `go`: `info` lines, then one `bestmove` line.
    Go {
        /// The limits.
        limits: Limits,
        /// Number of principal variations to report.
        multipv: usize,
    },
    /// `hint`: `hint piece SQ` and `hint move M` (or `hint pass` / `hint none`).
    Hint {
        /// The limits.
        limits: Limits,
    },
    /// `perft D`: `perft depth D nodes N time MS nps N`, or `perft
    /// stopped depth D` after `stop`.
    Perft {
        /// Plies.
        depth: u32,
    },
    /// `divide D`: one `divide <move> <count>` line per legal move and
    /// `divideok …`, or `divideok stopped depth D` after `stop`.
    Divide {
        /// Plies.
        depth: u32,
    },
}

impl Task {
    /// True for `go infinite`: its `bestmove` waits for `stop`.
    pub fn waits_for_stop(&self) -> bool {
        matches!(self, Task::Go { limits, .. } if limits.infinite)
    }
}

/// The fields of one `info` line.
#[derive(Clone, Debug)]
pub struct Progress<'a> {
    /// `multipv k` (only when several lines are asked for).
    pub multipv: Option<usize>,
    /// Depth completed.
    pub depth: u32,
    /// Deepest ply reached.
    pub seldepth: u32,
    /// Score of the line.
    pub score: Score,
    /// Nodes so far.
    pub nodes: u64,
    /// Time since the start.
    pub time: Duration,
    /// Hash use in permille.
    pub hashfull: u32,
    /// The line's moves.
    pub pv: &'a [String],
}

impl<'a> Progress<'a> {
    /// The fields of a searcher's report.
    pub fn of(i: &'a Info) -> Self {
        Progress {
            multipv: None,
            depth: i.depth,
            seldepth: i.seldepth,
            score: i.score,
            nodes: i.nodes,
            time: i.time,
            hashfull: i.hashfull,
            pv: &i.pv,
        }
    }

    /// `info [multipv K] depth D seldepth S score cp N|win N|loss N
    /// nodes N nps N time MS hashfull N [pv m1 m2 …]`.
    pub fn line(&self) -> String {
        let mut s = String::from("info");
        if let Some(k) = self.multipv {
            let _ = write!(s, " multipv {k}");
        }
        let ms = self.time.as_millis();
        let nps = u128::from(self.nodes) * 1000 / ms.max(1);
        let _ = write!(
            s,
            " depth {} seldepth {} score {} nodes {} nps {nps} time {ms} hashfull {}",
            self.depth, self.seldepth, self.score, self.nodes, self.hashfull
        );
        if !self.pv.is_empty() {
            s.push_str(" pv");
            for m in self.pv {
                s.push(' ');
                s.push_str(m);
            }
        }
        s
    }
}

/// The search's move if it is legal here; otherwise (a bug in the
/// search) says so through `note` and falls back to the first legal
/// move, so the reply is always playable.
pub fn checked(
    best: Option<MoveInfo>,
    game: &AnyGame,
    note: &mut dyn FnMut(&str),
) -> Option<MoveInfo> {
    let legal = game.legal_moves();
    match best {
        Some(m) if legal.iter().any(|l| l.text == m.text) => Some(m),
        None if legal.is_empty() => None,
        other => {
            let said = other.map_or("no move".to_string(), |m| format!("'{}'", m.text));
            note(&format!(
                "the search returned {said}, which is not legal here; using the first legal move"
            ));
            legal.into_iter().next()
        }
    }
}

/// Runs a task; returns the final reply lines (printed by the caller
/// after it has marked the job finished).
pub fn run(
    task: &Task,
    game: &AnyGame,
    searcher: &mut AnySearcher,
    stop: &AtomicBool,
    out: &Out,
) -> Vec<String> {
    match task {
        Task::Go { limits, multipv } => {
            if let Status::Over(o) = game.status() {
                out.line(&format!("info string the game is over: {o}"));
                return vec!["bestmove none".to_string()];
            }
            let best = if *multipv > 1 {
                let mut emit = |line: String| out.line(&line);
                multi_pv(searcher, game, limits, *multipv, stop, &mut emit)
            } else {
                single_pv(searcher, game, limits, stop, &mut |p| out.line(&p.line()))
            };
            let best = checked(best, game, &mut |s| out.line(&format!("info string {s}")));
            vec![format!(
                "bestmove {}",
                best.map_or("none".to_string(), |m| m.text)
            )]
        }
        Task::Hint { limits } => {
            // The hint is the best move of the last completed iteration
            // (the first move of its principal variation), not the move
            // a low level might deliberately pick instead.
            let mut top: Option<String> = None;
            let r = searcher.search(game, limits, stop, &mut |i| {
                if let Some(m) = i.pv.first() {
                    top = Some(m.clone());
                }
            });
            let best = top
                .and_then(|t| game.legal_moves().into_iter().find(|m| m.text == t))
                .or(r.best);
            match checked(best, game, &mut |s| out.line(&format!("info string {s}"))) {
                None => vec!["hint none".to_string()],
                Some(m) => match m.from {
                    None => vec!["hint pass".to_string()],
                    Some(from) => vec![
                        format!("hint piece {from}"),
                        format!("hint move {}", m.text),
                    ],
                },
            }
        }
        Task::Perft { depth } => {
            let t = Instant::now();
            match divide(game, *depth, stop) {
                None => vec![format!("perft stopped depth {depth}")],
                Some(v) => {
                    let n: u64 = v.iter().map(|(_, n)| n).sum();
                    let ms = t.elapsed().as_millis();
                    let nps = (u128::from(n) * 1000) / ms.max(1);
                    vec![format!("perft depth {depth} nodes {n} time {ms} nps {nps}")]
                }
            }
        }
        Task::Divide { depth } => match divide(game, *depth, stop) {
            None => vec![format!("divideok stopped depth {depth}")],
            Some(v) => {
                let total: u64 = v.iter().map(|(_, n)| n).sum();
                let mut lines: Vec<String> = v
                    .iter()
                    .map(|(m, n)| format!("divide {} {n}", m.text))
                    .collect();
                lines.push(format!(
                    "divideok depth {depth} moves {} nodes {total}",
                    v.len()
                ));
                lines
            }
        },
    }
}

/// Searches one principal variation, reporting each completed depth to
/// `report`; returns the move to play (`None` without a legal move).
///
/// A search stopped before depth 1 was complete (a tiny node limit, an
/// early `stop`) is followed by a depth-1 search, so the move is always
/// a searched one. The last report shows the move returned: when it
/// differs from the last line reported (a move of an unfinished depth,
/// a level's deliberate choice), one more report is made for it.
pub fn single_pv(
    searcher: &mut AnySearcher,
    game: &AnyGame,
    limits: &Limits,
    stop: &AtomicBool,
    report: &mut dyn FnMut(&Progress),
) -> Option<MoveInfo> {
    let start = Instant::now();
    let mut last: Option<Info> = None;
    let mut r = searcher.search(game, limits, stop, &mut |i| {
        report(&Progress::of(i));
        last = Some(i.clone());
    });
    if r.depth == 0 && r.best.is_some() {
        let quick = Limits {
            depth: Some(1),
            ..Limits::default()
        };
        let never = AtomicBool::new(false);
        let r1 = searcher.search(game, &quick, &never, &mut |i| {
            report(&Progress::of(i));
            last = Some(i.clone());
        });
        r = crate::any::AnyResult {
            nodes: r.nodes + r1.nodes,
            ..r1
        };
    }
    if let Some(b) = &r.best {
        if last.as_ref().and_then(|i| i.pv.first()) != Some(&b.text) {
            let pv = if r.pv.first() == Some(&b.text) {
                r.pv.clone()
            } else {
                vec![b.text.clone()]
            };
            report(&Progress {
                multipv: None,
                depth: r.depth,
                seldepth: last.as_ref().map_or(r.depth, |i| i.seldepth),
                score: r.score,
                nodes: r.nodes,
                time: start.elapsed(),
                hashfull: searcher.hashfull(),
                pv: &pv,
            });
        }
    }
    r.best
}

/// Below this many plies a subtree is counted in one call of the move
/// generator's perft (well under a millisecond); above it the count
/// looks at the stop flag between subtrees.
const PERFT_SPLIT: u32 = 4;

/// Perft of `depth` plies below `pos` that gives up (`None`) soon after
/// `stop` is set.
fn stoppable_perft<R: crate::rules::Rules>(
    pos: &crate::position::Position<R>,
    depth: u32,
    stop: &AtomicBool,
) -> Option<u64> {
    if stop.load(Ordering::Relaxed) {
        return None;
    }
    if depth <= PERFT_SPLIT {
        return Some(crate::perft::perft(pos, depth, true));
    }
    let mut n = 0u64;
    for m in pos.legal_moves().iter() {
        n += stoppable_perft(&pos.after(m), depth - 1, stop)?;
    }
    Some(n)
}

/// Perft by root move (`depth` at least 1), in square order, or `None`
/// when stopped. Like perft, it ignores the draw counters.
fn divide(game: &AnyGame, depth: u32, stop: &AtomicBool) -> Option<Vec<(MoveInfo, u64)>> {
    macro_rules! go {
        ($g:expr) => {{
            let pos = $g.position();
            let mut v = Vec::new();
            for m in pos.legal_moves().iter() {
                let n = stoppable_perft(&pos.after(m), depth.saturating_sub(1), stop)?;
                v.push((MoveInfo::of(m), n));
            }
            v.sort_by(|a, b| super::engine::by_squares(&a.0, &b.0));
            Some(v)
        }};
    }
    crate::games!(__any_game { (game) g (go!(g)) })
}

/// The thinking time a search may use, from `movetime` or the clock;
/// `None` when only depth, nodes or `stop` end it.
pub fn time_budget(l: &Limits, side: crate::piece::Color) -> Option<Duration> {
    if l.infinite {
        return None;
    }
    let by_movetime = l.movetime.map(|t| t.saturating_sub(l.overhead));
    let by_clock = l.clock.map(|c| {
        let us = side.index();
        let left = c.time[us].saturating_sub(l.overhead);
        let mtg = c.moves_to_go.unwrap_or(30).max(1);
        (left / mtg + c.inc[us] / 2).min(left)
    });
    match (by_movetime, by_clock) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// A score one ply nearer the root: the other side's view, and a win or
/// loss one ply further away.
fn back_up(s: Score) -> Score {
    let v = -s.0;
    if v >= Score::WIN_BOUND {
        Score(v - 1)
    } else if v <= -Score::WIN_BOUND {
        Score(v + 1)
    } else {
        Score(v)
    }
}

/// One root move's line.
#[derive(Clone, Debug)]
struct PvLine {
    mv: MoveInfo,
    score: Score,
    pv: Vec<String>,
    seldepth: u32,
}

/// Shared state of a multi-PV search.
struct Budget<'a> {
    limits: &'a Limits,
    deadline: Option<Instant>,
    stop: &'a AtomicBool,
    nodes: u64,
    hashfull: u32,
}

impl Budget<'_> {
    fn exhausted(&self) -> bool {
        self.stop.load(Ordering::Relaxed)
            || self.deadline.is_some_and(|d| Instant::now() >= d)
            || self.limits.nodes.is_some_and(|n| self.nodes >= n)
    }
}

/// Scores one root move with a search `depth` plies deep after it;
/// `None` when a limit or `stop` cut the search short.
fn score_move(
    searcher: &mut AnySearcher,
    game: &AnyGame,
    mv: &MoveInfo,
    depth: u32,
    b: &mut Budget<'_>,
) -> Option<PvLine> {
    let mut child = game.clone();
    child.play(&mv.text).ok()?;
    let mut pv = vec![mv.text.clone()];
    loop {
        if let Status::Over(o) = child.status() {
            let s = match o.result {
                GameResult::Win(c) if c == child.side_to_move() => Score::win_in(0),
                GameResult::Win(_) => Score::loss_in(0),
                GameResult::Draw => Score::DRAW,
            };
            let seldepth = pv.len() as u32;
            let score = (0..pv.len()).fold(s, |s, _| back_up(s));
            return Some(PvLine {
                mv: mv.clone(),
                score,
                pv,
                seldepth,
            });
        }
        let legal = child.legal_moves();
        if legal.len() != 1 {
            break;
        }
        child.play(&legal[0].text).ok()?;
        pv.push(legal[0].text.clone());
    }
    if b.exhausted() {
        return None;
    }
    let limits = Limits {
        depth: Some(depth),
        nodes: b.limits.nodes.map(|n| n - b.nodes),
        movetime: b
            .deadline
            .map(|d| d.saturating_duration_since(Instant::now())),
        clock: None,
        infinite: false,
        overhead: Duration::ZERO,
        level: None,
    };
    let mut last: Option<(u32, u32)> = None;
    let r = searcher.search(&child, &limits, b.stop, &mut |i| {
        last = Some((i.seldepth, i.hashfull))
    });
    b.nodes += r.nodes;
    if let Some((_, h)) = last {
        b.hashfull = h;
    }
    // A searcher may end early on its own (a decided score); only a
    // search cut by a limit or `stop` is incomplete.
    if b.exhausted() {
        return None;
    }
    let plies = pv.len();
    let seldepth = plies as u32 + last.map_or(r.depth, |(s, _)| s);
    pv.extend(r.pv);
    Some(PvLine {
        mv: mv.clone(),
        score: (0..plies).fold(r.score, |s, _| back_up(s)),
        pv,
        seldepth,
    })
}

/// Searches every root move and reports the best `k` lines after each
/// completed depth (`info multipv 1 …` to `info multipv k …`). Returns
/// the best move of the last completed depth (the first legal move if
/// none completed).
pub fn multi_pv(
    searcher: &mut AnySearcher,
    game: &AnyGame,
    limits: &Limits,
    k: usize,
    stop: &AtomicBool,
    emit: &mut dyn FnMut(String),
) -> Option<MoveInfo> {
    let start = Instant::now();
    let root = game.legal_moves();
    if root.len() <= 1 || game.status() != Status::InPlay {
        return root.into_iter().next();
    }
    let mut b = Budget {
        limits,
        deadline: time_budget(limits, game.side_to_move()).map(|t| start + t),
        stop,
        nodes: 0,
        hashfull: 0,
    };
    // Moves in the order of the last completed ranking.
    let mut order: Vec<MoveInfo> = root.clone();
    let mut best: Option<MoveInfo> = None;
    let last_depth = limits.depth.unwrap_or(MAX_DEPTH).saturating_sub(1).max(1);
    for depth in 1..=last_depth {
        let mut lines = Vec::with_capacity(order.len());
        for mv in &order {
            match score_move(searcher, game, mv, depth, &mut b) {
                Some(l) => lines.push(l),
                None => break,
            }
        }
        if lines.len() < order.len() {
            break;
        }
        lines.sort_by_key(|l| std::cmp::Reverse(l.score));
        let time = start.elapsed();
        for (i, l) in lines.iter().take(k).enumerate() {
            let p = Progress {
                multipv: Some(i + 1),
                depth: depth + 1,
                seldepth: l.seldepth.max(depth + 1),
                score: l.score,
                nodes: b.nodes,
                time,
                hashfull: b.hashfull,
                pv: &l.pv,
            };
            emit(p.line());
        }
        order = lines.iter().map(|l| l.mv.clone()).collect();
        best = Some(lines[0].mv.clone());
        if b.exhausted() {
            break;
        }
    }
    best.or_else(|| root.into_iter().next())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn back_up_turns_wins_into_losses_one_ply_later() {
        assert_eq!(back_up(Score::loss_in(0)), Score::win_in(1));
        assert_eq!(back_up(Score::win_in(3)), Score::loss_in(4));
        assert_eq!(back_up(Score(37)), Score(-37));
    }

    #[test]
    fn budget_prefers_the_smaller_limit() {
        use crate::search::Clock;
        let l = Limits {
            movetime: Some(Duration::from_millis(1000)),
            clock: Some(Clock {
                time: [Duration::from_millis(3000), Duration::from_millis(60_000)],
                inc: [Duration::ZERO; 2],
                moves_to_go: Some(10),
            }),
            overhead: Duration::from_millis(100),
            ..Limits::default()
        };
        assert_eq!(
            time_budget(&l, crate::piece::Color::White),
            Some(Duration::from_millis(290))
        );
        assert_eq!(
            time_budget(&l, crate::piece::Color::Black),
            Some(Duration::from_millis(900))
        );
    }
}
