//! A move is a whole turn: a placement or a slide (or flight), plus the
//! pieces the mills it closes (or its captures) remove; or, in the rule
//! sets of docs/RULES.md §7, a turn that only removes, or a pass.

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
    kind: Kind,
}

/// What a turn is; the byte fits the padding of [`Move`], so a move stays
/// eight bytes.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Kind {
    /// A placement or a slide, with its removals.
    Play,
    /// Removals alone (docs/RULES.md §7.2 mill counts, §7.3, §7.4).
    Remove,
    /// The turn passes (§7.4 `blocked=pass`).
    Pass,
}

impl Move {
    /// Puts a piece from hand on `to`.
    #[inline]
    pub const fn place(to: Point) -> Move {
        Move {
            from: None,
            to,
            removals: Bitboard::EMPTY,
            kind: Kind::Play,
        }
    }

    /// Moves (or flies) the piece on `from` to `to`.
    #[inline]
    pub const fn slide(from: Point, to: Point) -> Move {
        Move {
            from: Some(from),
            to,
            removals: Bitboard::EMPTY,
            kind: Kind::Play,
        }
    }

    /// A turn that only removes `removals` (written `xb4xe4`).
    #[inline]
    pub const fn remove(removals: Bitboard) -> Move {
        Move {
            from: None,
            to: Point::ORIGIN,
            removals,
            kind: Kind::Remove,
        }
    }

    /// A pass (written `pass`).
    pub const PASS: Move = Move {
        from: None,
        to: Point::ORIGIN,
        removals: Bitboard::EMPTY,
        kind: Kind::Pass,
    };

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

    /// Where the piece goes; [`Point::ORIGIN`] for a turn that only
    /// removes and for a pass, which move no piece.
    #[inline]
    pub const fn to(self) -> Point {
        self.to
    }

    /// The opposing pieces removed.
    #[inline]
    pub const fn removals(self) -> Bitboard {
        self.removals
    }

    /// Whether the turn puts a piece from hand on the board.
    pub const fn is_placement(self) -> bool {
        self.from.is_none() && matches!(self.kind, Kind::Play)
    }

    /// Whether the turn only removes pieces.
    #[inline]
    pub const fn is_removal_only(self) -> bool {
        matches!(self.kind, Kind::Remove)
    }

    /// Whether the turn is a pass.
    #[inline]
    pub const fn is_pass(self) -> bool {
        matches!(self.kind, Kind::Pass)
    }

    /// Whether the turn places or moves a piece.
    #[inline]
    pub const fn is_play(self) -> bool {
        matches!(self.kind, Kind::Play)
    }
}
