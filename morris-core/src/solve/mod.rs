//! Exact values of positions: perfect indexing of the positions of a
//! piece-count class, the board's symmetries, and a retrograde solver for
//! the moving and flying phases, with a forward solver for the placing
//! phase on top of it.
//!
//! Values are from the side to move and count plies to the end of the game
//! under the history-free rules ([`crate::Position::terminal`]); the n-move,
//! endgame and repetition rules and Morabaraba's re-forming ban are not part
//! of the solved game, so a position nobody can force is a draw.

mod file;
mod index;
mod reduced;
mod retro;
mod symmetry;

pub use file::{read, read_for, write, TableFileError, FORMAT_VERSION, MAGIC};
pub use index::{Class, Indexer};
pub use reduced::SymIndexer;
pub use retro::{FullTable, SolveError, Table, Tablebase, Value};
pub use symmetry::Symmetries;
