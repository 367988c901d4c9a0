//! Scores: heuristic values in hundredths of a piece, and wins and losses
//! counted in turns (plies), "win in N" as a chess engine says "mate in N".

use std::cmp::Ordering;
use std::fmt;

/// The deepest the search ever goes below the root.
pub const MAX_PLY: usize = 128;
/// The internal value of a win at the root; a win `n` plies away is `MATE - n`.
pub(crate) const MATE: i32 = 30_000;
/// The longest win or loss a score holds, in plies: the search finds wins
/// up to [`MAX_PLY`] away, endgame tables much longer ones.
pub(crate) const WIN_SPAN: u32 = 8192;
/// Internal values at or beyond this (in size) are wins or losses.
pub(crate) const WIN_BOUND: i32 = MATE - WIN_SPAN as i32;
/// The value of a table win whose length is not known (a win/draw/loss
/// table's, [`morris_solver::FAR`]) at the root; `ply` below it,
/// `TABLE_WIN - ply`. Above every evaluation, below every counted win: a
/// heuristic value to the search, so the quickest counted win still comes
/// first.
pub(crate) const TABLE_WIN: i32 = WIN_BOUND - 1 - MAX_PLY as i32;
/// Beyond every score.
pub(crate) const INFINITE: i32 = 32_000;

/// The value of a position for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Score {
    /// A heuristic value in hundredths of a piece; 0 is even (or a draw).
    Value(i32),
    /// The side to move wins in this many plies (its own last turn counted).
    Win(u32),
    /// The side to move loses in this many plies.
    Loss(u32),
}

impl Score {
    /// A draw.
    pub const DRAW: Score = Score::Value(0);

    pub(crate) fn from_internal(v: i32) -> Score {
        if v >= WIN_BOUND {
            Score::Win((MATE - v).max(0) as u32)
        } else if v <= -WIN_BOUND {
            Score::Loss((MATE + v).max(0) as u32)
        } else {
            Score::Value(v)
        }
    }

    /// One number that orders scores: wins above every value, sooner wins
    /// higher, sooner losses lower.
    pub fn internal(self) -> i32 {
        match self {
            Score::Value(v) => v.clamp(-WIN_BOUND + 1, WIN_BOUND - 1),
            Score::Win(n) => MATE - n.min(WIN_SPAN) as i32,
            Score::Loss(n) => -MATE + n.min(WIN_SPAN) as i32,
        }
    }

    /// The same score seen from the other side.
    pub fn flip(self) -> Score {
        match self {
            Score::Value(v) => Score::Value(-v),
            Score::Win(n) => Score::Loss(n),
            Score::Loss(n) => Score::Win(n),
        }
    }

    /// For a heuristic value that is a table's win or loss of unknown
    /// length (a win/draw/loss table's, `WIN_BOUND - 1 - MAX_PLY` less the plies):
    /// whether the side to move wins.
    pub fn table_result(self) -> Option<bool> {
        let least = TABLE_WIN - MAX_PLY as i32;
        match self {
            Score::Value(v) if v >= least => Some(true),
            Score::Value(v) if v <= -least => Some(false),
            _ => None,
        }
    }

    pub fn is_win(self) -> bool {
        matches!(self, Score::Win(_))
    }

    pub fn is_loss(self) -> bool {
        matches!(self, Score::Loss(_))
    }
}

impl PartialOrd for Score {
    fn partial_cmp(&self, other: &Score) -> Option<Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Score {
    fn cmp(&self, other: &Score) -> Ordering {
        self.internal().cmp(&other.internal())
    }
}

/// `cp 35`, `win 5`, `loss 4`: the value in hundredths of a piece, or the
/// plies to the end.
impl fmt::Display for Score {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Score::Value(v) => write!(f, "cp {v}"),
            Score::Win(n) => write!(f, "win {n}"),
            Score::Loss(n) => write!(f, "loss {n}"),
        }
    }
}
