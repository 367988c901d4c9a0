//! Levels for people: `Level(1)` plays like a beginner, `Level(10)` as well
//! as the engine can. A level sets the search's depth and node budget; every
//! level below the strongest also searches several root moves (the weakest
//! every one) and picks, with a seeded random choice, among the moves within
//! a margin of the best, so that it does not play the same game twice. A
//! move that loses by force is never picked while a better one exists, so a
//! weak level plays plausible moves, not random blunders. The strongest
//! level varies only where the tables or the book say moves are equal
//! ([`crate::Searcher::play_level`]). The same seed gives the same choice.

use super::limits::{Limits, Line};

/// A playing level, from 1 (weakest) to [`Level::MAX`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Level(u8);

/// Per level: depth, node budget, margin (hundredths of a piece), and how
/// many root moves are scored to choose among (0: every one).
const TABLE: [(u32, u64, i32, usize); 10] = [
    (2, 10_000, 65, 0),
    (3, 30_000, 40, 0),
    (4, 80_000, 30, 0),
    (5, 200_000, 22, 0),
    (6, 400_000, 16, 0),
    (7, 800_000, 10, 0),
    (8, 1_500_000, 5, 0),
    (10, 3_000_000, 4, 3),
    (12, 4_000_000, 2, 3),
    (64, 30_000_000, 0, 1),
];

/// How a level plays one move ([`crate::Searcher::play_level_reporting`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct LevelMove {
    pub level: Level,
    /// Decides among near-equal moves.
    pub seed: u64,
    /// Caps the level's own time, if set.
    pub movetime_ms: Option<u64>,
    /// Search at least this many lines (the level's own number if more):
    /// a caller that shows lines asks for as many as it shows.
    pub lines: usize,
}

/// What a search for a level's move does beside searching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Playing {
    /// Chooses among moves of equal value.
    pub seed: u64,
    /// Solves the end of the placing (and reads the book) though several
    /// lines are searched: the level plays only the moves that keep the
    /// value ([`crate::Level::keeps_known_values`]).
    pub keep_known: bool,
    /// Where the tables, the book or the solve keep several moves, the
    /// search plays its best of a seeded part of them (the strongest
    /// level, which has no margin to vary by).
    pub vary_kept: bool,
}

impl LevelMove {
    /// The search's limits for this move (the level's own, the time
    /// `movetime_ms`, at least `lines` lines) and how it plays beside
    /// searching, asked at once.
    pub(crate) fn plan(&self) -> (Limits, Playing) {
        let own = self.level.limits();
        let limits = Limits {
            movetime_ms: self.movetime_ms,
            multi_pv: own.multi_pv.max(self.lines),
            ..own
        };
        let playing = Playing {
            seed: self.seed,
            keep_known: self.level.keeps_known_values(),
            vary_kept: self.level.margin() == 0,
        };
        (limits, playing)
    }
}

impl Level {
    pub const MIN: u8 = 1;
    pub const MAX: u8 = TABLE.len() as u8;

    /// The level `n`, if it is between [`Level::MIN`] and [`Level::MAX`].
    pub const fn new(n: u8) -> Option<Level> {
        if n >= Level::MIN && n <= Level::MAX {
            Some(Level(n))
        } else {
            None
        }
    }

    pub const fn number(self) -> u8 {
        self.0
    }

    fn row(self) -> (u32, u64, i32, usize) {
        TABLE
            .get(usize::from(self.0.saturating_sub(1)))
            .copied()
            .unwrap_or((1, 1, 0, 1))
    }

    /// How far below the best a move may score and still be played.
    pub fn margin(self) -> i32 {
        self.row().2
    }

    /// Whether the level plays only moves that keep the value the tables,
    /// the book or the placing solve know (the stronger levels, which score
    /// a few root moves); the weakest levels see every move.
    pub fn keeps_known_values(self) -> bool {
        self.row().3 != 0
    }

    /// The search limits of the level: the root moves it picks among are
    /// scored (every one at the weakest levels, the best few at the
    /// stronger ones).
    pub fn limits(self) -> Limits {
        let (depth, nodes, _, lines) = self.row();
        Limits {
            depth: Some(depth),
            nodes: Some(nodes),
            movetime_ms: None,
            multi_pv: if lines == 0 { usize::MAX } else { lines },
        }
    }

    /// The line the level plays from `lines` (best first), `seed` choosing
    /// among those within the margin; `None` if there are none.
    pub fn choose(self, lines: &[Line], seed: u64) -> Option<&Line> {
        let best = lines.first()?;
        let margin = self.margin();
        if margin == 0 {
            return Some(best);
        }
        let top = best.score.internal();
        let weight = |l: &Line| -> u64 {
            let gap = top - l.score.internal();
            let losing = l.score.is_loss() && !best.score.is_loss();
            let gives_up_win = best.score.is_win() && !l.score.is_win();
            if gap > margin || losing || gives_up_win {
                0
            } else {
                (margin - gap + 1) as u64
            }
        };
        let total: u64 = lines.iter().map(weight).sum();
        if total == 0 {
            return Some(best);
        }
        let mut pick = splitmix64(seed) % total;
        for l in lines {
            let w = weight(l);
            if pick < w {
                return Some(l);
            }
            pick -= w;
        }
        Some(best)
    }
}

/// A well-mixed 64-bit value from `seed` (SplitMix64).
pub(crate) fn splitmix64(seed: u64) -> u64 {
    let mut z = seed.wrapping_add(0x9E37_79B9_7F4A_7C15);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
