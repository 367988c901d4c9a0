//! `morris tb puzzles`: positions where exactly one move keeps the value,
//! found in endgame tables ([`morris_solver::puzzle`]): the only move that
//! keeps a won position won, or the only move that holds a drawn one.
//! Written one a line for the app to serve offline.
//! The file format is documented there.

use std::fs;
use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use morris_solver::puzzle::from_table;

use crate::error::CliError;
use crate::setup::{rules_from, RulesArgs};
use crate::table_files::{every_table_file, read_table, tablebase_of};

#[derive(Debug, Args)]
pub struct PuzzlesArgs {
    #[command(flatten)]
    pub rules: RulesArgs,

    /// A table file, or a folder of `.tb` files; repeat for several. Every
    /// class a puzzle's moves lead to must be there too (a position whose
    /// moves cannot all be valued is passed over)
    #[arg(long, value_name = "PATH", required = true)]
    pub table: Vec<PathBuf>,

    /// How many puzzles to write, spread over the classes and over lengths
    #[arg(long, value_name = "N", default_value_t = 300)]
    pub count: usize,

    /// The shortest win a puzzle may have, in plies (1: the answer wins at once)
    #[arg(long, value_name = "PLIES", default_value_t = 3)]
    pub min_plies: u16,

    /// Where to start the walk through each table (the same seed gives the same puzzles)
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,

    /// The file to write (standard output if missing)
    #[arg(long, value_name = "FILE")]
    pub out: Option<PathBuf>,
}

pub fn run(args: &PuzzlesArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let rules = rules_from(args.rules.variant.as_deref(), &args.rules.set)?;
    let tb = tablebase_of(rules, &args.table)?;
    let files = every_table_file(&args.table)?;
    let per_table = args.count.div_ceil(files.len());
    let mut text = format!(
        "# Mulino puzzles of `{rules}`, made by `morris tb puzzles` (seed {}): kind, plies, answer, position\n",
        args.seed
    );
    let mut total = 0;
    let bar = crate::progress::bar(files.len() as u64, "puzzles", "tables");
    for file in &files {
        bar.set_message(format!("puzzles in {}", file.display()));
        let table = read_table(file).map_err(CliError::input)?;
        let want = per_table.min(args.count - total);
        let found = from_table(&tb, &table, want, args.min_plies, args.seed);
        let class = table.class();
        text.push_str(&format!(
            "# {}v{}: {} puzzles\n",
            class.light,
            class.dark,
            found.len()
        ));
        for p in &found {
            text.push_str(&format!("{p}\n"));
        }
        total += found.len();
        bar.inc(1);
    }
    bar.finish_and_clear();
    match &args.out {
        Some(path) => {
            fs::write(path, &text)
                .map_err(|e| CliError::input(format!("cannot write {}: {e}", path.display())))?;
            writeln!(out, "{total} puzzles written to {}", path.display())?;
        }
        None => out.write_all(text.as_bytes())?,
    }
    Ok(())
}
