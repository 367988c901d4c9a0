//! Search speed: the bench positions to a fixed depth (nodes per second),
//! and a nine-men middle-game position searched to depth 12.

use std::sync::atomic::AtomicBool;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use morris_core::Position;
use morris_engine::{bench, bench_positions, Limits, NoClock, Searcher, BENCH_DEPTH};

fn bench_search(c: &mut Criterion) {
    let mut group = c.benchmark_group("search");
    group.sample_size(10);
    let nodes = bench(BENCH_DEPTH, &NoClock).nodes;
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("bench positions", |b| b.iter(|| bench(BENCH_DEPTH, &NoClock)));

    let middle: Option<Position> = "nine LD./LL./LD./.DL.DL/LLD/DDL/.D. D 0/0 1/0 -".parse().ok();
    if let Some(pos) = middle.or_else(|| bench_positions().first().copied()) {
        let stop = AtomicBool::new(false);
        let run = || {
            let mut s = Searcher::new(16);
            s.search(&pos, &[], Limits::depth(12), &NoClock, &stop, |_| {})
                .nodes
        };
        group.throughput(Throughput::Elements(run()));
        group.bench_function("nine middle game depth 12", |b| b.iter(run));
    }
    group.finish();
}

criterion_group!(benches, bench_search);
criterion_main!(benches);
