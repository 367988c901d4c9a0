//! `morris tb generate --up-to` as a long job: its output off a terminal
//! (one line a class, no bars), the place it keeps its tables in, and a
//! run cut short (by --max-classes, mid-write, or killed) that the next run
//! finishes, skipping the classes done, into the same files.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

mod common;
use common::{fails, generate_up_to, scratch};

use std::collections::BTreeMap;
use std::path::Path;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

/// `morris` with `args`, in an environment of its own: no $MORRIS_TABLES
/// or cache folder of the user's, unless `env` sets them.
fn morris_with(args: &[&str], env: &[(&str, &Path)]) -> Command {
    let mut cmd = Command::new(env!("CARGO_BIN_EXE_morris"));
    cmd.args(args)
        .env_remove("MORRIS_TABLES")
        .env_remove("XDG_CACHE_HOME")
        .env_remove("LOCALAPPDATA")
        .env_remove("MORRIS_PROGRESS");
    for (name, value) in env {
        cmd.env(name, value);
    }
    cmd
}

/// `tb generate` of Six's classes up to `most` pieces into `dir`.
fn six_up_to<'a>(most: &'a str, dir: &'a str) -> [&'a str; 8] {
    [
        "tb",
        "generate",
        "--variant",
        "six",
        "--up-to",
        most,
        "--out-dir",
        dir,
    ]
}

/// Stdout of a run that must succeed, with nothing on stderr.
fn quiet_ok(out: Output) -> String {
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "failed: {stderr}");
    assert!(stderr.is_empty(), "stderr off a terminal: {stderr:?}");
    String::from_utf8(out.stdout).unwrap()
}

/// The files of a folder and their bytes.
fn files(dir: &Path) -> BTreeMap<String, Vec<u8>> {
    std::fs::read_dir(dir)
        .unwrap()
        .map(|e| {
            let e = e.unwrap();
            (
                e.file_name().to_string_lossy().into_owned(),
                std::fs::read(e.path()).unwrap(),
            )
        })
        .collect()
}

/// Off a terminal the report is what it was: per class solved one line
/// of figures and one of the file written, per class kept one line, then
/// the total; no bar, no carriage return, nothing on stderr.
#[test]
fn off_a_terminal_the_output_is_one_line_a_class() {
    let scratch = scratch();
    let dir = scratch.path().join("six");
    let d = dir.to_str().unwrap();
    let args = six_up_to("4", d);
    let first = quiet_ok(morris_with(&args, &[]).output().unwrap());
    let lines: Vec<&str> = first.lines().collect();
    assert_eq!(lines.len(), 7, "{first}");
    for (k, class) in ["3v3", "4v3", "4v4"].iter().enumerate() {
        assert!(
            lines[2 * k].starts_with(&format!("six {class}: ")) && lines[2 * k].contains(" positions in "),
            "{first}"
        );
        let file = format!("six-{class}.tb");
        assert!(
            lines[2 * k + 1].starts_with("wrote ") && lines[2 * k + 1].ends_with(&file),
            "{first}"
        );
    }
    assert!(lines[6].ends_with(" bytes in all"), "{first}");
    assert!(!first.contains(['\r', '\x1b']), "{first:?}");
    // Kept: one line a class, saying it is skipped.
    let again = quiet_ok(morris_with(&args, &[]).output().unwrap());
    let lines: Vec<&str> = again.lines().collect();
    assert_eq!(lines.len(), 4, "{again}");
    assert!(lines[..3]
        .iter()
        .all(|l| l.contains(": kept ") && l.ends_with("solved before: skipped")));
}

/// --max-classes stops a run after so many classes solved; the next run
/// skips them (and removes what a run cut short mid-write left), solves
/// the rest, and the folder ends as one run from nothing leaves it.
#[test]
fn a_run_stopped_goes_on_where_it_stopped() {
    let scratch = scratch();
    let whole = scratch.path().join("whole");
    generate_up_to("six", 4, whole.to_str().unwrap());
    let dir = scratch.path().join("cut");
    let d = dir.to_str().unwrap();
    let run = |more: &[&str]| {
        let args = [&six_up_to("4", d)[..], more].concat();
        quiet_ok(morris_with(&args, &[]).output().unwrap())
    };
    let first = run(&["--max-classes", "2"]);
    assert!(
        first.contains("six 3v3: ") && first.contains("six 4v3: "),
        "{first}"
    );
    assert!(
        first.ends_with("stopped after 2 classes solved, as --max-classes says: 1 of 3 classes left; run again to go on\n"),
        "{first}"
    );
    assert_eq!(
        files(&dir).keys().collect::<Vec<_>>(),
        ["six-3v3.tb", "six-4v3.tb"]
    );
    // A run killed while it wrote 4v4's file left part of it.
    std::fs::write(dir.join("six-4v4.tb.part"), b"MULINOTB half").unwrap();
    let second = run(&["--max-classes", "2"]);
    assert_eq!(second.matches("solved before: skipped").count(), 2, "{second}");
    assert!(second.contains("removed ") && second.contains("six-4v4.tb.part, left by a run cut short"));
    assert!(
        second.contains("six 4v4: ") && second.ends_with(" bytes in all\n"),
        "{second}"
    );
    assert_eq!(files(&dir), files(&whole));
    // Nothing left to do: every class skipped, even with --max-classes 0.
    let third = run(&["--max-classes", "0"]);
    assert_eq!(third.matches("solved before: skipped").count(), 3, "{third}");
    // --max-classes belongs to --up-to.
    fails(&[
        "tb",
        "generate",
        "--variant",
        "six",
        "--class",
        "3v3",
        "--out",
        d,
        "--max-classes",
        "1",
    ]);
}

/// A run killed at any moment (here once the first table is written)
/// leaves only whole tables under their names; the next run finishes into
/// the same files as a run never killed.
#[test]
fn a_run_killed_is_finished_by_the_next() {
    let scratch = scratch();
    let whole = scratch.path().join("whole");
    generate_up_to("six", 5, whole.to_str().unwrap());
    let dir = scratch.path().join("killed");
    let d = dir.to_str().unwrap();
    let args = six_up_to("5", d);
    let mut child = morris_with(&args, &[])
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap();
    let started = Instant::now();
    while !dir.join("six-3v3.tb").exists() && started.elapsed() < Duration::from_secs(60) {
        std::thread::sleep(Duration::from_millis(5));
    }
    let _ = child.kill();
    let _ = child.wait();
    let left = files(&dir);
    assert!(left.contains_key("six-3v3.tb"), "{:?}", left.keys());
    for (name, bytes) in &left {
        if let Some(whole_bytes) = files(&whole).get(name) {
            assert_eq!(bytes, whole_bytes, "{name} is not whole");
        } else {
            assert!(name.ends_with(".tb.part"), "{name}");
        }
    }
    let done = left.keys().filter(|n| n.ends_with(".tb")).count();
    let rerun = quiet_ok(morris_with(&args, &[]).output().unwrap());
    assert_eq!(rerun.matches("solved before: skipped").count(), done, "{rerun}");
    assert_eq!(files(&dir), files(&whole));
}

/// Without --out-dir the tables go to $MORRIS_TABLES, else to
/// mulino/tables in the user's cache folder, and the run says where.
#[test]
fn the_tables_are_kept_in_a_known_place() {
    let scratch = scratch();
    let args = ["tb", "generate", "--variant", "three", "--up-to", "3"];
    let named = scratch.path().join("named");
    let out = quiet_ok(morris_with(&args, &[("MORRIS_TABLES", &named)]).output().unwrap());
    assert!(
        out.starts_with(&format!("tables in {}\n", named.display())),
        "{out}"
    );
    assert!(named.join("three-3v3.tb").is_file());
    let home = scratch.path().join("home");
    let out = quiet_ok(morris_with(&args, &[("HOME", &home)]).output().unwrap());
    let cache = home.join(".cache").join("mulino").join("tables");
    assert!(
        out.starts_with(&format!("tables in {}\n", cache.display())),
        "{out}"
    );
    assert_eq!(files(&cache), files(&named));
    let xdg = scratch.path().join("xdg");
    let out = quiet_ok(
        morris_with(&args, &[("HOME", &home), ("XDG_CACHE_HOME", &xdg)])
            .output()
            .unwrap(),
    );
    assert!(!out.contains("solved before"), "{out}");
    assert_eq!(files(&xdg.join("mulino").join("tables")), files(&named));
}
