//! The one error type of the command: a message for the user, or a failure
//! to write the output. `main` prints it as one line on stderr.

use std::fmt;
use std::io;

/// Why a command failed.
#[derive(Debug)]
pub enum CliError {
    /// Something the user gave is wrong; the text says what.
    Input(String),
    /// The output could not be written (a closed pipe is not reported).
    Io(io::Error),
}

impl CliError {
    pub fn input(message: impl Into<String>) -> CliError {
        CliError::Input(message.into())
    }
}

impl fmt::Display for CliError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            CliError::Input(message) => f.write_str(message),
            CliError::Io(e) => write!(f, "cannot write the output: {e}"),
        }
    }
}

impl std::error::Error for CliError {}

impl From<io::Error> for CliError {
    fn from(e: io::Error) -> CliError {
        CliError::Io(e)
    }
}
