//! One module per subcommand, each with its clap `Args` and a `run` that
//! writes to the given output.

pub mod moves;
pub mod perft;
pub mod show;
