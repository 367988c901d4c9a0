//! Perft as data: the positions and counts in the repository's
//! `tests/perft/*.perft` files (format in `tests/perft/README.md`), checked
//! against the fast generator and, below a node limit, against the slow
//! reference generator of `reference/`, written from the rule text alone.
//!
//! Limits (nodes, the expected count of one depth), set by environment:
//! - `MORRIS_PERFT_FAST_LIMIT`, default 4 000 000: larger counts are skipped
//!   for the fast generator; `MORRIS_PERFT_DEEP=1` lifts the limit (run it
//!   with `--release`);
//! - `MORRIS_PERFT_REF_LIMIT`, default 60 000: larger counts are skipped for
//!   the reference generator.
//!
//! `world.perft` (the rule sets of RULES.md §7) is checked by the reference
//! alone in `world_reference`, and by both generators in `world`.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod reference;

use std::path::PathBuf;

use morris_core::{divide, perft, Position, Rules};

/// Where a perft entry starts.
#[derive(Debug)]
enum Start {
    /// A variant, `key=value` options, and moves played from the empty board.
    Moves {
        variant: String,
        options: Vec<String>,
        moves: Vec<String>,
    },
    /// A position text.
    Position(String),
}

#[derive(Debug)]
struct Entry {
    id: String,
    line: usize,
    start: Option<Start>,
    /// Depths and counts; a sketch (see `fill_counts`) may leave a count out.
    counts: Vec<(u32, Option<u64>)>,
}

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/perft")
}

fn read_entries(file: &str) -> Vec<Entry> {
    read_entries_at(&data_dir().join(file), file)
}

fn read_entries_at(path: &std::path::Path, file: &str) -> Vec<Entry> {
    let text = std::fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut entries: Vec<Entry> = Vec::new();
    for (n, raw) in text.lines().enumerate() {
        let line = raw.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let (key, rest) = line.split_once(char::is_whitespace).unwrap_or((line, ""));
        let rest = rest.trim();
        let where_ = || format!("{file}:{}", n + 1);
        if key == "id" {
            entries.push(Entry {
                id: rest.to_string(),
                line: n + 1,
                start: None,
                counts: Vec::new(),
            });
            continue;
        }
        let entry = entries
            .last_mut()
            .unwrap_or_else(|| panic!("{}: `{key}` before the first `id`", where_()));
        match key {
            "start" => {
                let mut words = rest.split_whitespace().map(str::to_string);
                entry.start = Some(Start::Moves {
                    variant: words.next().unwrap_or_else(|| panic!("{}: no variant", where_())),
                    options: words.collect(),
                    moves: Vec::new(),
                });
            }
            "moves" => match &mut entry.start {
                Some(Start::Moves { moves, .. }) => moves.extend(
                    rest.split_whitespace()
                        .filter(|w| !w.ends_with('.'))
                        .map(str::to_string),
                ),
                _ => panic!("{}: `moves` needs a `start` line first", where_()),
            },
            "position" => entry.start = Some(Start::Position(rest.to_string())),
            "perft" => {
                let (depth, count) = rest.split_once(char::is_whitespace).unwrap_or((rest, ""));
                let count = count.trim();
                entry.counts.push((
                    depth
                        .trim()
                        .parse()
                        .unwrap_or_else(|_| panic!("{}: expected `perft DEPTH COUNT`", where_())),
                    (!count.is_empty()).then(|| count.parse().expect("a count")),
                ));
            }
            _ => panic!("{}: unknown line kind `{key}`", where_()),
        }
    }
    entries
}

fn limit(var: &str, default: u64) -> u64 {
    std::env::var(var)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The engine's position for an entry.
fn fast_position(start: &Start) -> Position {
    match start {
        Start::Position(text) => text.parse().unwrap_or_else(|e| panic!("`{text}`: {e}")),
        Start::Moves {
            variant,
            options,
            moves,
        } => {
            let rules_text = if options.is_empty() {
                variant.clone()
            } else {
                format!("{variant}:{}", options.join(","))
            };
            let rules: Rules = rules_text
                .parse()
                .unwrap_or_else(|e| panic!("`{rules_text}`: {e}"));
            moves.iter().fold(Position::new(rules), |pos, m| {
                let mv = pos
                    .parse_move(m)
                    .unwrap_or_else(|e| panic!("`{m}` in {pos}: {e}"));
                pos.play(mv)
            })
        }
    }
}

fn reference_rules(start: &Start) -> reference::Rules {
    match start {
        Start::Position(text) => reference::Rules::parse(text.split_whitespace().next().unwrap_or_default()),
        Start::Moves { variant, options, .. } => {
            let options: Vec<&str> = options.iter().map(String::as_str).collect();
            reference::Rules::with_options(variant, &options)
        }
    }
}

fn reference_position<'r>(rules: &'r reference::Rules, start: &Start) -> reference::State<'r> {
    match start {
        Start::Position(text) => reference::State::parse(rules, text),
        Start::Moves { moves, .. } => moves
            .iter()
            .fold(reference::State::start(rules), |state, m| state.play(m)),
    }
}

/// The engine's `divide` in the reference's spelling: removals in
/// point-name order, the list sorted.
fn fast_divide(pos: &Position, depth: u32) -> Vec<(String, u64)> {
    let mut out: Vec<(String, u64)> = divide(pos, depth)
        .into_iter()
        .map(|(m, n)| {
            let text = pos.notation(m);
            let mut parts: Vec<&str> = text.split('x').collect();
            parts[1..].sort_unstable();
            (parts.join("x"), n)
        })
        .collect();
    out.sort();
    out
}

/// The data files of RULES.md §7, whose positions the engine writes with
/// fields the reference does not know: there the generators are compared on
/// their first turns instead of on the position text.
const SECTION_7: [&str; 1] = ["world.perft"];

/// Checks every entry of one data file against the reference and, when
/// `engine` is set, the fast generator, each within its node limit.
fn check_file(file: &str, engine: bool) {
    let fast_limit = if std::env::var("MORRIS_PERFT_DEEP").is_ok_and(|v| v == "1") {
        u64::MAX
    } else {
        limit("MORRIS_PERFT_FAST_LIMIT", 4_000_000)
    };
    let ref_limit = limit("MORRIS_PERFT_REF_LIMIT", 60_000);
    let entries = read_entries(file);
    assert!(!entries.is_empty(), "{file} has no entries");
    for entry in &entries {
        let name = format!("{file}:{} `{}`", entry.line, entry.id);
        assert!(!entry.counts.is_empty(), "{name} has no perft lines");
        let start = entry
            .start
            .as_ref()
            .unwrap_or_else(|| panic!("{name} has no `start` or `position` line"));
        let rules = reference_rules(start);
        let state = reference_position(&rules, start);
        let pos = engine.then(|| fast_position(start));

        // Both sides must have reached the same position before counting.
        if let Some(pos) = &pos {
            if SECTION_7.contains(&file) {
                assert_eq!(
                    state.divide(1),
                    fast_divide(pos, 1),
                    "{name}: the generators start from positions with different turns"
                );
            } else {
                let text = pos.to_string();
                let fields: Vec<&str> = text.split_whitespace().collect();
                let engine = [fields[1], fields[2], fields[3], fields[5]].map(str::to_string);
                assert_eq!(
                    state.text_fields(),
                    engine,
                    "{name}: the generators start from different positions"
                );
            }
        }

        for &(depth, expected) in &entry.counts {
            let expected = expected.unwrap_or_else(|| panic!("{name}: perft {depth} has no count"));
            if let Some(pos) = pos.as_ref().filter(|_| expected <= fast_limit) {
                let got = perft(pos, depth);
                assert_eq!(got, expected, "{name}: fast perft {depth} from {pos}");
            }
            if expected <= ref_limit {
                let got = state.perft(depth);
                if got != expected {
                    let fast = pos.as_ref().map(|p| fast_divide(p, depth)).unwrap_or_default();
                    let slow = state.divide(depth);
                    let diff: Vec<String> = slow
                        .iter()
                        .filter(|t| !fast.contains(t))
                        .map(|(m, n)| format!("reference {m} {n}"))
                        .chain(
                            fast.iter()
                                .filter(|t| !slow.contains(t))
                                .map(|(m, n)| format!("engine {m} {n}")),
                        )
                        .collect();
                    panic!(
                        "{name}: reference perft {depth} is {got}, expected {expected}, from {:?}\n{}",
                        state.text_fields(),
                        diff.join("\n")
                    );
                }
            }
        }
    }
}

/// Every data file, each checked by its own test below.
const FILES: [&str; 17] = [
    "nine.perft",
    "three.perft",
    "six.perft",
    "twelve.perft",
    "morabaraba.perft",
    "morabaraba-sotho.perft",
    "morabaraba-11.perft",
    "lasker.perft",
    "flying-off.perft",
    "mill-takes-each.perft",
    "removal-always.perft",
    "removal-never.perft",
    "mill-wins.perft",
    "first-dark.perft",
    "no-reform.perft",
    "deep.perft",
    "world.perft",
];

#[test]
fn every_data_file_has_a_test() {
    let mut found: Vec<String> = std::fs::read_dir(data_dir())
        .expect("the perft data folder")
        .map(|e| {
            e.expect("a folder entry")
                .file_name()
                .to_string_lossy()
                .into_owned()
        })
        .filter(|n| n.ends_with(".perft"))
        .collect();
    found.sort();
    let mut listed: Vec<String> = FILES.iter().map(|f| f.to_string()).collect();
    listed.sort();
    assert_eq!(found, listed);
}

macro_rules! perft_files {
    ($($test:ident => $file:literal,)*) => {
        $(
            #[test]
            fn $test() {
                assert!(FILES.contains(&$file));
                check_file($file, true);
            }
        )*
    };
}

perft_files! {
    nine => "nine.perft",
    three => "three.perft",
    six => "six.perft",
    twelve => "twelve.perft",
    morabaraba => "morabaraba.perft",
    morabaraba_sotho => "morabaraba-sotho.perft",
    morabaraba_11 => "morabaraba-11.perft",
    lasker => "lasker.perft",
    flying_off => "flying-off.perft",
    mill_takes_each => "mill-takes-each.perft",
    removal_always => "removal-always.perft",
    removal_never => "removal-never.perft",
    mill_wins => "mill-wins.perft",
    first_dark => "first-dark.perft",
    no_reform => "no-reform.perft",
    deep => "deep.perft",
}

/// RULES.md §7 against the reference alone: runs on any branch.
#[test]
fn world_reference() {
    check_file("world.perft", false);
}

/// RULES.md §7 against both generators.
#[test]
fn world() {
    check_file("world.perft", true);
}

/// Prints a data file with every count computed by the reference (the
/// depth-1 turns of each entry on stderr, to read by hand): how the counts
/// of `world.perft` were made. `MORRIS_PERFT_SKETCH=path cargo test --release
/// -p morris-core --test perft fill_counts -- --ignored --nocapture`; counts
/// may be left out of the sketch's `perft` lines.
#[test]
#[ignore = "a tool, run by hand"]
fn fill_counts() {
    let path = PathBuf::from(std::env::var("MORRIS_PERFT_SKETCH").expect("MORRIS_PERFT_SKETCH"));
    let text = std::fs::read_to_string(&path).expect("the sketch");
    let entries = read_entries_at(&path, "sketch");
    let mut next = entries.iter().peekable();
    let mut current = None;
    for (n, raw) in text.lines().enumerate() {
        if next.peek().is_some_and(|e| e.line == n + 1) {
            current = next.next();
        }
        let Some(entry) = current.filter(|_| raw.starts_with("perft ")) else {
            println!("{raw}");
            continue;
        };
        let start = entry.start.as_ref().expect("a start");
        let rules = reference_rules(start);
        let state = reference_position(&rules, start);
        let depth: u32 = raw
            .split_whitespace()
            .nth(1)
            .and_then(|d| d.parse().ok())
            .expect("a depth");
        if depth == 1 {
            eprintln!(
                "{}: {:?}",
                entry.id,
                state
                    .divide(1)
                    .iter()
                    .map(|(m, _)| m.as_str())
                    .collect::<Vec<_>>()
            );
        }
        println!("perft {depth} {}", state.perft(depth));
    }
}

/// Random games under every §7 set and a spread of option mixes, the
/// generators compared on the depth-2 divide of every position reached (in
/// release: 22 407 positions in about 40 s).
#[test]
#[ignore = "run by hand in release, once the fast core knows RULES.md §7"]
fn world_random_games() {
    let sets: [(&str, &[&str]); 22] = [
        ("five", &[]),
        ("seven", &[]),
        ("dooz", &[]),
        ("one-time-mill", &[]),
        ("cham-gonu", &[]),
        ("zhi-qi", &[]),
        ("cheng-san-qi", &[]),
        ("da-san-qi", &[]),
        ("mul-mulan", &[]),
        ("nerenchi", &[]),
        ("el-filja", &[]),
        ("nine", &["placing-mill=hand-again", "mill-takes=each"]),
        ("nine", &["custodian=on", "intervention=on", "flying=four"]),
        (
            "twelve",
            &["blocked=both-remove", "board-full=dark-light", "flying=off"],
        ),
        (
            "twelve",
            &["blocked=pass", "board-full=first-mover", "second-moves-first=on"],
        ),
        (
            "twelve",
            &["blocked=remove-pass", "placing-mill=count", "flying=always"],
        ),
        ("nine", &["one-time-mill=on", "placing-mill=mark", "misere=on"]),
        (
            "lasker",
            &["placing-mill=hand", "one-time-mill=on", "custodian=on"],
        ),
        ("morabaraba", &["blocked=remove-move", "placing-mill=hand"]),
        (
            "dooz",
            &["mill-takes=each", "removal=protected", "intervention=on"],
        ),
        ("el-filja", &["removal=protected", "second-moves-first=on"]),
        ("zhi-qi", &["removal=never"]),
    ];
    let mut seed: u64 = 99;
    let mut pick = |n: usize| {
        seed = seed
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((seed >> 33) as usize) % n
    };
    for (variant, options) in sets {
        let start = Start::Moves {
            variant: variant.to_string(),
            options: options.iter().map(|o| o.to_string()).collect(),
            moves: Vec::new(),
        };
        let rules = reference_rules(&start);
        for _game in 0..15 {
            let mut state = reference::State::start(&rules);
            let mut pos = fast_position(&start);
            let mut played: Vec<String> = Vec::new();
            for _turn in 0..90 {
                let slow = state.divide(2);
                assert_eq!(
                    slow,
                    fast_divide(&pos, 2),
                    "{variant} {options:?} after `{}`",
                    played.join(" ")
                );
                if slow.is_empty() {
                    break;
                }
                let (m, _) = &slow[pick(slow.len())];
                state = state.play(m);
                pos = pos.play(pos.parse_move(m).unwrap_or_else(|e| panic!("`{m}`: {e}")));
                played.push(m.clone());
            }
        }
    }
}
