//! Running the built `morris` binary, shared by the CLI's test files.

use std::process::{Command, Output};

/// Runs `morris` with `args` and waits for it.
pub fn morris(args: &[&str]) -> Output {
    Command::new(env!("CARGO_BIN_EXE_morris"))
        .args(args)
        .output()
        .expect("the morris binary runs")
}

/// Stdout of a run that must succeed without a panic.
pub fn ok(args: &[&str]) -> String {
    let out = morris(args);
    let stderr = String::from_utf8_lossy(&out.stderr);
    assert!(out.status.success(), "morris {args:?} failed: {stderr}");
    assert!(!stderr.contains("panicked"), "morris {args:?}: {stderr}");
    String::from_utf8(out.stdout).unwrap()
}

/// Stderr of a run that must fail with one line, no panic and no output.
// Not every test file checks failures.
#[allow(dead_code)]
pub fn fails(args: &[&str]) -> String {
    let out = morris(args);
    let stderr = String::from_utf8(out.stderr).unwrap();
    assert!(!out.status.success(), "morris {args:?} succeeded");
    assert!(!stderr.contains("panicked"), "morris {args:?} panicked: {stderr}");
    assert_eq!(
        stderr.lines().count(),
        1,
        "morris {args:?}: not one line: {stderr}"
    );
    assert!(stderr.starts_with("morris: "), "morris {args:?}: {stderr}");
    assert!(out.stdout.is_empty(), "morris {args:?} wrote to stdout");
    stderr
}

/// The endgame tables the app serves (Nine's 3v3 among them).
// Not every test file reads tables.
#[allow(dead_code)]
pub fn app_tables() -> String {
    format!("{}/../app/static/tb", env!("CARGO_MANIFEST_DIR"))
}

/// A fresh folder for one test, removed when the test ends, passed or
/// failed.
#[allow(dead_code)]
pub fn scratch() -> tempfile::TempDir {
    tempfile::Builder::new().prefix("morris-test-").tempdir().unwrap()
}

/// `tb generate --up-to N` of a variant into `dir`: its report.
#[allow(dead_code)]
pub fn generate_up_to(variant: &str, most: u8, dir: &str) -> String {
    let most = most.to_string();
    ok(&[
        "tb",
        "generate",
        "--variant",
        variant,
        "--up-to",
        &most,
        "--out-dir",
        dir,
    ])
}

/// `tb book` of Six's `positions` file into `book`, from the tables in `dir`.
#[allow(dead_code)]
pub fn six_book_args<'a>(dir: &'a str, positions: &'a str, book: &'a str) -> Vec<&'a str> {
    vec![
        "tb",
        "book",
        "--variant",
        "six",
        "--table",
        dir,
        "--positions",
        positions,
        "--out",
        book,
    ]
}

/// `morris match` of `engine` against itself with `extra` options: its output.
#[allow(dead_code)]
pub fn self_match(engine: &str, extra: &[&str]) -> String {
    let mut args = vec!["match", "--engine1", engine, "--engine2", engine];
    args.extend_from_slice(extra);
    ok(&args)
}

/// Writes `text` to `name` in the folder `folder` of the target's
/// temporary folder, and returns its path.
// Not every test file writes files.
#[allow(dead_code)]
pub fn scratch_file(folder: &str, name: &str, text: &str) -> std::path::PathBuf {
    let dir = std::path::PathBuf::from(env!("CARGO_TARGET_TMPDIR")).join(folder);
    std::fs::create_dir_all(&dir).expect("the scratch folder is made");
    let path = dir.join(name);
    std::fs::write(&path, text).expect("the scratch file is written");
    path
}
