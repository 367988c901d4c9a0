//! Drives `morris engine` through a pipe as a GUI would, and runs
//! `morris bench` and `morris match` as a user would.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::io::{BufRead, BufReader, Write};
use std::process::{Child, ChildStdin, Command, Stdio};

mod common;
use common::{app_tables, generate_up_to, morris, ok, scratch, self_match, six_book_args};
use std::sync::mpsc::{self, Receiver};
use std::thread;
use std::time::Duration;

use morris_core::{parse_turns, Game, Position, RuleKey, Variant};
use morris_engine::Tablebases;
use morris_solver::{Class, Indexer, Numbering, Value};

/// Long enough for any answer of a debug build; no test measures time.
const PATIENCE: Duration = Duration::from_secs(120);

/// A `morris engine` process with its lines read on a thread.
struct Engine {
    child: Child,
    stdin: ChildStdin,
    lines: Receiver<String>,
}

impl Engine {
    fn start(args: &[&str]) -> Engine {
        let mut child = Command::new(env!("CARGO_BIN_EXE_morris"))
            .arg("engine")
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("morris engine starts");
        let stdin = child.stdin.take().unwrap();
        let stdout = child.stdout.take().unwrap();
        let (tx, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if tx.send(line).is_err() {
                    return;
                }
            }
        });
        Engine { child, stdin, lines }
    }

    fn send(&mut self, line: &str) {
        writeln!(self.stdin, "{line}").unwrap();
        self.stdin.flush().unwrap();
    }

    /// The lines up to and including the first that starts with `word`.
    fn until(&mut self, word: &str) -> Vec<String> {
        let mut seen = Vec::new();
        loop {
            let line = self
                .lines
                .recv_timeout(PATIENCE)
                .unwrap_or_else(|_| panic!("no `{word}` from the engine; got {seen:#?}"));
            let done = line.split_whitespace().next() == Some(word);
            seen.push(line);
            if done {
                return seen;
            }
        }
    }

    /// The turn of the `bestmove` line that ends the current search.
    fn bestmove(&mut self) -> String {
        best_of(&self.until("bestmove"))
    }

    /// Sends `isready` and returns what came before `readyok`.
    fn ready(&mut self) -> Vec<String> {
        self.send("isready");
        self.until("readyok")
    }

    /// Sends `line` and checks that the engine answers with an error that
    /// names `what`.
    fn refuses(&mut self, line: &str, what: &str) {
        self.send(line);
        let lines = self.ready();
        assert!(
            lines
                .iter()
                .any(|l| l.contains("info string error") && l.contains(what)),
            "{line}: {lines:#?}"
        );
    }

    fn quit(mut self) {
        self.send("quit");
        let status = self.child.wait().unwrap();
        assert!(status.success(), "the engine ended with {status}");
        let mut stderr = String::new();
        std::io::Read::read_to_string(&mut self.child.stderr.take().unwrap(), &mut stderr).unwrap();
        assert!(!stderr.contains("panicked"), "{stderr}");
    }
}

/// The game after `moves` from the start of nine men's morris.
/// The turn of the `bestmove` line that ends a search's lines.
fn best_of(lines: &[String]) -> String {
    let last = lines.last().unwrap();
    last.split_whitespace().nth(1).unwrap().to_string()
}

/// The `bestmove` of `lines` is a legal turn of `game`.
fn assert_legal_answer(game: &Game, lines: &[String]) {
    let best = best_of(lines);
    let m = game
        .position()
        .parse_move(&best)
        .unwrap_or_else(|e| panic!("{best}: {e}"));
    assert!(game.legal_moves().contains(&m));
}

fn nine_after(moves: &str) -> Game {
    let mut game = Game::new(Variant::Nine.rules());
    for mt in parse_turns(moves, 1000).unwrap().turns {
        let m = game.position().resolve(&mt).unwrap();
        game.play(m).unwrap();
    }
    game
}

#[test]
fn the_handshake_lists_every_rule_option() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    let lines = e.until("uciok");
    assert!(lines[0].starts_with("id name Mulino"), "{lines:#?}");
    assert!(lines.iter().any(|l| l.starts_with("id author ")));
    let has = |prefix: &str| lines.iter().any(|l| l.starts_with(prefix));
    for key in RuleKey::every() {
        assert!(
            has(&format!("option name {} type ", key.tag())),
            "no option for {key}: {lines:#?}"
        );
    }
    assert!(has(
        "option name Variant type combo default nine var nine var three"
    ));
    // Flying takes on, off, four and always (RULES.md §7.7): a combo.
    assert!(has(
        "option name Flying type combo default on var on var off var four var always"
    ));
    assert!(has(
        "option name MillTakes type combo default one var one var each"
    ));
    for engine_option in [
        "Hash type spin",
        "Threads type spin default 1 min 1 max 64",
        "Level type spin",
        "MultiPV type spin",
    ] {
        assert!(has(&format!("option name {engine_option}")), "{engine_option}");
    }
    assert_eq!(e.ready(), ["readyok"]);
    e.quit();
}

/// Every number option `uci` advertises is taken at its bounds and refused
/// one past them (what is advertised is what `setoption` accepts).
#[test]
fn every_advertised_number_option_takes_its_bounds_and_no_more() {
    let mut e = Engine::start(&[]);
    e.send("uci");
    let spins: Vec<(String, u128, u128)> = e
        .until("uciok")
        .iter()
        .filter_map(|line| {
            let w: Vec<&str> = line.split_whitespace().collect();
            match w.as_slice() {
                ["option", "name", name, "type", "spin", "default", _, "min", min, "max", max] => {
                    Some((name.to_string(), min.parse().unwrap(), max.parse().unwrap()))
                }
                _ => None,
            }
        })
        .collect();
    assert!(spins.len() >= 9, "{spins:#?}");
    for (name, min, max) in spins {
        for n in [min, max] {
            e.send(&format!("setoption name {name} value {n}"));
            assert_eq!(e.ready(), ["readyok"], "{name} {n}");
        }
        e.refuses(&format!("setoption name {name} value {}", max + 1), &name);
        if min > 0 {
            e.refuses(&format!("setoption name {name} value {}", min - 1), &name);
        }
    }
    e.quit();
}

#[test]
fn options_set_the_rules_of_the_start_position() {
    let mut e = Engine::start(&[]);
    e.send("setoption name Variant value morabaraba");
    e.send("setoption name MillTakes value each");
    e.send("setoption name Flying value false");
    e.send("setoption name NMove value 0");
    e.send("position startpos");
    e.send("go depth 1");
    let best = e.bestmove();
    // Morabaraba's board has the diagonals and 24 points: any placement is legal.
    let rules = morris_core::Rules::with_options(
        Variant::Morabaraba,
        ["mill-takes=each", "flying=off", "n-move=off"],
    )
    .unwrap();
    assert!(Position::new(rules).parse_move(&best).is_ok(), "{best}");
    assert_eq!(e.ready(), ["readyok"], "every option was accepted");
    e.quit();
}

#[test]
fn a_search_returns_a_legal_turn_and_takes_removal_tokens() {
    let moves = "d6 a1 f6 g1 b6 xa1 d2";
    let game = nine_after(moves);
    let mut e = Engine::start(&[]);
    e.send(&format!("position startpos moves {moves}"));
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info depth 3 ") && l.contains(" score ") && l.contains(" pv ")),
        "{lines:#?}"
    );
    assert_legal_answer(&game, &lines);

    // The same position as a position text, with whole turns after it.
    let start = nine_after("d6 a1 f6");
    e.send(&format!("position fen {} moves g1 b6xa1 d2", start.position()));
    e.send("go nodes 2000");
    let best = e.bestmove();
    assert!(game.position().parse_move(&best).is_ok(), "{best}");

    // Two threads answer the same way: a whole iteration, a legal turn.
    e.send("setoption name Threads value 2");
    e.send("go depth 6");
    let lines = e.until("bestmove");
    assert!(lines.iter().any(|l| l.starts_with("info depth 6 ")), "{lines:#?}");
    let best = best_of(&lines);
    assert!(game.position().parse_move(&best).is_ok(), "{best}");
    e.quit();
}

#[test]
fn a_finished_game_has_no_best_move() {
    let mut e = Engine::start(&[]);
    // Light is left with two pieces.
    e.send("position fen nine L../.L./.../....../.../.D./D.D L 0/0 0/0 -");
    e.send("go depth 3");
    assert_eq!(e.bestmove(), "none");
    // The third time the same position arises, by the moves sent.
    let start = "nine L.D/.../.D./.....L/.../.L./D.. L 0/0 0/0 -";
    let cycle = "a7-a4 a1-d1 a4-a7 d1-a1";
    let mut game = Game::from_position(start.parse().unwrap());
    for mt in parse_turns(&format!("{cycle} {cycle}"), 100).unwrap().turns {
        assert!(game.outcome().is_none());
        let m = game.position().resolve(&mt).unwrap();
        game.play(m).unwrap();
    }
    assert!(game.outcome().is_some(), "threefold repetition");
    e.send(&format!("position fen {start} moves {cycle} {cycle}"));
    e.send("go depth 2");
    assert_eq!(e.bestmove(), "none");
    e.quit();
}

#[test]
fn bad_lines_are_answered_and_the_engine_carries_on() {
    let mut e = Engine::start(&[]);
    let bad = [
        "go depth 2",
        "frobnicate",
        "setoption name Nonsense value 3",
        "setoption name Flying value maybe",
        "setoption name Hash value -1",
        "setoption name Threads value 0",
        "setoption name Threads value 65",
        "setoption name Level value 99",
        "setoption name Variant value chess",
        "setoption",
        "position",
        "position startpos moves d6 d6",
        "position startpos moves xb4",
        "position startpos moves d6 a1 f6 g1 b6",
        "position fen nine what",
        "position startpos moves zz9",
        "go depth many",
        "go sideways",
        "\u{1F600} \u{0} \t",
    ];
    for line in bad {
        e.send(line);
        let answer = e.ready();
        assert!(
            answer.len() == 2 && answer[0].starts_with("info string error "),
            "{line:?} gave {answer:#?}"
        );
    }
    // After a refused position there is none: go is refused too.
    e.send("go depth 1");
    assert!(e.ready()[0].starts_with("info string error "));
    e.send("position startpos moves d6");
    e.send("go depth 2");
    let best = e.bestmove();
    assert!(nine_after("d6").position().parse_move(&best).is_ok(), "{best}");
    e.quit();
}

#[test]
fn stop_ends_an_infinite_search() {
    let mut e = Engine::start(&["--hash", "4"]);
    e.send("position startpos moves d6 a1");
    e.send("go infinite");
    // Answered while the search runs.
    assert_eq!(e.ready().last().map(String::as_str), Some("readyok"));
    thread::sleep(Duration::from_millis(200));
    e.send("stop");
    let best = e.bestmove();
    assert!(nine_after("d6 a1").position().parse_move(&best).is_ok(), "{best}");
    e.quit();
}

/// Every `go` that sets no limit a search reaches by itself; each used to
/// hold the engine for good once a second `go` came.
const ENDLESS_GOES: [&str; 7] = [
    "go",
    "go btime 200",
    "go winc 100",
    "go movestogo 5",
    "go depth 4294967295",
    "go nodes 18446744073709551615",
    "go movetime 100000000",
];

#[test]
fn a_new_go_stops_an_endless_search_and_the_engine_still_answers() {
    for first in ENDLESS_GOES {
        let mut e = Engine::start(&["--hash", "4"]);
        e.send("position startpos moves d6 a1");
        e.send(first);
        thread::sleep(Duration::from_millis(50));
        e.send("go depth 2");
        // The first search is stopped and answers, then the second one.
        let lines = e.until("bestmove");
        assert!(
            lines
                .iter()
                .any(|l| l.contains("a new go stops the running search")),
            "{first}: {lines:#?}"
        );
        let best = e.bestmove();
        assert!(
            nine_after("d6 a1").position().parse_move(&best).is_ok(),
            "{first}: {best}"
        );
        assert_eq!(e.ready().last().map(String::as_str), Some("readyok"), "{first}");
        e.send(first);
        e.send("stop");
        e.bestmove();
        e.quit();
    }
}

#[test]
fn isready_and_quit_answer_during_an_endless_search() {
    let mut e = Engine::start(&["--hash", "4"]);
    e.send("position startpos");
    e.send("go");
    assert_eq!(e.ready().last().map(String::as_str), Some("readyok"));
    // quit stops the search and ends the process.
    e.quit();
}

#[test]
fn the_end_of_input_ends_the_engine_during_a_search() {
    let mut e = Engine::start(&["--hash", "4"]);
    e.send("position startpos");
    e.send("go infinite");
    assert_eq!(e.ready().last().map(String::as_str), Some("readyok"));
    let Engine { mut child, stdin, .. } = e;
    drop(stdin);
    let started = std::time::Instant::now();
    loop {
        if let Some(status) = child.try_wait().unwrap() {
            assert!(status.success(), "{status}");
            break;
        }
        assert!(started.elapsed() < PATIENCE, "the engine outlived its input");
        thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn huge_clock_numbers_saturate() {
    let mut e = Engine::start(&["--hash", "4"]);
    // Light to move: a second on the clock and an increment that used to
    // overflow give a search of under a second.
    e.send("position startpos");
    e.send("go wtime 1000 winc 18446744073709551615 movestogo 18446744073709551615");
    let best = e.bestmove();
    assert!(nine_after("").position().parse_move(&best).is_ok(), "{best}");
    e.quit();
}

/// The `score cp` of the last `info` line before `bestmove`.
fn last_cp(lines: &[String]) -> Option<i64> {
    lines.iter().rev().find_map(|l| {
        let mut words = l.split_whitespace().skip_while(|w| *w != "cp");
        words.nth(1).and_then(|n| n.parse().ok())
    })
}

#[test]
fn level_10_judges_the_moving_phase_with_the_network_unless_told_not_to_and_lower_levels_when_told() {
    // Nine, every piece placed, 8 against 8: no table of the test's.
    let fen = "position fen nine LD./DL./LLD/.LD.DL/L.D/.D./LDL L 0/0 1/1 -";
    let score_of = |args: &[&str], setting: Option<&str>| {
        let mut e = Engine::start(args);
        if let Some(line) = setting {
            e.send(line);
        }
        e.send(fen);
        e.send("go depth 3");
        let cp = last_cp(&e.until("bestmove"));
        e.quit();
        cp.expect("a score in hundredths of a piece")
    };
    let net = score_of(&["--hash", "4", "--eval", "net"], None);
    let classic = score_of(&["--hash", "4", "--eval", "classic"], None);
    assert_ne!(net, classic, "the network and the hand-written evaluation differ");
    assert_eq!(score_of(&["--hash", "4"], None), net, "the network by default");
    assert_eq!(
        score_of(&["--hash", "4"], Some("setoption name UseNetwork value false")),
        classic
    );
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../morris-engine/nets/nine.nnue");
    assert_eq!(
        score_of(&["--hash", "4", "--net", file], None),
        net,
        "a network file means the network"
    );
    assert_eq!(
        score_of(&["--hash", "4", "--level", "9", "--eval", "net"], None),
        score_of(&["--hash", "4", "--level", "9"], None),
        "level 9 keeps the hand-written one"
    );
    // The app's hints: level 8 with the network.
    let level_8 =
        |more: &[&str], setting| score_of(&[&["--hash", "4", "--level", "8"], more].concat(), setting);
    let hint = level_8(&["--network-from-level", "8"], None);
    assert_ne!(hint, level_8(&[], None), "level 8 with the network from level 8");
    assert_eq!(
        level_8(&[], Some("setoption name NetworkFromLevel value 8")),
        hint
    );
    assert_eq!(
        level_8(&["--network-from-level", "8", "--eval", "classic"], None),
        level_8(&[], None),
        "--eval classic keeps it off at every level"
    );
}

#[test]
fn a_network_file_with_the_hand_written_evaluation_is_refused() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/../morris-engine/nets/nine.nnue");
    let suite = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../docs/suites/nine-match-placing.book"
    );
    for args in [vec!["engine"], vec!["suite", suite]] {
        let out = morris(&[args.as_slice(), &["--eval", "classic", "--net", file]].concat());
        assert!(!out.status.success(), "{args:?}");
        let err = String::from_utf8_lossy(&out.stderr);
        assert!(err.contains("would not be used"), "{args:?}: {err}");
    }
}

#[test]
fn a_file_that_is_no_network_is_refused_with_its_name() {
    let mut e = Engine::start(&["--hash", "4"]);
    e.refuses(
        "setoption name NetworkFile value Cargo.toml",
        "Cargo.toml: not a network file",
    );
    e.send("uci");
    let lines = e.until("uciok");
    assert!(
        lines
            .iter()
            .any(|l| l == "option name UseNetwork type check default true"),
        "{lines:#?}"
    );
    assert!(
        lines
            .iter()
            .any(|l| l == "option name NetworkFile type string default <empty>"),
        "{lines:#?}"
    );
    e.quit();
    let err = common::fails(&["engine", "--net", "Cargo.toml"]);
    assert!(err.contains("Cargo.toml: not a network file"), "{err}");
}

#[test]
fn file_options_read_only_regular_files() {
    let mut e = Engine::start(&["--hash", "4"]);
    for option in ["Book", "Tablebases", "NetworkFile"] {
        e.send(&format!("setoption name {option} value /dev/zero"));
        let answer = e.ready();
        assert!(
            answer.len() == 2 && answer[0].contains("/dev/zero is not a regular file"),
            "{option}: {answer:#?}"
        );
    }
    e.quit();
}

#[test]
fn a_finished_game_says_why_there_is_no_move() {
    let mut e = Engine::start(&[]);
    e.send("position fen nine L../.L./.../....../.../.D./D.D L 0/0 0/0 -");
    e.send("go depth 3");
    let lines = e.until("bestmove");
    assert_eq!(best_of(&lines), "none");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string the game is over: ")
                && l.contains("light is left with fewer than three pieces")),
        "{lines:#?}"
    );
    e.quit();
}

#[test]
fn levels_play_legal_turns() {
    let mut e = Engine::start(&["--level", "1"]);
    e.send("position startpos moves d6 a1 f6");
    e.send("go movetime 50");
    let best = e.bestmove();
    assert!(
        nine_after("d6 a1 f6").position().parse_move(&best).is_ok(),
        "{best}"
    );
    e.quit();
    let out = morris(&["engine", "--level", "11"]);
    assert!(!out.status.success());
}

/// The node total: the first number of the last line, `N nodes M nps`.
fn bench_total(out: &str) -> u64 {
    let last = out.lines().last().unwrap();
    assert!(last.ends_with(" nps") && last.contains(" nodes "), "{last}");
    last.split_whitespace().next().unwrap().parse().unwrap()
}

#[test]
fn the_bench_total_is_the_same_on_every_run() {
    let first = ok(&["bench", "--depth", "3"]);
    let second = ok(&["bench", "--depth", "3", "--hash", "2"]);
    assert!(first.lines().count() > 8, "{first}");
    for v in Variant::ALL {
        assert!(
            first.contains(&format!(" {} ", v.id())),
            "no {v} position:\n{first}"
        );
    }
    let total = bench_total(&first);
    assert!(total > 0);
    assert_eq!(total, bench_total(&second));
}

#[test]
fn a_match_between_two_engines_finishes() {
    let engine = format!("{} engine", env!("CARGO_BIN_EXE_morris"));
    let weak = format!("{engine} --level 1");
    let out = ok(&[
        "match",
        "--engine1",
        &engine,
        "--engine2",
        &weak,
        "--games",
        "2",
        "--depth",
        "1",
        "--sprt",
        "0,10,0.05,0.05",
    ]);
    let games = out.lines().filter(|l| l.starts_with("game ")).count();
    assert_eq!(games, 2, "{out}");
    // Two games take one vetted opening: nothing to search for.
    assert!(!out.contains("openings: "), "{out}");
    assert!(out.lines().any(|l| l.starts_with("W/D/L: ")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("Elo: ")), "{out}");
    assert!(out.lines().any(|l| l.starts_with("SPRT: ")), "{out}");
}

#[test]
fn a_match_says_how_far_its_search_for_openings_has_got() {
    // Three Men's Morris has no vetted list: its openings are searched for,
    // and the match says so before the first game.
    let out = three_self_match(&["--depth", "1"]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[..2],
        ["openings: 0 of 1 chosen", "openings: 1 of 1 chosen"],
        "{out}"
    );
    assert!(lines[2].starts_with("engine1: "), "{out}");
}

/// Two games of Three Men's Morris between the engine and itself, with
/// `extra` options: the match's output.
fn three_self_match(extra: &[&str]) -> String {
    let engine = format!("{} engine", env!("CARGO_BIN_EXE_morris"));
    let mut args = vec!["--variant", "three", "--games", "2"];
    args.extend_from_slice(extra);
    self_match(&engine, &args)
}

#[test]
fn a_match_writes_records_that_read_back() {
    let dir = std::env::temp_dir().join(format!("morris-records-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.txt");
    three_self_match(&["--depth", "2", "--records", file.to_str().unwrap()]);
    let text = std::fs::read_to_string(&file).unwrap();
    let _ = std::fs::remove_dir_all(&dir);
    let records: Vec<&str> = text.split("[Variant ").skip(1).collect();
    assert_eq!(records.len(), 2, "{text}");
    for r in records {
        let game = Game::from_record(&format!("[Variant {r}")).unwrap();
        assert!(game.moves().len() >= 2);
    }
}

#[test]
fn a_match_reads_openings_from_a_file() {
    let dir = std::env::temp_dir().join(format!("morris-openings-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("six.txt");
    std::fs::write(&file, "# one opening\na1 e5\n").unwrap();
    let engine = format!("{} engine", env!("CARGO_BIN_EXE_morris"));
    let openings = file.to_str().unwrap();
    let out = self_match(
        &engine,
        &["--variant", "six", "--openings", openings, "--depth", "1"],
    );
    let _ = std::fs::remove_dir_all(&dir);
    let games: Vec<&str> = out.lines().filter(|l| l.starts_with("game ")).collect();
    assert_eq!(games.len(), 2, "{out}");
    assert!(games.iter().all(|l| l.contains("(a1 e5)")), "{out}");
    assert!(out.contains("W/D/L: "), "{out}");
}

#[test]
fn a_match_gives_engine2_its_own_node_count() {
    let out = three_self_match(&["--nodes", "4000", "--nodes2", "1000"]);
    assert!(
        out.contains("engine1 go nodes 4000, engine2 go nodes 1000"),
        "{out}"
    );
    assert_eq!(out.lines().filter(|l| l.starts_with("game ")).count(), 2, "{out}");
    // --nodes2 alone has no --nodes to differ from.
    let engine = format!("{} engine", env!("CARGO_BIN_EXE_morris"));
    let stderr = failed_match(&engine, &["--nodes2", "1000"]);
    assert!(stderr.contains("--nodes"), "{stderr}");
}

/// A one-game match of `engine` against itself that must fail: its
/// error output, which never tells of a panic.
fn failed_match(engine: &str, extra: &[&str]) -> String {
    let mut args = vec!["match", "--engine1", engine, "--engine2", engine, "--games", "1"];
    args.extend_from_slice(extra);
    let out = morris(&args);
    assert!(!out.status.success());
    let stderr = String::from_utf8_lossy(&out.stderr).to_string();
    assert!(!stderr.contains("panicked"), "{stderr}");
    stderr
}

#[test]
fn a_match_refuses_an_engine_that_does_not_start() {
    let stderr = failed_match("/nonexistent/engine", &[]);
    assert!(stderr.contains("cannot start"), "{stderr}");
}

#[test]
fn a_match_gives_a_silent_engine_the_startup_time_and_no_more() {
    // `sleep` starts but never answers `uci`: the match names the engine
    // and the word it waited for once the startup time is over.
    let started = std::time::Instant::now();
    let stderr = failed_match("sleep 30", &["--startup-timeout", "1"]);
    assert!(stderr.contains("no `uciok` within 1000 ms"), "{stderr}");
    assert!(
        started.elapsed() < std::time::Duration::from_secs(25),
        "the match waited for sleep to end"
    );
    let stderr = failed_match("sleep 30", &["--startup-timeout", "0"]);
    assert!(stderr.contains("--startup-timeout takes 1 to"), "{stderr}");
}

/// A won Nine position of the 3v3 table, the win `min` plies or more away.
fn won_three_three(tables: &Tablebases, min: u16) -> Position {
    let indexer = Indexer::new(Variant::Nine.rules(), Class::moving(3, 3)).unwrap();
    (0..indexer.len())
        .step_by(997)
        .filter_map(|i| indexer.position(i))
        .find(|p| matches!(tables.probe(p), Some(Value::Win(d)) if d >= min) && p.terminal().is_none())
        .unwrap()
}

#[test]
fn with_tables_the_engine_reports_the_exact_value_and_keeps_it() {
    let mut tables = Tablebases::new();
    let bytes = std::fs::read(format!("{}/nine-3v3.tb", app_tables())).unwrap();
    tables.load(&bytes).unwrap();
    let pos = won_three_three(&tables, 9);
    let Some(Value::Win(d)) = tables.probe(&pos) else {
        unreachable!()
    };

    let mut e = Engine::start(&[]);
    e.send(&format!("setoption name Tablebases value {}", app_tables()));
    let loaded = e.ready();
    assert!(
        loaded
            .iter()
            .any(|l| l.starts_with("info string tablebases loaded: ") && l.contains("nine 3v3")),
        "{loaded:#?}"
    );
    e.send(&format!("position fen {pos}"));
    e.send("go depth 4");
    let lines = e.until("bestmove");
    assert!(
        lines.iter().any(|l| l.contains(&format!(" score win {d} "))),
        "no `score win {d}`: {lines:#?}"
    );
    let best = best_of(&lines);
    let m = pos.resolve(&parse_turns(&best, 1).unwrap().turns[0]).unwrap();
    assert_eq!(
        tables.probe(&pos.play(m)),
        Some(Value::Loss(d - 1)),
        "{best} is not the quickest win"
    );

    // Without tables the same position is searched as before: no exact value.
    e.send("setoption name Tablebases value none");
    e.send("go depth 2");
    let plain = e.until("bestmove");
    assert!(!plain.iter().any(|l| l.contains(" score win ")), "{plain:#?}");
    e.quit();
}

/// The engine's search lines and move in `pos` at depth 6 with the tables
/// of `dir`.
fn searched_with(dir: &str, pos: &Position) -> Vec<String> {
    let mut e = Engine::start(&["--tables", dir]);
    e.send(&format!("position fen {pos}"));
    e.send("go depth 6");
    let lines = e.until("bestmove");
    e.quit();
    // The speed and time differ from run to run; the rest must not.
    lines
        .into_iter()
        .filter(|l| l.starts_with("info depth") || l.starts_with("bestmove"))
        .map(|l| {
            l.split(" nps ")
                .next()
                .unwrap_or_default()
                .split(" time ")
                .next()
                .unwrap_or_default()
                .to_string()
        })
        .collect()
}

#[test]
fn flat_tables_play_from_the_disk_as_packed_ones_play_from_memory() {
    let dir = scratch();
    let d = dir.path().to_str().unwrap();
    let report = ok(&["tb", "flat", &app_tables(), "--out-dir", d]);
    assert_eq!(report.lines().count(), 6, "{report}");
    assert!(
        report.contains("nine 3v3: 420280 entries, 420327 bytes flat"),
        "{report}"
    );

    let mut tables = Tablebases::new();
    tables
        .load(&std::fs::read(format!("{}/nine-3v3.tb", app_tables())).unwrap())
        .unwrap();
    // A covered position (the move comes from the tables) and a 5v5 one,
    // whose search reaches 5v4 wherever a mill is closed.
    let pos = won_three_three(&tables, 9);
    let packed = searched_with(&app_tables(), &pos);
    assert!(packed.iter().any(|l| l.contains(" score win ")), "{packed:#?}");
    assert_eq!(searched_with(d, &pos), packed);
    let five = Indexer::new(Variant::Nine.rules(), Class::moving(5, 5)).unwrap();
    let middle = (0..five.len())
        .step_by(7919)
        .filter_map(|i| five.position(i))
        .find(|p| p.terminal().is_none() && p.legal_moves().iter().any(|m| !m.removals().is_empty()))
        .unwrap();
    let packed = searched_with(&app_tables(), &middle);
    assert!(packed.len() > 2, "{packed:#?}");
    assert_eq!(searched_with(d, &middle), packed);

    // The engine and `tb probe` check a flat file before they use it: one
    // changed byte, or a file cut short, is refused with its name.
    let file = dir.path().join("nine-4v3.tb");
    let mut bytes = std::fs::read(&file).unwrap();
    let middle = bytes.len() / 2;
    bytes[middle] ^= 1;
    std::fs::write(&file, &bytes).unwrap();
    let out = common::fails(&["engine", "--tables", d]);
    assert!(out.contains("nine-4v3.tb") && out.contains("checksum"), "{out}");
    bytes[middle] ^= 1;
    bytes.truncate(middle);
    std::fs::write(&file, &bytes).unwrap();
    let out = common::fails(&["engine", "--tables", d]);
    assert!(out.contains("nine-4v3.tb") && out.contains("truncated"), "{out}");
}

/// A flat file changed on disk while the engine runs: its table gives no
/// value from the changed bytes (before, a byte overwritten with 63 was
/// played as "win 63"), the engine says so once with the file's name, and
/// plays on by search. A file cut short is reported the same way.
#[test]
fn a_flat_table_changed_on_disk_after_loading_is_reported_and_not_used() {
    let dir = scratch();
    let d = dir.path().to_str().unwrap();
    let three = format!("{}/nine-3v3.tb", app_tables());
    ok(&["tb", "flat", &three, "--out-dir", d]);
    let file = dir.path().join("nine-3v3.tb");
    let good = std::fs::read(&file).unwrap();
    let entries = 420280;
    let head = good.len() - entries - 8;

    let mut tables = Tablebases::new();
    tables.load(&std::fs::read(&three).unwrap()).unwrap();
    let pos = won_three_three(&tables, 9);
    let Some(Value::Win(d_win)) = tables.probe(&pos) else {
        unreachable!()
    };

    // Every entry overwritten in place with a win in 63, the length kept.
    let mut e = Engine::start(&["--tables", d]);
    e.ready();
    let mut changed = good.clone();
    changed[head..head + entries].fill(63);
    std::fs::write(&file, &changed).unwrap();
    e.send(&format!("position fen {pos}"));
    e.send("go depth 3");
    let lines = e.until("bestmove");
    let errors: Vec<&String> = lines
        .iter()
        .filter(|l| l.starts_with("info string error "))
        .collect();
    assert_eq!(errors.len(), 1, "{lines:#?}");
    assert!(
        errors[0].contains("nine-3v3.tb") && errors[0].contains("changed after it was loaded"),
        "{lines:#?}"
    );
    assert!(!lines.iter().any(|l| l.contains(" score win ")), "{lines:#?}");
    let best = best_of(&lines);
    assert!(pos.parse_move(&best).is_ok(), "{best}");
    // Once: the next search says nothing more, and still uses no table.
    e.send("go depth 3");
    let again = e.until("bestmove");
    assert!(
        !again.iter().any(|l| l.contains("info string error")),
        "{again:#?}"
    );
    assert!(!again.iter().any(|l| l.contains(" score win ")), "{again:#?}");
    // Loaded again and then cut short: reported, not taken in silence
    // for an uncovered position.
    std::fs::write(&file, &good).unwrap();
    e.send(&format!("setoption name Tablebases value {d}"));
    e.ready();
    std::fs::write(&file, &good[..head + entries / 2]).unwrap();
    e.send("go depth 3");
    let cut = e.until("bestmove");
    assert!(
        cut.iter().any(|l| l.starts_with("info string error ")
            && l.contains("nine-3v3.tb")
            && l.contains("cut short")),
        "{cut:#?}"
    );
    assert!(!cut.iter().any(|l| l.contains(" score win ")), "{cut:#?}");
    // The good file loaded again plays from the table as before.
    std::fs::write(&file, &good).unwrap();
    e.send(&format!("setoption name Tablebases value {d}"));
    e.ready();
    e.send("go depth 3");
    let restored = e.until("bestmove");
    assert!(
        restored
            .iter()
            .any(|l| l.contains(&format!(" score win {d_win} "))),
        "{restored:#?}"
    );
    assert!(
        !restored.iter().any(|l| l.contains("info string error")),
        "{restored:#?}"
    );
    e.quit();
}

/// With every Six table, the engine solves the rest of the placing phase
/// and says so; a multi-PV analysis is left to the search.
#[test]
fn the_engine_solves_the_end_of_the_placing_from_complete_tables() {
    let dir = scratch();
    let d = dir.path().to_str().unwrap();
    generate_up_to("six", 6, d);
    let mut e = Engine::start(&["--tables", d]);
    e.send("setoption name Variant value six");
    e.send("position startpos moves d2 a1 c4 d4");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string placing solved: draw, 9 of 12 moves keep it (")),
        "{lines:#?}"
    );
    e.send("setoption name MultiPV value 3");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    assert!(!lines.iter().any(|l| l.contains("placing solved")), "{lines:#?}");
    // Nine's small tables do not reach the end of its placing: no solve.
    e.send("setoption name MultiPV value 1");
    e.send("setoption name Variant value nine");
    e.send(&format!("setoption name Tablebases value {}", app_tables()));
    e.send("position startpos moves d6 a1 f6 g7 d2 b4");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    assert!(!lines.iter().any(|l| l.contains("placing solved")), "{lines:#?}");
    e.quit();
}

/// How much of the placing is solved is the host's to set: by placements
/// left and by positions visited, on the command line and by `setoption`.
#[test]
fn the_placing_solve_takes_on_what_its_limits_allow() {
    let dir = scratch();
    let d = dir.path().to_str().unwrap();
    generate_up_to("six", 6, d);
    let solved = |lines: &[String]| {
        lines
            .iter()
            .any(|l| l.starts_with("info string placing solved: "))
    };
    // Eight placements left: over a limit of seven, within eight.
    let mut e = Engine::start(&["--tables", d, "--placing-solve-plies", "7"]);
    e.send("setoption name Variant value six");
    e.send("position startpos moves d2 a1 c4 d4");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    assert!(!solved(&lines), "{lines:#?}");
    e.send("setoption name PlacingSolvePlies value 8");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    assert!(solved(&lines), "{lines:#?}");
    // Too few positions to finish: the solve gives up, the search plays.
    e.send("setoption name PlacingSolveNodes value 10");
    e.send("ucinewgame");
    e.send("position startpos moves d2 a1 c4 d4");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    assert!(!solved(&lines), "{lines:#?}");
    e.refuses("setoption name PlacingSolveNodes value 0", "PlacingSolveNodes");
    e.quit();
}

#[test]
fn placing_effort_lengthens_a_placing_search_and_is_refused_out_of_range() {
    let nodes_of = |lines: &[String]| -> u64 {
        let info = lines.iter().rev().find(|l| l.contains(" nodes ")).unwrap();
        let mut words = info.split_whitespace();
        words.find(|w| *w == "nodes").unwrap();
        words.next().unwrap().parse().unwrap()
    };
    let mut e = Engine::start(&["--placing-effort", "3"]);
    e.send("uci");
    let uci = e.until("uciok");
    assert!(
        uci.iter()
            .any(|l| l == "option name PlacingEffort type spin default 3 min 1 max 100"),
        "{uci:#?}"
    );
    e.send("position startpos moves d6 a1 f6");
    e.send("go nodes 20000");
    let longer = nodes_of(&e.until("bestmove"));
    assert!(longer > 20_000 && longer <= 60_000, "{longer}");
    e.send("setoption name PlacingEffort value 1");
    e.send("ucinewgame");
    e.send("position startpos moves d6 a1 f6");
    e.send("go nodes 20000");
    let plain = nodes_of(&e.until("bestmove"));
    assert!(plain <= 20_000, "{plain}");
    e.refuses("setoption name PlacingEffort value 101", "PlacingEffort");
    e.quit();
}

#[test]
fn a_bad_table_file_is_refused_with_a_message() {
    let dir = std::env::temp_dir().join(format!("morris-bad-tb-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.tb");
    std::fs::write(&bad, b"MULINOTB but not a table").unwrap();
    let mut e = Engine::start(&[]);
    e.send(&format!("setoption name Tablebases value {}", bad.display()));
    let lines = e.ready();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error setoption Tablebases: ") && l.contains("bad.tb")),
        "{lines:#?}"
    );
    e.quit();
    let out = common::fails(&["engine", "--tables", &bad.display().to_string()]);
    assert!(out.contains("bad.tb"), "{out}");
    std::fs::remove_dir_all(&dir).unwrap();
}

/// A placing book from `tb book` is played as a solve is, without any
/// table: the engine says so and moves only within the book's moves.
#[test]
fn the_engine_plays_a_placing_book_without_tables() {
    let dir = scratch();
    let d = dir.path().to_str().unwrap();
    generate_up_to("six", 6, d);
    let positions = dir.path().join("positions.txt");
    std::fs::write(&positions, "d2 a1 c4 d4\n").unwrap();
    let book = dir.path().join("six.book");
    let b = book.to_str().unwrap();
    ok(&six_book_args(d, positions.to_str().unwrap(), b));
    let kept = "c2 b2 c5 e5 e3 e1 c1 a3 a5";
    let mut e = Engine::start(&["--book", b, "--variant", "six"]);
    e.send("uci");
    let lines = e.until("uciok");
    assert!(
        lines.contains(&format!("option name Book type string default {b}")),
        "{lines:#?}"
    );
    e.send("position startpos moves d2 a1 c4 d4");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    assert!(
        lines.contains(&"info string placing book: draw, 9 of 12 moves keep it".to_string()),
        "{lines:#?}"
    );
    assert!(kept.split(' ').any(|m| m == best_of(&lines)), "{lines:#?}");
    // A position one placement on is not in the book.
    e.send("position startpos moves d2 a1 c4 d4 c2");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    assert!(!lines.iter().any(|l| l.contains("placing book")), "{lines:#?}");
    // Dropped, then a bad file refused with its line.
    e.send("setoption name Book value none");
    e.send("position startpos moves d2 a1 c4 d4");
    e.send("go depth 2");
    let lines = e.until("bestmove");
    assert!(!lines.iter().any(|l| l.contains("placing book")), "{lines:#?}");
    let bad = dir.path().join("bad.book");
    std::fs::write(&bad, "# fine\nsix ... draw\n").unwrap();
    e.send(&format!("setoption name Book value {}", bad.display()));
    let lines = e.ready();
    assert!(
        lines
            .iter()
            .any(|l| l.starts_with("info string error setoption Book: ") && l.contains("book line 2")),
        "{lines:#?}"
    );
    e.send(&format!("setoption name Book value {b}"));
    let lines = e.ready();
    assert!(
        lines.contains(&"info string book loaded: 1 positions".to_string()),
        "{lines:#?}"
    );
    e.quit();
    let err = common::fails(&["engine", "--book", bad.to_str().unwrap()]);
    assert!(err.contains("bad.book: book line 2: "), "{err}");
}

/// A host sends Dooz's full-board removal as a token of its own after the
/// placement that filled the board (`… g4 f4 xf4`): the engine reads it as
/// the turn that only removes, as a record would, and answers a legal turn.
#[test]
fn a_removal_only_turn_in_the_move_list_is_read_as_its_own_turn() {
    let moves = "g7 b2 b6 a4 e5 f6 f2 c4 b4 g1 d5 c5 c3 d3 d7 d6 e4 a7 a1 e3 d2 d1 g4 f4 xf4";
    let mut game = Game::new(Variant::Dooz.rules());
    game.play_turns(&parse_turns(moves, 100).unwrap()).unwrap();
    let mut e = Engine::start(&[]);
    e.send("setoption name Variant value dooz");
    e.send(&format!("position startpos moves {moves}"));
    e.send("go depth 2");
    let lines = e.until("bestmove");
    assert!(!lines.iter().any(|l| l.contains("error")), "{lines:#?}");
    assert_legal_answer(&game, &lines);
    e.quit();
}
