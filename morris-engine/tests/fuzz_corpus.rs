//! The fuzz targets' seed corpora (`fuzz/corpus/<target>/`): valid inputs
//! of every kind, so the fuzzer starts deep in each parser instead of at
//! its first byte. They are made here, from the library itself, so they
//! stay valid: this test fails when a committed seed is no longer what the
//! library makes, and `MULINO_WRITE_FUZZ_CORPUS=1 cargo test -p
//! morris-engine --test fuzz_corpus` writes them again.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::BTreeMap;
use std::path::{Path, PathBuf};

use morris_core::{BoardKind, Color, Game, Position, Variant};
use morris_engine::{Book, Wdl};
use morris_solver::{Tablebase, FORMAT_VERSION};

/// A small, fixed random number generator: the same seeds on every run.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((self.0 >> 33) % n.max(1) as u64) as usize
    }
}

/// A game of `plies` random legal turns (fewer if it ends).
fn played(variant: Variant, plies: usize, rng: &mut Lcg) -> Game {
    let mut game = Game::new(variant.rules());
    for _ in 0..plies {
        if game.outcome().is_some() {
            break;
        }
        let moves = game.position().legal_moves();
        if moves.is_empty() {
            break;
        }
        game.play(moves[rng.next(moves.len())]).unwrap();
    }
    game
}

/// A position as a Sanmill FEN (the 24-point boards; the inverse of
/// `from_sanmill_fen`).
fn sanmill_fen(pos: &Position) -> String {
    let mut rings = String::new();
    for i in 0..24u8 {
        if i > 0 && i % 8 == 0 {
            rings.push('/');
        }
        let point = morris_core::Point::new(i).unwrap();
        rings.push(if pos.pieces(Color::Light).contains(point) {
            'O'
        } else if pos.pieces(Color::Dark).contains(point) {
            '@'
        } else {
            '*'
        });
    }
    let side = if pos.turn() == Color::Light { 'w' } else { 'b' };
    let placing = pos.placements_left() > 0;
    let (phase, action) = if placing { ('p', 'p') } else { ('m', 's') };
    let count = |c: Color| pos.pieces(c).count();
    format!(
        "{rings} {side} {phase} {action} {} {} {} {} 0 0 0 0 0 0 0 {} 1",
        count(Color::Light),
        pos.in_hand(Color::Light),
        count(Color::Dark),
        pos.in_hand(Color::Dark),
        pos.quiet_plies()
    )
}

/// A built `table_file` input (see that target): variant, class, shape,
/// no wrong field, the byte to change, then the payload.
fn built_table_input(variant: u8, class: [u8; 4], shape: u8, payload: &[u8]) -> Vec<u8> {
    let mut input = vec![variant];
    input.extend_from_slice(&class);
    input.push(shape);
    if shape & 4 != 0 {
        input.push(8);
    }
    input.push(0);
    input.extend_from_slice(&0x0123_4567_89ab_cdefu64.to_le_bytes());
    input.extend_from_slice(payload);
    input
}

/// Every seed: target, file name, bytes.
fn seeds() -> BTreeMap<(String, String), Vec<u8>> {
    let mut out = BTreeMap::new();
    let mut put = |target: &str, name: String, bytes: Vec<u8>| {
        out.insert((target.to_string(), name), bytes);
    };
    let mut rng = Lcg(2026);
    // Every variant, the world's sets of docs/RULES.md §7 too (their
    // removal-only turns, markers, used lines and removals due).
    for variant in Variant::every() {
        let rules = variant.rules();
        let name = rules.to_string();
        put("rules", name.clone(), name.clone().into_bytes());
        let mut with = rules;
        with.flying = !with.flying;
        put("rules", format!("{name}-flying"), with.to_string().into_bytes());
        put(
            "rules",
            format!("{name}-pairs"),
            format!("pieces={}, flying=off, mill-takes=each, n-move=40", rules.pieces).into_bytes(),
        );
        for (k, plies) in [0, 6, 20, 60].into_iter().enumerate() {
            let game = played(variant, plies, &mut rng);
            let pos = *game.position();
            put(
                "position_text",
                format!("{name}-{k}"),
                pos.to_string().into_bytes(),
            );
            let fen = sanmill_fen(&pos);
            let imports = matches!(rules.board, BoardKind::Mill | BoardKind::MillDiagonals)
                && morris_core::from_sanmill_fen(&fen, rules).is_ok();
            if imports {
                put("sanmill_fen", format!("{name}-{k}"), fen.into_bytes());
            }
            let moves = pos.legal_moves();
            if let Some(&m) = moves.iter().find(|m| !m.removals().is_empty()).or(moves.first()) {
                put("move_text", format!("{name}-{k}"), pos.notation(m).into_bytes());
            }
            if plies > 0 {
                let record = game.record();
                put("record", format!("{name}-{k}"), record.clone().into_bytes());
                put(
                    "record_file",
                    format!("{name}-{k}"),
                    format!("{record}\n{record}").into_bytes(),
                );
            }
            let index = Variant::every().position(|v| v == variant).unwrap() as u8;
            let mut play = vec![index, k as u8 * 37, 0, k as u8];
            play.extend((0..64).map(|_| rng.next(256) as u8));
            put("play", format!("{name}-{k}"), play);
        }
    }
    // Moves of the positions the move_text target resolves against.
    for (k, text) in [
        "nine L../.../DDD/.DLD../.../LL./..L L 4/4 0/0 -",
        "nine:mill-takes=each L../..L/DDD/.D..L./.../LL./... L 4/4 0/0 -",
        "morabaraba .DD/.D./.../.LL.../..D/.../LLL D 0/0 0/0 L:a1-a4",
    ]
    .into_iter()
    .enumerate()
    {
        let pos: Position = text.parse().unwrap();
        for (j, m) in pos.legal_moves().into_iter().step_by(5).take(4).enumerate() {
            put(
                "move_text",
                format!("fixed-{k}-{j}"),
                pos.notation(m).into_bytes(),
            );
        }
    }
    // A book of placing positions of Six and Nine, with any legal moves
    // kept (the parser does not check values).
    let mut book = Book::new();
    for (variant, plies) in [
        (Variant::Six, 4),
        (Variant::Six, 7),
        (Variant::Nine, 9),
        (Variant::Nine, 12),
    ] {
        let pos = *played(variant, plies, &mut rng).position();
        let keep: Vec<_> = pos.legal_moves().into_iter().take(3).collect();
        book.insert(&pos, [Wdl::Win, Wdl::Draw, Wdl::Loss][plies % 3], &keep)
            .unwrap();
    }
    let text = book.to_text();
    for (k, line) in text.lines().enumerate() {
        put("book", format!("line-{k}"), format!("{line}\n").into_bytes());
    }
    put(
        "book",
        "all".into(),
        format!("# a placing book\n\n{text}").into_bytes(),
    );

    // Table files: Three's and Six's 3v3 packed, Six's and Nine's 3v3
    // flat, Nine's 3v3 packed as the app serves it, and built inputs of
    // each encoding.
    let mut three = Tablebase::new(Variant::Three.rules());
    put(
        "table_file",
        "three-3v3.tb".into(),
        morris_solver::write(three.solve(3, 3).unwrap()),
    );
    let mut six = Tablebase::new(Variant::Six.rules());
    let six33 = six.solve(3, 3).unwrap();
    put("table_file", "six-3v3.tb".into(), morris_solver::write(six33));
    let mut flat = Vec::new();
    morris_solver::write_flat(six33, &mut flat).unwrap();
    put("table_file", "six-3v3-flat.tb".into(), flat);
    let nine = std::fs::read(root().join("app/static/tb/nine-3v3.tb")).unwrap();
    let nine33 = morris_solver::read(&nine).unwrap();
    put("table_file", "nine-3v3.tb".into(), nine);
    let mut flat = Vec::new();
    morris_solver::write_flat(&nine33, &mut flat).unwrap();
    put("table_file", "nine-3v3-flat.tb".into(), flat);
    let payload: Vec<u8> = (0..64u8).map(|b| b % 9).collect();
    for (name, variant, shape) in [
        ("three-stored", 1, 0),
        ("three-deflate", 1, 1),
        ("six-flat", 2, 2),
        ("six-stored-8", 2, 4),
    ] {
        put(
            "table_file",
            format!("built-{name}"),
            built_table_input(variant, [3, 3, 0, 0], shape, &payload),
        );
    }
    // Web table files of Nine's 3v3: its block index and a manifest.
    let web = morris_solver::web::write_web(&nine33, &morris_solver::web::WebOptions::default()).unwrap();
    let index = web.index.to_bytes();
    let manifest = morris_solver::web::Manifest {
        format: morris_solver::web::MANIFEST_FORMAT.into(),
        version: morris_solver::web::WEB_VERSION,
        rules: "nine".into(),
        classes: vec![morris_solver::web::ManifestClass {
            class: "3v3".into(),
            entries: web.index.entries(),
            blocks: web.index.blocks() as u64,
            block_bytes: web.index.block_bytes().into(),
            index: morris_solver::web::ManifestFile::of("nine-3v3.wdli", &index),
            parts: vec![morris_solver::web::ManifestFile::of(
                "nine-3v3-0.wdlb",
                &web.parts[0],
            )],
        }],
    };
    put("web_tables", "nine-3v3.wdli".into(), index);
    put(
        "web_tables",
        "manifest.json".into(),
        manifest.to_json().into_bytes(),
    );
    assert_eq!(
        FORMAT_VERSION, 2,
        "the table seeds are of format version 2: write them again"
    );
    out
}

fn root() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("..")
}

#[test]
fn the_fuzz_seeds_are_what_the_library_makes() {
    let corpus = root().join("fuzz/corpus");
    let seeds = seeds();
    let total: usize = seeds.values().map(Vec::len).sum();
    assert!(total < 2 << 20, "{total} bytes of seeds");
    if std::env::var_os("MULINO_WRITE_FUZZ_CORPUS").is_some() {
        let _ = std::fs::remove_dir_all(&corpus);
        for ((target, name), bytes) in &seeds {
            let dir = corpus.join(target);
            std::fs::create_dir_all(&dir).unwrap();
            std::fs::write(dir.join(name), bytes).unwrap();
        }
    }
    let mut committed = BTreeMap::new();
    for target in std::fs::read_dir(&corpus).unwrap() {
        let target = target.unwrap().path();
        for file in std::fs::read_dir(&target).unwrap() {
            let file = file.unwrap().path();
            let key = |p: &Path| p.file_name().unwrap().to_string_lossy().into_owned();
            committed.insert((key(&target), key(&file)), std::fs::read(&file).unwrap());
        }
    }
    let names = |m: &BTreeMap<(String, String), Vec<u8>>| m.keys().cloned().collect::<Vec<_>>();
    assert_eq!(
        names(&committed),
        names(&seeds),
        "run MULINO_WRITE_FUZZ_CORPUS=1 cargo test -p morris-engine --test fuzz_corpus"
    );
    for (key, bytes) in &seeds {
        assert!(
            committed.get(key) == Some(bytes),
            "{key:?} differs from the committed seed"
        );
    }
}

/// Each kind of seed is valid for its target: they start where the fuzzer
/// should, past the syntax.
#[test]
fn the_fuzz_seeds_are_valid() {
    for ((target, name), bytes) in seeds() {
        let text = String::from_utf8_lossy(&bytes);
        let valid = match target.as_str() {
            "position_text" => text.parse::<Position>().is_ok(),
            "move_text" => text.parse::<morris_core::MoveText>().is_ok(),
            "record" | "record_file" => text
                .split("\n[")
                .next()
                .is_some_and(|r| r.parse::<morris_core::Record>().is_ok()),
            "rules" => {
                text.parse::<morris_core::Rules>().is_ok()
                    || text
                        .split(", ")
                        .all(|p| morris_core::Rules::default().apply(p).is_ok())
            }
            "sanmill_fen" => {
                let pos = morris_core::from_sanmill_fen(&text, Variant::Nine.rules())
                    .or_else(|_| morris_core::from_sanmill_fen(&text, Variant::Twelve.rules()))
                    .or_else(|_| morris_core::from_sanmill_fen(&text, Variant::Morabaraba.rules()))
                    .or_else(|_| morris_core::from_sanmill_fen(&text, Variant::Lasker.rules()));
                pos.is_ok()
            }
            "book" => Book::parse(&text).is_ok(),
            "table_file" => name.starts_with("built-") || morris_solver::check(&bytes).is_ok(),
            "web_tables" => {
                morris_solver::web::BlockIndex::parse(&bytes).is_ok()
                    || morris_solver::web::Manifest::parse(&text).is_ok()
            }
            _ => true,
        };
        assert!(valid, "{target}/{name}: {text}");
    }
}
