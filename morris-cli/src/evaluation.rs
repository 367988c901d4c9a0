//! Which evaluation the strongest level searches Nine's moving phase with:
//! the hand-written evaluation (the default), the learned network built
//! into the program (`morris_engine::net`) or a network file. `morris
//! engine`, `morris suite` and `morris bench` share these options. The
//! network is not the default while it keeps fewer drawn placing positions
//! than the hand-written evaluation (docs/strength.md, "The learned
//! evaluation").

use std::path::PathBuf;
use std::sync::Arc;

use clap::{Args, ValueEnum};
use morris_engine::net::{self, Network};

use crate::error::CliError;
use crate::table_files::load_network;

/// The evaluations to choose from.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Evaluation {
    /// The learned network where it applies (Nine's standard rules, every
    /// piece placed), the hand-written evaluation elsewhere
    Net,
    /// The hand-written evaluation everywhere
    Classic,
}

#[derive(Debug, Args)]
pub struct EvalArgs {
    /// The evaluation of the strongest level (10) in Nine's moving phase:
    /// the learned network or the hand-written one (the default, unless
    /// `--net` is given); the UCI option `UseNetwork`
    #[arg(long = "eval", value_enum)]
    pub eval: Option<Evaluation>,

    /// A network file (made by `scripts/train-net.sh`) in place of the one
    /// built in; it means `--eval net`, and `--eval classic` with it is an
    /// error. The UCI option `NetworkFile`
    #[arg(long = "net", value_name = "FILE")]
    pub net: Option<PathBuf>,
}

impl EvalArgs {
    /// The evaluation chosen: `--eval`, else the network when `--net`
    /// names one, else the hand-written one. A network file with `--eval
    /// classic` would go unused, so it is refused rather than ignored.
    pub fn evaluation(&self) -> Result<Evaluation, CliError> {
        match (self.eval, &self.net) {
            (Some(Evaluation::Classic), Some(path)) => Err(CliError::input(format!(
                "--net {} is a network for --eval net; with --eval classic it would not be used",
                path.display()
            ))),
            (Some(eval), _) => Ok(eval),
            (None, Some(_)) => Ok(Evaluation::Net),
            (None, None) => Ok(Evaluation::Classic),
        }
    }

    /// The network to search with: `None` for the hand-written evaluation.
    pub fn network(&self) -> Result<Option<Arc<Network>>, CliError> {
        match self.evaluation()? {
            Evaluation::Classic => Ok(None),
            Evaluation::Net => self.loaded().map(Some),
        }
    }

    /// The network of `--net`, or the built-in one, whatever `--eval` says.
    pub fn loaded(&self) -> Result<Arc<Network>, CliError> {
        match &self.net {
            Some(path) => load_network(path).map_err(CliError::input),
            None => built_in(),
        }
    }
}

/// The built-in network.
pub fn built_in() -> Result<Arc<Network>, CliError> {
    net::built_in().map_err(|e| CliError::input(format!("the built-in network: {e}")))
}
