//! The accumulators along the search's path, updated from move to move.
//!
//! The search tells the stack the position at each ply it enters
//! ([`NetStack::enter`]); nothing is computed then. When a position is
//! evaluated, its accumulators are made from the nearest ply above it
//! whose accumulators are known, by adding and subtracting the columns of
//! the inputs that changed from ply to ply (a placement, a slide or a
//! flight and a removal change at most four), and kept: the next child of
//! the same parent starts from its parent's. Only the root, or a position
//! whose line above was never evaluated, is summed from scratch.

use std::sync::Arc;

use morris_core::{Bitboard, Color, Position};

use super::features::{count_input, piece_input, Owner};
use super::{add, bucket, sub, Network};
use crate::score::MAX_PLY;

/// One ply of the path: the pieces there and, once made, the accumulators
/// of both points of view (light's, then dark's).
#[derive(Clone, Copy, Debug, Default)]
struct Ply {
    pieces: [Bitboard; 2],
    made: bool,
}

/// The path's accumulators, for one search thread.
#[derive(Debug)]
pub struct NetStack {
    net: Arc<Network>,
    plies: Vec<Ply>,
    /// `MAX_PLY × 2 × hidden`: ply by ply, light's point of view first.
    acc: Vec<i16>,
}

fn side_index(c: Color) -> usize {
    match c {
        Color::Light => 0,
        Color::Dark => 1,
    }
}

impl NetStack {
    /// An empty path for `net`.
    pub fn new(net: Arc<Network>) -> NetStack {
        let h = net.hidden();
        NetStack {
            net,
            plies: vec![Ply::default(); MAX_PLY + 1],
            acc: vec![0; (MAX_PLY + 1) * 2 * h],
        }
    }

    /// The network the stack runs.
    pub fn network(&self) -> &Arc<Network> {
        &self.net
    }

    /// The search is at `pos`, `ply` plies below its root.
    #[inline]
    pub fn enter(&mut self, ply: usize, pos: &Position) {
        if let Some(p) = self.plies.get_mut(ply) {
            *p = Ply {
                pieces: [pos.pieces(Color::Light), pos.pieces(Color::Dark)],
                made: false,
            };
        }
    }

    /// The network's value of `pos`, the position entered at `ply`, for the
    /// side to move; `None` where the network does not apply.
    pub fn evaluate(&mut self, ply: usize, pos: &Position) -> Option<i32> {
        if !Network::applies(pos) || ply >= self.plies.len() {
            return None;
        }
        self.make(ply);
        let h = self.net.hidden();
        let at = ply * 2 * h;
        let both = self.acc.get(at..at + 2 * h)?;
        let (light, dark) = both.split_at(h);
        let (us, them) = match pos.turn() {
            Color::Light => (light, dark),
            Color::Dark => (dark, light),
        };
        Some(self.net.output(us, them, bucket(pos)))
    }

    /// Makes the accumulators of `ply` from the nearest made ply above it,
    /// step by step, so that every ply between is made too and the next
    /// position below any of them starts there; with no made ply above, the
    /// root's are summed from scratch first. (Summing only the evaluated
    /// ply from scratch would leave its parent unmade, and every sibling
    /// after it summed from scratch again.)
    fn make(&mut self, ply: usize) {
        if self.plies.get(ply).is_some_and(|p| p.made) {
            return;
        }
        let mut from = ply;
        while from > 0 && !self.plies.get(from).is_some_and(|p| p.made) {
            from -= 1;
        }
        if !self.plies.get(from).is_some_and(|p| p.made) {
            self.refresh(from);
        }
        for k in from + 1..=ply {
            self.step(k);
        }
    }

    /// Sums `ply`'s accumulators from scratch, from its pieces.
    fn refresh(&mut self, ply: usize) {
        let h = self.net.hidden();
        let at = ply * 2 * h;
        let Some(&Ply {
            pieces: [light_pieces, dark_pieces],
            ..
        }) = self.plies.get(ply)
        else {
            return;
        };
        if let Some(both) = self.acc.get_mut(at..at + 2 * h) {
            let (light, dark) = both.split_at_mut(h);
            self.net.accumulate_pieces(light_pieces, dark_pieces, light);
            self.net.accumulate_pieces(dark_pieces, light_pieces, dark);
        }
        if let Some(p) = self.plies.get_mut(ply) {
            p.made = true;
        }
    }

    /// Makes ply `k`'s accumulators from ply `k - 1`'s.
    fn step(&mut self, k: usize) {
        let h = self.net.hidden();
        let (Some(&before), Some(&after)) = (self.plies.get(k - 1), self.plies.get(k)) else {
            return;
        };
        let (above, below) = self.acc.split_at_mut(k * 2 * h);
        let (Some(parent), Some(child)) = (above.get((k - 1) * 2 * h..), below.get_mut(..2 * h)) else {
            return;
        };
        child.copy_from_slice(parent);
        let (light, dark) = child.split_at_mut(h);
        let mut changes = [(0usize, false); MOST_STEP];
        for (side, acc) in [(Color::Light, light), (Color::Dark, dark)] {
            let n = changed_inputs(&before, &after, side, &mut changes);
            for &(feature, added) in changes.get(..n).unwrap_or_default() {
                let start = feature * h;
                if let Some(column) = self.net.w1.get(start..start + h) {
                    if added {
                        add(acc, column);
                    } else {
                        sub(acc, column);
                    }
                }
            }
        }
        if let Some(p) = self.plies.get_mut(k) {
            p.made = true;
        }
    }
}

/// The most inputs of one point of view that [`NetStack::step`] changes:
/// every point's piece and both counts, twice (a turn changes at most
/// three pieces).
const MOST_STEP: usize = 2 * 24 + 4;

/// The inputs of `side`'s point of view that differ between two boards,
/// written to `out` as (input, set in `after`); how many.
fn changed_inputs(before: &Ply, after: &Ply, side: Color, out: &mut [(usize, bool); MOST_STEP]) -> usize {
    let (own, theirs) = (side_index(side), side_index(!side));
    let mut n = 0;
    let mut put = |change: (usize, bool)| {
        if let Some(slot) = out.get_mut(n) {
            *slot = change;
            n += 1;
        }
    };
    for (which, owner) in [(own, Owner::Own), (theirs, Owner::Opponent)] {
        let (b, a) = (before.pieces[which], after.pieces[which]);
        for p in Bitboard(b.0 & !a.0) {
            put((piece_input(owner, p.index()), false));
        }
        for p in Bitboard(a.0 & !b.0) {
            put((piece_input(owner, p.index()), true));
        }
        let (nb, na) = (b.count(), a.count());
        if nb != na {
            put((count_input(owner, nb), false));
            put((count_input(owner, na), true));
        }
    }
    n
}
