//! The retrograde solver of the moving and flying phases, and the forward
//! solver of the placing phase on top of it.
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
//!
//! The placing phase never repeats a position, so it is solved forward,
//! with a memo, down to the tables of the classes where the hands are empty.
//! Symmetric positions share one memo entry.

use std::convert::Infallible;
use std::sync::atomic::{AtomicU16, AtomicU32, Ordering::Relaxed};

use rustc_hash::FxHashMap;
use thiserror::Error;

use crate::{Bitboard, ByColor, Color, Outcome, Position, Removal, Rules};

use super::file::FlatEntries;
use super::index::{position, Class, Indexer};
use super::reduced::{LightPart, SymIndexer};
use super::symmetry::PlacingKey;
use super::Symmetries;

/// The exact value of a position for the side to move, with the distance
/// to the end of the game in plies under perfect play (the winner takes
/// the quickest win, the loser the longest defence).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Win(u16),
    Draw,
    Loss(u16),
}

const DRAW: u16 = 0;
/// The code of an undecided position; never in a finished table.
pub(super) const UNKNOWN: u16 = u16::MAX;
/// The longest distance a table stores.
const MAX_DISTANCE: u16 = (u16::MAX - 5) / 2;

impl Value {
    /// The value of a finished game for the side to move.
    pub fn of_outcome(outcome: Outcome, turn: Color) -> Value {
        match outcome.winner {
            None => Value::Draw,
            Some(w) if w == turn => Value::Win(0),
            Some(_) => Value::Loss(0),
        }
    }

    /// The value for the side that made the move leading here.
    pub fn back(self) -> Value {
        match self {
            Value::Win(d) => Value::Loss(d.saturating_add(1)),
            Value::Draw => Value::Draw,
            Value::Loss(d) => Value::Win(d.saturating_add(1)),
        }
    }

    /// A number that orders values from the mover's point of view: a
    /// quicker win is better, a longer loss is better.
    pub fn score(self) -> i32 {
        match self {
            Value::Win(d) => 100_000 - d as i32,
            Value::Draw => 0,
            Value::Loss(d) => d as i32 - 100_000,
        }
    }

    /// The value of a position from the values of the positions its moves
    /// lead to; `None` when there are no moves.
    pub fn best_of(children: impl IntoIterator<Item = Value>) -> Option<Value> {
        children.into_iter().map(Value::back).max_by_key(|v| v.score())
    }

    /// The code a table stores: 0 a draw, odd a win, even a loss.
    pub(super) fn encode(self) -> u16 {
        match self {
            Value::Draw => DRAW,
            Value::Win(d) => 1 + 2 * d.min(MAX_DISTANCE),
            Value::Loss(d) => 2 + 2 * d.min(MAX_DISTANCE),
        }
    }

    pub(super) fn decode(code: u16) -> Value {
        match code {
            DRAW | UNKNOWN => Value::Draw,
            c if c % 2 == 1 => Value::Win((c - 1) / 2),
            c => Value::Loss((c - 2) / 2),
        }
    }
}

/// Why a class or a position cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    #[error("{light} light and {dark} dark pieces do not fit the board")]
    DoesNotFit { light: u8, dark: u8 },
    #[error("the class has {0} positions, more than a table indexes")]
    TooLarge(u64),
    #[error("a position has more moves than the solver counts")]
    TooManyMoves,
    #[error("a win or loss is longer than {MAX_DISTANCE} plies")]
    TooLong,
    #[error("the position is not played under the rules of this tablebase")]
    OtherRules,
    #[error("moving instead of placing makes the placing phase cyclic; it is not solved")]
    MoveInPlacing,
    #[error("the class {0:?} is needed but not solved")]
    Missing(Class),
    #[error("a thread of the solver stopped")]
    Worker,
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

/// Per distance, the entries found won (`[0]`) and lost (`[1]`) at it.
type Buckets = Vec<[Vec<u32>; 2]>;

/// The most threads the first pass of a solve uses.
#[cfg(not(target_arch = "wasm32"))]
const MAX_SOLVE_THREADS: usize = 16;

/// How many threads a solve (and the writing of its file) uses: the
/// machine's cores, at most [`MAX_SOLVE_THREADS`]; one in WebAssembly,
/// which has no threads.
pub(super) fn solve_threads() -> usize {
    #[cfg(not(target_arch = "wasm32"))]
    let threads = std::thread::available_parallelism()
        .map_or(1, |n| n.get())
        .min(MAX_SOLVE_THREADS);
    #[cfg(target_arch = "wasm32")]
    let threads = 1;
    threads
}

/// The fewest entries a chunk of the first pass holds.
const MIN_CHUNK: usize = 1 << 12;

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

/// An entry the solver skips: it stands for the same positions as a
/// smaller entry, whose value it takes at the end.
const ALIAS: u16 = u16::MAX - 1;

/// The value codes of a table in memory, one byte an entry wherever that
/// can hold them:
///
/// - `Narrow`: every code fits a byte (distances up to 126 plies);
/// - `Parity`: every win is an odd number of plies and every loss an even
///   one, as in every mill game's moving phase (the side to move never
///   stands in a game it has already won: a game ends on the winner's
///   turn). The byte is then the distance of a win, or the distance of a
///   loss plus two, and 0 a draw: wins of up to 255 plies and losses of up
///   to 252 in one byte, where the stored code needs two. Nine Men's
///   Morris's tables from 6v4 to 7v7 (up to 185 plies) all fit, which
///   halves what the search's tables take in memory;
/// - `Wide`: two bytes, for anything else;
/// - `Flat`: `Parity` bytes left in a flat file, read as they are asked
///   for (see [`super::file::open_flat`]).
///
/// The table files hold the stored codes ([`Value::encode`]), except the
/// flat ones, which hold `Parity` bytes.
#[derive(Clone, Debug)]
enum Codes {
    Narrow(Vec<u8>),
    Parity(Vec<u8>),
    Wide(Vec<u16>),
    Flat(FlatEntries),
}

/// The `Parity` byte of a stored code, if it has one.
pub(super) fn parity_byte(code: u16) -> Option<u8> {
    match Value::decode(code) {
        Value::Draw if code == DRAW => Some(0),
        Value::Win(d) if d % 2 == 1 => u8::try_from(d).ok(),
        Value::Loss(d) if d % 2 == 0 => u8::try_from(d + 2).ok(),
        _ => None,
    }
}

/// The stored code of a `Parity` byte.
#[inline]
fn parity_code(byte: u8) -> u16 {
    let b = u16::from(byte);
    match b {
        0 => DRAW,
        b if b % 2 == 1 => Value::Win(b).encode(),
        b => Value::Loss(b - 2).encode(),
    }
}

impl Codes {
    /// The smallest form of `entries` stored codes that `unpack` hands, in
    /// order, to the function it is given until that answers `false` (then
    /// `unpack` answers `Ok(false)`). The codes go straight into a one-byte
    /// form, `narrow` telling that every code fits a byte; only codes that
    /// fit neither are read a second time, into two bytes each.
    fn collect<E>(
        entries: usize,
        narrow: bool,
        mut unpack: impl FnMut(&mut dyn FnMut(u16) -> bool) -> Result<bool, E>,
    ) -> Result<Codes, E> {
        let mut bytes = Vec::with_capacity(entries);
        let fits = |c: u16| u8::try_from(c).ok();
        if narrow && unpack(&mut |c| fits(c).map(|b| bytes.push(b)).is_some())? {
            return Ok(Codes::Narrow(bytes));
        }
        bytes.clear();
        if unpack(&mut |c| parity_byte(c).map(|b| bytes.push(b)).is_some())? {
            return Ok(Codes::Parity(bytes));
        }
        drop(bytes);
        let mut wide = Vec::with_capacity(entries);
        unpack(&mut |c| {
            wide.push(c);
            true
        })?;
        Ok(Codes::Wide(wide))
    }

    fn len(&self) -> usize {
        match self {
            Codes::Narrow(v) | Codes::Parity(v) => v.len(),
            Codes::Wide(v) => v.len(),
            Codes::Flat(f) => f.len,
        }
    }

    #[inline]
    fn get(&self, i: usize) -> Option<u16> {
        match self {
            Codes::Narrow(v) => v.get(i).map(|&c| u16::from(c)),
            Codes::Parity(v) => v.get(i).map(|&c| parity_code(c)),
            Codes::Wide(v) => v.get(i).copied(),
            Codes::Flat(f) => f.byte(i).map(parity_code),
        }
    }

    /// Every code in order; an entry of a flat file that cannot be read
    /// comes out as the solver's "undecided", which no file accepts.
    fn iter(&self) -> Box<dyn Iterator<Item = u16> + '_> {
        match self {
            Codes::Narrow(v) => Box::new(v.iter().map(|&c| u16::from(c))),
            Codes::Parity(v) => Box::new(v.iter().map(|&c| parity_code(c))),
            Codes::Wide(v) => Box::new(v.iter().copied()),
            Codes::Flat(f) => Box::new((0..f.len).map(|i| f.byte(i).map_or(UNKNOWN, parity_code))),
        }
    }
}

/// The values of every position of one class with both hands empty, one
/// entry per class of symmetric positions ([`SymIndexer`]), one byte an
/// entry where the distances allow (see `Codes`), else two.
#[derive(Clone, Debug)]
pub struct Table {
    indexer: SymIndexer,
    values: Codes,
}

impl Table {
    /// A table from its stored codes, one per entry of `indexer`.
    pub(super) fn from_codes(indexer: SymIndexer, codes: Vec<u16>) -> Table {
        let narrow = codes.iter().all(|&c| c <= u16::from(u8::MAX));
        let hand = |each: &mut dyn FnMut(u16) -> bool| Ok(codes.iter().all(|&c| each(c)));
        match Codes::collect::<Infallible>(codes.len(), narrow, hand) {
            Ok(values) => Table { indexer, values },
            Err(never) => match never {},
        }
    }

    /// A table of `entries` stored codes that `unpack` hands over as
    /// `Codes::collect` says: the same table as [`Table::from_codes`] of
    /// those codes, without ever holding all of them.
    pub(super) fn from_unpacker<E>(
        indexer: SymIndexer,
        entries: usize,
        narrow: bool,
        unpack: impl FnMut(&mut dyn FnMut(u16) -> bool) -> Result<bool, E>,
    ) -> Result<Table, E> {
        let values = Codes::collect(entries, narrow, unpack)?;
        Ok(Table { indexer, values })
    }

    /// A table of `Parity` bytes, one per entry of `indexer`.
    pub(super) fn from_parity(indexer: SymIndexer, bytes: Vec<u8>) -> Table {
        Table {
            indexer,
            values: Codes::Parity(bytes),
        }
    }

    /// A table whose entries stay in a flat file.
    pub(super) fn from_flat(indexer: SymIndexer, entries: FlatEntries) -> Table {
        Table {
            indexer,
            values: Codes::Flat(entries),
        }
    }

    /// Whether the values stay in a file, read as they are asked for.
    pub fn on_file(&self) -> bool {
        matches!(self.values, Codes::Flat(_))
    }

    /// The stored codes, one per entry.
    pub(super) fn codes(&self) -> impl Iterator<Item = u16> + '_ {
        self.values.iter()
    }

    pub fn indexer(&self) -> &SymIndexer {
        &self.indexer
    }

    pub fn class(&self) -> Class {
        self.indexer.class()
    }

    /// How many entries the table holds (see [`Table::positions`]).
    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.len() == 0
    }

    /// How many positions the class has without the symmetries.
    pub fn positions(&self) -> u64 {
        self.indexer.positions()
    }

    /// The bytes the values take in memory (none for a table left in a
    /// flat file).
    pub fn value_bytes(&self) -> usize {
        match &self.values {
            Codes::Narrow(v) | Codes::Parity(v) => v.len(),
            Codes::Wide(v) => 2 * v.len(),
            Codes::Flat(_) => 0,
        }
    }

    /// The value of the entry with this index.
    pub fn value(&self, index: u64) -> Option<Value> {
        let i = usize::try_from(index).ok()?;
        self.values.get(i).map(Value::decode)
    }

    /// The value of a position of this class.
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        self.value(self.indexer.index(pos)?)
    }

    /// How many positions of the class (every symmetric image counted, as
    /// without the symmetries) are won, drawn and lost for the side to move.
    pub fn counts(&self) -> (u64, u64, u64) {
        let mut c = (0, 0, 0);
        for (i, v) in self.values.iter().enumerate() {
            let w = self.indexer.weight(i as u64);
            match Value::decode(v) {
                Value::Win(_) => c.0 += w,
                Value::Draw => c.1 += w,
                Value::Loss(_) => c.2 += w,
            }
        }
        c
    }

    /// The longest distance to the end in the table.
    pub fn max_distance(&self) -> u16 {
        max_distance(self.values.iter())
    }
}

fn max_distance(codes: impl Iterator<Item = u16>) -> u16 {
    codes
        .map(|v| match Value::decode(v) {
            Value::Win(d) | Value::Loss(d) => d,
            Value::Draw => 0,
        })
        .max()
        .unwrap_or(0)
}

/// The values of a class solved without the symmetries, indexed by
/// [`Indexer`]: the reference the reduced tables are checked against.
#[derive(Clone, Debug)]
pub struct FullTable {
    indexer: Indexer,
    values: Vec<u16>,
}

impl FullTable {
    pub fn indexer(&self) -> &Indexer {
        &self.indexer
    }

    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The value of the position with this index.
    pub fn value(&self, index: u64) -> Option<Value> {
        let i = usize::try_from(index).ok()?;
        self.values.get(i).map(|&c| Value::decode(c))
    }

    /// How many positions are won, drawn and lost for the side to move.
    pub fn counts(&self) -> (u64, u64, u64) {
        let mut c = (0, 0, 0);
        for &v in &self.values {
            match Value::decode(v) {
                Value::Win(_) => c.0 += 1,
                Value::Draw => c.1 += 1,
                Value::Loss(_) => c.2 += 1,
            }
        }
        c
    }

    pub fn max_distance(&self) -> u16 {
        max_distance(self.values.iter().copied())
    }
}

/// The numbering a class is solved in: every position, or one entry per
/// class of symmetric positions.
trait Space {
    fn len(&self) -> u64;
    fn unrank(&self, index: u64) -> (Bitboard, Bitboard, Color);
    /// The one entry the solver works on among those of symmetric positions.
    fn canonical(&self, light: Bitboard, dark: Bitboard, turn: Color) -> u64 {
        self.canonical_beside(&self.light_part(light), dark, turn)
    }
    /// What `canonical` reads of the light pieces alone ...
    type Light: Copy;
    fn light_part(&self, light: Bitboard) -> Self::Light;
    /// ... so that the positions with the same light pieces read it once.
    fn canonical_beside(&self, light: &Self::Light, dark: Bitboard, turn: Color) -> u64;
    fn make(&self, light: Bitboard, dark: Bitboard, turn: Color) -> Position;
}

impl Space for Indexer {
    fn len(&self) -> u64 {
        Indexer::len(self)
    }
    fn unrank(&self, index: u64) -> (Bitboard, Bitboard, Color) {
        Indexer::unrank(self, index)
    }
    type Light = Bitboard;
    fn light_part(&self, light: Bitboard) -> Bitboard {
        light
    }
    fn canonical_beside(&self, light: &Bitboard, dark: Bitboard, turn: Color) -> u64 {
        self.rank(*light, dark, turn)
    }
    fn make(&self, light: Bitboard, dark: Bitboard, turn: Color) -> Position {
        Indexer::make(self, light, dark, turn)
    }
}

impl Space for SymIndexer {
    fn len(&self) -> u64 {
        SymIndexer::len(self)
    }
    fn unrank(&self, index: u64) -> (Bitboard, Bitboard, Color) {
        SymIndexer::unrank(self, index)
    }
    type Light = LightPart;
    fn light_part(&self, light: Bitboard) -> LightPart {
        SymIndexer::light_part(self, light)
    }
    fn canonical_beside(&self, light: &LightPart, dark: Bitboard, turn: Color) -> u64 {
        SymIndexer::canonical_beside(self, light, dark, turn)
    }
    fn make(&self, light: Bitboard, dark: Bitboard, turn: Color) -> Position {
        SymIndexer::make(self, light, dark, turn)
    }
}

/// The position with the colours exchanged: light's pieces and hand are
/// dark's, and the other side moves. Its value is the same, since the
/// history-free rules treat both colours alike.
fn mirrored(pos: &Position) -> Position {
    position(
        *pos.rules(),
        ByColor::new(pos.pieces(Color::Dark), pos.pieces(Color::Light)),
        ByColor::new(pos.in_hand(Color::Dark), pos.in_hand(Color::Light)),
        !pos.turn(),
    )
}

/// The solved classes of one rule set.
#[derive(Clone, Debug)]
pub struct Tablebase {
    rules: Rules,
    tables: FxHashMap<Class, Table>,
    placing_memo: usize,
}

type PlacingMemo = FxHashMap<PlacingKey, Value>;

impl Tablebase {
    pub fn new(rules: Rules) -> Tablebase {
        Tablebase {
            rules,
            tables: FxHashMap::default(),
            placing_memo: 0,
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Adds a table read from a file, replacing any of its class; it must
    /// be of this tablebase's rules.
    pub fn insert(&mut self, table: Table) -> Result<(), SolveError> {
        if *table.indexer().rules() != self.rules {
            return Err(SolveError::OtherRules);
        }
        self.tables.insert(table.class(), table);
        Ok(())
    }

    /// The table of a class, if it is solved.
    pub fn table(&self, class: Class) -> Option<&Table> {
        self.tables.get(&class)
    }

    /// Keeps only the tables of the classes `keep` accepts, freeing the
    /// others' memory (a later [`Tablebase::solve`] that needs one solves
    /// it again).
    pub fn retain(&mut self, keep: impl Fn(Class) -> bool) {
        self.tables.retain(|&class, _| keep(class));
    }

    /// The tables solving the class of `light` and `dark` pieces reads: the
    /// classes its removals lead to, each as the class with the larger
    /// side first (the table that answers for both it and its mirror).
    pub fn needs(&self, light: u8, dark: u8) -> Vec<Class> {
        let mut out = Vec::new();
        for k in 1..=self.most_removals() {
            for (l, d) in [(light, dark.saturating_sub(k)), (light.saturating_sub(k), dark)] {
                let class = Class::moving(l.max(d), l.min(d));
                if l >= 3 && d >= 3 && !out.contains(&class) {
                    out.push(class);
                }
            }
        }
        out
    }

    /// The value of a position that is over or whose class is solved. A
    /// class of the moving phases is also read from the table of its
    /// mirror (light and dark exchanged), so `4v3` answers `3v4`.
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        if let Some(o) = pos.terminal() {
            return Some(Value::of_outcome(o, pos.turn()));
        }
        let class = Class::of(pos);
        if let Some(t) = self.tables.get(&class) {
            return t.probe(pos);
        }
        let mirror = Class {
            light: class.dark,
            dark: class.light,
            light_hand: class.dark_hand,
            dark_hand: class.light_hand,
        };
        self.tables.get(&mirror)?.probe(&mirrored(pos))
    }

    /// Whether positions of a class can be probed, from its own table or
    /// its mirror's.
    fn has(&self, light: u8, dark: u8) -> bool {
        self.tables.contains_key(&Class::moving(light, dark))
            || self.tables.contains_key(&Class::moving(dark, light))
    }

    /// Solves the moving and flying phases with `light` and `dark` pieces
    /// on the board, after the smaller classes a removal leads to (each of
    /// those with more light than dark pieces or as many, unless its
    /// mirror is already solved: a table answers for its mirror too).
    pub fn solve(&mut self, light: u8, dark: u8) -> Result<&Table, SolveError> {
        let class = Class::moving(light, dark);
        if !self.tables.contains_key(&class) {
            self.solve_smaller(light, dark)?;
            let indexer = SymIndexer::new(self.rules, class).ok_or(SolveError::DoesNotFit { light, dark })?;
            let table = Table::from_codes(indexer.clone(), self.build(&indexer)?);
            self.tables.insert(class, table);
        }
        self.tables.get(&class).ok_or(SolveError::Missing(class))
    }

    fn solve_smaller(&mut self, light: u8, dark: u8) -> Result<(), SolveError> {
        for class in self.needs(light, dark) {
            if !self.has(class.light, class.dark) {
                self.solve(class.light, class.dark)?;
            }
        }
        Ok(())
    }

    /// Solves a class without the symmetries, one entry per position, after
    /// the smaller classes (with the symmetries); the reference the
    /// reduced tables are checked against.
    pub fn solve_unreduced(&mut self, light: u8, dark: u8) -> Result<FullTable, SolveError> {
        self.solve_smaller(light, dark)?;
        let indexer = Indexer::new(self.rules, Class::moving(light, dark))
            .ok_or(SolveError::DoesNotFit { light, dark })?;
        let values = self.build(&indexer)?;
        Ok(FullTable { indexer, values })
    }

    /// The value of any position of the rule set, solving the placing phase
    /// forward and the classes it ends in as they are needed.
    pub fn solve_position(&mut self, pos: &Position) -> Result<Value, SolveError> {
        if *pos.rules() != self.rules {
            return Err(SolveError::OtherRules);
        }
        let syms = Symmetries::of(self.rules.geometry());
        self.forward(pos, &syms, &mut FxHashMap::default())
    }

    fn forward(
        &mut self,
        pos: &Position,
        syms: &Symmetries,
        memo: &mut PlacingMemo,
    ) -> Result<Value, SolveError> {
        if let Some(o) = pos.terminal() {
            return Ok(Value::of_outcome(o, pos.turn()));
        }
        let class = Class::of(pos);
        if class.light_hand == 0 && class.dark_hand == 0 {
            if !self.has(class.light, class.dark) {
                self.solve(class.light.max(class.dark), class.light.min(class.dark))?;
            }
            return self.probe(pos).ok_or(SolveError::Missing(class));
        }
        if self.rules.move_in_placing {
            return Err(SolveError::MoveInPlacing);
        }
        // Symmetric positions share one memo entry: the smallest image.
        let key = syms.placing_key(pos);
        if let Some(&v) = memo.get(&key) {
            return Ok(v);
        }
        let mut best: Option<Value> = None;
        for m in pos.legal_moves() {
            let v = self.forward(&pos.play(m), syms, memo)?.back();
            if best.is_none_or(|b| v.score() > b.score()) {
                best = Some(v);
            }
        }
        // A position that is not over has a move; a draw is the safe answer.
        let v = best.unwrap_or(Value::Draw);
        memo.insert(key, v);
        self.placing_memo = self.placing_memo.max(memo.len());
        Ok(v)
    }

    /// The most entries the placing phase's memo has held (symmetric
    /// positions share one).
    pub fn placing_memo_len(&self) -> usize {
        self.placing_memo
    }

    /// The most pieces one turn can remove under these rules.
    fn most_removals(&self) -> u8 {
        if self.rules.mill_wins || self.rules.removal == Removal::Never {
            0
        } else {
            match self.rules.mill_takes {
                crate::MillTakes::One => 1,
                crate::MillTakes::Each => crate::board::MAX_MILLS_THROUGH as u8,
            }
        }
    }

    /// Solves one class in the numbering `space`: the codes of its entries.
    fn build(&self, space: &(impl Space + Sync)) -> Result<Vec<u16>, SolveError> {
        self.build_on(space, solve_threads())
    }

    /// [`Tablebase::build`] on `threads` threads. The result is the same
    /// on any number.
    fn build_on(&self, space: &(impl Space + Sync), threads: usize) -> Result<Vec<u16>, SolveError> {
        let len = space.len();
        let n = usize::try_from(len)
            .ok()
            .filter(|_| len < u32::MAX as u64)
            .ok_or(SolveError::TooLarge(len))?;
        // One entry per position in each array, so that a predecessor
        // costs a cache miss in each.
        let mut slots = Slots::new(n);
        let mut buckets = self.first_pass_parallel(space, &mut slots, threads)?;
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
            for (side, list) in lists.into_iter().enumerate() {
                let win = side == 0;
                let parts = self.pass_on_parallel(space, &slots, &list, dist, win, threads)?;
                for part in parts {
                    merge_buckets(&mut buckets, part);
                }
            }
            k += 1;
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

    /// [`Tablebase::pass_on`] of `list` split over up to `threads` threads:
    /// the entries each thread found decided, in thread order.
    fn pass_on_parallel(
        &self,
        space: &(impl Space + Sync),
        slots: &Slots,
        list: &[u32],
        dist: u16,
        win: bool,
        threads: usize,
    ) -> Result<Vec<Buckets>, SolveError> {
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
    /// entries so decided, by distance.
    fn pass_on(&self, space: &impl Space, slots: &Slots, list: &[u32], dist: u16, win: bool) -> Buckets {
        let mut found: Buckets = Vec::new();
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
        found
    }

    /// The first pass over a class: every entry's moves, the decided ones
    /// (ends of the game, quick wins through a removal) in their buckets
    /// and the others counted, on `threads` threads (the pass is most of a
    /// solve: 89 % of Nine's 6v4). The entries are cut into many more
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
            return self.first_pass(space, &mut slots.values, &mut slots.counts, 0);
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
            let value = value.get_mut();
            let (light, dark, turn) = space.unrank(i as u64);
            if space.canonical(light, dark, turn) != i as u64 {
                *value = ALIAS;
                continue;
            }
            let pos = space.make(light, dark, turn);
            moves.clear();
            pos.generate(&mut moves);
            // A game that is not over always has a move.
            if let Some(o) = moves.is_empty().then(|| pos.terminal()).flatten() {
                match Value::of_outcome(o, turn) {
                    Value::Draw => *value = DRAW,
                    Value::Win(_) => push_bucket(&mut buckets, 0, i, true),
                    Value::Loss(_) => push_bucket(&mut buckets, 0, i, false),
                }
                continue;
            }
            let mut quickest: Option<u16> = None;
            let (mut longest, mut escape) = (0u16, false);
            next.clear();
            // Dark's moves leave the light pieces as they are.
            let beside = (turn == Color::Dark).then(|| space.light_part(light));
            for &m in &moves {
                if m.removals().is_empty() {
                    // A slide or a flight that removes nothing stays in
                    // the class: only its pieces matter, not the rest a
                    // played position carries (its key, its counters).
                    let moved = |own: Bitboard| match m.from() {
                        Some(from) => own.without(from).with(m.to()),
                        None => own.with(m.to()),
                    };
                    next.push(match &beside {
                        Some(part) => space.canonical_beside(part, moved(dark), !turn),
                        None => space.canonical(moved(light), dark, !turn),
                    });
                    continue;
                }
                let child = pos.play(m);
                match self.probe(&child).ok_or(SolveError::Missing(Class::of(&child)))? {
                    Value::Loss(j) => quickest = Some(quickest.map_or(j + 1, |q| q.min(j + 1))),
                    Value::Draw => escape = true,
                    Value::Win(j) => longest = longest.max(j),
                }
            }
            // Moves to symmetric positions count once: a decided entry
            // tells each predecessor entry once.
            next.sort_unstable();
            next.dedup();
            let inside = next.len();
            let left = u8::try_from(inside).map_err(|_| SolveError::TooManyMoves)?;
            if let Some(q) = quickest {
                escape = true;
                push_bucket(&mut buckets, q, i, true);
            } else if inside == 0 && !escape {
                push_bucket(&mut buckets, longest.saturating_add(1), i, false);
            }
            *count.get_mut() = counts(longest, left, escape);
        }
        Ok(buckets)
    }

    /// The indices of the positions of the class from which a move that
    /// removes nothing leads to the given one.
    fn unmoves(&self, space: &impl Space, light: Bitboard, dark: Bitboard, turn: Color, out: &mut Vec<u32>) {
        let geo = self.rules.geometry();
        let mover = !turn;
        let pieces = ByColor::new(light, dark);
        let (own, other) = (pieces[mover], pieces[turn]);
        let empty = geo.all().minus(own | other);
        let flies = self.rules.flying && own.count() == 3;
        let removes = !self.rules.mill_wins && self.rules.removal != Removal::Never && other.any();
        // Dark's moves back leave the light pieces as they are.
        let beside = (mover == Color::Dark).then(|| space.light_part(light));
        for to in own {
            if removes && geo.closes_mill(own, to) {
                continue;
            }
            let origins = if flies { empty } else { geo.adjacent(to) & empty };
            for from in origins {
                let before = own.without(to).with(from);
                out.push(match &beside {
                    Some(part) => space.canonical_beside(part, before, mover),
                    None => space.canonical(before, other, mover),
                } as u32);
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Variant;

    /// The solve split over threads (the first pass, and the entries of
    /// each distance) gives the same codes as on one thread, in both
    /// numberings.
    #[test]
    fn threads_change_nothing() {
        let mut tb = Tablebase::new(Variant::Six.rules());
        assert!(tb.solve(4, 3).is_ok() && tb.solve(5, 3).is_ok() && tb.solve(4, 4).is_ok());
        let class = Class::moving(5, 4);
        let reduced = SymIndexer::new(tb.rules, class);
        let full = Indexer::new(tb.rules, class);
        assert!(reduced.is_some() && full.is_some());
        let (Some(reduced), Some(full)) = (reduced, full) else {
            return;
        };
        assert!(reduced.len() > 3 * MIN_CHUNK as u64, "the test needs chunks");
        let one = tb.build_on(&reduced, 1);
        assert!(one.is_ok(), "{one:?}");
        for threads in [2, 3, 7] {
            assert_eq!(tb.build_on(&reduced, threads), one, "{threads} threads");
        }
        assert_eq!(tb.build_on(&full, 3), tb.build_on(&full, 1));
    }
}
