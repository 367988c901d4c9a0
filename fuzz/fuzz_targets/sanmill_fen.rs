//! Sanmill FEN import: never panics, and what it imports is a valid
//! position whose own text round-trips.
#![no_main]

use libfuzzer_sys::fuzz_target;
use morris_core::{from_sanmill_fen, Position, Variant};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    for v in [
        Variant::Nine,
        Variant::Twelve,
        Variant::Six,
        Variant::Morabaraba11,
    ] {
        if let Ok(pos) = from_sanmill_fen(text, v.rules()) {
            let back: Position = pos.to_string().parse().expect("an imported position is writable");
            assert_eq!(back, pos);
            assert_eq!(pos.count_moves(), pos.legal_moves().len() as u64);
        }
    }
});
