//! The end of the placing phase solved at the root from complete tables
//! (Six Men's Morris, whose every moving-phase class solves in seconds):
//! the value agrees with the forward solver, the kept moves are exactly
//! those that keep it, and the engine then never plays another. Without
//! the tables it needs, or past its budget, it gives up and the search
//! plays as before.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use morris_core::{Position, Rules, Variant};
use morris_engine::{Limits, NoClock, PlacingError, PlacingMemo, Searcher, Tablebases, Wdl};
use morris_solver::Numbering;

use common::{OPENINGS, SIX};

fn tables(skip: Option<(u8, u8)>) -> Tablebases {
    common::six_tables(skip)
}

fn after(moves: &str) -> Position {
    let mut pos = Position::new(Variant::Six.rules());
    for text in moves.split_whitespace() {
        let m = pos
            .legal_moves()
            .into_iter()
            .find(|&m| pos.notation(m) == text)
            .unwrap_or_else(|| panic!("{text} is not legal after {moves}"));
        pos = pos.play(m);
    }
    pos
}

#[test]
fn the_solve_agrees_with_the_forward_solver_move_by_move() {
    let t = tables(None);
    let mut forward = SIX.clone();
    let mut results = Vec::new();
    for opening in OPENINGS {
        let pos = after(opening);
        let solved = t
            .placing_solve(&pos, &mut PlacingMemo::new(), u64::MAX, &mut || false)
            .unwrap_or_else(|e| panic!("{opening}: {e}"));
        assert_eq!(
            solved.result,
            Wdl::from(forward.solve_position(&pos).unwrap()),
            "{opening}"
        );
        for m in pos.legal_moves() {
            let v = Wdl::from(forward.solve_position(&pos.play(m)).unwrap().back());
            assert_eq!(
                solved.keep.contains(&m),
                v == solved.result,
                "{opening} {}: {v:?}, the position {:?}",
                pos.notation(m),
                solved.result
            );
            assert!(v <= solved.result, "{opening} {}", pos.notation(m));
        }
        assert!(solved.nodes > 0);
        results.push(solved.result);
    }
    assert!(results.contains(&Wdl::Draw), "{results:?}");
}

#[test]
fn it_gives_up_without_a_table_it_needs_or_past_its_budget() {
    let pos = after("d2 a1 c4 d4");
    let full = tables(None);
    let solved = full
        .placing_solve(&pos, &mut PlacingMemo::new(), u64::MAX, &mut || false)
        .unwrap();
    // 6v6 is where every quiet line ends.
    let solve = |t: &Tablebases, pos: &Position, nodes: u64, late: bool| {
        t.placing_solve(pos, &mut PlacingMemo::new(), nodes, &mut || late)
    };
    assert_eq!(
        solve(&tables(Some((6, 6))), &pos, u64::MAX, false),
        Err(PlacingError::Uncovered)
    );
    assert_eq!(
        solve(&full, &pos, solved.nodes - 1, false),
        Err(PlacingError::Limit)
    );
    assert_eq!(solve(&full, &pos, u64::MAX, true), Err(PlacingError::Limit));
    assert_eq!(solve(&full, &pos, solved.nodes, false), Ok(solved));
    // Other rules than the tables'.
    let nine = Position::new(Rules::default());
    assert_eq!(
        solve(&full, &nine, u64::MAX, false),
        Err(PlacingError::OtherRules)
    );
    // Not in the placing phase.
    let moving = SIX.table(morris_solver::Class::moving(4, 3)).unwrap();
    let moving = moving.indexer().position(1000).unwrap();
    assert_eq!(
        solve(&full, &moving, u64::MAX, false),
        Err(PlacingError::NotPlacing)
    );
}

/// The memo keeps what a solve proved: the same solve again visits only
/// the root's children, one that gave up leaves bounds that make the next
/// cheaper, and every answer is the same as from an empty memo.
#[test]
fn the_memo_carries_proofs_from_one_solve_to_the_next() {
    let t = tables(None);
    let pos = after("d2 a1 c4 d4");
    let fresh = t
        .placing_solve(&pos, &mut PlacingMemo::new(), u64::MAX, &mut || false)
        .unwrap();
    let mut memo = PlacingMemo::new();
    assert_eq!(
        t.placing_solve(&pos, &mut memo, fresh.nodes / 2, &mut || false),
        Err(PlacingError::Limit)
    );
    assert!(!memo.is_empty());
    let resumed = t.placing_solve(&pos, &mut memo, u64::MAX, &mut || false).unwrap();
    assert_eq!((&resumed.result, &resumed.keep), (&fresh.result, &fresh.keep));
    assert!(
        resumed.nodes < fresh.nodes,
        "{} then {}",
        fresh.nodes,
        resumed.nodes
    );
    let again = t.placing_solve(&pos, &mut memo, u64::MAX, &mut || false).unwrap();
    assert_eq!((&again.result, &again.keep), (&fresh.result, &fresh.keep));
    assert!(
        again.nodes <= 2 * pos.legal_moves().len() as u64,
        "{} nodes",
        again.nodes
    );
    // A move later, down the kept line, it is as cheap.
    let next = pos.play(fresh.keep[0]);
    let reply = next.legal_moves()[0];
    let later = t
        .placing_solve(&next.play(reply), &mut memo, u64::MAX, &mut || false)
        .unwrap();
    let cold = t
        .placing_solve(&next.play(reply), &mut PlacingMemo::new(), u64::MAX, &mut || {
            false
        })
        .unwrap();
    assert_eq!((&later.result, &later.keep), (&cold.result, &cold.keep));
    assert!(later.nodes < cold.nodes, "{} against {}", later.nodes, cold.nodes);
    // Other rules start it afresh.
    let three = Position::new(Variant::Three.rules());
    assert_eq!(
        t.placing_solve(&three, &mut memo, u64::MAX, &mut || false),
        Err(PlacingError::OtherRules)
    );
    assert!(!memo.is_empty(), "rules without tables do not touch it");
}

/// From positions where some moves lose, the engine plays a kept move even
/// on a search too shallow to see why; with several lines asked for (an
/// analysis) it shows every move.
#[test]
fn the_engine_plays_only_moves_that_keep_the_value() {
    let t = Arc::new(tables(None));
    let stop = AtomicBool::new(false);
    let mut checked = 0;
    let mut pos = after("d2 a1 c4 d4");
    for _ in 0..8 {
        let Ok(solved) = t.placing_solve(&pos, &mut PlacingMemo::new(), u64::MAX, &mut || false) else {
            break;
        };
        let mut searcher = Searcher::new(1);
        searcher.set_tables(Some(t.clone()));
        let r = searcher.search(&pos, &[], Limits::depth(1), &NoClock, &stop, |_| {});
        let best = r.best.unwrap();
        assert!(
            solved.keep.contains(&best),
            "{pos}: {} loses the {:?}",
            pos.notation(best),
            solved.result
        );
        if solved.keep.len() < pos.legal_moves().len() {
            checked += 1;
            let all = searcher.search(
                &pos,
                &[],
                Limits::depth(1).with_multi_pv(usize::MAX),
                &NoClock,
                &stop,
                |_| {},
            );
            assert_eq!(all.lines.len(), pos.legal_moves().len(), "{pos}");
        }
        pos = pos.play(best);
    }
    assert!(checked > 0, "no position on the way had a losing move");
}

/// Rules whose placing holds more than the solve keeps (markers, a hand
/// that empties first, the second placer moving first) are refused even
/// with the tables of their moving phase loaded; the search plays them.
#[test]
fn placings_the_solve_cannot_hold_are_refused() {
    for (text, option) in [
        ("six:placing-mill=mark", morris_core::RuleKey::PlacingMill),
        ("six:placing-mill=hand", morris_core::RuleKey::PlacingMill),
        (
            "six:second-moves-first=on",
            morris_core::RuleKey::SecondMovesFirst,
        ),
    ] {
        let rules: Rules = text.parse().unwrap();
        let mut tb = morris_solver::Tablebase::new(rules);
        let mut t = Tablebases::new();
        for (light, dark) in [
            (3, 3),
            (4, 3),
            (4, 4),
            (5, 3),
            (5, 4),
            (5, 5),
            (6, 3),
            (6, 4),
            (6, 5),
            (6, 6),
        ] {
            t.insert(tb.solve(light, dark).unwrap().clone());
        }
        let pos = Position::new(rules);
        match t.placing_solve(&pos, &mut PlacingMemo::new(), u64::MAX, &mut || false) {
            Err(PlacingError::Unsupported { option: o, .. }) => assert_eq!(o, option, "{text}"),
            other => panic!("{text}: {other:?}"),
        }
    }
}
