//! `morris suite`: a placing book used as a test suite. Each of its
//! positions is given to a fresh engine, and its move is checked against
//! the moves the book says keep the value: as a chess engine is run over
//! a suite of test positions with their best moves, but here every answer
//! is exact, from the solve that wrote the book.
//!
//! `docs/suites/` holds such books (the placing positions where the app's
//! engine gave a drawn Nine away against perfect play); `morris tb book`
//! and the loss checks of `scripts/first-loss.py` make more. The engine
//! plays each position as `morris engine` plays it at level 10 after
//! `ucinewgame` and `go nodes N`, with the tables given and without the
//! book, so a change to the search or its limits is measured in minutes
//! instead of a match of hours.

use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use clap::Args;
use morris_core::Game;
use morris_engine::{Book, Limits, PlacingLimits, Searcher, StdClock, MAX_PLACING_EFFORT};

use crate::error::CliError;
use crate::setup::check_search_resources;
use crate::table_files::{changed_tables, shared_tables};

#[derive(Debug, Args)]
pub struct SuiteArgs {
    /// The suite: a placing book (`POSITION ; RESULT ; MOVES` a line, as `morris tb book` writes)
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Search each position for this many nodes
    #[arg(long, value_name = "N", default_value_t = 1_000_000,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub nodes: u64,

    /// Search placing positions this many times longer, as `morris engine --placing-effort`
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_PLACING_EFFORT)))]
    pub placing_effort: u32,

    /// Solve the rest of the placing exactly with this many placements left
    /// or fewer, given every table it ends in, as `morris engine
    /// --placing-solve-plies`; 0 leaves the whole placing to the search
    /// (which still reads the tables past it)
    #[arg(long, value_name = "N", default_value_t = PlacingLimits::default().plies)]
    pub placing_solve_plies: u8,

    /// Transposition table size in megabytes
    #[arg(long, value_name = "MB", default_value_t = 16)]
    pub hash: usize,

    /// Endgame table files or folders of them, as the engine would have them
    #[arg(long = "tables", value_name = "PATH")]
    pub tables: Vec<PathBuf>,
}

pub fn run(args: &SuiteArgs, out: &mut dyn Write) -> Result<(), CliError> {
    check_search_resources(args.hash, 1)?;
    let path = args.file.display();
    let text =
        fs::read_to_string(&args.file).map_err(|e| CliError::input(format!("cannot read {path}: {e}")))?;
    let book = Book::parse(&text).map_err(|e| CliError::input(format!("{path}: {e}")))?;
    if book.is_empty() {
        return Err(CliError::input(format!("{path} holds no position")));
    }
    let tables = shared_tables(&args.tables)?;
    let mut searcher = Searcher::new(args.hash);
    searcher.set_tables(tables.clone());
    searcher.set_placing_effort(args.placing_effort);
    searcher.set_placing_limits(PlacingLimits {
        plies: args.placing_solve_plies,
        ..PlacingLimits::default()
    });
    let clock = StdClock::new();
    let stop = AtomicBool::new(false);

    let entries = book.entries();
    let bar = crate::progress::bar(entries.len() as u64, "suite", "positions");
    let mut kept = 0;
    let mut nodes = 0u64;
    for (i, (position, result, keep)) in entries.iter().enumerate() {
        searcher.clear();
        let game = Game::from_position(*position);
        let found = searcher.search_game(&game, Limits::nodes(args.nodes), &clock, &stop, |_| {});
        nodes = nodes.saturating_add(found.nodes);
        let played = found.best.map_or("none".to_string(), |m| position.notation(m));
        let keeps = found.best.is_some_and(|m| keep.contains(&m));
        kept += usize::from(keeps);
        let list: Vec<String> = keep.iter().map(|&m| position.notation(m)).collect();
        let line = format!(
            "{:>4} {:<6} {played:<9} {} of {} keep the {}: {}",
            i + 1,
            if keeps { "keeps" } else { "LOSES" },
            keep.len(),
            position.legal_moves().len(),
            result.word(),
            list.join(" "),
        );
        bar.inc(1);
        bar.suspend(|| writeln!(out, "{line}"))?;
    }
    bar.finish_and_clear();
    writeln!(
        out,
        "kept {kept} of {} at {} nodes a move{} ({nodes} nodes in all)",
        entries.len(),
        args.nodes,
        match args.placing_effort {
            1 => String::new(),
            n => format!(", {n} times that in the placing"),
        }
    )?;
    tables.as_deref().map_or(Ok(()), changed_tables)
}
