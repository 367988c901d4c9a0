//! Game records: a record that reads writes back to one that reads to the
//! same game and tags.
#![no_main]

use libfuzzer_sys::fuzz_target;
use morris_core::Record;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = text.parse::<Record>() else {
        return;
    };
    let written = record.to_string();
    let again: Record = written
        .parse()
        .unwrap_or_else(|e| panic!("a written record reads back: {e}\n{written}"));
    assert_eq!(again.game, record.game);
    assert_eq!(again.tags, record.tags);
    assert_eq!(again.to_string(), written);
});
