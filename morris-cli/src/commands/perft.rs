//! `morris perft`: count the turn sequences of a given length, the check of
//! the move generator. The count is the last line of the output.

use std::io::{self, Write};
use std::time::Instant;

use clap::{Args, ValueEnum};

use crate::error::CliError;
use crate::setup::PositionArgs;

/// Deeper than this needs `--force`: the counts grow about twentyfold a ply.
const MAX_DEPTH: u32 = 12;

/// What `perft` counts as one step.
#[derive(Clone, Copy, Debug, PartialEq, Eq, ValueEnum)]
pub enum Count {
    /// A whole turn, its removals included (`d6-d5xb4` is one step)
    Turns,
    /// A placement or slide, then each removal as its own ply, as some
    /// other mill programs count; a sequence may end before a removal
    Plies,
}

#[derive(Debug, Args)]
pub struct PerftArgs {
    /// Turns to look ahead (at most 12 without --force)
    pub depth: u32,

    /// First print the count below each legal turn, `d6: 12345`
    #[arg(long)]
    pub divide: bool,

    /// Allow a depth above 12
    #[arg(long)]
    pub force: bool,

    /// What one step is: a whole turn, or a ply with each removal its own ply
    #[arg(long, value_enum, default_value_t = Count::Turns)]
    pub count: Count,

    /// Print the time taken and nodes per second on stderr
    #[arg(long)]
    pub time: bool,

    #[command(flatten)]
    pub position: PositionArgs,
}

pub fn run(args: &PerftArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if args.depth > MAX_DEPTH && !args.force {
        return Err(CliError::input(format!(
            "depth {} is too large (the limit is {MAX_DEPTH}; add --force to go deeper)",
            args.depth
        )));
    }
    let game = args.position.game()?;
    let pos = game.position();
    let started = Instant::now();
    let total = if args.divide {
        let divided = match args.count {
            Count::Turns => morris_core::divide(pos, args.depth),
            Count::Plies => morris_core::divide_plies(pos, args.depth),
        };
        let mut rows: Vec<(String, u64)> = divided.into_iter().map(|(m, n)| (pos.notation(m), n)).collect();
        rows.sort();
        for (text, n) in &rows {
            writeln!(out, "{text}: {n}")?;
        }
        if args.depth == 0 {
            1
        } else {
            rows.iter().map(|(_, n)| n).sum()
        }
    } else {
        match args.count {
            Count::Turns => morris_core::perft(pos, args.depth),
            Count::Plies => morris_core::perft_plies(pos, args.depth),
        }
    };
    writeln!(out, "{total}")?;
    if args.time {
        let secs = started.elapsed().as_secs_f64();
        let nps = if secs > 0.0 { total as f64 / secs } else { 0.0 };
        let _ = writeln!(io::stderr(), "{total} nodes in {secs:.3} s ({nps:.0} nodes/s)");
    }
    Ok(())
}
