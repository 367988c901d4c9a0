//! A solved class in memory ([`Table`]: one entry per class of symmetric
//! positions, [`FullTable`]: one per position), with its values in the
//! smallest form that holds them, or left in a flat file and read as they
//! are asked for ([`crate::EntrySource`]).

use std::convert::Infallible;
use std::sync::Arc;

use morris_core::Position;

use crate::flat_entries::{FlatEntries, TableChanged};
use crate::index::{Class, Indexer, Numbering};
use crate::reduced::SymIndexer;
use crate::value::{parity_byte, parity_code, Value, FAR, UNKNOWN};
use crate::wdl_entries::{WdlCodes, WdlEntries, LOSS, WIN};

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
///   for (see [`super::file::open_flat`]);
/// - `Wdl`: win, draw or loss only, two bits an entry in deflated blocks
///   (see [`crate::write_wdl`]): a win or loss of unknown length, [`FAR`].
///
/// The table files hold the stored codes ([`Value::encode`]), except the
/// flat ones, which hold `Parity` bytes.
#[derive(Clone, Debug)]
enum Codes {
    Narrow(Vec<u8>),
    Parity(Vec<u8>),
    Wide(Vec<u16>),
    Flat(Arc<FlatEntries>),
    Wdl(Arc<dyn WdlCodes>),
}

/// The stored code of a win/draw/loss entry.
#[inline]
fn wdl_code(code: u8) -> u16 {
    match code {
        LOSS => Value::Loss(FAR).encode(),
        WIN => Value::Win(FAR).encode(),
        _ => Value::Draw.encode(),
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
            Codes::Flat(f) => f.len(),
            Codes::Wdl(w) => w.len(),
        }
    }

    #[inline]
    fn get(&self, i: usize) -> Option<u16> {
        match self {
            Codes::Narrow(v) => v.get(i).map(|&c| u16::from(c)),
            Codes::Parity(v) => v.get(i).map(|&c| parity_code(c)),
            Codes::Wide(v) => v.get(i).copied(),
            Codes::Flat(f) => f.byte(i).map(parity_code),
            Codes::Wdl(w) => w.code(i).map(wdl_code),
        }
    }

    /// Every code in order; an entry of a flat file that cannot be read
    /// comes out as the solver's "undecided", which no file accepts.
    fn iter(&self) -> Box<dyn Iterator<Item = u16> + '_> {
        match self {
            Codes::Narrow(v) => Box::new(v.iter().map(|&c| u16::from(c))),
            Codes::Parity(v) => Box::new(v.iter().map(|&c| parity_code(c))),
            Codes::Wide(v) => Box::new(v.iter().copied()),
            Codes::Flat(f) => Box::new((0..f.len()).map(|i| f.byte(i).map_or(UNKNOWN, parity_code))),
            Codes::Wdl(w) => Box::new((0..w.len()).map(|i| w.code(i).map_or(UNKNOWN, wdl_code))),
        }
    }
}

/// Won, drawn and lost counts.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Wdl {
    pub won: u64,
    pub drawn: u64,
    pub lost: u64,
}

impl Wdl {
    /// Counts `n` more of `value`.
    pub fn add(&mut self, value: Value, n: u64) {
        match value {
            Value::Win(_) => self.won += n,
            Value::Draw => self.drawn += n,
            Value::Loss(_) => self.lost += n,
        }
    }

    pub fn total(&self) -> u64 {
        self.won + self.drawn + self.lost
    }
}

/// A class's counts for one side to move: every position, and every
/// class of positions the board's symmetries map onto each other once.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ClassCounts {
    pub positions: Wdl,
    pub orbits: Wdl,
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
    pub(crate) fn from_codes(indexer: SymIndexer, codes: Vec<u16>) -> Table {
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
    pub(crate) fn from_unpacker<E>(
        indexer: SymIndexer,
        entries: usize,
        narrow: bool,
        unpack: impl FnMut(&mut dyn FnMut(u16) -> bool) -> Result<bool, E>,
    ) -> Result<Table, E> {
        let values = Codes::collect(entries, narrow, unpack)?;
        Ok(Table { indexer, values })
    }

    /// A table of `Parity` bytes, one per entry of `indexer`.
    pub(crate) fn from_parity(indexer: SymIndexer, bytes: Vec<u8>) -> Table {
        Table {
            indexer,
            values: Codes::Parity(bytes),
        }
    }

    /// A table whose entries stay in a flat file.
    pub(crate) fn from_flat(indexer: SymIndexer, entries: FlatEntries) -> Table {
        Table {
            indexer,
            values: Codes::Flat(Arc::new(entries)),
        }
    }

    /// A table of win/draw/loss entries, one per entry of `indexer`.
    pub(crate) fn from_wdl(indexer: SymIndexer, entries: WdlEntries) -> Table {
        Table {
            indexer,
            values: Codes::Wdl(Arc::new(entries)),
        }
    }

    /// Whether the table knows how far its wins and losses are: not a
    /// win/draw/loss table, whose wins and losses are [`FAR`].
    pub fn has_distances(&self) -> bool {
        !matches!(self.values, Codes::Wdl(_))
    }

    /// Whether the values stay in a file, read as they are asked for.
    pub fn on_file(&self) -> bool {
        matches!(self.values, Codes::Flat(_))
    }

    /// For a table left in a flat file, the change found in the file
    /// since it was loaded, if one was: the table then answers nothing.
    pub fn fault(&self) -> Option<&TableChanged> {
        match &self.values {
            Codes::Flat(f) => f.fault(),
            _ => None,
        }
    }

    /// The stored codes, one per entry.
    pub(crate) fn codes(&self) -> impl Iterator<Item = u16> + '_ {
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
    /// flat file; a win/draw/loss table's deflated blocks).
    pub fn value_bytes(&self) -> usize {
        match &self.values {
            Codes::Narrow(v) | Codes::Parity(v) => v.len(),
            Codes::Wide(v) => 2 * v.len(),
            Codes::Flat(_) => 0,
            Codes::Wdl(w) => w.bytes(),
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

    /// Won, drawn and lost for each side to move (light's first), over
    /// every position and over the classes of symmetric positions (each
    /// orbit once: the entry that stands for it, [`SymIndexer::weight`]
    /// above 0). A table holds positions at the start of a turn only, so
    /// none has a removal pending.
    pub fn counts_by_turn(&self) -> [ClassCounts; 2] {
        let mut c = [ClassCounts::default(); 2];
        for (i, v) in self.values.iter().enumerate() {
            let weight = self.indexer.weight(i as u64);
            if weight == 0 {
                continue;
            }
            let side = &mut c[self.indexer.unrank(i as u64).2.index()];
            let value = Value::decode(v);
            side.positions.add(value, weight);
            side.orbits.add(value, 1);
        }
        c
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
    pub(crate) fn new(indexer: Indexer, values: Vec<u16>) -> FullTable {
        FullTable { indexer, values }
    }

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
