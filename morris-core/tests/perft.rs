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
    counts: Vec<(u32, u64)>,
}

fn data_dir() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../tests/perft")
}

fn read_entries(file: &str) -> Vec<Entry> {
    let path = data_dir().join(file);
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
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
                let (depth, count) = rest
                    .split_once(char::is_whitespace)
                    .unwrap_or_else(|| panic!("{}: expected `perft DEPTH COUNT`", where_()));
                entry.counts.push((
                    depth.trim().parse().expect("a depth"),
                    count.trim().parse().expect("a count"),
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

/// Checks every entry of one data file against both generators, each
/// within its node limit.
fn check_file(file: &str) {
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
        let pos = fast_position(start);
        let rules = reference_rules(start);
        let state = reference_position(&rules, start);

        // Both sides must have reached the same position before counting.
        let text = pos.to_string();
        let fields: Vec<&str> = text.split_whitespace().collect();
        let engine = [fields[1], fields[2], fields[3], fields[5]].map(str::to_string);
        assert_eq!(
            state.text_fields(),
            engine,
            "{name}: the generators start from different positions"
        );

        for &(depth, expected) in &entry.counts {
            if expected <= fast_limit {
                let got = perft(&pos, depth);
                assert_eq!(got, expected, "{name}: fast perft {depth} from {pos}");
            }
            if expected <= ref_limit {
                let got = state.perft(depth);
                if got != expected {
                    let fast = fast_divide(&pos, depth);
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
                        "{name}: reference perft {depth} is {got}, expected {expected}, from {pos}\n{}",
                        diff.join("\n")
                    );
                }
            }
        }
    }
}

/// Every data file, each checked by its own test below.
const FILES: [&str; 16] = [
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
                check_file($file);
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
