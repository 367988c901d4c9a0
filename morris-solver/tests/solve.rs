//! The retrograde solver: indexing, symmetries, and values checked against
//! a plain minimax search and the known result of Three Men's Morris.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::OnceLock;
use std::time::Instant;

use morris_core::{BoardKind, Color, Position, Rules, Variant};
use morris_solver::{
    Class, ClassCounts, FullTable, Indexer, Numbering, SymIndexer, Symmetries, Table, Tablebase, Value,
};

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
        // The centre of Seven Men's Morris joins the inner square only, so
        // the exchange of the squares is lost.
        (BoardKind::Seven, 8),
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
            for (i, &m) in geo.mills().iter().enumerate() {
                let image = syms.map(k, m);
                let j = geo.mills().iter().position(|&n| n == image);
                assert!(j.is_some(), "{kind} symmetry {k}");
                // The middle of a line (where custodian and intervention
                // captures act, §7.6) goes to the middle of its image.
                let middle = j.map(|j| geo.mill_middle(j));
                assert_eq!(
                    middle,
                    Some(syms.map_point(k, geo.mill_middle(i))),
                    "{kind} symmetry {k}"
                );
            }
        }
    }
}

fn assert_symmetric(tb: &Tablebase, class: Class, samples: u64, seed: u64) {
    let table = tb.table(class).unwrap();
    let full = Indexer::new(*tb.rules(), class).unwrap();
    let syms = Symmetries::of(tb.rules().geometry());
    let mut rng = Rng(seed);
    for _ in 0..samples {
        let (l, d, t) = full.unrank(rng.below(full.len()));
        let pos = full.position(full.rank(l, d, t)).unwrap();
        let v = table.probe(&pos).unwrap();
        let canon = table.indexer().canonical(l, d, t);
        assert_eq!(table.value(canon), Some(v));
        for k in 0..syms.len() {
            let (ml, md) = (syms.map(k, l), syms.map(k, d));
            let image = full.position(full.rank(ml, md, t)).unwrap();
            assert_eq!(table.probe(&image), Some(v), "{pos} under symmetry {k}");
            assert_eq!(table.indexer().canonical(ml, md, t), canon);
        }
    }
}

#[test]
fn symmetric_positions_have_the_same_value() {
    assert_symmetric(nine_3v3(), Class::moving(3, 3), 2000, 7);
    assert_symmetric(&three().0, Class::moving(3, 3), 1000, 11);
}

#[test]
fn symmetric_index_round_trips() {
    // The symmetries and how many entries at most per position times
    // that (the 3×3 board has many symmetric sets of three).
    for (rules, class, want, most) in [
        (Variant::Nine.rules(), Class::moving(3, 3), 16, 1.25),
        (Variant::Nine.rules(), Class::moving(5, 4), 16, 1.25),
        (Variant::Six.rules(), Class::moving(4, 3), 16, 1.25),
        (Variant::Three.rules(), Class::moving(3, 3), 8, 2.0),
        (Variant::Twelve.rules(), Class::moving(4, 3), 16, 1.25),
    ] {
        let idx = SymIndexer::new(rules, class).unwrap();
        let full = Indexer::new(rules, class).unwrap();
        assert_eq!(idx.positions(), full.len());
        // About one entry per class of symmetric positions, never fewer.
        assert!(idx.len() * want >= full.len(), "{class:?}");
        assert!(
            (idx.len() * want) as f64 <= full.len() as f64 * most,
            "{class:?}: {} of {}",
            idx.len(),
            full.len()
        );
        let mut rng = Rng(0x5EED ^ idx.len());
        let all: Vec<u64> = if idx.len() < 20_000 {
            (0..idx.len()).collect()
        } else {
            (0..5000).map(|_| rng.below(idx.len())).collect()
        };
        for i in all {
            let pos = idx.position(i).unwrap();
            assert_eq!(Class::of(&pos), class);
            assert_eq!(idx.index(&pos), Some(i), "{class:?} {i}");
        }
        assert!(idx.position(idx.len()).is_none());
        // The weights of the entries add up to every position once.
        if idx.len() < 200_000 {
            assert_eq!(
                (0..idx.len()).map(|i| idx.weight(i)).sum::<u64>(),
                full.len(),
                "{class:?}"
            );
        }
        // Every position lands on an entry holding one of its images.
        let syms = idx.symmetries();
        for _ in 0..3000 {
            let (l, d, t) = full.unrank(rng.below(full.len()));
            let (el, ed, et) = idx.unrank(idx.rank(l, d, t));
            assert_eq!(et, t);
            assert!(
                (0..syms.len()).any(|k| syms.map(k, l) == el && syms.map(k, d) == ed),
                "{class:?}"
            );
        }
    }
}

/// Solved with and without the symmetries, every position has one value.
fn assert_reduced_agrees(rules: Rules, light: u8, dark: u8) {
    let mut tb = Tablebase::new(rules);
    let full = tb.solve_unreduced(light, dark).unwrap();
    let table = tb.solve(light, dark).unwrap();
    for i in 0..full.len() as u64 {
        let pos = full.indexer().position(i).unwrap();
        assert_eq!(table.probe(&pos), full.value(i), "{rules} {light}v{dark}: {pos}");
    }
    assert_eq!(table.counts(), full.counts(), "{rules} {light}v{dark}");
    assert_eq!(table.max_distance(), full.max_distance());
    assert_orbit_counts(table, &full);
    eprintln!(
        "{rules} {light}v{dark}: {} positions, {} entries, {:?}",
        full.len(),
        table.len(),
        table.counts()
    );
}

/// The counts by side to move, over positions and over classes of
/// symmetric positions, recounted from the unreduced table: there a
/// position stands for its class when no symmetry gives it a smaller
/// index in the full numbering.
fn assert_orbit_counts(table: &Table, full: &FullTable) {
    let syms = table.indexer().symmetries();
    let mut counted = [ClassCounts::default(); 2];
    for i in 0..full.len() as u64 {
        let (light, dark, turn) = full.indexer().unrank(i);
        let v = full.value(i).unwrap();
        let side = &mut counted[turn.index()];
        side.positions.add(v, 1);
        if syms.canonical_index(full.indexer(), light, dark, turn) == i {
            side.orbits.add(v, 1);
        }
    }
    let by_turn = table.counts_by_turn();
    assert_eq!(by_turn, counted, "{:?}", table.class());
    assert!(counted
        .iter()
        .all(|c| c.orbits.total() * syms.len() as u64 >= c.positions.total()));
}

#[test]
fn reduced_and_unreduced_solvers_agree() {
    assert_reduced_agrees(Variant::Three.rules(), 3, 3);
    assert_reduced_agrees(Rules::with_options(Variant::Three, ["flying=on"]).unwrap(), 3, 3);
    assert_reduced_agrees(Variant::Six.rules(), 4, 3);
    assert_reduced_agrees(Variant::Six.rules(), 3, 4);
    assert_reduced_agrees(Rules::with_options(Variant::Six, ["flying=on"]).unwrap(), 4, 4);
    assert_reduced_agrees(Variant::Nine.rules(), 3, 3);
}

/// A table answers for its mirror: light and dark exchanged, the other
/// side to move.
#[test]
fn a_class_needs_the_classes_its_removals_lead_to() {
    let one = Tablebase::new(Variant::Nine.rules());
    let c = Class::moving;
    assert_eq!(one.needs(3, 3), []);
    assert_eq!(one.needs(4, 3), [c(3, 3)]);
    // 8v9 is read from the 9v8 table.
    assert_eq!(one.needs(9, 9), [c(9, 8)]);
    assert_eq!(one.needs(9, 8), [c(9, 7), c(8, 8)]);
    // A turn that takes a piece for each mill it closes may take several:
    // the solver allows for as many as `MAX_MILLS_THROUGH` (four).
    let each: Rules = "nine:mill-takes=each".parse().unwrap();
    let each = Tablebase::new(each);
    assert_eq!(each.needs(9, 9), [c(9, 8), c(9, 7), c(9, 6), c(9, 5)]);
    assert_eq!(each.needs(5, 4), [c(5, 3), c(4, 4), c(4, 3)]);
    // Where a mill wins at once, nothing is removed.
    assert_eq!(Tablebase::new(Variant::Three.rules()).needs(3, 3), []);
}

#[test]
fn a_table_answers_for_its_mirror() {
    let rules = Variant::Six.rules();
    let mut own = Tablebase::new(rules);
    own.solve(3, 4).unwrap();
    let mut mirror = Tablebase::new(rules);
    mirror.solve(4, 3).unwrap();
    assert!(mirror.table(Class::moving(3, 4)).is_none());
    let idx = Indexer::new(rules, Class::moving(3, 4)).unwrap();
    let mut rng = Rng(3);
    for _ in 0..3000 {
        let pos = idx.position(rng.below(idx.len())).unwrap();
        assert_eq!(mirror.probe(&pos), own.probe(&pos), "{pos}");
    }
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
        seen[check_value(tb, &pos, table.value(i).unwrap(), depth)] += 1;
    }
    seen
}

/// `v` agrees with a plain minimax search `depth` plies deep and with the
/// values of the positions after each move; the kind of check made: 0 a
/// win within the depth, 1 nothing decided within it, 2 a loss within it.
fn check_value(tb: &Tablebase, pos: &Position, v: Value, depth: u16) -> usize {
    let kind = match v {
        Value::Win(d) if d <= depth => {
            assert!(win_within(pos, d), "{pos}: {v:?}");
            assert!(d == 0 || !win_within(pos, d - 1), "{pos}: {v:?}");
            0
        }
        Value::Loss(d) if d <= depth => {
            assert!(loss_within(pos, d), "{pos}: {v:?}");
            assert!(d == 0 || !loss_within(pos, d - 1), "{pos}: {v:?}");
            2
        }
        _ => {
            assert!(!win_within(pos, depth), "{pos}: {v:?}");
            assert!(!loss_within(pos, depth), "{pos}: {v:?}");
            1
        }
    };
    if pos.terminal().is_none() {
        let children = pos
            .legal_moves()
            .into_iter()
            .map(|m| tb.probe(&pos.play(m)).unwrap());
        assert_eq!(Value::best_of(children), Some(v), "{pos}");
    }
    kind
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
        "3v3: {} positions in {} entries ({} bytes of values): {w} won, {d} drawn, {l} lost; longest {} plies; {:?}",
        t.positions(),
        t.len(),
        t.value_bytes(),
        t.max_distance(),
        start.elapsed()
    );
}

/// Checks the table files in the folder `MULINO_TB_DIR` (written by
/// `morris tb generate --up-to N --out-dir DIR`): for each class, every
/// value agrees with the values one move on (from these tables), with its
/// symmetric images and mirror, and with a plain search: a win or loss
/// within `MULINO_TB_DEPTH` plies (default 3) is found at exactly its
/// distance, and nothing else is decided within that depth; each class
/// `MULINO_TB_SAMPLES` entries (default 1000) decided within the depth and
/// as many of all.
/// `MULINO_TB_DIR=/work/tb-out/nine cargo test --release -p morris-core --test solve -- --ignored --nocapture generated`
#[test]
#[ignore]
fn generated_tables_agree_with_minimax() {
    let dir = std::env::var("MULINO_TB_DIR").expect("MULINO_TB_DIR names a folder of table files");
    let depth: u16 = std::env::var("MULINO_TB_DEPTH")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(3);
    let samples: usize = std::env::var("MULINO_TB_SAMPLES")
        .ok()
        .and_then(|d| d.parse().ok())
        .unwrap_or(1000);
    // MULINO_TB_CHECK=4v4,5v5 checks only those classes (all are loaded).
    let only: Option<Vec<String>> = std::env::var("MULINO_TB_CHECK")
        .ok()
        .map(|v| v.split(',').map(|c| c.trim().to_string()).collect());
    let mut tb: Option<Tablebase> = None;
    let mut classes = Vec::new();
    for entry in std::fs::read_dir(&dir).unwrap() {
        let path = entry.unwrap().path();
        let Ok(bytes) = std::fs::read(&path) else { continue };
        let Ok(table) = morris_solver::read(&bytes) else {
            continue;
        };
        // Every table round-trips through the file format: the same
        // bytes where the payload is surely one deflate piece (entries
        // take one or two bytes), the same values always (files written
        // before the payload was cut into pieces hold them in other bytes).
        let again = morris_solver::write(&table);
        if table.len() * 2 <= morris_solver::DEFLATE_PIECE {
            assert_eq!(again, bytes, "{}", path.display());
        }
        let back = morris_solver::read(&again).unwrap();
        assert!(
            (0..table.len() as u64).all(|i| back.value(i) == table.value(i)),
            "{}",
            path.display()
        );
        let tb = tb.get_or_insert_with(|| Tablebase::new(*table.indexer().rules()));
        classes.push(table.class());
        tb.insert(table).unwrap();
    }
    let tb = tb.expect("no table files");
    let syms = Symmetries::of(tb.rules().geometry());
    classes.sort();
    classes.retain(|c| {
        only.as_ref()
            .is_none_or(|o| o.contains(&format!("{}v{}", c.light, c.dark)))
    });
    for class in classes {
        let table = tb.table(class).unwrap();
        let start = Instant::now();
        let mut rng = Rng(0xC0FFEE ^ table.len() as u64);
        // Half the samples among the entries decided within the depth
        // (rare in the drawish classes), half among all entries.
        let short: Vec<u64> = (0..table.len() as u64)
            .filter(|&i| matches!(table.value(i), Some(Value::Win(d) | Value::Loss(d)) if d <= depth))
            .collect();
        let mut picks: Vec<u64> = (0..samples.min(short.len()))
            .map(|_| short[rng.below(short.len() as u64) as usize])
            .collect();
        picks.extend((0..samples).map(|_| rng.below(table.len() as u64)));
        let mut seen = [0u32; 3];
        for &i in &picks {
            let pos = table.indexer().position(i).unwrap();
            let v = table.value(i).unwrap();
            seen[check_value(&tb, &pos, v, depth)] += 1;
            let k = rng.below(syms.len() as u64) as usize;
            let (l, d) = (pos.pieces(Color::Light), pos.pieces(Color::Dark));
            let full = Indexer::new(*tb.rules(), class).unwrap();
            let image = full
                .position(full.rank(syms.map(k, l), syms.map(k, d), pos.turn()))
                .unwrap();
            assert_eq!(tb.probe(&image), Some(v), "{pos} under symmetry {k}");
            let mirror = Indexer::new(*tb.rules(), Class::moving(class.dark, class.light)).unwrap();
            let swapped = mirror.position(mirror.rank(d, l, !pos.turn())).unwrap();
            assert_eq!(tb.probe(&swapped), Some(v), "{pos} mirrored");
        }
        eprintln!(
            "{}v{}: {} positions checked (decided within {depth}: {} won, {} lost; {} other) in {:.1?}",
            class.light,
            class.dark,
            picks.len(),
            seen[0],
            seen[2],
            seen[1],
            start.elapsed()
        );
    }
}

/// Six Men's Morris from the empty board is a draw under the default rules
/// (no flying) and with flying at three pieces.
#[test]
fn six_mens_morris_is_a_draw() {
    for rules in [
        Variant::Six.rules(),
        Rules::with_options(Variant::Six, ["flying=on"]).unwrap(),
    ] {
        let start = Instant::now();
        let mut tb = Tablebase::new(rules);
        let v = tb.solve_position(&Position::new(rules)).unwrap();
        eprintln!(
            "{rules}: {v:?}, {} placing positions up to symmetry, {:?}",
            tb.placing_memo_len(),
            start.elapsed()
        );
        assert_eq!(v, Value::Draw, "{rules}");
    }
}
