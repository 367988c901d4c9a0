//! Perft: the number of move sequences of a given length, the standard
//! check of a move generator. One node per whole turn; a turn that closes
//! a mill counts once per legal choice of removals. Positions over by the
//! history-free rules have no children; repetition and counters are ignored.

use crate::{Move, Position};

/// The number of turn sequences of length `depth` from `pos`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut buffers = vec![Vec::with_capacity(128); depth as usize];
    walk(pos, depth, &mut buffers)
}

fn walk(pos: &Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves(),
        _ => {
            let Some((moves, rest)) = buffers.split_first_mut() else {
                return 0;
            };
            moves.clear();
            pos.generate(moves);
            moves.iter().map(|&m| walk(&pos.play(m), depth - 1, rest)).sum()
        }
    }
}

/// The perft count below each legal turn, in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| (m, perft(&pos.play(m), depth - 1)))
        .collect()
}
