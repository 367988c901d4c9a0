//! Points of a board: the written coordinate (`d6`) and the board's own index.
//!
//! A [`Coord`] is what a player writes: a file letter and a rank number. It
//! exists on every board's grid, but only some coordinates are points of a
//! given board (`d4` is not a point of the mill board). A [`Point`] is the
//! index of a point on one board, used by bitboards and tables; the board's
//! [`crate::Geometry`] converts between the two.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

/// The most points any board has (the Sotho board).
pub const MAX_POINTS: usize = 25;

/// The index of a point on its board, `0..25`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Point(u8);

impl Point {
    /// The point with index 0, which every board has.
    pub const ORIGIN: Point = Point(0);

    /// The point with index `i`, if `i` can be an index on some board.
    pub const fn new(i: u8) -> Option<Point> {
        if (i as usize) < MAX_POINTS {
            Some(Point(i))
        } else {
            None
        }
    }

    #[inline]
    pub(crate) const fn new_unchecked(i: u8) -> Point {
        Point(i)
    }

    /// The index, `0..25`.
    #[inline]
    pub const fn index(self) -> usize {
        self.0 as usize
    }
}

/// A written coordinate: file `a`… from the left, rank `1`… from the bottom,
/// as seen by the light player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Coord {
    file: u8,
    rank: u8,
}

/// The largest file and rank a coordinate may have (the 7×7 grid).
pub const GRID_MAX: u8 = 7;

impl Coord {
    /// `a1`.
    pub const ORIGIN: Coord = Coord { file: 0, rank: 0 };

    /// The coordinate with zero-based `file` and `rank`, if both are below 7.
    pub const fn new(file: u8, rank: u8) -> Option<Coord> {
        if file < GRID_MAX && rank < GRID_MAX {
            Some(Coord { file, rank })
        } else {
            None
        }
    }

    /// Zero-based file (`a` is 0).
    pub const fn file(self) -> u8 {
        self.file
    }

    /// Zero-based rank (`1` is 0).
    pub const fn rank(self) -> u8 {
        self.rank
    }

    /// Parses at compile time; used by the board tables.
    pub(crate) const fn from_ascii(s: &[u8]) -> Option<Coord> {
        if s.len() != 2 {
            return None;
        }
        let (f, r) = (s[0], s[1]);
        if f < b'a' || r < b'1' {
            return None;
        }
        Coord::new(f - b'a', r - b'1')
    }
}

impl fmt::Display for Coord {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", (b'a' + self.file) as char, self.rank + 1)
    }
}

/// A coordinate that is not written as a file letter and a rank number.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("`{text}` is not a point: write a file letter a–g and a rank 1–7, like `d6`")]
pub struct ParseCoordError {
    /// The text that was given (cut to a readable length).
    pub text: String,
}

impl ParseCoordError {
    pub(crate) fn new(text: &str) -> Self {
        ParseCoordError {
            text: text.chars().take(24).collect(),
        }
    }
}

impl FromStr for Coord {
    type Err = ParseCoordError;

    fn from_str(s: &str) -> Result<Coord, ParseCoordError> {
        let lower = s.to_ascii_lowercase();
        Coord::from_ascii(lower.as_bytes()).ok_or_else(|| ParseCoordError::new(s))
    }
}
