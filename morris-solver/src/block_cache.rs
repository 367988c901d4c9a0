//! The few blocks of a table's entries kept at hand: a table read a block
//! at a time (a flat file's, checked against its sum; a win/draw/loss
//! table's, inflated) keeps its last blocks, one slot for each block
//! number modulo the slots, so that a search's many probes near each
//! other read a block once.

use std::sync::{Mutex, PoisonError};

/// A cached block: its number ([`EMPTY`] for none) and its bytes.
#[derive(Debug, Default)]
struct Cached {
    block: usize,
    bytes: Vec<u8>,
}

const EMPTY: usize = usize::MAX;

/// The slots, each allocated when first used.
#[derive(Debug)]
pub(crate) struct BlockCache {
    slots: Vec<Mutex<Cached>>,
}

impl BlockCache {
    /// Slots for a table of `blocks` blocks, at most `most`.
    pub(crate) fn new(blocks: usize, most: usize) -> BlockCache {
        let mut slots = Vec::with_capacity(most);
        slots.resize_with(blocks.clamp(1, most.max(1)), || {
            Mutex::new(Cached {
                block: EMPTY,
                bytes: Vec::new(),
            })
        });
        BlockCache { slots }
    }

    /// Byte `at` of block `block`: from its slot, or after `fill` has
    /// read the block into the slot's bytes; `None` when `fill` fails
    /// (the slot then holds no block) or the block is shorter.
    #[inline]
    pub(crate) fn byte(
        &self,
        block: usize,
        at: usize,
        fill: impl FnOnce(&mut Vec<u8>) -> Option<()>,
    ) -> Option<u8> {
        let slot = self.slots.get(block % self.slots.len())?;
        let mut cached = slot.lock().unwrap_or_else(PoisonError::into_inner);
        if cached.block != block {
            cached.block = EMPTY;
            fill(&mut cached.bytes)?;
            cached.block = block;
        }
        cached.bytes.get(at).copied()
    }
}
