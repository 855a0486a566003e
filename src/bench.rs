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

use crate::game::{Counters, Game, GameOptions};
use crate::position::Position;
use crate::rules::Rules;
use crate::search::{Limits, Searcher};
use crate::variant::Variant;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The depth `dama bench` searches to when none is given.
pub const DEFAULT_DEPTH: u32 = 14;

/// The transposition table size of `dama bench` when none is given (MiB).
pub const DEFAULT_HASH_MB: usize = 16;

/// Positions of each game: the start position and middle games reached in
/// the engine's own games (FEN). Czech has the most: it is the main game.
pub fn positions(v: Variant) -> &'static [&'static str] {
    match v {
        Variant::Czech => &[
            "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8",
            "W:Wa1,a3,c1,c3,d2,e1,f4,g1:Bb8,c5,c7,d6,e7,f8,h6,h8",
            "W:Wa1,a5,b2,c1,d2,e1,e3,h2:Bb8,c7,d8,f8,g5,g7,h6,h8",
            "W:Wa1,b4,c1,c5,d4,e1,g1,g3:Ba7,b8,c7,f6,f8,g5,g7,h8",
            "W:Wa1,a5,b2,c1,c3,e3,f4,f6,g3,h2:Ba3,b6,c7,d6,d8,f8,h4,h6,h8",
        ],
        Variant::Gothic => &[
            "W:Wa1,a2,b1,b2,c1,c2,d1,d2,e1,e2,f1,f2,g1,g2,h1,h2:Ba7,a8,b7,b8,c7,c8,d7,d8,e7,e8,f7,f8,g7,g8,h7,h8",
            "W:Wa1,b1,b3,c1,c3,d1,d2,d3,e1,e3,f1,f3,g1,h1,h3,h4:Ba5,a8,b6,b8,c6,c8,d6,d7,d8,e8,f6,f8,g6,g8,h6,h8",
            "W:Wa1,a4,b1,b2,c1,c3,d1,d3,e1,e3,f1,f4,h1:Ba8,b6,b7,b8,c8,d6,d8,e6,e8,f8,g8,h5,h8",
        ],
        Variant::Knights => &[
            "W:Wa3,a4,b3,b4,c3,c4,d3,d4,e3,e4,f3,f4,g3,g4,h3,h4,i3,i4,j3,j4:Ba7,a8,b7,b8,c7,c8,d7,d8,e7,e8,f7,f8,g7,g8,h7,h8,i7,i8,j7,j8",
            "W:Wa4,b3,c3,c9,d3,f3,f4,f8,g3,h4,i4,j4:Ba7,b7,b8,c2,c8,d2,d8,e3,e7,e8,g8,h3,h8,i3,i7,j7",
            "W:Wa4,c4,e3,e4,f4,g3,Kg8,h3,j3,j4,j8:BKa5,b7,b8,Kc1,c2,c6,c8,d8,Ke1,f8,g7,h8,i7,Kj1,j7",
        ],
        Variant::Ossetian => &[
            "W:Wa1,a2,a3,b1,b2,b3,c1,c2,c3,d1,d2,d3,e1,e2,e3,f1,f2,f3,g1,g2,g3:Ba5,a6,a7,b5,b6,b7,c5,c6,c7,d5,d6,d7,e5,e6,e7,f5,f6,f7,g5,g6,g7",
            "W:Wa2,a3,a4,b3,c1,c2,c3,d1,d2,d3,e1,e2,e3,g2,g3:Ba5,a6,a7,b5,c6,c7,d6,d7,e5,e6,e7,f4,f7,g4,g5,g7",
            "W:Wa1,b1,b3,c1,e1,e3,f1,g1,g2,g4:Ba6,a7,b6,c6,d7,e5,e7,f6,f7,g6,g7",
        ],
        Variant::Medieval => &[
            "W:WNa1,a3,b2,Nc1,c3,d2,Ne1,e3,f2,Ng1,g3,h2,Ni1,i3,j2:Ba9,b8,Nb10,c9,d8,Nd10,e9,f8,Nf10,g9,h8,Nh10,i9,j8,Nj10",
            "W:WNa1,a5,b2,b4,Nc1,d2,d4,Ne1,f4,Ng1,g3,h2,h4,Ni1,i3:Ba7,Nb10,c7,c9,Nd10,e7,e9,f8,Nf10,g9,h6,h8,Nh10,i9,Nj10",
            "W:WNa1,b2,b4,Nc1,c5,d2,d4,Ne1,e5,Ng1,h2,h4,Ni1:Ba7,a9,b8,c7,Nc10,Nd9,e7,f6,Nf10,g7,g9,Nh10,Nj10",
        ],
    }
}

/// The search depth used for a game at a bench depth (the 10×10 games
/// branch more, so they go less deep).
pub fn depth_for(v: Variant, depth: u32) -> u32 {
    match v {
        Variant::Czech => depth,
        Variant::Ossetian => depth.saturating_sub(4).max(1),
        Variant::Gothic => depth.saturating_sub(6).max(1),
        Variant::Knights => depth.saturating_sub(7).max(1),
        Variant::Medieval => depth.saturating_sub(5).max(1),
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

fn bench_game<R: Rules>(depth: u32, hash_mb: usize) -> GameBench {
    let mut searcher = Searcher::<R>::new(hash_mb);
    let stop = AtomicBool::new(false);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let mut nodes = 0;
    let mut time = Duration::ZERO;
    let mut cpu = Some(Duration::ZERO);
    let list = positions(R::VARIANT);
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

    fn choices<R: Rules>() {
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
