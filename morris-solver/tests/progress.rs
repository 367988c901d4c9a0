//! The solver's progress reports: each class's two stages begin in order
//! with their totals, their steps add up to them, and watching a solve
//! changes nothing. (Beside the crate, so that `progress` needs no table.)

use std::sync::Mutex;

use morris_core::Variant;
use morris_solver::{Class, Numbering, Progress, Stage, SymIndexer, Tablebase};

/// A call: a stage begun and its total, or a step.
type Call = (Option<(Class, Stage)>, u64);

/// Every call, in order.
#[derive(Debug, Default)]
struct Record {
    calls: Mutex<Vec<Call>>,
}

impl Progress for Record {
    fn begin(&self, class: Class, stage: Stage, total: u64) {
        if let Ok(mut calls) = self.calls.lock() {
            calls.push((Some((class, stage)), total));
        }
    }
    fn advance(&self, done: u64) {
        if let Ok(mut calls) = self.calls.lock() {
            calls.push((None, done));
        }
    }
}

/// Each class's two stages begin in order, each with its total known,
/// and their steps (all positive) add up to that total exactly, over
/// the smaller classes a solve needs first too.
#[test]
fn every_stage_reaches_its_total() {
    let mut tb = Tablebase::new(Variant::Six.rules());
    let record = Record::default();
    let solved = tb.solve_with(5, 4, &record).map(|t| t.len());
    assert!(solved.is_ok(), "{solved:?}");
    let calls = record.calls.into_inner().unwrap_or_default();
    let mut stages: Vec<(Class, Stage, u64, u64, usize)> = Vec::new();
    for (begun, n) in calls {
        match begun {
            Some((class, stage)) => stages.push((class, stage, n, 0, 0)),
            None => {
                assert!(n > 0, "a step of nothing");
                let Some(last) = stages.last_mut() else {
                    unreachable!("a step before any stage began")
                };
                last.3 += n;
                last.4 += 1;
                assert!(last.3 <= last.2, "past the total: {last:?}");
            }
        }
    }
    let solved_classes: Vec<Class> = stages.iter().map(|s| s.0).collect();
    assert!(solved_classes.contains(&Class::moving(3, 3)));
    assert_eq!(stages.last().map(|s| s.0), Some(Class::moving(5, 4)));
    for pair in stages.chunks(2) {
        assert_eq!(pair.len(), 2);
        assert_eq!((pair[0].1, pair[1].1), (Stage::Moves, Stage::Passes));
        assert_eq!(pair[0].0, pair[1].0);
        let len = SymIndexer::new(Variant::Six.rules(), pair[0].0).map(|s| s.len());
        for s in pair {
            assert_eq!(Some(s.2), len, "total of {s:?}");
            assert_eq!(s.3, s.2, "{s:?} stops short");
        }
    }
    // 5v4 is large enough that its first pass reports in chunks.
    let last_moves = &stages[stages.len() - 2];
    assert!(last_moves.4 > 1, "{last_moves:?}");
    assert_eq!(solved.ok(), Some(last_moves.2 as usize));
}

/// A solve watched gives the same table as one not watched.
#[test]
fn watching_changes_nothing() {
    let rules = Variant::Six.rules();
    let (mut a, mut b) = (Tablebase::new(rules), Tablebase::new(rules));
    let watched = a.solve_with(4, 4, &Record::default()).map(morris_solver::write);
    let silent = b.solve(4, 4).map(morris_solver::write);
    assert!(watched.is_ok());
    assert_eq!(watched, silent);
}
