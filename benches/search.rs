//! Search speed for each game (criterion): the bench positions of
//! `dama bench` searched to a fixed depth with a fresh table.
//!
//! Run with `cargo bench --bench search`; criterion reports the time per
//! search and, as throughput, nodes per second (the node count of each
//! search is fixed, so it is measured once up front).

use criterion::{criterion_main, BenchmarkId, Criterion, Throughput};
use dama::bench::depth_for;
use dama::game::{Counters, Game, GameOptions};
use dama::search::{Limits, Searcher};
use dama::{Czech, Evaluate, Gothic, Knights, Medieval, Ossetian, Position};
use std::hint::black_box;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

/// The bench depth used here (lower than `dama bench`, to keep runs short).
const DEPTH: u32 = 12;

fn bench_game<R: Evaluate>(c: &mut Criterion) {
    let name = R::VARIANT.name();
    let depth = depth_for(R::VARIANT, DEPTH);
    let limits = Limits {
        depth: Some(depth),
        ..Limits::default()
    };
    let stop = AtomicBool::new(false);
    let mut g = c.benchmark_group(format!("search/{name}"));
    g.sample_size(10);
    for (i, fen) in R::BENCH_POSITIONS.iter().enumerate() {
        let pos: Position<R> = fen.parse().expect("bench positions are valid");
        let game = Game::from_position(pos, Counters::default(), GameOptions::default());
        let mut searcher = Searcher::<R>::new(16);
        let nodes = searcher.search(&game, &limits, &stop, &mut |_| {}).nodes;
        g.throughput(Throughput::Elements(nodes));
        g.bench_with_input(
            BenchmarkId::new(format!("depth{depth}"), i),
            &game,
            |b, game| {
                // Only the search is timed, not the clearing of the table.
                b.iter_custom(|iters| {
                    let mut total = Duration::ZERO;
                    for _ in 0..iters {
                        searcher.clear();
                        let t = Instant::now();
                        black_box(searcher.search(black_box(game), &limits, &stop, &mut |_| {}));
                        total += t.elapsed();
                    }
                    total
                })
            },
        );
    }
    g.finish();
}

fn benches(c: &mut Criterion) {
    bench_game::<Czech>(c);
    bench_game::<Gothic>(c);
    bench_game::<Knights>(c);
    bench_game::<Ossetian>(c);
    bench_game::<Medieval>(c);
}

#[allow(missing_docs)]
mod group {
    criterion::criterion_group!(search_benches, super::benches);
}
criterion_main!(group::search_benches);
