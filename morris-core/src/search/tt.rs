//! The transposition table: what earlier searches learned about a
//! position, keyed by [`Position::full_key`](crate::Position::full_key).
//!
//! Buckets of four 16-byte entries fill one cache line, so a probe costs
//! one memory access. A new result replaces the entry of the same position,
//! else the shallowest entry, entries from older searches first
//! (depth-preferred). The best move is stored as its index in the
//! position's generated move list, which is fixed for a position, so it
//! fits a byte. Win and loss scores are stored as distances from the
//! stored position, not from the root, so that they stay right wherever
//! the position turns up again.

use super::score::{MAX_PLY, WIN_BOUND};

/// What a stored score says about the true value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub enum Bound {
    #[default]
    Exact,
    /// The value is at least the score (the search failed high).
    Lower,
    /// The value is at most the score (the search failed low).
    Upper,
}

const NO_MOVE: u8 = u8::MAX;
const WAYS: usize = 4;

/// One stored search result.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    key: u64,
    score: i16,
    mv: u8,
    depth: u8,
    bound: Bound,
    generation: u8,
}

impl Default for Entry {
    fn default() -> Entry {
        Entry {
            key: 0,
            score: 0,
            mv: NO_MOVE,
            depth: 0,
            bound: Bound::Exact,
            generation: 0,
        }
    }
}

impl Entry {
    /// The score, as seen from a node `ply` turns below the root.
    #[inline]
    pub fn score(&self, ply: usize) -> i32 {
        from_tt(i32::from(self.score), ply)
    }

    /// The index of the best move in the generated move list.
    #[inline]
    pub fn move_index(&self) -> Option<usize> {
        (self.mv != NO_MOVE).then_some(usize::from(self.mv))
    }

    #[inline]
    pub fn depth(&self) -> i32 {
        i32::from(self.depth)
    }

    #[inline]
    pub fn bound(&self) -> Bound {
        self.bound
    }
}

#[derive(Clone, Copy, Debug, Default)]
#[repr(align(64))]
struct Bucket([Entry; WAYS]);

/// A fixed-size table, sized in megabytes by the caller.
#[derive(Debug)]
pub struct TranspositionTable {
    buckets: Vec<Bucket>,
    generation: u8,
}

#[inline]
fn to_tt(score: i32, ply: usize) -> i16 {
    let s = if score >= WIN_BOUND {
        score + ply as i32
    } else if score <= -WIN_BOUND {
        score - ply as i32
    } else {
        score
    };
    s.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16
}

#[inline]
fn from_tt(score: i32, ply: usize) -> i32 {
    if score >= WIN_BOUND {
        score - ply as i32
    } else if score <= -WIN_BOUND {
        score + ply as i32
    } else {
        score
    }
}

impl TranspositionTable {
    /// A table of about `mb` megabytes (at least a few kilobytes).
    pub fn new(mb: usize) -> TranspositionTable {
        let bytes = mb.saturating_mul(1 << 20);
        let len = (bytes / std::mem::size_of::<Bucket>()).max(64);
        TranspositionTable {
            buckets: vec![Bucket::default(); len],
            generation: 0,
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.buckets.fill(Bucket::default());
        self.generation = 0;
    }

    /// Marks the start of a new search: older entries give way first.
    pub fn new_search(&mut self) {
        self.generation = self.generation.wrapping_add(1);
    }

    #[inline]
    fn index(&self, key: u64) -> usize {
        ((u128::from(key) * self.buckets.len() as u128) >> 64) as usize
    }

    /// The entry stored for `key`, if any.
    #[inline]
    pub fn probe(&self, key: u64) -> Option<Entry> {
        let b = self.buckets.get(self.index(key))?;
        b.0.iter().find(|e| e.key == key && e.depth > 0).copied()
    }

    /// Stores a result for `key`, found `ply` turns below the root at
    /// `depth` (at least 1); `mv` is the best move's index.
    pub fn store(&mut self, key: u64, mv: Option<usize>, score: i32, depth: i32, bound: Bound, ply: usize) {
        let generation = self.generation;
        let idx = self.index(key);
        let Some(b) = self.buckets.get_mut(idx) else {
            return;
        };
        let worth = |e: &Entry| {
            if e.key == key {
                i32::MIN
            } else {
                i32::from(e.depth) - if e.generation == generation { 0 } else { 1000 }
            }
        };
        let Some(slot) = b.0.iter_mut().min_by_key(|e| worth(e)) else {
            return;
        };
        let mv = match mv.and_then(|i| u8::try_from(i).ok()).filter(|&i| i != NO_MOVE) {
            Some(i) => i,
            None if slot.key == key => slot.mv,
            None => NO_MOVE,
        };
        *slot = Entry {
            key,
            score: to_tt(score, ply),
            mv,
            depth: depth.clamp(1, MAX_PLY as i32) as u8,
            bound,
            generation,
        };
    }

    /// How full the table is, in thousandths (from a sample).
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.iter().take(250);
        let n = sample.len() * WAYS;
        let used = sample
            .flat_map(|b| b.0.iter())
            .filter(|e| e.generation == self.generation && e.depth > 0)
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}
