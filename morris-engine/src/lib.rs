//! The search: from a position (and the game's history, for repetitions),
//! the best turn, its score and the line the engine expects.
//!
//! ```
//! use std::sync::atomic::AtomicBool;
//! use morris_engine::{Limits, NoClock, Searcher};
//! use morris_core::{Game, Variant};
//!
//! let game = Game::new(Variant::Nine.rules());
//! let mut searcher = Searcher::new(1);
//! let result = searcher.search_game(&game, Limits::depth(4), &NoClock, &AtomicBool::new(false), |_| {});
//! assert!(game.position().is_legal(result.best.unwrap()));
//! ```
//!
//! This file is a table of the modules and what they export. Each concern
//! has its own file: the limits and reports of a search (`limits`), the
//! driver ([`Searcher`], `search`), what the tables, the book and the
//! placing solve know of the root before it is searched (`root`), the
//! alpha-beta search and iterative deepening, the evaluation and its
//! cache, the transposition table, move ordering, levels for people, the
//! bench positions, the clock, and every tunable number in [`params`].
//! The learned evaluation of Nine's moving phase, a network trained on
//! the tables' values, is [`net`] (run by the search with the cargo
//! feature `learned`, built in with `built-in-net`).
//! Endgame tables in play are in `tablebase`, the placing book (solves
//! made ahead of time) in `book`.

mod alphabeta;
mod bench;
mod book;
mod clock;
mod eval;
mod eval_cache;
mod levels;
mod limits;
pub mod net;
mod ordering;
pub mod params;
pub mod review;
mod root;
mod score;
mod search;
mod tablebase;
mod tt;

pub use bench::{bench, bench_positions, BenchResult, BENCH_DEPTH, BENCH_TT_MB};
pub use book::{Book, BookError, BookErrorKind, MAX_BOOK_LINE};
#[cfg(not(target_arch = "wasm32"))]
pub use clock::StdClock;
pub use clock::{Clock, FnClock, NoClock};
pub use eval::{evaluate, terms, SideTerms, Terms};
#[cfg(feature = "learned")]
pub use eval_cache::evaluate_with;
pub use levels::{Level, LevelMove};
pub use limits::{Info, Limits, Line, SearchResult};
pub use review::{Cost, ExactMoves, Mark, Reviewer, Summary, TurnReview};
pub use score::{Score, MAX_PLY};
pub use search::{Searcher, MAX_PLACING_EFFORT, MAX_THREADS};
pub use tablebase::{
    KeptBy, PlacingError, PlacingLimits, PlacingMemo, PlacingSolve, TableMove, Tablebases, Tiebreak, Wdl,
    PLACING_SOLVE_PLIES,
};
#[cfg(feature = "ultra-strong")]
pub use tablebase::{TRAP_PROBES, TRAP_TURNS};
