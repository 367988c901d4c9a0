//! Position text: a text that parses prints back to a text that parses to
//! the same setup; a valid position round-trips and its moves are legal.
#![no_main]

use libfuzzer_sys::fuzz_target;
use morris_core::{Position, Setup};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(setup) = text.parse::<Setup>() else {
        return;
    };
    let written = setup.to_string();
    let again: Setup = written.parse().expect("a printed setup parses");
    assert_eq!(again, setup);
    let Ok(pos) = setup.position() else {
        return;
    };
    let back: Position = pos.to_string().parse().expect("a printed position parses");
    assert_eq!(back, pos);
    assert_eq!(back.key(), pos.key());
    let legal = pos.legal_moves();
    assert_eq!(pos.count_moves(), legal.len() as u64);
    let _ = pos.outcome();
    for m in legal {
        assert_eq!(pos.parse_move(&pos.notation(m)), Ok(m));
        let next = pos.play(m);
        let text = next.to_string();
        let reread: Position = text.parse().expect("a position after a legal move is writable");
        assert_eq!(reread, next);
    }
});
