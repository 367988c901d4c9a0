//! Perfect play from the endgame tables the app serves (`app/static/tb`):
//! from positions the tables cover, the engine never turns a win into a
//! draw or a loss, nor a draw into a loss, against itself and against a
//! random mover; the search without tables is unchanged; the search finds
//! table values at its leaves.
//!
//! `PERFECT_GAMES=N cargo test -p morris-core --test tablebase_play -- --ignored`
//! plays a bigger run.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use morris_core::{Color, Game, Position, Variant};
use morris_engine::{Limits, NoClock, Score, Searcher, Tablebases};
use morris_solver::{Class, Indexer, Numbering, Tablebase, Value};

fn table_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../app/static/tb")
}

/// Every committed table file, read through the format checks.
fn committed() -> Vec<(String, Vec<u8>)> {
    let mut files: Vec<(String, Vec<u8>)> = std::fs::read_dir(table_dir())
        .expect("app/static/tb exists")
        .map(|e| e.expect("a directory entry").path())
        .filter(|p| p.extension().is_some_and(|x| x == "tb"))
        .map(|p| {
            let name = p.file_name().unwrap().to_string_lossy().into_owned();
            (name, std::fs::read(&p).expect("a readable table file"))
        })
        .collect();
    files.sort();
    files
}

fn tables() -> Tablebases {
    let mut t = Tablebases::new();
    for (name, bytes) in committed() {
        t.load(&bytes).unwrap_or_else(|e| panic!("{name}: {e}"));
    }
    t
}

fn splitmix(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9e37_79b9_7f4a_7c15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// A won, drawn and lost value, from the worst to the best.
fn rank(v: Value) -> u8 {
    match v {
        Value::Loss(_) => 0,
        Value::Draw => 1,
        Value::Win(_) => 2,
    }
}

/// Covered positions of the committed classes that are not over, seeded.
fn sample(tables: &Tablebases, count: usize, seed: u64) -> Vec<Position> {
    let rules = Variant::Nine.rules();
    let classes: Vec<Class> = tables.classes().into_iter().map(|(_, c)| c).collect();
    let mut state = seed;
    let mut out = Vec::new();
    while out.len() < count {
        let class = classes[(splitmix(&mut state) % classes.len() as u64) as usize];
        let indexer = Indexer::new(rules, class).unwrap();
        let pos = indexer.position(splitmix(&mut state) % indexer.len()).unwrap();
        if pos.terminal().is_none() && tables.root_moves(&pos).is_some() {
            out.push(pos);
        }
    }
    out
}

#[derive(Default, Debug)]
struct Tally {
    games: usize,
    won: usize,
    drawn: usize,
    lost: usize,
}

/// Plays from `start` with the engine on the side to move (and on both
/// sides when `random` is false; otherwise the other side moves at
/// random), checking with the tables after every turn that the engine's
/// value never drops and that each of its turns keeps the value exactly.
fn play(
    searcher: &mut Searcher,
    tables: &Tablebases,
    start: Position,
    random: bool,
    seed: u64,
    tally: &mut Tally,
) {
    let engine = start.turn();
    let mut game = Game::from_position(start);
    let mut state = seed;
    let start_value = tables.probe(&start).unwrap();
    let mut engine_value = start_value;
    for _ in 0..300 {
        if game.outcome().is_some() {
            break;
        }
        let pos = *game.position();
        let before = tables.probe(&pos).expect("covered all along");
        let ours = !random || pos.turn() == engine;
        let m = if ours {
            let r = searcher.search_game(
                &game,
                Limits::nodes(500),
                &NoClock,
                &AtomicBool::new(false),
                |_| {},
            );
            let m = r.best.expect("a move");
            let after = tables.probe(&pos.play(m)).expect("covered").back();
            assert_eq!(after, before, "{pos}: {m:?} does not keep the value");
            let expected = match before {
                Value::Win(d) => Score::Win(u32::from(d)),
                Value::Draw => Score::DRAW,
                Value::Loss(d) => Score::Loss(u32::from(d)),
            };
            assert_eq!(r.score, expected, "{pos}: reported score");
            m
        } else {
            let moves = pos.legal_moves();
            moves[(splitmix(&mut state) % moves.len() as u64) as usize]
        };
        game.play(m).unwrap();
        let now = tables.probe(game.position()).expect("covered all along");
        // The engine's value, seen from its side: the opponent may only
        // make it better.
        let for_engine = if game.position().turn() == engine {
            now
        } else {
            now.back()
        };
        assert!(
            rank(for_engine) >= rank(engine_value),
            "{pos}: after {m:?} the engine's value fell from {engine_value:?} to {for_engine:?}"
        );
        engine_value = for_engine;
    }
    tally.games += 1;
    let winner = game.outcome().and_then(|o| o.winner);
    match winner {
        Some(w) if w == engine => tally.won += 1,
        Some(_) => tally.lost += 1,
        None => tally.drawn += 1,
    }
    match start_value {
        Value::Win(_) => assert_eq!(winner, Some(engine), "{start}: a won start was not won"),
        Value::Draw => assert_ne!(winner, Some(!engine), "{start}: a drawn start was lost"),
        Value::Loss(_) => {}
    }
}

fn run(games: usize) {
    let tables = Arc::new(tables());
    let mut searcher = Searcher::new(4);
    searcher.set_tables(Some(Arc::clone(&tables)));
    let mut vs_self = Tally::default();
    let mut vs_random = Tally::default();
    for (i, start) in sample(&tables, games, 7).into_iter().enumerate() {
        searcher.clear();
        play(&mut searcher, &tables, start, false, i as u64, &mut vs_self);
        searcher.clear();
        play(&mut searcher, &tables, start, true, i as u64, &mut vs_random);
    }
    println!("against itself: {vs_self:?}");
    println!("against a random mover: {vs_random:?}");
    assert_eq!((vs_self.games, vs_random.games), (games, games));
    assert!(
        vs_random.won > vs_self.won,
        "the random mover throws away lost positions"
    );
}

#[test]
fn every_committed_table_reads_back_and_covers_the_app_classes() {
    let files = committed();
    let names: Vec<&str> = files.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(
        names,
        [
            "nine-3v3.tb",
            "nine-4v3.tb",
            "nine-4v4.tb",
            "nine-5v3.tb",
            "nine-5v4.tb",
            "nine-6v3.tb"
        ]
    );
    let rules = Variant::Nine.rules();
    for (name, bytes) in &files {
        let table = morris_solver::read_for(bytes, &rules).unwrap_or_else(|e| panic!("{name}: {e}"));
        let class = table.class();
        assert_eq!(name, &format!("nine-{}v{}.tb", class.light, class.dark));
    }
}

#[test]
fn the_committed_three_three_table_equals_a_fresh_one() {
    let bytes = std::fs::read(table_dir().join("nine-3v3.tb")).unwrap();
    let mut base = Tablebase::new(Variant::Nine.rules());
    let fresh = morris_solver::write(base.solve(3, 3).unwrap());
    assert!(
        fresh == bytes,
        "app/static/tb/nine-3v3.tb is stale: run scripts/tables.sh"
    );
}

#[test]
fn from_covered_positions_the_engine_never_gives_anything_away() {
    run(120);
}

#[test]
#[ignore]
fn a_bigger_run_never_gives_anything_away() {
    let games = std::env::var("PERFECT_GAMES")
        .ok()
        .and_then(|g| g.parse().ok())
        .unwrap_or(2000);
    run(games);
}

/// Dark to move with its last piece in hand: every placement leads to a
/// covered class, so the search (the root itself is not covered) must
/// find the exact values at its leaves and keep the value.
#[test]
fn the_search_finds_table_values_at_its_leaves() {
    let tables = Arc::new(tables());
    let rules = Variant::Nine.rules();
    let mut base = Tablebase::new(rules);
    for (_, bytes) in committed() {
        base.insert(morris_solver::read(&bytes).unwrap()).unwrap();
    }
    let mut searcher = Searcher::new(4);
    searcher.set_tables(Some(Arc::clone(&tables)));
    let mut state = 11;
    let mut checked = [0usize; 3];
    for class in [
        Class {
            light: 4,
            dark: 2,
            light_hand: 0,
            dark_hand: 1,
        },
        Class {
            light: 3,
            dark: 2,
            light_hand: 0,
            dark_hand: 1,
        },
    ] {
        let indexer = Indexer::new(rules, class).unwrap();
        let mut n = 0;
        while n < 60 {
            let pos = indexer.position(splitmix(&mut state) % indexer.len()).unwrap();
            if pos.turn() != Color::Dark || pos.terminal().is_some() || tables.root_moves(&pos).is_some() {
                continue;
            }
            n += 1;
            let value = base.solve_position(&pos).unwrap();
            let r = searcher.search(
                &pos,
                &[],
                Limits::depth(2),
                &NoClock,
                &AtomicBool::new(false),
                |_| {},
            );
            let m = r.best.unwrap();
            let got = base.solve_position(&pos.play(m)).unwrap().back();
            assert_eq!(
                rank(got),
                rank(value),
                "{pos}: {m:?} gives {got:?}, the position is {value:?}"
            );
            if let Value::Win(d) = value {
                assert_eq!(got, value, "{pos}: {m:?} is not the quickest win");
                assert_eq!(r.score, Score::Win(u32::from(d)), "{pos}: reported score");
            }
            checked[rank(value) as usize] += 1;
        }
    }
    println!("placements checked (lost, drawn, won): {checked:?}");
    assert!(checked[2] > 0 && checked[0] + checked[1] > 0, "{checked:?}");
}

/// With no tables the search is the search alone: the same result, node
/// for node, as a searcher that never had tables.
#[test]
fn no_tables_change_nothing() {
    let game = Game::new(Variant::Nine.rules());
    let stop = AtomicBool::new(false);
    let mut plain = Searcher::new(4);
    let mut empty = Searcher::new(4);
    empty.set_tables(Some(Arc::new(Tablebases::new())));
    let a = plain.search_game(&game, Limits::depth(6), &NoClock, &stop, |_| {});
    let b = empty.search_game(&game, Limits::depth(6), &NoClock, &stop, |_| {});
    assert_eq!((a.best, a.score, a.nodes), (b.best, b.score, b.nodes));
    assert!(empty.tables().is_none());
}

#[test]
fn the_npm_packages_sample_table_equals_a_fresh_one() {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../morris-wasm/tables/three-3v3.tb");
    let bytes = std::fs::read(path).unwrap();
    let mut base = Tablebase::new(Variant::Three.rules());
    let fresh = morris_solver::write(base.solve(3, 3).unwrap());
    assert!(
        fresh == bytes,
        "morris-wasm/tables/three-3v3.tb is stale: run scripts/tables.sh"
    );
}

/// A blocked player who removes and then moves again (§7.4 "remove, then
/// move") is on move after his removal: the table's move choice values
/// that for him, and its best move keeps the position's value.
#[test]
fn a_removal_that_lets_the_same_side_move_keeps_the_value() {
    let base: morris_core::Rules = "three:mill-wins=off,blocked=remove-move".parse().unwrap();
    // Four pieces each on nine points: blocked positions are common.
    let rules = morris_core::Rules { pieces: 4, ..base };
    let mut tb = Tablebase::new(rules);
    tb.solve(4, 4).unwrap();
    let mut tables = Tablebases::new();
    for class in [Class::moving(4, 4), Class::moving(4, 3), Class::moving(3, 3)] {
        tables.insert(tb.table(class).unwrap().clone());
    }
    let indexer = Indexer::new(rules, Class::moving(4, 4)).unwrap();
    let mut blocked = 0;
    for i in 0..indexer.len() {
        let pos = indexer.position(i).unwrap();
        let moves = pos.legal_moves();
        if moves.is_empty() || !moves.iter().all(|m| m.is_removal_only()) {
            continue;
        }
        blocked += 1;
        let best = tables.ranked(&pos).unwrap()[0];
        assert_eq!(Some(best.value), tb.probe(&pos), "{pos}");
    }
    assert!(blocked > 0);
}
