#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::sync::Arc;

use morris_core::{Position, Variant};
use proptest::prelude::*;

use crate::net::{NetError, NetStack, Network, BUCKETS, INPUTS};

/// A network of made-up weights, the same for a seed, in the ranges a
/// trained one keeps.
pub(crate) fn made_up(hidden: usize, seed: u64) -> Network {
    let mut state = seed.wrapping_mul(6_364_136_223_846_793_005).wrapping_add(1);
    let mut next = |range: i32| {
        state = state
            .wrapping_mul(6_364_136_223_846_793_005)
            .wrapping_add(1_442_695_040_888_963_407);
        ((state >> 33) as i32).rem_euclid(2 * range + 1) - range
    };
    let w1 = (0..INPUTS * hidden).map(|_| next(200) as i16).collect();
    let b1 = (0..hidden).map(|_| next(100) as i16).collect();
    let w2 = (0..BUCKETS * 2 * hidden).map(|_| next(127) as i16).collect();
    let b2 = (0..BUCKETS).map(|_| next(5000)).collect();
    Network::from_parts(hidden, 300, w1, b1, w2, b2).unwrap()
}

/// The positions of a game played by picking the `pick`-th legal move
/// (modulo their number) at each turn, as far as `plies` or its end.
fn game(picks: &[usize]) -> Vec<Position> {
    let mut pos = Position::new(Variant::Nine.rules());
    let mut out = vec![pos];
    for &pick in picks {
        let moves = pos.legal_moves();
        let Some(&m) = moves.get(pick % moves.len().max(1)) else {
            break;
        };
        pos = pos.play(m);
        out.push(pos);
    }
    out
}

#[test]
fn a_network_survives_its_file() {
    let net = made_up(32, 7);
    let bytes = net.to_bytes();
    assert_eq!(Network::from_bytes(&bytes).unwrap(), net);
}

#[test]
fn a_damaged_file_is_refused_with_its_reason() {
    let bytes = made_up(16, 3).to_bytes();
    assert_eq!(Network::from_bytes(b"GIF89a..."), Err(NetError::Magic));
    let mut cut = bytes.clone();
    cut.truncate(bytes.len() - 100);
    assert!(matches!(Network::from_bytes(&cut), Err(NetError::Length { .. })));
    let mut flipped = bytes.clone();
    flipped[200] ^= 1;
    assert_eq!(Network::from_bytes(&flipped), Err(NetError::Checksum));
    let mut version = bytes.clone();
    version[8] = 9;
    assert_eq!(Network::from_bytes(&version), Err(NetError::Version(9)));
    let mut wide = bytes;
    wide[16..20].copy_from_slice(&100_000u32.to_le_bytes());
    assert!(matches!(Network::from_bytes(&wide), Err(NetError::Shape { .. })));
    assert!(Network::from_bytes(&[]).is_err());
    // An output weight the integer sums cannot take.
    let mut big = made_up(8, 2);
    big.w2[3] = 128;
    assert_eq!(
        Network::from_bytes(&big.to_bytes()),
        Err(NetError::OutputWeight(128))
    );
}

#[test]
fn it_values_only_the_moving_phase_of_standard_nine() {
    let net = made_up(8, 1);
    let start = Position::new(Variant::Nine.rules());
    assert_eq!(net.evaluate(&start), None, "pieces in hand");
    let six = Position::new(Variant::Six.rules());
    assert_eq!(net.evaluate(&six), None);
    let moving: Position = "nine L.L/.L./.L./LDD.DL/D../.../LDL L 0/0 3/0 -".parse().unwrap();
    assert!(net.evaluate(&moving).is_some());
}

#[test]
fn colours_swapped_give_the_same_value() {
    let net = made_up(24, 5);
    let light: Position = "nine L.L/.L./.L./LDD.DL/D../.../LDL L 0/0 3/0 -".parse().unwrap();
    let dark: Position = "nine D.D/.D./.D./DLL.LD/L../.../DLD D 0/0 0/3 -".parse().unwrap();
    assert_eq!(net.evaluate(&light), net.evaluate(&dark));
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Along any line of play, the accumulators updated from ply to ply
    /// give what a sum from scratch gives, whichever plies are evaluated.
    #[test]
    fn updated_accumulators_equal_fresh_ones(
        picks in proptest::collection::vec(0usize..64, 18..90),
        evaluated in proptest::collection::vec(any::<bool>(), 90),
    ) {
        let net = Arc::new(made_up(40, 11));
        let mut stack = NetStack::new(Arc::clone(&net));
        let line = game(&picks);
        for (ply, pos) in line.iter().enumerate() {
            stack.enter(ply, pos);
            if evaluated.get(ply).copied().unwrap_or(true) {
                prop_assert_eq!(stack.evaluate(ply, pos), net.evaluate(pos), "ply {} {}", ply, pos);
            }
        }
        // Back up the line and down another branch, as a search does.
        if line.len() > 20 {
            let branch = 19;
            let moves = line[branch - 1].legal_moves();
            for m in moves.iter().take(4) {
                let child = line[branch - 1].play(*m);
                stack.enter(branch, &child);
                prop_assert_eq!(stack.evaluate(branch, &child), net.evaluate(&child));
            }
        }
    }
}

#[cfg(feature = "learned")]
#[test]
fn the_search_evaluates_the_moving_phase_with_the_network() {
    use crate::{Limits, NoClock, Searcher};
    use morris_core::Game;
    use std::sync::atomic::AtomicBool;

    let net = Arc::new(made_up(48, 21));
    let pos: Position = "nine L.L/.L./.L./LDD.DL/D../.../LDL L 0/0 3/0 -".parse().unwrap();
    let game = Game::from_position(pos);
    // One ply deep, the root's score is the best of its children's values
    // as the search evaluates them with the network (blended with the
    // hand-written evaluation), seen from the root.
    let best_child = pos
        .legal_moves()
        .iter()
        .map(|&m| pos.play(m))
        .map(|child| match child.terminal() {
            Some(_) => None,
            None => net
                .evaluate(&child)
                .map(|_| -crate::evaluate_with(Some(&net), &child)),
        })
        .collect::<Option<Vec<i32>>>()
        .unwrap()
        .into_iter()
        .max()
        .unwrap();
    let mut searcher = Searcher::new(1);
    searcher.set_network(Some(Arc::clone(&net)));
    let stop = AtomicBool::new(false);
    let with_net = searcher.search_game(&game, Limits::depth(1), &NoClock, &stop, |_| {});
    assert_eq!(with_net.score, crate::Score::Value(best_child));
    searcher.set_network(None);
    let without = searcher.search_game(&game, Limits::depth(1), &NoClock, &stop, |_| {});
    assert_ne!(
        without.score, with_net.score,
        "the hand-written evaluation is back"
    );
}
