//! The entries of a win/draw/loss table (see [`crate::write_wdl`]): two
//! bits an entry, four a byte, in blocks of packed bytes deflated one by
//! one, so that a probe inflates one block, not the class. The blocks stay
//! deflated in memory (Nine's 6v5: 7.9 MB instead of 150 MB at a byte an
//! entry); an inflated block stays in a small cache of the table, so the
//! many probes of a search near one another inflate it once.
//!
//! The payload, integers little-endian:
//!
//! | bytes | field |
//! | --- | --- |
//! | 4 | packed bytes a block holds, `b` (the last block may hold fewer) |
//! | 4 | blocks `n`: the packed bytes (a quarter of the entries, rounded up) divided by `b`, rounded up |
//! | 4 `n` | where each block's deflated bytes end, counted from the first block's start |
//! | … | the blocks, raw deflate, one after another |
//!
//! An entry's code: 0 a loss for the side to move, 1 a draw, 2 a win (3 is
//! no code). Entry `i` is bits `2 (i mod 4)` and up of packed byte `i / 4`.
//! Every entry holds its value, those that repeat a smaller entry (weight
//! 0) too: a probe may land on either.
//!
//! A block is checked when it is first inflated: it must inflate to its
//! length and hold no code 3, or its entries answer nothing.

use miniz_oxide::deflate::compress_to_vec;
use miniz_oxide::inflate::decompress_slice_iter_to_slice;

use crate::block_cache::BlockCache;

/// Packed bytes a block holds when the writer is not told otherwise:
/// 32,768 entries. Measured on Nine's 6v4 (natively): 2 KiB blocks make
/// the file 7 % larger and a probe that inflates its block 9 µs; 32 KiB
/// blocks 2 % smaller and 70 µs; 8 KiB 22 µs.
pub const WDL_BLOCK: usize = 8192;

/// Inflated blocks a table keeps: 4 MiB at most, allocated as they are
/// first used. The engine in WebAssembly (`tests/node/wdl-bench.mjs`,
/// positions whose captures lead into the class) searched 6v4, 7v4 and
/// 6v5 at 1.51, 0.50 and 1.15 million nodes a second with 64 blocks; with
/// 512, at 1.74, 0.93 and 1.54 million, as fast as with the tables with
/// distances in memory (1.74, 0.80 and 1.21 million), which take 54, 106
/// and 150 MB there.
const CACHED_BLOCKS: usize = 512;

/// The code of a loss, a draw and a win.
pub(crate) const LOSS: u8 = 0;
pub(crate) const DRAW: u8 = 1;
pub(crate) const WIN: u8 = 2;

/// The deflate level of the blocks: written once, read often.
const LEVEL: u8 = 9;

/// A win/draw/loss table's entries, deflated in blocks.
#[derive(Debug)]
pub(crate) struct WdlEntries {
    len: usize,
    block: usize,
    ends: Vec<u32>,
    data: Vec<u8>,
    cache: BlockCache,
}

/// The payload of `len` codes (each 0 to 2) in blocks of `block` packed
/// bytes.
pub(crate) fn payload(codes: impl Iterator<Item = u8>, len: usize, block: usize) -> Vec<u8> {
    let block = block.max(1);
    let mut packed = vec![0u8; len.div_ceil(4)];
    for (i, code) in codes.take(len).enumerate() {
        packed[i / 4] |= (code & 3) << (2 * (i % 4));
    }
    let blocks: Vec<Vec<u8>> = packed.chunks(block).map(|c| compress_to_vec(c, LEVEL)).collect();
    let mut out = Vec::with_capacity(8 + 4 * blocks.len() + blocks.iter().map(Vec::len).sum::<usize>());
    out.extend_from_slice(&(block as u32).to_le_bytes());
    out.extend_from_slice(&(blocks.len() as u32).to_le_bytes());
    let mut end = 0u32;
    for b in &blocks {
        end += b.len() as u32;
        out.extend_from_slice(&end.to_le_bytes());
    }
    for b in &blocks {
        out.extend_from_slice(b);
    }
    out
}

fn u32_at(bytes: &[u8], at: usize) -> Result<u32, &'static str> {
    let b = bytes
        .get(at..at + 4)
        .ok_or("the win/draw/loss block list is cut short")?;
    Ok(u32::from_le_bytes([b[0], b[1], b[2], b[3]]))
}

impl WdlEntries {
    /// The entries of a payload holding `len` of them. Its blocks are
    /// checked as they are first read: one that does not inflate to its
    /// length, or holds code 3, answers nothing (the file's checksum has
    /// already held, so only a file made wrong on purpose gets there).
    /// The error says what is wrong with the block list.
    pub(crate) fn read(payload: &[u8], len: usize) -> Result<WdlEntries, &'static str> {
        let block = u32_at(payload, 0)? as usize;
        let count = u32_at(payload, 4)? as usize;
        if block == 0 || count != len.div_ceil(4).div_ceil(block) {
            return Err("the win/draw/loss blocks do not cover the entries");
        }
        let mut ends = Vec::with_capacity(count);
        let mut last = 0;
        for k in 0..count {
            let end = u32_at(payload, 8 + 4 * k)?;
            if end < last {
                return Err("the win/draw/loss blocks' ends are out of order");
            }
            ends.push(end);
            last = end;
        }
        let data = payload.get(8 + 4 * count..).unwrap_or_default();
        if last as usize != data.len() {
            return Err("the win/draw/loss blocks do not end where the payload does");
        }
        Ok(WdlEntries {
            len,
            block,
            ends,
            data: data.to_vec(),
            cache: BlockCache::new(count, CACHED_BLOCKS),
        })
    }

    /// Block `k` inflated into `out`, if it inflates to its length.
    fn inflate(&self, k: usize, out: &mut Vec<u8>) -> Option<()> {
        let from = if k == 0 {
            0
        } else {
            *self.ends.get(k - 1)? as usize
        };
        let to = *self.ends.get(k)? as usize;
        let want = self.block.min(self.len.div_ceil(4) - k * self.block);
        out.resize(want, 0);
        let input = std::iter::once(self.data.get(from..to)?);
        let n = decompress_slice_iter_to_slice(out, input, false, true).ok()?;
        let valid = out.iter().all(|&b| b & (b >> 1) & 0x55 == 0);
        (n == want && valid).then_some(())
    }
}

/// A win/draw/loss table's codes as a table holds them: behind a pointer,
/// so that a program that never reads such a file (the app's first engine
/// worker, which has no tables) carries none of the inflating, which only
/// [`WdlEntries::read`] brings in (7.5 KB gzip of that worker).
pub(crate) trait WdlCodes: Send + Sync + std::fmt::Debug {
    /// The code of entry `i` (0 loss, 1 draw, 2 win); `None` past the end,
    /// or in a block that does not read.
    fn code(&self, i: usize) -> Option<u8>;

    fn len(&self) -> usize;

    /// The deflated bytes the entries take in memory.
    fn bytes(&self) -> usize;
}

impl WdlCodes for WdlEntries {
    fn len(&self) -> usize {
        self.len
    }

    fn bytes(&self) -> usize {
        self.data.len() + 4 * self.ends.len()
    }

    #[inline]
    fn code(&self, i: usize) -> Option<u8> {
        if i >= self.len {
            return None;
        }
        let byte = i / 4;
        let k = byte / self.block;
        let b = self
            .cache
            .byte(k, byte % self.block, |bytes| self.inflate(k, bytes))?;
        Some((b >> (2 * (i % 4))) & 3)
    }
}
