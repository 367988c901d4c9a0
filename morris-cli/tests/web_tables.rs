//! `morris tb web` and `tb web-check`: Nine's tables up to 4v4 as web
//! table files, split into parts, checked against the tables, kept when
//! whole and made again when not.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;

use std::path::Path;

use common::{fails, generate_up_to, ok, scratch};
use morris_core::{ByColor, Color, Position, Setup, Variant};
use morris_solver::{Class, Numbering, SymIndexer};

/// Every file the manifest of `dir` lists, and its bytes.
fn listed(dir: &Path) -> Vec<(String, u64)> {
    let text = std::fs::read_to_string(dir.join("manifest.json")).unwrap();
    let manifest = morris_solver::web::Manifest::parse(&text).unwrap();
    let mut files = Vec::new();
    for class in manifest.classes {
        for f in std::iter::once(class.index).chain(class.parts) {
            files.push((f.file, f.bytes));
        }
    }
    files
}

/// The text of `pos` with the colours exchanged: light's pieces are
/// dark's, and the other side moves.
fn mirrored(pos: &Position) -> String {
    let mut setup = Setup::start(*pos.rules());
    setup.pieces = ByColor::new(pos.pieces(Color::Dark), pos.pieces(Color::Light));
    setup.in_hand = ByColor::new(0, 0);
    setup.turn = !pos.turn();
    setup.to_string()
}

/// `tb web` into blocks of the fewest bytes and files of at most 8000.
fn small_parts(t: &str, w: &str) -> String {
    ok(&[
        "tb",
        "web",
        "--table",
        t,
        "--out-dir",
        w,
        "--block",
        "1024",
        "--max-file",
        "8000",
    ])
}

#[test]
fn web_files_are_made_split_checked_and_kept() {
    let tmp = scratch();
    let tables = tmp.path().join("tables");
    let web = tmp.path().join("web");
    let (t, w) = (tables.to_str().unwrap(), web.to_str().unwrap());
    generate_up_to("nine", 4, t);
    let made = small_parts(t, w);
    for class in ["3v3 420280 ", "4v3 1725960 ", "4v4 7335330 "] {
        assert!(made.lines().any(|l| l.starts_with(class)), "{class}: {made}");
    }
    assert!(made.contains("all 3 classes: 9481570 entries"), "{made}");
    let files = listed(&web);
    assert!(
        files.iter().filter(|(f, _)| f.starts_with("nine-4v3-")).count() > 2,
        "{files:?}"
    );
    for (file, bytes) in &files {
        assert!(*bytes <= 8000, "{file}: {bytes}");
        assert_eq!(std::fs::metadata(web.join(file)).unwrap().len(), *bytes);
    }
    let checked = ok(&["tb", "web-check", "--web", w, "--table", t, "--samples", "200000"]);
    assert!(
        checked.contains("every file has its size and SHA-256"),
        "{checked}"
    );
    // Each class by its share, rounded up.
    let all = checked.lines().last().unwrap();
    let compared: u64 = all.split(' ').nth(1).unwrap().parse().unwrap();
    assert!((200_000..200_004).contains(&compared), "{checked}");
    assert!(all.ends_with("entries of 3 classes equal"), "{checked}");

    // `tb probe` reads the folder too: positions of 4v3 and their
    // mirrors, as the tables with distances say, without the distance.
    let indexer = SymIndexer::new(Variant::Nine.rules(), Class::moving(4, 3)).unwrap();
    for i in (0..indexer.len()).step_by(400_000) {
        let pos = indexer.position(i).unwrap();
        for text in [pos.to_string(), mirrored(&pos)] {
            let exact = ok(&["tb", "probe", "--table", t, "--position", &text]);
            let said = ok(&["tb", "probe", "--table", w, "--position", &text]);
            assert_eq!(said.trim(), exact.split(' ').next().unwrap().trim(), "{text}");
        }
    }
    // And a file of positions: a line each, as from the tables; one of the
    // placing is named and the run fails, the others still written.
    let some: Vec<String> = (0..indexer.len())
        .step_by(1_000_000)
        .map(|i| indexer.position(i).unwrap().to_string())
        .collect();
    let list = tmp.path().join("positions.txt");
    std::fs::write(&list, some.join("\n")).unwrap();
    let (l, table_lines) = (
        list.to_str().unwrap(),
        ok(&["tb", "probe", "--table", t, "--positions", list.to_str().unwrap()]),
    );
    let wdl_only = |text: &str| {
        text.lines()
            .map(|x| x.split(" in ").next().unwrap().to_owned())
            .collect::<Vec<_>>()
    };
    assert_eq!(
        wdl_only(&ok(&["tb", "probe", "--table", w, "--positions", l])),
        wdl_only(&table_lines)
    );
    std::fs::write(
        &list,
        format!("{}\nnine LD./DL./.../....../.../.../... L 7/7 0/0 -\n", some[0]),
    )
    .unwrap();
    let run = common::morris(&["tb", "probe", "--table", w, "--positions", l]);
    let (said, err) = (
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr),
    );
    assert!(!run.status.success() && said.lines().count() == 1, "{said}");
    assert!(
        err.contains(":2: ") && err.contains("1 of 2 positions were not valued"),
        "{err}"
    );

    let manifest = std::fs::read(web.join("manifest.json")).unwrap();
    let again = small_parts(t, w);
    assert_eq!(again.matches(" kept\n").count(), 3, "{again}");
    assert_eq!(std::fs::read(web.join("manifest.json")).unwrap(), manifest);
}

#[test]
fn a_changed_part_is_found_and_made_again() {
    let tmp = scratch();
    let tables = tmp.path().join("tables");
    let web = tmp.path().join("web");
    let (t, w) = (tables.to_str().unwrap(), web.to_str().unwrap());
    generate_up_to("nine", 4, t);
    ok(&["tb", "web", "--table", t, "--out-dir", w]);
    let part = web.join("nine-4v3-0.wdlb");
    let mut bytes = std::fs::read(&part).unwrap();
    bytes[100] ^= 0x01;
    std::fs::write(&part, &bytes).unwrap();
    let err = fails(&["tb", "web-check", "--web", w, "--table", t]);
    assert!(
        err.contains("nine-4v3-0.wdlb") && err.contains("SHA-256"),
        "{err}"
    );
    let again = ok(&["tb", "web", "--table", t, "--out-dir", w]);
    assert_eq!(again.matches(" kept\n").count(), 2, "{again}");
    assert!(again.lines().any(|l| l.starts_with("4v3 ")), "{again}");
    // A table whose name a URL does not carry as it is names no web file.
    let odd = tmp.path().join("a table.tb");
    std::fs::copy(tables.join("nine-3v3.tb"), &odd).unwrap();
    let err = fails(&["tb", "web", "--table", odd.to_str().unwrap(), "--out-dir", w]);
    assert!(err.contains("letters, digits"), "{err}");
    let checked = ok(&["tb", "web-check", "--web", w, "--table", t, "--samples", "10000"]);
    assert!(checked.contains("of 3 classes equal"), "{checked}");
}
