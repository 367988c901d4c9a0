//! Replaying a long game turn by turn, as a game link or a record is read:
//! the cost of a turn must not grow with the turns before it (the
//! repetition count once scanned the whole history, which made a game of
//! 80,000 turns take seconds).

#![allow(clippy::panic)]

use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use morris_core::{Game, Move, Position};

/// A start in the moving phase with the n-move rule off, so that a game
/// can go on for as long as nobody repeats a position three times.
const START: &str = "nine:n-move=off LL./.D./DL./L.D..D/.L./D.L/.D. L 0/0 0/0 -";

/// `turns` turns from `START` that keep the game going: a fixed
/// pseudo-random walk that skips any turn ending the game.
fn long_game(turns: usize) -> (Position, Vec<Move>) {
    let start: Position = START.parse().unwrap_or_else(|e| panic!("{e}"));
    let mut game = Game::from_position(start);
    let mut seed = 0x9e37_79b9_7f4a_7c15u64;
    while game.moves().len() < turns {
        let moves = game.legal_moves();
        if moves.is_empty() {
            break;
        }
        let mut played = false;
        for _ in 0..moves.len() {
            seed = seed
                .wrapping_mul(6_364_136_223_846_793_005)
                .wrapping_add(1_442_695_040_888_963_407);
            let m = moves[(seed >> 33) as usize % moves.len()];
            if game.play(m).is_ok() {
                if game.outcome().is_none() {
                    played = true;
                    break;
                }
                game.undo();
            }
        }
        if !played {
            break;
        }
    }
    (start, game.moves().to_vec())
}

fn bench_replay(c: &mut Criterion) {
    let mut group = c.benchmark_group("replay");
    group.sample_size(10);
    for turns in [1_000usize, 10_000] {
        let (start, moves) = long_game(turns);
        group.throughput(Throughput::Elements(moves.len() as u64));
        group.bench_with_input(BenchmarkId::from_parameter(moves.len()), &moves, |b, moves| {
            b.iter(|| {
                let mut game = Game::from_position(start);
                for &m in moves {
                    let _ = game.play(m);
                }
                game.outcome()
            })
        });
    }
    group.finish();
}

criterion_group!(benches, bench_replay);
criterion_main!(benches);
