//! The board.
pub mod layout;
