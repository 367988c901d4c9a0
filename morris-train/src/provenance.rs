//! Where a network comes from, written beside it: the commands, the data,
//! the tables' hashes, the figures; and the fixtures that pin its
//! integer inference to the trainer's floats.

use std::fmt::Write as _;
use std::io::Read;
use std::path::{Path, PathBuf};

use sha2::{Digest, Sha256};

use crate::model::FloatNet;
use crate::record::Record;
use crate::train::{float_centipawns, show, Settings, Trained};

/// The SHA-256 of a file, in hex.
pub fn sha256_file(path: &Path) -> std::io::Result<String> {
    let mut file = std::fs::File::open(path)?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 1 << 20];
    loop {
        let n = file.read(&mut buf)?;
        if n == 0 {
            break;
        }
        hasher.update(buf.get(..n).unwrap_or_default());
    }
    Ok(hex(&hasher.finalize()))
}

fn hex(bytes: &[u8]) -> String {
    bytes.iter().fold(String::new(), |mut s, b| {
        let _ = write!(s, "{b:02x}");
        s
    })
}

/// The commit of the checkout the command runs in, with `+changes` if
/// its files differ from it; `unknown` outside a git checkout.
pub fn git_commit() -> String {
    let run = |args: &[&str]| {
        std::process::Command::new("git")
            .args(args)
            .output()
            .ok()
            .filter(|o| o.status.success())
            .map(|o| String::from_utf8_lossy(&o.stdout).trim().to_string())
    };
    match run(&["rev-parse", "HEAD"]) {
        Some(commit) => {
            let changed =
                run(&["status", "--porcelain", "--untracked-files=no"]).is_some_and(|s| !s.is_empty());
            if changed {
                format!("{commit}+changes")
            } else {
                commit
            }
        }
        None => "unknown".to_string(),
    }
}

/// The command line this process was started with.
pub fn command_line() -> String {
    std::env::args().collect::<Vec<_>>().join(" ")
}

/// The provenance file of a network (`NET.nnue.md`).
pub fn network_notes(t: &Trained, s: &Settings, data: &[PathBuf], data_notes: &str, net: &Path) -> String {
    let net_bytes = t.net.to_bytes();
    let name = net
        .file_name()
        .map_or_else(String::new, |n| n.to_string_lossy().to_string());
    let mut md = String::new();
    let _ = writeln!(md, "# {name}\n");
    let _ = writeln!(
        md,
        "The learned evaluation of Nine's moving phase (morris-engine/src/net), made by morris-train.\n"
    );
    let _ = writeln!(md, "## Training\n");
    let _ = writeln!(md, "- command: `{}`", command_line());
    let _ = writeln!(md, "- git commit: {}", git_commit());
    let _ = writeln!(
        md,
        "- hidden {}, epochs {}, batch {}, seed {}, loss {:?}, symmetry augmentation {}, learning rate {} (cosine to a twentieth), AdamW",
        s.hidden, s.epochs, s.batch, s.seed, s.loss, s.augment, s.lr
    );
    let _ = writeln!(
        md,
        "- {}",
        match s.blended {
            Some(share) => format!(
                "trained blended: the loss saw {:.0} % of the network's logit and the rest of the hand-written evaluation's (eval / the file's scale), as the engine reads it",
                100.0 * share
            ),
            None => "trained alone: the loss saw the network's logit".to_string(),
        }
    );
    let hashes: Vec<String> = data
        .iter()
        .map(|d| sha256_file(d).unwrap_or_else(|e| format!("unreadable: {e}")))
        .collect();
    let _ = writeln!(
        md,
        "- data: {} positions ({} trained on, {} held out); SHA-256 {}",
        t.train_size + t.holdout.len(),
        t.train_size,
        t.holdout.len(),
        hashes.join(", ")
    );
    let _ = writeln!(
        md,
        "- network file: {} bytes, SHA-256 {}",
        net_bytes.len(),
        hex(&Sha256::digest(&net_bytes[..]))
    );
    let _ = writeln!(
        md,
        "- K (the hand-written evaluation's fitted scale) {:.1}; the file's scale {}",
        t.k,
        t.net.scale()
    );
    let _ = writeln!(md, "- time {:.0} s\n", t.seconds);
    let _ = writeln!(md, "## On the {} held-out positions\n", t.holdout.len());
    let what = if s.blended.is_some() {
        "the network blended with the hand-written evaluation"
    } else {
        "the network"
    };
    let _ = writeln!(md, "- {what}: {}", show(&t.after));
    let _ = writeln!(
        md,
        "- the hand-written evaluation, sigmoid(eval / K): {}",
        show(&t.baseline)
    );
    let _ = writeln!(md, "- {what}, before training: {}", show(&t.before));
    let _ = writeln!(
        md,
        "- the integer network against the float one: {:.2} hundredths of a piece apart at most, {:.2} on average\n",
        t.max_quantization_error, t.mean_quantization_error
    );
    let _ = writeln!(md, "## The data\n\n{data_notes}");
    md
}

/// The fixtures: `count` held-out positions, one a line, `POSITION ;
/// FLOAT ; INTEGER`: the float network's value (hundredths of a piece, two
/// decimals) and the integer network's ([`morris_engine::net::Network::evaluate`]).
pub fn fixtures(t: &Trained, float: &FloatNet, count: usize) -> String {
    let mut out = String::from(
        "# morris-train's fixtures: POSITION ; the float network's value ; the integer network's\n\
         # (hundredths of a piece, for the side to move), held-out positions of its data\n",
    );
    for r in t.holdout.iter().take(count) {
        let pos = r.position();
        let q = t.net.evaluate(&pos).unwrap_or_default();
        let _ = writeln!(out, "{pos} ; {:.2} ; {q}", float_centipawns(float, &t.net, &pos));
    }
    out
}

/// The data file's notes (`FILE.md`), as `morris-train data` wrote them;
/// empty if there are none.
pub fn data_notes(data: &Path) -> String {
    let mut path = data.as_os_str().to_owned();
    path.push(".md");
    std::fs::read_to_string(path).unwrap_or_default()
}

/// The positions and their results, in one line.
pub fn describe(records: &[Record]) -> String {
    let [w, d, l] = crate::data::shares(records);
    format!(
        "{} positions: {w} won, {d} drawn, {l} lost for the side to move",
        records.len()
    )
}
