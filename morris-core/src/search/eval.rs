//! The static evaluation: how good a position is for the side to move, in
//! hundredths of a piece, from the phase each side is in.
//!
//! Material counts pieces on the board and in hand. Lines are the rest:
//! closed mills, lines of two with a gap (and whether a piece can reach the
//! gap next turn, and whether the opponent can block it), and running mills,
//! a piece that slides back and forth closing a mill each time. In the
//! moving phase mobility matters most, since a side without a slide loses;
//! a side on three that flies turns every line of two into a threat.
//!
//! Mobility is counted three ways: slides (a piece and an empty neighbour),
//! liberties (empty points next to an own piece, each counted once: the
//! points the opponent must fill to block the side) and blocked pieces.
//! While placing, a piece on a junction (a point with more than two
//! neighbours) counts a little, and the three mobility terms count more
//! with every piece a side has placed: the slides it has when the placing
//! ends decide the moving phase.
//!
//! How much mobility is worth was read off ~800 recorded engine games: a
//! logistic fit of the result on the position when the placing ended gave
//! one piece ≈ 5 slides, and on a crowded board (15 or more pieces) one
//! piece ≈ 9 slides + 9 liberties; a side a piece up when the placing
//! ended scored *worse* on average (0.41 against 0.51 at equal material),
//! because the mill that won the piece had cost it its slides. The weights
//! before that fit (a piece = 20 slides) let the 1 s engine walk into
//! blockades against itself at 0.25 s: the side that moves first after
//! the placing (light) lost 16 of 55 games, 9 of them unable to move. The
//! present weights scored +215 ± 84 Elo against the old ones (22 wins,
//! 18 draws, no loss in 40 games at 250,000 nodes a move), and the later
//! placing ramp a further +41 ± 44 over 110 games.

use crate::{Bitboard, Phase, Position};

use super::params::{
    PhaseWeights, FLYING, LOW_MOBILITY, MOVING, PLACING, PLACING_JUNCTION, PLACING_LATE_BLOCKED,
    PLACING_LATE_LIBERTY, PLACING_LATE_MOBILITY,
};

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
        let mut liberties = Bitboard::EMPTY;
        for p in own[s] {
            let free = geo.adjacent(p) & empty;
            let n = free.count() as i32;
            liberties |= free;
            slides += n;
            blocked += i32::from(n == 0);
        }
        let (mobility, blocked_piece, liberty) = if phase[s] == Phase::Placing {
            placing_mobility(pos, sides[s])
        } else {
            (w[s].mobility, w[s].blocked_piece, w[s].liberty)
        };
        score[s] += slides * mobility - blocked * blocked_piece + liberties.count() as i32 * liberty;
        if phase[s] == Phase::Placing {
            let junctions: i32 = own[s].iter().map(|p| geo.adjacent(p).count() as i32 - 2).sum();
            score[s] += junctions * PLACING_JUNCTION;
        }
        if phase[s] == Phase::Moving {
            score[s] -= LOW_MOBILITY.get(slides as usize).copied().unwrap_or(0);
        }
    }
    let to_move = if closable[0] > 0 { w[0].mill_to_move } else { 0 };
    score[0] - score[1] + to_move
}

/// The mobility and blocked-piece weights of `c` while it places: they
/// grow from the placing weights towards `PLACING_LATE_*` with every piece
/// `c` has put on the board, since the slides a side has when the placing
/// ends decide the moving phase.
fn placing_mobility(pos: &Position, c: crate::Color) -> (i32, i32, i32) {
    let total = i32::from(pos.rules().pieces).max(1);
    let placed = total - i32::from(pos.in_hand(c));
    let ramp = |early: i32, late: i32| early + (late - early) * placed / total;
    (
        ramp(PLACING.mobility, PLACING_LATE_MOBILITY),
        ramp(PLACING.blocked_piece, PLACING_LATE_BLOCKED),
        ramp(PLACING.liberty, PLACING_LATE_LIBERTY),
    )
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
