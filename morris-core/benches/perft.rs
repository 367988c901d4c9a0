//! Perft speed: whole turns per second from the nine-men start.

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use morris_core::{perft, Position, Variant};

fn bench_perft(c: &mut Criterion) {
    let start = Position::new(Variant::Nine.rules());
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    let nodes = perft(&start, 6);
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("nine start depth 6", |b| b.iter(|| perft(&start, 6)));
    group.finish();
}

criterion_group!(benches, bench_perft);
criterion_main!(benches);
