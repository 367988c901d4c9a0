//! The Mulino web app: a wooden table in the browser to play the mill games
//! against the computer or a friend on the same screen.
//!
//! The modules, from the board outwards: [`board`] (the SVG board, also
//! mounted by pages that embed it), [`state`] (the table as a reducer),
//! [`link`] (game links and the saved game), [`table`] and [`dialog`] (the
//! rest of the table), [`engine`] (the computer, in a web worker), [`tablebase`] (perfect play
//! from endgame tables),
//! [`i18n`], [`storage`], [`sound`], and [`app`] which wires them.

pub mod app;
pub mod dialog;
pub mod engine;
pub mod i18n;
pub mod link;
pub mod room;
pub mod sound;
pub mod state;
pub mod storage;
pub mod table;
pub mod tablebase;

pub use app::App;
