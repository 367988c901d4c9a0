//! The Mulino web app: a wooden table in the browser to play the mill games
//! against the computer, a friend on the same screen, or a friend far away.
//!
//! The modules, from the inside out: `model` (the table as a reducer, no
//! browser access), `link` (game links and the saved game), `room` (a
//! room's types, its wire and its WebRTC peer), `components` (the page's
//! parts, one a file), `hooks` (the page's lasting concerns, one a file:
//! the computer's worker, saving, links, sounds, the live room), `opening`
//! (what the page opens with and what a room link does), [`engine`] (the
//! computer, in a web worker: the worker binaries start it), `tablebase`
//! (perfect play from the endgame tables), `learn` (the rules card and the first-game coach), `analysis` (the analysis board), [`lab`] (the analysis board, review, editor and puzzles as a second module, loaded on demand), `i18n` with `plural`, `puzzle`, `storage`, `sound`,
//! `browser` (the page's address, clipboard and clock), and [`App`],
//! which wires them. The board itself is the crate `morris-board`.

pub mod analysis;
mod app;
mod board_look;
mod browser;
mod clock;
mod components;
mod editor;
pub mod engine;
mod first_screen;
mod hooks;
mod i18n;
pub mod lab;
mod learn;
mod link;
mod model;
mod network;
mod on_demand;
mod opening;
mod plural;
pub mod puzzle;
pub mod review;
mod room;
mod sound;
mod storage;
mod store;
mod tablebase;
mod web_tables;

pub use app::App;
/// The room's live module's entry point (the binary `room`, `room::live`).
pub use room::live::run as run_live_room;

/// Mounts the table on a node of its own (see `browser::own_node`).
pub fn run() {
    if let Some(node) = browser::own_node("app") {
        yew::Renderer::<App>::with_root(node).render();
        // A task after the first render: a first screen without pieces
        // still to draw is drawn (components::Unfold).
        gloo_timers::callback::Timeout::new(0, first_screen::mark_drawn_unless_waiting).forget();
    }
}
