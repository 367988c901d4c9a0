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
//! [`terms`] counts, [`Terms::value`] weighs with the numbers of `params`:
//! the evaluation is their product and nothing else, so `morris eval` can
//! show it term by term and dump the counts of recorded games to fit the
//! weights.
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

use morris_core::{Bitboard, Color, Phase, Position};

use super::params::{
    PhaseWeights, FLYING, LOW_MOBILITY, MOVING, PLACING, PLACING_JUNCTION, PLACING_LATE_BLOCKED,
    PLACING_LATE_LIBERTY, PLACING_LATE_MOBILITY,
};

/// What the evaluation counts for one side, before any weight: the
/// numbers [`Terms::value`] multiplies by the weights of `params`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SideTerms {
    /// The side's phase, which picks its weights.
    pub phase: Phase,
    /// Pieces on the board and in hand.
    pub material: i32,
    /// Pieces put on the board so far (of `Rules::pieces`).
    pub placed: i32,
    /// Closed mills.
    pub mills: i32,
    /// Running mills: pieces of a closed mill that can slide into another
    /// mill (counted in the moving phase only).
    pub running: i32,
    /// ... that the opponent can neither block nor follow.
    pub free_running: i32,
    /// Lines of two with an empty third point.
    pub twos: i32,
    /// ... whose gap an own piece can reach next turn.
    pub closable: i32,
    /// ... and no opposing piece can reach to block.
    pub unblockable: i32,
    /// Legal slides (not counted when flying).
    pub slides: i32,
    /// Pieces with no empty neighbour (not counted when flying).
    pub blocked: i32,
    /// Empty points next to an own piece, each once (not counted when flying).
    pub liberties: i32,
    /// Extra neighbours beyond two of the points the side holds (counted
    /// while placing only).
    pub junctions: i32,
}

/// The evaluation's terms for both sides, the side to move first.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Terms {
    pub sides: [SideTerms; 2],
    /// Pieces each side has in all (`Rules::pieces`).
    pub pieces: i32,
}

/// The value of `pos` for the side to move.
pub fn evaluate(pos: &Position) -> i32 {
    terms(pos).value()
}

/// What the evaluation of `pos` counts, before the weights.
pub fn terms(pos: &Position) -> Terms {
    let us = pos.turn();
    let pieces = i32::from(pos.rules().pieces);
    Terms {
        sides: [side_terms(pos, us, pieces), side_terms(pos, !us, pieces)],
        pieces,
    }
}

/// What the evaluation counts for `side`. Each count is summed in a loop of
/// its own over local variables: WebAssembly engines keep those in
/// registers, where a loop over both sides' fields kept them in memory
/// (docs/npm-engine.md).
fn side_terms(pos: &Position, side: Color, pieces: i32) -> SideTerms {
    let lines = line_terms(pos, side);
    let phase = pos.phase(side);
    let mobility = if phase == Phase::Flying {
        Mobility::default()
    } else {
        mobility(pos, side, phase == Phase::Placing)
    };
    SideTerms {
        phase,
        material: pos.material(side) as i32,
        placed: pieces - i32::from(pos.in_hand(side)),
        mills: lines.mills,
        running: lines.running,
        free_running: lines.free_running,
        twos: lines.twos,
        closable: lines.closable,
        unblockable: lines.unblockable,
        slides: mobility.slides,
        blocked: mobility.blocked,
        liberties: mobility.liberties,
        junctions: mobility.junctions,
    }
}

/// The line counts of [`SideTerms`] for one side.
#[derive(Default)]
struct LineTerms {
    mills: i32,
    running: i32,
    free_running: i32,
    twos: i32,
    closable: i32,
    unblockable: i32,
}

fn line_terms(pos: &Position, side: Color) -> LineTerms {
    let geo = pos.geometry();
    let (own, opp) = (pos.pieces(side), pos.pieces(!side));
    let (phase, opp_phase) = (pos.phase(side), pos.phase(!side));
    let empty = pos.empty();
    let mut t = LineTerms::default();
    for &line in geo.mills() {
        let n = (own & line).count();
        if n == 3 {
            t.mills += 1;
            if phase == Phase::Moving {
                let (runs, free) = running(pos, own, line, opp, opp_phase);
                t.running += runs as i32;
                t.free_running += free as i32;
            }
        } else if n == 2 {
            let Some(gap) = (empty & line).first() else {
                continue;
            };
            t.twos += 1;
            let near = geo.adjacent(gap);
            let reach =
                |pieces: Bitboard, phase: Phase| phase != Phase::Moving || (near & pieces).minus(line).any();
            if reach(own, phase) {
                t.closable += 1;
                if !reach(opp, opp_phase) && opp.any() {
                    t.unblockable += 1;
                }
            }
        }
    }
    t
}

/// The mobility counts of [`SideTerms`] for one side; junctions only
/// while `placing`.
#[derive(Default)]
struct Mobility {
    slides: i32,
    blocked: i32,
    liberties: i32,
    junctions: i32,
}

fn mobility(pos: &Position, side: Color, placing: bool) -> Mobility {
    let geo = pos.geometry();
    let empty = pos.empty();
    let (mut slides, mut blocked, mut junctions) = (0, 0, 0);
    let mut liberties = Bitboard::EMPTY;
    for p in pos.pieces(side) {
        let near = geo.adjacent(p);
        let free = near & empty;
        let n = free.count() as i32;
        liberties |= free;
        slides += n;
        blocked += i32::from(n == 0);
        if placing {
            junctions += near.count() as i32 - 2;
        }
    }
    Mobility {
        slides,
        blocked,
        liberties: liberties.count() as i32,
        junctions,
    }
}

impl Terms {
    /// The weighted sum: the evaluation for the side to move.
    pub fn value(&self) -> i32 {
        let [us, them] = self.sides.map(|t| self.side_value(&t));
        us - them + self.to_move()
    }

    /// The side to move's bonus for a mill it can close this turn.
    pub fn to_move(&self) -> i32 {
        let mover = &self.sides[0];
        if mover.closable > 0 {
            weights(mover.phase).mill_to_move
        } else {
            0
        }
    }

    /// One side's weighted terms.
    pub fn side_value(&self, t: &SideTerms) -> i32 {
        let w = weights(t.phase);
        let mut score = t.material * w.piece
            + t.mills * w.mill
            + t.running * w.running_mill
            + t.free_running * w.free_running_mill
            + t.twos * w.two
            + t.closable * w.closable
            + t.unblockable * w.unblockable;
        let (mobility, blocked_piece, liberty) = match t.phase {
            Phase::Placing => placing_mobility(t.placed, self.pieces),
            _ => (w.mobility, w.blocked_piece, w.liberty),
        };
        score += t.slides * mobility - t.blocked * blocked_piece + t.liberties * liberty;
        match t.phase {
            Phase::Placing => score += t.junctions * PLACING_JUNCTION,
            Phase::Moving => score -= LOW_MOBILITY.get(t.slides as usize).copied().unwrap_or(0),
            Phase::Flying => {}
        }
        score
    }
}

/// The mobility, blocked-piece and liberty weights of a side that has
/// put `placed` of its `pieces` on the board: they grow from the placing
/// weights towards `PLACING_LATE_*` with every piece placed, since the
/// slides a side has when the placing ends decide the moving phase.
fn placing_mobility(placed: i32, pieces: i32) -> (i32, i32, i32) {
    let total = pieces.max(1);
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
