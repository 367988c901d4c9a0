//! How far a solve is ([`Progress`]): the solver tells a watcher what it
//! is doing and how much of it is done, and the watcher shows it (the
//! `morris` command draws bars on a terminal). The solver depends on no
//! display; a solve without a watcher passes [`Silent`].

use crate::index::Class;

/// The two stages of solving one class, each counted in the class's
/// entries, so that both totals are known when the stage begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Every entry's moves, generated once: most of a solve's time (89 %
    /// of Nine's 6v4). Counted as the entries whose moves are done.
    Moves,
    /// The decided entries passed back to their predecessors, in order of
    /// their distance to the end. Counted as the entries decided; the ones
    /// never decided (the draws) and the entries that repeat another are
    /// counted at the end, when the stage is over.
    Passes,
}

impl Stage {
    /// What the stage is doing, in a few words.
    pub fn word(self) -> &'static str {
        match self {
            Stage::Moves => "moves",
            Stage::Passes => "passes back",
        }
    }
}

/// A watcher of a solve. The solving threads call it, so it takes `&self`
/// and is `Sync`; each call stands for many entries (a chunk of the first
/// pass, or the entries of one distance one thread decided), never one.
pub trait Progress: Sync {
    /// A stage of solving `class` begins; it counts `total` entries.
    fn begin(&self, class: Class, stage: Stage, total: u64);
    /// `done` more entries of the stage begun last are done. Over a stage
    /// the calls add up to its `total` exactly.
    fn advance(&self, done: u64);
    /// The passes back have reached the entries `distance` plies from the
    /// end (Stage::Passes only; the longest distance is not known ahead).
    fn distance(&self, _distance: u16) {}
}

/// The watcher that shows nothing.
#[derive(Clone, Copy, Debug, Default)]
pub struct Silent;

impl Progress for Silent {
    fn begin(&self, _: Class, _: Stage, _: u64) {}
    fn advance(&self, _: u64) {}
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::tablebase::Tablebase;
    use morris_core::Variant;
    use std::sync::Mutex;

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
            let len = crate::SymIndexer::new(Variant::Six.rules(), pair[0].0).map(|s| s.len());
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
        let watched = a.solve_with(4, 4, &Record::default()).map(crate::write);
        let silent = b.solve(4, 4).map(crate::write);
        assert!(watched.is_ok());
        assert_eq!(watched, silent);
    }
}
