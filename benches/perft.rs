//! Perft and move generation speed for each game (criterion).
//!
//! Run with `cargo bench --bench perft`; the median time of a fixed
//! perft gives leaf nodes per second (criterion prints it as throughput).

use criterion::{criterion_main, BenchmarkId, Criterion, Throughput};
use dama::{perft, Czech, Gothic, Knights, Medieval, Ossetian, Position, Rules};
use std::hint::black_box;

fn bench_game<R: Rules>(c: &mut Criterion, depth: u32) {
    let pos = Position::<R>::start();
    let name = R::VARIANT.name();
    let mut g = c.benchmark_group(format!("perft/{name}"));
    g.sample_size(10);
    for bulk in [true, false] {
        let nodes = perft::perft(&pos, depth, bulk);
        g.throughput(Throughput::Elements(nodes));
        let id = BenchmarkId::new(if bulk { "bulk" } else { "no-bulk" }, depth);
        g.bench_with_input(id, &depth, |b, &d| {
            b.iter(|| perft::perft(black_box(&pos), d, bulk))
        });
    }
    g.finish();
    c.bench_function(&format!("movegen/{name}/start"), |b| {
        b.iter(|| black_box(&pos).legal_moves().len())
    });
}

fn benches(c: &mut Criterion) {
    bench_game::<Czech>(c, 11);
    bench_game::<Gothic>(c, 4);
    bench_game::<Knights>(c, 4);
    bench_game::<Ossetian>(c, 7);
    bench_game::<Medieval>(c, 4);
}

#[allow(missing_docs)]
mod group {
    criterion::criterion_group!(perft_benches, super::benches);
}
criterion_main!(group::perft_benches);
