//! The retrograde solver of the moving and flying phases.
//!
//! A class with both hands empty is solved by retrograde analysis: every
//! position's moves are generated once to count the ones that stay in the
//! class and to look up the ones that leave it (a removal leads to a smaller
//! class, solved first); then the decided positions are taken in order of
//! their distance to the end, and each tells its predecessors in the class
//! (found by taking a move back) that they win or that one more of their
//! moves loses. A position none of whose moves ever gets decided is a draw.
//! Taking positions in order of distance makes a win the quickest and a
//! loss the longest.
//!
//! In the numbering cut by the symmetries, a position counts its successors
//! as entries (two moves to symmetric positions are one), and a decided
//! entry tells each predecessor entry once (the positions a move back
//! leads to, each brought to its entry, duplicates dropped). Both sides
//! then count the same pairs: a move from P reaches the entry of C exactly
//! when a move back from C's stored position reaches a position of P's
//! entry, since a symmetry carries one onto the other.

use std::sync::atomic::{AtomicU16, AtomicU32, Ordering::Relaxed};

use morris_core::{Bitboard, Blocked, ByColor, Color, FlyAt, Move, Position, Removal, Rules};

use crate::error::SolveError;
use crate::index::Class;
use crate::progress::{Progress, Stage};
use crate::space::Space;
use crate::value::{Value, DRAW, MAX_DISTANCE, UNKNOWN};

/// What the retrograde passes read of the classes solved before: the
/// value of a position a removal leads to.
pub(crate) trait Solved: Sync {
    fn probe(&self, pos: &Position) -> Option<Value>;
    /// The value of the position of these pieces, both hands empty, with
    /// `turn` to move, which must not be over by material (a blocked side
    /// is in its table): [`Solved::probe`] without a position.
    fn probe_pieces(&self, light: Bitboard, dark: Bitboard, turn: Color) -> Option<Value>;
}

/// Whether the rules make the position after a removal the pieces alone,
/// with the other side to move, over only when it is left with fewer than
/// three pieces (a loss for it) or has no move (a loss its table holds):
/// the rules the first pass reads a removal's value under without playing
/// it ([`Solved::probe_pieces`]). The others (a mill that wins, misère, a
/// blocked side that removes or passes or draws, captures without a mill)
/// play the removal and probe the position.
fn plain_captures(rules: &Rules) -> bool {
    !rules.mill_wins
        && !rules.misere
        && rules.blocked == Blocked::Loses
        && !rules.custodian
        && !rules.intervention
}

/// The pieces of `own` after `m` moves one of them (or places one).
#[inline]
fn moved(own: Bitboard, m: Move) -> Bitboard {
    match m.from() {
        Some(from) => own.without(from).with(m.to()),
        None => own.with(m.to()),
    }
}

/// What the first pass finds of one entry.
enum Found {
    /// It repeats a smaller entry.
    Alias,
    /// The game is over there.
    Over(Value),
    /// Its counts, and the distance it is decided at (won, or lost),
    /// if it is: won through a removal, or lost with every move known.
    Moves {
        counts: u32,
        decided: Option<(u16, bool)>,
    },
}

/// The state of the positions of a class while it is solved, one entry
/// each in two arrays of atomics, so that the passes after the first can
/// run on several threads:
/// - `values`: the encoded value, `UNKNOWN` until decided, `ALIAS` for an
///   entry that repeats a smaller one. A thread that decides an entry
///   claims it (from `UNKNOWN`), so each is decided and passed on once.
/// - `counts`: the longest known loss among the moves (bits 0–15), the
///   in-class successors (up to symmetry) not yet known to lose (bits
///   16–23) and whether a move that does not lose is known (bit 24),
///   changed together.
struct Slots {
    values: Vec<AtomicU16>,
    counts: Vec<AtomicU32>,
}

const LEFT_SHIFT: u32 = 16;
const ESCAPE: u32 = 1 << 24;

#[inline]
fn counts(longest: u16, left: u8, escape: bool) -> u32 {
    u32::from(longest) | u32::from(left) << LEFT_SHIFT | if escape { ESCAPE } else { 0 }
}

#[inline]
fn longest_of(c: u32) -> u16 {
    (c & 0xFFFF) as u16
}

#[inline]
fn left_of(c: u32) -> u8 {
    ((c >> LEFT_SHIFT) & 0xFF) as u8
}

impl Slots {
    fn new(n: usize) -> Slots {
        Slots {
            values: (0..n).map(|_| AtomicU16::new(UNKNOWN)).collect(),
            counts: (0..n).map(|_| AtomicU32::new(0)).collect(),
        }
    }

    fn len(&self) -> usize {
        self.values.len()
    }
}

/// An entry the solver skips: it stands for the same positions as a
/// smaller entry, whose value it takes at the end.
const ALIAS: u16 = u16::MAX - 1;

/// Per distance, the entries found won (`[0]`) and lost (`[1]`) at it.
type Buckets = Vec<[Vec<u32>; 2]>;

/// The fewest entries a chunk of the first pass holds.
pub(crate) const MIN_CHUNK: usize = 1 << 12;

/// How many chunks of the first pass there are for each thread.
const CHUNKS_PER_THREAD: usize = 32;

/// The fewest decided entries of one distance a thread passes on (small,
/// in the unit tests, so that Six's classes split too).
#[cfg(not(test))]
const MIN_PASS_CHUNK: usize = 1 << 12;
#[cfg(test)]
const MIN_PASS_CHUNK: usize = 16;

/// Adds the entries of `part` to `buckets`, after the ones there.
fn merge_buckets(buckets: &mut Buckets, part: Buckets) {
    if buckets.len() < part.len() {
        buckets.resize_with(part.len(), Default::default);
    }
    for (into, from) in buckets.iter_mut().zip(part) {
        for (side, list) in into.iter_mut().zip(from) {
            side.extend(list);
        }
    }
}

fn push_bucket(buckets: &mut Buckets, dist: u16, i: usize, win: bool) {
    let d = dist as usize;
    if buckets.len() <= d {
        buckets.resize_with(d + 1, Default::default);
    }
    buckets[d][usize::from(!win)].push(i as u32);
}

/// The solve of one class under `rules`, reading the classes its removals
/// lead to from `solved`.
pub(crate) struct Retro<'a, S: Solved> {
    rules: &'a Rules,
    solved: &'a S,
    /// Told how far the solve is.
    progress: &'a dyn Progress,
    /// The class solved, as the progress names it.
    class: Class,
    /// Whether a removal's value is read from the pieces ([`plain_captures`]).
    plain_captures: bool,
}

impl<'a, S: Solved> Retro<'a, S> {
    pub(crate) fn new(rules: &'a Rules, solved: &'a S, progress: &'a dyn Progress, class: Class) -> Self {
        Retro {
            rules,
            solved,
            progress,
            class,
            plain_captures: plain_captures(rules),
        }
    }

    /// The codes of the entries of one class in the numbering `space`,
    /// solved on `threads` threads: the same on any number.
    pub(crate) fn build_on(
        &self,
        space: &(impl Space + Sync),
        threads: usize,
    ) -> Result<Vec<u16>, SolveError> {
        let len = space.len();
        let n = usize::try_from(len)
            .ok()
            .filter(|_| len < u32::MAX as u64)
            .ok_or(SolveError::TooLarge(len))?;
        // One entry per position in each array, so that a predecessor
        // costs a cache miss in each.
        let mut slots = Slots::new(n);
        self.progress.begin(self.class, Stage::Moves, len);
        let mut buckets = self.first_pass_parallel(space, &mut slots, threads)?;
        self.progress.begin(self.class, Stage::Passes, len);
        let mut decided = 0u64;
        // The decided entries in order of distance, the wins of a distance
        // before its losses; each passes its value on to its predecessors,
        // which may then be decided at a greater distance (never the same
        // one), so the entries of one distance and side can be taken in
        // any order, on several threads.
        let mut k = 0usize;
        while k < buckets.len() {
            let dist = u16::try_from(k)
                .ok()
                .filter(|&d| d <= MAX_DISTANCE)
                .ok_or(SolveError::TooLong)?;
            let lists = std::mem::take(&mut buckets[k]);
            if lists.iter().any(|l| !l.is_empty()) {
                self.progress.distance(dist);
            }
            for (side, list) in lists.into_iter().enumerate() {
                let win = side == 0;
                let parts = self.pass_on_parallel(space, &slots, &list, dist, win, threads)?;
                for (part, count) in parts {
                    decided += count;
                    merge_buckets(&mut buckets, part);
                }
            }
            k += 1;
        }
        // The draws and the aliases, never decided, are settled now.
        if len > decided {
            self.progress.advance(len - decided);
        }
        let mut values: Vec<u16> = slots
            .values
            .into_iter()
            .map(|v| match v.into_inner() {
                UNKNOWN => DRAW,
                v => v,
            })
            .collect();
        for i in 0..values.len() {
            if values[i] == ALIAS {
                let (light, dark, turn) = space.unrank(i as u64);
                let c = space.canonical(light, dark, turn) as usize;
                values[i] = values.get(c).copied().filter(|&v| v != ALIAS).unwrap_or(DRAW);
            }
        }
        Ok(values)
    }

    /// [`Retro::pass_on`] of `list` split over up to `threads` threads:
    /// the entries each thread found decided, in thread order, and how
    /// many of `list` each decided.
    fn pass_on_parallel(
        &self,
        space: &(impl Space + Sync),
        slots: &Slots,
        list: &[u32],
        dist: u16,
        win: bool,
        threads: usize,
    ) -> Result<Vec<(Buckets, u64)>, SolveError> {
        let chunk = list.len().div_ceil(threads.max(1)).max(MIN_PASS_CHUNK);
        if threads <= 1 || list.len() <= chunk {
            return Ok(vec![self.pass_on(space, slots, list, dist, win)]);
        }
        std::thread::scope(|scope| {
            let handles: Vec<_> = list
                .chunks(chunk)
                .map(|part| scope.spawn(move || self.pass_on(space, slots, part, dist, win)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().map_err(|_| SolveError::Worker))
                .collect()
        })
    }

    /// Decides the entries of `list` (won, or lost, in `dist` plies) that
    /// are not decided yet, and tells each one's predecessors: a lost entry
    /// makes them win a ply later; a won one takes one from their moves
    /// not yet known to lose, and a predecessor left with none and no
    /// escape loses, as late as its longest loss allows. Returns the
    /// entries so decided, by distance, and how many of `list` it decided
    /// (also told to the progress).
    fn pass_on(
        &self,
        space: &impl Space,
        slots: &Slots,
        list: &[u32],
        dist: u16,
        win: bool,
    ) -> (Buckets, u64) {
        let mut found: Buckets = Vec::new();
        let mut decided = 0u64;
        let mut before = Vec::with_capacity(128);
        let code = if win { Value::Win(dist) } else { Value::Loss(dist) }.encode();
        for &i in list {
            let i = i as usize;
            // Listed more than once, or at a smaller distance already.
            if slots.values[i]
                .compare_exchange(UNKNOWN, code, Relaxed, Relaxed)
                .is_err()
            {
                continue;
            }
            decided += 1;
            let (light, dark, turn) = space.unrank(i as u64);
            before.clear();
            self.unmoves(space, light, dark, turn, &mut before);
            before.sort_unstable();
            before.dedup();
            for &p in &before {
                let p = p as usize;
                if slots.values[p].load(Relaxed) != UNKNOWN {
                    continue;
                }
                if win {
                    let mut now = slots.counts[p].load(Relaxed);
                    loop {
                        let left = left_of(now).saturating_sub(1);
                        let longest = longest_of(now).max(dist);
                        let escape = now & ESCAPE != 0;
                        match slots.counts[p].compare_exchange_weak(
                            now,
                            counts(longest, left, escape),
                            Relaxed,
                            Relaxed,
                        ) {
                            Ok(_) => {
                                if left == 0 && !escape {
                                    push_bucket(&mut found, longest.saturating_add(1), p, false);
                                }
                                break;
                            }
                            Err(seen) => now = seen,
                        }
                    }
                } else {
                    // Pushed even if a slower win is pending: the
                    // quicker one is popped first.
                    slots.counts[p].fetch_or(ESCAPE, Relaxed);
                    push_bucket(&mut found, dist + 1, p, true);
                }
            }
        }
        if decided > 0 {
            self.progress.advance(decided);
        }
        (found, decided)
    }

    /// The first pass over a class: every entry's moves, the decided ones
    /// (ends of the game, quick wins through a removal) in their buckets
    /// and the others counted, on `threads` threads (the pass is most of a
    /// solve: 63 % of Nine's 6v4). The entries are cut into many more
    /// chunks than threads, and each thread takes the next chunk when it
    /// is done: the entries of one side to move can cost far more than
    /// the other's (a side of three that flies has dozens of moves), and
    /// one chunk per thread left one core idle for most of Nine's 7v3.
    /// The chunks' buckets are joined in chunk order, so the result is the
    /// same on any number of threads.
    fn first_pass_parallel(
        &self,
        space: &(impl Space + Sync),
        slots: &mut Slots,
        threads: usize,
    ) -> Result<Buckets, SolveError> {
        let len = slots.len();
        let chunk = len.div_ceil(threads.max(1) * CHUNKS_PER_THREAD).max(MIN_CHUNK);
        if threads == 1 || len <= chunk {
            // In chunks too, to tell the progress as it goes: the buckets
            // joined in chunk order are those of one pass over them all.
            let mut buckets: Buckets = Vec::new();
            let parts = slots.values.chunks_mut(chunk).zip(slots.counts.chunks_mut(chunk));
            for (k, (values, counts)) in parts.enumerate() {
                merge_buckets(&mut buckets, self.first_pass(space, values, counts, k * chunk)?);
            }
            return Ok(buckets);
        }
        let queue = std::sync::Mutex::new(
            slots
                .values
                .chunks_mut(chunk)
                .zip(slots.counts.chunks_mut(chunk))
                .enumerate(),
        );
        let mut parts: Vec<(usize, Result<Buckets, SolveError>)> = std::thread::scope(|scope| {
            let handles: Vec<_> = (0..threads)
                .map(|_| {
                    let queue = &queue;
                    scope.spawn(move || {
                        let mut done = Vec::new();
                        loop {
                            // A poisoned queue means another thread
                            // panicked; its chunk is then missing.
                            let next = match queue.lock() {
                                Ok(mut q) => q.next(),
                                Err(_) => None,
                            };
                            let Some((k, (values, counts))) = next else {
                                break;
                            };
                            done.push((k, self.first_pass(space, values, counts, k * chunk)));
                        }
                        done
                    })
                })
                .collect();
            handles
                .into_iter()
                .flat_map(|h| {
                    h.join()
                        .unwrap_or_else(|_| vec![(usize::MAX, Err(SolveError::Worker))])
                })
                .collect()
        });
        parts.sort_by_key(|(k, _)| *k);
        if parts.len() != len.div_ceil(chunk) {
            return Err(SolveError::Worker);
        }
        let mut buckets: Buckets = Vec::new();
        for (_, part) in parts {
            merge_buckets(&mut buckets, part?);
        }
        Ok(buckets)
    }

    /// The first pass over the entries from `start` on (`values` and
    /// `counts` are theirs).
    fn first_pass(
        &self,
        space: &impl Space,
        values: &mut [AtomicU16],
        counts_of: &mut [AtomicU32],
        start: usize,
    ) -> Result<Buckets, SolveError> {
        let mut buckets: Buckets = Vec::new();
        let mut moves = Vec::with_capacity(64);
        let mut next = Vec::with_capacity(64);
        for (k, (value, count)) in values.iter_mut().zip(counts_of.iter_mut()).enumerate() {
            let i = start + k;
            match self.first_look(space, i as u64, &mut moves, &mut next)? {
                Found::Alias => *value.get_mut() = ALIAS,
                Found::Over(Value::Draw) => *value.get_mut() = DRAW,
                Found::Over(v) => push_bucket(&mut buckets, 0, i, matches!(v, Value::Win(_))),
                Found::Moves { counts, decided } => {
                    if let Some((dist, win)) = decided {
                        push_bucket(&mut buckets, dist, i, win);
                    }
                    *count.get_mut() = counts;
                }
            }
        }
        if !values.is_empty() {
            self.progress.advance(values.len() as u64);
        }
        Ok(buckets)
    }

    /// The moves of entry `i` (`moves` and `next` are room to work in).
    fn first_look(
        &self,
        space: &impl Space,
        i: u64,
        moves: &mut Vec<Move>,
        next: &mut Vec<u64>,
    ) -> Result<Found, SolveError> {
        let (light, dark, turn) = space.unrank(i);
        if !space.is_canonical(i, light, dark, turn) {
            return Ok(Found::Alias);
        }
        let pos = space.make(light, dark, turn);
        moves.clear();
        pos.generate(moves);
        // A game that is not over always has a move.
        if let Some(o) = moves.is_empty().then(|| pos.terminal()).flatten() {
            return Ok(Found::Over(Value::of_outcome(o, turn)));
        }
        let mut quickest: Option<u16> = None;
        let (mut longest, mut escape) = (0u16, false);
        // The moves that stay in the class are counted where none of
        // them can reach a position symmetric to another's; else each is
        // brought to its entry, and moves to symmetric positions count
        // once, as a decided entry tells each predecessor entry once.
        let apart = space.moves_apart(i, dark, turn);
        let mut inside = 0usize;
        next.clear();
        // Dark's moves leave the light pieces as they are.
        let beside = (!apart && turn == Color::Dark).then(|| space.light_part(light));
        for &m in moves.iter() {
            if m.is_pass() || m.removals().is_empty() {
                inside += 1;
                if apart {
                    continue;
                }
                // A blocked player's pass (§7.4) leaves the pieces; a
                // slide or a flight that removes nothing stays in the
                // class: only its pieces matter, not the rest a played
                // position carries (its key, its counters).
                next.push(match (&beside, m.is_pass()) {
                    (_, true) => space.canonical(light, dark, !turn),
                    (Some(part), false) => space.canonical_beside(part, moved(dark, m), !turn),
                    (None, false) => space.canonical(moved(light, m), dark, !turn),
                });
                continue;
            }
            match self.capture(&pos, m)? {
                Value::Loss(j) => quickest = Some(quickest.map_or(j + 1, |q| q.min(j + 1))),
                Value::Draw => escape = true,
                Value::Win(j) => longest = longest.max(j),
            }
        }
        if !apart {
            next.sort_unstable();
            next.dedup();
            inside = next.len();
        }
        let left = u8::try_from(inside).map_err(|_| SolveError::TooManyMoves)?;
        let decided = if let Some(q) = quickest {
            escape = true;
            Some((q, true))
        } else if inside == 0 && !escape {
            Some((longest.saturating_add(1), false))
        } else {
            None
        };
        Ok(Found::Moves {
            counts: counts(longest, left, escape),
            decided,
        })
    }

    /// The value of the position a removal `m` from `pos` leads to, in a
    /// class solved before, for the side that moves next.
    fn capture(&self, pos: &Position, m: Move) -> Result<Value, SolveError> {
        let turn = pos.turn();
        if self.plain_captures {
            // Read from the pieces alone: no position is played, and the
            // table of the class already holds a blocked side's loss.
            let (light, dark) = (pos.pieces(Color::Light), pos.pieces(Color::Dark));
            let (light, dark) = match turn {
                Color::Light => (moved(light, m), dark.minus(m.removals())),
                Color::Dark => (light.minus(m.removals()), moved(dark, m)),
            };
            let victim = if turn == Color::Light { dark } else { light };
            if victim.count() < 3 {
                return Ok(Value::Loss(0));
            }
            let class = Class::moving(light.count() as u8, dark.count() as u8);
            return self
                .solved
                .probe_pieces(light, dark, !turn)
                .ok_or(SolveError::Missing(class));
        }
        let child = pos.play(m);
        let value = self
            .solved
            .probe(&child)
            .ok_or(SolveError::Missing(Class::of(&child)))?;
        // After a blocked player's removal he may move again (§7.4
        // "remove, then move"): his win there is a win here.
        Ok(if child.turn() == turn {
            value.flipped()
        } else {
            value
        })
    }

    /// The indices of the positions of the class from which a move that
    /// removes nothing (or a pass) leads to the given one.
    fn unmoves(&self, space: &impl Space, light: Bitboard, dark: Bitboard, turn: Color, out: &mut Vec<u32>) {
        let geo = self.rules.geometry();
        let mover = !turn;
        let pieces = ByColor::new(light, dark);
        let (own, other) = (pieces[mover], pieces[turn]);
        let empty = geo.all().minus(own | other);
        let flies = self.rules.flying
            && match self.rules.fly_at {
                FlyAt::Three => own.count() == 3,
                FlyAt::Four => own.count() <= 4,
                FlyAt::Always => true,
            };
        let removes = !self.rules.mill_wins && self.rules.removal != Removal::Never && other.any();
        // A move that may capture without a mill (§7.6) is taken back only
        // where the position before it has that move capturing nothing.
        let captures = self.rules.custodian || self.rules.intervention;
        if self.rules.blocked == Blocked::Pass && space.make(light, dark, mover).legal_moves() == [Move::PASS]
        {
            out.push(space.canonical(light, dark, mover) as u32);
        }
        // Dark's moves back leave the light pieces as they are.
        let beside = (mover == Color::Dark).then(|| space.light_part(light));
        for to in own {
            if removes && geo.closes_mill(own, to) {
                continue;
            }
            let origins = if flies { empty } else { geo.adjacent(to) & empty };
            for from in origins {
                let before = own.without(to).with(from);
                if captures && !self.plain_move(space, before, other, mover, Move::slide(from, to)) {
                    continue;
                }
                out.push(match &beside {
                    Some(part) => space.canonical_beside(part, before, mover),
                    None => space.canonical(before, other, mover),
                } as u32);
            }
        }
    }

    /// Whether `m`, removing nothing, is a legal turn of `mover` with
    /// the pieces `own` against `other`.
    fn plain_move(&self, space: &impl Space, own: Bitboard, other: Bitboard, mover: Color, m: Move) -> bool {
        let pieces = match mover {
            Color::Light => (own, other),
            Color::Dark => (other, own),
        };
        space.make(pieces.0, pieces.1, mover).is_legal(m)
    }
}
