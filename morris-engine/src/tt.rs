//! The transposition table: what earlier searches learned about a
//! position, keyed by [`Position::full_key`](morris_core::Position::full_key).
//!
//! Buckets of four 16-byte entries fill one cache line, so a probe costs
//! one memory access. A new result replaces the entry of the same position,
//! else the shallowest entry, entries from older searches first
//! (depth-preferred). The best move is stored as its index in the
//! position's generated move list, which is fixed for a position, so it
//! fits a byte. Win and loss scores are stored as distances from the
//! stored position, not from the root, so that they stay right wherever
//! the position turns up again.
//!
//! Several search threads share one table without locks: an entry is two
//! 64-bit words, its packed data and its key XOR that data, each read and
//! written atomically (relaxed: plain loads and stores on x86 and wasm).
//! A probe accepts an entry only when the two words agree, so an entry
//! torn by two threads writing at once reads as empty, never as another
//! position's result.

use std::sync::atomic::{AtomicU64, Ordering};

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

    /// The entry as one word (the key is kept apart).
    fn pack(&self) -> u64 {
        let bound = match self.bound {
            Bound::Exact => 0u64,
            Bound::Lower => 1,
            Bound::Upper => 2,
        };
        u64::from(self.score as u16)
            | u64::from(self.mv) << 16
            | u64::from(self.depth) << 24
            | bound << 32
            | u64::from(self.generation) << 40
    }

    fn unpack(key: u64, data: u64) -> Entry {
        Entry {
            key,
            score: data as u16 as i16,
            mv: (data >> 16) as u8,
            depth: (data >> 24) as u8,
            bound: match (data >> 32) & 3 {
                1 => Bound::Lower,
                2 => Bound::Upper,
                _ => Bound::Exact,
            },
            generation: (data >> 40) as u8,
        }
    }
}

/// One entry's two words: the key XOR the data, and the data. All zero is
/// an empty slot (depth 0, which no stored entry has).
#[derive(Debug, Default)]
struct Slot {
    check: AtomicU64,
    data: AtomicU64,
}

impl Slot {
    #[inline]
    fn load(&self) -> Entry {
        let data = self.data.load(Ordering::Relaxed);
        let check = self.check.load(Ordering::Relaxed);
        Entry::unpack(check ^ data, data)
    }

    #[inline]
    fn save(&self, e: &Entry) {
        let data = e.pack();
        self.data.store(data, Ordering::Relaxed);
        self.check.store(e.key ^ data, Ordering::Relaxed);
    }

    fn reset(&mut self) {
        *self.check.get_mut() = 0;
        *self.data.get_mut() = 0;
    }
}

#[derive(Debug, Default)]
#[repr(align(64))]
struct Bucket([Slot; WAYS]);

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
            buckets: (0..len).map(|_| Bucket::default()).collect(),
            generation: 0,
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        for slot in self.buckets.iter_mut().flat_map(|b| b.0.iter_mut()) {
            slot.reset();
        }
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
        // Compare keys before unpacking: most slots hold other positions.
        b.0.iter().find_map(|slot| {
            let data = slot.data.load(Ordering::Relaxed);
            let check = slot.check.load(Ordering::Relaxed);
            let e = (check ^ data == key).then(|| Entry::unpack(key, data))?;
            (e.depth > 0).then_some(e)
        })
    }

    /// Stores a result for `key`, found `ply` turns below the root at
    /// `depth` (at least 1); `mv` is the best move's index.
    pub fn store(&self, key: u64, mv: Option<usize>, score: i32, depth: i32, bound: Bound, ply: usize) {
        let generation = self.generation;
        let Some(b) = self.buckets.get(self.index(key)) else {
            return;
        };
        let worth = |e: &Entry| {
            if e.key == key {
                i32::MIN
            } else {
                i32::from(e.depth) - if e.generation == generation { 0 } else { 1000 }
            }
        };
        let Some((slot, old)) = b.0.iter().map(|s| (s, s.load())).min_by_key(|(_, e)| worth(e)) else {
            return;
        };
        let mv = match mv.and_then(|i| u8::try_from(i).ok()).filter(|&i| i != NO_MOVE) {
            Some(i) => i,
            None if old.key == key => old.mv,
            None => NO_MOVE,
        };
        slot.save(&Entry {
            key,
            score: to_tt(score, ply),
            mv,
            depth: depth.clamp(1, MAX_PLY as i32) as u8,
            bound,
            generation,
        });
    }

    /// How full the table is, in thousandths (from a sample).
    pub fn hashfull(&self) -> u32 {
        let sample = self.buckets.iter().take(250);
        let n = sample.len() * WAYS;
        let used = sample
            .flat_map(|b| b.0.iter().map(Slot::load))
            .filter(|e| e.generation == self.generation && e.depth > 0)
            .count();
        (used * 1000 / n.max(1)) as u32
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::panic)]
    use super::*;

    #[test]
    fn stores_and_finds_every_field() {
        let mut tt = TranspositionTable::new(1);
        tt.new_search();
        let cases = [
            (0x1234_5678_9abc_def0_u64, Some(3), -250, 7, Bound::Upper),
            (0x0fed_cba9_8765_4321, Some(200), WIN_BOUND + 5, 1, Bound::Lower),
            (0x1111_2222_3333_4444, None, -(WIN_BOUND + 9), 60, Bound::Exact),
        ];
        for (key, mv, score, depth, bound) in cases {
            tt.store(key, mv, score, depth, bound, 4);
            let e = tt.probe(key).unwrap_or_else(|| panic!("{key:x} not found"));
            assert_eq!(
                (e.move_index(), e.score(4), e.depth(), e.bound()),
                (mv, score, depth, bound)
            );
        }
        assert!(tt.probe(0x5555).is_none());
        tt.clear();
        assert!(cases.iter().all(|c| tt.probe(c.0).is_none()));
    }

    #[test]
    fn an_entry_torn_by_two_writers_reads_as_empty() {
        let tt = TranspositionTable::new(1);
        let (a, b) = (0xaaaa_0000_0000_0001_u64, 0xbbbb_0000_0000_0002_u64);
        tt.store(a, Some(1), 10, 5, Bound::Exact, 0);
        let slot = tt.buckets[tt.index(a)].0.iter().find(|s| s.load().key == a);
        let Some(slot) = slot else {
            panic!("the entry of a is stored");
        };
        // Another thread wrote b's data but not yet its check word.
        let other = Entry {
            key: b,
            ..slot.load()
        };
        slot.data
            .store(Entry { depth: 9, ..other }.pack(), Ordering::Relaxed);
        assert!(tt.probe(a).is_none());
        assert!(tt.probe(b).is_none());
    }
}
