//! The labelled positions: a compact binary file of moving-phase
//! positions of Nine, each with its exact value from the tables and the
//! hand-written evaluation.
//!
//! The file (little-endian): `MULDATA1`, the `u64` number of records, then
//! the records of 11 bytes each: light's pieces (`u32`, a bit per point),
//! dark's, the hand-written evaluation for the side to move (`i16`), and a
//! byte holding the side to move (bit 0: dark) and the result for it
//! (bits 1–2: 0 loss, 1 draw, 2 win).

use std::path::Path;

use morris_core::{Bitboard, ByColor, Color, Position, Variant};
use morris_engine::Wdl;

/// The file's first bytes.
const MAGIC: &[u8; 8] = b"MULDATA1";
/// Bytes of one record.
pub const RECORD_BYTES: usize = 11;

/// One labelled position: both hands empty, no removal due.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Record {
    pub light: u32,
    pub dark: u32,
    pub turn: Color,
    /// The tables' value for the side to move.
    pub result: Wdl,
    /// [`morris_engine::evaluate`] of the position, for the side to move.
    pub eval: i16,
}

/// Why a data file was not read or written.
#[derive(Debug, thiserror::Error)]
pub enum DataError {
    #[error("cannot read or write {path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("{0} is not a data file of morris-train (it does not start with MULDATA1)")]
    Magic(String),
    #[error("{path} says it holds {count} records but has {bytes} bytes of them")]
    Length { path: String, count: u64, bytes: usize },
    #[error("{path}: record {index} has a damaged side or result byte ({byte:#04x})")]
    Flags { path: String, index: usize, byte: u8 },
}

impl Record {
    /// The record of `pos` (of Nine, hands empty) with its value; the
    /// evaluation is of the position without history, as the tables see it.
    pub fn of(pos: &Position, result: Wdl) -> Record {
        let mut record = Record {
            light: pos.pieces(Color::Light).0,
            dark: pos.pieces(Color::Dark).0,
            turn: pos.turn(),
            result,
            eval: 0,
        };
        let eval = morris_engine::evaluate(&record.position());
        record.eval = eval.clamp(i32::from(i16::MIN), i32::from(i16::MAX)) as i16;
        record
    }

    /// The position, without history (counters at zero): what the tables
    /// and the network see.
    pub fn position(&self) -> Position {
        Position::from_parts_unchecked(
            Variant::Nine.rules(),
            ByColor::new(Bitboard(self.light), Bitboard(self.dark)),
            ByColor::new(0, 0),
            self.turn,
        )
    }

    /// The expected result for the side to move: 1 a win, ½ a draw, 0 a loss.
    pub fn target(&self) -> f32 {
        match self.result {
            Wdl::Win => 1.0,
            Wdl::Draw => 0.5,
            Wdl::Loss => 0.0,
        }
    }

    fn write_to(&self, out: &mut Vec<u8>) {
        out.extend(self.light.to_le_bytes());
        out.extend(self.dark.to_le_bytes());
        out.extend(self.eval.to_le_bytes());
        let result = match self.result {
            Wdl::Loss => 0u8,
            Wdl::Draw => 1,
            Wdl::Win => 2,
        };
        out.push(u8::from(self.turn == Color::Dark) | result << 1);
    }

    fn read_from(bytes: &[u8; RECORD_BYTES]) -> Option<Record> {
        let [l0, l1, l2, l3, d0, d1, d2, d3, e0, e1, flags] = *bytes;
        let result = match flags >> 1 {
            0 => Wdl::Loss,
            1 => Wdl::Draw,
            2 => Wdl::Win,
            _ => return None,
        };
        Some(Record {
            light: u32::from_le_bytes([l0, l1, l2, l3]),
            dark: u32::from_le_bytes([d0, d1, d2, d3]),
            turn: if flags & 1 == 1 { Color::Dark } else { Color::Light },
            result,
            eval: i16::from_le_bytes([e0, e1]),
        })
    }
}

/// The bytes of a data file of `records`.
pub fn to_bytes(records: &[Record]) -> Vec<u8> {
    let mut out = Vec::with_capacity(16 + records.len() * RECORD_BYTES);
    out.extend(MAGIC);
    out.extend((records.len() as u64).to_le_bytes());
    for r in records {
        r.write_to(&mut out);
    }
    out
}

/// The records of a data file's bytes; `name` names it in errors.
pub fn from_bytes(bytes: &[u8], name: &str) -> Result<Vec<Record>, DataError> {
    if bytes.get(..8) != Some(&MAGIC[..]) {
        return Err(DataError::Magic(name.to_string()));
    }
    let mut count = [0u8; 8];
    count.copy_from_slice(bytes.get(8..16).unwrap_or(&[0; 8]));
    let count = u64::from_le_bytes(count);
    let body = bytes.get(16..).unwrap_or_default();
    if count.checked_mul(RECORD_BYTES as u64) != Some(body.len() as u64) {
        return Err(DataError::Length {
            path: name.to_string(),
            count,
            bytes: body.len(),
        });
    }
    body.chunks_exact(RECORD_BYTES)
        .enumerate()
        .map(|(index, chunk)| {
            let mut one = [0u8; RECORD_BYTES];
            one.copy_from_slice(chunk);
            Record::read_from(&one).ok_or(DataError::Flags {
                path: name.to_string(),
                index,
                byte: one[RECORD_BYTES - 1],
            })
        })
        .collect()
}

/// Writes a data file.
pub fn write(path: &Path, records: &[Record]) -> Result<(), DataError> {
    std::fs::write(path, to_bytes(records)).map_err(|source| DataError::Io {
        path: path.display().to_string(),
        source,
    })
}

/// Reads a data file.
pub fn read(path: &Path) -> Result<Vec<Record>, DataError> {
    let name = path.display().to_string();
    let bytes = std::fs::read(path).map_err(|source| DataError::Io {
        path: name.clone(),
        source,
    })?;
    from_bytes(&bytes, &name)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::{from_bytes, to_bytes, DataError, Record};
    use morris_core::{Color, Position};
    use morris_engine::Wdl;

    #[test]
    fn records_survive_their_file_and_damage_is_named() {
        let pos: Position = "nine L.L/.L./.L./LDD.DL/D../.../LDL D 0/0 3/0 -".parse().unwrap();
        let a = Record::of(&pos, Wdl::Draw);
        assert_eq!(a.turn, Color::Dark);
        assert_eq!(i32::from(a.eval), morris_engine::evaluate(&a.position()));
        let b = Record {
            result: Wdl::Win,
            turn: Color::Light,
            ..a
        };
        let bytes = to_bytes(&[a, b]);
        assert_eq!(from_bytes(&bytes, "x").unwrap(), vec![a, b]);
        assert!(matches!(
            from_bytes(&bytes[..bytes.len() - 1], "x"),
            Err(DataError::Length { .. })
        ));
        assert!(matches!(from_bytes(b"MULNNUE1", "x"), Err(DataError::Magic(_))));
        let mut bad = bytes.clone();
        *bad.last_mut().unwrap() = 0xff;
        assert!(matches!(
            from_bytes(&bad, "x"),
            Err(DataError::Flags { index: 1, .. })
        ));
    }
}
