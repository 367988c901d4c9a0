//! The committed network (`morris-engine/nets/nine.nnue`) reads back and
//! gives, on its fixtures, the integer values the trainer wrote and values
//! near the trainer's floats.

#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::path::PathBuf;

use morris_core::Position;
use morris_engine::net::Network;

#[test]
fn the_committed_network_gives_its_fixtures_values() {
    let nets = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../morris-engine/nets");
    let net = Network::from_bytes(&std::fs::read(nets.join("nine.nnue")).unwrap()).unwrap();
    let fixtures = std::fs::read_to_string(nets.join("nine.fixtures")).unwrap();
    let mut seen = 0;
    for line in fixtures
        .lines()
        .filter(|l| !l.starts_with('#') && !l.trim().is_empty())
    {
        let fields: Vec<&str> = line.split(';').map(str::trim).collect();
        let pos: Position = fields[0].parse().unwrap();
        let float: f64 = fields[1].parse().unwrap();
        let integer: i32 = fields[2].parse().unwrap();
        let got = net.evaluate(&pos).unwrap();
        assert_eq!(got, integer, "{line}");
        // The integers stay within a sixth of a logit unit of the floats.
        assert!(
            (f64::from(got) - float).abs() <= f64::from(net.scale()) / 6.0,
            "{line}"
        );
        seen += 1;
    }
    assert_eq!(seen, 64);
}
