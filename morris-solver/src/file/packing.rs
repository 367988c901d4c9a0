//! The entries' codes packed `w` bits each, least significant bit first,
//! and unpacked again with every check a damaged file needs.

use super::header::TableFileError;
use crate::value::UNKNOWN;

/// The fewest bits that hold `code`, at least one.
pub(super) fn bits_for(code: u16) -> u8 {
    (16 - code.leading_zeros() as u8).max(1)
}

pub(super) fn pack(codes: impl ExactSizeIterator<Item = u16>, width: u8) -> Vec<u8> {
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
pub(super) fn unpack_each(
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

#[cfg(test)]
pub(super) fn unpack(bytes: &[u8], width: u8, entries: usize) -> Result<Vec<u16>, TableFileError> {
    let mut codes = Vec::with_capacity(entries);
    unpack_each(bytes.iter().copied(), width, entries, |c| {
        codes.push(c);
        true
    })?;
    Ok(codes)
}

/// An iterator of codes with its length known.
pub(super) struct ExactCodes<I>(pub(super) I, pub(super) usize);

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
