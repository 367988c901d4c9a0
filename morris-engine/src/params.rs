//! Every tunable number of the search and the evaluation, in one place, so
//! that a tuning run or a match between two settings changes only this file.
//!
//! Evaluation weights are in hundredths of a piece: one piece is worth 100.

/// The evaluation weights of one phase.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PhaseWeights {
    /// A piece on the board or in hand.
    pub piece: i32,
    /// A closed mill (three own pieces on a line).
    pub mill: i32,
    /// Two own pieces and an empty point on a line.
    pub two: i32,
    /// Such a line whose gap an own piece can reach next turn.
    pub closable: i32,
    /// ... and no opposing piece can reach that gap to block it.
    pub unblockable: i32,
    /// A piece that slides between two mills, closing one each time.
    pub running_mill: i32,
    /// ... that the opponent can neither block nor follow (no piece near).
    pub free_running_mill: i32,
    /// One legal slide.
    pub mobility: i32,
    /// A piece with no empty neighbour.
    pub blocked_piece: i32,
    /// An empty point next to an own piece (each point once, however many
    /// own pieces touch it).
    pub liberty: i32,
    /// The side to move can close a mill this turn.
    pub mill_to_move: i32,
}

/// Penalties for a side in the moving phase with very few slides left:
/// index = number of slides (0 is a loss and is found by the search).
pub const LOW_MOBILITY: [i32; 5] = [0, 88, 70, 35, 10];

/// The weights while a side still places pieces.
pub const PLACING: PhaseWeights = PhaseWeights {
    piece: 100,
    mill: 10,
    two: 14,
    closable: 10,
    unblockable: 0,
    running_mill: 30,
    free_running_mill: 0,
    mobility: 2,
    blocked_piece: 3,
    liberty: 0,
    mill_to_move: 60,
};

/// The mobility, blocked-piece and liberty weights the placing ones ramp
/// towards, piece by piece placed (reached with the last piece).
pub const PLACING_LATE_MOBILITY: i32 = 14;
pub const PLACING_LATE_BLOCKED: i32 = 30;
pub const PLACING_LATE_LIBERTY: i32 = 10;

/// While placing: a piece on a point with more neighbours than two (a
/// junction), per extra neighbour.
pub const PLACING_JUNCTION: i32 = 5;

/// The weights while a side slides its pieces.
///
/// Set halfway between the weights before and a logistic fit of game
/// results on the terms of the 73,792 positions where both sides slide in
/// 2,723 recorded engine games (`morris eval --records`). The fit valued a
/// closed mill (40), a line nobody can block (67), blocked pieces (33) and
/// one or two slides left (−105 each) far more, raw slides not at all.
/// Halfway scored +65 =221 −44 (+22 ± 21 Elo) against the weights before
/// over 330 games at 250,000, 330,000 and 400,000 nodes a move; the full
/// fit scored −13 ± 40, and a fit on turns 18 to 34 only +13 ± 37 (its
/// halfway −3), each over 110 games at 250,000.
pub const MOVING: PhaseWeights = PhaseWeights {
    piece: 100,
    mill: 24,
    two: 7,
    closable: 20,
    unblockable: 44,
    running_mill: 64,
    free_running_mill: 90,
    mobility: 5,
    blocked_piece: 22,
    liberty: 6,
    mill_to_move: 63,
};

/// The weights of a side on three pieces that flies: every line of two
/// with a gap is a threat, mobility means nothing.
pub const FLYING: PhaseWeights = PhaseWeights {
    piece: 100,
    mill: 5,
    two: 35,
    closable: 0,
    unblockable: 0,
    running_mill: 0,
    free_running_mill: 0,
    mobility: 0,
    blocked_piece: 0,
    liberty: 0,
    mill_to_move: 70,
};

/// Where the learned network applies, the evaluation is this share (in
/// percent) of the network's value and the rest of the hand-written one's.
/// The two err on different positions, so their mean keeps more drawn
/// placing positions than either (docs/strength.md, "The learned
/// evaluation"); the committed network is trained for this blend
/// (`morris-train train --blended` reads this share).
pub const NET_SHARE: i32 = 50;

/// Aspiration window: the first half-width, and the depth it starts at.
pub const ASPIRATION_DELTA: i32 = 30;
pub const ASPIRATION_MIN_DEPTH: i32 = 5;

/// Late move reductions: quiet moves after this many searched moves, at
/// this depth or more, are searched one ply shallower first.
pub const LMR_MIN_DEPTH: i32 = 3;
pub const LMR_MIN_MOVES: usize = 3;
/// Reduce one ply more after this many moves, at depth at least `LMR_DEEP_DEPTH`.
pub const LMR_LATE_MOVES: usize = 8;
pub const LMR_DEEP_DEPTH: i32 = 6;

/// Move-ordering bands, highest first; history stays below `KILLER`.
pub const ORDER_TT: i32 = 4_000_000;
pub const ORDER_MILL: i32 = 2_000_000;
pub const ORDER_BLOCK: i32 = 1_000_000;
pub const ORDER_KILLER: i32 = 500_000;
pub const HISTORY_MAX: i32 = 200_000;
