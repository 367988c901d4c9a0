//! The mill games for JavaScript: the rules and the engine of
//! [`morris_core`] behind a small, typed API, built by `build.sh` into the
//! npm package `morris-wasm`.
//!
//! Each JavaScript class or function has its own module: [`Game`] in
//! `game` (its chess.js-style calls in `game_api`), [`Engine`] in
//! `engine`, [`perft`] in `perft`, [`variants`] with the rule options in
//! `options`, [`Tables`] (endgame tables) in `tables`, the learned
//! evaluation's network files (`engine.useNetwork`) in `network`,
//! `openTables` (web table files on a static host, read by range
//! requests; feature `remote`, the web tables module) in `remote`. Values cross the boundary as typed objects made by
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
#[cfg(any(feature = "engine", feature = "board"))]
mod clock;
#[cfg(feature = "engine")]
mod engine;
mod error;
#[cfg(any(feature = "engine", feature = "board"))]
mod game;
#[cfg(any(feature = "engine", feature = "board"))]
mod game_api;
#[cfg(feature = "engine")]
mod memory;
#[cfg(feature = "engine")]
mod network;
#[cfg(any(feature = "engine", feature = "board"))]
mod options;
#[cfg(any(feature = "engine", feature = "board"))]
mod perft;
#[cfg(feature = "remote")]
mod remote;
mod table_views;
#[cfg(feature = "engine")]
mod tables;
mod views;

#[cfg(feature = "board")]
pub use board::{mount_board, BoardHandle};
#[cfg(feature = "engine")]
pub use engine::{Engine, SearchOptions, Stoppable};
pub use error::ApiError;
#[cfg(any(feature = "engine", feature = "board"))]
pub use game::Game;
#[cfg(any(feature = "engine", feature = "board"))]
pub use game_api::move_info;
#[cfg(any(feature = "engine", feature = "board"))]
pub use options::{rules_from_options, variants, OptionValue};
#[cfg(any(feature = "engine", feature = "board"))]
pub use perft::{perft, perft_count};
#[cfg(all(feature = "remote", target_arch = "wasm32"))]
pub use remote::{open_tables, RemoteTablesHandle};
#[cfg(feature = "remote")]
pub use remote::{probe_moves, probe_position, RemoteStatsView};
pub use table_views::{MoveValueView, TableValueView};
#[cfg(feature = "engine")]
pub use tables::{TableInfoView, Tables};
pub use views::{
    InfoView, LineView, OutcomeView, RulesView, ScoreView, SearchView, StateView, ThinkView, VariantView,
};

use wasm_bindgen::prelude::*;

#[wasm_bindgen(typescript_custom_section)]
const TYPES: &str = include_str!("types.d.ts");
