//! `morris tb counts`: for each table file, each side to move, the
//! positions won, drawn and lost, over every position and over the
//! classes of positions the board's symmetries map onto each other (each
//! orbit once), to hold the tables against published per-class figures.
//! A table holds positions at the start of a turn only: none has a
//! removal pending.
//!
//! The last line sums the ordered classes with light to move (`LvD`
//! with light to move, and its mirror `DvL` with light to move, which
//! is `LvD` with dark to move with the colours swapped: the same counts
//! for the side to move), each once: Nine's 28 files are its 49 ordered
//! classes.

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

/// Adds `b` to `a`.
fn add(a: &mut Wdl, b: Wdl) {
    a.won += b.won;
    a.drawn += b.drawn;
    a.lost += b.lost;
}

pub fn run(args: &CountsArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let files = every_table_file(&args.table)?;
    let (mut classes, mut positions, mut orbits) = (0, Wdl::default(), Wdl::default());
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
            // Light to move in this class or (dark to move) in its mirror;
            // a class that is its own mirror is counted once.
            if side == Color::Light || class.light != class.dark {
                classes += 1;
                add(&mut positions, counts.positions);
                add(&mut orbits, counts.orbits);
            }
        }
    }
    writeln!(
        out,
        "{classes} ordered classes with light to move: positions {}; up to symmetry {}",
        wdl(positions),
        wdl(orbits)
    )?;
    Ok(())
}
