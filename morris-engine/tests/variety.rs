//! A level does not play the same game twice: below the strongest it
//! picks, by a seed, among the moves within its margin of the best (never
//! one outside it); the strongest varies only among the moves the tables
//! or the placing solve call equal, never giving a value away. The same
//! seed always picks the same move. Time is a clock that ticks with each
//! look at it, so every result is repeatable.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::cell::Cell;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use morris_core::{Game, Move, Position, Variant};
use morris_engine::{FnClock, Level, PlacingMemo, SearchResult, Searcher};
use morris_solver::{Class, Indexer, Numbering};

use common::OPENINGS;

/// `level`'s move in `game` with `seed`, from a fresh searcher state, in
/// at most `ticks` looks at the clock.
fn play(s: &mut Searcher, game: &Game, level: u8, seed: u64, ticks: u64) -> SearchResult {
    s.clear();
    let now = Cell::new(0u64);
    let clock = FnClock(|| {
        now.set(now.get() + 1);
        now.get()
    });
    let level = Level::new(level).unwrap();
    s.play_level(game, level, seed, Some(ticks), &clock, &AtomicBool::new(false))
}

/// Whether not every move of `moves` is the same.
fn varies(moves: &[Move]) -> bool {
    moves.windows(2).any(|w| w[0] != w[1])
}

fn nine_after(moves: &str) -> Game {
    let mut game = Game::new(Variant::Nine.rules());
    for m in moves.split_whitespace() {
        game.play_text(m).unwrap();
    }
    game
}

/// Games of Nine in the placing and after it.
fn nine_games() -> Vec<Game> {
    let mut games: Vec<Game> = [
        "d6 d2",
        "d6 d2 f4 b4",
        "a1 d2 g7 f4 d7",
        "d6 d2 f4 b4 a7 g1 d5 c4",
    ]
    .iter()
    .map(|m| nine_after(m))
    .collect();
    let moving: Position = "nine LLD/.D./L.D/LD..DL/.L./.D./D.L L 0/0 0/0 -".parse().unwrap();
    games.push(Game::from_position(moving));
    games
}

#[test]
fn below_the_strongest_a_level_varies_within_its_margin_and_a_seed_repeats() {
    let mut s = Searcher::new(4);
    for level in [1, 5, 8, 9] {
        let margin = Level::new(level).unwrap().margin();
        assert!(margin > 0, "level {level} has a margin");
        let mut varied = 0;
        for game in nine_games() {
            let mut seen: Vec<Move> = Vec::new();
            for seed in 0..12 {
                let r = play(&mut s, &game, level, seed, 400);
                let m = r.best.unwrap();
                assert!(game.position().is_legal(m));
                let best = r.lines.first().unwrap().score.internal();
                let gap = best - r.score.internal();
                assert!(
                    (0..=margin).contains(&gap),
                    "level {level}, seed {seed}: {} is {gap} below the best (margin {margin})",
                    game.position().notation(m)
                );
                let again = play(&mut s, &game, level, seed, 400);
                assert_eq!(
                    again.best,
                    Some(m),
                    "level {level}, seed {seed}: the same seed, the same move"
                );
                seen.push(m);
            }
            varied += usize::from(varies(&seen));
        }
        assert!(
            varied >= 2,
            "level {level} varied in {varied} of {} positions",
            nine_games().len()
        );
    }
}

fn six_after(moves: &str) -> Game {
    let mut game = Game::new(Variant::Six.rules());
    for m in moves.split_whitespace() {
        game.play_text(m).unwrap();
    }
    game
}

#[test]
fn the_strongest_level_varies_only_among_the_moves_the_placing_solve_keeps() {
    let tables = Arc::new(common::six_tables(None));
    let mut s = Searcher::new(4);
    s.set_tables(Some(Arc::clone(&tables)));
    let mut varied = 0;
    for opening in OPENINGS {
        let game = six_after(opening);
        let solved = tables
            .placing_solve(game.position(), &mut PlacingMemo::new(), u64::MAX, &mut || false)
            .unwrap();
        let mut seen: Vec<Move> = Vec::new();
        for seed in 0..10 {
            let r = play(&mut s, &game, Level::MAX, seed, 2_000);
            let m = r.best.unwrap();
            assert!(
                solved.keep.contains(&m),
                "{opening}, seed {seed}: {} gives the {:?} away",
                game.position().notation(m),
                solved.result
            );
            assert_eq!(play(&mut s, &game, Level::MAX, seed, 2_000).best, Some(m));
            seen.push(m);
        }
        varied += usize::from(varies(&seen));
    }
    assert!(
        varied >= 2,
        "level 10 varied in {varied} of {} openings",
        OPENINGS.len()
    );
}

#[test]
fn the_strongest_level_varies_among_equal_table_moves_only() {
    let tables = Arc::new(common::six_tables(None));
    let mut s = Searcher::new(1);
    s.set_tables(Some(Arc::clone(&tables)));
    let indexer = Indexer::new(Variant::Six.rules(), Class::moving(4, 4)).unwrap();
    let (mut tried, mut varied) = (0, 0);
    for i in (0..indexer.len()).step_by(7919) {
        let Some(pos) = indexer.position(i) else { continue };
        let Some(moves) = tables.root_moves(&pos) else {
            continue;
        };
        let best = moves.iter().map(|m| m.value).max_by_key(|v| v.score()).unwrap();
        let game = Game::from_position(pos);
        let mut seen: Vec<Move> = Vec::new();
        for seed in 0..8 {
            let r = play(&mut s, &game, Level::MAX, seed, 1_000);
            let m = r.best.unwrap();
            let value = moves.iter().find(|t| t.turn == m).unwrap().value;
            assert_eq!(value, best, "{pos}, seed {seed}: {}", pos.notation(m));
            seen.push(m);
        }
        tried += 1;
        varied += usize::from(varies(&seen));
    }
    assert!(tried > 10 && varied > 0, "{varied} of {tried} positions varied");
}
