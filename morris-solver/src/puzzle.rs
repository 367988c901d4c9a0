//! Puzzles from the tables: positions where exactly one move keeps the
//! value, the only move that keeps a won position won or the only move
//! that holds a drawn one; found by [`from_table`], written and read as
//! text, one a line ([`Puzzle`]'s `Display` and [`parse`]).
//!
//! ```text
//! # comment lines start with '#'
//! win   11  d7-d6xa1  <position text>
//! hold   6  g4-g1     <position text>
//! ```
//!
//! Fields are separated by tabs. `win N`: the side to move wins in N plies
//! with best play, and only the answer keeps a win. `hold N`: the position
//! is drawn, only the answer keeps the draw, and the quickest loss among
//! the other moves comes in N plies (the longer, the harder the trap is to
//! see). The position is the core's position text.

use std::fmt;

use morris_core::{Move, Position};

use crate::{Numbering, Table, Tablebase, Value};

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
/// buckets of `bucket`: positions are visited in the walk's order, at
/// most `want` × 400 of them; each bucket keeps up to `want`, and
/// `deal` takes from them in turn, so a bucket a class has few of leaves
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

/// Why a puzzle file cannot be read: the line (from 1) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("puzzle file, line {line}: {reason}")]
pub struct PuzzleFileError {
    pub line: usize,
    pub reason: String,
}

/// The most puzzles a file may hold, and the longest line: a file is a
/// few hundred lines of under a hundred characters.
const MAX_PUZZLES: usize = 5_000;
const MAX_LINE: usize = 400;

/// The puzzles of a file, in its order (the easiest first); `#` lines and
/// blank lines are skipped.
pub fn parse(text: &str) -> Result<Vec<Puzzle>, PuzzleFileError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fail = |reason: String| PuzzleFileError { line: i + 1, reason };
        if out.len() == MAX_PUZZLES {
            return Err(fail(format!("more than {MAX_PUZZLES} puzzles")));
        }
        if line.len() > MAX_LINE {
            return Err(fail(format!("longer than {MAX_LINE} characters")));
        }
        out.push(parse_line(line).map_err(fail)?);
    }
    Ok(out)
}

fn parse_line(line: &str) -> Result<Puzzle, String> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [kind, plies, answer, position] = fields[..] else {
        return Err(format!(
            "{} fields, not 4 (kind, plies, answer, position)",
            fields.len()
        ));
    };
    let kind = match kind {
        "win" => Kind::Win,
        "hold" => Kind::Hold,
        other => return Err(format!("`{other}` is neither `win` nor `hold`")),
    };
    let plies = plies
        .parse()
        .map_err(|_| format!("`{plies}` is not a number of plies"))?;
    let position: Position = position.parse().map_err(|e| format!("{e}"))?;
    if position.outcome().is_some() {
        return Err("the game is already over in this position".into());
    }
    let answer = position.parse_move(answer).map_err(|e| format!("{e}"))?;
    Ok(Puzzle {
        kind,
        plies,
        position,
        answer,
    })
}

#[cfg(test)]
mod tests {
    #![allow(clippy::expect_used)]
    use super::*;
    use morris_core::Rules;

    use crate::FullTable;

    fn shipped_3v3() -> (Tablebase, Table) {
        let bytes = include_bytes!("../../app/static/tb/nine-3v3.tb");
        let table = crate::read_for(bytes, &Rules::default()).expect("the app's 3v3 table");
        let mut tb = Tablebase::new(Rules::default());
        tb.insert(crate::read_for(bytes, &Rules::default()).expect("the app's 3v3 table"))
            .expect("one table");
        (tb, table)
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
            assert_eq!(parse(&format!("# a file\n{line}\n")), Ok(vec![p.clone()]));
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
