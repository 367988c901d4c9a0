//! Move ordering: the best move first makes alpha-beta cut early.
//!
//! The order: the transposition-table move; turns that close a mill (the
//! removal that breaks an opposing line of two or frees an own line first);
//! turns that fill the gap of an opposing line of two (a block); the two
//! killer moves of the ply; then the history of quiet moves that cut off
//! elsewhere in the tree. A slide that steps out of a block loses points.

use morris_core::{Bitboard, Move, Position, MAX_POINTS};

use super::params::{HISTORY_MAX, ORDER_BLOCK, ORDER_KILLER, ORDER_MILL, ORDER_TT};
use super::score::MAX_PLY;

/// The "from" index of a placement in the history table.
const FROM_HAND: usize = MAX_POINTS;

type History = [[[i32; MAX_POINTS]; MAX_POINTS + 1]; 2];

/// What one node's lines look like, for ordering its moves.
#[derive(Clone, Copy, Debug)]
pub struct Lines {
    /// Empty points that would close an opposing mill.
    pub their_gaps: Bitboard,
    /// Opposing pieces in an opposing line of two with a gap.
    their_twos: Bitboard,
    /// Opposing pieces that fill the third point of an own line of two.
    their_blockers: Bitboard,
    /// Own pieces that fill the third point of an opposing line of two.
    our_blockers: Bitboard,
}

impl Lines {
    pub fn of(pos: &Position) -> Lines {
        let us = pos.turn();
        let own = pos.pieces(us);
        let opp = pos.pieces(!us);
        let empty = pos.empty();
        let mut l = Lines {
            their_gaps: Bitboard::EMPTY,
            their_twos: Bitboard::EMPTY,
            their_blockers: Bitboard::EMPTY,
            our_blockers: Bitboard::EMPTY,
        };
        for &line in pos.geometry().mills() {
            let (o, t, e) = ((own & line).count(), (opp & line).count(), (empty & line).count());
            if t == 2 && e == 1 {
                l.their_gaps |= empty & line;
                l.their_twos |= opp & line;
            } else if t == 2 && o == 1 {
                l.our_blockers |= own & line;
            } else if o == 2 && t == 1 {
                l.their_blockers |= opp & line;
            }
        }
        l
    }
}

/// Killers and history, kept across the nodes of a search.
#[derive(Debug)]
pub struct MoveOrder {
    killers: Vec<[Option<Move>; 2]>,
    history: Box<History>,
}

impl MoveOrder {
    pub fn new() -> MoveOrder {
        MoveOrder {
            killers: vec![[None; 2]; MAX_PLY + 1],
            history: Box::new([[[0; MAX_POINTS]; MAX_POINTS + 1]; 2]),
        }
    }

    /// Forgets everything (a new game).
    pub fn clear(&mut self) {
        self.killers.fill([None; 2]);
        *self.history = [[[0; MAX_POINTS]; MAX_POINTS + 1]; 2];
    }

    /// Before a search: killers are for this tree only, and old history fades.
    pub fn new_search(&mut self) {
        self.killers.fill([None; 2]);
        for h in self.history.iter_mut().flatten().flatten() {
            *h /= 2;
        }
    }

    #[inline]
    fn history_slot(&mut self, side: usize, m: Move) -> Option<&mut i32> {
        let from = m.from().map_or(FROM_HAND, |p| p.index());
        self.history.get_mut(side)?.get_mut(from)?.get_mut(m.to().index())
    }

    #[inline]
    fn history(&self, side: usize, m: Move) -> i32 {
        let from = m.from().map_or(FROM_HAND, |p| p.index());
        self.history
            .get(side)
            .and_then(|h| h.get(from))
            .and_then(|h| h.get(m.to().index()))
            .copied()
            .unwrap_or(0)
    }

    /// Scores `moves` into `scores`, highest first to be searched.
    pub fn score(
        &self,
        pos: &Position,
        lines: &Lines,
        moves: &[Move],
        tt: Option<usize>,
        ply: usize,
        scores: &mut Vec<i32>,
    ) {
        let geo = pos.geometry();
        let us = pos.turn();
        let own = pos.pieces(us);
        let empty = pos.empty();
        let side = us.index();
        let killers = self.killers.get(ply).copied().unwrap_or([None; 2]);
        scores.clear();
        scores.extend(moves.iter().enumerate().map(|(i, &m)| {
            if Some(i) == tt {
                return ORDER_TT;
            }
            let to = m.to();
            let rest = m.from().map_or(own, |f| own.without(f));
            if m.removals().any() || geo.closes_mill(rest.with(to), to) {
                let mut value = 0;
                for r in m.removals() {
                    value += 3000 * i32::from(lines.their_twos.contains(r))
                        + 2000 * i32::from(lines.their_blockers.contains(r))
                        + 100 * (geo.adjacent(r) & empty).count() as i32;
                }
                return ORDER_MILL + value + 10_000 * i32::from(lines.their_gaps.contains(to));
            }
            let leaves_block = m.from().is_some_and(|f| lines.our_blockers.contains(f));
            let penalty = if leaves_block { HISTORY_MAX } else { 0 };
            if lines.their_gaps.contains(to) {
                return ORDER_BLOCK + self.history(side, m) - penalty;
            }
            if killers[0] == Some(m) {
                return ORDER_KILLER + 2;
            }
            if killers[1] == Some(m) {
                return ORDER_KILLER + 1;
            }
            self.history(side, m) - penalty
        }));
    }

    /// A quiet move `best` cut off at `ply`; `tried` are the quiet moves
    /// searched before it without a cutoff.
    pub fn on_cutoff(&mut self, side: usize, ply: usize, depth: i32, best: Move, tried: &[Move]) {
        if let Some(k) = self.killers.get_mut(ply) {
            if k[0] != Some(best) {
                k[1] = k[0];
                k[0] = Some(best);
            }
        }
        let bonus = (depth * depth).min(HISTORY_MAX / 4);
        let update = |h: &mut i32, b: i32| *h += b - *h * b.abs() / HISTORY_MAX;
        if let Some(h) = self.history_slot(side, best) {
            update(h, bonus);
        }
        for &m in tried {
            if let Some(h) = self.history_slot(side, m) {
                update(h, -bonus);
            }
        }
    }
}

/// Marks a move as searched in the scores.
const PICKED: i32 = i32::MIN;

/// The index of the best-scored move not yet picked, which is then marked
/// picked (selection sort, one step per move searched; the list keeps its
/// generated order, so an index names a move in the transposition table).
#[inline]
pub fn pick(scores: &mut [i32]) -> Option<(usize, i32)> {
    let mut best = None;
    let mut best_score = PICKED;
    for (i, &s) in scores.iter().enumerate() {
        if s > best_score {
            best = Some(i);
            best_score = s;
        }
    }
    let i = best?;
    if let Some(s) = scores.get_mut(i) {
        *s = PICKED;
    }
    Some((i, best_score))
}
