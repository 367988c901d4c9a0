//! The placing book: exact solves of placing positions, made ahead of time.
//!
//! [`Tablebases::placing_solve`] solves the rest of a placing phase down to the
//! endgame tables, but early in the placing that costs far more than a
//! move's time (in Nine Men's Morris with 14 placements left, 12 to 200
//! million positions: half a minute to three minutes). A book keeps such
//! solves: for each position, its value (win, draw or loss for the side to
//! move) and every move that keeps it. `morris tb book` makes one from the
//! tables. The search then treats a book position as it treats a solved
//! one: it chooses only among the moves that keep the value, so a drawn
//! position is never placed into a lost one however short its horizon.
//!
//! A book is text, one position a line, so it can be read, diffed and
//! extended by hand:
//!
//! ```text
//! # comments and empty lines are skipped
//! six .../.LD/..../..L/D.. L 4/4 0/0 - ; draw ; c2 b2 c5 e5 e3 e1 c1 a3 a5
//! ```
//!
//! Three fields separated by `;`: the position text, `win`, `draw` or
//! `loss`, and the moves that keep it in the notation of the position.
//! One entry answers for every rotation and reflection of its position
//! too (the moves are mapped onto the board asked about).
//!
//! ```
//! use morris_engine::{Book, Wdl};
//! use morris_core::Position;
//!
//! let book = Book::parse("six .../.LD/..../..L/D.. L 4/4 0/0 - ; draw ; c2 b2").unwrap();
//! let pos: Position = "six .../.LD/..../..L/D.. L 4/4 0/0 -".parse().unwrap();
//! let entry = book.lookup(&pos).unwrap();
//! assert_eq!(entry.result, Wdl::Draw);
//! assert_eq!(entry.keep.len(), 2);
//! ```
//!
//! # Referee's decisions
//! - **Only placing positions** are in a book, and only of rules without
//!   moves during the placing: there no position repeats and no draw
//!   counter runs, so the history-free value the solve finds is the value
//!   of the real game. A position with a re-forming ban pending is never
//!   answered (the solved game has no such ban).
//! - **A book is trusted as written.** Parsing checks that every line is a
//!   placing position with legal moves, not that the value is right: that
//!   takes the tables. `morris tb book` writes only what it solved.
//! - **One line per position.** A second line for the same position (or a
//!   rotation or reflection of it) is an error, not an override: two
//!   answers for one position mean one of them is wrong.

use std::collections::HashMap;

use thiserror::Error;

use morris_core::{Color, Move, MoveError, Position, PositionTextError, Rules};
use morris_solver::{PlacingKey, Symmetries};

use super::tablebase::{KeptBy, PlacingSolve, Wdl};

/// The longest book line read, in bytes.
pub const MAX_BOOK_LINE: usize = 4096;

/// A placing book: positions with their exact value and the moves that keep it.
#[derive(Clone, Debug, Default)]
pub struct Book {
    /// Per rule set: the board's symmetries and the entries, keyed by the
    /// smallest image of their position.
    by_rules: HashMap<Rules, Shelf>,
    len: usize,
}

/// `" (line N)"`, where an entry came from a line.
fn at_line(line: &Option<usize>) -> String {
    line.map_or(String::new(), |n| format!(" (line {n})"))
}

#[derive(Clone, Debug)]
struct Shelf {
    syms: Symmetries,
    entries: HashMap<PlacingKey, Entry>,
}

#[derive(Clone, Debug)]
struct Entry {
    position: Position,
    result: Wdl,
    keep: Vec<Move>,
    /// Its place among the entries, in the order they were added.
    seq: usize,
    /// The line it was read from (1 for the first), for errors; `None`
    /// for an entry added by [`Book::insert`].
    line: Option<usize>,
}

/// A book line that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("book line {line}: {kind}")]
pub struct BookError {
    /// The line, 1 for the first.
    pub line: usize,
    pub kind: BookErrorKind,
}

/// What is wrong with a book line.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum BookErrorKind {
    #[error("write `POSITION ; RESULT ; MOVES`, three fields separated by `;`")]
    Fields,
    #[error("the line is longer than {MAX_BOOK_LINE} bytes")]
    TooLong,
    #[error(transparent)]
    Position(#[from] PositionTextError),
    #[error("the position is not in the placing phase (a book holds placing positions only)")]
    NotPlacing,
    #[error("the rules move pieces during the placing, which a book does not cover")]
    MovesInPlacing,
    #[error("a re-forming ban is pending, which a book does not cover")]
    Ban,
    #[error("`{0}` is not a result: write win, draw or loss")]
    Result(String),
    #[error("move `{text}`: {error}")]
    Move { text: String, error: MoveError },
    #[error("`{0}` is not a legal turn in the position")]
    NotLegal(String),
    #[error("`{0}` is written twice")]
    RepeatedMove(String),
    #[error("no move is given: at least one move keeps a position's value")]
    NoMoves,
    #[error("the book holds this position already{} (or a rotation or reflection of it)", at_line(.0))]
    Duplicate(Option<usize>),
}

impl Book {
    /// An empty book.
    pub fn new() -> Book {
        Book::default()
    }

    /// Reads a book (see the module's documentation for the format).
    pub fn parse(text: &str) -> Result<Book, BookError> {
        let mut book = Book::new();
        book.extend(text)?;
        Ok(book)
    }

    /// Adds the entries of a book text; on an error nothing of `text` is
    /// added.
    pub fn extend(&mut self, text: &str) -> Result<(), BookError> {
        let mut more = self.clone();
        for (i, raw) in text.lines().enumerate() {
            let line = i + 1;
            let at = |kind: BookErrorKind| BookError { line, kind };
            if raw.len() > MAX_BOOK_LINE {
                return Err(at(BookErrorKind::TooLong));
            }
            let trimmed = raw.trim();
            if trimmed.is_empty() || trimmed.starts_with('#') {
                continue;
            }
            let (position, result, keep) = parse_line(trimmed).map_err(at)?;
            more.insert_at(&position, result, &keep, Some(line)).map_err(at)?;
        }
        *self = more;
        Ok(())
    }

    /// Adds a position's value and the moves that keep it (each must be
    /// legal there).
    pub fn insert(&mut self, position: &Position, result: Wdl, keep: &[Move]) -> Result<(), BookErrorKind> {
        self.insert_at(position, result, keep, None)
    }

    fn insert_at(
        &mut self,
        position: &Position,
        result: Wdl,
        keep: &[Move],
        line: Option<usize>,
    ) -> Result<(), BookErrorKind> {
        Book::admits(position)?;
        if keep.is_empty() {
            return Err(BookErrorKind::NoMoves);
        }
        for (i, &m) in keep.iter().enumerate() {
            if !position.is_legal(m) {
                return Err(BookErrorKind::NotLegal(position.notation(m)));
            }
            if keep[..i].contains(&m) {
                return Err(BookErrorKind::RepeatedMove(position.notation(m)));
            }
        }
        let rules = *position.rules();
        let shelf = self.by_rules.entry(rules).or_insert_with(|| Shelf {
            syms: Symmetries::of(rules.geometry()),
            entries: HashMap::new(),
        });
        let key = shelf.syms.placing_key(position);
        if let Some(old) = shelf.entries.get(&key) {
            return Err(BookErrorKind::Duplicate(old.line));
        }
        shelf.entries.insert(
            key,
            Entry {
                position: *position,
                result,
                keep: keep.to_vec(),
                seq: self.len,
                line,
            },
        );
        self.len += 1;
        Ok(())
    }

    /// How many positions it holds.
    pub fn len(&self) -> usize {
        self.len
    }

    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Whether it holds `position` (or a rotation or reflection of it).
    pub fn contains(&self, position: &Position) -> bool {
        self.find(position).is_some()
    }

    /// The value of `position` and the moves that keep it, on its own
    /// board (an entry written for a rotation or reflection of it is
    /// mapped onto it), in the order of move generation (`nodes` is 0 and
    /// `book` true).
    /// `None` if the book does not hold it.
    pub fn lookup(&self, position: &Position) -> Option<PlacingSolve> {
        let (shelf, entry) = self.find(position)?;
        // The symmetry that takes the entry's board onto the one asked.
        let (light, dark) = (position.pieces(Color::Light), position.pieces(Color::Dark));
        let from = (
            entry.position.pieces(Color::Light),
            entry.position.pieces(Color::Dark),
        );
        let k = (0..shelf.syms.len())
            .find(|&k| (shelf.syms.map(k, from.0), shelf.syms.map(k, from.1)) == (light, dark))?;
        let mapped: Vec<Move> = entry.keep.iter().map(|&m| map_move(&shelf.syms, k, m)).collect();
        let keep: Vec<Move> = position
            .legal_moves()
            .into_iter()
            .filter(|m| mapped.contains(m))
            .collect();
        if keep.len() != mapped.len() {
            // Cannot happen for a symmetry of the board; an entry that
            // does not map whole is not answered.
            return None;
        }
        Some(PlacingSolve {
            result: entry.result,
            keep,
            nodes: 0,
            by: KeptBy::Book,
        })
    }

    fn find(&self, position: &Position) -> Option<(&Shelf, &Entry)> {
        if Book::admits(position).is_err() {
            return None;
        }
        let shelf = self.by_rules.get(position.rules())?;
        let entry = shelf.entries.get(&shelf.syms.placing_key(position))?;
        Some((shelf, entry))
    }

    /// Whether a book may hold `position`: it is in the placing phase, of
    /// rules that only place while placing, with no re-forming ban
    /// pending (see the referee's decisions above); if not, why.
    pub fn admits(position: &Position) -> Result<(), BookErrorKind> {
        if position.placements_left() == 0 || position.terminal().is_some() {
            return Err(BookErrorKind::NotPlacing);
        }
        if position.rules().move_in_placing {
            return Err(BookErrorKind::MovesInPlacing);
        }
        if position.ban_pending() {
            return Err(BookErrorKind::Ban);
        }
        Ok(())
    }

    /// The book line of a position, its value and the moves that keep it.
    pub fn line(position: &Position, result: Wdl, keep: &[Move]) -> String {
        let moves: Vec<String> = keep.iter().map(|&m| position.notation(m)).collect();
        format!("{position} ; {} ; {}", result.word(), moves.join(" "))
    }

    /// Every entry as written: its position, value and the moves that
    /// keep it, in the order they were added. A book is also a test
    /// suite: `morris suite` asks an engine each position and counts the
    /// answers that keep the value.
    pub fn entries(&self) -> Vec<(Position, Wdl, Vec<Move>)> {
        self.in_order()
            .into_iter()
            .map(|e| (e.position, e.result, e.keep.clone()))
            .collect()
    }

    fn in_order(&self) -> Vec<&Entry> {
        let mut entries: Vec<&Entry> = self.by_rules.values().flat_map(|s| s.entries.values()).collect();
        entries.sort_by_key(|e| e.seq);
        entries
    }

    /// Every entry as a book line, in the order they were added.
    pub fn to_text(&self) -> String {
        let mut out = String::new();
        for e in self.in_order() {
            out.push_str(&Book::line(&e.position, e.result, &e.keep));
            out.push('\n');
        }
        out
    }
}

fn parse_line(line: &str) -> Result<(Position, Wdl, Vec<Move>), BookErrorKind> {
    let mut fields = line.split(';');
    let (Some(position), Some(result), Some(moves), None) =
        (fields.next(), fields.next(), fields.next(), fields.next())
    else {
        return Err(BookErrorKind::Fields);
    };
    let position: Position = position.trim().parse()?;
    Book::admits(&position)?;
    let result = match result.trim() {
        "win" => Wdl::Win,
        "draw" => Wdl::Draw,
        "loss" => Wdl::Loss,
        other => return Err(BookErrorKind::Result(other.chars().take(32).collect())),
    };
    let mut keep = Vec::new();
    for text in moves.split_whitespace() {
        let m = position.parse_move(text).map_err(|error| BookErrorKind::Move {
            text: text.chars().take(32).collect(),
            error,
        })?;
        if keep.contains(&m) {
            return Err(BookErrorKind::RepeatedMove(text.chars().take(32).collect()));
        }
        keep.push(m);
    }
    Ok((position, result, keep))
}

/// The image of a turn under symmetry `k`.
fn map_move(syms: &Symmetries, k: usize, m: Move) -> Move {
    let to = syms.map_point(k, m.to());
    let turn = match m.from() {
        Some(from) => Move::slide(syms.map_point(k, from), to),
        None => Move::place(to),
    };
    turn.with_removals(syms.map(k, m.removals()))
}
