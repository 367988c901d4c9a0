//! The Mulino web app.
pub mod board;
pub mod link;
pub mod state;
