//! The entries of a flat table file (see [`crate::open_flat`]), read as
//! they are asked for, each with its whole block of the file, which must
//! still be the block that was checked when the file was loaded: a file
//! changed, cut short or failing on disk after it was loaded gives no
//! value and is reported ([`TableChanged`], [`crate::Table::fault`]),
//! never a wrong one.
//!
//! # Why sums of blocks taken at load
//!
//! Loading a flat file reads it through once anyway, for its checksum. In
//! that pass every block of 4096 payload bytes (`BLOCK`) gets a 64-bit sum
//! ([`block_sum`]), kept in memory: 8 bytes per 4 KiB, 0.2 % of the file
//! (1.7 MB for Nine's 7v7, a 0.85 GB flat file). An entry is read with its
//! block, and no byte of the block is believed before the block's sum
//! matches the one taken at load; a checked block stays in a small cache
//! of the table, so a probe near an earlier one costs no read at all.
//!
//! - **What it catches**: any change of the bytes themselves, whatever
//!   made it: a write in place, a file cut short or grown and rewritten,
//!   a disk or network file system that returns other bytes. A change of
//!   one aligned 8-byte word always changes the sum (each step of the sum
//!   is a bijection of its state); any other change passes with a chance of
//!   about 2⁻⁶⁴. A file cut short fails its read and is reported as such.
//! - **What it does not need to catch**: a new file renamed over the old
//!   path. The table keeps the file it opened, which the system keeps
//!   whole while it is open, so its answers stay right.
//! - **Why not remember the length and modification time and re-check
//!   them** (a system call a probe, as dear as the read itself): they say
//!   what the file system says, not what the bytes are. A write within the
//!   clock tick of the load, a modification time set back (`touch -r`,
//!   `cp -p`, a copy tool that keeps times) over a file of the same size,
//!   a network file system's cached attributes, or a disk that returns
//!   other bytes all pass unseen.
//! - **Why not sums stored in the file** (a new flat format): the sums that
//!   count are those of the bytes that passed the checksum at load, and
//!   taking them then needs no new format version, so every flat file made
//!   so far keeps working. Sums read from the file would only add a second
//!   copy of the file to trust.
//!
//! Once a block fails, the table answers nothing more (every position of
//! it is then "not covered", and a program falls back on its search): a
//! file known to have changed once is not trusted again.

use std::fmt;
use std::io;
use std::sync::{Arc, OnceLock};

use thiserror::Error;

use crate::block_cache::BlockCache;

/// Where a table opened with [`open_flat`](crate::open_flat) reads its
/// file: bytes at a place in the file. A program with files implements it
/// on a file; this crate itself does no input or output.
pub trait EntrySource: Send + Sync + fmt::Debug {
    /// Fills `buf` with the bytes from `offset`; a file that ends before
    /// `buf` is full is an [`io::ErrorKind::UnexpectedEof`] error.
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> io::Result<()>;

    /// What the source is, for messages: the file's path.
    fn name(&self) -> String;
}

/// A flat table's file that no longer holds what was checked when it was
/// loaded: its table answers nothing from then on.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("{file}: the flat table file changed after it was loaded ({reason}); its table is no longer used")]
pub struct TableChanged {
    /// The file, as its [`EntrySource::name`] gives it.
    pub file: String,
    /// What was found.
    pub reason: String,
}

/// The payload bytes a block sum covers (the last block may be
/// shorter).
pub(crate) const BLOCK: usize = 4096;

/// Checked blocks a table keeps, each `BLOCK` bytes, allocated as they
/// are first used: at most 256 KiB a table.
const CACHED_BLOCKS: usize = 64;

/// An odd constant (the golden ratio's 64 bits): multiplying by it is a
/// bijection of 64-bit words.
const MIX: u64 = 0x9e37_79b9_7f4a_7c15;

/// One step of the sum: a bijection of the state for every word, and of
/// the word for every state.
#[inline]
fn step(h: u64, word: u64) -> u64 {
    let h = (h ^ word).wrapping_mul(MIX);
    h ^ (h >> 32)
}

/// The 64-bit sum of a block: four lanes of 8-byte words (32 bytes a
/// round, so the processor runs the lanes side by side), folded together
/// with the length and the last bytes. Every step is a bijection of the
/// state, so one changed word always changes the sum.
pub(crate) fn block_sum(bytes: &[u8]) -> u64 {
    let mut lanes = [1u64, 2, 3, 4].map(|i| i.wrapping_mul(MIX));
    let mut rounds = bytes.chunks_exact(32);
    for round in &mut rounds {
        for (lane, word) in lanes.iter_mut().zip(round.chunks_exact(8)) {
            let mut w = [0u8; 8];
            w.copy_from_slice(word);
            *lane = step(*lane, u64::from_le_bytes(w));
        }
    }
    let mut h = step(0, bytes.len() as u64);
    for lane in lanes {
        h = step(h, lane);
    }
    for word in rounds.remainder().chunks(8) {
        let mut w = [0u8; 8];
        w[..word.len()].copy_from_slice(word);
        h = step(h, u64::from_le_bytes(w));
    }
    h
}

/// A flat table's entries in its file: the payload starts at `at` and
/// holds `len` entries, one byte each, in blocks of `BLOCK` whose sums
/// were taken at load.
#[derive(Debug)]
pub(crate) struct FlatEntries {
    source: Arc<dyn EntrySource>,
    at: u64,
    len: usize,
    sums: Box<[u64]>,
    cache: BlockCache,
    fault: OnceLock<TableChanged>,
}

impl FlatEntries {
    /// The entries of `source` from `at`, with the sums of their blocks
    /// (one per `BLOCK` entries, the last for the rest).
    pub(crate) fn new(source: Arc<dyn EntrySource>, at: u64, len: usize, sums: Vec<u64>) -> FlatEntries {
        let cache = BlockCache::new(sums.len(), CACHED_BLOCKS);
        FlatEntries {
            source,
            at,
            len,
            sums: sums.into_boxed_slice(),
            cache,
            fault: OnceLock::new(),
        }
    }

    pub(crate) fn len(&self) -> usize {
        self.len
    }

    /// The change found in the file, if one was.
    pub(crate) fn fault(&self) -> Option<&TableChanged> {
        self.fault.get()
    }

    /// Entry `i`, from a block that still matches its sum; `None` past the
    /// end, or once the file is found changed.
    #[inline]
    pub(crate) fn byte(&self, i: usize) -> Option<u8> {
        if i >= self.len || self.fault.get().is_some() {
            return None;
        }
        let block = i / BLOCK;
        self.cache.byte(block, i % BLOCK, |bytes| self.load(block, bytes))
    }

    /// Reads block `block` into `bytes` and checks it against its sum;
    /// `None`, with the fault recorded, if it cannot be read or differs.
    fn load(&self, block: usize, bytes: &mut Vec<u8>) -> Option<()> {
        let start = block * BLOCK;
        let n = BLOCK.min(self.len - start);
        bytes.resize(n, 0);
        let reason = match self.source.read_at(self.at + start as u64, bytes) {
            Ok(()) if self.sums.get(block) == Some(&block_sum(bytes)) => return Some(()),
            Ok(()) => format!("the bytes of entries {start} to {} differ", start + n - 1),
            Err(e) if e.kind() == io::ErrorKind::UnexpectedEof => {
                format!("it ends before entry {}: it was cut short", start + n - 1)
            }
            Err(e) => format!("entries {start} to {} cannot be read: {e}", start + n - 1),
        };
        let _ = self.fault.set(TableChanged {
            file: self.source.name(),
            reason,
        });
        None
    }
}
