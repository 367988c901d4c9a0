//! One module per subcommand, each with its clap `Args` and a `run` that
//! writes to the given output.

pub mod bench;
pub mod book;
pub mod counts;
pub mod engine;
pub mod eval;
pub mod r#match;
pub mod moves;
pub mod perft;
pub mod puzzles;
pub mod review;
pub mod show;
pub mod suite;
pub mod tb;
pub mod wdl;
pub mod web;
