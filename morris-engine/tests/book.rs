//! The placing book, made from exact solves of Six Men's Morris (whose
//! every table solves in seconds): an entry answers for its position and
//! every rotation and reflection of it exactly as a solve there would, a
//! book written out reads back the same, bad lines are refused with their
//! line number, and a searcher with a book but no tables plays only the
//! moves that keep the value.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::atomic::AtomicBool;
use std::sync::{Arc, LazyLock};

use morris_core::{Color, Position, Setup, Variant};
use morris_engine::{Book, BookErrorKind, KeptBy, Limits, NoClock, PlacingMemo, Searcher, Tablebases, Wdl};
use morris_solver::{Class, Symmetries, Tablebase};
use proptest::prelude::*;

/// Every Six table, 3v3 … 6v6.
static SIX: LazyLock<Tablebases> = LazyLock::new(|| {
    let mut tb = Tablebase::new(Variant::Six.rules());
    let mut tables = Tablebases::new();
    for light in 3..=6 {
        for dark in 3..=light {
            tb.solve(light, dark).unwrap();
            tables.insert(tb.table(Class::moving(light, dark)).unwrap().clone());
        }
    }
    tables
});

fn after(moves: &str) -> Position {
    let mut pos = Position::new(Variant::Six.rules());
    for text in moves.split_whitespace() {
        pos = pos.play(pos.parse_move(text).unwrap());
    }
    pos
}

fn solve(pos: &Position) -> (Wdl, Vec<morris_core::Move>) {
    let s = SIX
        .placing_solve(pos, &mut PlacingMemo::new(), u64::MAX, &mut || false)
        .unwrap();
    (s.result, s.keep)
}

/// The image of a position under symmetry `k`.
fn image(syms: &Symmetries, k: usize, pos: &Position) -> Position {
    let mut setup = Setup::from(*pos);
    for c in [Color::Light, Color::Dark] {
        setup.pieces[c] = syms.map(k, pos.pieces(c));
    }
    setup.position().unwrap()
}

/// Match openings of Six, and positions a few placements on.
const POSITIONS: [&str; 6] = [
    "d2 a1 c4 d4",
    "c5 d3 d2 e1",
    "d4 e1 d3 d2",
    "a3 c4 b3 a5",
    "e3 a1 d3 c4 b4",
    "d2 a1 c4 d4 a5 e5",
];

fn book_of(positions: &[&str]) -> Book {
    let mut book = Book::new();
    for moves in positions {
        let pos = after(moves);
        let (result, keep) = solve(&pos);
        book.insert(&pos, result, &keep).unwrap();
    }
    book
}

#[test]
fn an_entry_answers_for_every_rotation_and_reflection_as_a_solve_would() {
    let book = book_of(&POSITIONS);
    assert_eq!(book.len(), POSITIONS.len());
    let syms = Symmetries::of(Variant::Six.rules().geometry());
    assert!(syms.len() > 1);
    let mut moved = 0;
    for moves in POSITIONS {
        let pos = after(moves);
        for k in 0..syms.len() {
            let turned = image(&syms, k, &pos);
            moved += usize::from(turned != pos);
            let entry = book
                .lookup(&turned)
                .unwrap_or_else(|| panic!("{moves}, symmetry {k}: not found"));
            let (result, keep) = solve(&turned);
            assert_eq!(entry.result, result, "{moves}, symmetry {k}");
            assert_eq!(entry.keep, keep, "{moves}, symmetry {k}: {turned}");
            assert_eq!(entry.by, KeptBy::Book);
        }
    }
    assert!(moved > 0, "every image was the position itself");
    // A position not in it, and positions a book never holds.
    assert!(book.lookup(&after("d2 a1 c4 d4 a5")).is_none());
    assert!(book.lookup(&Position::new(Variant::Nine.rules())).is_none());
}

#[test]
fn a_written_book_reads_back_the_same() {
    let book = book_of(&POSITIONS);
    let text = book.to_text();
    assert_eq!(text.lines().count(), POSITIONS.len());
    let first = text.lines().next().unwrap();
    assert!(first.starts_with("six "), "{first}");
    assert!(first.contains(" ; draw ; ") || first.contains(" ; win ; ") || first.contains(" ; loss ; "));
    let with_comments = format!("# a Six book\n\n{text}");
    let again = Book::parse(&with_comments).unwrap();
    assert_eq!(again.to_text(), text);
    for moves in POSITIONS {
        let pos = after(moves);
        assert_eq!(again.lookup(&pos), book.lookup(&pos), "{moves}");
    }
    // One line of it, added to a book that lacks it.
    let mut part = Book::parse(text.lines().next().unwrap()).unwrap();
    assert_eq!(part.len(), 1);
    part.extend(&text.lines().skip(1).collect::<Vec<_>>().join("\n"))
        .unwrap();
    assert_eq!(part.to_text(), text);
}

#[test]
fn bad_lines_are_refused_with_their_number() {
    let placed = after("d2 a1 c4 d4");
    let pos = placed.to_string();
    let pos = pos.as_str();
    let kind = |text: &str| {
        let e = Book::parse(text).unwrap_err();
        (e.line, e.kind)
    };
    assert_eq!(kind(&format!("# x\n{pos} ; draw")), (2, BookErrorKind::Fields));
    assert_eq!(
        kind(&format!("{pos} ; draw ; c2 ; b2")),
        (1, BookErrorKind::Fields)
    );
    assert!(matches!(
        kind("six L ; draw ; c2"),
        (1, BookErrorKind::Position(_))
    ));
    assert_eq!(
        kind(&format!("{pos} ; even ; c2")),
        (1, BookErrorKind::Result("even".into()))
    );
    assert!(matches!(
        kind(&format!("{pos} ; draw ; c2 zz9")),
        (1, BookErrorKind::Move { text, .. }) if text == "zz9"
    ));
    // d2 holds a piece already.
    assert!(matches!(
        kind(&format!("{pos} ; draw ; d2")),
        (1, BookErrorKind::Move { .. })
    ));
    assert_eq!(
        kind(&format!("{pos} ; draw ; c2 c2")),
        (1, BookErrorKind::RepeatedMove("c2".into()))
    );
    assert_eq!(kind(&format!("{pos} ; draw ;  ")), (1, BookErrorKind::NoMoves));
    assert_eq!(
        kind("six LL./LD./L.D./DD./... L 0/0 0/0 - ; draw ; a1"),
        (1, BookErrorKind::NotPlacing)
    );
    assert!(matches!(
        kind(&format!("{pos} ; draw ; c2\n{}", "#".repeat(5000))),
        (2, BookErrorKind::TooLong)
    ));
    // The same position twice, the second time turned: refused, naming
    // the first line.
    let book = book_of(&POSITIONS[..1]);
    let syms = Symmetries::of(Variant::Six.rules().geometry());
    let p = after(POSITIONS[0]);
    let turned = (1..syms.len())
        .map(|k| image(&syms, k, &p))
        .find(|t| *t != p)
        .unwrap();
    let entry = book.lookup(&turned).unwrap();
    let second = Book::line(&turned, entry.result, &entry.keep);
    let text = format!("{}# again\n{second}\n", book.to_text());
    assert_eq!(kind(&text), (3, BookErrorKind::Duplicate(Some(1))));
    // A failed extend adds nothing.
    let mut b = book.clone();
    // An entry added directly has no line to name.
    let e = b.extend(&format!("# one more\n{second}\n")).unwrap_err();
    assert_eq!((e.line, e.kind.clone()), (2, BookErrorKind::Duplicate(None)));
    assert_eq!(b.len(), 1);
    assert_eq!(
        e.to_string(),
        "book line 2: the book holds this position already (or a rotation or reflection of it)"
    );
    let e = Book::parse(&text).unwrap_err();
    assert!(e.to_string().contains("already (line 1)"), "{e}");
    // A move the position does not allow, given directly.
    let mut b = Book::new();
    let d2 = Position::new(Variant::Six.rules()).parse_move("d2").unwrap();
    assert_eq!(
        b.insert(&placed, Wdl::Draw, &[d2]),
        Err(BookErrorKind::NotLegal("d2".into()))
    );
    let start = Position::new(Variant::Six.rules());
    assert_eq!(b.insert(&start, Wdl::Draw, &[]), Err(BookErrorKind::NoMoves));
}

/// From openings where a shallow search places into a lost game, a
/// searcher with the book and no tables plays a kept move; an analysis of
/// several lines still shows every move.
#[test]
fn a_searcher_with_a_book_plays_only_moves_that_keep_the_value() {
    let stop = AtomicBool::new(false);
    let mut changed = 0;
    for moves in POSITIONS {
        let pos = after(moves);
        let (result, keep) = solve(&pos);
        let mut book = Book::new();
        book.insert(&pos, result, &keep).unwrap();
        let mut bare = Searcher::new(1);
        let alone = bare
            .search(&pos, &[], Limits::depth(1), &NoClock, &stop, |_| {})
            .best
            .unwrap();
        let mut searcher = Searcher::new(1);
        searcher.set_book(Some(Arc::new(book)));
        let r = searcher.search(&pos, &[], Limits::depth(1), &NoClock, &stop, |_| {});
        let best = r.best.unwrap();
        assert!(
            keep.contains(&best),
            "{moves}: {} is not kept",
            pos.notation(best)
        );
        let placing = r.placing.unwrap();
        assert_eq!(placing.by, KeptBy::Book);
        assert_eq!((placing.result, &placing.keep), (result, &keep));
        if !keep.contains(&alone) {
            changed += 1;
        }
        let all = searcher.search(
            &pos,
            &[],
            Limits::depth(1).with_multi_pv(usize::MAX),
            &NoClock,
            &stop,
            |_| {},
        );
        assert_eq!(all.lines.len(), pos.legal_moves().len(), "{moves}");
        assert!(all.placing.is_none());
    }
    assert!(changed > 0, "the search alone kept the value everywhere");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    /// A position a few random placements from the start: its book entry,
    /// asked from any rotation or reflection, gives that image's solve.
    #[test]
    fn any_image_of_a_random_position_gets_its_own_solve(
        picks in proptest::collection::vec(0usize..64, 4..=6),
        k in 0usize..64,
    ) {
        let mut pos = Position::new(Variant::Six.rules());
        for p in picks {
            let moves = pos.legal_moves();
            pos = pos.play(moves[p % moves.len()]);
        }
        prop_assume!(pos.placements_left() > 0 && pos.terminal().is_none());
        let (result, keep) = solve(&pos);
        let mut book = Book::new();
        book.insert(&pos, result, &keep).unwrap();
        let syms = Symmetries::of(Variant::Six.rules().geometry());
        let turned = image(&syms, k % syms.len(), &pos);
        let entry = book.lookup(&turned).unwrap();
        let (r2, keep2) = solve(&turned);
        prop_assert_eq!(entry.result, r2);
        prop_assert_eq!(entry.keep, keep2);
    }
}
