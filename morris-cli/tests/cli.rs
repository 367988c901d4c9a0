//! Runs the built `morris` binary as a user would.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
use common::{fails, morris, ok};

use morris_core::{RuleKey, Variant};

/// The last line of `morris perft`, as a number.
fn count(args: &[&str]) -> u64 {
    let mut full = vec!["perft"];
    full.extend_from_slice(args);
    ok(&full).lines().last().unwrap().parse().unwrap()
}

/// Light a7 d6 e4, dark a1 g1 d2 c3, nothing in hand, light to move with
/// three pieces: flying matters.
const THREE_LEFT: &str = "nine L../.L./.../...L../D../.D./D.D L 0/0 0/0 -";

/// Light d6 f6 b4 b2: placing on b6 closes two mills at once.
const DOUBLE_MILL: &str = "d6 a1 f6 g1 b4 a7 b2 g7";

/// Light has two pieces: the game is over.
const FINISHED: &str = "nine L../.L./.../....../.../.D./D.D L 0/0 0/0 -";

#[test]
fn perft_counts_from_the_start() {
    for (depth, expected) in [(1, 24), (2, 552), (3, 12144), (4, 255024)] {
        assert_eq!(count(&[&depth.to_string()]), expected, "depth {depth}");
    }
    assert_eq!(count(&["0"]), 1);
    assert_eq!(count(&["2", "--variant", "three"]), 9 * 8);
}

#[test]
fn divide_sums_to_the_total() {
    let out = ok(&["perft", "3", "--divide"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines.len(), 25);
    let total: u64 = lines.last().unwrap().parse().unwrap();
    assert_eq!(total, 12144);
    let sum: u64 = lines[..24]
        .iter()
        .map(|l| {
            let (mv, n) = l.split_once(": ").unwrap();
            assert_eq!(mv.len(), 2, "a placement in notation: {l}");
            n.parse::<u64>().unwrap()
        })
        .sum();
    assert_eq!(sum, total);
}

#[test]
fn moves_after_some_moves() {
    let out = ok(&["moves", "--moves", "d6 d5 d7"]);
    let moves: Vec<&str> = out.lines().collect();
    assert_eq!(moves.len(), 21);
    assert!(!moves.iter().any(|m| ["d6", "d5", "d7"].contains(m)));
    let mut sorted = moves.clone();
    sorted.sort();
    assert_eq!(moves, sorted);
    // Move numbers as records write them are skipped.
    assert_eq!(ok(&["moves", "--moves", "1. d6 d5 2. d7"]), out);
    assert_eq!(ok(&["moves", "--moves", "d6", "--moves", "d5 d7"]), out);
}

#[test]
fn a_removal_may_be_its_own_token() {
    let joined = ok(&["show", "--moves", &format!("{DOUBLE_MILL} b6xa1")]);
    let apart = ok(&["show", "--moves", &format!("{DOUBLE_MILL} b6 xa1")]);
    assert_eq!(joined, apart);
    assert!(joined.contains("moves:    d6 a1 f6 g1 b4 a7 b2 g7 b6xa1"));

    // A slide that closes a mill, as other programs write it.
    let slide = "nine LL./.../.../.....L/D../.D./D.D L 0/0 0/0 -";
    let joined = ok(&["show", "--position", slide, "--moves", "g4-g7xa1"]);
    let apart = ok(&["show", "--position", slide, "--moves", "g4-g7 xa1"]);
    assert_eq!(joined, apart);
    assert!(joined.contains("moves:    g4-g7xa1"), "{joined}");
    assert!(joined.contains("on board: light 3, dark 3"), "{joined}");

    let mills = ok(&[
        "moves",
        "--moves",
        &format!("{DOUBLE_MILL} b6 xa1 xg1"),
        "--set",
        "mill-takes=each",
    ]);
    let written = ok(&[
        "moves",
        "--moves",
        &format!("{DOUBLE_MILL} b6xa1xg1"),
        "--set",
        "mill-takes=each",
    ]);
    assert_eq!(mills, written);
}

#[test]
fn show_draws_every_board_and_writes_the_position() {
    let start = "nine .../.../.../....../.../.../... L 9/9 0/0 -";
    let out = ok(&["show"]);
    assert!(out.contains(start), "{out}");
    assert!(out.contains("to move:  light"));
    assert!(out.contains("in hand:  light 9, dark 9"));

    let out = ok(&["show", "--position", THREE_LEFT]);
    assert!(out.contains(THREE_LEFT), "{out}");
    assert!(out.contains("phase:    light flying, dark moving"));

    for (variant, points) in [
        ("nine", 24),
        ("twelve", 24),
        ("morabaraba-sotho", 25),
        ("six", 16),
        ("three", 9),
    ] {
        let out = ok(&["show", "--variant", variant]);
        let board: String = out.split("\n\n").next().unwrap().to_string();
        let drawn = board
            .lines()
            .flat_map(|l| l.chars().skip(3))
            .filter(|&c| c == '.')
            .count();
        assert_eq!(drawn, points, "{variant}:\n{board}");
        let diagonals = board.contains('/') && board.contains('\\');
        assert_eq!(
            diagonals,
            matches!(variant, "twelve" | "morabaraba-sotho" | "three"),
            "{board}"
        );
    }

    let out = ok(&["show", "--position", FINISHED]);
    assert!(out.contains("outcome:  0-1"), "{out}");
}

#[test]
fn pieces_show_on_the_board() {
    let out = ok(&["show", "--moves", "d6 d5"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[2], " 6 |   .-------L-------.   |");
    assert_eq!(lines[4], " 5 |   |   .---D---.   |   |");
}

#[test]
fn flying_off_changes_the_count() {
    let flying = count(&["1", "--position", THREE_LEFT]);
    let walking = count(&["1", "--position", THREE_LEFT, "--set", "flying=off"]);
    assert_eq!(flying, 3 * 17);
    assert_eq!(walking, 9);
}

#[test]
fn mill_takes_each_changes_the_count() {
    let one = ok(&["moves", "--moves", DOUBLE_MILL]);
    let each = ok(&["moves", "--moves", DOUBLE_MILL, "--set", "mill-takes=each"]);
    let b6 = |out: &str| out.lines().filter(|m| m.starts_with("b6")).count();
    // Four dark pieces: one of them, or any two.
    assert_eq!(b6(&one), 4);
    assert_eq!(b6(&each), 6);
    assert_eq!(count(&["1", "--moves", DOUBLE_MILL]), 19);
    assert_eq!(
        count(&["1", "--moves", DOUBLE_MILL, "--set", "mill-takes=each"]),
        21
    );
}

#[test]
fn set_applies_on_top_of_a_position() {
    let out = ok(&["show", "--position", THREE_LEFT, "--set", "flying=off"]);
    assert!(out.contains("position: nine:flying=off "), "{out}");
}

#[test]
fn finished_game_has_no_moves_and_says_why() {
    assert_eq!(ok(&["moves", "--position", FINISHED]), "");
    let stderr = String::from_utf8(morris(&["moves", "--position", FINISHED]).stderr).unwrap();
    assert!(stderr.starts_with("morris: the game is over: "), "{stderr}");
    assert_eq!(count(&["13", "--force", "--position", FINISHED]), 0);
}

#[test]
fn bad_input_fails_with_one_line() {
    let cases: &[(&[&str], &str)] = &[
        (&["perft", "3", "--variant", "ten"], "unknown variant `ten`"),
        (
            &["perft", "3", "--set", "speed=fast"],
            "unknown rule option `speed`",
        ),
        (&["perft", "3", "--set", "flying=maybe"], "`flying` takes on|off"),
        (&["perft", "3", "--set", "removal=sometimes"], "`removal` takes"),
        (&["perft", "3", "--set", "mill-takes=two"], "`mill-takes` takes"),
        (&["perft", "3", "--set", "flying"], "needs a value"),
        (
            &["perft", "3", "--variant", "six", "--set", "pieces=12"],
            "do not fit",
        ),
        (
            &["perft", "2", "--moves", "d6 d5 d6"],
            "illegal move `d6` (move 3): d6 is not empty",
        ),
        (&["perft", "2", "--moves", "d6 q9"], "`q9` is not a move (move 2)"),
        (&["moves", "--moves", "d6 d4"], "d4 is not a point"),
        (
            &["moves", "--moves", "xb4"],
            "no turn that only removes is due here",
        ),
        (
            &["moves", "--moves", "d6 xz"],
            "`xz` is not a move (move 1): a removal names a point",
        ),
        (
            &["moves", "--moves", &format!("{DOUBLE_MILL} b6")],
            "name the piece to remove",
        ),
        (&["moves", "--moves", &format!("{DOUBLE_MILL} b6xd6")], "b6xd6"),
        (&["moves", "--moves", "d6 d5 d6-d7"], "must place"),
        (&["show", "--position", "nine"], "bad position text"),
        (
            &[
                "show",
                "--position",
                "nine LLL/.../.../....../.../.../... L 9/9 0/0 -",
            ],
            "bad position",
        ),
        (
            &[
                "show",
                "--position",
                "nine ../.../.../....../.../.../... L 9/9 0/0 -",
            ],
            "board",
        ),
        (
            &["show", "--position", THREE_LEFT, "--variant", "nine"],
            "cannot be combined with --position",
        ),
        (
            &["show", "--position", THREE_LEFT, "--set", "board=small"],
            "cannot change the board",
        ),
        (&["moves", "--position", FINISHED, "--moves", "a7-b7"], "(move 1)"),
        (
            &["moves", "--position", FINISHED, "--moves", "a7-a4"],
            "the game is already over",
        ),
        (&["perft", "13"], "depth 13 is too large"),
        (&["perft", "three"], "<DEPTH>"),
        (&["perft"], "DEPTH"),
        (&["perft", "-1"], ""),
        (&["moves", "--frobnicate"], "--frobnicate"),
        (&["dance"], "dance"),
    ];
    for (args, wanted) in cases {
        let stderr = fails(args);
        assert!(
            stderr.contains(wanted),
            "morris {args:?}: `{stderr}` lacks `{wanted}`"
        );
    }
}

#[test]
fn help_lists_every_rule_option_and_variant() {
    let help = ok(&["help"]);
    for key in RuleKey::every() {
        let line = help
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{}=", key.key())))
            .unwrap_or_else(|| panic!("no line for {key} in\n{help}"));
        assert!(line.contains(key.values()), "{line}");
        assert!(line.contains(key.description()), "{line}");
    }
    for v in Variant::every() {
        assert!(help.contains(v.id()), "{v}");
    }
    let perft_help = ok(&["perft", "--help"]);
    for key in RuleKey::every() {
        assert!(
            perft_help.contains(&format!("{}={}", key.key(), key.values())),
            "{key}"
        );
    }
}

#[test]
fn perft_can_count_a_removal_as_its_own_ply() {
    // Light a7 d7 closes a mill on g7 and takes a1 or g1: g7 is one ply, the
    // removal another.
    let mill = "nine LL./.../.../....../.../.../D.D L 7/7 0/0 -";
    assert_eq!(count(&["1", "--position", mill]), 21);
    assert_eq!(count(&["1", "--count", "plies", "--position", mill]), 20);
    assert_eq!(count(&["2", "--count", "plies", "--position", mill]), 2 + 19 * 19);
    let divided = ok(&["perft", "2", "--count", "plies", "--divide", "--position", mill]);
    assert!(divided.lines().any(|l| l == "g7: 2"), "{divided}");
    for depth in ["1", "2", "3"] {
        assert_eq!(count(&[depth, "--count", "plies"]), count(&[depth]));
    }
}
