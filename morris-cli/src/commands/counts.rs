//! `morris tb counts`: for each table file, each side to move, the
//! positions won, drawn and lost, over every position and over the
//! classes of positions the board's symmetries map onto each other (each
//! orbit once), to hold the tables against published per-class figures.
//! A table holds positions at the start of a turn only: none has a
//! removal pending.

use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use morris_core::Color;
use morris_solver::Wdl;

use crate::error::CliError;
use crate::table_files::{every_table_file, read_table};

#[derive(Debug, Args)]
pub struct CountsArgs {
    /// A table file, or a folder of `.tb` files; repeat for several
    #[arg(long, value_name = "PATH", required = true)]
    pub table: Vec<PathBuf>,
}

fn wdl(w: Wdl) -> String {
    format!(
        "{} ({} won, {} drawn, {} lost)",
        w.total(),
        w.won,
        w.drawn,
        w.lost
    )
}

pub fn run(args: &CountsArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let files = every_table_file(&args.table)?;
    for file in &files {
        let table = read_table(file).map_err(CliError::input)?;
        let class = table.class();
        let rules = table.indexer().rules();
        for (side, counts) in [Color::Light, Color::Dark]
            .into_iter()
            .zip(table.counts_by_turn())
        {
            writeln!(
                out,
                "{rules} {}v{}, {side} to move: positions {}; up to symmetry {}",
                class.light,
                class.dark,
                wdl(counts.positions),
                wdl(counts.orbits)
            )?;
        }
    }
    Ok(())
}
