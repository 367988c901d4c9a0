//! A class's block index: where each block of its parts starts and ends,
//! and each block's CRC-32 (layout in [`super`]'s module docs).

use miniz_oxide::inflate::decompress_slice_iter_to_slice;
use morris_core::Rules;

use super::error::WebTableError;
use super::{class_name, WEB_VERSION};
use crate::index::{Class, Numbering};
use crate::reduced::SymIndexer;

/// The first bytes of every block index.
pub const INDEX_MAGIC: [u8; 8] = *b"MULINOWI";

/// Bytes of the index before the first part's first block: magic,
/// version, the rules' length (the rules' text comes between).
const FIXED: usize = 8 + 2 + 2;
/// Bytes after the rules' text up to the parts' list: class, entries,
/// packed bytes a block, blocks, parts.
const COUNTS: usize = 4 + 8 + 4 + 4 + 4;

/// A class's block index, read and checked.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BlockIndex {
    pub(super) rules: Rules,
    pub(super) class: Class,
    pub(super) entries: u64,
    /// Packed bytes (four entries each) a block holds; the last may hold fewer.
    pub(super) block: u32,
    /// The first block of each part, 0 first, increasing.
    pub(super) part_starts: Vec<u32>,
    /// Per block: where its bytes end in its part.
    pub(super) ends: Vec<u32>,
    /// Per block: the CRC-32 of its bytes.
    pub(super) crcs: Vec<u32>,
}

/// Where a block's bytes are: its part, and its first byte and the byte
/// after its last in that part.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct Span {
    pub(super) part: usize,
    pub(super) start: u64,
    pub(super) end: u64,
}

/// CRC-32 (IEEE, as `crc32fast` and zlib compute it), a byte at a time
/// from a table of 256 entries: what the reader checks indexes and blocks
/// with. crc32fast's tables take 16 KB of the wasm module, more than its
/// speed is worth on a 16 KB block (the writer keeps crc32fast).
pub(crate) fn crc32(bytes: &[u8]) -> u32 {
    let mut crc = !0u32;
    for &b in bytes {
        crc = CRC_TABLE[((crc ^ u32::from(b)) & 0xff) as usize] ^ (crc >> 8);
    }
    !crc
}

const CRC_TABLE: [u32; 256] = {
    let mut table = [0u32; 256];
    let mut i = 0;
    while i < 256 {
        let mut c = i as u32;
        let mut k = 0;
        while k < 8 {
            c = if c & 1 != 0 {
                0xedb8_8320 ^ (c >> 1)
            } else {
                c >> 1
            };
            k += 1;
        }
        table[i] = c;
        i += 1;
    }
    table
};

struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], WebTableError> {
        let end = self.at.checked_add(n).ok_or(WebTableError::Truncated)?;
        let s = self.bytes.get(self.at..end).ok_or(WebTableError::Truncated)?;
        self.at = end;
        Ok(s)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], WebTableError> {
        let mut a = [0u8; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }

    fn u32(&mut self) -> Result<u32, WebTableError> {
        Ok(u32::from_le_bytes(self.array()?))
    }
}

impl BlockIndex {
    /// The index's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let rules = self.rules.to_string();
        let rules = &rules.as_bytes()[..rules.len().min(u16::MAX as usize)];
        let mut out = Vec::with_capacity(
            FIXED + rules.len() + COUNTS + 4 * self.part_starts.len() + 8 * self.ends.len() + 4,
        );
        out.extend_from_slice(&INDEX_MAGIC);
        out.extend_from_slice(&WEB_VERSION.to_le_bytes()[..2]);
        out.extend_from_slice(&(rules.len() as u16).to_le_bytes());
        out.extend_from_slice(rules);
        let c = self.class;
        out.extend_from_slice(&[c.light, c.dark, c.light_hand, c.dark_hand]);
        out.extend_from_slice(&self.entries.to_le_bytes());
        out.extend_from_slice(&self.block.to_le_bytes());
        out.extend_from_slice(&(self.ends.len() as u32).to_le_bytes());
        out.extend_from_slice(&(self.part_starts.len() as u32).to_le_bytes());
        for s in &self.part_starts {
            out.extend_from_slice(&s.to_le_bytes());
        }
        for (end, crc) in self.ends.iter().zip(&self.crcs) {
            out.extend_from_slice(&end.to_le_bytes());
            out.extend_from_slice(&crc.to_le_bytes());
        }
        let sum = crc32fast::hash(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads and checks an index: its checksum, its rules and class, that
    /// its blocks cover the class's entries, and that each part's blocks
    /// follow one another.
    pub fn parse(bytes: &[u8]) -> Result<BlockIndex, WebTableError> {
        let mut cur = Cursor { bytes, at: 0 };
        if cur.take(INDEX_MAGIC.len()).map_err(|_| WebTableError::BadMagic)? != INDEX_MAGIC {
            return Err(WebTableError::BadMagic);
        }
        let version = u16::from_le_bytes(cur.array()?);
        if u32::from(version) != WEB_VERSION {
            return Err(WebTableError::UnknownVersion(version));
        }
        let rules_len = u16::from_le_bytes(cur.array()?);
        let rules_text = String::from_utf8_lossy(cur.take(rules_len.into())?).into_owned();
        let [light, dark, light_hand, dark_hand] = cur.array::<4>()?;
        let entries = u64::from_le_bytes(cur.array()?);
        let block = cur.u32()?;
        let blocks = cur.u32()? as usize;
        let parts = cur.u32()? as usize;
        // The length is known before anything is allocated by the counts.
        let body = cur.at;
        let want = parts
            .checked_mul(4)
            .and_then(|p| blocks.checked_mul(8)?.checked_add(p))
            .and_then(|n| n.checked_add(body + 4))
            .ok_or(WebTableError::Truncated)?;
        if bytes.len() < want {
            return Err(WebTableError::Truncated);
        }
        if bytes.len() > want {
            return Err(WebTableError::TrailingBytes(bytes.len() - want));
        }
        let (before, sum) = bytes.split_at(want - 4);
        if crc32(before).to_le_bytes() != sum {
            return Err(WebTableError::IndexChecksum);
        }
        let part_starts = (0..parts).map(|_| cur.u32()).collect::<Result<Vec<_>, _>>()?;
        let mut ends = Vec::with_capacity(blocks);
        let mut crcs = Vec::with_capacity(blocks);
        for _ in 0..blocks {
            ends.push(cur.u32()?);
            crcs.push(cur.u32()?);
        }
        let rules: Rules = rules_text
            .parse()
            .map_err(|_| WebTableError::UnknownRules(rules_text.chars().take(64).collect()))?;
        let index = BlockIndex {
            rules,
            class: Class {
                light,
                dark,
                light_hand,
                dark_hand,
            },
            entries,
            block,
            part_starts,
            ends,
            crcs,
        };
        index.check()?;
        Ok(index)
    }

    /// The fields against each other and the rules.
    fn check(&self) -> Result<(), WebTableError> {
        let indexer = self.indexer()?;
        if indexer.len() != self.entries {
            return Err(WebTableError::Corrupt("the entry count is not the class's"));
        }
        if self.block == 0 || self.entries.div_ceil(4).div_ceil(self.block.into()) != self.ends.len() as u64 {
            return Err(WebTableError::Corrupt("the blocks do not cover the entries"));
        }
        if self.part_starts.first() != Some(&0) {
            return Err(WebTableError::Corrupt(
                "the first part does not start with the first block",
            ));
        }
        let increasing = self.part_starts.windows(2).all(|w| w[0] < w[1]);
        if !increasing
            || self
                .part_starts
                .last()
                .is_some_and(|&s| s as usize >= self.ends.len())
        {
            return Err(WebTableError::Corrupt("a part holds no block"));
        }
        for k in 0..self.ends.len() {
            if self.span(k).is_none() {
                return Err(WebTableError::Corrupt("a block ends before it starts"));
            }
        }
        Ok(())
    }

    /// The numbering of the index's class, if the class fits its rules' board.
    pub(super) fn indexer(&self) -> Result<SymIndexer, WebTableError> {
        if self.class.light_hand != 0 || self.class.dark_hand != 0 {
            return Err(WebTableError::Corrupt("the class has pieces in hand"));
        }
        SymIndexer::new(self.rules, self.class)
            .ok_or(WebTableError::Corrupt("the class does not fit the board"))
    }

    /// The part block `k` is in, and where in it (a block is never empty).
    pub(super) fn span(&self, k: usize) -> Option<Span> {
        let end = u64::from(*self.ends.get(k)?);
        let part = self
            .part_starts
            .partition_point(|&s| s as usize <= k)
            .checked_sub(1)?;
        let first = *self.part_starts.get(part)? as usize;
        let start = if k == first {
            0
        } else {
            u64::from(*self.ends.get(k - 1)?)
        };
        (start < end).then_some(Span { part, start, end })
    }

    /// Checks each block of part `j`, whose bytes are `bytes`, against
    /// its CRC-32.
    pub(super) fn check_part(&self, j: usize, bytes: &[u8]) -> Result<(), WebTableError> {
        let first = self.part_starts.get(j).map_or(0, |&s| s as usize);
        let next = self
            .part_starts
            .get(j + 1)
            .map_or(self.ends.len(), |&s| s as usize);
        for k in first..next {
            let block = self
                .span(k)
                .and_then(|s| bytes.get(s.start as usize..s.end as usize));
            if block.map(crc32fast::hash) != self.crcs.get(k).copied() {
                return Err(WebTableError::BlockChecksum {
                    class: self.class_name(),
                    block: k as u32,
                });
            }
        }
        Ok(())
    }

    /// Block `k` inflated from its bytes: refused unless they have its
    /// CRC-32 and inflate to its packed bytes with no code 3.
    pub(super) fn inflate(&self, k: usize, bytes: &[u8]) -> Result<Vec<u8>, WebTableError> {
        let block = k as u32;
        if self.crcs.get(k) != Some(&crc32(bytes)) {
            return Err(WebTableError::BlockChecksum {
                class: self.class_name(),
                block,
            });
        }
        let corrupt = || WebTableError::BlockCorrupt {
            class: self.class_name(),
            block,
        };
        let size = u64::from(self.block);
        let first = k as u64 * size;
        let want = size.min(self.entries.div_ceil(4).saturating_sub(first));
        let mut packed = vec![0u8; usize::try_from(want).map_err(|_| corrupt())?];
        let n = decompress_slice_iter_to_slice(&mut packed, std::iter::once(bytes), false, true)
            .map_err(|_| corrupt())?;
        // No code 3 anywhere: a block that passed its CRC-32 but was
        // written wrong still answers nothing.
        if n != packed.len() || packed.iter().any(|&b| b & (b >> 1) & 0x55 != 0) {
            return Err(corrupt());
        }
        Ok(packed)
    }

    /// The bytes part `j` holds: where its last block ends.
    pub(super) fn part_len(&self, j: usize) -> Option<u64> {
        let next = self
            .part_starts
            .get(j + 1)
            .map_or(self.ends.len(), |&s| s as usize);
        Some(u64::from(*self.ends.get(next.checked_sub(1)?)?))
    }

    /// The class's name, as the manifest writes it (`8v6`).
    pub fn class_name(&self) -> String {
        class_name(self.class)
    }

    pub fn class(&self) -> Class {
        self.class
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// How many blocks the class has.
    pub fn blocks(&self) -> usize {
        self.ends.len()
    }

    /// How many parts the blocks are split into.
    pub fn parts(&self) -> usize {
        self.part_starts.len()
    }

    /// Packed bytes a block holds (four entries each).
    pub fn block_bytes(&self) -> u32 {
        self.block
    }

    pub fn entries(&self) -> u64 {
        self.entries
    }
}
