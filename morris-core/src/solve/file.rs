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
//! | 1 | payload encoding: 0 stored, 1 deflate, 2 flat |
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
//! The writer deflates the packed entries in pieces of
//! [`DEFLATE_PIECE`] bytes, each on its own, side by side on the
//! machine's cores; every piece but the last ends on a byte boundary (a
//! sync flush), so the payload is still one deflate stream, which any
//! inflater reads whole. The pieces are fixed by the bytes alone, so the
//! file is the same on any number of cores, and a payload of one piece is
//! exactly what one plain deflate gives.
//!
//! # The flat form
//!
//! A flat file (encoding 2, width 8) holds one byte an entry, uncompressed,
//! in the form the tables take in memory: 0 a draw, an odd `d` a win in `d`
//! plies, an even `b` a loss in `b - 2` plies (in every mill game a win
//! takes an odd number of plies and a loss an even one). Entry `i` is then
//! the byte at a fixed place in the file, so a program can read a table's
//! values from the file as it needs them ([`open_flat`]) instead of
//! holding them: two engines on one machine share one copy of the tables
//! in the system's file cache. [`write_flat`] makes such a file;
//! [`read`] reads it into memory like any other. A table with a value
//! that has no such byte (Three Men's Morris's, whose unreachable
//! positions with the mover's mill already made are "wins in 0") has no
//! flat file.
//!
//! Version 1 had no numbering byte and one entry per position; this build
//! rejects it with [`TableFileError::OldVersion`] (the tables are made
//! again with `morris tb generate`).

use std::fmt;
use std::io;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use miniz_oxide::deflate::core::{
    compress, create_comp_flags_from_zip_params, CompressorOxide, TDEFLFlush, TDEFLStatus,
};
use miniz_oxide::inflate::stream::{inflate, InflateState};
use miniz_oxide::{DataFormat, MZFlush, MZStatus};
use thiserror::Error;

use crate::Rules;

use super::index::Class;
use super::reduced::SymIndexer;
use super::retro::{parity_byte, solve_threads, Table, UNKNOWN};

/// The first bytes of every table file.
pub const MAGIC: [u8; 8] = *b"MULINOTB";
/// The version of the layout this build writes and reads.
pub const FORMAT_VERSION: u16 = 2;

/// The numbering byte of a table cut by the board's symmetries.
const SYMMETRIC: u8 = 1;

const STORED: u8 = 0;
const DEFLATE: u8 = 1;
const FLAT: u8 = 2;
/// The deflate level [`write`] uses: tables are written once and read
/// often. [`write_at_level`] takes another: on Nine's tables level 6
/// deflates about three times as fast into files about 2 % larger
/// (miniz_oxide on 16 MiB of 6v4: 3.39 s against 1.06 s, 3,658,098 bytes
/// against 3,736,253).
pub const BEST_LEVEL: u8 = 9;
#[cfg(test)]
const LEVEL: u8 = BEST_LEVEL;

/// How many packed bytes the writer deflates as one piece (small in the
/// unit tests, so that their tables make several). Deflate's matches
/// reach back 32 KiB, so cutting 4 MiB pieces costs next to nothing
/// (measured on 64 MiB of Nine's 6v6: the pieces' stream was no larger).
#[cfg(not(test))]
pub const DEFLATE_PIECE: usize = 4 << 20;
#[cfg(test)]
pub const DEFLATE_PIECE: usize = 1 << 10;

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
    #[error("the table file is not in the flat form (make it with `morris tb flat`)")]
    NotFlat,
    #[error("the table file cannot be read: {0}")]
    Unreadable(String),
}

/// Why a table has no flat file.
#[derive(Debug, Error)]
pub enum FlatError {
    #[error("a value of the table does not fit the flat form's byte (a win of an even number of plies, or one longer than 255 plies)")]
    DoesNotFit,
    #[error("cannot write the flat table: {0}")]
    Io(#[from] io::Error),
}

/// Where a table opened with [`open_flat`] reads its entries: a byte of
/// the flat file by its place in the file, `None` when it cannot be read
/// (the position is then not covered). A program with files implements it
/// on a file; `morris-core` itself does no input or output.
pub trait EntrySource: Send + Sync + fmt::Debug {
    fn byte_at(&self, offset: u64) -> Option<u8>;
}

/// A flat table's entries in its source: the payload starts at `at`.
#[derive(Clone, Debug)]
pub(super) struct FlatEntries {
    pub(super) source: Arc<dyn EntrySource>,
    pub(super) at: u64,
    pub(super) len: usize,
}

impl FlatEntries {
    #[inline]
    pub(super) fn byte(&self, i: usize) -> Option<u8> {
        if i >= self.len {
            return None;
        }
        self.source.byte_at(self.at + i as u64)
    }
}

/// FNV-1a, 64 bits.
fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_on(0xcbf2_9ce4_8422_2325, bytes)
}

/// FNV-1a from the state `h`, for a file hashed a piece at a time.
fn fnv1a_on(mut h: u64, bytes: &[u8]) -> u64 {
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

/// The file of one table, deflated at [`BEST_LEVEL`].
pub fn write(table: &Table) -> Vec<u8> {
    write_at_level(table, BEST_LEVEL)
}

/// The file of one table, deflated at `level` (1, fastest, to 9, smallest;
/// other numbers are brought into that range). Any level reads the same.
pub fn write_at_level(table: &Table, level: u8) -> Vec<u8> {
    let level = level.clamp(1, BEST_LEVEL);
    // Whole bytes: deflate finds the repeats of byte-aligned codes, and
    // the file of the 3v3 class of Nine Men's Morris is a fifth smaller
    // than with the fewest bits.
    let width = if bits_for(table.codes().max().unwrap_or(0)) <= 8 {
        8
    } else {
        16
    };
    let packed = pack(ExactCodes(table.codes(), table.len()), width);
    let mut out = match deflate_pieces(&packed, solve_threads(), level) {
        Some(payload) => {
            let mut out = header(table, width, DEFLATE, payload.len());
            out.extend_from_slice(&payload);
            out
        }
        // The compressor never refuses a buffer in memory; were it to,
        // the entries are stored as they are, still a good file.
        None => {
            let mut out = header(table, width, STORED, packed.len());
            out.extend_from_slice(&packed);
            out
        }
    };
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// `data` as one raw deflate stream, its pieces of [`DEFLATE_PIECE`]
/// bytes deflated each on its own on up to `threads` threads (each takes
/// the next piece when it finishes one) and joined in order: the same
/// bytes on any number of threads. `None` if the compressor refused.
fn deflate_pieces(data: &[u8], threads: usize, level: u8) -> Option<Vec<u8>> {
    let pieces: Vec<&[u8]> = data.chunks(DEFLATE_PIECE).collect();
    let Some(last) = pieces.len().checked_sub(1) else {
        return deflate_piece(&[], true, level);
    };
    if last == 0 || threads <= 1 {
        let mut out = Vec::new();
        for (i, piece) in pieces.iter().enumerate() {
            out.extend(deflate_piece(piece, i == last, level)?);
        }
        return Some(out);
    }
    let next = AtomicUsize::new(0);
    let refused = AtomicBool::new(false);
    let done: Mutex<Vec<Option<Vec<u8>>>> = Mutex::new(vec![None; pieces.len()]);
    std::thread::scope(|scope| {
        for _ in 0..threads.min(pieces.len()) {
            scope.spawn(|| loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(piece) = pieces.get(i) else { break };
                let bytes = deflate_piece(piece, i == last, level);
                if bytes.is_none() {
                    refused.store(true, Ordering::Relaxed);
                }
                if let Some(slot) = done.lock().ok().as_mut().and_then(|d| d.get_mut(i)) {
                    *slot = bytes;
                }
            });
        }
    });
    if refused.load(Ordering::Relaxed) {
        return None;
    }
    let done = done.into_inner().ok()?;
    let mut out = Vec::with_capacity(done.iter().flatten().map(Vec::len).sum());
    for bytes in done {
        out.extend(bytes?);
    }
    Some(out)
}

/// One piece of a deflate stream: the last ends the stream; any other
/// ends with a sync flush, on a byte boundary, so that the next piece's
/// blocks can follow it. `None` if the compressor refused.
fn deflate_piece(mut input: &[u8], last: bool, level: u8) -> Option<Vec<u8>> {
    let flags = create_comp_flags_from_zip_params(level.into(), 0, 0);
    let mut compressor = CompressorOxide::new(flags);
    let flush = if last {
        TDEFLFlush::Finish
    } else {
        TDEFLFlush::Sync
    };
    let mut out = vec![0; (input.len() / 2).max(64)];
    let mut at = 0;
    loop {
        let (status, consumed, written) = compress(&mut compressor, input, out.get_mut(at..)?, flush);
        input = input.get(consumed..)?;
        at += written;
        match status {
            TDEFLStatus::Done => break,
            // A sync flush is complete once the input is used up and the
            // output is not full: output waits in the compressor only
            // when the buffer filled.
            TDEFLStatus::Okay if !last && input.is_empty() && at < out.len() => break,
            TDEFLStatus::Okay => {
                if out.len() - at < 64 {
                    out.resize(out.len() * 2, 0);
                }
            }
            TDEFLStatus::BadParam | TDEFLStatus::PutBufFailed => return None,
        }
    }
    out.truncate(at);
    Some(out)
}

/// The fields of a table file before its payload.
fn header(table: &Table, width: u8, encoding: u8, payload_len: usize) -> Vec<u8> {
    let rules = table.indexer().rules().to_string();
    // The rules text is a variant and a few options: far below 64 KiB.
    let rules = &rules.as_bytes()[..rules.len().min(u16::MAX as usize)];
    let class = table.class();
    let mut out = Vec::with_capacity(rules.len() + 64);
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&(rules.len() as u16).to_le_bytes());
    out.extend_from_slice(rules);
    out.extend_from_slice(&[class.light, class.dark, class.light_hand, class.dark_hand]);
    out.push(SYMMETRIC);
    out.extend_from_slice(&(table.len() as u64).to_le_bytes());
    out.push(width);
    out.push(encoding);
    out.extend_from_slice(&(payload_len as u64).to_le_bytes());
    out
}

/// Writes the flat file of a table (see the module's "flat form") to
/// `out`, a piece at a time: the table's one-byte values, uncompressed.
/// A table whose values do not fit a byte has none, and nothing is
/// written then.
pub fn write_flat(table: &Table, out: &mut dyn io::Write) -> Result<(), FlatError> {
    if table.codes().any(|c| parity_byte(c).is_none()) {
        return Err(FlatError::DoesNotFit);
    }
    let head = header(table, 8, FLAT, table.len());
    out.write_all(&head)?;
    let mut sum = fnv1a(&head);
    let mut piece = Vec::with_capacity(1 << 16);
    let mut codes = table.codes();
    loop {
        piece.clear();
        piece.extend(codes.by_ref().take(1 << 16).map_while(parity_byte));
        if piece.is_empty() {
            break;
        }
        sum = fnv1a_on(sum, &piece);
        out.write_all(&piece)?;
    }
    out.write_all(&sum.to_le_bytes())?;
    out.flush()?;
    Ok(())
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

/// The fields of a file before its payload, as written.
struct RawHeader<'a> {
    rules_text: &'a [u8],
    class: Class,
    numbering: u8,
    entries: u64,
    width: u8,
    encoding: u8,
    payload_len: u64,
}

/// What the fields before the payload say, checked.
struct Header {
    indexer: SymIndexer,
    entries: usize,
    width: u8,
    encoding: u8,
}

impl<'a> RawHeader<'a> {
    /// Reads the fields up to the payload, leaving `cur` at its start.
    fn take(cur: &mut Cursor<'a>) -> Result<RawHeader<'a>, TableFileError> {
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
        Ok(RawHeader {
            rules_text,
            class: Class {
                light,
                dark,
                light_hand,
                dark_hand,
            },
            numbering: cur.u8()?,
            entries: cur.u64()?,
            width: cur.u8()?,
            encoding: cur.u8()?,
            payload_len: cur.u64()?,
        })
    }

    /// Checks the fields against each other and the rules.
    fn check(&self) -> Result<Header, TableFileError> {
        let rules_text = String::from_utf8_lossy(self.rules_text);
        let rules: Rules = rules_text
            .parse()
            .map_err(|_| TableFileError::UnknownRules(rules_text.chars().take(64).collect()))?;
        if self.numbering != SYMMETRIC {
            return Err(TableFileError::Corrupt("unknown numbering of the entries"));
        }
        let indexer = SymIndexer::new(rules, self.class)
            .ok_or(TableFileError::Corrupt("the class does not fit the board"))?;
        if indexer.len() != self.entries {
            return Err(TableFileError::Corrupt("the entry count is not the class's"));
        }
        let entries = usize::try_from(self.entries)
            .ok()
            .filter(|&n| n <= u32::MAX as usize)
            .ok_or(TableFileError::Corrupt("the class is too large"))?;
        let width = self.width;
        if !(1..=16).contains(&width) {
            return Err(TableFileError::Corrupt("the entry width is not 1 to 16 bits"));
        }
        entries
            .checked_mul(width as usize)
            .ok_or(TableFileError::Corrupt("the class is too large"))?;
        match self.encoding {
            STORED | DEFLATE => {}
            FLAT if width == 8 && self.payload_len == self.entries => {}
            FLAT => return Err(TableFileError::Corrupt("a flat payload is not one byte an entry")),
            _ => return Err(TableFileError::Corrupt("unknown payload encoding")),
        }
        Ok(Header {
            indexer,
            entries,
            width,
            encoding: self.encoding,
        })
    }
}

/// The table in a file, whatever its rules.
pub fn read(bytes: &[u8]) -> Result<Table, TableFileError> {
    let (raw, payload) = whole(bytes)?;
    let Header {
        indexer,
        entries,
        width,
        encoding,
    } = raw.check()?;
    if encoding == FLAT {
        return Ok(Table::from_parity(indexer, payload.to_vec()));
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

/// Checks a table file without reading its entries: its fields, that it
/// ends where its payload says, and its checksum (which every change of
/// one byte breaks). Gives its rules and class. [`read`] checks the same
/// and then every entry; this takes one pass over the bytes instead of
/// inflating them (Nine's 7v7: 0.7 s against 20 s), for a program that
/// only needs to know that a file is whole.
pub fn check(bytes: &[u8]) -> Result<(Rules, Class), TableFileError> {
    let header = whole(bytes)?.0.check()?;
    Ok((*header.indexer.rules(), header.indexer.class()))
}

/// A whole file's fields before the payload, and the payload: the file
/// ends where the payload says and its checksum holds.
fn whole(bytes: &[u8]) -> Result<(RawHeader<'_>, &[u8]), TableFileError> {
    let mut cur = Cursor { bytes, at: 0 };
    let raw = RawHeader::take(&mut cur)?;
    let payload_len = usize::try_from(raw.payload_len).map_err(|_| TableFileError::Truncated)?;
    let payload = cur.take(payload_len)?;
    let body_end = cur.at;
    let sum = cur.u64()?;
    if cur.at < bytes.len() {
        return Err(TableFileError::TrailingBytes(bytes.len() - cur.at));
    }
    if fnv1a(&bytes[..body_end]) != sum {
        return Err(TableFileError::ChecksumMismatch);
    }
    Ok((raw, payload))
}

/// The most bytes before the payload of a table file: what [`open_flat`]
/// needs of a file's start.
pub const HEAD_MAX: usize = 64 + u16::MAX as usize;

/// A table whose entries stay in a flat file (see the module's "flat
/// form"), read from `source` as they are asked for. `head` is the file's
/// start (at least up to its payload; [`HEAD_MAX`] bytes always do), and
/// `file_len` its length. The checksum is not read here: that takes the
/// whole file ([`check_stream`]). A file in another form is
/// [`TableFileError::NotFlat`].
pub fn open_flat(head: &[u8], file_len: u64, source: Arc<dyn EntrySource>) -> Result<Table, TableFileError> {
    let mut cur = Cursor { bytes: head, at: 0 };
    let raw = RawHeader::take(&mut cur)?;
    if raw.encoding != FLAT {
        return Err(TableFileError::NotFlat);
    }
    let at = cur.at as u64;
    let end = at
        .checked_add(raw.payload_len)
        .and_then(|e| e.checked_add(8))
        .ok_or(TableFileError::Truncated)?;
    if file_len < end {
        return Err(TableFileError::Truncated);
    }
    if file_len > end {
        return Err(TableFileError::TrailingBytes(
            usize::try_from(file_len - end).unwrap_or(usize::MAX),
        ));
    }
    let header = raw.check()?;
    Ok(Table::from_flat(
        header.indexer,
        FlatEntries {
            source,
            at,
            len: header.entries,
        },
    ))
}

/// Reads a whole table file of `len` bytes from `input` and checks its
/// checksum (a flat file opened with [`open_flat`] is checked so).
pub fn check_stream(input: &mut dyn io::Read, len: u64) -> Result<(), TableFileError> {
    let body = len.checked_sub(8).ok_or(TableFileError::Truncated)?;
    let mut sum = 0xcbf2_9ce4_8422_2325;
    let mut left = body;
    let mut piece = vec![0u8; 1 << 20];
    let unreadable = |e: io::Error| match e.kind() {
        io::ErrorKind::UnexpectedEof => TableFileError::Truncated,
        _ => TableFileError::Unreadable(e.to_string()),
    };
    while left > 0 {
        let n = usize::try_from(left.min(piece.len() as u64)).unwrap_or(piece.len());
        let bytes = piece.get_mut(..n).ok_or(TableFileError::Truncated)?;
        input.read_exact(bytes).map_err(unreadable)?;
        sum = fnv1a_on(sum, bytes);
        left -= n as u64;
    }
    let mut tail = [0u8; 8];
    input.read_exact(&mut tail).map_err(unreadable)?;
    if u64::from_le_bytes(tail) != sum {
        return Err(TableFileError::ChecksumMismatch);
    }
    Ok(())
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

    /// A table of Three's 3v3 class whose entry `i` holds `code(i)`, and
    /// its codes.
    fn three_table(code: impl Fn(u32) -> u16) -> (Table, Vec<u16>) {
        let indexer = SymIndexer::new(crate::Variant::Three.rules(), Class::moving(3, 3));
        assert!(indexer.is_some());
        let indexer = indexer.unwrap_or_else(|| unreachable!());
        let codes: Vec<u16> = (0..indexer.len() as u32).map(code).collect();
        (Table::from_codes(indexer, codes.clone()), codes)
    }

    /// A table with distances past a byte's codes is held and written with
    /// two bytes an entry, and reads back the same.
    #[test]
    fn wide_codes_round_trip() {
        let (table, codes) = three_table(|i| (i * 37 % 700) as u16);
        assert_eq!(table.value_bytes(), 2 * codes.len());
        let back = read(&write(&table));
        assert!(back.is_ok(), "{back:?}");
        let Ok(back) = back else { return };
        assert_eq!(back.codes().collect::<Vec<_>>(), codes);
        assert_eq!(back.max_distance(), 349);
    }

    /// A table written at any deflate level reads back the same; the
    /// fastest level makes a larger file than the best.
    #[test]
    fn every_level_reads_back_the_same() {
        let (table, codes) = three_table(|i| (i * i % 61) as u16);
        let best = write(&table);
        assert_eq!(write_at_level(&table, BEST_LEVEL), best);
        assert_eq!(write_at_level(&table, 200), best, "levels above 9 are 9");
        let fastest = write_at_level(&table, 1);
        assert!(
            fastest.len() > best.len(),
            "{} against {}",
            fastest.len(),
            best.len()
        );
        for bytes in [
            best,
            fastest,
            write_at_level(&table, 0),
            write_at_level(&table, 6),
        ] {
            let back = read(&bytes).map(|t| t.codes().collect::<Vec<_>>());
            assert_eq!(back.as_ref().ok(), Some(&codes));
        }
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

    /// The writer's payload: pieces deflated on their own make one
    /// stream that inflates to the bytes, the same on any number of
    /// threads, and one piece is exactly a plain deflate.
    #[test]
    #[allow(clippy::unwrap_used)]
    fn pieces_deflated_apart_make_one_stream() {
        // Runs and noise, over several pieces and a part piece.
        let data: Vec<u8> = (0..7 * DEFLATE_PIECE as u64 + 300)
            .map(|i| {
                if i % 900 < 500 {
                    (i / 97 % 3) as u8
                } else {
                    (i * i % 251) as u8
                }
            })
            .collect();
        let one = deflate_pieces(&data, 1, LEVEL).unwrap();
        for threads in [2, 3, 16] {
            assert_eq!(
                deflate_pieces(&data, threads, LEVEL).unwrap(),
                one,
                "{threads} threads"
            );
        }
        assert_eq!(miniz_oxide::inflate::decompress_to_vec(&one).unwrap(), data);
        let mut inflater = Inflater::new(&one);
        assert_eq!((&mut inflater).collect::<Vec<u8>>(), data);
        assert!(inflater.ended && !inflater.failed);

        for len in [0, 1, DEFLATE_PIECE - 1, DEFLATE_PIECE] {
            let piece = &data[..len];
            let plain = miniz_oxide::deflate::compress_to_vec(piece, LEVEL);
            assert_eq!(deflate_pieces(piece, 2, LEVEL).unwrap(), plain, "{len} bytes");
        }
        // Incompressible pieces outgrow the first output buffer.
        let noise: Vec<u8> = (0..3 * DEFLATE_PIECE as u64)
            .map(|i| (i.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 56) as u8)
            .collect();
        let packed = deflate_pieces(&noise, 2, LEVEL).unwrap();
        assert_eq!(miniz_oxide::inflate::decompress_to_vec(&packed).unwrap(), noise);
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

    /// A flat file in memory, as a program would read it from disk;
    /// `broken` stands for a disk that fails.
    #[derive(Debug)]
    struct Bytes {
        bytes: Vec<u8>,
        broken: bool,
    }

    impl EntrySource for Bytes {
        fn byte_at(&self, offset: u64) -> Option<u8> {
            if self.broken {
                return None;
            }
            self.bytes.get(usize::try_from(offset).ok()?).copied()
        }
    }

    /// A solved table's flat file reads back the same values, into memory
    /// and from the file as they are asked for; a damaged or cut file is
    /// refused, and a table of values past a byte has no flat file.
    #[test]
    fn flat_files_answer_like_the_table() {
        // Six, not Three: Three's 3v3 holds positions where the mover
        // already has a mill (a "win in 0", which has no byte).
        let mut tb = super::super::Tablebase::new(crate::Variant::Six.rules());
        let solved = tb.solve(3, 3).cloned();
        assert!(solved.is_ok(), "{solved:?}");
        let Ok(table) = solved else { return };
        let mut flat = Vec::new();
        assert!(write_flat(&table, &mut flat).is_ok());
        let head_len = flat.len() - table.len() - 8;
        assert_eq!(header(&table, 8, FLAT, table.len()).len(), head_len);

        let codes: Vec<u16> = table.codes().collect();
        let back = read(&flat);
        assert!(back.is_ok(), "{back:?}");
        let Ok(back) = back else { return };
        assert_eq!(back.codes().collect::<Vec<_>>(), codes);
        assert_eq!(back.value_bytes(), codes.len());

        let len = flat.len() as u64;
        let source = Arc::new(Bytes {
            bytes: flat.clone(),
            broken: false,
        });
        let opened = open_flat(&flat[..head_len], len, source.clone());
        assert!(opened.is_ok(), "{opened:?}");
        let Ok(opened) = opened else { return };
        assert!(opened.on_file() && !table.on_file());
        assert_eq!(opened.value_bytes(), 0);
        for i in 0..table.len() as u64 {
            assert_eq!(opened.value(i), table.value(i), "entry {i}");
        }
        assert_eq!(opened.value(table.len() as u64), None);
        assert_eq!(opened.counts(), table.counts());
        assert_eq!(write(&opened), write(&table));
        assert_eq!(check_stream(&mut flat.as_slice(), len), Ok(()));

        // A byte changed anywhere fails the checksum; a cut or longer file
        // fails at once.
        let mut bad = flat.clone();
        bad[head_len + 100] ^= 4;
        assert_eq!(
            check_stream(&mut bad.as_slice(), len),
            Err(TableFileError::ChecksumMismatch)
        );
        assert_eq!(read(&bad).err(), Some(TableFileError::ChecksumMismatch));
        assert_eq!(
            check_stream(&mut &flat[..flat.len() - 3], len).err(),
            Some(TableFileError::Truncated)
        );
        assert_eq!(
            open_flat(&flat, len - 1, source.clone()).err(),
            Some(TableFileError::Truncated)
        );
        assert_eq!(
            open_flat(&flat, len + 2, source.clone()).err(),
            Some(TableFileError::TrailingBytes(2))
        );
        assert_eq!(
            open_flat(&flat[..head_len - 1], len, source.clone()).err(),
            Some(TableFileError::Truncated)
        );
        // The packed file of the same table is not flat.
        let packed = write(&table);
        assert_eq!(
            open_flat(&packed, packed.len() as u64, source).err(),
            Some(TableFileError::NotFlat)
        );
        // A disk that fails answers nothing, and the table is not taken
        // for another.
        let broken = Arc::new(Bytes {
            bytes: flat.clone(),
            broken: true,
        });
        let dark = open_flat(&flat, len, broken);
        assert!(dark.is_ok(), "{dark:?}");
        if let Ok(dark) = dark {
            assert_eq!(dark.value(0), None);
            let mut again = Vec::new();
            assert!(matches!(
                write_flat(&dark, &mut again),
                Err(FlatError::DoesNotFit)
            ));
            assert!(read(&write(&dark)).is_err());
        }

        // A win of an even number of plies has no byte: nothing is written.
        let Some((indexer, codes)) = coded(|i| if i == 9 { Value::Win(2) } else { Value::Draw }) else {
            return;
        };
        let odd = Table::from_codes(indexer, codes);
        let mut none = Vec::new();
        assert!(matches!(write_flat(&odd, &mut none), Err(FlatError::DoesNotFit)));
        assert!(none.is_empty());
    }

    /// A flat header that does not say one byte an entry is refused.
    #[test]
    fn a_flat_payload_must_be_one_byte_an_entry() {
        let Some((indexer, codes)) = coded(|_| Value::Draw) else {
            return;
        };
        let table = Table::from_codes(indexer, codes);
        for (width, payload_len) in [(16, table.len()), (8, table.len() - 1)] {
            let mut file = header(&table, width, FLAT, payload_len);
            file.extend(std::iter::repeat_n(0u8, payload_len));
            let sum = fnv1a(&file);
            file.extend_from_slice(&sum.to_le_bytes());
            assert_eq!(
                read(&file).err(),
                Some(TableFileError::Corrupt("a flat payload is not one byte an entry")),
                "width {width}, {payload_len} bytes"
            );
        }
    }
}
