//! The table file: every table round-trips, and a truncated or corrupt
//! file is an error, never a panic or a wrong table.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::time::Instant;

use morris_core::{Position, Rules, Variant};
use morris_solver::{
    check, read, read_for, write, Class, Numbering, Table, TableFileError, Tablebase, Value, FORMAT_VERSION,
};

fn same(a: &Table, b: &Table) {
    assert_eq!(a.class(), b.class());
    assert_eq!(a.indexer().rules(), b.indexer().rules());
    assert_eq!(a.len(), b.len());
    for i in 0..a.len() as u64 {
        assert_eq!(a.value(i), b.value(i), "index {i}");
    }
}

/// Every class of Three Men's Morris that the game from the empty board reaches.
fn three_tables() -> Tablebase {
    let rules = Variant::Three.rules();
    let mut tb = Tablebase::new(rules);
    assert!(tb.solve_position(&Position::new(rules)).is_ok());
    tb
}

#[test]
fn three_mens_tables_round_trip() {
    let tb = three_tables();
    let table = tb.table(Class::moving(3, 3)).unwrap();
    let bytes = write(table);
    eprintln!("three 3v3: {} entries in {} bytes", table.len(), bytes.len());
    same(table, &read(&bytes).unwrap());
    same(table, &read_for(&bytes, &Variant::Three.rules()).unwrap());
    // Written twice, the same bytes.
    assert_eq!(write(table), bytes);
}

#[test]
fn changed_options_round_trip() {
    let rules = Rules::with_options(Variant::Three, ["flying=on"]).unwrap();
    let mut tb = Tablebase::new(rules);
    let table = tb.solve(3, 3).unwrap().clone();
    let bytes = write(&table);
    let back = read(&bytes).unwrap();
    assert_eq!(*back.indexer().rules(), rules);
    same(&table, &back);
    // The tables of other rules are not taken for these.
    assert!(matches!(
        read_for(&bytes, &Variant::Three.rules()),
        Err(TableFileError::WrongRules { .. })
    ));
}

#[test]
fn nine_3v3_round_trips() {
    let mut tb = Tablebase::new(Variant::Nine.rules());
    let table = tb.solve(3, 3).unwrap().clone();
    let start = Instant::now();
    let bytes = write(&table);
    let written = start.elapsed();
    let start = Instant::now();
    let back = read(&bytes).unwrap();
    eprintln!(
        "nine 3v3: {} entries in {} bytes (written in {written:?}, read in {:?})",
        table.len(),
        bytes.len(),
        start.elapsed()
    );
    same(&table, &back);
    // A loaded table probes like the solved one.
    let mut loaded = Tablebase::new(Variant::Nine.rules());
    loaded.insert(back).unwrap();
    for i in (0..table.len() as u64).step_by(997) {
        let pos = table.indexer().position(i).unwrap();
        assert_eq!(loaded.probe(&pos), tb.probe(&pos));
    }
    // A sample of truncations and flips of the large file.
    for cut in (0..bytes.len()).step_by(bytes.len() / 50 + 1) {
        assert!(read(&bytes[..cut]).is_err(), "cut at {cut}");
    }
    for at in (0..bytes.len()).step_by(bytes.len() / 50 + 1) {
        let mut bad = bytes.clone();
        bad[at] ^= 0x10;
        assert!(read(&bad).is_err(), "flip at {at}");
    }
}

#[test]
fn every_truncation_is_rejected() {
    let tb = three_tables();
    let bytes = write(tb.table(Class::moving(3, 3)).unwrap());
    for cut in 0..bytes.len() {
        let r = read(&bytes[..cut]);
        assert!(r.is_err(), "cut at {cut} was read");
        assert!(check(&bytes[..cut]).is_err(), "cut at {cut} passed the check");
    }
    let mut long = bytes.clone();
    long.push(0);
    assert_eq!(read(&long).err(), Some(TableFileError::TrailingBytes(1)));
    assert_eq!(check(&long).err(), Some(TableFileError::TrailingBytes(1)));
    assert_eq!(check(&bytes), Ok((*tb.rules(), Class::moving(3, 3))));
}

#[test]
fn every_flipped_byte_is_rejected() {
    let tb = three_tables();
    let bytes = write(tb.table(Class::moving(3, 3)).unwrap());
    for at in 0..bytes.len() {
        for bit in [0x01u8, 0x80, 0xff] {
            let mut bad = bytes.clone();
            bad[at] ^= bit;
            assert!(read(&bad).is_err(), "flip {bit:#x} at {at} was read");
            assert!(check(&bad).is_err(), "flip {bit:#x} at {at} passed the check");
        }
    }
}

#[test]
fn errors_name_what_is_wrong() {
    let tb = three_tables();
    let bytes = write(tb.table(Class::moving(3, 3)).unwrap());
    assert_eq!(read(b"").err(), Some(TableFileError::BadMagic));
    assert_eq!(
        read(b"PK\x03\x04 not a table").err(),
        Some(TableFileError::BadMagic)
    );
    let mut bad = bytes.clone();
    bad[8..10].copy_from_slice(&(FORMAT_VERSION + 1).to_le_bytes());
    assert_eq!(
        read(&bad).err(),
        Some(TableFileError::UnknownVersion(FORMAT_VERSION + 1))
    );
    // A file of the first version (one entry per position, no numbering
    // byte) is refused as old, whatever follows its version.
    let mut old = bytes.clone();
    old[8..10].copy_from_slice(&1u16.to_le_bytes());
    assert_eq!(read(&old).err(), Some(TableFileError::OldVersion(1)));
    assert!(TableFileError::OldVersion(1)
        .to_string()
        .contains("generate the table again"));
    assert_eq!(
        read(&bytes[..bytes.len() - 1]).err(),
        Some(TableFileError::Truncated)
    );
    let mut bad = bytes.clone();
    let last = bad.len() - 1;
    bad[last] ^= 1;
    assert_eq!(read(&bad).err(), Some(TableFileError::ChecksumMismatch));
    assert!(matches!(
        read_for(&bytes, &Variant::Nine.rules()),
        Err(TableFileError::WrongRules { .. })
    ));
}

#[test]
fn a_loaded_table_gives_the_solved_values() {
    let tb = three_tables();
    let table = read(&write(tb.table(Class::moving(3, 3)).unwrap())).unwrap();
    let mut loaded = Tablebase::new(Variant::Three.rules());
    loaded.insert(table).unwrap();
    let mut seen = [0u32; 3];
    for i in 0..tb.table(Class::moving(3, 3)).unwrap().len() as u64 {
        let pos = loaded
            .table(Class::moving(3, 3))
            .unwrap()
            .indexer()
            .position(i)
            .unwrap();
        let v = loaded.probe(&pos);
        assert_eq!(v, tb.probe(&pos));
        match v {
            Some(Value::Win(_)) => seen[0] += 1,
            Some(Value::Draw) => seen[1] += 1,
            Some(Value::Loss(_)) => seen[2] += 1,
            None => panic!("no value at {i}"),
        }
    }
    assert!(seen.iter().all(|&n| n > 0), "{seen:?}");
    // A table of other rules is refused.
    let mut nine = Tablebase::new(Variant::Nine.rules());
    assert!(nine
        .insert(read(&write(tb.table(Class::moving(3, 3)).unwrap())).unwrap())
        .is_err());
}
