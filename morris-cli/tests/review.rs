//! `morris review` marks the turns that gave something away.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
use common::{fails, ok, scratch_file};

/// Light has d6 and f6; dark plays g7 instead of blocking b6, and light
/// closes the mill there.
const UNBLOCKED: &str = "[Variant \"nine\"]\n[Result \"*\"]\n\n1. d6 a1 2. f6 g7 3. b6xa1 *\n";

#[test]
fn a_turn_that_leaves_a_mill_open_is_marked_and_the_block_named() {
    let path = scratch_file("review", "unblocked.pgn", UNBLOCKED);
    let text = ok(&["review", path.to_str().unwrap(), "--depth", "4"]);
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 5 + 2, "{text}");
    let dark = lines[3];
    assert!(dark.starts_with("turn   4 dark  g7"), "{text}");
    assert!(
        dark.contains("best b6") && dark.trim_end().ends_with('?'),
        "{text}"
    );
    for light in [lines[0], lines[2], lines[4]] {
        assert!(
            !light.trim_end().ends_with('?'),
            "light's good turns are not marked: {text}"
        );
    }
    assert!(
        lines[5].starts_with("light: 3 turns reviewed, 0 marked"),
        "{text}"
    );
    assert!(lines[6].starts_with("dark: 2 turns reviewed, 1 marked"), "{text}");
    assert!(lines[6].contains("worst turn 4"), "{text}");
}

#[test]
fn one_game_of_a_match_file_is_chosen_with_game() {
    let two = format!("{UNBLOCKED}\n[Variant \"nine\"]\n[Result \"*\"]\n\n1. f4 d2 *\n");
    let path = scratch_file("review", "two.pgn", &two);
    let p = path.to_str().unwrap();
    let second = ok(&["review", p, "--game", "2", "--depth", "3"]);
    assert!(
        second.lines().next().unwrap().starts_with("turn   1 light f4"),
        "{second}"
    );
    assert_eq!(
        second.lines().filter(|l| l.starts_with("turn")).count(),
        2,
        "{second}"
    );
    let part = ok(&[
        "review", p, "--game", "1", "--depth", "3", "--from", "2", "--to", "3",
    ]);
    assert_eq!(
        part.lines().filter(|l| l.starts_with("turn")).count(),
        2,
        "{part}"
    );
    assert!(part.starts_with("turn   2 dark  a1"), "{part}");

    assert!(fails(&["review", p]).contains("holds 2 games: choose one with --game 1..2"));
    assert!(fails(&["review", p, "--game", "3"]).contains("holds 2 games"));
    assert!(fails(&["review", p, "--game", "1", "--from", "9"]).contains("the game has 5 turns"));
    let missing = path.with_file_name("missing.pgn");
    assert!(fails(&["review", missing.to_str().unwrap()]).contains("cannot read"));
    let bad = scratch_file("review", "bad.pgn", "[Variant \"nine\"]\n\n1. d6 d6 *\n");
    assert!(fails(&["review", bad.to_str().unwrap()]).contains("game 1: turn 2"));
    assert!(fails(&["review", p, "--game", "1", "--margin", "0"]).contains("--margin"));
}
