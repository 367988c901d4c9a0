//! The bench: fixed positions from every variant, searched to a fixed
//! depth with a fresh searcher each. The node total is a checksum of the
//! search's behaviour: it changes only when the search does.

use std::sync::atomic::AtomicBool;

use morris_core::Position;

use super::clock::Clock;
use super::limits::Limits;
use super::search::Searcher;

/// The depth the bench searches each position to.
pub const BENCH_DEPTH: u32 = 10;
/// The transposition table of the bench: part of the checksum, so fixed.
pub const BENCH_TT_MB: usize = 16;

/// The bench positions, as position texts reached by playing from the
/// start of each variant.
const POSITIONS: &[&str] = &[
    "nine D../.../.D./....../.../.../LLL L 6/6 0/0 -",
    "nine .L./.L./DLL/DD.LD./L.D/.L./..D L 2/2 0/0 -",
    "nine L.L/.L./.L./LDD.DL/D../.../LDL L 0/0 3/0 -",
    "nine .../.D./LL./.DDDDD/L../DD./.L. L 0/0 2/0 -",
    "three L.D/DLL/..D L 0/0 8/8 -",
    "six .../.LD/..D./DLL/... L 3/3 0/0 -",
    "six .D./D.L/DLDL/LLL/.D. L 0/0 2/0 -",
    "twelve .../.DL/.D./....L./.../..L/... L 9/9 0/0 -",
    "twelve .D./LLD/DL./..D.../D.L/.DL/..L L 5/5 0/0 -",
    "twelve D.L/DDL/DDL/LLLLDD/LLL/.L./.D. L 0/0 0/0 -",
    "twelve DD./LLL/.../LLL.LD/LDD/..L/... L 0/0 2/0 -",
    "morabaraba .../.D./.D./....../.../LLL/... L 9/9 0/0 -",
    "morabaraba L.D/DD./..L/L...../L.D/D../LLL L 5/5 0/0 -",
    "morabaraba DLD/DDL/L../DLLL.L/LDD/DLD/DLD L 0/0 0/0 -",
    "morabaraba LLL/LD./LDD/L...DL/DL./.LL/L.L L 0/0 3/0 -",
    "morabaraba-sotho .../..L/.DD/.....L./.../..L/... L 9/9 0/0 -",
    "morabaraba-sotho D../..D/LDL/L.D.LD./L.L/..D/... L 5/5 0/0 -",
    "morabaraba-sotho D../LLL/D.D/LLLDDL./DLD/L.L/L.D L 0/0 0/0 -",
    "morabaraba-sotho L.L/..D/LL./L.D.L../.DD/DD./LLL L 0/0 1/0 L:g1-f2",
    "morabaraba-11 ..D/.DL/..L/....D./.../..L/... L 8/8 0/0 -",
    "morabaraba-11 ..L/DDL/L.L/...DDD/.../.D./LL. L 4/4 0/0 -",
    "morabaraba-11 .D./DDL/LDD/.DLLLL/L../DLD/..L L 0/0 2/0 -",
    "morabaraba-11 .DL/LDL/.DL/L.L..D/.../.LD/D.. L 0/0 2/0 -",
    "lasker .../.../.../....../LLL/.DD/... L 7/7 0/0 -",
    "lasker DDD/LLL/.L./DDL.../.../.../L.D L 3/3 0/0 -",
    "lasker D../D.L/.D./DLL.D./.L./LLL/DLD L 0/0 0/0 -",
    "lasker DL./D.L/.L./LD.DDL/..L/D../L.D L 0/0 0/0 -",
    "nine LD./LL./LD./.DL.DL/LLD/DDL/.D. D 0/0 1/0 -",
    "nine LLD/DDL/..D/.LD.D./..L/LLL/DDL D 0/0 1/0 -",
    "nine LL./.L./DLL/D.D..L/LL./.D./DDD D 0/0 1/0 -",
    "nine LD./LDD/LL./LD.L../.D./DDL/LLD D 0/0 1/0 -",
];

/// The bench positions (texts that fail to parse are skipped; a test
/// checks that none does).
pub fn bench_positions() -> Vec<Position> {
    POSITIONS.iter().filter_map(|t| t.parse().ok()).collect()
}

/// What a bench run found.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct BenchResult {
    pub positions: usize,
    /// Nodes searched in all: the checksum.
    pub nodes: u64,
    pub time_ms: u64,
}

impl BenchResult {
    pub fn nps(&self) -> u64 {
        self.nodes.saturating_mul(1000) / self.time_ms.max(1)
    }
}

/// Searches every bench position to `depth`, each with a cleared table of
/// [`BENCH_TT_MB`]; `clock` only times the run.
pub fn bench(depth: u32, clock: &dyn Clock) -> BenchResult {
    let stop = AtomicBool::new(false);
    let positions = bench_positions();
    let mut searcher = Searcher::new(BENCH_TT_MB);
    let start = clock.now_ms();
    let mut nodes = 0;
    for pos in &positions {
        searcher.clear();
        nodes += searcher
            .search(pos, &[], Limits::depth(depth), clock, &stop, |_| {})
            .nodes;
    }
    BenchResult {
        positions: positions.len(),
        nodes,
        time_ms: clock.now_ms().saturating_sub(start),
    }
}
