//! Win/draw/loss tables made for HTTP range reads from any static host
//! (issue 58): the tables of a rule set as a folder of files that a
//! browser reads a block at a time with `Range:` requests, and that a
//! program on disk reads the same way.
//!
//! # The files
//!
//! - `manifest.json` ([`Manifest`]), fetched first: the rules, and per
//!   class (`8v6`, hands empty) its entries, its blocks, the packed bytes
//!   a block holds, its index file and its part files, each with its bytes
//!   and SHA-256.
//! - Per class an index, `STEM.wdli` ([`BlockIndex`]), fetched once: where
//!   each block starts and ends in its part and each block's CRC-32.
//! - Per class one or more parts, `STEM-0.wdlb`, `STEM-1.wdlb`, …: the
//!   blocks, raw deflate, one after another. A class whose blocks make
//!   more than the most a file may hold ([`WEB_MAX_FILE`], 100 MB) is
//!   split into parts at block boundaries.
//!
//! The entries are those of the class's table ([`crate::SymIndexer`]'s
//! numbering), two bits each, four a byte, entry `i` at bits `2 (i mod
//! 4)` of packed byte `i / 4`: 0 a loss for the side to move, 1 a draw, 2
//! a win (3 is no code). Block `k` holds packed bytes `k b` to `(k + 1) b
//! - 1`; `b` is a power of two chosen per class (4 KiB to 256 KiB) so that
//! a block deflates to about [`WEB_BLOCK_TARGET`] bytes.
//!
//! An entry that repeats a smaller symmetric one (weight 0) holds its
//! predecessor's code, which deflate takes for free: a reader brings a
//! position to the smallest entry of its symmetric images
//! ([`crate::SymIndexer::canonical`]) before it looks, and never lands on
//! one ([`WebTables::locate`]).
//!
//! The index, integers little-endian:
//!
//! | bytes | field |
//! | --- | --- |
//! | 8 | magic `MULINOWI` |
//! | 2 | version ([`WEB_VERSION`]) |
//! | 2 | length `n` of the rules text |
//! | n | the rules as in a position text (`nine`), UTF-8 |
//! | 4 | the class: light and dark on the board, light and dark in hand (0) |
//! | 8 | entries (both sides to move) |
//! | 4 | packed bytes a block holds, `b` (the last block may hold fewer) |
//! | 4 | blocks `m`: the packed bytes (a quarter of the entries, rounded up) divided by `b`, rounded up |
//! | 4 | parts `p` |
//! | 4 `p` | the first block of each part: 0, then increasing |
//! | 8 `m` | per block: where its bytes end in its part (u32), its bytes' CRC-32 (u32) |
//! | 4 | CRC-32 of every byte before it |
//!
//! A block starts where the one before it in its part ends, or at 0. A
//! probe reads exactly one block: one range request. A block is refused
//! ([`WebTableError`]) unless it has its length and its CRC-32 and
//! inflates to its packed bytes with no code 3, so a damaged block is
//! never taken for a value; an index must have the manifest's SHA-256.
//!
//! [`write_web`] makes a class's files from a table, [`WebTables`] reads
//! them with no I/O of its own (given the manifest and index bytes, it
//! names the range a position needs and reads the value from its bytes),
//! [`DiskWebTables`] reads them from a folder, and (feature `remote`)
//! `remote::RemoteReader` over HTTP, by range requests, with its caches.

mod block_index;
mod disk;
mod error;
mod manifest;
mod reader;
#[cfg(feature = "remote")]
pub mod remote;
#[cfg(test)]
mod tests;
mod writer;

pub use block_index::{BlockIndex, INDEX_MAGIC};
pub use disk::{class_stats, list_class, DiskWebTables};
pub use error::WebTableError;
pub use manifest::{parse_class, sha256_hex, Manifest, ManifestClass, ManifestFile, MANIFEST_FORMAT};
pub use reader::{BlockRange, InflatedBlock, WebTables};
pub use writer::{write_web, WebFiles, WebOptions, WebStats};

use crate::index::Class;

/// The version of the layout (manifest and index) this build writes and reads.
pub const WEB_VERSION: u32 = 1;

/// The deflated bytes a block aims at. Measured on Nine's 8v6 and 7v7
/// (docs/tables.md, "Nine for any static host").
pub const WEB_BLOCK_TARGET: usize = 16 << 10;

/// The most bytes a file may hold: below the 100 MiB a file may have on
/// GitHub (and Pages), and far below other static hosts' limits.
pub const WEB_MAX_FILE: u64 = 100_000_000;

/// The manifest's name in the folder.
pub const MANIFEST_FILE: &str = "manifest.json";

/// The index file of the class written as `stem` (`nine-8v6`).
pub fn index_file_name(stem: &str) -> String {
    format!("{stem}.wdli")
}

/// Part `j` of the class written as `stem`.
pub fn part_file_name(stem: &str, j: usize) -> String {
    format!("{stem}-{j}.wdlb")
}

/// A class's name as the manifest writes it: `8v6`.
pub fn class_name(class: Class) -> String {
    format!("{}v{}", class.light, class.dark)
}
