//! `dama bench`: a fixed set of positions for each game, each searched
//! to a fixed depth with a fresh table, counting nodes and time.
//!
//! The total node count is a signature of the search: it changes when
//! (and only when) the search or the evaluation changes, so a refactoring
//! that claims to change nothing can prove it. The nodes per second say
//! how fast the search runs on this machine. On a busy machine the wall
//! clock also counts time spent waiting for a processor, so where Linux
//! says how much processor time the thread had, that is reported too
//! (`cpu`, and the speed per processor second, `cpu-nps`).

use crate::eval::Evaluate;
use crate::game::{Counters, Game, GameOptions};
use crate::position::Position;
use crate::search::{Limits, Searcher};
use crate::variant::Variant;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The depth `dama bench` searches to when none is given.
pub const DEFAULT_DEPTH: u32 = 14;

/// The transposition table size of `dama bench` when none is given (MiB).
pub const DEFAULT_HASH_MB: usize = 16;

/// Positions of a game ([`Evaluate::BENCH_POSITIONS`]): the start
/// position and middle games reached in the engine's own games (FEN).
pub fn positions(v: Variant) -> &'static [&'static str] {
    crate::dispatch!(v, R => <R as Evaluate>::BENCH_POSITIONS)
}

/// The search depth used for a game at a bench depth: the 10×10 games
/// branch more, so they go less deep ([`Evaluate::BENCH_DEPTH_CUT`]).
pub fn depth_for(v: Variant, depth: u32) -> u32 {
    let cut = crate::dispatch!(v, R => <R as Evaluate>::BENCH_DEPTH_CUT);
    if cut == 0 {
        depth
    } else {
        depth.saturating_sub(cut).max(1)
    }
}

/// What the bench measured for one game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameBench {
    /// The game.
    pub variant: Variant,
    /// The depth searched.
    pub depth: u32,
    /// Number of positions.
    pub positions: usize,
    /// Nodes over all its positions.
    pub nodes: u64,
    /// Time over all its positions.
    pub time: Duration,
    /// Processor time over all its positions, where the system says.
    pub cpu: Option<Duration>,
}

impl GameBench {
    /// Nodes per second (wall clock).
    pub fn nps(&self) -> u64 {
        per_second(self.nodes, self.time)
    }
    /// Nodes per second of processor time, where known.
    pub fn cpu_nps(&self) -> Option<u64> {
        self.cpu.map(|c| per_second(self.nodes, c))
    }
}

fn per_second(n: u64, t: Duration) -> u64 {
    (n as u128 * 1_000_000 / t.as_micros().max(1)) as u64
}

/// The processor time this thread has used, where the system says
/// (Linux: the first field of `/proc/thread-self/schedstat`, in ns).
pub fn thread_cpu_time() -> Option<Duration> {
    let s = std::fs::read_to_string("/proc/thread-self/schedstat").ok()?;
    let ns: u64 = s.split_whitespace().next()?.parse().ok()?;
    Some(Duration::from_nanos(ns))
}

fn bench_game<R: Evaluate>(depth: u32, hash_mb: usize) -> GameBench {
    let mut searcher = Searcher::<R>::new(hash_mb);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut nodes = 0;
    let mut time = Duration::ZERO;
    let mut cpu = Some(Duration::ZERO);
    let list = R::BENCH_POSITIONS;
    for fen in list {
        let pos: Position<R> = fen.parse().expect("bench positions are valid");
        let game = Game::from_position(pos, Counters::default(), GameOptions::default());
        searcher.clear();
        let c0 = thread_cpu_time();
        let t = Instant::now();
        let r = searcher.search(&game, &limits, &stop, &mut |_| {});
        time += t.elapsed();
        cpu = match (cpu, c0, thread_cpu_time()) {
            (Some(sum), Some(a), Some(b)) => Some(sum + b.saturating_sub(a)),
            _ => None,
        };
        nodes += r.nodes;
    }
    GameBench {
        variant: R::VARIANT,
        depth,
        positions: list.len(),
        nodes,
        time,
        cpu,
    }
}

/// Runs the bench of one game at bench depth `depth`.
pub fn run_game(v: Variant, depth: u32, hash_mb: usize) -> GameBench {
    let d = depth_for(v, depth);
    crate::dispatch!(v, R => bench_game::<R>(d, hash_mb))
}

/// Runs the bench of every game (or of one) and prints one line per game
/// and a total. Returns the total node count (the signature).
pub fn run(
    depth: u32,
    only: Option<Variant>,
    hash_mb: usize,
    out: &mut dyn std::io::Write,
) -> std::io::Result<u64> {
    let mut nodes = 0;
    let mut time = Duration::ZERO;
    let mut cpu = Some(Duration::ZERO);
    for v in Variant::ALL
        .into_iter()
        .filter(|v| only.map_or(true, |o| o == *v))
    {
        let b = run_game(v, depth, hash_mb);
        write!(
            out,
            "{:<9} depth {:>2} positions {:>2} nodes {:>10} time {:>7.3} nps {:>9}",
            v.name(),
            b.depth,
            b.positions,
            b.nodes,
            b.time.as_secs_f64(),
            b.nps()
        )?;
        if let (Some(c), Some(n)) = (b.cpu, b.cpu_nps()) {
            write!(out, " cpu {:>7.3} cpu-nps {:>9}", c.as_secs_f64(), n)?;
        }
        writeln!(out)?;
        nodes += b.nodes;
        time += b.time;
        cpu = cpu.zip(b.cpu).map(|(a, b)| a + b);
    }
    write!(
        out,
        "total nodes {nodes} time {:.3} nps {}",
        time.as_secs_f64(),
        per_second(nodes, time)
    )?;
    if let Some(c) = cpu {
        write!(
            out,
            " cpu {:.3} cpu-nps {}",
            c.as_secs_f64(),
            per_second(nodes, c)
        )?;
    }
    writeln!(out)?;
    Ok(nodes)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn choices<R: Evaluate>() {
        for fen in positions(R::VARIANT) {
            let pos: Position<R> = fen.parse().expect("bench positions are valid");
            // A position with one legal move is answered at once and
            // would measure nothing.
            assert!(pos.legal_moves().len() > 1, "{} {fen}", R::VARIANT);
        }
    }

    #[test]
    fn every_bench_position_has_a_choice() {
        for v in Variant::ALL {
            crate::dispatch!(v, R => choices::<R>());
        }
    }

    #[test]
    fn the_signature_is_repeatable() {
        let a = run_game(Variant::Czech, 8, 1);
        let b = run_game(Variant::Czech, 8, 1);
        assert_eq!(a.nodes, b.nodes);
        assert_eq!(a.positions, positions(Variant::Czech).len());
    }
}
