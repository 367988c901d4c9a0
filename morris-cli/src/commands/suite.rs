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
//! instead of a match of hours. `--eval` and `--net` choose the
//! evaluation as `morris engine`'s do; `--jobs N` searches N positions at
//! once, each with a fresh engine of its own (the same moves as one job at
//! a time: a search by nodes does not depend on the machine).

use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use clap::Args;
use morris_core::{Game, Move, Position};
use morris_engine::{Book, Limits, PlacingLimits, Searcher, StdClock, Wdl, MAX_PLACING_EFFORT};

use crate::error::CliError;
use crate::evaluation::EvalArgs;
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

    /// Positions searched at once, each by an engine of its own
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u16).range(1..=64))]
    pub jobs: u16,

    #[command(flatten)]
    pub evaluation: EvalArgs,
}

/// What one position of the suite came to.
struct Verdict {
    keeps: bool,
    nodes: u64,
    line: String,
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
    let network = args.evaluation.network()?;
    let entries = book.entries();
    let bar = crate::progress::bar(entries.len() as u64, "suite", "positions");
    let jobs = usize::from(args.jobs).min(entries.len()).max(1);
    let mut verdicts: Vec<Option<Verdict>> = (0..entries.len()).map(|_| None).collect();
    std::thread::scope(|scope| {
        let handles: Vec<_> = (0..jobs)
            .map(|job| {
                let (tables, network, bar, entries) = (tables.clone(), network.clone(), &bar, &entries);
                scope.spawn(move || {
                    let mut searcher = Searcher::new(args.hash);
                    searcher.set_tables(tables);
                    searcher.set_network(network);
                    searcher.set_placing_effort(args.placing_effort);
                    searcher.set_placing_limits(PlacingLimits {
                        plies: args.placing_solve_plies,
                        ..PlacingLimits::default()
                    });
                    let mine = entries.iter().enumerate().skip(job).step_by(jobs);
                    mine.map(|(i, entry)| {
                        let verdict = judge(&mut searcher, args.nodes, i, entry);
                        bar.inc(1);
                        (i, verdict)
                    })
                    .collect::<Vec<_>>()
                })
            })
            .collect();
        for handle in handles {
            for (i, verdict) in handle.join().unwrap_or_default() {
                if let Some(slot) = verdicts.get_mut(i) {
                    *slot = Some(verdict);
                }
            }
        }
    });
    let (mut kept, mut nodes) = (0usize, 0u64);
    for verdict in verdicts.iter().flatten() {
        kept += usize::from(verdict.keeps);
        nodes = nodes.saturating_add(verdict.nodes);
        bar.suspend(|| writeln!(out, "{}", verdict.line))?;
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

/// Searches the suite's `i`-th position with a fresh engine and checks its
/// move against those that keep the value.
fn judge(searcher: &mut Searcher, node_limit: u64, i: usize, entry: &(Position, Wdl, Vec<Move>)) -> Verdict {
    let (position, result, keep) = entry;
    let clock = StdClock::new();
    let stop = AtomicBool::new(false);
    searcher.clear();
    let game = Game::from_position(*position);
    let found = searcher.search_game(&game, Limits::nodes(node_limit), &clock, &stop, |_| {});
    let played = found.best.map_or("none".to_string(), |m| position.notation(m));
    let keeps = found.best.is_some_and(|m| keep.contains(&m));
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
    Verdict {
        keeps,
        nodes: found.nodes,
        line,
    }
}
