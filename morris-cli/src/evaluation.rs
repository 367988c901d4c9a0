//! Which evaluation the strongest level searches Nine's moving phase with:
//! the learned network built into the program (`morris_engine::net`, the
//! default, blended with the hand-written evaluation), a network file, or
//! the hand-written evaluation alone (`--eval classic`). `morris engine`,
//! `morris suite` and `morris bench` share these options. The network is
//! the default as it is in the app's level 10 and the npm package's
//! worker: in the same time it keeps more drawn placing positions
//! (docs/strength.md, "The learned evaluation").

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
    /// the learned network (the default) or the hand-written one alone;
    /// the UCI option `UseNetwork`
    #[arg(long = "eval", value_enum)]
    pub eval: Option<Evaluation>,

    /// A network file (made by `scripts/train-net.sh`) in place of the one
    /// built in; it means `--eval net`, and `--eval classic` with it is an
    /// error. The UCI option `NetworkFile`
    #[arg(long = "net", value_name = "FILE")]
    pub net: Option<PathBuf>,
}

impl EvalArgs {
    /// The evaluation chosen: `--eval`, else the network (of `--net`, or
    /// the built-in one). A network file with `--eval classic` would go
    /// unused, so it is refused rather than ignored.
    pub fn evaluation(&self) -> Result<Evaluation, CliError> {
        match (self.eval, &self.net) {
            (Some(Evaluation::Classic), Some(path)) => Err(CliError::input(format!(
                "--net {} is a network for --eval net; with --eval classic it would not be used",
                path.display()
            ))),
            (Some(eval), _) => Ok(eval),
            (None, _) => Ok(Evaluation::Net),
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
