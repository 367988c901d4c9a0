//! Placing book text: a text that parses writes back to a text that parses
//! to a book with the same answers, and every answer is legal where asked.
#![no_main]

use libfuzzer_sys::fuzz_target;
use morris_engine::Book;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(book) = Book::parse(text) else {
        return;
    };
    let written = book.to_text();
    let again = Book::parse(&written).expect("a written book parses");
    assert_eq!(again.len(), book.len());
    assert_eq!(again.to_text(), written);
    for line in written.lines() {
        let position = line.split(';').next().expect("a line has fields").trim();
        let pos: morris_core::Position = position.parse().expect("a written position parses");
        let entry = book.lookup(&pos).expect("a written position is in the book");
        assert!(!entry.keep.is_empty());
        assert!(entry.keep.iter().all(|&m| pos.is_legal(m)));
        assert_eq!(again.lookup(&pos), Some(entry));
    }
});
