//! Writing a table as web table files: its win/draw/loss codes packed,
//! cut into blocks deflated one by one, the blocks laid into parts of at
//! most a given size, and the block index.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::Mutex;

use miniz_oxide::deflate::compress_to_vec;

use super::block_index::BlockIndex;
use super::error::WebTableError;
use crate::index::Numbering;
use crate::reduced::SymIndexer;
use crate::table::Table;
use crate::threads::solve_threads;
use crate::value::Value;
use crate::wdl_entries::{DRAW, LOSS, WIN};

/// The deflate level of the blocks: written once, read often.
const LEVEL: u8 = 9;

/// The fewest and the most packed bytes a block holds, whatever the
/// target: a block inflates in well under a millisecond even in
/// WebAssembly, and a class of few bits an entry is not cut into
/// thousands of blocks of a few bytes.
const MIN_BLOCK: usize = 4 << 10;
const MAX_BLOCK: usize = 256 << 10;

/// How the files are made.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct WebOptions {
    /// The deflated bytes a block should hold: each class's blocks hold
    /// the power of two of packed bytes that deflates closest to this.
    pub block_target: usize,
    /// The most bytes a file may hold: a class is split into parts at
    /// block boundaries to stay below it.
    pub max_file: u64,
    /// Keep the value of entries that repeat a smaller symmetric one
    /// (weight 0) instead of giving them their predecessor's, for a reader
    /// that does not bring a position to its smallest image first.
    pub keep_repeats: bool,
}

impl Default for WebOptions {
    fn default() -> WebOptions {
        WebOptions {
            block_target: super::WEB_BLOCK_TARGET,
            max_file: super::WEB_MAX_FILE,
            keep_repeats: false,
        }
    }
}

/// What a class's codes hold as stored, for the report.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct WebStats {
    pub entries: u64,
    /// Entries stored as lost, drawn and won for the side to move.
    pub counts: [u64; 3],
    /// Per the codes of the four entries before (eight bits, the nearest
    /// lowest): how often each code follows them.
    pub after_four: Vec<[u64; 3]>,
    /// Entries that repeat a smaller symmetric entry (weight 0).
    pub repeats: u64,
    /// The largest block's deflated bytes: the most a probe fetches.
    pub largest_block: u64,
}

/// Bits an entry of codes counted `counts`, of `n` entries in all.
fn entropy_of(counts: &[u64; 3], n: u64) -> f64 {
    let total = counts.iter().sum::<u64>().max(1) as f64;
    let h: f64 = counts
        .iter()
        .filter(|&&c| c > 0)
        .map(|&c| {
            let p = c as f64 / total;
            -p * p.log2()
        })
        .sum();
    h * total / n.max(1) as f64
}

impl WebStats {
    fn new(entries: u64) -> WebStats {
        WebStats {
            entries,
            counts: [0; 3],
            after_four: vec![[0; 3]; 256],
            repeats: 0,
            largest_block: 0,
        }
    }

    /// Counts the code `code`, stored after the codes `before` (the last
    /// four, the nearest in the lowest bits); gives the new `before`.
    fn add(&mut self, code: u8, before: u8) -> u8 {
        let c = usize::from(code.min(2));
        self.counts[c] += 1;
        if let Some(row) = self.after_four.get_mut(usize::from(before)) {
            row[c] += 1;
        }
        before << 2 | code & 3
    }

    /// The empirical entropy of the codes, bits an entry: the least a
    /// coder that sees each entry alone, knowing only how often each
    /// value comes, can store them in.
    pub fn entropy(&self) -> f64 {
        entropy_of(&self.counts, self.entries)
    }

    /// The empirical entropy of each code given the four before it, bits
    /// an entry: the least a coder that predicts each entry from those
    /// four alone can store them in (deflate sees further back, and can
    /// do better).
    pub fn entropy_after_four(&self) -> f64 {
        self.after_four
            .iter()
            .map(|row| entropy_of(row, self.entries))
            .sum()
    }

    /// The stats of a class's files: every block inflated and its codes
    /// counted. Refused if a block does not read.
    pub fn of_files(index: &BlockIndex, parts: &[Vec<u8>]) -> Result<WebStats, WebTableError> {
        let indexer = index.indexer()?;
        let mut stats = WebStats::new(index.entries());
        let mut repeats = Repeats::new(&indexer);
        let mut before = 0u8;
        let mut at = 0u64;
        for k in 0..index.blocks() {
            let span = index
                .span(k)
                .ok_or(WebTableError::Corrupt("a block ends before it starts"))?;
            let bytes = parts
                .get(span.part)
                .and_then(|p| p.get(span.start as usize..span.end as usize))
                .ok_or(WebTableError::Truncated)?;
            stats.largest_block = stats.largest_block.max(bytes.len() as u64);
            let packed = index.inflate(k, bytes)?;
            for i in 0..packed.len() * 4 {
                if at >= index.entries() {
                    break;
                }
                let code = (packed[i / 4] >> (2 * (i % 4))) & 3;
                before = stats.add(code, before);
                stats.repeats += u64::from(repeats.is_repeat(at));
                at += 1;
            }
        }
        Ok(stats)
    }
}

/// Which entries repeat a smaller symmetric one, asked in order from the
/// first: most runs of entries have a light set only the identity keeps
/// in place, and no repeats.
struct Repeats<'a> {
    indexer: &'a SymIndexer,
    run: u64,
    alone: bool,
}

impl<'a> Repeats<'a> {
    fn new(indexer: &'a SymIndexer) -> Repeats<'a> {
        Repeats {
            indexer,
            run: indexer.dark_sets().max(1),
            alone: true,
        }
    }

    fn is_repeat(&mut self, entry: u64) -> bool {
        if entry % self.run == 0 {
            self.alone = self.indexer.light_alone(entry);
        }
        if self.alone {
            return false;
        }
        let (light, dark, turn) = self.indexer.unrank(entry);
        self.indexer.canonical(light, dark, turn) != entry
    }
}

/// A class's web files, in memory.
#[derive(Clone, Debug)]
pub struct WebFiles {
    pub index: BlockIndex,
    pub parts: Vec<Vec<u8>>,
    pub stats: WebStats,
}

/// The codes of a table packed four a byte, and what they hold.
fn packed_codes(table: &Table, keep_repeats: bool) -> (Vec<u8>, WebStats) {
    let indexer = table.indexer();
    let len = table.len();
    let mut packed = vec![0u8; len.div_ceil(4)];
    let mut stats = WebStats::new(len as u64);
    let mut repeats = Repeats::new(indexer);
    let mut last = DRAW;
    let mut before = 0u8;
    for (i, code) in table.codes().take(len).enumerate() {
        let mut code = match Value::decode(code) {
            Value::Loss(_) => LOSS,
            Value::Draw => DRAW,
            Value::Win(_) => WIN,
        };
        if repeats.is_repeat(i as u64) {
            stats.repeats += 1;
            if !keep_repeats {
                code = last;
            }
        }
        before = stats.add(code, before);
        packed[i / 4] |= code << (2 * (i % 4));
        last = code;
    }
    (packed, stats)
}

/// The packed bytes a block of `packed` should hold to deflate to about
/// `target` bytes: a power of two, measured on up to 32 samples of the
/// bytes spread over them.
fn block_for(packed: &[u8], target: usize) -> usize {
    const SAMPLE: usize = 64 << 10;
    let pieces = packed.len().div_ceil(SAMPLE).max(1);
    let step = pieces.div_ceil(32);
    let (mut raw, mut deflated) = (0usize, 0usize);
    for k in (0..pieces).step_by(step) {
        let piece = packed
            .get(k * SAMPLE..((k + 1) * SAMPLE).min(packed.len()))
            .unwrap_or_default();
        raw += piece.len();
        deflated += compress_to_vec(piece, LEVEL).len();
    }
    let want = target as f64 * raw.max(1) as f64 / deflated.max(1) as f64;
    let block = 2f64.powf(want.max(1.0).log2().round());
    (block as usize).clamp(MIN_BLOCK, MAX_BLOCK)
}

/// Each block of `block` bytes of `packed`, deflated, on the machine's cores.
fn deflate_blocks(packed: &[u8], block: usize) -> Vec<Vec<u8>> {
    let blocks: Vec<&[u8]> = packed.chunks(block).collect();
    let done: Mutex<Vec<Vec<u8>>> = Mutex::new(vec![Vec::new(); blocks.len()]);
    let next = AtomicUsize::new(0);
    std::thread::scope(|scope| {
        for _ in 0..solve_threads().min(blocks.len()).max(1) {
            scope.spawn(|| loop {
                let k = next.fetch_add(1, Ordering::Relaxed);
                let Some(b) = blocks.get(k) else { break };
                let bytes = compress_to_vec(b, LEVEL);
                let mut done = done.lock().unwrap_or_else(|e| e.into_inner());
                if let Some(slot) = done.get_mut(k) {
                    *slot = bytes;
                }
            });
        }
    });
    done.into_inner().unwrap_or_else(|e| e.into_inner())
}

/// The web files of a table (with distances or not: only win, draw or
/// loss is kept). Refused if a block is larger than a file may be.
pub fn write_web(table: &Table, options: &WebOptions) -> Result<WebFiles, WebTableError> {
    let (packed, mut stats) = packed_codes(table, options.keep_repeats);
    let block = block_for(&packed, options.block_target.max(1));
    let blocks = deflate_blocks(&packed, block);
    drop(packed);
    // A block's end in its part is 32 bits.
    let max_file = options.max_file.min(u64::from(u32::MAX));
    let mut parts: Vec<Vec<u8>> = vec![Vec::new()];
    let mut part_starts = vec![0u32];
    let (mut ends, mut crcs) = (Vec::with_capacity(blocks.len()), Vec::with_capacity(blocks.len()));
    for (k, bytes) in blocks.iter().enumerate() {
        let size = bytes.len() as u64;
        if size > max_file {
            return Err(WebTableError::BlockTooLarge {
                block: size,
                max: max_file,
            });
        }
        stats.largest_block = stats.largest_block.max(size);
        let full = parts.last().is_some_and(|p| p.len() as u64 + size > max_file);
        if full {
            parts.push(Vec::new());
            part_starts.push(k as u32);
        }
        let part = parts
            .last_mut()
            .ok_or(WebTableError::Corrupt("no part to write to"))?;
        part.extend_from_slice(bytes);
        ends.push(part.len() as u32);
        crcs.push(crc32fast::hash(bytes));
    }
    let index = BlockIndex {
        rules: *table.indexer().rules(),
        class: table.class(),
        entries: table.len() as u64,
        block: block as u32,
        part_starts,
        ends,
        crcs,
    };
    Ok(WebFiles { index, parts, stats })
}
