//! The table files' round trips and every way a damaged file is refused.

use super::deflate::{deflate_pieces, Inflater, BEST_LEVEL as LEVEL};
use super::header::{framed, header, FLAT};
use super::packing::{bits_for, pack, unpack};
use super::*;
use crate::flat_entries::{block_sum, EntrySource, BLOCK};
use crate::index::Numbering;
use crate::reduced::SymIndexer;
use crate::value::{Value, UNKNOWN};
use std::sync::{Arc, Mutex};

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

/// A flat file in memory, as a program would read it from disk, that a
/// test can change after it was opened; `broken` stands for a disk that
/// fails.
#[derive(Debug)]
struct Bytes {
    bytes: Mutex<Vec<u8>>,
    broken: bool,
}

impl Bytes {
    fn new(bytes: &[u8]) -> Arc<Bytes> {
        Arc::new(Bytes {
            bytes: Mutex::new(bytes.to_vec()),
            broken: false,
        })
    }

    fn change(&self, f: impl FnOnce(&mut Vec<u8>)) {
        f(&mut self.bytes.lock().unwrap_or_else(|e| e.into_inner()));
    }
}

impl EntrySource for Bytes {
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> std::io::Result<()> {
        if self.broken {
            return Err(std::io::Error::other("the disk fails"));
        }
        let bytes = self.bytes.lock().unwrap_or_else(|e| e.into_inner());
        let at = usize::try_from(offset).unwrap_or(usize::MAX);
        let found = at
            .checked_add(buf.len())
            .and_then(|end| bytes.get(at..end))
            .ok_or(std::io::ErrorKind::UnexpectedEof)?;
        buf.copy_from_slice(found);
        Ok(())
    }

    fn name(&self) -> String {
        "six-3v3.tb".into()
    }
}

/// Six's 3v3 table and its flat file.
fn six_flat() -> Option<(Table, Vec<u8>)> {
    // Six, not Three: Three's 3v3 holds positions where the mover
    // already has a mill (a "win in 0", which has no byte).
    let mut tb = super::super::Tablebase::new(morris_core::Variant::Six.rules());
    let table = tb.solve(3, 3).ok()?.clone();
    let mut flat = Vec::new();
    write_flat(&table, &mut flat).ok()?;
    Some((table, flat))
}

/// A solved table's flat file reads back the same values, into memory
/// and from the file as they are asked for; a damaged or cut file is
/// refused, and a table of values past a byte has no flat file.
#[test]
fn flat_files_answer_like_the_table() {
    let solved = six_flat();
    assert!(solved.is_some());
    let Some((table, flat)) = solved else { return };
    let head_len = flat.len() - table.len() - 8;
    assert_eq!(header(&table, 8, FLAT, table.len()).len(), head_len);

    let codes: Vec<u16> = table.codes().collect();
    let back = read(&flat);
    assert!(back.is_ok(), "{back:?}");
    let Ok(back) = back else { return };
    assert_eq!(back.codes().collect::<Vec<_>>(), codes);
    assert_eq!(back.value_bytes(), codes.len());

    let len = flat.len() as u64;
    let source = Bytes::new(&flat);
    let opened = open_flat(source.clone(), len);
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
    assert_eq!(opened.fault(), None);
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
        open_flat(Bytes::new(&bad), len).err(),
        Some(TableFileError::ChecksumMismatch)
    );
    assert_eq!(
        open_flat(source.clone(), len - 1).err(),
        Some(TableFileError::Truncated)
    );
    assert_eq!(
        open_flat(source.clone(), len + 2).err(),
        Some(TableFileError::TrailingBytes(2))
    );
    assert_eq!(
        open_flat(Bytes::new(&flat[..flat.len() - 3]), len).err(),
        Some(TableFileError::Truncated)
    );
    assert_eq!(
        open_flat(Bytes::new(&flat[..head_len - 1]), len).err(),
        Some(TableFileError::Truncated)
    );
    // The packed file of the same table is not flat.
    let packed = write(&table);
    assert_eq!(
        open_flat(Bytes::new(&packed), packed.len() as u64).err(),
        Some(TableFileError::NotFlat)
    );
    // A disk that fails cannot be opened.
    let broken = Arc::new(Bytes {
        bytes: Mutex::new(flat.clone()),
        broken: true,
    });
    assert!(matches!(
        open_flat(broken, len),
        Err(TableFileError::Unreadable(_))
    ));

    // A win of an even number of plies has no byte: nothing is written.
    let Some((indexer, codes)) = coded(|i| if i == 9 { Value::Win(2) } else { Value::Draw }) else {
        return;
    };
    let odd = Table::from_codes(indexer, codes);
    let mut none = Vec::new();
    assert!(matches!(write_flat(&odd, &mut none), Err(FlatError::DoesNotFit)));
    assert!(none.is_empty());
}

/// The entries of an opened flat file, from `first` on, as the table
/// answers them.
fn answers(table: &Table, first: u64) -> Vec<Option<Value>> {
    (first..table.len() as u64).map(|i| table.value(i)).collect()
}

/// A flat file changed after it was opened gives no value from the
/// changed bytes, never a wrong one, and the table says what happened;
/// from then on it answers nothing. Blocks read before the change were
/// checked then and keep their (right) values until the fault is found.
#[test]
fn a_flat_file_changed_after_it_was_opened_answers_nothing_and_says_so() {
    let six = six_flat();
    assert!(six.is_some(), "Six 3v3 has a flat file");
    let Some((table, flat)) = six else { return };
    assert!(table.len() > 3 * BLOCK, "{} entries", table.len());
    let len = flat.len() as u64;
    let head_len = flat.len() - table.len() - 8;
    let source = Bytes::new(&flat);
    let opened = open_flat(source.clone(), len);
    assert!(opened.is_ok(), "{opened:?}");
    let Ok(opened) = opened else { return };
    // The first block is read and kept; then a byte of the third changes
    // to a value it could hold (a win in 63 where the file said otherwise).
    assert_eq!(opened.value(0), table.value(0));
    let entry = 2 * BLOCK + 17;
    source.change(|b| b[head_len + entry] = if b[head_len + entry] == 63 { 61 } else { 63 });
    assert_eq!(opened.value(1), table.value(1));
    assert_eq!(opened.fault(), None);
    assert_eq!(opened.value(entry as u64), None);
    let fault = opened.fault().cloned();
    assert!(fault.is_some());
    let Some(fault) = fault else { return };
    assert_eq!(fault.file, "six-3v3.tb");
    let first = 2 * BLOCK;
    let last = 3 * BLOCK - 1;
    assert_eq!(
        fault.reason,
        format!("the bytes of entries {first} to {last} differ")
    );
    assert!(fault
        .to_string()
        .starts_with("six-3v3.tb: the flat table file changed after it was loaded"));
    // Nothing more, not even the block it had read before.
    assert!(answers(&opened, 0).iter().all(Option::is_none));

    // The flat file of a table that answers nothing is not written.
    let mut again = Vec::new();
    assert!(matches!(
        write_flat(&opened, &mut again),
        Err(FlatError::DoesNotFit)
    ));
    assert!(read(&write(&opened)).is_err());
}

/// A flat file cut short after it was opened is reported as such,
/// not taken for an uncovered position in silence.
#[test]
fn a_flat_file_cut_short_after_it_was_opened_says_so() {
    let six = six_flat();
    assert!(six.is_some(), "Six 3v3 has a flat file");
    let Some((table, flat)) = six else { return };
    let head_len = flat.len() - table.len() - 8;
    let source = Bytes::new(&flat);
    let opened = open_flat(source.clone(), flat.len() as u64);
    assert!(opened.is_ok(), "{opened:?}");
    let Ok(opened) = opened else { return };
    let cut = head_len + BLOCK + 5;
    source.change(|b| b.truncate(cut));
    assert_eq!(opened.value(3), table.value(3));
    assert_eq!(opened.value(table.len() as u64 - 1), None);
    let fault = opened.fault().cloned();
    assert_eq!(
        fault.map(|f| f.reason),
        Some(format!(
            "it ends before entry {}: it was cut short",
            table.len() - 1
        ))
    );
    assert!(answers(&opened, 0).iter().all(Option::is_none));
}

/// The block sum changes with any one byte, wherever it is, and with the
/// length (a block of zeros and a shorter one differ).
#[test]
fn the_block_sum_sees_every_byte() {
    let block: Vec<u8> = (0..BLOCK + 13).map(|i| (i * 31 % 251) as u8).collect();
    let sum = block_sum(&block);
    for i in 0..block.len() {
        for bit in [1u8, 0x80] {
            let mut b = block.clone();
            b[i] ^= bit;
            assert_ne!(block_sum(&b), sum, "byte {i}, bit {bit}");
        }
    }
    assert_ne!(block_sum(&[0; 8]), block_sum(&[0; 7]));
    assert_ne!(block_sum(&[]), block_sum(&[0]));
}

/// A flat header that does not say one byte an entry is refused.
#[test]
fn a_flat_payload_must_be_one_byte_an_entry() {
    let Some((indexer, codes)) = coded(|_| Value::Draw) else {
        return;
    };
    let table = Table::from_codes(indexer, codes);
    for (width, payload_len) in [(16, table.len()), (8, table.len() - 1)] {
        let file = framed(&table, width, FLAT, &vec![0u8; payload_len]);
        assert_eq!(
            read(&file).err(),
            Some(TableFileError::Corrupt("a flat payload is not one byte an entry")),
            "width {width}, {payload_len} bytes"
        );
    }
}
