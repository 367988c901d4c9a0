//! The static evaluation: how good a position is for the side to move, in
//! hundredths of a piece, from the phase each side is in.
//!
//! Material counts pieces on the board and in hand. Lines are the rest:
//! closed mills, lines of two with a gap (and whether a piece can reach the
//! gap next turn, and whether the opponent can block it), and running mills,
//! a piece that slides back and forth closing a mill each time. In the
//! moving phase mobility matters most, since a side without a slide loses;
//! a side on three that flies turns every line of two into a threat.

use crate::{Bitboard, Phase, Position};

use super::params::{PhaseWeights, FLYING, LOW_MOBILITY, MOVING, PLACING};

/// The value of `pos` for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    let geo = pos.geometry();
    let us = pos.turn();
    let sides = [us, !us];
    let own = sides.map(|c| pos.pieces(c));
    let phase = sides.map(|c| pos.phase(c));
    let w = phase.map(weights);
    let empty = pos.empty();

    let mut score = [0i32; 2];
    let mut closable = [0u32; 2];
    for (s, &c) in sides.iter().enumerate() {
        score[s] = pos.material(c) as i32 * w[s].piece;
    }
    for &line in geo.mills() {
        for s in 0..2 {
            let n = (own[s] & line).count();
            if n == 3 {
                score[s] += w[s].mill;
                if phase[s] == Phase::Moving {
                    let (runs, free) = running(pos, own[s], line, own[1 - s], phase[1 - s]);
                    score[s] += w[s].running_mill * runs as i32 + w[s].free_running_mill * free as i32;
                }
            } else if n == 2 {
                let gap = empty & line;
                let Some(g) = gap.first() else {
                    continue;
                };
                score[s] += w[s].two;
                let near = geo.adjacent(g);
                let reach = |t: usize| phase[t] != Phase::Moving || (near & own[t]).minus(line).any();
                if reach(s) {
                    closable[s] += 1;
                    score[s] += w[s].closable;
                    if !reach(1 - s) && own[1 - s].any() {
                        score[s] += w[s].unblockable;
                    }
                }
            }
        }
    }

    for s in 0..2 {
        if phase[s] == Phase::Flying {
            continue;
        }
        let mut slides = 0;
        let mut blocked = 0;
        for p in own[s] {
            let n = (geo.adjacent(p) & empty).count() as i32;
            slides += n;
            blocked += i32::from(n == 0);
        }
        score[s] += slides * w[s].mobility - blocked * w[s].blocked_piece;
        if phase[s] == Phase::Moving {
            score[s] -= LOW_MOBILITY.get(slides as usize).copied().unwrap_or(0);
        }
    }
    let to_move = if closable[0] > 0 { w[0].mill_to_move } else { 0 };
    score[0] - score[1] + to_move
}

fn weights(phase: Phase) -> &'static PhaseWeights {
    match phase {
        Phase::Placing => &PLACING,
        Phase::Moving => &MOVING,
        Phase::Flying => &FLYING,
    }
}

/// How many pieces of the closed mill `line` of `own` can slide to a
/// neighbouring point and close another mill there; and how many of those
/// the opponent `opp` (in `opp_phase`) can neither block nor follow into
/// the point left behind: a mill that closes every other turn.
fn running(pos: &Position, own: Bitboard, line: Bitboard, opp: Bitboard, opp_phase: Phase) -> (u32, u32) {
    let geo = pos.geometry();
    let empty = pos.empty();
    let (mut n, mut free) = (0, 0);
    for p in line {
        let rest = own.without(p);
        let target = (geo.adjacent(p) & empty)
            .iter()
            .find(|&q| geo.closes_mill(rest.with(q), q));
        if let Some(q) = target {
            n += 1;
            let reach = (geo.adjacent(p) | geo.adjacent(q)) & opp;
            free += u32::from(opp_phase == Phase::Moving && reach.is_empty());
        }
    }
    (n, free)
}

/// Whether the side to move may have no turn at all (fewer than three,
/// a mill that won, no slide, full board): then the search asks the rules.
pub fn may_be_over(pos: &Position) -> bool {
    let us = pos.turn();
    if pos.material(us) < 3 || pos.material(!us) < 3 || pos.rules().mill_wins {
        return true;
    }
    let empty = pos.empty();
    if empty.is_empty() {
        return true;
    }
    match pos.phase(us) {
        Phase::Placing | Phase::Flying => false,
        Phase::Moving => {
            let geo = pos.geometry();
            !pos.pieces(us).iter().any(|p| (geo.adjacent(p) & empty).any())
        }
    }
}
