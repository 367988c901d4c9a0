//! The table file: one solved class in a compact, versioned, checked form.
//!
//! Layout, integers little-endian:
//!
//! | bytes | field |
//! | --- | --- |
//! | 8 | magic `MULINOTB` |
//! | 2 | format version ([`FORMAT_VERSION`]) |
//! | 2 | length `n` of the rules text |
//! | n | the rules as in a position text (`nine`, `nine:flying=off`), UTF-8 |
//! | 4 | the class: light and dark on the board, light and dark in hand |
//! | 1 | the numbering of the entries: 1, cut by the board's symmetries ([`super::SymIndexer`]) |
//! | 8 | entries: the numbering's entries of the class, both sides to move |
//! | 1 | bits per entry `w`, 1 to 16 |
//! | 1 | payload encoding: 0 stored, 1 deflate |
//! | 8 | payload length `m` |
//! | m | payload: the entries in index order, `w` bits each, least significant bit first, deflated if so marked |
//! | 8 | FNV-1a 64 of every byte before it |
//!
//! An entry is the value code of the solver: 0 a draw, `2d + 1` a win in
//! `d` plies, `2d + 2` a loss in `d` plies. The writer makes
//! `w` 8 or 16, whichever holds the largest code (byte-aligned codes
//! deflate better than tighter packing); the reader takes any width from
//! 1 to 16. FNV-1a changes its state for any change of one
//! byte, so a flipped byte is always caught.
//!
//! Version 1 had no numbering byte and one entry per position; this build
//! rejects it with [`TableFileError::OldVersion`] (the tables are made
//! again with `morris tb generate`).

use miniz_oxide::inflate::stream::{inflate, InflateState};
use miniz_oxide::{DataFormat, MZFlush, MZStatus};
use thiserror::Error;

use crate::Rules;

use super::index::Class;
use super::reduced::SymIndexer;
use super::retro::{Table, UNKNOWN};

/// The first bytes of every table file.
pub const MAGIC: [u8; 8] = *b"MULINOTB";
/// The version of the layout this build writes and reads.
pub const FORMAT_VERSION: u16 = 2;

/// The numbering byte of a table cut by the board's symmetries.
const SYMMETRIC: u8 = 1;

const STORED: u8 = 0;
const DEFLATE: u8 = 1;
/// The deflate level: tables are written once and read often.
const LEVEL: u8 = 9;

/// Why bytes are not a usable table.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TableFileError {
    #[error("not a table file (its first bytes are not the table magic)")]
    BadMagic,
    #[error("table file format version {0} is unknown (this build reads version {FORMAT_VERSION})")]
    UnknownVersion(u16),
    #[error("table file format version {0} is older than this build's version {FORMAT_VERSION}: generate the table again")]
    OldVersion(u16),
    #[error("the table file is truncated")]
    Truncated,
    #[error("the table file has {0} bytes after its end")]
    TrailingBytes(usize),
    #[error("the table file's checksum does not match: it is corrupt")]
    ChecksumMismatch,
    #[error("the table file's rules `{0}` are not rules this build knows")]
    UnknownRules(String),
    #[error("the table is for the rules `{found}`, not `{expected}`")]
    WrongRules { expected: String, found: String },
    #[error("the table file is inconsistent: {0}")]
    Corrupt(&'static str),
}

/// FNV-1a, 64 bits.
fn fnv1a(bytes: &[u8]) -> u64 {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The fewest bits that hold `code`, at least one.
fn bits_for(code: u16) -> u8 {
    (16 - code.leading_zeros() as u8).max(1)
}

fn pack(codes: impl ExactSizeIterator<Item = u16>, width: u8) -> Vec<u8> {
    let width = u32::from(width);
    let mut out = Vec::with_capacity((codes.len() * width as usize).div_ceil(8));
    let (mut acc, mut filled) = (0u32, 0u32);
    for c in codes {
        acc |= u32::from(c) << filled;
        filled += width;
        while filled >= 8 {
            out.push(acc as u8);
            acc >>= 8;
            filled -= 8;
        }
    }
    if filled > 0 {
        out.push(acc as u8);
    }
    out
}

/// Reads `entries` codes of `width` bits and hands each to `each`, in
/// order, until it answers `false`: then `Ok(false)`, the rest unread.
/// `Ok(true)` once every code was handed over and nothing follows them.
fn unpack_each(
    mut input: impl Iterator<Item = u8>,
    width: u8,
    entries: usize,
    mut each: impl FnMut(u16) -> bool,
) -> Result<bool, TableFileError> {
    let width = u32::from(width);
    let mask = (1u32 << width) - 1;
    let (mut acc, mut filled) = (0u32, 0u32);
    for _ in 0..entries {
        while filled < width {
            let b = input
                .next()
                .ok_or(TableFileError::Corrupt("the entries are cut short"))?;
            acc |= u32::from(b) << filled;
            filled += 8;
        }
        let code = (acc & mask) as u16;
        if code == UNKNOWN {
            return Err(TableFileError::Corrupt("an entry is not a value"));
        }
        if !each(code) {
            return Ok(false);
        }
        acc >>= width;
        filled -= width;
    }
    if acc != 0 || input.next().is_some() {
        return Err(TableFileError::Corrupt("bits after the last entry"));
    }
    Ok(true)
}

/// The bytes of a deflated payload, inflated a piece at a time: a table
/// is read without its whole packed payload in memory (0.97 GB for 7v7).
/// A stream that is corrupt or ends early ends the bytes and sets `failed`.
struct Inflater<'a> {
    state: Box<InflateState>,
    input: &'a [u8],
    buf: Vec<u8>,
    at: usize,
    len: usize,
    ended: bool,
    failed: bool,
}

impl<'a> Inflater<'a> {
    const PIECE: usize = 1 << 16;

    fn new(input: &'a [u8]) -> Inflater<'a> {
        Inflater {
            state: InflateState::new_boxed(DataFormat::Raw),
            input,
            buf: vec![0; Self::PIECE],
            at: 0,
            len: 0,
            ended: false,
            failed: false,
        }
    }
}

impl Iterator for Inflater<'_> {
    type Item = u8;

    #[inline]
    fn next(&mut self) -> Option<u8> {
        while self.at >= self.len {
            if self.ended || self.failed {
                return None;
            }
            let r = inflate(&mut self.state, self.input, &mut self.buf, MZFlush::None);
            self.input = self.input.get(r.bytes_consumed..).unwrap_or_default();
            (self.at, self.len) = (0, r.bytes_written);
            match r.status {
                Ok(MZStatus::StreamEnd) => self.ended = true,
                Ok(_) if r.bytes_written > 0 || r.bytes_consumed > 0 => {}
                _ => self.failed = true,
            }
        }
        let b = self.buf.get(self.at).copied();
        self.at += 1;
        b
    }
}

#[cfg(test)]
fn unpack(bytes: &[u8], width: u8, entries: usize) -> Result<Vec<u16>, TableFileError> {
    let mut codes = Vec::with_capacity(entries);
    unpack_each(bytes.iter().copied(), width, entries, |c| {
        codes.push(c);
        true
    })?;
    Ok(codes)
}

/// The file of one table.
pub fn write(table: &Table) -> Vec<u8> {
    // Whole bytes: deflate finds the repeats of byte-aligned codes, and
    // the file of the 3v3 class of Nine Men's Morris is a fifth smaller
    // than with the fewest bits.
    let width = if bits_for(table.codes().max().unwrap_or(0)) <= 8 {
        8
    } else {
        16
    };
    let packed = pack(ExactCodes(table.codes(), table.len()), width);
    let payload = miniz_oxide::deflate::compress_to_vec(&packed, LEVEL);
    let rules = table.indexer().rules().to_string();
    // The rules text is a variant and a few options: far below 64 KiB.
    let rules = &rules.as_bytes()[..rules.len().min(u16::MAX as usize)];
    let class = table.class();
    let mut out = Vec::with_capacity(payload.len() + rules.len() + 64);
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&(rules.len() as u16).to_le_bytes());
    out.extend_from_slice(rules);
    out.extend_from_slice(&[class.light, class.dark, class.light_hand, class.dark_hand]);
    out.push(SYMMETRIC);
    out.extend_from_slice(&(table.len() as u64).to_le_bytes());
    out.push(width);
    out.push(DEFLATE);
    out.extend_from_slice(&(payload.len() as u64).to_le_bytes());
    out.extend_from_slice(&payload);
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// An iterator of codes with its length known.
struct ExactCodes<I>(I, usize);

impl<I: Iterator<Item = u16>> Iterator for ExactCodes<I> {
    type Item = u16;
    fn next(&mut self) -> Option<u16> {
        let c = self.0.next()?;
        self.1 = self.1.saturating_sub(1);
        Some(c)
    }
    fn size_hint(&self) -> (usize, Option<usize>) {
        (self.1, Some(self.1))
    }
}

impl<I: Iterator<Item = u16>> ExactSizeIterator for ExactCodes<I> {}

/// Reads the fields of a file in order; running out is truncation.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], TableFileError> {
        let end = self.at.checked_add(n).ok_or(TableFileError::Truncated)?;
        let s = self.bytes.get(self.at..end).ok_or(TableFileError::Truncated)?;
        self.at = end;
        Ok(s)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], TableFileError> {
        let mut a = [0u8; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }

    fn u8(&mut self) -> Result<u8, TableFileError> {
        Ok(self.array::<1>()?[0])
    }

    fn u16(&mut self) -> Result<u16, TableFileError> {
        Ok(u16::from_le_bytes(self.array()?))
    }

    fn u64(&mut self) -> Result<u64, TableFileError> {
        Ok(u64::from_le_bytes(self.array()?))
    }
}

/// The table in a file, whatever its rules.
pub fn read(bytes: &[u8]) -> Result<Table, TableFileError> {
    let mut cur = Cursor { bytes, at: 0 };
    let magic = cur.take(MAGIC.len()).map_err(|_| TableFileError::BadMagic)?;
    if magic != MAGIC {
        return Err(TableFileError::BadMagic);
    }
    let version = cur.u16()?;
    if (1..FORMAT_VERSION).contains(&version) {
        return Err(TableFileError::OldVersion(version));
    }
    if version != FORMAT_VERSION {
        return Err(TableFileError::UnknownVersion(version));
    }
    let rules_len = cur.u16()?;
    let rules_text = cur.take(rules_len as usize)?;
    let [light, dark, light_hand, dark_hand] = cur.array::<4>()?;
    let numbering = cur.u8()?;
    let entries = cur.u64()?;
    let width = cur.u8()?;
    let encoding = cur.u8()?;
    let payload_len = usize::try_from(cur.u64()?).map_err(|_| TableFileError::Truncated)?;
    let payload = cur.take(payload_len)?;
    let body_end = cur.at;
    let sum = cur.u64()?;
    if cur.at < bytes.len() {
        return Err(TableFileError::TrailingBytes(bytes.len() - cur.at));
    }
    if fnv1a(&bytes[..body_end]) != sum {
        return Err(TableFileError::ChecksumMismatch);
    }

    let rules_text = String::from_utf8_lossy(rules_text);
    let rules: Rules = rules_text
        .parse()
        .map_err(|_| TableFileError::UnknownRules(rules_text.chars().take(64).collect()))?;
    let class = Class {
        light,
        dark,
        light_hand,
        dark_hand,
    };
    if numbering != SYMMETRIC {
        return Err(TableFileError::Corrupt("unknown numbering of the entries"));
    }
    let indexer =
        SymIndexer::new(rules, class).ok_or(TableFileError::Corrupt("the class does not fit the board"))?;
    if indexer.len() != entries {
        return Err(TableFileError::Corrupt("the entry count is not the class's"));
    }
    let entries = usize::try_from(entries)
        .ok()
        .filter(|&n| n <= u32::MAX as usize)
        .ok_or(TableFileError::Corrupt("the class is too large"))?;
    if !(1..=16).contains(&width) {
        return Err(TableFileError::Corrupt("the entry width is not 1 to 16 bits"));
    }
    entries
        .checked_mul(width as usize)
        .ok_or(TableFileError::Corrupt("the class is too large"))?;
    if encoding != STORED && encoding != DEFLATE {
        return Err(TableFileError::Corrupt("unknown payload encoding"));
    }
    // Straight into the table's one-byte form where the codes allow it,
    // never through a two-byte copy of every entry (1.7 GB for 7v7), and
    // inflated a piece at a time.
    Table::from_unpacker(indexer, entries, width <= 8, |each| {
        if encoding == STORED {
            return unpack_each(payload.iter().copied(), width, entries, each);
        }
        let mut bytes = Inflater::new(payload);
        let read = unpack_each(&mut bytes, width, entries, each);
        if bytes.failed {
            return Err(TableFileError::Corrupt("the entries do not inflate"));
        }
        read
    })
}

/// The table in a file, which must be of `rules`.
pub fn read_for(bytes: &[u8], rules: &Rules) -> Result<Table, TableFileError> {
    let table = read(bytes)?;
    if table.indexer().rules() != rules {
        return Err(TableFileError::WrongRules {
            expected: rules.to_string(),
            found: table.indexer().rules().to_string(),
        });
    }
    Ok(table)
}

#[cfg(test)]
mod tests {
    use super::super::retro::Value;
    use super::*;

    #[test]
    fn every_width_packs_and_unpacks() {
        for width in 1..=16u8 {
            let top = ((1u32 << width) - 1).min(u32::from(UNKNOWN) - 1) as u16;
            let codes: Vec<u16> = (0..1000u32)
                .map(|i| (i * 7919 % (u32::from(top) + 1)) as u16)
                .collect();
            let packed = pack(codes.iter().copied(), width);
            assert_eq!(packed.len(), (codes.len() * width as usize).div_ceil(8));
            assert_eq!(
                unpack(&packed, width, codes.len()),
                Ok(codes.clone()),
                "width {width}"
            );
            assert!(unpack(&packed[..packed.len() - 1], width, codes.len()).is_err());
        }
        assert_eq!(bits_for(0), 1);
        assert_eq!(bits_for(255), 8);
        assert_eq!(bits_for(256), 9);
    }

    /// A table with distances past a byte's codes is held and written with
    /// two bytes an entry, and reads back the same.
    #[test]
    fn wide_codes_round_trip() {
        let rules = crate::Variant::Three.rules();
        let indexer = SymIndexer::new(rules, Class::moving(3, 3));
        assert!(indexer.is_some());
        let Some(indexer) = indexer else { return };
        let codes: Vec<u16> = (0..indexer.len() as u32).map(|i| (i * 37 % 700) as u16).collect();
        let table = Table::from_codes(indexer, codes.clone());
        assert_eq!(table.value_bytes(), 2 * codes.len());
        let back = read(&write(&table));
        assert!(back.is_ok(), "{back:?}");
        let Ok(back) = back else { return };
        assert_eq!(back.codes().collect::<Vec<_>>(), codes);
        assert_eq!(back.max_distance(), 349);
    }

    /// The inflater gives back what was deflated, a piece at a time, and
    /// marks a stream that is cut short or is not deflate as failed.
    #[test]
    fn the_inflater_gives_back_the_bytes_or_fails() {
        let data: Vec<u8> = (0..300_000u64).map(|i| (i * i % 251) as u8).collect();
        let packed = miniz_oxide::deflate::compress_to_vec(&data, LEVEL);
        let mut whole = Inflater::new(&packed);
        assert_eq!((&mut whole).collect::<Vec<u8>>(), data);
        assert!(whole.ended && !whole.failed);

        let mut cut = Inflater::new(&packed[..packed.len() / 2]);
        let got = (&mut cut).count();
        assert!(got < data.len() && cut.failed, "{got} bytes");

        let mut junk = Inflater::new(&[0xff; 64]);
        assert_eq!((&mut junk).count(), 0);
        assert!(junk.failed);
    }

    /// The codes of `values`, one per entry of Three Men's 3v3 table.
    fn coded(values: impl Fn(u32) -> Value) -> Option<(SymIndexer, Vec<u16>)> {
        let indexer = SymIndexer::new(crate::Variant::Three.rules(), Class::moving(3, 3))?;
        let codes = (0..indexer.len() as u32).map(|i| values(i).encode()).collect();
        Some((indexer, codes))
    }

    /// Wins of an odd number of plies and losses of an even one (as in
    /// every mill game) take one byte an entry in memory even where the
    /// stored codes need two; they read back the same, and the file keeps
    /// the stored codes.
    #[test]
    fn long_wins_of_odd_plies_take_one_byte() {
        let value = |i: u32| match i % 3 {
            0 => Value::Win(2 * (i % 128) as u16 + 1),
            1 => Value::Loss(2 * (i % 127) as u16),
            _ => Value::Draw,
        };
        let made = coded(value);
        assert!(made.is_some(), "no 3v3 indexer");
        let Some((indexer, codes)) = made else { return };
        assert!(codes.iter().any(|&c| c > 255), "the test needs codes past a byte");
        let table = Table::from_codes(indexer, codes.clone());
        assert_eq!(table.value_bytes(), codes.len());
        assert_eq!(table.codes().collect::<Vec<_>>(), codes);
        for i in 0..codes.len() as u32 {
            assert_eq!(table.value(u64::from(i)), Some(value(i)), "entry {i}");
        }
        assert_eq!(table.max_distance(), 255);
        let back = read(&write(&table));
        assert!(back.is_ok(), "{back:?}");
        let Ok(back) = back else { return };
        assert_eq!(back.codes().collect::<Vec<_>>(), codes);
        assert_eq!(back.value_bytes(), codes.len());

        // One win of an even number of plies, or one loss too long for the
        // byte, and the table takes two bytes an entry again.
        for odd_one in [Value::Win(2), Value::Loss(254)] {
            let Some((indexer, codes)) = coded(|i| if i == 5 { odd_one } else { value(i) }) else {
                return;
            };
            let table = Table::from_codes(indexer, codes.clone());
            assert_eq!(table.value_bytes(), 2 * codes.len(), "{odd_one:?}");
            assert_eq!(table.value(5), Some(odd_one));
            assert_eq!(table.codes().collect::<Vec<_>>(), codes);
            // Read from a file, the one-byte attempt stops at entry 5 and
            // the codes are read again, two bytes each.
            let back = read(&write(&table));
            assert!(back.is_ok(), "{back:?}");
            let Ok(back) = back else { return };
            assert_eq!(back.value_bytes(), 2 * codes.len(), "{odd_one:?}");
            assert_eq!(back.codes().collect::<Vec<_>>(), codes);
        }
    }
}
