//! What bounds a search ([`Limits`]) and what it reports: each iteration's
//! [`Info`], the lines of a multi-PV search and the [`SearchResult`].

use morris_core::{Color, Move, Outcome};

use crate::score::Score;
use crate::tablebase::PlacingSolve;

/// What bounds a search. Unset bounds do not bound; with none set, the
/// search goes to the deepest depth (set one, or keep a stop flag at hand).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Limits {
    /// Complete iterations up to this depth (in plies).
    pub depth: Option<u32>,
    /// Stop after this many nodes (positions visited).
    pub nodes: Option<u64>,
    /// Stop after this many milliseconds; no new iteration starts after half.
    pub movetime_ms: Option<u64>,
    /// How many best root moves to report (at least one).
    pub multi_pv: usize,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            depth: None,
            nodes: None,
            movetime_ms: None,
            multi_pv: 1,
        }
    }
}

impl Limits {
    pub fn depth(depth: u32) -> Limits {
        Limits {
            depth: Some(depth),
            ..Limits::default()
        }
    }

    pub fn nodes(nodes: u64) -> Limits {
        Limits {
            nodes: Some(nodes),
            ..Limits::default()
        }
    }

    pub fn movetime(ms: u64) -> Limits {
        Limits {
            movetime_ms: Some(ms),
            ..Limits::default()
        }
    }

    /// The same limits with `factor` times the nodes and the time; the
    /// depth and the lines as they are.
    pub fn times(self, factor: u32) -> Limits {
        let factor = u64::from(factor);
        Limits {
            nodes: self.nodes.map(|n| n.saturating_mul(factor)),
            movetime_ms: self.movetime_ms.map(|t| t.saturating_mul(factor)),
            ..self
        }
    }

    /// The same limits, reporting the `n` best root moves.
    pub fn with_multi_pv(self, n: usize) -> Limits {
        Limits { multi_pv: n, ..self }
    }
}

/// A report after each finished iteration (and each multi-PV line of it).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Info {
    pub depth: u32,
    pub seldepth: u32,
    /// Which line, from 1 (the best).
    pub multipv: usize,
    pub score: Score,
    /// Nodes so far in this search, every thread's: a helper thread adds
    /// its count every 1,024 nodes, so with threads the last few are
    /// missing until the result, which counts them all.
    pub nodes: u64,
    pub time_ms: u64,
    /// `nodes` per second: all threads together.
    pub nps: u64,
    /// How full the transposition table is, in thousandths.
    pub hashfull: u32,
    pub pv: Vec<Move>,
}

/// One root move with its score and the line that follows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub score: Score,
    /// The root move first.
    pub pv: Vec<Move>,
}

impl Line {
    /// The root move of the line.
    pub fn first(&self) -> Option<Move> {
        self.pv.first().copied()
    }
}

/// What a search found: the result of its last complete iteration, or a
/// root move the unfinished one after it had already proved better.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SearchResult {
    /// `None` only when the game is over.
    pub best: Option<Move>,
    /// For the side to move; of a finished game, its result.
    pub score: Score,
    pub pv: Vec<Move>,
    /// The `multi_pv` best root moves, best first (one line by default).
    pub lines: Vec<Line>,
    /// The deepest complete iteration (0 if none completed).
    pub depth: u32,
    pub seldepth: u32,
    /// Every thread's nodes.
    pub nodes: u64,
    pub time_ms: u64,
    /// The end of the placing phase solved at the root, or read from the
    /// book, if it was (the search then chose among `placing.keep` only).
    pub placing: Option<PlacingSolve>,
}

impl SearchResult {
    pub(crate) fn empty(score: Score) -> SearchResult {
        SearchResult {
            best: None,
            score,
            pv: Vec::new(),
            lines: Vec::new(),
            depth: 0,
            seldepth: 0,
            nodes: 0,
            time_ms: 0,
            placing: None,
        }
    }

    /// The result for a finished game: no move, and the game's result.
    pub(crate) fn finished(o: Outcome, turn: Color) -> SearchResult {
        SearchResult::empty(match o.winner {
            None => Score::DRAW,
            Some(w) if w == turn => Score::Win(0),
            Some(_) => Score::Loss(0),
        })
    }
}
