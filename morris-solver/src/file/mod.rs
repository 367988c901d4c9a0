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
//! | 1 | the numbering of the entries: 1, cut by the board's symmetries ([`crate::SymIndexer`]) |
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
//! in the system's file cache. Each entry is read with its block of 4096,
//! checked against a sum taken when the file was opened, so a file changed
//! on disk afterwards gives no wrong value and the table says so
//! ([`crate::Table::fault`]; the reasons for this design are in
//! [`crate::EntrySource`]'s module). [`write_flat`] makes such a file;
//! [`read`] reads it into memory like any other. A table with a value
//! that has no such byte (Three Men's Morris's, whose unreachable
//! positions with the mover's mill already made are "wins in 0") has no
//! flat file.
//!
//! # The win/draw/loss form
//!
//! A win/draw/loss file (encoding 3, width 2) keeps only whether the side
//! to move wins, draws or loses, two bits an entry in blocks deflated one
//! by one; its layout is in [`crate::wdl_entries`]'s module. It is about a
//! quarter of the file with distances (Nine's 6v5: 7.9 MB against 27.4),
//! stays deflated in memory, and a probe inflates one block. [`read`]
//! reads it into a table whose wins and losses have the distance
//! [`crate::FAR`] ([`Table::has_distances`] is false): enough never to
//! give away a result, not to win in the fewest moves. No class is solved
//! from such a table ([`crate::SolveError::NoDistances`]).
//!
//! Version 1 had no numbering byte and one entry per position; this build
//! rejects it with [`TableFileError::OldVersion`] (the tables are made

mod deflate;
mod disk;
mod flat;
mod header;
mod packing;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod wdl_tests;

use morris_core::Rules;

pub use deflate::{BEST_LEVEL, DEFLATE_PIECE};
pub use disk::{
    read_bounded, read_table_file, read_table_files, table_files, DiskError, FileEntries, MAX_TABLE_FILE,
};
pub use flat::{check_stream, open_flat, write_flat, FlatError};
pub use header::{TableFileError, FORMAT_VERSION, MAGIC};

use deflate::{deflate_pieces, Inflater};
use header::{framed, whole, Header, DEFLATE, FLAT, STORED, WDL};
use packing::{bits_for, pack, unpack_each, ExactCodes};

use crate::index::Class;
use crate::table::Table;
use crate::threads::solve_threads;
use crate::value::Value;
use crate::wdl_entries::{self, WdlEntries};

/// The file of one table, deflated at [`BEST_LEVEL`].
pub fn write(table: &Table) -> Vec<u8> {
    write_at_level(table, BEST_LEVEL)
}

/// The file of one table, deflated at `level` (1, fastest, to 9, smallest;
/// other numbers are brought into that range). Any level reads the same.
/// A win/draw/loss table keeps its form, whatever the level.
pub fn write_at_level(table: &Table, level: u8) -> Vec<u8> {
    if !table.has_distances() {
        return write_wdl(table, wdl_entries::WDL_BLOCK);
    }
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
    match deflate_pieces(&packed, solve_threads(), level) {
        Some(payload) => framed(table, width, DEFLATE, &payload),
        // The compressor never refuses a buffer in memory; were it to,
        // the entries are stored as they are, still a good file.
        None => framed(table, width, STORED, &packed),
    }
}

/// The win/draw/loss file of a table (see the module's docs), its packed
/// entries deflated in blocks of `block` bytes (`WDL_BLOCK` when in
/// doubt; 0 is taken as 1).
pub fn write_wdl(table: &Table, block: usize) -> Vec<u8> {
    // Every entry, those that repeat a smaller one too: a probe may land
    // on either (a [`crate::SymIndexer`]'s [`crate::Numbering::index`]
    // does not always give the smallest).
    let codes = table.codes().map(|code| match Value::decode(code) {
        Value::Loss(_) => wdl_entries::LOSS,
        Value::Draw => wdl_entries::DRAW,
        Value::Win(_) => wdl_entries::WIN,
    });
    framed(table, 2, WDL, &wdl_entries::payload(codes, table.len(), block))
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
    if encoding == WDL {
        let entries = WdlEntries::read(payload, entries).map_err(TableFileError::Corrupt)?;
        return Ok(Table::from_wdl(indexer, entries));
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
