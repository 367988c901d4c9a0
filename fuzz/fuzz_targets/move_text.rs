//! Move text: the syntax step never panics, a parsed move prints back to a
//! text that parses to the same move, and a move resolved in a position is
//! legal there and written back in notation that resolves to it again.
#![no_main]

use libfuzzer_sys::fuzz_target;
use morris_core::{MoveText, Position};

const POSITIONS: [&str; 5] = [
    "nine .../.../.../....../.../.../... L 9/9 0/0 -",
    "nine L../.../DDD/.DLD../.../LL./..L L 4/4 0/0 -",
    "nine:mill-takes=each L../..L/DDD/.D..L./.../LL./... L 4/4 0/0 -",
    "morabaraba .DD/.D./.../.LL.../..D/.../LLL D 0/0 0/0 L:a1-a4",
    "morabaraba-sotho LD./..D/.../...L.../D.D/L../..L L 0/0 0/0 -",
];

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(mt) = text.parse::<MoveText>() {
        let again: MoveText = mt.to_string().parse().expect("a printed move parses");
        assert_eq!(again, mt);
    }
    for p in POSITIONS {
        let pos: Position = p.parse().expect("fixed positions parse");
        if let Ok(m) = pos.parse_move(text) {
            assert!(pos.is_legal(m));
            assert_eq!(pos.parse_move(&pos.notation(m)), Ok(m));
        }
    }
});
