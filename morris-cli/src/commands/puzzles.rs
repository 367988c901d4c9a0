//! `morris tb puzzles`: positions where exactly one move keeps the value,
//! found in endgame tables: the only move that keeps a won position won,
//! or the only move that holds a drawn one. Written one a line for the app
//! to serve offline and check answers by the same tables.
//!
//! The file is text, one puzzle a line, fields separated by tabs:
//!
//! ```text
//! # comment lines start with '#'
//! win   11  d7-d6xa1  <position text>
//! hold   6  g4-g1     <position text>
//! ```
//!
//! `win N`: the side to move wins in N plies with best play, and only the
//! answer keeps a win. `hold N`: the position is drawn, only the answer
//! keeps the draw, and the quickest loss among the other moves comes in N
//! plies (the longer, the harder the trap is to see). The position is
//! written as `morris show --position` reads it.

use std::fmt;
use std::fs;
use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use morris_core::{Move, Position};
use morris_solver::{Table, Tablebase, Value};

use crate::error::CliError;
use crate::setup::{rules_from, RulesArgs};
use crate::table_files::{read_table, table_files, tablebase_of};

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

/// What the player must find.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The only move that keeps the win; `plies` to the win with best play.
    Win,
    /// The only move that keeps the draw; `plies` to the quickest loss
    /// among the other moves.
    Hold,
}

/// One puzzle: a position, its only good move and how long its line is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub kind: Kind,
    pub plies: u16,
    pub answer: Move,
    pub position: Position,
}

impl fmt::Display for Puzzle {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let kind = match self.kind {
            Kind::Win => "win",
            Kind::Hold => "hold",
        };
        let answer = self.position.notation(self.answer);
        write!(f, "{kind}\t{}\t{answer}\t{}", self.plies, self.position)
    }
}

/// The puzzle `pos` makes, if exactly one of its moves keeps its value
/// (and every move can be valued by the tables). A position with a single
/// legal move is no puzzle, nor is a lost one.
pub fn puzzle_at(tb: &Tablebase, pos: &Position, min_plies: u16) -> Option<Puzzle> {
    if pos.terminal().is_some() {
        return None;
    }
    let value = tb.probe(pos)?;
    let moves = pos.legal_moves();
    if moves.len() < 2 {
        return None;
    }
    let mut keeping = None;
    let mut quickest_loss = u16::MAX;
    for &m in &moves {
        let after = tb.probe(&pos.play(m))?.back();
        match (value, after) {
            (Value::Win(_), Value::Win(_)) | (Value::Draw, Value::Draw) if keeping.replace(m).is_some() => {
                return None;
            }
            (Value::Win(_), Value::Win(_)) | (Value::Draw, Value::Draw) => {}
            (_, Value::Loss(d)) => quickest_loss = quickest_loss.min(d),
            _ => {}
        }
    }
    let answer = keeping?;
    let (kind, plies) = match value {
        Value::Win(n) if n >= min_plies => (Kind::Win, n),
        Value::Draw => (Kind::Hold, quickest_loss),
        _ => return None,
    };
    Some(Puzzle {
        kind,
        plies,
        answer,
        position: *pos,
    })
}

/// The lengths puzzles are spread over, so that a file has easy and hard
/// ones: wins of up to 3, 7, 15 and more plies, and holds.
fn bucket(p: &Puzzle) -> usize {
    match (p.kind, p.plies) {
        (Kind::Hold, _) => 4,
        (_, 0..=3) => 0,
        (_, 4..=7) => 1,
        (_, 8..=15) => 2,
        _ => 3,
    }
}

const BUCKETS: usize = 5;

/// A small generator of the walk's positions (xorshift64*): the same seed
/// gives the same walk on every machine.
struct Walk(u64);

impl Walk {
    fn next(&mut self, below: u64) -> u64 {
        self.0 ^= self.0 >> 12;
        self.0 ^= self.0 << 25;
        self.0 ^= self.0 >> 27;
        self.0.wrapping_mul(0x2545_F491_4F6C_DD1D) % below.max(1)
    }
}

/// Up to `want` puzzles from the positions of `table`, spread over the
/// buckets of [`bucket`]: positions are visited in the walk's order, at
/// most `want` × 400 of them; each bucket keeps up to `want`, and
/// [`deal`] takes from them in turn, so a bucket a class has few of leaves
/// its share to the others.
pub fn from_table(tb: &Tablebase, table: &Table, want: usize, min_plies: u16, seed: u64) -> Vec<Puzzle> {
    let mut walk = Walk(seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1);
    let mut buckets: [Vec<Puzzle>; BUCKETS] = Default::default();
    let len = table.indexer().len();
    let share = want.div_ceil(BUCKETS);
    for _ in 0..want.saturating_mul(400) {
        if buckets.iter().all(|b| b.len() >= share) || buckets.iter().any(|b| b.len() >= want) {
            break;
        }
        let Some(pos) = table.indexer().position(walk.next(len)) else {
            continue;
        };
        if let Some(p) = puzzle_at(tb, &pos, min_plies) {
            let b = &mut buckets[bucket(&p)];
            if b.len() < want && !b.iter().any(|q| q.position == p.position) {
                b.push(p);
            }
        }
    }
    deal(buckets, want)
}

/// Takes from each bucket in turn until `want` are taken or all are empty,
/// then sorts by length, the easiest first.
fn deal(buckets: [Vec<Puzzle>; BUCKETS], want: usize) -> Vec<Puzzle> {
    let mut iters = buckets.map(Vec::into_iter);
    let mut out = Vec::with_capacity(want);
    while out.len() < want {
        let before = out.len();
        for it in &mut iters {
            if out.len() < want {
                out.extend(it.next());
            }
        }
        if out.len() == before {
            break;
        }
    }
    out.sort_by_key(|p| (p.kind == Kind::Hold, p.plies));
    out
}

pub fn run(args: &PuzzlesArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let rules = rules_from(args.rules.variant.as_deref(), &args.rules.set)?;
    let tb = tablebase_of(rules, &args.table)?;
    let mut files = Vec::new();
    for path in &args.table {
        files.extend(table_files(path).map_err(CliError::input)?);
    }
    if files.is_empty() {
        return Err(CliError::input(
            "no table files found in the given paths".to_string(),
        ));
    }
    let per_table = args.count.div_ceil(files.len());
    let mut text = format!(
        "# Mulino puzzles of `{rules}`, made by `morris tb puzzles` (seed {}): kind, plies, answer, position\n",
        args.seed
    );
    let mut total = 0;
    for file in &files {
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
    }
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

#[cfg(test)]
mod tests {
    #![allow(clippy::expect_used)]
    use super::*;
    use morris_core::Rules;
    use morris_solver::FullTable;

    fn shipped_3v3() -> (Tablebase, Table) {
        let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../app/static/tb/nine-3v3.tb");
        let tb = tablebase_of(Rules::default(), std::slice::from_ref(&path)).expect("the app's 3v3 table");
        (tb, read_table(&path).expect("the app's 3v3 table"))
    }

    /// The value of `pos` by the unreduced table, solved here from nothing:
    /// another numbering of the positions than the files' (no symmetries).
    fn full_value(full: &FullTable, pos: &Position) -> Value {
        if let Some(o) = pos.terminal() {
            return Value::of_outcome(o, pos.turn());
        }
        let index = full.indexer().index(pos).expect("a 3v3 position");
        full.value(index).expect("a solved entry")
    }

    #[test]
    fn every_puzzle_has_exactly_one_move_that_keeps_its_value_by_an_independent_table() {
        let (tb, table) = shipped_3v3();
        let full = Tablebase::new(Rules::default())
            .solve_unreduced(3, 3)
            .expect("3v3 solves");
        let puzzles = from_table(&tb, &table, 30, 1, 7);
        assert!(puzzles.len() >= 10, "only {} puzzles", puzzles.len());
        assert!(puzzles.iter().any(|p| p.kind == Kind::Win) && puzzles.iter().any(|p| p.kind == Kind::Hold));
        for p in &puzzles {
            let value = full_value(&full, &p.position);
            let keeps: Vec<Move> = p
                .position
                .legal_moves()
                .into_iter()
                .filter(|&m| {
                    let after = full_value(&full, &p.position.play(m)).back();
                    matches!(
                        (value, after),
                        (Value::Win(_), Value::Win(_)) | (Value::Draw, Value::Draw)
                    )
                })
                .collect();
            assert_eq!(keeps, vec![p.answer], "{p}");
            match p.kind {
                Kind::Win => assert_eq!(value, Value::Win(p.plies), "{p}"),
                Kind::Hold => assert_eq!(value, Value::Draw, "{p}"),
            }
        }
    }

    #[test]
    fn a_line_reads_back_as_the_same_position_and_answer() {
        let (tb, table) = shipped_3v3();
        for p in from_table(&tb, &table, 10, 3, 3) {
            let line = p.to_string();
            let fields: Vec<&str> = line.split('\t').collect();
            assert_eq!(fields.len(), 4, "{line}");
            let pos: Position = fields[3].parse().expect("the position reads back");
            assert_eq!(pos, p.position);
            let answer = pos.parse_move(fields[2]).expect("the answer reads back");
            assert_eq!(answer, p.answer);
        }
    }

    #[test]
    fn the_same_seed_gives_the_same_puzzles_and_another_seed_others() {
        let (tb, table) = shipped_3v3();
        let a = from_table(&tb, &table, 8, 3, 11);
        assert_eq!(a, from_table(&tb, &table, 8, 3, 11));
        assert_ne!(a, from_table(&tb, &table, 8, 3, 12));
    }
}
