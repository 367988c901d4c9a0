//! The table files' round trips and every way a damaged file is refused.

use super::deflate::{deflate_pieces, Inflater, BEST_LEVEL as LEVEL};
use super::header::{fnv1a, header, FLAT};
use super::packing::{bits_for, pack, unpack};
use super::*;
use crate::reduced::SymIndexer;
use crate::table::EntrySource;
use crate::value::{Value, UNKNOWN};
use std::sync::Arc;

#[test]
fn every_width_packs_and_unpacks() {
    for width in 1..=16u8 {
        let top = ((1u32 << width) - 1).min(u32::from(UNKNOWN) - 1) as u16;
        let codes: Vec<u16> = (0..1000u32)
            .map(|i| (i * 7919 % (u32::from(top) + 1)) as u16)
            .collect();
        let packed = pack(codes.iter().copied(), width);
        assert_eq!(packed.len(), (codes.len() * width as usize).div_ceil(8));
        assert_eq!(
            unpack(&packed, width, codes.len()),
            Ok(codes.clone()),
            "width {width}"
        );
        assert!(unpack(&packed[..packed.len() - 1], width, codes.len()).is_err());
    }
    assert_eq!(bits_for(0), 1);
    assert_eq!(bits_for(255), 8);
    assert_eq!(bits_for(256), 9);
}

/// A table of Three's 3v3 class whose entry `i` holds `code(i)`, and
/// its codes.
fn three_table(code: impl Fn(u32) -> u16) -> (Table, Vec<u16>) {
    let indexer = SymIndexer::new(morris_core::Variant::Three.rules(), Class::moving(3, 3));
    assert!(indexer.is_some());
    let indexer = indexer.unwrap_or_else(|| unreachable!());
    let codes: Vec<u16> = (0..indexer.len() as u32).map(code).collect();
    (Table::from_codes(indexer, codes.clone()), codes)
}

/// A table with distances past a byte's codes is held and written with
/// two bytes an entry, and reads back the same.
#[test]
fn wide_codes_round_trip() {
    let (table, codes) = three_table(|i| (i * 37 % 700) as u16);
    assert_eq!(table.value_bytes(), 2 * codes.len());
    let back = read(&write(&table));
    assert!(back.is_ok(), "{back:?}");
    let Ok(back) = back else { return };
    assert_eq!(back.codes().collect::<Vec<_>>(), codes);
    assert_eq!(back.max_distance(), 349);
}

/// A table written at any deflate level reads back the same; the
/// fastest level makes a larger file than the best.
#[test]
fn every_level_reads_back_the_same() {
    let (table, codes) = three_table(|i| (i * i % 61) as u16);
    let best = write(&table);
    assert_eq!(write_at_level(&table, BEST_LEVEL), best);
    assert_eq!(write_at_level(&table, 200), best, "levels above 9 are 9");
    let fastest = write_at_level(&table, 1);
    assert!(
        fastest.len() > best.len(),
        "{} against {}",
        fastest.len(),
        best.len()
    );
    for bytes in [
        best,
        fastest,
        write_at_level(&table, 0),
        write_at_level(&table, 6),
    ] {
        let back = read(&bytes).map(|t| t.codes().collect::<Vec<_>>());
        assert_eq!(back.as_ref().ok(), Some(&codes));
    }
}

/// The inflater gives back what was deflated, a piece at a time, and
/// marks a stream that is cut short or is not deflate as failed.
#[test]
fn the_inflater_gives_back_the_bytes_or_fails() {
    let data: Vec<u8> = (0..300_000u64).map(|i| (i * i % 251) as u8).collect();
    let packed = miniz_oxide::deflate::compress_to_vec(&data, LEVEL);
    let mut whole = Inflater::new(&packed);
    assert_eq!((&mut whole).collect::<Vec<u8>>(), data);
    assert!(whole.ended && !whole.failed);

    let mut cut = Inflater::new(&packed[..packed.len() / 2]);
    let got = (&mut cut).count();
    assert!(got < data.len() && cut.failed, "{got} bytes");

    let mut junk = Inflater::new(&[0xff; 64]);
    assert_eq!((&mut junk).count(), 0);
    assert!(junk.failed);
}

/// The writer's payload: pieces deflated on their own make one
/// stream that inflates to the bytes, the same on any number of
/// threads, and one piece is exactly a plain deflate.
#[test]
#[allow(clippy::unwrap_used)]
fn pieces_deflated_apart_make_one_stream() {
    // Runs and noise, over several pieces and a part piece.
    let data: Vec<u8> = (0..7 * DEFLATE_PIECE as u64 + 300)
        .map(|i| {
            if i % 900 < 500 {
                (i / 97 % 3) as u8
            } else {
                (i * i % 251) as u8
            }
        })
        .collect();
    let one = deflate_pieces(&data, 1, LEVEL).unwrap();
    for threads in [2, 3, 16] {
        assert_eq!(
            deflate_pieces(&data, threads, LEVEL).unwrap(),
            one,
            "{threads} threads"
        );
    }
    assert_eq!(miniz_oxide::inflate::decompress_to_vec(&one).unwrap(), data);
    let mut inflater = Inflater::new(&one);
    assert_eq!((&mut inflater).collect::<Vec<u8>>(), data);
    assert!(inflater.ended && !inflater.failed);

    for len in [0, 1, DEFLATE_PIECE - 1, DEFLATE_PIECE] {
        let piece = &data[..len];
        let plain = miniz_oxide::deflate::compress_to_vec(piece, LEVEL);
        assert_eq!(deflate_pieces(piece, 2, LEVEL).unwrap(), plain, "{len} bytes");
    }
    // Incompressible pieces outgrow the first output buffer.
    let noise: Vec<u8> = (0..3 * DEFLATE_PIECE as u64)
        .map(|i| (i.wrapping_mul(0x9e37_79b9_7f4a_7c15) >> 56) as u8)
        .collect();
    let packed = deflate_pieces(&noise, 2, LEVEL).unwrap();
    assert_eq!(miniz_oxide::inflate::decompress_to_vec(&packed).unwrap(), noise);
}

/// The codes of `values`, one per entry of Three Men's 3v3 table.
fn coded(values: impl Fn(u32) -> Value) -> Option<(SymIndexer, Vec<u16>)> {
    let indexer = SymIndexer::new(morris_core::Variant::Three.rules(), Class::moving(3, 3))?;
    let codes = (0..indexer.len() as u32).map(|i| values(i).encode()).collect();
    Some((indexer, codes))
}

/// Wins of an odd number of plies and losses of an even one (as in
/// every mill game) take one byte an entry in memory even where the
/// stored codes need two; they read back the same, and the file keeps
/// the stored codes.
#[test]
fn long_wins_of_odd_plies_take_one_byte() {
    let value = |i: u32| match i % 3 {
        0 => Value::Win(2 * (i % 128) as u16 + 1),
        1 => Value::Loss(2 * (i % 127) as u16),
        _ => Value::Draw,
    };
    let made = coded(value);
    assert!(made.is_some(), "no 3v3 indexer");
    let Some((indexer, codes)) = made else { return };
    assert!(codes.iter().any(|&c| c > 255), "the test needs codes past a byte");
    let table = Table::from_codes(indexer, codes.clone());
    assert_eq!(table.value_bytes(), codes.len());
    assert_eq!(table.codes().collect::<Vec<_>>(), codes);
    for i in 0..codes.len() as u32 {
        assert_eq!(table.value(u64::from(i)), Some(value(i)), "entry {i}");
    }
    assert_eq!(table.max_distance(), 255);
    let back = read(&write(&table));
    assert!(back.is_ok(), "{back:?}");
    let Ok(back) = back else { return };
    assert_eq!(back.codes().collect::<Vec<_>>(), codes);
    assert_eq!(back.value_bytes(), codes.len());

    // One win of an even number of plies, or one loss too long for the
    // byte, and the table takes two bytes an entry again.
    for odd_one in [Value::Win(2), Value::Loss(254)] {
        let Some((indexer, codes)) = coded(|i| if i == 5 { odd_one } else { value(i) }) else {
            return;
        };
        let table = Table::from_codes(indexer, codes.clone());
        assert_eq!(table.value_bytes(), 2 * codes.len(), "{odd_one:?}");
        assert_eq!(table.value(5), Some(odd_one));
        assert_eq!(table.codes().collect::<Vec<_>>(), codes);
        // Read from a file, the one-byte attempt stops at entry 5 and
        // the codes are read again, two bytes each.
        let back = read(&write(&table));
        assert!(back.is_ok(), "{back:?}");
        let Ok(back) = back else { return };
        assert_eq!(back.value_bytes(), 2 * codes.len(), "{odd_one:?}");
        assert_eq!(back.codes().collect::<Vec<_>>(), codes);
    }
}

/// A flat file in memory, as a program would read it from disk;
/// `broken` stands for a disk that fails.
#[derive(Debug)]
struct Bytes {
    bytes: Vec<u8>,
    broken: bool,
}

impl EntrySource for Bytes {
    fn byte_at(&self, offset: u64) -> Option<u8> {
        if self.broken {
            return None;
        }
        self.bytes.get(usize::try_from(offset).ok()?).copied()
    }
}

/// A solved table's flat file reads back the same values, into memory
/// and from the file as they are asked for; a damaged or cut file is
/// refused, and a table of values past a byte has no flat file.
#[test]
fn flat_files_answer_like_the_table() {
    // Six, not Three: Three's 3v3 holds positions where the mover
    // already has a mill (a "win in 0", which has no byte).
    let mut tb = super::super::Tablebase::new(morris_core::Variant::Six.rules());
    let solved = tb.solve(3, 3).cloned();
    assert!(solved.is_ok(), "{solved:?}");
    let Ok(table) = solved else { return };
    let mut flat = Vec::new();
    assert!(write_flat(&table, &mut flat).is_ok());
    let head_len = flat.len() - table.len() - 8;
    assert_eq!(header(&table, 8, FLAT, table.len()).len(), head_len);

    let codes: Vec<u16> = table.codes().collect();
    let back = read(&flat);
    assert!(back.is_ok(), "{back:?}");
    let Ok(back) = back else { return };
    assert_eq!(back.codes().collect::<Vec<_>>(), codes);
    assert_eq!(back.value_bytes(), codes.len());

    let len = flat.len() as u64;
    let source = Arc::new(Bytes {
        bytes: flat.clone(),
        broken: false,
    });
    let opened = open_flat(&flat[..head_len], len, source.clone());
    assert!(opened.is_ok(), "{opened:?}");
    let Ok(opened) = opened else { return };
    assert!(opened.on_file() && !table.on_file());
    assert_eq!(opened.value_bytes(), 0);
    for i in 0..table.len() as u64 {
        assert_eq!(opened.value(i), table.value(i), "entry {i}");
    }
    assert_eq!(opened.value(table.len() as u64), None);
    assert_eq!(opened.counts(), table.counts());
    assert_eq!(write(&opened), write(&table));
    assert_eq!(check_stream(&mut flat.as_slice(), len), Ok(()));

    // A byte changed anywhere fails the checksum; a cut or longer file
    // fails at once.
    let mut bad = flat.clone();
    bad[head_len + 100] ^= 4;
    assert_eq!(
        check_stream(&mut bad.as_slice(), len),
        Err(TableFileError::ChecksumMismatch)
    );
    assert_eq!(read(&bad).err(), Some(TableFileError::ChecksumMismatch));
    assert_eq!(
        check_stream(&mut &flat[..flat.len() - 3], len).err(),
        Some(TableFileError::Truncated)
    );
    assert_eq!(
        open_flat(&flat, len - 1, source.clone()).err(),
        Some(TableFileError::Truncated)
    );
    assert_eq!(
        open_flat(&flat, len + 2, source.clone()).err(),
        Some(TableFileError::TrailingBytes(2))
    );
    assert_eq!(
        open_flat(&flat[..head_len - 1], len, source.clone()).err(),
        Some(TableFileError::Truncated)
    );
    // The packed file of the same table is not flat.
    let packed = write(&table);
    assert_eq!(
        open_flat(&packed, packed.len() as u64, source).err(),
        Some(TableFileError::NotFlat)
    );
    // A disk that fails answers nothing, and the table is not taken
    // for another.
    let broken = Arc::new(Bytes {
        bytes: flat.clone(),
        broken: true,
    });
    let dark = open_flat(&flat, len, broken);
    assert!(dark.is_ok(), "{dark:?}");
    if let Ok(dark) = dark {
        assert_eq!(dark.value(0), None);
        let mut again = Vec::new();
        assert!(matches!(
            write_flat(&dark, &mut again),
            Err(FlatError::DoesNotFit)
        ));
        assert!(read(&write(&dark)).is_err());
    }

    // A win of an even number of plies has no byte: nothing is written.
    let Some((indexer, codes)) = coded(|i| if i == 9 { Value::Win(2) } else { Value::Draw }) else {
        return;
    };
    let odd = Table::from_codes(indexer, codes);
    let mut none = Vec::new();
    assert!(matches!(write_flat(&odd, &mut none), Err(FlatError::DoesNotFit)));
    assert!(none.is_empty());
}

/// A flat header that does not say one byte an entry is refused.
#[test]
fn a_flat_payload_must_be_one_byte_an_entry() {
    let Some((indexer, codes)) = coded(|_| Value::Draw) else {
        return;
    };
    let table = Table::from_codes(indexer, codes);
    for (width, payload_len) in [(16, table.len()), (8, table.len() - 1)] {
        let mut file = header(&table, width, FLAT, payload_len);
        file.extend(std::iter::repeat_n(0u8, payload_len));
        let sum = fnv1a(&file);
        file.extend_from_slice(&sum.to_le_bytes());
        assert_eq!(
            read(&file).err(),
            Some(TableFileError::Corrupt("a flat payload is not one byte an entry")),
            "width {width}, {payload_len} bytes"
        );
    }
}
