//! Indexing cut by the board's symmetries: the tables' index.
//!
//! Positions that a symmetry of the board maps onto each other have the
//! same value, so a table needs one entry per class of symmetric
//! positions. The light pieces are brought to a canonical set (the image
//! with the smallest bits under every symmetry, numbered densely among the
//! canonical sets); the dark pieces, moved by the same symmetry, are ranked
//! among the points the canonical light set leaves free. On the mill board
//! this gives about a sixteenth of the positions.
//!
//! Referee's decisions:
//! - Only the light set is made canonical. Where a symmetry keeps the
//!   canonical light set in place (its stabiliser is more than the
//!   identity), several entries stand for symmetric positions; they are
//!   kept, and hold the same value. Those are few (a light set with a
//!   symmetry of its own is rare from three pieces up) and keeping them
//!   makes a lookup one symmetry and two ranks, without a search.
//! - Among the entries of symmetric positions, the solver works on one
//!   (the smallest index: [`SymIndexer::canonical`]) and copies its value to
//!   the others ("aliases") at the end.
//! - The canonical sets of each light count are built once per board and
//!   shared by every table of that board and count (a lookup table of
//!   C(points, light) entries: 1.4 MB for seven light pieces on the mill
//!   board).

use std::collections::HashMap;
use std::sync::{Arc, Mutex, OnceLock};

use morris_core::{Bitboard, BoardKind, Color, Position, Rules};

use super::index::{binomial, compress, rank_set, split_turn, Class, Indexer, Numbering};
use super::Symmetries;

/// The canonical light sets of one board and piece count.
#[derive(Debug)]
struct LightSets {
    syms: Symmetries,
    /// Per rank of a light set: the id of its canonical set times 32 plus
    /// the symmetry that maps it there.
    by_rank: Vec<u32>,
    /// The canonical sets, by id.
    sets: Vec<u32>,
    /// Per canonical id: the symmetries that keep the set in place, one
    /// bit each, the identity (bit 0) included.
    stabiliser: Vec<u32>,
}

/// A symmetry number fits five bits; boards with more symmetries use the
/// identity alone (a group too, so the tables stay right, only larger).
const MAX_SYMS: usize = 32;

impl LightSets {
    /// The canonical sets of `light` points, found orbit by orbit: the
    /// sets are visited in rank order (the rank is colex, which is the
    /// order of their bits as numbers), so a set no earlier orbit reached
    /// is the smallest of its own; its images are numbered with it at once,
    /// each with the smallest symmetry that takes it back. The same tables
    /// as [`LightSets::build_by_search`] (a test compares them), in about a
    /// sixth of the time: one image a set instead of two searches through
    /// every symmetry (0.5 s for nine light pieces in a browser's worker,
    /// before a first probe of 9v9 could be answered).
    fn build(board: BoardKind, light: u32) -> LightSets {
        let geo = board.geometry();
        let mut syms = Symmetries::of(geo);
        if syms.len() > MAX_SYMS {
            syms = Symmetries::identity_only();
        }
        let inverse = inverses(&syms, geo.len());
        let n = geo.len() as u32;
        let count = binomial(n, light) as usize;
        let mut by_rank = vec![u32::MAX; count];
        let mut sets = Vec::new();
        let mut stabiliser = Vec::new();
        let mut set = if light == 0 { 0 } else { u32::MAX >> (32 - light) };
        let mut images = [0u32; MAX_SYMS];
        for r in 0..count {
            if by_rank[r] == u32::MAX {
                let id = sets.len() as u32;
                let mut stab = 0u32;
                for (k, image) in images.iter_mut().enumerate().take(syms.len()) {
                    *image = syms.map(k, Bitboard(set)).0;
                    if *image == set {
                        stab |= 1 << k;
                    }
                }
                for (j, &image) in images.iter().enumerate().take(syms.len()) {
                    let slot = &mut by_rank[rank_set(image) as usize];
                    if *slot != u32::MAX {
                        continue;
                    }
                    // The smallest symmetry taking the image back: the
                    // inverse of `j` alone, unless a symmetry keeps the
                    // set (rare: then one of several, searched).
                    let back = if stab == 1 {
                        inverse[j]
                    } else {
                        (0..syms.len())
                            .find(|&k| syms.map(k, Bitboard(image)).0 == set)
                            .unwrap_or(0)
                    };
                    *slot = id << 5 | back as u32;
                }
                sets.push(set);
                stabiliser.push(stab);
            }
            if r + 1 < count {
                set = next_set(set);
            }
        }
        LightSets {
            syms,
            by_rank,
            sets,
            stabiliser,
        }
    }

    /// [`LightSets::build`] as the definition says it: each set's smallest
    /// image under every symmetry, the first symmetry that gives it.
    #[cfg(test)]
    fn build_by_search(board: BoardKind, light: u32) -> LightSets {
        let geo = board.geometry();
        let mut syms = Symmetries::of(geo);
        if syms.len() > MAX_SYMS {
            syms = Symmetries::identity_only();
        }
        let n = geo.len() as u32;
        let count = binomial(n, light) as usize;
        let image_min = |set: u32| -> (u32, u32) {
            let mut best = (set, 0u32);
            for k in 1..syms.len() {
                let m = syms.map(k, Bitboard(set)).0;
                if m < best.0 {
                    best = (m, k as u32);
                }
            }
            best
        };
        // First the canonical sets, numbered in rank order.
        let mut by_rank = vec![u32::MAX; count];
        let mut sets = Vec::new();
        let mut stabiliser = Vec::new();
        for (r, slot) in by_rank.iter_mut().enumerate() {
            let set = super::index::unrank_set(r as u64, light, n);
            if image_min(set).0 == set {
                *slot = (sets.len() as u32) << 5;
                let mut stab = 0u32;
                for k in 0..syms.len() {
                    if syms.map(k, Bitboard(set)).0 == set {
                        stab |= 1 << k;
                    }
                }
                sets.push(set);
                stabiliser.push(stab);
            }
        }
        // Then every other set points to its canonical one.
        for r in 0..count {
            if by_rank[r] != u32::MAX {
                continue;
            }
            let set = super::index::unrank_set(r as u64, light, n);
            let (canon, k) = image_min(set);
            let id = by_rank[rank_set(canon) as usize] >> 5;
            by_rank[r] = id << 5 | k;
        }
        LightSets {
            syms,
            by_rank,
            sets,
            stabiliser,
        }
    }

    /// The shared canonical sets of a board and light count.
    fn shared(board: BoardKind, light: u32) -> Arc<LightSets> {
        type Cache = Mutex<HashMap<(BoardKind, u32), Arc<LightSets>>>;
        static CACHE: OnceLock<Cache> = OnceLock::new();
        let cache = CACHE.get_or_init(|| Mutex::new(HashMap::new()));
        // A poisoned cache only means another thread panicked while
        // building; build afresh then.
        match cache.lock() {
            Ok(mut map) => map
                .entry((board, light))
                .or_insert_with(|| Arc::new(LightSets::build(board, light)))
                .clone(),
            Err(_) => Arc::new(LightSets::build(board, light)),
        }
    }

    /// Whether only the identity keeps `set` (a set of this count) in place.
    #[inline]
    fn asymmetric(&self, set: Bitboard) -> bool {
        let id = self.by_rank[rank_set(set.0) as usize] >> 5;
        self.stabiliser[id as usize] == 1
    }
}

/// The set after `set` among those of as many points, in the order of
/// their bits as numbers (Gosper's step); `set` is not empty and not the
/// last of its size below 2^31.
#[inline]
fn next_set(set: u32) -> u32 {
    let low = set & set.wrapping_neg();
    let up = set + low;
    (((up ^ set) >> 2) / low) | up
}

/// `inverse[j]`: the symmetry that undoes symmetry `j` (on a board of
/// `points` points).
fn inverses(syms: &Symmetries, points: usize) -> Vec<usize> {
    let perm = |k: usize| &syms.permutation(k)[..points];
    (0..syms.len())
        .map(|j| {
            (0..syms.len())
                .find(|&i| {
                    perm(j)
                        .iter()
                        .enumerate()
                        .all(|(p, &q)| perm(i).get(usize::from(q)) == Some(&(p as u8)))
                })
                .unwrap_or(0)
        })
        .collect()
}

/// The light pieces of a position as [`SymIndexer::canonical`] sees
/// them: their canonical set, the symmetry that takes them there, and the
/// symmetries that keep that set in place.
#[derive(Clone, Copy, Debug)]
pub struct LightPart {
    id: u32,
    symmetry: usize,
    set: u32,
    stabiliser: u32,
}

/// Numbers the positions of one class up to the board's symmetries.
#[derive(Clone, Debug)]
pub struct SymIndexer {
    /// The numbering of every position, whose ranks of dark sets this one shares.
    full: Indexer,
    light: Arc<LightSets>,
    /// The canonical sets of the dark count, for their stabilisers; the
    /// solver alone asks for them, so they are built when it first does.
    dark: OnceLock<Arc<LightSets>>,
    /// Placements of the dark pieces among the points light leaves free.
    dark_sets: u64,
    /// Those placements by rank, for [`Numbering::unrank`]: built when
    /// first asked for (at most 19,448 sets, for seven of seventeen points
    /// on the mill board), a table read instead of a search through the
    /// binomials for each decided entry of the passes back.
    free_sets: OnceLock<Arc<[u32]>>,
    /// Entries with one side to move.
    per_turn: u64,
}

impl SymIndexer {
    /// The indexer of `class`, or `None` when the pieces do not fit the board.
    pub fn new(rules: Rules, class: Class) -> Option<SymIndexer> {
        let full = Indexer::new(rules, class)?;
        let light = LightSets::shared(rules.board, u32::from(class.light));
        let dark_sets = full.dark_sets();
        let per_turn = light.sets.len() as u64 * dark_sets;
        Some(SymIndexer {
            full,
            light,
            dark: OnceLock::new(),
            dark_sets,
            free_sets: OnceLock::new(),
            per_turn,
        })
    }

    pub fn rules(&self) -> &Rules {
        self.full.rules()
    }

    pub fn class(&self) -> Class {
        self.full.class()
    }

    /// The symmetries of the board the index is cut by.
    pub fn symmetries(&self) -> &Symmetries {
        &self.light.syms
    }

    /// How many positions the class has without the symmetries.
    pub fn positions(&self) -> u64 {
        self.full.len()
    }

    #[inline]
    fn entry(&self, id: u32, light_set: u32, dark: u32, turn: Color) -> u64 {
        turn.index() as u64 * self.per_turn
            + u64::from(id) * self.dark_sets
            + rank_set(compress(dark, light_set))
    }

    /// The smallest entry of the positions symmetric to this one: the same
    /// for all of them.
    #[inline]
    pub fn canonical(&self, light: Bitboard, dark: Bitboard, turn: Color) -> u64 {
        self.canonical_beside(&self.light_part(light), dark, turn)
    }

    /// What [`SymIndexer::canonical`] reads of the light pieces alone,
    /// read once for the many positions a solver meets with the same
    /// light pieces (every move or move back of the dark ones).
    #[inline]
    pub fn light_part(&self, light: Bitboard) -> LightPart {
        let e = self.light.by_rank[rank_set(light.0) as usize];
        let id = e >> 5;
        LightPart {
            id,
            symmetry: (e & 31) as usize,
            set: self.light.sets[id as usize],
            stabiliser: self.light.stabiliser[id as usize],
        }
    }

    /// [`SymIndexer::canonical`] of the dark pieces `dark` beside the
    /// light ones of `light`.
    #[inline]
    pub fn canonical_beside(&self, light: &LightPart, dark: Bitboard, turn: Color) -> u64 {
        let dark = self.light.syms.map(light.symmetry, dark);
        let mut best = self.entry(light.id, light.set, dark.0, turn);
        let mut stab = light.stabiliser & !1;
        while stab != 0 {
            let s = stab.trailing_zeros() as usize;
            best = best.min(self.entry(light.id, light.set, self.light.syms.map(s, dark).0, turn));
            stab &= stab - 1;
        }
        best
    }

    /// How many positions of the class the entry stands for: the size of
    /// its class of symmetric positions, or 0 for an entry that repeats a
    /// smaller one.
    pub fn weight(&self, index: u64) -> u64 {
        if index >= self.len() {
            return 0;
        }
        // Most light sets only the identity keeps in place: then the entry
        // is the one entry of its positions, which are every symmetry's
        // image (16 on the mill board). Only the rest need their images.
        if self.light_alone(index) {
            return self.light.syms.len() as u64;
        }
        let (light, dark, turn) = self.unrank(index);
        if self.canonical(light, dark, turn) != index {
            return 0;
        }
        let id = (self.light.by_rank[rank_set(light.0) as usize] >> 5) as usize;
        let mut stab = self.light.stabiliser[id];
        let mut fixing = 0u64;
        while stab != 0 {
            let s = stab.trailing_zeros() as usize;
            fixing += u64::from(self.light.syms.map(s, dark) == dark);
            stab &= stab - 1;
        }
        self.light.syms.len() as u64 / fixing.max(1)
    }

    /// How many entries each canonical light set has with one side to
    /// move: the entries run light set by light set in blocks of this many.
    pub(crate) fn dark_sets(&self) -> u64 {
        self.dark_sets
    }

    /// Whether only the identity keeps the light set of entry `index` in
    /// place. Then the entry is the one entry of its positions (no other
    /// stands for an image of them), and dark's moves from it reach
    /// positions no symmetry maps onto each other, each its own entry.
    #[inline]
    pub(crate) fn light_alone(&self, index: u64) -> bool {
        let id = (index % self.per_turn.max(1) / self.dark_sets.max(1)) as usize;
        self.light.stabiliser.get(id) == Some(&1)
    }

    /// Whether only the identity keeps the dark pieces `dark` in place:
    /// then light's moves beside them reach positions no symmetry maps
    /// onto each other, each its own entry.
    #[inline]
    pub(crate) fn dark_alone(&self, dark: Bitboard) -> bool {
        let sets = self
            .dark
            .get_or_init(|| LightSets::shared(self.full.rules().board, u32::from(self.class().dark)));
        sets.asymmetric(dark)
    }

    pub(crate) fn make(&self, light: Bitboard, dark: Bitboard, turn: Color) -> Position {
        self.full.make(light, dark, turn)
    }
}

impl Numbering for SymIndexer {
    fn every(&self) -> &Indexer {
        &self.full
    }

    /// How many entries the table of the class has (both sides to move).
    fn len(&self) -> u64 {
        2 * self.per_turn
    }

    /// The entry of some position symmetric to this one (the same for every
    /// position with the same pieces); the pieces must fit the class.
    #[inline]
    fn rank(&self, light: Bitboard, dark: Bitboard, turn: Color) -> u64 {
        let e = self.light.by_rank[rank_set(light.0) as usize];
        let (id, k) = (e >> 5, (e & 31) as usize);
        let set = self.light.sets[id as usize];
        self.entry(id, set, self.light.syms.map(k, dark).0, turn)
    }

    /// The pieces and side to move of an entry below [`Numbering::len`]:
    /// the light pieces are a canonical set.
    #[inline]
    fn unrank(&self, index: u64) -> (Bitboard, Bitboard, Color) {
        let (turn, rest) = split_turn(index, self.per_turn);
        let id = (rest / self.dark_sets.max(1)) as usize;
        let light = self.light.sets.get(id).copied().unwrap_or(0);
        let rank = rest % self.dark_sets.max(1);
        let sets = self
            .free_sets
            .get_or_init(|| (0..self.dark_sets).map(|r| self.full.free_set(r)).collect());
        let free = sets
            .get(rank as usize)
            .copied()
            .unwrap_or_else(|| self.full.free_set(rank));
        (Bitboard(light), self.full.dark_among(free, light), turn)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every board's canonical sets, orbit by orbit, equal those of the
    /// definition (each set's smallest image, the first symmetry giving
    /// it): the tables' entries depend on both.
    #[test]
    fn canonical_sets_built_by_orbits_equal_the_definition() {
        for board in BoardKind::EVERY {
            let points = board.geometry().len() as u32;
            let most = if board == BoardKind::Mill { 9 } else { 6 };
            for light in (0..=most.min(points)).chain([points]) {
                let fast = LightSets::build(board, light);
                let slow = LightSets::build_by_search(board, light);
                assert_eq!(fast.sets, slow.sets, "{board:?} {light}");
                assert_eq!(fast.stabiliser, slow.stabiliser, "{board:?} {light}");
                assert!(fast.by_rank == slow.by_rank, "{board:?} {light}");
            }
        }
    }
}
