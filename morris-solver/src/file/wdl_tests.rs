//! Win/draw/loss files: what they answer, and every way a damaged one is
//! refused.

use super::header::{framed, WDL};
use super::*;
use crate::tablebase::Tablebase;
use crate::value::{Value, FAR};
use crate::wdl_entries::payload;
use crate::SolveError;
use morris_core::Variant;

/// Six Men's Morris's 4v3 table, solved (with 3v3 on the way).
fn six_4v3() -> (Tablebase, Table) {
    let mut base = Tablebase::new(Variant::Six.rules());
    let table = base.solve(4, 3).cloned();
    assert!(table.is_ok(), "{table:?}");
    let table = table.unwrap_or_else(|_| unreachable!());
    (base, table)
}

/// Win, draw or loss, the distance dropped.
fn wdl(v: Value) -> Value {
    match v {
        Value::Win(_) => Value::Win(FAR),
        Value::Draw => Value::Draw,
        Value::Loss(_) => Value::Loss(FAR),
    }
}

fn must_read(bytes: &[u8]) -> Table {
    let back = read(bytes);
    assert!(back.is_ok(), "{back:?}");
    back.unwrap_or_else(|_| unreachable!())
}

/// Every entry answers its result without the distance, in
/// blocks of any size; the counts by side to move are the table's, and
/// the file is a fraction of the one with distances.
#[test]
fn a_wdl_file_answers_every_result_of_its_table() {
    let (_, table) = six_4v3();
    let whole = write(&table);
    for block in [1, 64, 8192] {
        let bytes = write_wdl(&table, block);
        let back = must_read(&bytes);
        assert!(!back.has_distances() && table.has_distances());
        assert_eq!(back.class(), table.class());
        // Every entry, those that repeat a smaller one too: a probe may
        // land on either.
        for i in 0..table.len() as u64 {
            assert_eq!(
                back.value(i),
                table.value(i).map(wdl),
                "entry {i}, blocks of {block}"
            );
        }
        assert_eq!(back.counts(), table.counts());
        let counts = |t: &Table| t.counts_by_turn().map(|c| (c.positions, c.orbits));
        assert_eq!(counts(&back), counts(&table));
        if block == 8192 {
            assert!(
                bytes.len() * 2 < whole.len(),
                "{} against {}",
                bytes.len(),
                whole.len()
            );
            // Written again, it keeps its form.
            assert_eq!(write(&back), bytes);
        }
    }
}

/// A win of unknown length ranks after every known win and stays unknown
/// a ply further back; a known win a ply further is still known.
#[test]
fn a_far_win_ranks_after_every_known_one() {
    assert!(Value::Win(FAR).score() < Value::Win(1000).score());
    assert!(Value::Win(FAR).score() > Value::Draw.score());
    assert!(Value::Loss(FAR).score() < Value::Draw.score());
    assert_eq!(Value::Win(FAR).back(), Value::Loss(FAR));
    assert_eq!(Value::Loss(FAR).back(), Value::Win(FAR));
    assert_eq!(Value::Win(7).back(), Value::Loss(8));
    assert!(!Value::Win(FAR).exact() && Value::Win(7).exact() && Value::Draw.exact());
}

/// No class is solved from a win/draw/loss table: its distances would be
/// made up.
#[test]
fn no_class_is_solved_from_a_wdl_table() {
    let (_, table) = six_4v3();
    let mut base = Tablebase::new(Variant::Six.rules());
    let three = Tablebase::new(Variant::Six.rules()).solve(3, 3).map(write_wdl_of);
    assert!(three.is_ok());
    for bytes in [three.unwrap_or_default(), write_wdl(&table, 8192)] {
        assert!(base.insert(must_read(&bytes)).is_ok());
    }
    assert_eq!(
        base.solve(4, 4).err(),
        Some(SolveError::NoDistances(Class::moving(4, 3)))
    );
}

fn write_wdl_of(t: &Table) -> Vec<u8> {
    write_wdl(t, 8192)
}

/// A file of `payload` for the table's class, with a right checksum.
fn file_of(table: &Table, payload: &[u8]) -> Vec<u8> {
    framed(table, 2, WDL, payload)
}

/// Damage is refused with a reason, never read as values: a changed
/// byte, a file cut short, and payloads whose checksum holds but whose
/// block list does not (ends out of order, the wrong number of blocks).
/// A block that does not inflate, or holds the code that means nothing,
/// answers nothing: its entries are not covered.
#[test]
fn a_damaged_wdl_file_is_refused() {
    let (_, table) = six_4v3();
    let bytes = write_wdl(&table, 256);
    for at in (0..bytes.len()).step_by(97) {
        let mut bad = bytes.clone();
        bad[at] ^= 0x10;
        assert!(read(&bad).is_err(), "byte {at} changed");
    }
    assert!(read(&bytes[..bytes.len() - 3]).is_err());
    let codes = || (0..table.len()).map(|i| (i % 3) as u8);
    let good = payload(codes(), table.len(), 256);
    assert!(read(&file_of(&table, &good)).is_ok());
    let corrupt = |p: &[u8]| {
        matches!(
            read(&file_of(&table, p)),
            Err(TableFileError::Corrupt(_) | TableFileError::Truncated)
        )
    };
    // The first two blocks' ends swapped.
    let mut swapped = good.clone();
    let (a, b) = (swapped[8..12].to_vec(), swapped[12..16].to_vec());
    swapped[8..12].copy_from_slice(&b);
    swapped[12..16].copy_from_slice(&a);
    assert!(corrupt(&swapped));
    // The first block's bytes garbled.
    let blocks = u32::from_le_bytes([good[4], good[5], good[6], good[7]]) as usize;
    let mut garbled = good.clone();
    for byte in &mut garbled[8 + 4 * blocks..8 + 4 * blocks + 8] {
        *byte = 0xff;
    }
    let answers = |p: &[u8]| {
        let t = must_read(&file_of(&table, p));
        (0..table.len() as u64).map(|i| t.value(i)).collect::<Vec<_>>()
    };
    let first_block = 4 * 256;
    let got = answers(&garbled);
    assert!(got[..first_block].iter().all(Option::is_none));
    assert!(got[first_block..].iter().all(Option::is_some));
    // Blocks of another size than the count says.
    let mut resized = good.clone();
    resized[0] = 0;
    resized[1] = 2;
    assert!(corrupt(&resized));
    assert!(corrupt(&good[..6]));
    // Code 3 in the second block only.
    let threes = payload(
        codes()
            .enumerate()
            .map(|(i, c)| if i / first_block == 1 && c == 2 { 3 } else { c }),
        table.len(),
        256,
    );
    let got = answers(&threes);
    for (i, v) in got.iter().enumerate() {
        assert_eq!(v.is_none(), i / first_block == 1, "entry {i}");
    }
}
