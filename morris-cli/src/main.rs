//! `morris`: perft, legal moves and boards of the mill games, the engine
//! and its bench and match runner, from the command line. Each subcommand lives in its own module under `commands`;
//! adding one is a variant of [`Command`] and a line in [`dispatch`].

mod commands;
mod diagram;
mod error;
mod evaluation;
mod progress;
mod setup;
mod table_files;

use std::io::{self, Write};
use std::process::ExitCode;

use clap::error::ErrorKind;
use clap::{Parser, Subcommand};

use crate::commands::{bench, engine, eval, moves, perft, r#match, review, show, suite, tb};
use crate::error::CliError;

/// Perft, legal moves, boards and the engine of the mill games (Nine Men's Morris and its family).
#[derive(Debug, Parser)]
#[command(name = "morris", version, after_help = setup::options_help())]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Count the turn sequences of a given length; the count is the last line
    Perft(perft::PerftArgs),
    /// List the legal turns of the position, one per line
    Moves(moves::MovesArgs),
    /// Draw the board and describe the position
    Show(show::ShowArgs),
    /// Run the engine on a UCI-style line protocol on stdin and stdout
    Engine(engine::EngineArgs),
    /// What the evaluation counts in a position, term by term (or, with --records, CSV for tuning)
    Eval(eval::EvalArgs),
    /// Search fixed positions to a fixed depth; prints the node total and nodes per second
    Bench(bench::BenchArgs),
    /// Play two engine commands against each other and report W/D/L, Elo and SPRT
    Match(r#match::MatchArgs),
    /// Go through a recorded game and mark the turns that gave something away
    Review(review::ReviewArgs),
    /// Give each position of a placing book to the engine and count the moves that keep its value
    Suite(suite::SuiteArgs),
    /// Endgame tables: generate a class's table into a file, probe a position
    Tb(tb::TbArgs),
}

fn dispatch(command: &Command, out: &mut dyn Write) -> Result<(), CliError> {
    match command {
        Command::Perft(args) => perft::run(args, out),
        Command::Moves(args) => moves::run(args, out),
        Command::Show(args) => show::run(args, out),
        Command::Engine(args) => engine::run(args),
        Command::Eval(args) => eval::run(args, out),
        Command::Bench(args) => bench::run(args, out),
        Command::Match(args) => r#match::run(args, out),
        Command::Review(args) => review::run(args, out),
        Command::Suite(args) => suite::run(args, out),
        Command::Tb(args) => tb::run(args, out),
    }
}

fn main() -> ExitCode {
    let cli = match Cli::try_parse() {
        Ok(cli) => cli,
        Err(e) => return usage_error(&e),
    };
    // Not locked for the whole run: the engine's search thread writes too.
    let mut out = io::stdout();
    match dispatch(&cli.command, &mut out).and_then(|()| out.flush().map_err(CliError::from)) {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that stopped early (`morris moves | head`) is no error.
        Err(CliError::Io(e)) if e.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(e) => {
            let _ = writeln!(io::stderr(), "morris: {e}");
            ExitCode::FAILURE
        }
    }
}

/// Help and version as clap prints them; any other command-line error as
/// one line, like the errors of the commands.
fn usage_error(e: &clap::Error) -> ExitCode {
    match e.kind() {
        ErrorKind::DisplayHelp | ErrorKind::DisplayVersion => {
            let _ = e.print();
            ExitCode::SUCCESS
        }
        ErrorKind::DisplayHelpOnMissingArgumentOrSubcommand => {
            let _ = e.print();
            ExitCode::from(2)
        }
        _ => {
            // The first paragraph says what is wrong, sometimes over two
            // lines (the missing arguments); usage and tips follow it.
            let text = e.to_string();
            let paragraph: Vec<&str> = text
                .lines()
                .take_while(|l| !l.trim().is_empty())
                .map(str::trim)
                .collect();
            let joined = paragraph.join(" ");
            let message = joined.strip_prefix("error: ").unwrap_or(&joined);
            let _ = writeln!(io::stderr(), "morris: {message} (see `morris help`)");
            ExitCode::from(2)
        }
    }
}
