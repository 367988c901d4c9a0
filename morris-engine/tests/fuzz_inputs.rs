//! Every parser fed nasty input: empty, huge, unicode, truncated valid
//! texts and random bytes. None may panic; each gives an error or a value
//! that writes back to the same value (the fuzz targets in `fuzz/` check
//! the same invariants at length).

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use morris_core::{
    from_sanmill_fen, split_records, BoardKind, Coord, Game, MoveText, Position, Record, RuleKey, Rules,
    Setup, Variant,
};
use morris_engine::Book;
use proptest::prelude::*;

/// Positions the move parser is tried against.
const POSITIONS: [&str; 6] = [
    "nine .../.../.../....../.../.../... L 9/9 0/0 -",
    "nine L../.../DDD/.DLD../.../LL./..L L 4/4 0/0 -",
    "nine:mill-takes=each L../..L/DDD/.D..L./.../LL./... L 4/4 0/0 -",
    "morabaraba .DD/.D./.../.LL.../..D/.../LLL D 0/0 0/0 L:a1-a4",
    "morabaraba-sotho LD./..D/.../...L.../D.D/L../..L L 0/0 0/0 -",
    "three DLD/.../LDL L 0/0 0/0 -",
];

/// Feeds `text` to every parser and checks each result.
fn feed(text: &str) {
    if let Ok(mt) = text.parse::<MoveText>() {
        assert_eq!(mt.to_string().parse::<MoveText>().unwrap(), mt, "{text:?}");
    }
    for p in POSITIONS {
        let pos: Position = p.parse().unwrap();
        if let Ok(m) = pos.parse_move(text) {
            assert!(pos.is_legal(m), "{text:?}");
            assert_eq!(pos.parse_move(&pos.notation(m)), Ok(m), "{text:?}");
        }
    }
    if let Ok(setup) = text.parse::<Setup>() {
        let again: Setup = setup.to_string().parse().unwrap();
        assert_eq!(again, setup, "{text:?}");
        if let Ok(pos) = setup.position() {
            assert_eq!(pos.to_string().parse::<Position>().unwrap(), pos, "{text:?}");
            assert_eq!(pos.count_moves(), pos.legal_moves().len() as u64, "{text:?}");
        }
    }
    if let Ok(record) = text.parse::<Record>() {
        let written = record.to_string();
        let again: Record = written
            .parse()
            .unwrap_or_else(|e| panic!("{text:?}\n{written}\n{e}"));
        assert_eq!(again, record, "{text:?}");
        // Written twice in a row, as a match writes records, it splits
        // back into two copies of itself.
        let file = format!("{written}\n{written}");
        let pieces = split_records(&file);
        assert_eq!(pieces.len(), 2, "{text:?}");
        for piece in pieces {
            assert_eq!(piece.parse::<Record>().unwrap(), record, "{text:?}");
        }
    }
    // The file splitter keeps every byte, in order; a game after the
    // first starts at its tag.
    let pieces = split_records(text);
    if text.trim().is_empty() {
        assert!(pieces.is_empty(), "{text:?}");
    } else {
        assert_eq!(pieces.concat(), text, "{text:?}");
    }
    assert!(pieces.iter().skip(1).all(|p| p.starts_with('[')), "{text:?}");
    for v in [Variant::Nine, Variant::Twelve, Variant::Three] {
        if let Ok(pos) = from_sanmill_fen(text, v.rules()) {
            assert_eq!(pos.to_string().parse::<Position>().unwrap(), pos, "{text:?}");
        }
    }
    if let Ok(rules) = text.parse::<Rules>() {
        assert_eq!(rules.to_string().parse::<Rules>().unwrap(), rules, "{text:?}");
    }
    let mut rules = Rules::default();
    if rules.apply(text).is_ok() {
        let key = text
            .split_once(['=', ':'])
            .unwrap()
            .0
            .trim()
            .parse::<RuleKey>()
            .unwrap();
        let mut again = Rules::default();
        again.set(key, &rules.get(key)).unwrap();
        assert_eq!(again, rules, "{text:?}");
    }
    if let Ok(book) = Book::parse(text) {
        let again = Book::parse(&book.to_text()).unwrap();
        assert_eq!(again.to_text(), book.to_text(), "{text:?}");
    }
    if let Ok(v) = text.parse::<Variant>() {
        assert_eq!(v.id().parse::<Variant>().unwrap(), v);
    }
    if let Ok(c) = text.parse::<Coord>() {
        assert_eq!(c.to_string().parse::<Coord>().unwrap(), c);
    }
    if let Ok(b) = text.parse::<BoardKind>() {
        assert_eq!(b.id().parse::<BoardKind>().unwrap(), b);
    }
}

/// Valid texts of every kind, to be cut short and mangled.
fn valid_texts() -> Vec<String> {
    let mut game = Game::new("twelve:mill-takes=each".parse().unwrap());
    for m in ["d6", "a4", "d5", "a1", "d7xa4", "b4"] {
        game.play_text(m).unwrap();
    }
    let mut texts = vec![
        "d6-d5xb4xe4".to_string(),
        "nine:flying=off,mill-takes=each".to_string(),
        "morabaraba .DD/.D./.../.LL.../..D/.../LLL D 0/0 0/0 L:a1-a4".to_string(),
        "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1".to_string(),
        "[Variant \"nine\"]\n[FEN \"O*******/********/******** b p p 1 8 0 9 0 0 0 0 0 0 0 0 1\"]\n\n1... d6 *"
            .to_string(),
        "[Event \"a \\\"quoted\\\" \\\\ name\"]\n{comment} 1. d6 a4 2. d5 xa4".to_string(),
        game.record(),
        game.position().to_string(),
        "six .../.LD/..../..L/D.. L 4/4 0/0 - ; draw ; c2 b2 c5 e5".to_string(),
    ];
    for v in Variant::every() {
        texts.push(Position::new(v.rules()).to_string());
    }
    texts
}

#[test]
fn fixed_nasty_inputs() {
    let mut nasty: Vec<String> = [
        "",
        " ",
        "\n\n\t",
        "\0",
        "x",
        "-",
        "[",
        "]",
        "[]",
        "[\"\"]",
        "[A \"",
        "[A \"\\",
        "{",
        "}",
        "1.",
        "1...",
        "1-0",
        "1/2-1/2",
        "*",
        "x x x",
        "d6 xb4 xb4 xb4 xb4 xb4",
        "d6-d5xb4xe4xa1xa4",
        "é",
        "d6\u{301}",
        "ｄ６",
        "d6–d5",
        "💥",
        "\u{FEFF}d6",
        "nine:",
        "nine:=",
        "nine:pieces",
        "nine:pieces=",
        "nine:pieces=256",
        "nine:pieces=12,board=3x3",
        "nine:n-move=0",
        "nine:n-move=65536",
        "nine:endgame-draw=-1",
        "pieces=",
        "=on",
        "flying:on",
        "nine .../.../.../....../.../.../... L 255/255 65535/65535 -",
        "nine .../.../.../....../.../.../... L 9/9 0/0 L:a1-a1,L:a1-a4",
        "morabaraba .../.../.../....../.../.../LLL L 9/12 0/0 L:a1-a1",
        "morabaraba .../.../.../....../.../.../LLL L 9/12 0/0 L:a1-g7",
        "morabaraba:flying=off .../.../.../....../.../.../LLL L 9/12 0/0 L:a1-g7",
        "nine ///////// L 9/9 0/0 -",
        "nine ./././././././ L 9/9 0/0 -",
        "OOOOOOOO/OOOOOOOO/OOOOOOOO w p p 24 0 0 0 0 0 0 0 0 0 0 0 1",
        "********/********/******** w p p 0 4294967296 0 9 0 0 0 0 0 0 0 0 1",
        "********/********/******** w p p 0 300 0 9 0 0 0 0 0 0 0 0 1",
        "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 99999999 1",
        "[Result \"2-0\"]",
        "[Result \"1-0\"] 1-0",
        "[Result \"1/2-1/2\"] 0-1",
        "[Position \"nine .../.../.../....../.../.../... L 0/0 0/0 -\"]\n*",
    ]
    .iter()
    .map(|s| s.to_string())
    .collect();
    nasty.push("d6 ".repeat(30_000));
    nasty.push("[A \"".to_string() + &"x".repeat(100_000));
    nasty.push("x".repeat(2_000_000));
    nasty.push("d6-d5x".repeat(1000));
    nasty.push(format!("nine {}", "/".repeat(5000)));
    for text in &nasty {
        feed(text);
    }
}

#[test]
fn truncated_valid_texts() {
    for text in valid_texts() {
        feed(&text);
        for (i, _) in text.char_indices() {
            feed(&text[..i]);
            feed(&text[i..]);
        }
    }
}

/// Pieces that valid texts are made of, for random texts that get past the
/// first checks more often than random bytes do.
const TOKENS: &[&str] = &[
    "d6",
    "a1",
    "g7",
    "d4",
    "c3",
    "-",
    "x",
    "X",
    ":",
    "=",
    ",",
    "/",
    " ",
    "\n",
    "1.",
    "...",
    "L",
    "D",
    ".",
    "9",
    "0",
    "12",
    "nine",
    "three",
    "sotho",
    "morabaraba",
    "flying",
    "on",
    "off",
    "mill-takes",
    "each",
    "[",
    "]",
    "\"",
    "Variant",
    "FEN",
    "Position",
    "Result",
    "1-0",
    "*",
    "{",
    "}",
    "O",
    "@",
    "*",
    "w",
    "b",
    "p",
    "m",
    "r",
    "é",
];

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 512,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_bytes(bytes in prop::collection::vec(any::<u8>(), 0..300)) {
        feed(&String::from_utf8_lossy(&bytes));
    }

    #[test]
    fn random_strings(text in ".{0,120}") {
        feed(&text);
    }

    #[test]
    fn random_token_soup(tokens in prop::collection::vec(prop::sample::select(TOKENS), 0..40)) {
        feed(&tokens.concat());
    }

    #[test]
    fn mangled_valid_texts(
        which in any::<prop::sample::Index>(),
        at in any::<prop::sample::Index>(),
        insert in prop::sample::select(TOKENS),
        cut in 0usize..4,
    ) {
        let texts = valid_texts();
        let text = which.get(&texts);
        let bounds: Vec<usize> = text.char_indices().map(|(i, _)| i).chain([text.len()]).collect();
        let i = *at.get(&bounds);
        let j = bounds.iter().copied().find(|&b| b >= i + cut).unwrap_or(text.len());
        feed(&format!("{}{}{}", &text[..i], insert, &text[j..]));
        feed(&format!("{}{}", &text[..i], &text[j..]));
    }

    #[test]
    fn mangled_table_files(
        flat in any::<bool>(),
        at in any::<prop::sample::Index>(),
        byte in any::<u8>(),
        cut in 0usize..80,
    ) {
        let file = if flat { &TABLE_FILES.1 } else { &TABLE_FILES.0 };
        let mut bytes = file.clone();
        let i = at.index(bytes.len());
        bytes[i] = byte;
        feed_table(&bytes);
        bytes.truncate(bytes.len().saturating_sub(cut));
        feed_table(&bytes);
        feed_table(&file[..i]);
    }
}

/// Six Men's 3v3 table file, packed and flat.
static TABLE_FILES: std::sync::LazyLock<(Vec<u8>, Vec<u8>)> = std::sync::LazyLock::new(|| {
    let mut tb = morris_solver::Tablebase::new(Variant::Six.rules());
    let table = tb.solve(3, 3).unwrap();
    let mut flat = Vec::new();
    morris_solver::write_flat(table, &mut flat).unwrap();
    (morris_solver::write(table), flat)
});

/// A flat file in memory, as a disk.
#[derive(Debug)]
struct Disk(Vec<u8>);

impl morris_solver::EntrySource for Disk {
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> std::io::Result<()> {
        let bytes = usize::try_from(offset)
            .ok()
            .and_then(|at| self.0.get(at..at.checked_add(buf.len())?))
            .ok_or(std::io::ErrorKind::UnexpectedEof)?;
        buf.copy_from_slice(bytes);
        Ok(())
    }

    fn name(&self) -> String {
        "the fuzz input".into()
    }
}

/// Table file bytes, read into memory and opened as a flat file: no
/// panic, and a file that reads writes back to a file with its values.
fn feed_table(bytes: &[u8]) {
    let checked = morris_solver::check(bytes);
    if let Ok(table) = morris_solver::read(bytes) {
        assert_eq!(checked, Ok((*table.indexer().rules(), table.class())));
        let again = morris_solver::read(&morris_solver::write(&table)).unwrap();
        for i in (0..table.len() as u64).step_by(101) {
            assert_eq!(again.value(i), table.value(i));
        }
    }
    let len = bytes.len() as u64;
    let streamed = morris_solver::check_stream(&mut &bytes[..], len);
    if let Ok(table) = morris_solver::open_flat(std::sync::Arc::new(Disk(bytes.to_vec())), len) {
        // Opening checks the whole file, as `check_stream` does.
        assert_eq!(streamed, Ok(()));
        for i in (0..table.len() as u64).step_by(101) {
            assert!(table.value(i).is_some());
        }
        assert_eq!(table.fault(), None);
    }
}
