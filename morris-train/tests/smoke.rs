//! The whole path on the app's small tables (Nine 3v3 … 6v3): data, a
//! tiny network trained a few epochs, its file read back by the engine,
//! and the suites kept out of the data.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;
use std::time::Duration;

use morris_core::{Bitboard, ByColor, Color, Position, Variant};
use morris_engine::net::Network;
use morris_engine::{Tablebases, Wdl};
use morris_solver::Symmetries;
use morris_train::data::{generate, Generated, Job};
use morris_train::exclude::Excluded;
use morris_train::fit::Figures;
use morris_train::games::Plan;
use morris_train::model::Loss;
use morris_train::rng::Rng;
use morris_train::train::{float_centipawns, train, Settings};

fn app_tables() -> Tablebases {
    let dir = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../app/static/tb");
    morris_train::tables::load(&[dir]).unwrap().0
}

/// Moving positions of the classes the app's tables hold (5v4, 6v3 and
/// 4v4, either side to move), drawn at random: games from these stay
/// within the tables.
fn starts() -> Vec<Position> {
    let mut rng = Rng::new(11);
    let mut out = Vec::new();
    for (a, b) in [(5, 4), (6, 3), (4, 4), (3, 5), (3, 6)] {
        for _ in 0..4 {
            let mut points: Vec<usize> = (0..24).collect();
            rng.shuffle(&mut points);
            let set = |ps: &[usize]| Bitboard(ps.iter().fold(0, |acc, &p| acc | 1 << p));
            let (light, dark) = (set(&points[..a]), set(&points[a..a + b]));
            let turn = if rng.chance(0.5) {
                Color::Light
            } else {
                Color::Dark
            };
            let pos = Position::from_parts_unchecked(
                Variant::Nine.rules(),
                ByColor::new(light, dark),
                ByColor::new(0, 0),
                turn,
            );
            if pos.terminal().is_none() {
                out.push(pos);
            }
        }
    }
    out
}

fn data(tables: &Tablebases, positions: usize, threads: usize, excluded: &Excluded) -> Generated {
    let plan = Plan {
        starts: starts(),
        moving_nodes: vec![300],
        moving_plies: 40,
        hash_mb: 1,
        ..Plan::default()
    };
    let job = Job {
        tables,
        plan: &plan,
        positions,
        seed: 3,
        threads,
        excluded,
    };
    generate(&job, Duration::from_secs(3600), &mut std::io::sink())
}

#[test]
fn a_tiny_network_learns_the_small_tables_and_the_engine_reads_it() {
    let tables = app_tables();
    let made = data(&tables, 3_000, 2, &Excluded::new());
    assert!(made.records.len() > 2_500, "{} positions", made.records.len());
    for r in &made.records {
        let pos = r.position();
        assert!(Network::applies(&pos));
        assert_eq!(tables.probe(&pos).map(Wdl::from), Some(r.result));
    }
    let settings = Settings {
        hidden: 16,
        epochs: 3,
        seed: 1,
        batch: 128,
        holdout: 0.1,
        loss: Loss::Bce,
        augment: true,
        lr: 0.005,
        blended: None,
    };
    let t = train(&made.records, &settings, &mut std::io::sink()).unwrap();
    assert!(t.after.bce < t.before.bce, "{:?} then {:?}", t.before, t.after);
    let read = Network::from_bytes(&t.net.to_bytes()).unwrap();
    assert_eq!(read, t.net);
    // The integers follow the floats within a twentieth of a logit unit.
    let tolerance = 0.05 * f64::from(read.scale());
    for r in &t.holdout {
        let pos = r.position();
        let q = f64::from(read.evaluate(&pos).unwrap());
        let f = float_centipawns(&t.float, &read, &pos);
        assert!((q - f).abs() <= tolerance, "{pos}: {q} against {f:.2}");
    }
    assert!(t.max_quantization_error <= tolerance);
}

#[test]
fn a_suite_position_and_its_images_are_kept_out_of_the_data() {
    let tables = app_tables();
    let before = data(&tables, 300, 1, &Excluded::new());
    assert_eq!(before.excluded, 0);
    // A rotation or reflection of a position the data holds, as a suite line.
    let kept_out = before.records[40];
    let syms = Symmetries::of(Variant::Nine.rules().geometry());
    let image = Position::from_parts_unchecked(
        Variant::Nine.rules(),
        ByColor::new(
            syms.map(5, Bitboard(kept_out.light)),
            syms.map(5, Bitboard(kept_out.dark)),
        ),
        ByColor::new(0, 0),
        kept_out.turn,
    );
    assert_ne!(image.pieces(Color::Light).0, kept_out.light);
    let mut excluded = Excluded::new();
    excluded
        .add_suite(&format!("# a suite\n{image} ; draw ; a1\n"), "suite.book")
        .unwrap();
    let after = data(&tables, 300, 1, &excluded);
    assert_eq!(after.excluded, 1);
    assert!(!after.records.contains(&kept_out));
    // The same seed plays the same games: the rest is as before.
    let rest: Vec<_> = before.records.iter().filter(|r| **r != kept_out).collect();
    assert_eq!(rest, after.records.iter().take(rest.len()).collect::<Vec<_>>());
}

/// Trained blended, the network learns what the hand-written evaluation
/// misses: the blend the engine reads is right more often than that
/// evaluation alone, on positions neither saw.
#[test]
fn a_network_trained_blended_improves_the_hand_written_evaluation() {
    let tables = app_tables();
    let made = data(&tables, 3_000, 2, &Excluded::new());
    let settings = Settings {
        hidden: 16,
        epochs: 4,
        seed: 1,
        batch: 128,
        holdout: 0.1,
        loss: Loss::Bce,
        augment: false,
        lr: 0.005,
        blended: Some(0.5),
    };
    let t = train(&made.records, &settings, &mut std::io::sink()).unwrap();
    assert!(t.after.bce < t.before.bce, "{:?} then {:?}", t.before, t.after);
    assert!(
        t.after.bce < t.baseline.bce,
        "the blend {:?} against the hand-written evaluation {:?}",
        t.after,
        t.baseline
    );
    // What was measured is the blend: half the network's logit, half the
    // hand-written evaluation over the file's scale (its fitted one).
    assert_eq!(f64::from(t.net.scale()), t.k.round());
    let targets: Vec<f32> = t.holdout.iter().map(|r| r.target()).collect();
    let logit = |r: &morris_train::record::Record| f64::from(t.float.logit(&r.position()));
    let blend = Figures::of(
        t.holdout
            .iter()
            .map(|r| 0.5 * logit(r) + 0.5 * f64::from(r.eval) / t.k.round()),
        &targets,
    );
    let alone = Figures::of(t.holdout.iter().map(logit), &targets);
    assert!(
        (blend.bce - t.after.bce).abs() < 1e-4,
        "{blend:?} against {:?}",
        t.after
    );
    assert!(
        (alone.bce - t.after.bce).abs() > 1e-3,
        "the network alone {alone:?}"
    );
}

#[test]
fn two_data_files_are_trained_on_together() {
    let tables = app_tables();
    let made = data(&tables, 400, 1, &Excluded::new());
    let dir = std::env::temp_dir().join(format!("morris-train-two-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let (a, b) = made.records.split_at(150);
    let (file_a, file_b, net) = (dir.join("a.data"), dir.join("b.data"), dir.join("two.nnue"));
    morris_train::record::write(&file_a, a).unwrap();
    morris_train::record::write(&file_b, b).unwrap();
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_morris-train"))
        .args([
            "train", "--hidden", "8", "--epochs", "1", "--batch", "64", "--data",
        ])
        .arg(&file_a)
        .arg("--data")
        .arg(&file_b)
        .arg("--out")
        .arg(&net)
        .output()
        .unwrap();
    assert!(out.status.success(), "{}", String::from_utf8_lossy(&out.stderr));
    let printed = String::from_utf8_lossy(&out.stdout);
    assert!(
        printed.contains(&format!("{} positions:", made.records.len())),
        "{printed}"
    );
    let notes = std::fs::read_to_string(dir.join("two.nnue.md")).unwrap();
    let data_line = notes.lines().find(|l| l.starts_with("- data:")).unwrap();
    let hashes = data_line.split("SHA-256 ").nth(1).unwrap_or_default();
    assert_eq!(hashes.split(", ").count(), 2, "both files' SHA-256: {data_line}");
    assert!(Network::from_bytes(&std::fs::read(&net).unwrap()).is_ok());
    std::fs::remove_dir_all(&dir).unwrap();
}
