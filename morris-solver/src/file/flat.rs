//! The flat form of a table file (one byte an entry, uncompressed; see the
//! module above): writing it, opening it to read entries as they are asked
//! for, and checking a whole file from a stream.

use std::io;
use std::sync::Arc;

use thiserror::Error;

use super::header::{fnv1a, fnv1a_on, header, Cursor, RawHeader, TableFileError, FLAT};
use crate::table::{EntrySource, FlatEntries, Table};
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
