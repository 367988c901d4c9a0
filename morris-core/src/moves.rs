//! A move is a whole turn: a placement or a slide (or flight), plus the
//! opposing pieces the mills it closes remove.

use crate::{Bitboard, Point};

/// One whole turn.
///
/// Removals are a set: two removals earned by one turn are one turn
/// whatever order they are written in (the notation writes them in an order
/// in which each is legal; see [`crate::Position::notation`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move {
    from: Option<Point>,
    to: Point,
    removals: Bitboard,
}

impl Move {
    /// Puts a piece from hand on `to`.
    #[inline]
    pub const fn place(to: Point) -> Move {
        Move {
            from: None,
            to,
            removals: Bitboard::EMPTY,
        }
    }

    /// Moves (or flies) the piece on `from` to `to`.
    #[inline]
    pub const fn slide(from: Point, to: Point) -> Move {
        Move {
            from: Some(from),
            to,
            removals: Bitboard::EMPTY,
        }
    }

    /// The same turn with these removals.
    #[inline]
    pub const fn with_removals(self, removals: Bitboard) -> Move {
        Move { removals, ..self }
    }

    /// Where the piece came from; `None` for a placement.
    #[inline]
    pub const fn from(self) -> Option<Point> {
        self.from
    }

    /// Where the piece goes.
    #[inline]
    pub const fn to(self) -> Point {
        self.to
    }

    /// The opposing pieces removed.
    #[inline]
    pub const fn removals(self) -> Bitboard {
        self.removals
    }

    pub const fn is_placement(self) -> bool {
        self.from.is_none()
    }
}
