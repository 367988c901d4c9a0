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
use crate::levels::Playing;
use crate::limits::Limits;
#[cfg(feature = "ultra-strong")]
use crate::tablebase::Wdl;
use crate::tablebase::{
    PlacingLimits, PlacingMemo, PlacingSolve, TableMove, TableRoot, Tablebases, Tiebreak,
};

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
    /// What the tables said of the root (nothing without tables).
    pub table: TableRoot,
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
/// placing solve and the traps, asked in that order; `know.table` is what
/// the tables said of the root ([`Tablebases::root`]), so that the tables
/// are asked again only to solve the placing or measure the traps.
pub(crate) fn rank_root_moves(know: Knowledge<'_>, root: &Position, ask: &Asking<'_>) -> RootMoves {
    let Knowledge {
        tables,
        table,
        book,
        memo,
        tiebreak,
        placing_limits,
        playing,
    } = know;
    if !table.wdl {
        if let Some(ranked) = decided(table.ranked, root, tiebreak, playing, ask.seen) {
            return RootMoves::Decided(ranked);
        }
    }
    let keep_known = playing.is_some_and(|p| p.keep_known);
    if ask.limits.multi_pv > 1 && !keep_known {
        return RootMoves::Open;
    }
    // A book position, else (after the placing, where no solve runs) a
    // win/draw/loss table's root, else the end of the placing solved; of
    // its kept moves, ultra-strong play keeps those that set the most traps.
    let known = book.and_then(|b| b.lookup(root)).or(table.kept);
    let kept = match tables {
        Some(t) => {
            let mut out_of_time = quarter_gone(ask.limits, ask.clock, ask.start_ms, ask.stop);
            t.root_kept(root, known, memo, placing_limits, tiebreak, &mut out_of_time)
        }
        None => known.map(|solved| (solved, None)),
    };
    let Some((solved, trapped)) = kept else {
        return RootMoves::Open;
    };
    let allowed = match (trapped, playing) {
        (Some(trapped), _) => trapped,
        (None, Some(p)) if p.vary_kept => seeded_part(&solved.keep, p.seed),
        (None, _) => solved.keep.clone(),
    };
    RootMoves::Kept { solved, allowed }
}

/// The table moves of a root the distance tables cover (`ranked`, best
/// first), reordered for the repetitions in `seen` and with a level's
/// seeded choice among the equal best; none if they do not cover it.
fn decided(
    ranked: Vec<TableMove>,
    root: &Position,
    tiebreak: Tiebreak,
    playing: Option<Playing>,
    seen: &[u64],
) -> Option<Vec<TableMove>> {
    let mut ranked = table_moves(ranked, root, tiebreak, seen);
    if let Some(p) = playing.filter(|_| tiebreak == Tiebreak::Evaluation) {
        vary_equal_best(&mut ranked, p.seed);
    }
    (!ranked.is_empty()).then_some(ranked)
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

/// `ranked`, the table moves of a covered root best first, as the root's
/// search plays them. `seen` are the keys of
/// the positions before the root that it may repeat: ultra-strong play
/// puts a drawn or lost move that repeats one after those that do not (a
/// repetition heads for a draw by threefold repetition, which ends the
/// opponent's chances to go wrong), then orders by the traps it sets.
fn table_moves(ranked: Vec<TableMove>, root: &Position, tiebreak: Tiebreak, seen: &[u64]) -> Vec<TableMove> {
    #[cfg_attr(not(feature = "ultra-strong"), allow(unused_mut))]
    let mut ranked = ranked;
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
    let _ = (root, tiebreak, seen);
    ranked
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
