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

use std::sync::atomic::{AtomicU32, Ordering::Relaxed};

use morris_core::{Bitboard, Blocked, ByColor, Color, FlyAt, Move, Position, Removal, Rules};

use crate::error::SolveError;
use crate::index::Class;
use crate::progress::{Progress, Stage};
use crate::space::Space;
use crate::value::{Value, DRAW, MAX_DISTANCE};

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

/// The state of the positions of a class while it is solved, one word
/// each, so that the passes after the first can run on several threads
/// and a predecessor costs one random cache line, not two:
/// - decided ([`DECIDED`] set): the entry's code in bits 0–15 (a draw
///   only for a game over drawn; `ALIAS` for an entry that repeats a
///   smaller one). An entry is decided once, by the thread whose
///   compare-and-swap sets the flag, and passed on once.
/// - not decided: the longest known loss among the moves (bits 0–15),
///   the in-class successors (up to symmetry) not yet known to lose
///   (bits 16–23) and whether a move that does not lose is known
///   (bit 24), changed together.
struct Slots {
    words: Vec<AtomicU32>,
}

const LEFT_SHIFT: u32 = 16;
const ESCAPE: u32 = 1 << 24;
const DECIDED: u32 = 1 << 31;

#[inline]
fn counts(longest: u16, left: u8, escape: bool) -> u32 {
    u32::from(longest) | u32::from(left) << LEFT_SHIFT | if escape { ESCAPE } else { 0 }
}

/// The word of an entry decided with this code.
#[inline]
fn decided(code: u16) -> u32 {
    DECIDED | u32::from(code)
}

/// The code of a decided entry's word, `None` for one not decided.
#[inline]
fn code_of(word: u32) -> Option<u16> {
    (word & DECIDED != 0).then_some((word & 0xFFFF) as u16)
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
            words: (0..n).map(|_| AtomicU32::new(0)).collect(),
        }
    }

    fn len(&self) -> usize {
        self.words.len()
    }
}

/// An entry the solver skips: it stands for the same positions as a
/// smaller entry, whose value it takes at the end.
const ALIAS: u16 = u16::MAX - 1;

/// Per distance, the entries found won (`[0]`) and lost (`[1]`) at it.
type Buckets = Vec<[Vec<u32>; 2]>;

/// What the first pass lists for the passes: the entries it decided
/// (ends of the game, losses with every move known), and the wins through
/// a removal, which a pass may still find quicker and which are decided
/// only when their distance comes (as `[0]` of their distance).
#[derive(Default)]
struct FirstLists {
    decided: Buckets,
    pending: Buckets,
}

impl FirstLists {
    /// Adds the entries of `part` after the ones here.
    fn merge(&mut self, part: FirstLists) {
        merge_buckets(&mut self.decided, part.decided);
        merge_buckets(&mut self.pending, part.pending);
    }
}

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

/// One list of entries of one distance and side, as the passes take it.
#[derive(Clone, Copy)]
struct Pass {
    dist: u16,
    win: bool,
    /// Whether the entries still have to be decided (the first pass's
    /// wins through a removal, which a pass may have found quicker).
    claim: bool,
}

/// Decides the entry of `word`, last seen as `now`, with `code` unless
/// it is decided already; whether it did.
#[inline]
fn decide(word: &AtomicU32, mut now: u32, code: u16) -> bool {
    while now & DECIDED == 0 {
        match word.compare_exchange_weak(now, decided(code), Relaxed, Relaxed) {
            Ok(_) => return true,
            Err(seen) => now = seen,
        }
    }
    false
}

/// Takes one from the moves not yet known to lose of the entry of `word`
/// (last seen as `now`), unless it is decided, for a move to a win in
/// `dist` plies; if none is left and no escape is known, the entry is
/// lost, and decided so here: returns the distance it loses at.
#[inline]
fn lose_one(word: &AtomicU32, mut now: u32, dist: u16) -> Option<u16> {
    while now & DECIDED == 0 {
        let left = left_of(now).saturating_sub(1);
        let longest = longest_of(now).max(dist);
        let escape = now & ESCAPE != 0;
        let lost = (left == 0 && !escape).then(|| longest.saturating_add(1));
        let new = match lost {
            Some(at) => decided(Value::Loss(at).encode()),
            None => counts(longest, left, escape),
        };
        match word.compare_exchange_weak(now, new, Relaxed, Relaxed) {
            Ok(_) => return lost,
            Err(seen) => now = seen,
        }
    }
    None
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
        // One word per entry, so that a predecessor costs one cache miss.
        let mut slots = Slots::new(n);
        self.progress.begin(self.class, Stage::Moves, len);
        let FirstLists {
            decided: mut buckets,
            mut pending,
        } = self.first_pass_parallel(space, &mut slots, threads)?;
        self.progress.begin(self.class, Stage::Passes, len);
        let mut done = 0u64;
        // The entries in order of distance, the wins of a distance before
        // its losses; each passes its value on to its predecessors, which
        // may then be decided at a greater distance (never the same one),
        // so the entries of one distance and side can be taken in any
        // order, on several threads.
        let mut k = 0usize;
        while k < buckets.len().max(pending.len()) {
            let dist = u16::try_from(k)
                .ok()
                .filter(|&d| d <= MAX_DISTANCE)
                .ok_or(SolveError::TooLong)?;
            let lists = buckets.get_mut(k).map(std::mem::take).unwrap_or_default();
            let wins = pending
                .get_mut(k)
                .map(|p| std::mem::take(&mut p[0]))
                .unwrap_or_default();
            if !wins.is_empty() || lists.iter().any(|l| !l.is_empty()) {
                self.progress.distance(dist);
            }
            let [won, lost] = lists;
            let passes = [(wins, true, true), (won, true, false), (lost, false, false)];
            for (list, win, claim) in passes {
                let parts =
                    self.pass_on_parallel(space, &slots, &list, Pass { dist, win, claim }, threads)?;
                for (part, count) in parts {
                    done += count;
                    merge_buckets(&mut buckets, part);
                }
            }
            k += 1;
        }
        // The draws and the aliases, never decided, are settled now.
        if len > done {
            self.progress.advance(len - done);
        }
        let mut values: Vec<u16> = slots
            .words
            .into_iter()
            .map(|w| code_of(w.into_inner()).unwrap_or(DRAW))
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
        pass: Pass,
        threads: usize,
    ) -> Result<Vec<(Buckets, u64)>, SolveError> {
        let chunk = list.len().div_ceil(threads.max(1)).max(MIN_PASS_CHUNK);
        if threads <= 1 || list.len() <= chunk {
            return Ok(vec![self.pass_on(space, slots, list, pass)]);
        }
        std::thread::scope(|scope| {
            let handles: Vec<_> = list
                .chunks(chunk)
                .map(|part| scope.spawn(move || self.pass_on(space, slots, part, pass)))
                .collect();
            handles
                .into_iter()
                .map(|h| h.join().map_err(|_| SolveError::Worker))
                .collect()
        })
    }

    /// Passes on the entries of `list`, won or lost in `pass.dist` plies
    /// (decided already, or claimed here if `pass.claim` and not decided
    /// yet): a lost entry makes its predecessors win a ply later; a won
    /// one takes one from their moves not yet known to lose, and a
    /// predecessor left with none and no escape loses, as late as its
    /// longest loss allows. Each predecessor is decided when it is found,
    /// so that it is listed once. Returns the entries so decided, by
    /// distance, and how many of `list` it passed on (also told to the
    /// progress).
    fn pass_on(&self, space: &impl Space, slots: &Slots, list: &[u32], pass: Pass) -> (Buckets, u64) {
        let Pass { dist, win, claim } = pass;
        let mut found: Buckets = Vec::new();
        let mut done = 0u64;
        let mut before = Vec::with_capacity(128);
        let mut seen = Vec::with_capacity(128);
        let code = if win { Value::Win(dist) } else { Value::Loss(dist) }.encode();
        let won_before = Value::Win(dist + 1).encode();
        for &i in list {
            let i = i as usize;
            // Decided at a smaller distance already.
            if claim && !decide(&slots.words[i], slots.words[i].load(Relaxed), code) {
                continue;
            }
            done += 1;
            let (light, dark, turn) = space.unrank(i as u64);
            before.clear();
            self.unmoves(space, light, dark, turn, &mut before);
            before.sort_unstable();
            before.dedup();
            // Every predecessor's word read first, and the decided ones
            // dropped: plain reads of random cache lines overlap, where
            // each compare-and-swap waits for the one before it.
            seen.clear();
            seen.extend(before.iter().map(|&p| (p, slots.words[p as usize].load(Relaxed))));
            seen.retain(|&(_, w)| w & DECIDED == 0);
            for &(p, now) in &seen {
                let word = &slots.words[p as usize];
                if win {
                    if let Some(lost) = lose_one(word, now, dist) {
                        push_bucket(&mut found, lost, p as usize, false);
                    }
                } else if decide(word, now, won_before) {
                    push_bucket(&mut found, dist + 1, p as usize, true);
                }
            }
        }
        if done > 0 {
            self.progress.advance(done);
        }
        // In order of index, so that the entries passed on one after the
        // other share most of their predecessors' cache lines (those of a
        // move back of dark, which keeps the light set and so the block
        // of entries).
        for list in found.iter_mut().flatten() {
            list.sort_unstable();
        }
        (found, done)
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
    ) -> Result<FirstLists, SolveError> {
        let len = slots.len();
        let chunk = len.div_ceil(threads.max(1) * CHUNKS_PER_THREAD).max(MIN_CHUNK);
        if threads == 1 || len <= chunk {
            // In chunks too, to tell the progress as it goes: the buckets
            // joined in chunk order are those of one pass over them all.
            let mut lists = FirstLists::default();
            for (k, words) in slots.words.chunks_mut(chunk).enumerate() {
                lists.merge(self.first_pass(space, words, k * chunk)?);
            }
            return Ok(lists);
        }
        let queue = std::sync::Mutex::new(slots.words.chunks_mut(chunk).enumerate());
        let mut parts: Vec<(usize, Result<FirstLists, SolveError>)> = std::thread::scope(|scope| {
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
                            let Some((k, words)) = next else {
                                break;
                            };
                            done.push((k, self.first_pass(space, words, k * chunk)));
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
        let mut lists = FirstLists::default();
        for (_, part) in parts {
            lists.merge(part?);
        }
        Ok(lists)
    }

    /// The first pass over the entries from `start` on (`words` are
    /// theirs). An end of the game and a loss with every move known are
    /// decided here: no pass can find them quicker.
    fn first_pass(
        &self,
        space: &impl Space,
        words: &mut [AtomicU32],
        start: usize,
    ) -> Result<FirstLists, SolveError> {
        let mut lists = FirstLists::default();
        let mut moves = Vec::with_capacity(64);
        let mut next = Vec::with_capacity(64);
        for (k, word) in words.iter_mut().enumerate() {
            let i = start + k;
            *word.get_mut() = match self.first_look(space, i as u64, &mut moves, &mut next)? {
                Found::Alias => decided(ALIAS),
                Found::Over(v) => {
                    if v != Value::Draw {
                        push_bucket(&mut lists.decided, 0, i, matches!(v, Value::Win(_)));
                    }
                    decided(v.encode())
                }
                Found::Moves {
                    counts,
                    decided: None,
                } => counts,
                Found::Moves {
                    counts,
                    decided: Some((dist, true)),
                } => {
                    push_bucket(&mut lists.pending, dist, i, true);
                    counts
                }
                Found::Moves {
                    decided: Some((dist, false)),
                    ..
                } => {
                    push_bucket(&mut lists.decided, dist, i, false);
                    decided(Value::Loss(dist).encode())
                }
            };
        }
        if !words.is_empty() {
            self.progress.advance(words.len() as u64);
        }
        Ok(lists)
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
