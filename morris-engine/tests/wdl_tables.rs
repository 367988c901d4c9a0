//! Win/draw/loss tables in play ([`morris_solver::write_wdl`]): tables that
//! know who wins but not how soon. The searcher must never give away a
//! result they show (checked against the tables with distances), and must
//! still make progress in a won position, which the tables alone cannot
//! tell it: checked by playing won Six positions out against a perfect
//! defender.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, LazyLock};

use morris_core::{Game, Position, Variant};
use morris_engine::{KeptBy, Limits, NoClock, Searcher, Tablebases, Wdl};
use morris_solver::{write_wdl, Class, Indexer, Numbering, Value};

/// Every Six table with its distances: the referee.
static FULL: LazyLock<Tablebases> = LazyLock::new(|| common::six_tables(None));

/// The classes kept as win, draw or loss only: 5v4 and the classes its
/// captures lead to, so that a game stays in such tables down to 3v3.
const WDL: [(u8, u8); 4] = [(5, 4), (5, 3), (4, 4), (4, 3)];

/// Six's tables, the classes of [`WDL`] as win/draw/loss files (small
/// blocks, so a class makes many), the others with their distances.
static MIXED: LazyLock<Arc<Tablebases>> = LazyLock::new(|| {
    let mut t = Tablebases::new();
    for light in 3..=6u8 {
        for dark in 3..=light {
            let table = common::SIX.table(Class::moving(light, dark)).unwrap();
            if WDL.contains(&(light, dark)) {
                t.load(&write_wdl(table, 512)).unwrap();
            } else {
                t.insert(table.clone());
            }
        }
    }
    Arc::new(t)
});

/// The searcher's nodes a turn in the games.
const NODES: u64 = 20_000;

fn searcher() -> Searcher {
    let mut s = Searcher::new(1);
    s.set_tables(Some(MIXED.clone()));
    s
}

fn limits(nodes: u64) -> Limits {
    Limits {
        nodes: Some(nodes),
        ..Limits::default()
    }
}

/// The value of `game`'s position for its side to move, by the referee.
fn referee(pos: &Position) -> Wdl {
    Wdl::from(FULL.probe(pos).unwrap())
}

#[test]
fn the_searcher_never_gives_away_what_a_wdl_table_shows() {
    let indexer = Indexer::new(Variant::Six.rules(), Class::moving(5, 4)).unwrap();
    assert_eq!(MIXED.has_distances(&indexer.position(0).unwrap()), Some(false));
    let mut s = searcher();
    let stop = AtomicBool::new(false);
    let mut seen = [0; 3];
    for i in (0..indexer.len()).step_by(1999) {
        let Some(pos) = indexer.position(i) else { continue };
        if pos.terminal().is_some() {
            continue;
        }
        let before = referee(&pos);
        let r = s.search(&pos, &[], limits(3_000), &NoClock, &stop, |_| {});
        let kept = r.placing.as_ref().expect("a win/draw/loss root is kept");
        assert_eq!((kept.by, kept.result), (KeptBy::Tables, before), "{pos}");
        assert_eq!(said(r.score), before, "{pos}: the score says the table's result");
        let best = r.best.expect("a move");
        assert!(kept.keep.contains(&best), "{pos}");
        let child = pos.play(best);
        let after = FULL.probe(&child).unwrap().for_mover(&child, pos.turn());
        assert_eq!(Wdl::from(after), before, "{pos}: {}", pos.notation(best));
        seen[before as usize] += 1;
    }
    assert!(seen.iter().all(|&n| n > 5), "losses, draws, wins: {seen:?}");
}

/// The result a score says: a win or loss, counted or of unknown length
/// (a table's), or a draw (nothing else is said at a table's root).
fn said(score: morris_engine::Score) -> Wdl {
    match (score.table_result(), score) {
        (Some(true), _) | (None, morris_engine::Score::Win(_)) => Wdl::Win,
        (Some(false), _) | (None, morris_engine::Score::Loss(_)) => Wdl::Loss,
        (None, s) => {
            assert_eq!(
                s,
                morris_engine::Score::DRAW,
                "a heuristic value at a table's root"
            );
            Wdl::Draw
        }
    }
}

/// A search cut short before one depth is done (a loaded machine, a tiny
/// limit) still says what the table shows at the root: a win (or loss) of
/// unknown length, or a draw; never "even" for a won position.
#[test]
fn a_search_cut_short_still_says_the_tables_result() {
    let indexer = Indexer::new(Variant::Six.rules(), Class::moving(5, 4)).unwrap();
    let mut s = searcher();
    let stop = AtomicBool::new(false);
    let mut seen = [0; 3];
    for i in (0..indexer.len()).step_by(2999) {
        let Some(pos) = indexer.position(i) else { continue };
        if pos.terminal().is_some() || pos.legal_moves().len() < 2 {
            continue;
        }
        let r = s.search(&pos, &[], limits(1), &NoClock, &stop, |_| {});
        assert_eq!(r.depth, 0, "{pos}: one node does not finish a depth");
        let told = said(r.score);
        assert_eq!(told, referee(&pos), "{pos}");
        assert!(r.best.is_some(), "{pos}: a move all the same");
        seen[told as usize] += 1;
    }
    assert!(seen.iter().all(|&n| n > 2), "losses, draws, wins: {seen:?}");
}

/// Won positions of Six's 5v4, the winner searching with the win/draw/loss
/// tables and the loser defending perfectly (the longest defence, by the
/// tables with distances), under Six's own rules. The winner never lets
/// the win go (each of his turns keeps it, by the referee), and the
/// search makes progress where the tables only say "win": most of these
/// long wins end in a win before the n-move rule or a repetition draws
/// them.
#[test]
fn a_won_position_stays_won_and_mostly_is_won() {
    let indexer = Indexer::new(Variant::Six.rules(), Class::moving(5, 4)).unwrap();
    let stop = AtomicBool::new(false);
    let (mut played, mut won) = (0, 0);
    for i in (0..indexer.len()).step_by(3001) {
        let Some(pos) = indexer.position(i) else { continue };
        // Long wins only: a quick one the search sees by itself.
        if !matches!(FULL.probe(&pos), Some(Value::Win(d)) if d >= 9) || played == 12 {
            continue;
        }
        played += 1;
        let winner = pos.turn();
        let mut game = Game::from_position(pos);
        let mut s = searcher();
        while game.outcome().is_none() {
            let now = *game.position();
            let turn = if now.turn() == winner {
                assert_eq!(referee(&now), Wdl::Win, "{pos}: the win was let go");
                s.search_game(&game, limits(NODES), &NoClock, &stop, |_| {})
                    .best
                    .unwrap()
            } else {
                FULL.ranked(&now).unwrap()[0].turn
            };
            game.play(turn).unwrap();
        }
        won += usize::from(game.outcome().and_then(|o| o.winner) == Some(winner));
    }
    println!("{won} of {played} won");
    assert!(played == 12 && 2 * won > played, "{won} of {played} won");
}

/// A win/draw/loss table never takes the place of one with distances,
/// whichever is loaded first; one with distances replaces it.
#[test]
fn a_table_with_distances_is_kept_over_a_wdl_one() {
    let table = common::SIX.table(Class::moving(4, 3)).unwrap();
    let pos = Indexer::new(Variant::Six.rules(), Class::moving(4, 3))
        .unwrap()
        .position(0)
        .unwrap();
    let mut t = Tablebases::new();
    t.insert(table.clone());
    t.load(&write_wdl(table, 512)).unwrap();
    assert_eq!(t.has_distances(&pos), Some(true));
    let mut t = Tablebases::new();
    t.load(&write_wdl(table, 512)).unwrap();
    assert_eq!(t.has_distances(&pos), Some(false));
    t.insert(table.clone());
    assert_eq!(t.has_distances(&pos), Some(true));
}

/// Every level keeps what a win/draw/loss table shows: a weaker level's
/// search of every root move would otherwise choose among all of them.
#[test]
fn every_level_keeps_the_value() {
    let indexer = Indexer::new(Variant::Six.rules(), Class::moving(5, 4)).unwrap();
    let stop = AtomicBool::new(false);
    let mut s = searcher();
    let mut seen = 0;
    for i in (0..indexer.len()).step_by(9973) {
        let Some(pos) = indexer.position(i) else { continue };
        if pos.terminal().is_some() {
            continue;
        }
        let before = referee(&pos);
        // Level 5 searches 200,000 nodes a move; 10, thirty million.
        for n in [1, 3, 5] {
            let game = Game::from_position(pos);
            let level = morris_engine::Level::new(n).unwrap();
            let r = s.play_level(&game, level, i, None, &NoClock, &stop);
            let child = pos.play(r.best.unwrap());
            let after = FULL.probe(&child).unwrap().for_mover(&child, pos.turn());
            assert_eq!(Wdl::from(after), before, "{pos}, level {n}");
        }
        seen += 1;
    }
    assert!(seen > 12, "{seen}");
}

/// Values read elsewhere (Nine's tables for range reads, in the browser):
/// a searcher with no tables at all, given each root move's value, plays
/// only moves that keep the best of them at every level, where alone its
/// weaker levels give results away.
#[test]
fn every_level_keeps_the_value_it_is_given() {
    let indexer = Indexer::new(Variant::Six.rules(), Class::moving(5, 4)).unwrap();
    let stop = AtomicBool::new(false);
    let mut s = Searcher::new(1);
    let (mut seen, mut given_away) = (0, 0);
    for i in (0..indexer.len()).step_by(4999) {
        let Some(pos) = indexer.position(i) else { continue };
        if pos.terminal().is_some() {
            continue;
        }
        let before = referee(&pos);
        let moves = FULL.root_moves(&pos).unwrap();
        let game = Game::from_position(pos);
        for n in [1, 3, 10] {
            let level = morris_engine::Level::new(n).unwrap();
            let how = morris_engine::LevelMove {
                level,
                seed: i,
                movetime_ms: Some(200),
                lines: 0,
            };
            let r = s.play_level_kept(&game, how, &moves, &morris_engine::StdClock::new(), &stop);
            let child = pos.play(r.best.unwrap());
            let after = FULL.probe(&child).unwrap().for_mover(&child, pos.turn());
            assert_eq!(Wdl::from(after), before, "{pos}, level {n}");
            let alone = s.play_level(&game, level, i, Some(200), &morris_engine::StdClock::new(), &stop);
            let child = pos.play(alone.best.unwrap());
            given_away +=
                usize::from(Wdl::from(FULL.probe(&child).unwrap().for_mover(&child, pos.turn())) != before);
        }
        seen += 1;
    }
    assert!(seen > 12, "{seen}");
    assert!(
        given_away > 0,
        "the weaker levels alone give nothing away: the test shows nothing"
    );
}
