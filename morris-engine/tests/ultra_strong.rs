//! Ultra-strong play (`Tiebreak::Traps`, `Searcher::set_ultra_strong`):
//! among the moves that keep a drawn or lost value, the one that leaves
//! the opponent the largest share of replies that change his result.
//! Checked on drawn and lost positions of Six's 4v3 table and at the end
//! of Six's placing phase: the value is never given up, the chance that a
//! random replier goes wrong within `TRAP_TURNS` turns is the largest,
//! counted a second way (from each side's ranked moves), one turn too,
//! and a won position keeps its quickest win.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::sync::atomic::AtomicBool;
use std::sync::LazyLock;

use morris_core::{Move, Position, Variant};
use morris_engine::{Limits, NoClock, PlacingMemo, Searcher, Tablebases, Tiebreak, Wdl, TRAP_TURNS};
use morris_solver::{Class, Indexer, Numbering};

static SIX: LazyLock<Tablebases> = LazyLock::new(|| common::six_tables(None));

/// The chance (thousandths) that a random replier changes his result
/// within `turns` turns after `m`, counted from each side's ranked moves
/// (`root_moves`), not from `Tablebases::trap_chance`'s probes.
fn chance_by_ranking(t: &Tablebases, pos: &Position, m: Move, turns: u8) -> i32 {
    let child = pos.play(m);
    if child.turn() == pos.turn() || child.terminal().is_some() {
        return 0;
    }
    let Some(replies) = t.root_moves(&child) else {
        return 0;
    };
    let best = replies.iter().map(|r| Wdl::from(r.value)).max().unwrap();
    let mut sum = 0i64;
    for r in &replies {
        if Wdl::from(r.value) < best {
            sum += 1000;
            continue;
        }
        let after = child.play(r.turn);
        if turns > 1 && after.turn() == pos.turn() && after.terminal().is_none() {
            let mine = t.root_moves(&after).unwrap();
            let keep = mine.iter().map(|x| Wdl::from(x.value)).max().unwrap();
            let most = mine
                .iter()
                .filter(|x| Wdl::from(x.value) == keep)
                .map(|x| chance_by_ranking(t, &after, x.turn, turns - 1))
                .max();
            sum += i64::from(most.unwrap_or(0));
        }
    }
    (sum / replies.len() as i64) as i32
}

#[test]
fn the_value_is_kept_and_the_opponent_gets_the_most_chances_to_go_wrong() {
    let t = &*SIX;
    let indexer = Indexer::new(Variant::Six.rules(), Class::moving(4, 3)).unwrap();
    let (mut checked, mut differ, mut wins) = (0, 0, 0);
    for i in (0..indexer.len()).step_by(29) {
        let Some(pos) = indexer.position(i) else { continue };
        let (Some(plain), Some(ultra)) = (t.ranked(&pos), t.ranked_by(&pos, Tiebreak::Traps)) else {
            continue;
        };
        let (first, best) = (ultra[0], plain[0]);
        assert_eq!(
            Wdl::from(first.value),
            Wdl::from(best.value),
            "{pos}: the value is kept"
        );
        if Wdl::from(best.value) == Wdl::Win {
            assert_eq!(first, best, "{pos}: a win stays the quickest");
            wins += 1;
            continue;
        }
        for m in &plain {
            let one = t.trap_chance(&pos, m.turn, 1);
            assert_eq!(
                one,
                chance_by_ranking(t, &pos, m.turn, 1),
                "{pos}: one turn is the share of traps, counted both ways"
            );
        }
        let most = plain
            .iter()
            .filter(|m| Wdl::from(m.value) == Wdl::from(best.value))
            .map(|m| chance_by_ranking(t, &pos, m.turn, TRAP_TURNS))
            .max()
            .unwrap();
        assert_eq!(chance_by_ranking(t, &pos, first.turn, TRAP_TURNS), most, "{pos}");
        assert_eq!(
            t.trap_chance(&pos, first.turn, TRAP_TURNS),
            most,
            "{pos}: both counts agree"
        );
        checked += 1;
        differ += usize::from(first.turn != best.turn);
    }
    assert!(checked > 300 && wins > 300, "{checked} drawn or lost, {wins} won");
    // Not the same choice as by the evaluation, or the test shows nothing.
    assert!(differ * 20 > checked, "{differ} of {checked} differ");
}

#[test]
fn the_searcher_plays_the_trap_where_the_tables_decide() {
    let t = std::sync::Arc::new(SIX.clone());
    let indexer = Indexer::new(Variant::Six.rules(), Class::moving(4, 4)).unwrap();
    let mut searcher = Searcher::new(1);
    searcher.set_tables(Some(t.clone()));
    searcher.set_ultra_strong(true);
    assert!(searcher.ultra_strong());
    let mut seen = 0;
    for i in (0..indexer.len()).step_by(997) {
        let Some(pos) = indexer.position(i) else { continue };
        let Some(ranked) = t.ranked_by(&pos, Tiebreak::Traps) else {
            continue;
        };
        let limits = Limits {
            depth: Some(1),
            ..Limits::default()
        };
        let result = searcher.search(&pos, &[], limits, &NoClock, &AtomicBool::new(false), |_| {});
        assert_eq!(result.best, Some(ranked[0].turn), "{pos}");
        seen += 1;
    }
    assert!(seen > 20);
}

#[test]
fn at_the_end_of_the_placing_the_kept_moves_that_set_the_most_traps_are_played() {
    let t = &*SIX;
    let mut tried = 0;
    // Built-in match openings (drawn), eight placements left.
    for opening in ["d2 a1 c4 d4", "c5 d3 d2 e1", "d4 e1 d3 d2", "a3 c4 b3 a5"] {
        let mut pos = Position::new(Variant::Six.rules());
        for text in opening.split_whitespace() {
            pos = pos.play(pos.parse_move(text).unwrap());
        }
        let mut memo = PlacingMemo::new();
        let solved = t.placing_solve(&pos, &mut memo, u64::MAX, &mut || false).unwrap();
        let chosen = t.placing_traps(&pos, &solved, &mut memo, u64::MAX, &mut || false);
        assert!(
            !chosen.is_empty() && chosen.iter().all(|m| solved.keep.contains(m)),
            "{opening}"
        );
        if solved.result == Wdl::Win {
            assert_eq!(chosen, solved.keep);
            continue;
        }
        // Each kept move's share, from a solve of its own position.
        let share = |m: Move| {
            let child = pos.play(m);
            let s = t
                .placing_solve(&child, &mut PlacingMemo::new(), u64::MAX, &mut || false)
                .unwrap();
            let n = child.legal_moves().len();
            (n - s.keep.len()) * 1000 / n
        };
        let shares: Vec<usize> = solved.keep.iter().map(|&m| share(m)).collect();
        let most = *shares.iter().max().unwrap();
        let expected: Vec<Move> = solved
            .keep
            .iter()
            .zip(&shares)
            .filter(|(_, &s)| s == most)
            .map(|(&m, _)| m)
            .collect();
        assert_eq!(chosen, expected, "{opening}");
        tried += 1;
    }
    assert!(tried > 0, "a drawn placing was tried");
}

#[test]
fn where_two_turns_cost_too_many_probes_one_turn_decides() {
    // Nine's 3v3 with both sides flying: some fifty moves a side, millions
    // of probes two turns ahead (more than TRAP_PROBES).
    let mut t = Tablebases::new();
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("../app/static/tb");
    for class in ["3v3", "4v3"] {
        t.load(&std::fs::read(dir.join(format!("nine-{class}.tb"))).unwrap())
            .unwrap();
    }
    let pos: Position = "nine .../.L./L../.....D/..L/.../DD. L 0/0 0/0 -".parse().unwrap();
    let (plain, ultra) = (
        t.ranked(&pos).unwrap(),
        t.ranked_by(&pos, Tiebreak::Traps).unwrap(),
    );
    assert!(plain.len() > 40, "{} moves", plain.len());
    let value = Wdl::from(plain[0].value);
    assert_eq!(Wdl::from(ultra[0].value), value, "the value is kept");
    let one = |m: Move| t.trap_chance(&pos, m, 1);
    let most = plain
        .iter()
        .filter(|m| Wdl::from(m.value) == value)
        .map(|m| one(m.turn))
        .max()
        .unwrap();
    assert_eq!(one(ultra[0].turn), most, "the largest one-turn chance");
}
