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
