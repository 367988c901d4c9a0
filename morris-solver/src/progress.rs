//! How far a solve is ([`Progress`]): the solver tells a watcher what it
//! is doing and how much of it is done, and the watcher shows it (the
//! `morris` command draws bars on a terminal). The solver depends on no
//! display; a solve without a watcher passes [`Silent`].

use crate::index::Class;

/// The two stages of solving one class, each counted in the class's
/// entries, so that both totals are known when the stage begins.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stage {
    /// Every entry's moves, generated once: most of a solve's time (63 %
    /// of Nine's 6v4's processor time). Counted as the entries whose moves
    /// are done.
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
