//! `morris eval` shows what the evaluation counts, and dumps it for tuning.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
use common::{app_tables, fails, ok};

use std::path::PathBuf;

/// The counts of one term for light and dark, from the breakdown.
fn term(text: &str, name: &str) -> (String, String) {
    let line = text
        .lines()
        .find(|l| l.split_whitespace().next() == Some(name))
        .unwrap_or_else(|| panic!("no {name} line in {text}"));
    let words: Vec<&str> = line.split_whitespace().collect();
    (words[1].to_string(), words[2].to_string())
}

#[test]
fn the_breakdown_counts_lines_junctions_and_the_mill_to_close() {
    // Light d6 f6 (a line of two, b6 open; d6 is a junction of four), dark a1 g7.
    let text = ok(&["eval", "--moves", "d6 a1 f6 g7"]);
    let pair = |a: &str, b: &str| (a.to_string(), b.to_string());
    assert_eq!(term(&text, "phase"), pair("placing", "placing"), "{text}");
    assert_eq!(term(&text, "twos"), pair("1", "0"), "{text}");
    assert_eq!(term(&text, "closable"), pair("1", "0"), "{text}");
    assert_eq!(term(&text, "junctions"), pair("2", "0"), "{text}");
    assert_eq!(term(&text, "material"), pair("9", "9"), "{text}");
    assert!(
        text.contains("to move:      light (+60 for a mill it can close)"),
        "{text}"
    );
    // Light to move and a mill up its sleeve: the evaluation favours it.
    let (light, dark): (i32, i32) = {
        let (l, d) = term(&text, "points");
        (l.parse().unwrap(), d.parse().unwrap())
    };
    assert!(
        text.contains(&format!("evaluation:   {:+} for light", light - dark + 60)),
        "{text}"
    );

    // Dark to move after the block: the same terms, seen from dark.
    let text = ok(&["eval", "--moves", "d6 a1 f6 b6"]);
    assert_eq!(term(&text, "closable"), pair("0", "0"), "{text}");
    assert!(
        text.contains("evaluation:") && text.contains("for light"),
        "{text}"
    );
}

#[test]
fn records_become_one_csv_row_a_position() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("eval");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("games.pgn");
    let games = "[Variant \"nine\"]\n[Result \"*\"]\n\n1. d6 a1 2. f6 g7 3. b6xa1 *\n\n\
                 [Variant \"nine\"]\n[Result \"1/2-1/2\"]\n[Termination \"agreed\"]\n\n1. f4 d2 1/2-1/2\n";
    std::fs::write(&path, games).unwrap();
    let p = path.to_str().unwrap();
    let csv = ok(&["eval", "--records", p]);
    let lines: Vec<&str> = csv.lines().collect();
    let header: Vec<&str> = lines[0].split(',').collect();
    assert_eq!(
        &header[..6],
        ["file", "game", "ply", "to_move", "result", "pieces"]
    );
    assert_eq!(header.last(), Some(&"eval"));
    // Six positions of the unfinished game (no result), three of the drawn one.
    assert_eq!(lines.len(), 1 + 6 + 3, "{csv}");
    let row = |i: usize| -> Vec<&str> { lines[i].split(',').collect() };
    assert_eq!(&row(1)[..5], ["1", "1", "0", "light", ""]);
    assert_eq!(&row(8)[..5], ["1", "2", "1", "dark", "0.5"]);
    let col = |name: &str| header.iter().position(|h| *h == name).unwrap();
    // After d6 a1 f6 g7 (ply 4): light to move, with its line of two.
    assert_eq!(row(5)[col("us_twos")], "1");
    assert_eq!(row(5)[col("us_placed")], "2");
    assert_eq!(row(5)[col("them_twos")], "0");

    assert!(fails(&["eval", "--records", p, "--moves", "d6"]).contains("--records reads its positions"));
    let missing = dir.join("missing.pgn");
    assert!(fails(&["eval", "--records", missing.to_str().unwrap()]).contains("cannot read"));
}

/// Three against three, light to move with a7 d7 and g7 open: light closes
/// the mill, takes a piece and wins at once.
const LIGHT_WINS_AT_ONCE: &str = "nine LL./.../.../....D./.../L../DD. L 0/0 6/6 -";

#[test]
fn with_tables_the_breakdown_gives_the_exact_value() {
    let tb = app_tables();
    let text = ok(&["eval", "--position", LIGHT_WINS_AT_ONCE, "--tables", &tb]);
    assert!(text.contains("tables:       win in 1 ply for light"), "{text}");
    // The placing is beyond any table.
    let text = ok(&["eval", "--moves", "d6 a1", "--tables", &tb]);
    assert!(text.contains("tables:       not covered"), "{text}");
    // Without --tables, no such line.
    assert!(!ok(&["eval", "--moves", "d6 a1"]).contains("tables:"));
    assert!(fails(&["eval", "--moves", "d6 a1", "--tables", "no/such/tables"]).contains("cannot read"));
}

#[test]
fn with_tables_the_records_get_exact_labels_where_covered() {
    let dir = PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join("eval-tables");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("games.pgn");
    // Light wins from the three-against-three position; then a placing.
    let games = format!(
        "[Variant \"nine\"]\n[Position \"{LIGHT_WINS_AT_ONCE}\"]\n[Result \"1-0\"]\n\n1. b2-g7xa1 1-0\n\n\
         [Variant \"nine\"]\n[Result \"*\"]\n\n1. f4 d2 *\n"
    );
    std::fs::write(&path, games).unwrap();
    let p = path.to_str().unwrap();
    let tb = app_tables();
    let csv = ok(&["eval", "--records", p, "--tables", &tb]);
    let lines: Vec<&str> = csv.lines().collect();
    let header: Vec<&str> = lines[0].split(',').collect();
    assert_eq!(&header[header.len() - 3..], ["eval", "table", "table_plies"]);
    // The won position (the finished one after b2-g7xa1 has no row), then
    // three placing positions the tables do not reach.
    assert_eq!(lines.len(), 1 + 1 + 3, "{csv}");
    let cells = |i: usize| -> Vec<&str> { lines[i].rsplit(',').take(2).collect() };
    assert_eq!(cells(1), ["1", "1"], "{csv}");
    for i in 2..5 {
        assert_eq!(cells(i), ["", ""], "{csv}");
    }
    // Without --tables the columns are not there.
    let plain = ok(&["eval", "--records", p]);
    assert!(!plain.lines().next().unwrap().contains("table"));
}
