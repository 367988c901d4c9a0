//! What the network sees of a position: for each side's point of view,
//! its own pieces, the opponent's, and how many each has.
//!
//! Inputs, seen by `side` (the side to move or the other):
//!
//! | inputs | meaning |
//! | --- | --- |
//! | 0 … 23 | `side`'s piece on point *i* (morris-core's point index) |
//! | 24 … 47 | the opponent's piece on point *i* |
//! | 48 … 57 | `side` has *n* pieces on the board (one of them, *n* = 0 … 9) |
//! | 58 … 67 | the opponent has *n* pieces on the board |
//!
//! Every input is 0 or 1 and a position has at most 20 of them set, so the
//! first layer is a sum of a few columns: the accumulator.

use morris_core::{Bitboard, Color, Position};

/// Points of Nine's board.
pub const POINTS: usize = 24;
/// The most pieces a side has on Nine's board.
const MOST: usize = 9;
/// Inputs of one point of view.
pub const INPUTS: usize = 2 * POINTS + 2 * (MOST + 1);
/// The most inputs set at once: 18 pieces and two counts.
pub const MOST_ACTIVE: usize = 2 * MOST + 2;
/// Output buckets: the output layer is chosen by the pieces on the board
/// (6–7, 8–9, …, 18: the fewer pieces, the more each counts).
pub const BUCKETS: usize = 7;

/// Whose piece or count an input is, from the point of view that sees it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Owner {
    Own,
    Opponent,
}

/// The input of a piece of `owner` on the point of index `point`.
pub fn piece_input(owner: Owner, point: usize) -> usize {
    match owner {
        Owner::Own => point,
        Owner::Opponent => POINTS + point,
    }
}

/// The input of `owner` having `pieces` pieces on the board.
pub fn count_input(owner: Owner, pieces: u32) -> usize {
    let n = (pieces as usize).min(MOST);
    match owner {
        Owner::Own => 2 * POINTS + n,
        Owner::Opponent => 2 * POINTS + MOST + 1 + n,
    }
}

/// The inputs set in `pos` seen by `side`, in increasing order; how many
/// were written to `out`.
pub fn active(pos: &Position, side: Color, out: &mut [u16; MOST_ACTIVE]) -> usize {
    active_of(pos.pieces(side), pos.pieces(!side), out)
}

/// The inputs set for a point of view whose own pieces are `own` and the
/// opponent's `theirs`, in increasing order; how many were written.
pub fn active_of(own: Bitboard, theirs: Bitboard, out: &mut [u16; MOST_ACTIVE]) -> usize {
    let mut n = 0;
    let mut put = |feature: usize| {
        if let Some(slot) = out.get_mut(n) {
            *slot = feature as u16;
            n += 1;
        }
    };
    for p in own {
        put(piece_input(Owner::Own, p.index()));
    }
    for p in theirs {
        put(piece_input(Owner::Opponent, p.index()));
    }
    put(count_input(Owner::Own, own.count()));
    put(count_input(Owner::Opponent, theirs.count()));
    n
}

/// The output bucket of `pos`: 0 for six or seven pieces on the board, up
/// to 6 for eighteen.
pub fn bucket(pos: &Position) -> usize {
    let pieces = pos.occupied().count() as usize;
    (pieces.saturating_sub(6) / 2).min(BUCKETS - 1)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use crate::net::features::{active, bucket, INPUTS, MOST_ACTIVE};
    use morris_core::{Color, Position};

    #[test]
    fn each_side_sees_its_own_pieces_first() {
        let pos: Position = "nine L.L/.L./.L./LDD.DL/D../.../LDL L 0/0 3/0 -".parse().unwrap();
        let mut white = [0u16; MOST_ACTIVE];
        let mut black = [0u16; MOST_ACTIVE];
        let nw = active(&pos, Color::Light, &mut white);
        let nb = active(&pos, Color::Dark, &mut black);
        let (light, dark) = (
            pos.pieces(Color::Light).count() as usize,
            pos.pieces(Color::Dark).count() as usize,
        );
        assert_eq!((nw, nb), (light + dark + 2, light + dark + 2));
        // Light's pieces are light's own inputs and dark's opponent's.
        let seen_by_dark: Vec<u16> = black[dark..dark + light].iter().map(|f| f - 24).collect();
        assert_eq!(&white[..light], &seen_by_dark[..]);
        assert_eq!(usize::from(white[nw - 2]), 48 + light);
        assert_eq!(usize::from(black[nb - 1]), 58 + light);
        assert!(white[..nw].iter().all(|&f| usize::from(f) < INPUTS));
        assert!(white[..nw].windows(2).all(|w| w[0] < w[1]));
        assert!(bucket(&pos) < crate::net::features::BUCKETS);
    }
}
