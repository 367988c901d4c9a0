//! The world's rule sets (docs/RULES.md §7) through the `morris` binary:
//! every set by name counts, draws its board, lists itself in the help and
//! the engine's handshake, and plays a whole game in `match` that reads back
//! and replays through `show --moves`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
use common::{fails, morris, ok, scratch, self_match};
use std::io::Write;
use std::process::{Command, Stdio};

use morris_core::{Game, Outcome, RuleKey, Variant};

/// One entry of `tests/perft/world.perft`: the `start` words (a variant and
/// its options), the turns played first, and the expected count at depth 2.
struct Entry {
    id: String,
    start: Vec<String>,
    moves: Vec<String>,
    depth2: u64,
}

/// Every entry of the world's perft file that has a depth-2 count.
fn world_entries() -> Vec<Entry> {
    let path = format!("{}/../tests/perft/world.perft", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let mut entries: Vec<Entry> = Vec::new();
    for line in text.lines().map(str::trim) {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let last = entries.last_mut();
        match (word, last) {
            ("id", _) => entries.push(Entry {
                id: rest.to_string(),
                start: Vec::new(),
                moves: Vec::new(),
                depth2: 0,
            }),
            ("start", Some(e)) => e.start = rest.split_whitespace().map(String::from).collect(),
            ("moves", Some(e)) => e.moves.extend(rest.split_whitespace().map(String::from)),
            ("perft", Some(e)) => {
                if let Some(("2", n)) = rest.split_once(' ') {
                    e.depth2 = n.parse().unwrap();
                }
            }
            _ => {}
        }
    }
    entries.retain(|e| e.depth2 > 0);
    entries
}

/// The `--variant`, `--set` and `--moves` arguments of an entry.
fn position_args(e: &Entry) -> Vec<String> {
    let mut args = vec!["--variant".to_string(), e.start[0].clone()];
    for pair in &e.start[1..] {
        args.extend(["--set".to_string(), pair.clone()]);
    }
    if !e.moves.is_empty() {
        args.extend(["--moves".to_string(), e.moves.join(" ")]);
    }
    args
}

#[test]
fn perft_counts_every_world_set_and_option_in_every_phase() {
    let entries = world_entries();
    for v in Variant::WORLD {
        assert!(
            entries.iter().any(|e| e.start == [v.id()] && e.moves.is_empty()),
            "world.perft has no start of {v}"
        );
    }
    for e in &entries {
        let mut args = vec!["perft".to_string(), "2".to_string()];
        args.extend(position_args(e));
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let out = ok(&args);
        let count: u64 = out.lines().last().unwrap().parse().unwrap();
        assert_eq!(count, e.depth2, "{}: morris {args:?}", e.id);
    }
}

#[test]
fn show_draws_each_world_board_and_every_option_of_its_rules() {
    for v in Variant::WORLD {
        let out = ok(&["show", "--variant", v.id()]);
        let board = out.split("\n\n").next().unwrap();
        let drawn = board
            .lines()
            .flat_map(|l| l.chars().skip(3))
            .filter(|&c| c == '.')
            .count();
        assert_eq!(drawn, v.rules().geometry().len(), "{v}:\n{board}");
        let rules = out.lines().find(|l| l.starts_with("rules:")).unwrap();
        for key in RuleKey::every() {
            let pair = format!(" {}={}", key.key(), v.rules().get(key));
            assert!(rules.contains(&pair), "{v}: no `{pair}` in `{rules}`");
        }
        assert!(
            out.contains(&format!("variant:  {} ({})", v.id(), v.name())),
            "{out}"
        );
    }
}

/// What `morris engine` writes when `script` is its whole input.
fn engine_output(script: &str) -> String {
    let mut engine = Command::new(env!("CARGO_BIN_EXE_morris"))
        .arg("engine")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .spawn()
        .unwrap();
    engine.stdin.take().unwrap().write_all(script.as_bytes()).unwrap();
    String::from_utf8(engine.wait_with_output().unwrap().stdout).unwrap()
}

#[test]
fn a_dead_marker_shows_on_the_board_as_in_the_position_text() {
    // Zhi Qi: light's mill b6-d6-f6 in the placing turns dark's g1 into a marker.
    let out = ok(&["show", "--variant", "zhi-qi", "--moves", "d6 a1 f6 g1 b6xg1"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(lines[12], " 1 D-----------.-----------X", "{out}");
    assert!(
        out.contains("position: zhi-qi .../LLL/.../....../.../.../D.X D 9/10 0/0 -"),
        "{out}"
    );
}

#[test]
fn help_and_handshake_offer_every_set_and_option() {
    let help = ok(&["help"]);
    for v in Variant::WORLD {
        let line = help
            .lines()
            .find(|l| l.trim_start().starts_with(&format!("{} ", v.id())))
            .unwrap_or_else(|| panic!("no line for {v} in\n{help}"));
        assert!(line.contains(v.name()), "{line}");
    }
    // Zhi Qi differs from the standard game in two §7 options.
    let zhi_qi = help
        .lines()
        .find(|l| l.trim_start().starts_with("zhi-qi "))
        .unwrap();
    assert!(
        zhi_qi.contains("placing-mill=mark") && zhi_qi.contains("blocked=remove-move"),
        "{zhi_qi}"
    );
    let uci = engine_output("uci\nquit\n");
    let variant_line = uci
        .lines()
        .find(|l| l.starts_with("option name Variant "))
        .unwrap();
    for v in Variant::every() {
        assert!(
            variant_line.contains(&format!(" var {}", v.id())),
            "{variant_line}"
        );
    }
    assert!(uci.contains("option name PlacingMill type combo default remove var remove var hand"));
    assert!(uci.contains("option name Misere type check default false"));
}

#[test]
fn a_world_option_off_its_values_fails_with_the_values() {
    let err = fails(&["perft", "1", "--set", "blocked=wins"]);
    assert!(err.contains("remove-move"), "{err}");
    let err = fails(&["perft", "1", "--variant", "cham-gonu", "--set", "custodian=on"]);
    assert!(err.contains("placing-mill=mark"), "{err}");
}

/// The record file of one game of `variant` between the engine at level 1
/// and itself, searching one ply a turn.
fn self_played(variant: Variant, dir: &std::path::Path) -> std::path::PathBuf {
    let engine = format!("{} engine --level 1", env!("CARGO_BIN_EXE_morris"));
    let file = dir.join(format!("{}.txt", variant.id()));
    let records = file.to_str().unwrap();
    let out = self_match(
        &engine,
        &[
            "--variant",
            variant.id(),
            "--games",
            "1",
            "--depth",
            "1",
            "--records",
            records,
        ],
    );
    let game = out.lines().find(|l| l.starts_with("game 1/1")).unwrap();
    assert!(
        !game.contains("illegal") && !game.contains("loses on"),
        "{variant}: {game}"
    );
    file
}

#[test]
fn a_match_plays_each_world_set_to_its_end_with_legal_turns_only() {
    let dir = scratch();
    for v in Variant::WORLD {
        let file = self_played(v, dir.path());
        let record = std::fs::read_to_string(&file).unwrap();
        let game = Game::from_record(&record).unwrap_or_else(|e| panic!("{v}: {e}\n{record}"));
        let outcome: Outcome = game
            .outcome()
            .unwrap_or_else(|| panic!("{v} unfinished:\n{record}"));
        // The same turns, typed into `show`, reach the same end.
        let turns = game.move_texts().join(" ");
        let shown = ok(&["show", "--variant", v.id(), "--moves", &turns]);
        assert!(shown.contains(&format!("outcome:  {outcome}")), "{v}:\n{shown}");
        // `moves` after the game has none to offer, and says why.
        let listed = morris(&["moves", "--variant", v.id(), "--moves", &turns]);
        let stderr = String::from_utf8_lossy(&listed.stderr);
        assert!(listed.stdout.is_empty(), "{v}");
        assert!(stderr.starts_with("morris: the game is over: "), "{v}: {stderr}");
        // `review` goes through every turn of it.
        let review = ok(&["review", "--depth", "1", file.to_str().unwrap()]);
        let reviewed: usize = review
            .lines()
            .filter_map(|l| {
                l.split_once(" turns reviewed")?
                    .0
                    .rsplit(' ')
                    .next()?
                    .parse::<usize>()
                    .ok()
            })
            .sum();
        assert_eq!(reviewed, game.moves().len(), "{v}:\n{review}");
    }
}

/// Dooz: the board fills and light, the first mover, opens it with a turn
/// that only removes (board-full=first-mover): `xb2`, written as a token of
/// its own, and then dark moves on (`d2-b2`).
const DOOZ_FULL: &str = "e4 b2 b4 d7 e5 g7 d5 d2 g4 f4 d3 c5 c4 e3 f2 c3 d1 a4 a7 g1 f6 b6 a1 d6";

#[test]
fn the_engine_and_a_match_take_a_turn_that_only_removes_inside_the_moves() {
    let out = engine_output(&format!(
        "setoption name Variant value dooz\nposition startpos moves {DOOZ_FULL} xb2 d2-b2\ngo depth 2\nquit\n"
    ));
    assert!(!out.contains("error"), "{out}");
    let best = out.lines().find_map(|l| l.strip_prefix("bestmove ")).unwrap();
    let mut game = Game::new(Variant::Dooz.rules());
    for turn in DOOZ_FULL.split(' ').chain(["xb2", "d2-b2"]) {
        game.play_text(turn).unwrap();
    }
    assert!(game.play_text(best).is_ok(), "{best}");

    // An opening that ends with it: every `position` the match sends holds it.
    let dir = scratch();
    let openings = dir.path().join("dooz.txt");
    std::fs::write(&openings, format!("{DOOZ_FULL} xb2\n")).unwrap();
    let engine = format!("{} engine --level 1", env!("CARGO_BIN_EXE_morris"));
    let out = self_match(
        &engine,
        &[
            "--variant",
            "dooz",
            "--openings",
            openings.to_str().unwrap(),
            "--games",
            "1",
            "--depth",
            "1",
        ],
    );
    let game = out.lines().find(|l| l.starts_with("game 1/1")).unwrap();
    assert!(!game.contains("illegal") && !game.contains("loses on"), "{out}");
}
