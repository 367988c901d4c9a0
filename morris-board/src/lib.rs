//! The mill games' board as a Yew component: an SVG drawing of any of the
//! five boards, with its pieces, the marks of the turn being put together,
//! and every way to press a point (click, tap, drag, keyboard).
//!
//! The component knows nothing of the game flow: it is given what to show
//! ([`BoardProps`]) and reports presses, cursor moves and Escape. The turn
//! a player puts together from those presses is [`PartialTurn`]. The web
//! app and any page that embeds the board (the npm package's
//! `morris-wasm/board`) share this one implementation, styled by the
//! crate's own stylesheet, `board.css`.
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
pub use props::BoardProps;
pub use turn::{Hints, PartialTurn, Press};
