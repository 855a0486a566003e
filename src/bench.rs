//! `dama bench`: a fixed set of positions for each game, each searched
//! to a fixed depth with a fresh table, counting nodes and time.
//!
//! The total node count is a signature of the search: it changes when
//! (and only when) the search or the evaluation changes, so a refactoring
//! that claims to change nothing can prove it. The nodes per second say
//! how fast the search runs on this machine.

use crate::game::{Counters, Game, GameOptions};
use crate::position::Position;
use crate::rules::Rules;
use crate::search::{Limits, Searcher};
use crate::variant::Variant;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The depth `dama bench` searches to when none is given.
pub const DEFAULT_DEPTH: u32 = 12;

/// Positions of each game: the start position and middle games reached in
/// play (FEN). The side to move and pieces are all that matter here.
pub fn positions(v: Variant) -> &'static [&'static str] {
    match v {
        Variant::Czech => &[
            "W:Wa1,a3,b2,c1,c3,d2,e1,e3,f2,g1,g3,h2:Ba7,b6,b8,c7,d6,d8,e7,f6,f8,g7,h6,h8",
        ],
        Variant::Gothic => &["W:Wa1,a2,b1,b2,c1,c2,d1,d2,e1,e2,f1,f2,g1,g2,h1,h2:Ba7,a8,b7,b8,c7,c8,d7,d8,e7,e8,f7,f8,g7,g8,h7,h8"],
        Variant::Knights => &["W:Wa3,a4,b3,b4,c3,c4,d3,d4,e3,e4,f3,f4,g3,g4,h3,h4,i3,i4,j3,j4:Ba7,a8,b7,b8,c7,c8,d7,d8,e7,e8,f7,f8,g7,g8,h7,h8,i7,i8,j7,j8"],
        Variant::Ossetian => &["W:Wa1,a2,a3,b1,b2,b3,c1,c2,c3,d1,d2,d3,e1,e2,e3,f1,f2,f3,g1,g2,g3:Ba5,a6,a7,b5,b6,b7,c5,c6,c7,d5,d6,d7,e5,e6,e7,f5,f6,f7,g5,g6,g7"],
        Variant::Medieval => &["W:WNa1,a3,b2,Nc1,c3,d2,Ne1,e3,f2,Ng1,g3,h2,Ni1,i3,j2:Ba9,b8,Nb10,c9,d8,Nd10,e9,f8,Nf10,g9,h8,Nh10,i9,j8,Nj10"],
    }
}

/// The search depth used for a game at a bench depth (the 10×10 games
/// branch more, so they go less deep).
pub fn depth_for(v: Variant, depth: u32) -> u32 {
    match v {
        Variant::Czech => depth,
        Variant::Ossetian => depth.saturating_sub(2).max(1),
        Variant::Gothic => depth.saturating_sub(4).max(1),
        Variant::Knights | Variant::Medieval => depth.saturating_sub(5).max(1),
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
}

impl GameBench {
    /// Nodes per second.
    pub fn nps(&self) -> u64 {
        let us = self.time.as_micros().max(1);
        (self.nodes as u128 * 1_000_000 / us) as u64
    }
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
    let list = positions(R::VARIANT);
    for fen in list {
        let pos: Position<R> = fen.parse().expect("bench positions are valid");
        let game = Game::from_position(pos, Counters::default(), GameOptions::default());
        searcher.clear();
        let t = Instant::now();
        let r = searcher.search(&game, &limits, &stop, &mut |_| {});
        time += t.elapsed();
        nodes += r.nodes;
    }
    GameBench {
        variant: R::VARIANT,
        depth,
        positions: list.len(),
        nodes,
        time,
    }
}

/// Runs the bench of one game at bench depth `depth`.
pub fn run_game(v: Variant, depth: u32, hash_mb: usize) -> GameBench {
    let d = depth_for(v, depth);
    crate::dispatch!(v, R => bench_game::<R>(d, hash_mb))
}

/// Runs the bench of every game and prints one line per game and a total.
/// Returns the total node count (the signature).
pub fn run(depth: u32, out: &mut dyn std::io::Write) -> std::io::Result<u64> {
    let mut nodes = 0;
    let mut time = Duration::ZERO;
    for v in Variant::ALL {
        let b = run_game(v, depth, 16);
        writeln!(
            out,
            "{:<9} depth {:>2} positions {:>2} nodes {:>10} time {:>7.3} nps {:>9}",
            v.name(),
            b.depth,
            b.positions,
            b.nodes,
            b.time.as_secs_f64(),
            b.nps()
        )?;
        nodes += b.nodes;
        time += b.time;
    }
    let us = time.as_micros().max(1);
    writeln!(
        out,
        "total nodes {nodes} time {:.3} nps {}",
        time.as_secs_f64(),
        (nodes as u128 * 1_000_000 / us) as u64
    )?;
    Ok(nodes)
}
