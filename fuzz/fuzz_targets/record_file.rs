//! Files of records: the splitter keeps every byte in order, starts each
//! game after the first at a tag, and a record written several times in a
//! row splits back into that many copies of itself.
#![no_main]

use libfuzzer_sys::fuzz_target;
use morris_core::{split_records, Record};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let pieces = split_records(text);
    if text.trim().is_empty() {
        assert!(pieces.is_empty());
    } else {
        assert_eq!(pieces.concat(), text);
    }
    assert!(pieces.iter().skip(1).all(|p| p.starts_with('[')));
    for piece in &pieces {
        // Each piece is read like any record: an error or a game, no panic.
        let _ = piece.parse::<Record>();
    }
    let Ok(record) = text.parse::<Record>() else {
        return;
    };
    let written = record.to_string();
    let file = format!("{written}\n{written}\n{written}");
    let again = split_records(&file);
    assert_eq!(again.len(), 3, "{file}");
    for piece in again {
        let back: Record = piece
            .parse()
            .unwrap_or_else(|e| panic!("a split record reads back: {e}\n{piece}"));
        assert_eq!(back, record);
    }
});
