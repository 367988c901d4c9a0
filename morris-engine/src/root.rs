//! What is known of a root before the search, from every source at once
//! (as Stockfish's `rank_root_moves`), so that the search asks once: the
//! distance tables rank its moves and decide it; else the book, the end of
//! the placing solved or a win/draw/loss table know its value and the
//! moves that keep it (of which ultra-strong play keeps those that set the
//! most traps, and the strongest level a seeded part); else nothing.

use std::sync::atomic::AtomicBool;

use morris_core::{Move, Position};

use crate::book::Book;
use crate::clock::Clock;
use crate::levels;
use crate::limits::Limits;
#[cfg(feature = "ultra-strong")]
use crate::tablebase::Wdl;
use crate::tablebase::{PlacingMemo, PlacingSolve, TableMove, Tablebases, Tiebreak, PLACING_SOLVE_PLIES};

/// The root moves as every source of knowledge ranks and filters them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum RootMoves {
    /// The distance tables cover the root: its moves, best first (never
    /// none), played without a search.
    Decided(Vec<TableMove>),
    /// The root's value is known (`solved`): the search plays only the
    /// `allowed` moves, which keep it.
    Kept {
        solved: PlacingSolve,
        allowed: Vec<Move>,
    },
    /// Nothing is known: the search sees every move.
    Open,
}

/// What a search knows beside its own search, and how it may use it.
pub(crate) struct Knowledge<'a> {
    pub tables: Option<&'a Tablebases>,
    pub book: Option<&'a Book>,
    pub memo: &'a mut PlacingMemo,
    pub tiebreak: Tiebreak,
    pub placing_limits: PlacingLimits,
    pub playing: Option<Playing>,
}

/// The search asking: its limits, its clock from `start_ms`, its stop flag,
/// and `seen`, the keys of the positions before the root it may repeat.
pub(crate) struct Asking<'a> {
    pub limits: &'a Limits,
    pub clock: &'a dyn Clock,
    pub start_ms: u64,
    pub stop: &'a AtomicBool,
    pub seen: &'a [u64],
}

/// The moves of `root` ranked and filtered by the tables, the book, the
/// placing solve and the traps, asked in that order.
pub(crate) fn rank_root_moves(know: Knowledge<'_>, root: &Position, ask: &Asking<'_>) -> RootMoves {
    if let Some(ranked) = know
        .tables
        .and_then(|t| decided(t, root, know.tiebreak, know.playing, ask.seen))
    {
        return RootMoves::Decided(ranked);
    }
    let keep_known = know.playing.is_some_and(|p| p.keep_known);
    if ask.limits.multi_pv > 1 && !keep_known {
        return RootMoves::Open;
    }
    // A book position, else the end of the placing solved, else (after
    // the placing, where no solve runs) a win/draw/loss table's root.
    let memo = know.memo;
    let Some(solved) = know.book.and_then(|b| b.lookup(root)).or_else(|| {
        know.tables.and_then(|t| {
            if root.placements_left() == 0 {
                return t.wdl_root(root);
            }
            let mut out_of_time = quarter_gone(ask.limits, ask.clock, ask.start_ms, ask.stop);
            placing_root(t, memo, root, know.placing_limits, &mut out_of_time)
        })
    }) else {
        return RootMoves::Open;
    };
    // Ultra-strong: of the kept moves, those that set the most traps.
    #[cfg(feature = "ultra-strong")]
    let trapped = match know.tables {
        Some(t) if know.tiebreak == Tiebreak::Traps => {
            let mut out_of_time = quarter_gone(ask.limits, ask.clock, ask.start_ms, ask.stop);
            let nodes = know.placing_limits.nodes;
            Some(t.placing_traps(root, &solved, memo, nodes, &mut out_of_time))
        }
        _ => None,
    };
    #[cfg(not(feature = "ultra-strong"))]
    let trapped: Option<Vec<Move>> = None;
    let allowed = match (trapped, know.playing) {
        (Some(trapped), _) => trapped,
        (None, Some(p)) if p.vary_kept => seeded_part(&solved.keep, p.seed),
        (None, _) => solved.keep.clone(),
    };
    RootMoves::Kept { solved, allowed }
}

/// The table moves of a root the distance tables cover, best first, with
/// a level's seeded choice among the equal best; none if they do not
/// cover it (a win/draw/loss table's root is searched).
fn decided(
    tables: &Tablebases,
    root: &Position,
    tiebreak: Tiebreak,
    playing: Option<Playing>,
    seen: &[u64],
) -> Option<Vec<TableMove>> {
    if tables.has_distances(root) == Some(false) {
        return None;
    }
    let mut ranked = table_moves(tables, root, tiebreak, seen)?;
    if let Some(p) = playing.filter(|_| tiebreak == Tiebreak::Evaluation) {
        vary_equal_best(&mut ranked, p.seed);
    }
    (!ranked.is_empty()).then_some(ranked)
}

/// What a search for a level's move does beside searching.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Playing {
    /// Chooses among moves of equal value.
    pub seed: u64,
    /// Solves the end of the placing (and reads the book) though several
    /// lines are searched: the level plays only the moves that keep the
    /// value ([`crate::Level::keeps_known_values`]).
    pub keep_known: bool,
    /// Where the tables, the book or the solve keep several moves, the
    /// search plays its best of a seeded part of them (the strongest
    /// level, which has no margin to vary by).
    pub vary_kept: bool,
}

/// How much of the placing phase a search solves at its root before it
/// searches (see [`crate::Searcher::set_placing_limits`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacingLimits {
    /// Solve only with this many placements left or fewer (both sides).
    pub plies: u8,
    /// Give up after visiting this many positions.
    pub nodes: u64,
}

impl Default for PlacingLimits {
    /// [`PLACING_SOLVE_PLIES`] and two million positions: a few seconds at
    /// most, what a player's move may spend.
    fn default() -> PlacingLimits {
        PlacingLimits {
            plies: PLACING_SOLVE_PLIES,
            nodes: PLACING_SOLVE_NODES,
        }
    }
}

/// The most positions a placing solve visits by default (a few seconds at
/// most).
const PLACING_SOLVE_NODES: u64 = 2_000_000;

/// The end of the placing phase solved at the root, if the tables cover
/// where it ends and it fits in `bounds` and a quarter of the search's
/// time. The search then plays only the moves that keep the
/// root's value. Its own limits are the same as without the solve: a
/// search to a fixed node count counts its own nodes, so the solve's cost
/// shows only in time (12 thousand positions for Six's last eight placements
/// after `d2 a1 c4 d4`, a few milliseconds).
///
/// Only for a search that reports one line: an analysis of several lines
/// (and the weaker levels, which choose among several) sees every move.
fn placing_root(
    tables: &Tablebases,
    memo: &mut PlacingMemo,
    root: &Position,
    bounds: PlacingLimits,
    out_of_time: &mut dyn FnMut() -> bool,
) -> Option<PlacingSolve> {
    if root.placements_left() > bounds.plies {
        return None;
    }
    tables.placing_solve(root, memo, bounds.nodes, out_of_time).ok()
}

/// Whether the search's time for a placing solve (a quarter of its own)
/// is gone, or the search was stopped.
fn quarter_gone<'a>(
    limits: &Limits,
    clock: &'a dyn Clock,
    start_ms: u64,
    stop: &'a AtomicBool,
) -> impl FnMut() -> bool + 'a {
    let quarter = limits.movetime_ms.map(|t| start_ms.saturating_add(t / 4));
    move || stop.load(std::sync::atomic::Ordering::Relaxed) || quarter.is_some_and(|q| clock.now_ms() >= q)
}

/// The table moves of a covered root, best first. `seen` are the keys of
/// the positions before the root that it may repeat: ultra-strong play
/// puts a drawn or lost move that repeats one after those that do not (a
/// repetition heads for a draw by threefold repetition, which ends the
/// opponent's chances to go wrong), then orders by the traps it sets.
fn table_moves(
    tables: &Tablebases,
    root: &Position,
    tiebreak: Tiebreak,
    seen: &[u64],
) -> Option<Vec<TableMove>> {
    #[cfg_attr(not(feature = "ultra-strong"), allow(unused_mut))]
    let mut ranked = tables.ranked_by(root, tiebreak)?;
    #[cfg(feature = "ultra-strong")]
    if tiebreak == Tiebreak::Traps {
        // Stable: within a value and a count of repeats, the traps' order.
        ranked.sort_by_key(|m| {
            let wdl = Wdl::from(m.value);
            let key = root.play(m.turn).key();
            let repeats = if wdl == Wdl::Win {
                0
            } else {
                seen.iter().filter(|&&k| k == key).count()
            };
            (std::cmp::Reverse(wdl), repeats)
        });
    }
    let _ = seen;
    Some(ranked)
}

/// Puts first, chosen by `seed`, one of the table moves of the same value
/// as the best (the same result in as many turns): a player's level does
/// not play the same game twice where the tables call moves equal.
fn vary_equal_best(ranked: &mut [TableMove], seed: u64) {
    let Some(best) = ranked.first().map(|m| m.value) else {
        return;
    };
    let equal = ranked.iter().take_while(|m| m.value == best).count();
    if equal > 1 {
        let pick = (levels::splitmix64(seed) % equal as u64) as usize;
        ranked.swap(0, pick);
    }
}

/// About half of `moves`, chosen by `seed`, and never none: the moves a
/// level searches among where all of `moves` keep the value.
fn seeded_part(moves: &[Move], seed: u64) -> Vec<Move> {
    let mut state = levels::splitmix64(seed);
    let mut part: Vec<Move> = moves
        .iter()
        .enumerate()
        .filter(|(i, _)| (state >> (i % 64)) & 1 == 1)
        .map(|(_, &m)| m)
        .collect();
    if part.is_empty() {
        state = levels::splitmix64(state);
        part.extend(moves.get((state % moves.len().max(1) as u64) as usize));
    }
    part
}
