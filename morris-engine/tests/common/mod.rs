//! What the engine's integration tests share: Six Men's Morris solved.

#![allow(dead_code, clippy::unwrap_used)]

use std::sync::LazyLock;

use morris_core::Variant;
use morris_engine::Tablebases;
use morris_solver::{Class, Tablebase};

/// Every Six table, 3v3 … 6v6, solved once for all the tests of a file.
pub static SIX: LazyLock<Tablebase> = LazyLock::new(|| {
    let mut tb = Tablebase::new(Variant::Six.rules());
    for light in 3..=6 {
        for dark in 3..=light {
            tb.solve(light, dark).unwrap();
        }
    }
    tb
});

/// Six's tables, all but the class `skip` (a table answers for its mirror too).
pub fn six_tables(skip: Option<(u8, u8)>) -> Tablebases {
    let mut t = Tablebases::new();
    for light in 3..=6u8 {
        for dark in 3..=light {
            if skip != Some((light, dark)) {
                t.insert(SIX.table(Class::moving(light, dark)).unwrap().clone());
            }
        }
    }
    t
}

/// Built-in match openings of Six, four placements each, leaving eight
/// (where the placing solve decides at the root); the last four are ones
/// where a 10,000-node search lost to a 2,500-node one.
pub const OPENINGS: [&str; 5] = [
    "d2 a1 c4 d4",
    "c5 d3 d2 e1",
    "d4 e1 d3 d2",
    "a3 c4 b3 a5",
    "e3 a1 d3 c4",
];
