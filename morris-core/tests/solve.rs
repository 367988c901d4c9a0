//! The retrograde solver: indexing, symmetries, and values checked against
//! a plain minimax search and the known result of Three Men's Morris.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::OnceLock;
use std::time::Instant;

use morris_core::solve::{Class, Indexer, Symmetries, Table, Tablebase, Value};
use morris_core::{BoardKind, Color, Position, Variant};

/// A small deterministic generator (xorshift64*).
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % n
    }
}

fn nine_3v3() -> &'static Tablebase {
    static TB: OnceLock<Tablebase> = OnceLock::new();
    TB.get_or_init(|| {
        let mut tb = Tablebase::new(Variant::Nine.rules());
        let start = Instant::now();
        let counts = tb.solve(3, 3).map(Table::counts);
        eprintln!("nine 3v3: {counts:?} in {:?}", start.elapsed());
        assert!(counts.is_ok());
        tb
    })
}

fn three() -> &'static (Tablebase, Value) {
    static TB: OnceLock<(Tablebase, Value)> = OnceLock::new();
    TB.get_or_init(|| {
        let rules = Variant::Three.rules();
        let mut tb = Tablebase::new(rules);
        let v = tb.solve_position(&Position::new(rules));
        assert!(v.is_ok(), "{v:?}");
        (tb, v.unwrap_or(Value::Draw))
    })
}

#[test]
fn index_round_trips() {
    let cases = [
        (Variant::Three.rules(), Class::moving(3, 3)),
        (Variant::Three.rules(), Class::moving(2, 3)),
        (Variant::Nine.rules(), Class::moving(3, 3)),
        (Variant::Nine.rules(), Class::moving(9, 7)),
        (
            Variant::Nine.rules(),
            Class {
                light: 4,
                dark: 3,
                light_hand: 2,
                dark_hand: 3,
            },
        ),
        (Variant::Six.rules(), Class::moving(6, 5)),
    ];
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    for (rules, class) in cases {
        let idx = Indexer::new(rules, class).unwrap();
        let all: Vec<u64> = if idx.len() < 10_000 {
            (0..idx.len()).collect()
        } else {
            (0..3000).map(|_| rng.below(idx.len())).collect()
        };
        for i in all {
            let pos = idx.position(i).unwrap();
            assert_eq!(Class::of(&pos), class);
            assert_eq!(idx.index(&pos), Some(i), "{class:?} {i}");
        }
        assert!(idx.position(idx.len()).is_none());
    }
    // Every index of a small class is one distinct arrangement.
    let idx = Indexer::new(Variant::Three.rules(), Class::moving(3, 3)).unwrap();
    assert_eq!(idx.len(), 2 * 84 * 20);
    let mut seen = std::collections::HashSet::new();
    for i in 0..idx.len() {
        let (l, d, t) = idx.unrank(i);
        assert_eq!(l & d, morris_core::Bitboard::EMPTY);
        assert!(seen.insert((l, d, t)));
    }
}

#[test]
fn symmetries_are_derived_from_the_geometry() {
    for (kind, want) in [
        (BoardKind::Mill, 16),
        (BoardKind::MillDiagonals, 16),
        (BoardKind::Small, 16),
        (BoardKind::Three, 8),
        (BoardKind::Sotho, 8),
    ] {
        let geo = kind.geometry();
        let syms = Symmetries::of(geo);
        assert_eq!(syms.len(), want, "{kind}");
        for k in 0..syms.len() {
            for a in geo.points() {
                let ma = syms.map_point(k, a);
                assert_eq!(
                    syms.map(k, geo.adjacent(a)),
                    geo.adjacent(ma),
                    "{kind} symmetry {k}"
                );
            }
            for &m in geo.mills() {
                assert!(geo.mills().contains(&syms.map(k, m)));
            }
        }
    }
}

fn assert_symmetric(tb: &Tablebase, class: Class, samples: u64, seed: u64) {
    let table = tb.table(class).unwrap();
    let idx = table.indexer();
    let syms = Symmetries::of(tb.rules().geometry());
    let mut rng = Rng(seed);
    for _ in 0..samples {
        let i = rng.below(idx.len());
        let (l, d, t) = idx.unrank(i);
        let v = table.value(i);
        let canon = syms.canonical_index(idx, l, d, t);
        assert_eq!(table.value(canon), v);
        for k in 0..syms.len() {
            let j = idx.rank(syms.map(k, l), syms.map(k, d), t);
            assert!(canon <= j);
            assert_eq!(table.value(j), v, "position {i} under symmetry {k}");
        }
    }
}

#[test]
fn symmetric_positions_have_the_same_value() {
    assert_symmetric(nine_3v3(), Class::moving(3, 3), 2000, 7);
    assert_symmetric(&three().0, Class::moving(3, 3), 1000, 11);
}

fn win_within(pos: &Position, n: u16) -> bool {
    if let Some(o) = pos.terminal() {
        return o.winner == Some(pos.turn());
    }
    n > 0
        && pos
            .legal_moves()
            .into_iter()
            .any(|m| loss_within(&pos.play(m), n - 1))
}

fn loss_within(pos: &Position, n: u16) -> bool {
    if let Some(o) = pos.terminal() {
        return o.winner == Some(!pos.turn());
    }
    n > 0
        && pos
            .legal_moves()
            .into_iter()
            .all(|m| win_within(&pos.play(m), n - 1))
}

/// The solver's value agrees with a plain minimax search `depth` plies
/// deep, and with the values of the positions after each move.
fn check_against_minimax(tb: &Tablebase, class: Class, samples: u64, depth: u16, seed: u64) -> [u32; 3] {
    let table = tb.table(class).unwrap();
    let mut rng = Rng(seed);
    let mut seen = [0; 3];
    for _ in 0..samples {
        let i = rng.below(table.len() as u64);
        let pos = table.indexer().position(i).unwrap();
        let v = table.value(i).unwrap();
        match v {
            Value::Win(d) if d <= depth => {
                seen[0] += 1;
                assert!(win_within(&pos, d), "{i}: {v:?}");
                assert!(d == 0 || !win_within(&pos, d - 1), "{i}: {v:?}");
            }
            Value::Loss(d) if d <= depth => {
                seen[2] += 1;
                assert!(loss_within(&pos, d), "{i}: {v:?}");
                assert!(d == 0 || !loss_within(&pos, d - 1), "{i}: {v:?}");
            }
            _ => {
                seen[1] += 1;
                assert!(!win_within(&pos, depth), "{i}: {v:?}");
                assert!(!loss_within(&pos, depth), "{i}: {v:?}");
            }
        }
        if pos.terminal().is_none() {
            let children = pos
                .legal_moves()
                .into_iter()
                .map(|m| tb.probe(&pos.play(m)).unwrap());
            assert_eq!(Value::best_of(children), Some(v), "{i}");
        }
    }
    seen
}

#[test]
fn nine_3v3_agrees_with_minimax() {
    let seen = check_against_minimax(nine_3v3(), Class::moving(3, 3), 300, 3, 1);
    eprintln!("nine 3v3 samples (short win, other, short loss): {seen:?}");
}

#[test]
fn three_agrees_with_minimax() {
    let seen = check_against_minimax(&three().0, Class::moving(3, 3), 400, 5, 2);
    eprintln!("three samples (short win, other, short loss): {seen:?}");
}

#[test]
fn three_mens_morris_is_a_first_player_win_by_the_centre() {
    let (tb, v) = three();
    let rules = Variant::Three.rules();
    let start = Position::new(rules);
    eprintln!("three from the empty board: {v:?}");
    let mut tb = tb.clone();
    let geo = rules.geometry();
    for m in start.legal_moves() {
        let after = tb.solve_position(&start.play(m)).unwrap().back();
        eprintln!("  {}: {after:?}", geo.coord(m.to()));
    }
    assert_eq!(start.turn(), Color::Light);
    assert!(matches!(v, Value::Win(_)), "{v:?}");
}

/// Prints the counts, time and size of the 3v3 class of Nine Men's Morris:
/// `cargo test --release -p morris-core --test solve -- --ignored --nocapture`.
#[test]
#[ignore]
fn report_nine_3v3() {
    let start = Instant::now();
    let mut tb = Tablebase::new(Variant::Nine.rules());
    let t = tb.solve(3, 3).unwrap();
    let (w, d, l) = t.counts();
    eprintln!(
        "3v3: {} positions ({} bytes of values): {w} won, {d} drawn, {l} lost; longest {} plies; {:?}",
        t.len(),
        2 * t.len(),
        t.max_distance(),
        start.elapsed()
    );
}
