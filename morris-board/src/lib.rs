//! The mill games' board as a Yew component: an SVG drawing of any of the
//! six boards, with its pieces, the marks of the turn being put together,
//! and every way to press a point (click, tap, drag, keyboard).
//!
//! The component knows nothing of the game flow: it is given what to show
//! ([`BoardProps`]) and reports presses, cursor moves and Escape. With the
//! feature `layers` it also draws a page's own SVG under and over the
//! points (`underlay`, `overlay`: the npm board's highlights and shapes). The turn
//! a player puts together from those presses is [`PartialTurn`]. The web
//! app and any page that embeds the board (the npm package's
//! `morris-wasm/board`) share this one implementation, styled by the
//! crate's own stylesheet, `board.css`.
//!
//! Themes: every colour of `board.css` is a variable with the wood as its
//! fallback, set on the board or any element around it, or by the classes
//! `board-theme-slate` and `board-theme-paper`: `--board-frame`,
//! `--board-frame-edge`, `--board-coord` (the frame and its coordinates);
//! `--board-wood-1`, `-2`, `-3`, `--board-grain`, `--board-grain-faint`
//! (the surface); `--board-line`, `--board-line-width`, `--board-dot`,
//! `--board-mill` (lines, markers, a closed mill); `--board-light-1`, `-2`,
//! `-3`, `--board-light-edge`, `--board-light-ring` and the same for
//! `dark` (the pieces), `--board-piece-edge-width`; `--board-target`,
//! `--board-select`, `--board-remove`, `--board-last`, `--board-suggest`
//! (the marks); `--board-marker`, `--board-marker-disc` (a dead marker's X); `--board-note-good`, `-even`, `-bad` (point notes); `--board-focus`, `--board-focus-halo` (the keyboard focus
//! ring, two colours so it shows on any surface); `--board-coords`
//! (`none` hides the coordinates) and `--board-animation-scale` (the
//! animations' durations times this: 0 for none, 0.5 for twice as fast).
//!
//! The modules: [`describe`] (what is true of each point, and its
//! accessible name), [`layout`] (pure geometry: where points are drawn, how
//! the arrow keys walk the lines), `props` (what the board is given),
//! `board` (the component), `point` (one
//! point with its piece and marks), `drag` (pointer gestures), `keys`
//! (keyboard and focus), `draw` (the wood, the lines, the coordinates),
//! [`turn`] (the turn being put together, click by click).

mod board;
pub mod describe;
mod drag;
mod draw;
mod keys;
pub mod layout;
mod point;
mod props;
pub mod turn;

pub use board::Board;
pub use describe::{Marking, PointState, PointWords};
pub use drag::board_units;
/// A number for an SVG attribute (two decimals at most), for drawings
/// over the board (`BoardProps::overlay`).
pub use draw::f as svg_number;
pub use props::{BoardProps, PointNote};
pub use turn::{Hints, PartialTurn, Press};
