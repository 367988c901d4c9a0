//! `morris tb book`: solve placing positions down to the tables, ahead of
//! time, into a placing book (see [`morris_engine::Book`]).
//!
//! The positions come from a file (a position text or turns from the
//! start, one a line, as `morris match --openings` reads them) or from the
//! built-in match openings, and optionally every position a few turns
//! further. Each is solved exactly ([`Tablebases::placing_solve`]) and its line
//! is appended to the book as soon as it is solved, so a run cut short
//! keeps everything it finished; run again, it skips the positions the
//! book holds already (and their rotations and reflections). A position
//! that is not solved (a table missing, or past `--nodes`) is reported and
//! skipped, and the run ends with an error naming how many.

use std::collections::HashSet;
use std::fs::{self, File, OpenOptions};
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{mpsc, Arc};
use std::thread::JoinHandle;
use std::time::Instant;

use clap::Args;
use morris_core::{Position, Rules};
use morris_engine::{Book, PlacingMemo, PlacingSolve, Tablebases};
use morris_solver::{PlacingKey, Symmetries};

use super::r#match::openings;
use crate::error::CliError;
use crate::progress;
use crate::setup::{rules_from, RulesArgs};
use crate::table_files::{changed_tables, tablebase_of};

/// The most solves run side by side.
const MAX_BOOK_THREADS: usize = 64;

#[derive(Debug, Args)]
pub struct BookArgs {
    #[command(flatten)]
    pub rules: RulesArgs,

    /// A table file, or a folder of `.tb` files; repeat for several
    #[arg(long, value_name = "PATH", required = true)]
    pub table: Vec<PathBuf>,

    /// Positions to solve, one a line: a position text, or turns from the
    /// start (`d6 a1 f6 a7`); `#` starts a comment line
    #[arg(long, value_name = "FILE", required_unless_present = "openings")]
    pub positions: Option<PathBuf>,

    /// The first N built-in match openings of the variant (for Nine Men's
    /// Morris its 55 vetted ones), as `morris match` plays them
    #[arg(long, value_name = "N")]
    pub openings: Option<usize>,

    /// Also every position 1 to N turns further (each distinct up to the
    /// board's symmetries and still in the placing phase)
    #[arg(long, value_name = "N", default_value_t = 0)]
    pub replies: u8,

    /// The book file: made if missing; positions it holds already are not
    /// solved again, new ones are appended as each is solved
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,

    /// The most positions one solve may visit
    #[arg(long, value_name = "N", default_value_t = 2_000_000_000)]
    pub nodes: u64,

    /// Solves run side by side, each on its own thread
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: usize,
}

/// One solve's outcome, sent from a worker to the writer.
struct Done {
    index: usize,
    position: Position,
    solved: Result<PlacingSolve, String>,
    secs: f64,
}

pub fn run(args: &BookArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let rules = rules_from(args.rules.variant.as_deref(), &args.rules.set)?;
    if !(1..=MAX_BOOK_THREADS).contains(&args.threads) {
        return Err(CliError::input(format!(
            "--threads takes 1 to {MAX_BOOK_THREADS}"
        )));
    }
    if args.replies > 4 {
        return Err(CliError::input(
            "--replies takes 0 to 4 (each turn multiplies the positions by about twenty)",
        ));
    }
    let starts = starting_positions(args, rules)?;
    let tables = Arc::new(Tablebases::from_base(tablebase_of(rules, &args.table)?));
    let book = read_book(&args.out, out)?;
    let wanted = expand(&starts, args.replies, rules);
    let todo: Vec<Position> = wanted.iter().filter(|p| !book.contains(p)).copied().collect();
    writeln!(
        out,
        "{} positions: {} in the book already, {} to solve",
        wanted.len(),
        wanted.len() - todo.len(),
        todo.len()
    )?;
    out.flush()?;
    if todo.is_empty() {
        return Ok(());
    }
    let mut file = open_book(&args.out, &book)?;

    let todo = Arc::new(todo);
    let (send, receive) = mpsc::channel::<Done>();
    let workers = spawn_solvers(&todo, &tables, args.nodes, args.threads, &send);
    drop(send);

    let (mut written, mut failed) = (0usize, 0usize);
    let mut write_error = None;
    let bar = progress::bar(todo.len() as u64, "placing book", "positions");
    for done in receive {
        bar.inc(1);
        let Done {
            index,
            position,
            solved,
            secs,
        } = done;
        let head = format!("{}/{} {position}", index + 1, todo.len());
        let said = match solved {
            Ok(s) => {
                let line = Book::line(&position, s.result, &s.keep);
                if write_error.is_none() {
                    write_error = writeln!(file, "{line}").and_then(|()| file.flush()).err();
                }
                written += 1;
                format!(
                    "{}, {} of {} moves keep it ({} positions, {secs:.1} s)",
                    s.result.word(),
                    s.keep.len(),
                    position.legal_moves().len(),
                    s.nodes
                )
            }
            Err(e) => {
                failed += 1;
                format!("not solved: {e} ({secs:.1} s)")
            }
        };
        bar.suspend(|| writeln!(out, "{head}: {said}").and_then(|()| out.flush()))?;
    }
    bar.finish_and_clear();
    for w in workers {
        let _ = w.join();
    }
    if let Some(e) = write_error {
        return Err(CliError::input(format!(
            "cannot write {}: {e}",
            args.out.display()
        )));
    }
    writeln!(out, "{written} positions added to {}", args.out.display())?;
    changed_tables(&tables)?;
    if failed > 0 {
        return Err(CliError::input(format!(
            "{failed} of {} positions were not solved (see above); the others are in the book",
            todo.len()
        )));
    }
    Ok(())
}

/// The book file at `path`, opened to append; a new or empty one (with
/// `book` empty) gets the header line first.
fn open_book(path: &Path, book: &Book) -> Result<File, CliError> {
    let mut file = OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map_err(|e| CliError::input(format!("cannot write {}: {e}", path.display())))?;
    if book.is_empty() && fs::metadata(path).map(|m| m.len()).unwrap_or(0) == 0 {
        writeln!(
            file,
            "# Mulino placing book (`morris tb book`): POSITION ; RESULT ; MOVES THAT KEEP IT"
        )
        .map_err(|e| CliError::input(format!("cannot write {}: {e}", path.display())))?;
    }
    Ok(file)
}

/// Up to `threads` workers (no more than there are positions), each taking
/// the next unsolved position of `todo` until none is left (or the writer
/// is gone), solving it within `nodes` and sending the outcome on `send`.
fn spawn_solvers(
    todo: &Arc<Vec<Position>>,
    tables: &Arc<Tablebases>,
    nodes: u64,
    threads: usize,
    send: &mpsc::Sender<Done>,
) -> Vec<JoinHandle<()>> {
    let next = Arc::new(AtomicUsize::new(0));
    (0..threads.min(todo.len()))
        .map(|_| {
            let (todo, next, send, tables) = (todo.clone(), next.clone(), send.clone(), tables.clone());
            std::thread::spawn(move || {
                // Positions a worker solves one after another share their
                // proofs: replies to one opening meet the same subtrees.
                let mut memo = PlacingMemo::new();
                loop {
                    let index = next.fetch_add(1, Ordering::Relaxed);
                    let Some(&position) = todo.get(index) else {
                        break;
                    };
                    let started = Instant::now();
                    let solved = tables
                        .placing_solve(&position, &mut memo, nodes, &mut || false)
                        .map_err(|e| e.to_string());
                    let secs = started.elapsed().as_secs_f64();
                    if send
                        .send(Done {
                            index,
                            position,
                            solved,
                            secs,
                        })
                        .is_err()
                    {
                        break;
                    }
                }
            })
        })
        .collect()
}

/// The positions named by `--positions` and `--openings`, in that order.
fn starting_positions(args: &BookArgs, rules: Rules) -> Result<Vec<Position>, CliError> {
    let mut starts = Vec::new();
    if let Some(path) = &args.positions {
        let text = fs::read_to_string(path)
            .map_err(|e| CliError::input(format!("cannot read {}: {e}", path.display())))?;
        let list = openings::parse_file(&text, rules).map_err(CliError::input)?;
        starts.extend(list.iter().map(|o| *o.game().position()));
    }
    if let Some(count) = args.openings {
        let list = openings::built_in(rules, count, &mut |_, _| {});
        starts.extend(list.iter().map(|o| *o.game().position()));
    }
    for p in &starts {
        if *p.rules() != rules {
            return Err(CliError::input(format!(
                "{p}: the rules are not `{rules}` (set them with --variant and --set)"
            )));
        }
        Book::admits(p).map_err(|e| CliError::input(format!("{p}: {e}")))?;
    }
    if starts.is_empty() {
        return Err(CliError::input(
            "no position to solve: give --positions FILE or --openings N",
        ));
    }
    Ok(starts)
}

/// `starts` and every position up to `replies` turns after them, each
/// once up to the board's symmetries and one a book may hold; in order of
/// depth.
fn expand(starts: &[Position], replies: u8, rules: Rules) -> Vec<Position> {
    let syms = Symmetries::of(rules.geometry());
    let mut seen: HashSet<PlacingKey> = HashSet::new();
    let mut layer: Vec<Position> = starts
        .iter()
        .filter(|p| seen.insert(syms.placing_key(p)))
        .copied()
        .collect();
    let mut all = Vec::new();
    for depth in 0..=replies {
        all.extend(layer.iter().copied());
        if depth == replies {
            break;
        }
        let mut next = Vec::new();
        for p in &layer {
            for m in p.legal_moves() {
                let child = p.play(m);
                if Book::admits(&child).is_ok() && seen.insert(syms.placing_key(&child)) {
                    next.push(child);
                }
            }
        }
        layer = next;
    }
    all
}

/// The book already at `path` (empty if there is none). A last line
/// without its end, left by a run that was cut short while writing it,
/// is dropped from the file first.
fn read_book(path: &Path, out: &mut dyn Write) -> Result<Book, CliError> {
    let mut text = match fs::read_to_string(path) {
        Ok(text) => text,
        Err(e) if e.kind() == std::io::ErrorKind::NotFound => return Ok(Book::new()),
        Err(e) => return Err(CliError::input(format!("cannot read {}: {e}", path.display()))),
    };
    if !text.is_empty() && !text.ends_with('\n') {
        let keep = text.rfind('\n').map_or(0, |i| i + 1);
        writeln!(
            out,
            "dropped an unfinished last line from {}: {}",
            path.display(),
            text[keep..].chars().take(80).collect::<String>()
        )?;
        text.truncate(keep);
        fs::write(path, &text)
            .map_err(|e| CliError::input(format!("cannot write {}: {e}", path.display())))?;
    }
    Book::parse(&text).map_err(|e| CliError::input(format!("{}: {e}", path.display())))
}
