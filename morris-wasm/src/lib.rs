//! The mill games for JavaScript: the rules and the engine of
//! [`morris_core`] behind a small, typed API, built by `build.sh` into the
//! npm package `morris-wasm`.
//!
//! Each JavaScript class or function has its own module: [`Game`] in
//! `game` (its chess.js-style calls in `game_api`), [`Engine`] in
//! `engine`, [`perft`] in `perft`, [`variants`] with the rule options in
//! `options`, [`Tables`] (endgame tables) in `tables`, `openTables` (web
//! table files on a static host, read by range requests) in `remote`, the learned
//! evaluation's network files (`engine.useNetwork`) in `network`. Values cross the boundary as typed objects made by
//! `serde-wasm-bindgen` from the views in `views`, whose TypeScript types
//! live in `types.d.ts`. Every failure is a JavaScript `Error` whose
//! `name` says its kind (`MoveSyntaxError`, `IllegalMoveError`, …) and whose
//! message says what was wrong; nothing panics, so a bad call never takes
//! the module down.
//!
//! The logic under the bindings is plain Rust that returns [`ApiError`]s,
//! one variant per kind, so it runs and is tested natively as well; they
//! become JavaScript `Error`s only at the boundary.

#[cfg(feature = "board")]
mod board;
mod clock;
#[cfg(feature = "engine")]
mod engine;
mod error;
mod game;
mod game_api;
#[cfg(feature = "engine")]
mod memory;
#[cfg(feature = "engine")]
mod network;
mod options;
mod perft;
#[cfg(feature = "engine")]
mod remote;
#[cfg(feature = "engine")]
mod tables;
mod views;

#[cfg(feature = "board")]
pub use board::{mount_board, BoardHandle};
#[cfg(feature = "engine")]
pub use engine::{Engine, SearchOptions, Stoppable};
pub use error::ApiError;
pub use game::Game;
pub use game_api::move_info;
pub use options::{rules_from_options, variants, OptionValue};
pub use perft::{perft, perft_count};
#[cfg(all(feature = "engine", target_arch = "wasm32"))]
pub use remote::{open_tables, RemoteTablesHandle};
#[cfg(feature = "engine")]
pub use remote::{probe_game, probe_moves, RemoteStatsView};
#[cfg(feature = "engine")]
pub use tables::{TableInfoView, TableValueView, Tables};
pub use views::{
    InfoView, LineView, OutcomeView, RulesView, ScoreView, SearchView, StateView, ThinkView, VariantView,
};

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = include_str!("types.d.ts");
