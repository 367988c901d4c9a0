//! `morris tb generate` and `morris tb probe` as a user runs them, on the
//! small classes of Three Men's Morris.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
use common::{fails, ok};

use std::path::PathBuf;

use morris_core::solve::{Class, Tablebase, Value};
use morris_core::Variant;

/// A fresh file path for one test.
fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("morris-tb-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

fn said(v: Value) -> String {
    match v {
        Value::Win(n) => format!("win in {n}\n"),
        Value::Draw => "draw\n".to_string(),
        Value::Loss(n) => format!("loss in {n}\n"),
    }
}

#[test]
fn generate_then_probe_agrees_with_the_solver() {
    let file = temp("three-3v3.tb");
    let f = file.to_str().unwrap();
    let report = ok(&[
        "tb",
        "generate",
        "--variant",
        "three",
        "--class",
        "3v3",
        "--out",
        f,
    ]);
    assert!(report.contains("3360 positions"), "{report}");
    assert!(report.contains("wrote "), "{report}");

    let mut tb = Tablebase::new(Variant::Three.rules());
    let table = tb.solve(3, 3).unwrap().clone();
    // The first win, draw and loss of the table, and a few more.
    let mut picks = Vec::new();
    for want in 0..3 {
        let i = (0..table.len() as u64)
            .find(|&i| {
                matches!(
                    (want, table.value(i).unwrap()),
                    (0, Value::Win(_)) | (1, Value::Draw) | (2, Value::Loss(_))
                )
            })
            .unwrap();
        picks.push(i);
    }
    picks.extend((0..table.len() as u64).step_by(409));
    for i in picks {
        let pos = table.indexer().position(i).unwrap();
        let text = pos.to_string();
        let want = tb.probe(&pos).unwrap();
        assert_eq!(
            ok(&["tb", "probe", "--table", f, "--position", &text]),
            said(want),
            "{text}"
        );
    }
    assert_eq!(
        ok(&[
            "tb",
            "probe",
            "--table",
            f,
            "--position",
            "three D.D/DL./LL. L 0/0 0/0 -"
        ]),
        "win in 1\n"
    );
    assert!(tb.table(Class::moving(3, 3)).is_some());
}

#[test]
fn changed_options_are_part_of_the_table() {
    let file = temp("three-flying-3v3.tb");
    let f = file.to_str().unwrap();
    ok(&[
        "tb",
        "generate",
        "--variant",
        "three",
        "--set",
        "flying=on",
        "--class",
        "3v3",
        "--out",
        f,
    ]);
    let err = fails(&[
        "tb",
        "probe",
        "--table",
        f,
        "--position",
        "three D.D/DL./LL. L 0/0 0/0 -",
    ]);
    assert!(err.contains("three:flying=on"), "{err}");
    // With the option in the position text, the table answers.
    let out = ok(&[
        "tb",
        "probe",
        "--table",
        f,
        "--position",
        "three:flying=on D.D/DL./LL. L 0/0 0/0 -",
    ]);
    assert_eq!(out, "win in 1\n");
}

#[test]
fn bad_files_and_classes_are_errors() {
    let file = temp("three-good.tb");
    let f = file.to_str().unwrap();
    ok(&[
        "tb",
        "generate",
        "--variant",
        "three",
        "--class",
        "3v3",
        "--out",
        f,
    ]);
    let bytes = std::fs::read(&file).unwrap();
    let pos = "three D.D/DL./LL. L 0/0 0/0 -";

    let cut = temp("three-cut.tb");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    assert!(
        fails(&["tb", "probe", "--table", cut.to_str().unwrap(), "--position", pos]).contains("truncated")
    );

    let flipped = temp("three-flipped.tb");
    let mut bad = bytes.clone();
    let mid = bad.len() / 2;
    bad[mid] ^= 0x20;
    std::fs::write(&flipped, &bad).unwrap();
    assert!(fails(&[
        "tb",
        "probe",
        "--table",
        flipped.to_str().unwrap(),
        "--position",
        pos
    ])
    .contains("checksum"));

    let other = temp("not-a-table.tb");
    std::fs::write(&other, b"hello").unwrap();
    assert!(fails(&[
        "tb",
        "probe",
        "--table",
        other.to_str().unwrap(),
        "--position",
        pos
    ])
    .contains("not a table"));

    assert!(fails(&[
        "tb",
        "probe",
        "--table",
        f,
        "--position",
        "three L.L/.L./D.D D 0/1 0/0 -"
    ])
    .contains("no table"));
    fails(&[
        "tb",
        "generate",
        "--variant",
        "three",
        "--class",
        "three",
        "--out",
        f,
    ]);
    fails(&[
        "tb",
        "generate",
        "--variant",
        "three",
        "--class",
        "2v3",
        "--out",
        f,
    ]);
    fails(&[
        "tb",
        "generate",
        "--variant",
        "three",
        "--class",
        "4v3",
        "--out",
        f,
    ]);
    fails(&[
        "tb",
        "generate",
        "--variant",
        "nope",
        "--class",
        "3v3",
        "--out",
        f,
    ]);
}
