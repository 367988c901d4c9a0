//! The flat form of a table file (one byte an entry, uncompressed; see the
//! module above): writing it, opening it to read entries as they are asked
//! for, and checking a whole file from a stream.

use std::io;
use std::sync::Arc;

use thiserror::Error;

use super::header::{fnv1a, fnv1a_on, header, Cursor, RawHeader, TableFileError, FLAT};
use crate::flat_entries::{block_sum, EntrySource, FlatEntries, BLOCK};
use crate::table::Table;
use crate::value::parity_byte;

/// Why a table has no flat file.
#[derive(Debug, Error)]
pub enum FlatError {
    #[error("a value of the table does not fit the flat form's byte (a win of an even number of plies, or one longer than 255 plies)")]
    DoesNotFit,
    #[error("cannot write the flat table: {0}")]
    Io(#[from] io::Error),
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

/// The bytes of a table file up to its rules text: magic, version and the
/// text's length.
const FIXED_HEAD: usize = 12;
/// The bytes between the rules text and the payload: class, numbering,
/// entries, width, encoding, payload length.
const AFTER_RULES: usize = 23;

/// A table whose entries stay in a flat file (see the module's "flat
/// form"), read from `source` as they are asked for; `file_len` is the
/// file's length. The whole file is read through once here, to check its
/// checksum and take the sums its entries are checked against whenever
/// they are read later (see [`crate::EntrySource`]'s module): a file that
/// changes after this gives no wrong value, and the table says so
/// ([`Table::fault`]). A file in another form is
/// [`TableFileError::NotFlat`], found from its first bytes alone.
pub fn open_flat(source: Arc<dyn EntrySource>, file_len: u64) -> Result<Table, TableFileError> {
    let unreadable = |e: io::Error| match e.kind() {
        io::ErrorKind::UnexpectedEof => TableFileError::Truncated,
        _ => TableFileError::Unreadable(e.to_string()),
    };
    // The fields up to the rules text's length, then up to the payload:
    // the file's first bytes and no more, whatever its length.
    let upto = |n: usize| usize::try_from(file_len).map_or(n, |len| len.min(n));
    let mut head = vec![0u8; upto(FIXED_HEAD)];
    source.read_at(0, &mut head).map_err(unreadable)?;
    let rules_len = head
        .get(10..12)
        .map_or(0, |b| usize::from(u16::from_le_bytes([b[0], b[1]])));
    head.resize(upto(FIXED_HEAD + rules_len + AFTER_RULES), 0);
    source.read_at(0, &mut head).map_err(unreadable)?;
    let mut cur = Cursor { bytes: &head, at: 0 };
    let raw = RawHeader::take(&mut cur)?;
    if raw.encoding != FLAT {
        return Err(TableFileError::NotFlat);
    }
    let at = cur.at;
    let end = (at as u64)
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
    let mut sum = fnv1a(head.get(..at).ok_or(TableFileError::Truncated)?);
    // The payload a run of whole blocks at a time, each block's sum taken
    // from the very bytes the checksum sees.
    let mut sums = Vec::with_capacity(header.entries.div_ceil(BLOCK));
    let mut piece = vec![0u8; 256 * BLOCK];
    let mut done = 0;
    while done < header.entries {
        let n = piece.len().min(header.entries - done);
        let bytes = piece.get_mut(..n).ok_or(TableFileError::Truncated)?;
        source.read_at((at + done) as u64, bytes).map_err(unreadable)?;
        sum = fnv1a_on(sum, bytes);
        sums.extend(bytes.chunks(BLOCK).map(block_sum));
        done += n;
    }
    let mut tail = [0u8; 8];
    source
        .read_at((at + done) as u64, &mut tail)
        .map_err(unreadable)?;
    if u64::from_le_bytes(tail) != sum {
        return Err(TableFileError::ChecksumMismatch);
    }
    Ok(Table::from_flat(
        header.indexer,
        FlatEntries::new(source, at as u64, header.entries, sums),
    ))
}

/// Reads a whole table file of `len` bytes from `input` and checks its
/// checksum, as [`open_flat`] checks a flat file.
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
