//! `morris suite` asks the engine each position of a placing book and
//! counts the moves that keep the book's value.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
use common::{fails, generate_up_to, ok, scratch, scratch_file};

/// Light has d6 and f6, dark to move: only b6 stops the mill. The first
/// line says so; the second (another position) claims a1 is the only move,
/// which the engine, blocking on b6, does not play.
const TWO: &str = "# two positions\n\
nine .../.LL/.../....../.../.../D.. D 7/8 0/0 - ; draw ; b6\n\
nine .../.LL/.../....../.../.../..D D 7/8 0/0 - ; draw ; a1\n";

#[test]
fn each_position_says_whether_the_engine_kept_the_value_and_the_total_counts_them() {
    let path = scratch_file("suite", "two.book", TWO);
    let text = ok(&["suite", path.to_str().unwrap(), "--nodes", "20000"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert!(lines[0].starts_with("   1 keeps  b6"), "{text}");
    assert!(lines[0].ends_with("1 of 21 keep the draw: b6"), "{text}");
    assert!(lines[1].starts_with("   2 LOSES  b6"), "{text}");
    assert!(lines[1].ends_with("keep the draw: a1"), "{text}");
    assert!(
        lines[2].starts_with("kept 1 of 2 at 20000 nodes a move"),
        "{text}"
    );
    let longer = ok(&[
        "suite",
        path.to_str().unwrap(),
        "--nodes",
        "20000",
        "--placing-effort",
        "3",
    ]);
    assert!(
        longer
            .lines()
            .last()
            .unwrap()
            .contains(", 3 times that in the placing"),
        "{longer}"
    );
}

#[test]
fn the_shipped_suites_read_and_name_every_position() {
    let suites = [
        ("nine-placing-losses.book", 19),
        ("nine-placing-losses-effort3.book", 10),
        ("nine-match-placing.book", 1325),
        ("nine-engine-games.book", 1534),
    ];
    for (name, count) in suites {
        let path = format!("{}/../docs/suites/{name}", env!("CARGO_MANIFEST_DIR"));
        let text = ok(&["suite", &path, "--nodes", "200"]);
        let last = text.lines().last().unwrap();
        assert!(
            last.starts_with("kept ") && last.contains(&format!(" of {count} at 200 nodes")),
            "{name}: {last}"
        );
        assert_eq!(text.lines().count(), count + 1, "{name}");
    }
}

#[test]
fn bad_suites_are_refused_with_a_message() {
    let err = fails(&["suite", "/no/such/suite.book"]);
    assert!(err.contains("cannot read /no/such/suite.book"), "{err}");
    let bad = scratch_file(
        "suite",
        "bad.book",
        "# fine\nnine .../.LL/.../....../.../.../D.. D 7/8 0/0 - ; draw ; z9\n",
    );
    let err = fails(&["suite", bad.to_str().unwrap()]);
    assert!(err.contains("book line 2") && err.contains("z9"), "{err}");
    let empty = scratch_file("suite", "empty.book", "# nothing\n");
    let err = fails(&["suite", empty.to_str().unwrap()]);
    assert!(err.contains("holds no position"), "{err}");
    let path = scratch_file("suite", "ok.book", TWO);
    let err = fails(&["suite", path.to_str().unwrap(), "--placing-effort", "0"]);
    assert!(err.contains("placing-effort"), "{err}");
}

/// With every table the placing ends in, the engine solves the rest of the
/// placing before it searches: at one node a move it keeps a draw that its
/// search alone (`--placing-solve-plies 0`) gives away.
#[test]
fn the_placing_solve_can_be_left_out_to_measure_the_search_alone() {
    let scratch = scratch();
    let d = scratch.path().to_str().unwrap();
    generate_up_to("six", 6, d);
    let book = scratch_file(
        "suite",
        "six.book",
        "six .../.LD/..../..L/D.. L 4/4 0/0 - ; draw ; c2 b2 c5 e5 e3 e1 c1 a3 a5\n",
    );
    let run = |plies: &str| {
        let args = ["suite", book.to_str().unwrap(), "--nodes", "1", "--tables", d];
        ok(&[&args[..], &["--placing-solve-plies", plies]].concat())
    };
    assert!(run("12").starts_with("   1 keeps  c2 "), "{}", run("12"));
    assert!(run("0").starts_with("   1 LOSES  d3 "), "{}", run("0"));
}
