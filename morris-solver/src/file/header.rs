//! The fields of a table file before its payload, and its checksum: the
//! format's constants, the errors of a file that is not a usable table,
//! and the reading and checking of the fields.

use morris_core::Rules;
use thiserror::Error;

use crate::index::{Class, Numbering};
use crate::reduced::SymIndexer;
use crate::table::Table;

/// The first bytes of every table file.
pub const MAGIC: [u8; 8] = *b"MULINOTB";
/// The version of the layout this build writes and reads.
pub const FORMAT_VERSION: u16 = 2;

/// The numbering byte of a table cut by the board's symmetries.
pub(super) const SYMMETRIC: u8 = 1;

pub(super) const STORED: u8 = 0;
pub(super) const DEFLATE: u8 = 1;
pub(super) const FLAT: u8 = 2;
/// Win, draw or loss only, in deflated blocks ([`crate::write_wdl`]).
pub(super) const WDL: u8 = 3;
/// Why bytes are not a usable table.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum TableFileError {
    #[error("not a table file (its first bytes are not the table magic)")]
    BadMagic,
    #[error("table file format version {0} is unknown (this build reads version {FORMAT_VERSION})")]
    UnknownVersion(u16),
    #[error("table file format version {0} is older than this build's version {FORMAT_VERSION}: generate the table again")]
    OldVersion(u16),
    #[error("the table file is truncated")]
    Truncated,
    #[error("the table file has {0} bytes after its end")]
    TrailingBytes(usize),
    #[error("the table file's checksum does not match: it is corrupt")]
    ChecksumMismatch,
    #[error("the table file's rules `{0}` are not rules this build knows")]
    UnknownRules(String),
    #[error("the table is for the rules `{found}`, not `{expected}`")]
    WrongRules { expected: String, found: String },
    #[error("the table file is inconsistent: {0}")]
    Corrupt(&'static str),
    #[error("the table file is not in the flat form (make it with `morris tb flat`)")]
    NotFlat,
    #[error("the table file cannot be read: {0}")]
    Unreadable(String),
}

/// FNV-1a, 64 bits.
pub(super) fn fnv1a(bytes: &[u8]) -> u64 {
    fnv1a_on(0xcbf2_9ce4_8422_2325, bytes)
}

/// FNV-1a from the state `h`, for a file hashed a piece at a time.
pub(super) fn fnv1a_on(mut h: u64, bytes: &[u8]) -> u64 {
    for &b in bytes {
        h ^= u64::from(b);
        h = h.wrapping_mul(0x0000_0100_0000_01b3);
    }
    h
}

/// The fields of a table file before its payload.
pub(super) fn header(table: &Table, width: u8, encoding: u8, payload_len: usize) -> Vec<u8> {
    let rules = table.indexer().rules().to_string();
    // The rules text is a variant and a few options: far below 64 KiB.
    let rules = &rules.as_bytes()[..rules.len().min(u16::MAX as usize)];
    let class = table.class();
    let mut out = Vec::with_capacity(rules.len() + 64);
    out.extend_from_slice(&MAGIC);
    out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    out.extend_from_slice(&(rules.len() as u16).to_le_bytes());
    out.extend_from_slice(rules);
    out.extend_from_slice(&[class.light, class.dark, class.light_hand, class.dark_hand]);
    out.push(SYMMETRIC);
    out.extend_from_slice(&(table.len() as u64).to_le_bytes());
    out.push(width);
    out.push(encoding);
    out.extend_from_slice(&(payload_len as u64).to_le_bytes());
    out
}

/// A whole table file: the fields before the payload, `payload`, and the
/// checksum of both.
pub(super) fn framed(table: &Table, width: u8, encoding: u8, payload: &[u8]) -> Vec<u8> {
    let mut out = header(table, width, encoding, payload.len());
    out.extend_from_slice(payload);
    let sum = fnv1a(&out);
    out.extend_from_slice(&sum.to_le_bytes());
    out
}

/// Reads the fields of a file in order; running out is truncation.
pub(super) struct Cursor<'a> {
    pub(super) bytes: &'a [u8],
    pub(super) at: usize,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], TableFileError> {
        let end = self.at.checked_add(n).ok_or(TableFileError::Truncated)?;
        let s = self.bytes.get(self.at..end).ok_or(TableFileError::Truncated)?;
        self.at = end;
        Ok(s)
    }

    fn array<const N: usize>(&mut self) -> Result<[u8; N], TableFileError> {
        let mut a = [0u8; N];
        a.copy_from_slice(self.take(N)?);
        Ok(a)
    }

    fn u8(&mut self) -> Result<u8, TableFileError> {
        Ok(self.array::<1>()?[0])
    }

    fn u16(&mut self) -> Result<u16, TableFileError> {
        Ok(u16::from_le_bytes(self.array()?))
    }

    fn u64(&mut self) -> Result<u64, TableFileError> {
        Ok(u64::from_le_bytes(self.array()?))
    }
}

/// The fields of a file before its payload, as written.
pub(super) struct RawHeader<'a> {
    rules_text: &'a [u8],
    class: Class,
    numbering: u8,
    entries: u64,
    width: u8,
    pub(super) encoding: u8,
    pub(super) payload_len: u64,
}

/// What the fields before the payload say, checked.
pub(super) struct Header {
    pub(super) indexer: SymIndexer,
    pub(super) entries: usize,
    pub(super) width: u8,
    pub(super) encoding: u8,
}

impl<'a> RawHeader<'a> {
    /// Reads the fields up to the payload, leaving `cur` at its start.
    pub(super) fn take(cur: &mut Cursor<'a>) -> Result<RawHeader<'a>, TableFileError> {
        let magic = cur.take(MAGIC.len()).map_err(|_| TableFileError::BadMagic)?;
        if magic != MAGIC {
            return Err(TableFileError::BadMagic);
        }
        let version = cur.u16()?;
        if (1..FORMAT_VERSION).contains(&version) {
            return Err(TableFileError::OldVersion(version));
        }
        if version != FORMAT_VERSION {
            return Err(TableFileError::UnknownVersion(version));
        }
        let rules_len = cur.u16()?;
        let rules_text = cur.take(rules_len as usize)?;
        let [light, dark, light_hand, dark_hand] = cur.array::<4>()?;
        Ok(RawHeader {
            rules_text,
            class: Class {
                light,
                dark,
                light_hand,
                dark_hand,
            },
            numbering: cur.u8()?,
            entries: cur.u64()?,
            width: cur.u8()?,
            encoding: cur.u8()?,
            payload_len: cur.u64()?,
        })
    }

    /// Checks the fields against each other and the rules.
    pub(super) fn check(&self) -> Result<Header, TableFileError> {
        let rules_text = String::from_utf8_lossy(self.rules_text);
        let rules: Rules = rules_text
            .parse()
            .map_err(|_| TableFileError::UnknownRules(rules_text.chars().take(64).collect()))?;
        if self.numbering != SYMMETRIC {
            return Err(TableFileError::Corrupt("unknown numbering of the entries"));
        }
        let indexer = SymIndexer::new(rules, self.class)
            .ok_or(TableFileError::Corrupt("the class does not fit the board"))?;
        if indexer.len() != self.entries {
            return Err(TableFileError::Corrupt("the entry count is not the class's"));
        }
        let entries = usize::try_from(self.entries)
            .ok()
            .filter(|&n| n <= u32::MAX as usize)
            .ok_or(TableFileError::Corrupt("the class is too large"))?;
        let width = self.width;
        if !(1..=16).contains(&width) {
            return Err(TableFileError::Corrupt("the entry width is not 1 to 16 bits"));
        }
        entries
            .checked_mul(width as usize)
            .ok_or(TableFileError::Corrupt("the class is too large"))?;
        match self.encoding {
            STORED | DEFLATE => {}
            FLAT if width == 8 && self.payload_len == self.entries => {}
            FLAT => return Err(TableFileError::Corrupt("a flat payload is not one byte an entry")),
            WDL if width == 2 => {}
            WDL => {
                return Err(TableFileError::Corrupt(
                    "a win/draw/loss payload is not two bits an entry",
                ))
            }
            _ => return Err(TableFileError::Corrupt("unknown payload encoding")),
        }
        Ok(Header {
            indexer,
            entries,
            width,
            encoding: self.encoding,
        })
    }
}

/// A whole file's fields before the payload, and the payload: the file
/// ends where the payload says and its checksum holds.
pub(super) fn whole(bytes: &[u8]) -> Result<(RawHeader<'_>, &[u8]), TableFileError> {
    let mut cur = Cursor { bytes, at: 0 };
    let raw = RawHeader::take(&mut cur)?;
    let payload_len = usize::try_from(raw.payload_len).map_err(|_| TableFileError::Truncated)?;
    let payload = cur.take(payload_len)?;
    let body_end = cur.at;
    let sum = cur.u64()?;
    if cur.at < bytes.len() {
        return Err(TableFileError::TrailingBytes(bytes.len() - cur.at));
    }
    if fnv1a(&bytes[..body_end]) != sum {
        return Err(TableFileError::ChecksumMismatch);
    }
    Ok((raw, payload))
}
