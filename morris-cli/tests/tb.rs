//! `morris tb generate`, `probe` and `game` as a user runs them, on the
//! small classes of Three and Six Men's Morris.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
use common::{fails, generate_up_to, morris, ok, scratch, scratch_file, six_book_args};

use morris_core::Variant;
use morris_solver::{Class, Numbering, Tablebase, Value};

fn said(v: Value) -> String {
    match v {
        Value::Win(n) => format!("win in {n}\n"),
        Value::Draw => "draw\n".to_string(),
        Value::Loss(n) => format!("loss in {n}\n"),
    }
}

/// `tb generate` of one class of a variant into `out`.
fn generate<'a>(variant: &'a str, class: &'a str, out: &'a str) -> Vec<&'a str> {
    vec![
        "tb",
        "generate",
        "--variant",
        variant,
        "--class",
        class,
        "--out",
        out,
    ]
}

#[test]
fn generate_then_probe_agrees_with_the_solver() {
    let scratch = scratch();
    let file = scratch.path().join("three-3v3.tb");
    let f = file.to_str().unwrap();
    let report = ok(&generate("three", "3v3", f));
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
fn a_faster_deflate_writes_a_larger_file_that_reads_the_same() {
    let scratch = scratch();
    let write = |name: &str, level: Option<&str>| {
        let file = scratch.path().join(name);
        let f = file.to_str().unwrap().to_string();
        let mut args = generate("six", "4v3", &f);
        args.extend(level.map(|l| ["--deflate-level", l]).into_iter().flatten());
        ok(&args);
        std::fs::read(&file).unwrap()
    };
    let best = write("best.tb", Some("9"));
    let fast = write("fast.tb", Some("1"));
    assert_eq!(write("default.tb", None), best, "the default is the best level");
    assert!(fast.len() > best.len(), "{} against {}", fast.len(), best.len());
    let values = |bytes: &[u8]| {
        let table = morris_solver::read(bytes).unwrap();
        (0..table.len() as u64)
            .map(|i| table.value(i))
            .collect::<Vec<_>>()
    };
    assert_eq!(values(&fast), values(&best));
    let f = scratch.path().join("ten.tb");
    let mut args = generate("six", "4v3", f.to_str().unwrap());
    args.extend(["--deflate-level", "10"]);
    fails(&args);
}

#[test]
fn changed_options_are_part_of_the_table() {
    let scratch = scratch();
    let file = scratch.path().join("three-flying-3v3.tb");
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
    let scratch = scratch();
    let file = scratch.path().join("three-good.tb");
    let f = file.to_str().unwrap();
    ok(&generate("three", "3v3", f));
    let bytes = std::fs::read(&file).unwrap();
    let pos = "three D.D/DL./LL. L 0/0 0/0 -";

    let cut = scratch.path().join("three-cut.tb");
    std::fs::write(&cut, &bytes[..bytes.len() / 2]).unwrap();
    assert!(
        fails(&["tb", "probe", "--table", cut.to_str().unwrap(), "--position", pos]).contains("truncated")
    );

    let flipped = scratch.path().join("three-flipped.tb");
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

    let other = scratch.path().join("not-a-table.tb");
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

    // A piece still in hand: the rest of the placing is solved instead.
    let placing = ok(&[
        "tb",
        "probe",
        "--table",
        f,
        "--position",
        "three L.L/.L./D.D D 0/1 0/0 -",
    ]);
    assert!(
        placing.starts_with("win\n1 of 4 moves keep it: b1\n"),
        "{placing}"
    );
    fails(&generate("three", "three", f));
    fails(&generate("three", "2v3", f));
    fails(&generate("three", "4v3", f));
    fails(&generate("nope", "3v3", f));
}

#[test]
fn a_folder_of_tables_answers_every_class_and_its_mirror() {
    let scratch = scratch();
    let dir = scratch.path().join("six-up-to-4");
    let d = dir.to_str().unwrap();
    let up_to_4 = || generate_up_to("six", 4, d);
    let report = up_to_4();
    assert!(report.contains("six 4v4: 1801800 positions"), "{report}");
    let mut names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    names.sort();
    assert_eq!(names, ["six-3v3.tb", "six-4v3.tb", "six-4v4.tb"]);

    // A 3v4 position is answered from the 4v3 file, as the solver says.
    let mut tb = Tablebase::new(Variant::Six.rules());
    tb.solve(3, 4).unwrap();
    let table = tb.table(Class::moving(3, 4)).unwrap();
    let file = dir.join("six-4v3.tb");
    let f = file.to_str().unwrap();
    let probes_agree = || {
        for i in (0..table.len() as u64).step_by(table.len() / 12) {
            let pos = table.indexer().position(i).unwrap();
            let text = pos.to_string();
            assert_eq!(
                ok(&["tb", "probe", "--table", f, "--position", &text]),
                said(tb.probe(&pos).unwrap()),
                "{text}"
            );
        }
    };
    probes_agree();
    // Run again, the tables are kept, not solved again.
    let again = up_to_4();
    assert_eq!(again.matches("kept").count(), 3, "{again}");
    // Without the last file, the kept ones stand in for what it reads, and
    // it comes out the same.
    let last = dir.join("six-4v4.tb");
    let before = std::fs::read(&last).unwrap();
    std::fs::remove_file(&last).unwrap();
    let third = up_to_4();
    assert_eq!(third.matches("kept").count(), 2, "{third}");
    assert_eq!(std::fs::read(&last).unwrap(), before);
    // A kept table that no class to come reads (4v4 here) is checked
    // whole, not read: one changed byte and it is solved again, the same.
    let mut broken = before.clone();
    let mid = broken.len() / 2;
    broken[mid] ^= 0x10;
    std::fs::write(&last, &broken).unwrap();
    let fourth = up_to_4();
    assert_eq!(fourth.matches("kept").count(), 2, "{fourth}");
    assert!(fourth.contains("six 4v4: "), "{fourth}");
    assert_eq!(std::fs::read(&last).unwrap(), before);
    // One class alone, reading what it needs from the folder: 4v4 reads
    // 4v3 (its removals' class) and solves nothing else.
    let alone = scratch.path().join("alone-4v4.tb");
    let a = alone.to_str().unwrap();
    let one = ok(&[&generate("six", "4v4", a)[..], &["--tables", d]].concat());
    assert!(one.contains("six 4v3: read "), "{one}");
    assert!(!one.contains("six 4v3: 2"), "solved 4v3 again: {one}");
    assert_eq!(std::fs::read(&alone).unwrap(), before);
    // A table there that is not good is an error, not solved past.
    let bad = scratch.path().join("bad");
    std::fs::create_dir(&bad).unwrap();
    std::fs::write(bad.join("six-4v3.tb"), b"MULINOTB but not a table").unwrap();
    let b = bad.to_str().unwrap();
    fails(&[&generate("six", "4v4", a)[..], &["--tables", b]].concat());
    // Made flat in place, the folder answers the same from the disk, and a
    // larger --up-to keeps its flat tables.
    let flat = ok(&["tb", "flat", d, "--out-dir", d]);
    assert_eq!(flat.matches(" bytes flat in ").count(), 3, "{flat}");
    let size = std::fs::metadata(&file).unwrap().len();
    assert!(size > table.len() as u64, "{} bytes", size);
    probes_agree();
    assert_eq!(up_to_4().matches("kept").count(), 3);
    // Three's table holds "wins in 0" (the mover's mill already on the
    // board), which the flat byte cannot say: refused, nothing written.
    let three = scratch.path().join("three-3v3.tb");
    let t = three.to_str().unwrap();
    ok(&generate("three", "3v3", t));
    let out_dir = scratch.path().join("three-flat");
    let err = fails(&["tb", "flat", t, "--out-dir", out_dir.to_str().unwrap()]);
    assert!(err.contains("does not fit the flat form"), "{err}");
    assert_eq!(std::fs::read_dir(&out_dir).unwrap().count(), 0);
    // Half a request is an error (--up-to alone is not: it writes into
    // $MORRIS_TABLES or the cache folder, see tests/tb_resume.rs).
    fails(&["tb", "generate", "--variant", "six", "--out-dir", d]);
    fails(&[
        "tb",
        "generate",
        "--variant",
        "six",
        "--up-to",
        "7",
        "--out-dir",
        d,
    ]);
}

/// A placing position is probed by solving the rest of the placing down
/// to the tables: its value and the moves that keep it.
#[test]
fn a_placing_position_is_solved_to_the_end_of_the_placing() {
    let scratch = scratch();
    let d = scratch.path().to_str().unwrap();
    generate_up_to("six", 6, d);
    let pos = "six .../.LD/..../..L/D.. L 4/4 0/0 -";
    let out = ok(&["tb", "probe", "--table", d, "--position", pos]);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(
        lines[..2],
        ["draw", "9 of 12 moves keep it: c2 b2 c5 e5 e3 e1 c1 a3 a5"],
        "{out}"
    );
    assert!(lines[2].ends_with(" positions visited"), "{out}");
    let err = fails(&["tb", "probe", "--table", d, "--position", pos, "--nodes", "1000"]);
    assert!(err.contains("needs more positions"), "{err}");
    // With 4v3 alone: the placing's end is not covered, nor is a 4v4
    // moving position.
    let small = scratch.path().join("six-4v3.tb");
    let small_fails = |position: &str| {
        fails(&[
            "tb",
            "probe",
            "--table",
            small.to_str().unwrap(),
            "--position",
            position,
        ])
    };
    let err = small_fails(pos);
    assert!(err.contains("has no table"), "{err}");
    let err = small_fails("six LL./LD./L.D./DD./... L 0/0 0/0 -");
    assert!(err.contains("no table holds the position's class 4v4"), "{err}");
}

/// `tb probe --positions FILE` probes a file of positions with the tables
/// loaded once: a placing position as a line of a placing book, any other
/// with its value, each as a single probe says; a bad line is named by its
/// number.
#[test]
fn a_file_of_positions_is_probed_line_by_line() {
    let scratch = scratch();
    let d = scratch.path().to_str().unwrap();
    generate_up_to("six", 6, d);
    let placing = "six .../.LD/..../..L/D.. L 4/4 0/0 -";
    let moving = "six LL./LD./L.D./DD./... L 0/0 0/0 -";
    let file = scratch_file(
        "probe-many",
        "positions.txt",
        &format!("# two positions\n{placing}\n\n{moving}\n"),
    );
    let file = file.to_str().unwrap();
    let out = ok(&["tb", "probe", "--table", d, "--positions", file]);
    let single = ok(&["tb", "probe", "--table", d, "--position", moving]);
    assert_eq!(
        out,
        format!(
            "{placing} ; draw ; c2 b2 c5 e5 e3 e1 c1 a3 a5\n{moving} ; {}\n",
            single.trim()
        )
    );
    // The placing line is a book line: the suite reads it.
    let book = scratch_file("probe-many", "out.book", out.lines().next().unwrap());
    let suite = ok(&["suite", book.to_str().unwrap(), "--nodes", "2000", "--tables", d]);
    assert!(suite.contains("of 1 at 2000 nodes"), "{suite}");

    // A file that cannot be probed fails before any probe, saying why.
    let refused = |name: &str, text: &str| {
        let file = scratch_file("probe-many", name, text);
        fails(&["tb", "probe", "--table", d, "--positions", file.to_str().unwrap()])
    };
    let err = refused("bad.txt", &format!("{placing}\nsix ../..\n"));
    assert!(err.contains("bad.txt:2:"), "{err}");
    let err = refused(
        "mixed.txt",
        &format!("{placing}\nthree .../.../... L 3/3 0/0 -\n"),
    );
    assert!(err.contains("mixed.txt:2: the rules"), "{err}");
    let err = refused("empty.txt", "# nothing\n");
    assert!(err.contains("holds no position"), "{err}");
    let err = fails(&["tb", "probe", "--table", d]);
    assert!(err.contains("--position"), "{err}");
    // A position of a class with no table is named, with its class, on
    // standard error; the next is still probed, and the run fails at the end.
    let small = scratch.path().join("six-4v3.tb");
    let four_three = "six LL./LD./L.D./.D./... L 0/0 0/0 -";
    let partly = scratch_file("probe-many", "partly.txt", &format!("{moving}\n{four_three}\n"));
    let run = morris(&[
        "tb",
        "probe",
        "--table",
        small.to_str().unwrap(),
        "--positions",
        partly.to_str().unwrap(),
    ]);
    let (stdout, stderr) = (
        String::from_utf8_lossy(&run.stdout),
        String::from_utf8_lossy(&run.stderr),
    );
    assert!(!run.status.success(), "{stderr}");
    let single = ok(&["tb", "probe", "--table", d, "--position", four_three]);
    assert_eq!(stdout, format!("{four_three} ; {}\n", single.trim()));
    assert!(
        stderr.contains(&format!(
            "partly.txt:1: {moving}: no table holds the position's class 4v4"
        )),
        "{stderr}"
    );
    assert!(stderr.contains("1 of 2 positions were not valued"), "{stderr}");
}

#[test]
fn a_whole_game_is_solved_from_the_empty_board() {
    let report = ok(&["tb", "game", "--variant", "three"]);
    assert!(
        report.contains("three from the empty board is a first-player win in 9 plies"),
        "{report}"
    );
    assert!(report.contains("3v3: 3360 positions"), "{report}");
}

/// `tb book` solves positions into a placing book, appends each as it is
/// solved, goes on where an earlier run stopped (even one cut short in the
/// middle of a line) and says which positions it could not solve.
#[test]
fn a_book_is_solved_from_the_tables_and_goes_on_where_it_stopped() {
    let scratch = scratch();
    let d = scratch.path().to_str().unwrap();
    generate_up_to("six", 6, d);
    let positions = scratch.path().join("positions.txt");
    std::fs::write(&positions, "# two Six openings\nd2 a1 c4 d4\nc5 d3 d2 e1\n").unwrap();
    let book = scratch.path().join("six.book");
    let (p, b) = (positions.to_str().unwrap(), book.to_str().unwrap());
    let run = |extra: &[&str]| {
        let args = [&six_book_args(d, p, b)[..], extra].concat();
        ok(&args)
    };
    let out = run(&[]);
    assert!(
        out.starts_with("2 positions: 0 in the book already, 2 to solve\n"),
        "{out}"
    );
    assert!(out.contains(": draw, 9 of 12 moves keep it ("), "{out}");
    assert!(out.ends_with(&format!("2 positions added to {b}\n")), "{out}");
    let text = std::fs::read_to_string(&book).unwrap();
    assert!(text.starts_with("# Mulino placing book"), "{text}");
    // The same answer as `tb probe` gives for the position.
    assert!(
        text.contains("six .../.LD/..../..L/D.. L 4/4 0/0 - ; draw ; c2 b2 c5 e5 e3 e1 c1 a3 a5\n"),
        "{text}"
    );
    assert_eq!(text.lines().count(), 3, "{text}");

    // One turn further: every reply, each once up to symmetry; the two
    // openings are not solved again.
    let out = run(&["--replies", "1", "--threads", "2"]);
    let first = out.lines().next().unwrap();
    let (total, rest) = first.split_once(" positions: 2 in the book already, ").unwrap();
    let total: usize = total.parse().unwrap();
    assert!(total > 10, "{out}");
    assert_eq!(rest, format!("{} to solve", total - 2), "{out}");
    let text = std::fs::read_to_string(&book).unwrap();
    assert_eq!(text.lines().count(), total + 1, "{text}");
    morris_engine::Book::parse(&text).unwrap();
    let out = run(&["--replies", "1"]);
    assert_eq!(
        out,
        format!("{total} positions: {total} in the book already, 0 to solve\n")
    );

    // A run cut short while writing its last line: the half line is
    // dropped and that position solved again.
    let cut = text.len() - 10;
    std::fs::write(&book, &text[..cut]).unwrap();
    let out = run(&["--replies", "1"]);
    assert!(out.starts_with("dropped an unfinished last line from "), "{out}");
    assert!(
        out.contains(&format!(
            "{total} positions: {} in the book already, 1 to solve",
            total - 1
        )),
        "{out}"
    );
    assert_eq!(std::fs::read_to_string(&book).unwrap(), text);

    // Without the tables the placing ends in, nothing is solved: each
    // position is reported, the book is unchanged, and the run fails.
    let small = scratch.path().join("six-4v3.tb");
    let other = scratch.path().join("other.book");
    let out = common::morris(&[
        "tb",
        "book",
        "--variant",
        "six",
        "--table",
        small.to_str().unwrap(),
        "--positions",
        p,
        "--out",
        other.to_str().unwrap(),
    ]);
    assert!(!out.status.success());
    let stdout = String::from_utf8(out.stdout).unwrap();
    assert_eq!(stdout.matches(": not solved: ").count(), 2, "{stdout}");
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(stderr.contains("2 of 2 positions were not solved"), "{stderr}");

    // Bad input is refused before anything is solved.
    let moving = scratch.path().join("moving.txt");
    std::fs::write(&moving, "six LL./LD./L.D./DD./... L 0/0 0/0 -\n").unwrap();
    let err = fails(&[
        "tb",
        "book",
        "--variant",
        "six",
        "--table",
        d,
        "--positions",
        moving.to_str().unwrap(),
        "--out",
        b,
    ]);
    assert!(err.contains("not in the placing phase"), "{err}");
    let err = fails(&["tb", "book", "--table", d, "--positions", p, "--out", b]);
    // Six's turns read as Nine's, the default.
    assert!(
        err.contains("line 2: ") && err.contains("is not a point of this board"),
        "{err}"
    );
    std::fs::write(&book, "six ... ; draw ; a1\n").unwrap();
    let err = fails(&six_book_args(d, p, b));
    assert!(err.contains("six.book: book line 1: "), "{err}");
}

#[test]
fn counts_give_every_position_and_each_class_of_symmetric_ones_per_side() {
    let report = ok(&["tb", "counts", "--table", "../app/static/tb/nine-3v3.tb"]);
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(lines.len(), 3, "{report}");
    // Three light and three dark pieces on 24 points: C(24,3) · C(21,3).
    let positions = 2024 * 1330;
    for (line, side) in lines.iter().zip(["light", "dark"]) {
        assert!(
            line.starts_with(&format!("nine 3v3, {side} to move: positions {positions} (")),
            "{line}"
        );
        let orbits: u64 = line
            .split("up to symmetry ")
            .nth(1)
            .and_then(|r| r.split(' ').next())
            .and_then(|n| n.parse().ok())
            .unwrap();
        // Sixteen symmetries: at least a sixteenth, fewer than all.
        assert!(orbits * 16 >= positions && orbits < positions / 8, "{line}");
    }
    // 3v3 is its own mirror: one ordered class, light to move, the first line's counts.
    let light = lines[0].split_once(": ").map(|(_, r)| r).unwrap_or_default();
    assert_eq!(lines[2], format!("1 ordered classes with light to move: {light}"));
    // 4v3 and 3v3: 4v3 and its mirror 3v4 with light to move, and 3v3.
    let two = ok(&[
        "tb",
        "counts",
        "--table",
        "../app/static/tb/nine-3v3.tb",
        "--table",
        "../app/static/tb/nine-4v3.tb",
    ]);
    let total = two.lines().last().unwrap_or_default();
    assert!(
        total.starts_with("3 ordered classes with light to move: positions "),
        "{two}"
    );
    let sum: u64 = two
        .lines()
        .filter(|l| !l.starts_with("nine 3v3, dark"))
        .take(3)
        .map(|l| {
            l.split("positions ")
                .nth(1)
                .and_then(|r| r.split(' ').next())
                .and_then(|n| n.parse::<u64>().ok())
                .unwrap_or(0)
        })
        .sum();
    assert!(total.contains(&format!("positions {sum} (")), "{two}");
    assert!(fails(&["tb", "counts", "--table", "no-such-folder"]).contains("no-such-folder"));
}

/// `tb wdl` writes a win/draw/loss file a fraction of the table's size,
/// which `tb wdl` then reads back and measures as it is, and `tb probe`
/// and the engine play from: the result, not the distance.
#[test]
fn wdl_writes_a_table_at_two_bits_an_entry_that_probes_and_the_engine_read() {
    let scratch = scratch();
    let dir = scratch.path().to_str().unwrap();
    let source = "../app/static/tb/nine-3v3.tb";
    let report = ok(&[
        "tb",
        "wdl",
        "--table",
        source,
        "--probes",
        "200",
        "--out-dir",
        dir,
    ]);
    let lines: Vec<&str> = report.lines().collect();
    assert_eq!(lines.len(), 4, "{report}");
    assert!(lines[1].starts_with("3v3 "), "{report}");
    let fields: Vec<u64> = lines[1]
        .split(' ')
        .skip(1)
        .take(3)
        .map(|f| f.parse().unwrap())
        .collect();
    let [entries, file, wdl] = fields[..] else {
        panic!("{report}")
    };
    // Two bits an entry before deflate: a quarter of a byte each, at most.
    assert!(wdl < entries / 4 && wdl < file, "{report}");
    let written = scratch.path().join("nine-3v3.wdl");
    assert_eq!(std::fs::metadata(&written).unwrap().len(), wdl);
    assert!(lines[2].starts_with("wrote "), "{report}");
    let w = written.to_str().unwrap();
    // Read back, checked and measured as it is; not written again.
    let again = ok(&["tb", "wdl", "--table", w, "--probes", "10"]);
    assert!(
        again
            .lines()
            .nth(1)
            .unwrap()
            .starts_with(&format!("3v3 {entries} {wdl} {wdl} ")),
        "{again}"
    );
    assert!(fails(&["tb", "wdl", "--table", w, "--out-dir", dir]).contains("already a win/draw/loss table"));
    // Light to move wins in 7 plies (tables.test.mjs): here only "win".
    let win_in_7 = "nine .D./DL./.../..L..L/.../.../.D. L 0/0 0/0 -";
    assert_eq!(
        ok(&["tb", "probe", "--table", source, "--position", win_in_7]),
        "win in 7\n"
    );
    assert_eq!(
        ok(&["tb", "probe", "--table", w, "--position", win_in_7]),
        "win\n"
    );
    // A folder with both: the table with distances answers.
    std::fs::copy(source, scratch.path().join("nine-3v3.tb")).unwrap();
    assert_eq!(
        ok(&["tb", "probe", "--table", dir, "--position", win_in_7]),
        "win in 7\n"
    );
    assert!(fails(&["tb", "wdl", "--table", source, "--block", "0"]).contains("--block"));
}

/// Rules the tables cannot hold (docs/tables.md, "Rule sets the solver
/// handles") are refused with the option and the reason, and nothing is
/// written; the §7 sets the solver handles are generated as usual.
#[test]
fn rules_the_solver_cannot_hold_are_refused() {
    let scratch = scratch();
    let file = scratch.path().join("refused.tb");
    let f = file.to_str().unwrap();
    let said = fails(&generate("one-time-mill", "3v3", f));
    assert!(said.contains("one-time-mill=on"), "{said}");
    assert!(said.contains("lines each side has used"), "{said}");
    assert!(!file.exists());
    let said = fails(&[
        "tb",
        "generate",
        "--variant",
        "twelve",
        "--set",
        "board-full=first-mover",
        "--class",
        "3v3",
        "--out",
        f,
    ]);
    assert!(said.contains("board-full=first-mover"), "{said}");
    assert!(!file.exists());
    let said = fails(&["tb", "game", "--variant", "cheng-san-qi"]);
    assert!(said.contains("placing-mill=mark"), "{said}");

    let seven = scratch.path().join("seven-3v3.tb");
    let report = ok(&generate("seven", "3v3", seven.to_str().unwrap()));
    assert!(report.contains("seven 3v3"), "{report}");
    let mut tb = Tablebase::new(Variant::Seven.rules());
    let table = tb.solve(3, 3).unwrap();
    let bytes = std::fs::read(&seven).unwrap();
    let read = morris_solver::read(&bytes).unwrap();
    assert_eq!(read.counts(), table.counts());
}
