//! A move is a whole turn: a placement or a slide (or flight), plus the
//! pieces the mills it closes (or its captures) remove; or, in the rule
//! sets of docs/RULES.md §7, a turn that only removes, or a pass.

use core::fmt;
use core::num::NonZeroU64;

use crate::{Bitboard, Point};

/// One whole turn.
///
/// Removals are a set: two removals earned by one turn are one turn
/// whatever order they are written in (the notation writes them in an order
/// in which each is legal; see [`crate::Position::notation`]).
///
/// A move is one word, built and read with shifts: from the top, the
/// origin (its index plus one, 0 for none), the destination, the removals
/// and the kind (1, 2 or 3, so the word is never 0 and `Option<Move>` stays
/// eight bytes). The word's order is the order of those fields, as the
/// derived order of a struct of them was. One word rather than a struct:
/// WebAssembly engines (V8's) built a struct's bytes one at a time in
/// memory and read them back as a word, a stall in every move generated
/// (docs/npm-engine.md).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Move(NonZeroU64);

const FROM_SHIFT: u32 = 56;
const TO_SHIFT: u32 = 48;
const REMOVALS_SHIFT: u32 = 16;
const REMOVALS_MASK: u64 = (u32::MAX as u64) << REMOVALS_SHIFT;

/// What a turn is: the low byte of [`Move`]'s word.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Kind {
    /// A placement or a slide, with its removals.
    Play = 1,
    /// Removals alone (docs/RULES.md §7.2 mill counts, §7.3, §7.4).
    Remove = 2,
    /// The turn passes (§7.4 `blocked=pass`).
    Pass = 3,
}

impl Move {
    /// The move of these parts.
    #[inline]
    const fn pack(from: Option<Point>, to: Point, removals: Bitboard, kind: Kind) -> Move {
        let from = match from {
            Some(p) => p.index() as u64 + 1,
            None => 0,
        };
        let word = from << FROM_SHIFT
            | (to.index() as u64) << TO_SHIFT
            | (removals.0 as u64) << REMOVALS_SHIFT
            | kind as u64;
        Move::from_word(word)
    }

    /// The move of a word whose low byte holds a kind (never 0).
    #[inline]
    const fn from_word(word: u64) -> Move {
        match NonZeroU64::new(word) {
            Some(w) => Move(w),
            // Every caller keeps a kind of 1, 2 or 3 in the low byte.
            None => unreachable!(),
        }
    }

    #[inline]
    const fn word(self) -> u64 {
        self.0.get()
    }

    #[inline]
    const fn kind(self) -> Kind {
        match self.word() & 0xff {
            1 => Kind::Play,
            2 => Kind::Remove,
            _ => Kind::Pass,
        }
    }
}

impl fmt::Debug for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Move")
            .field("from", &self.from())
            .field("to", &self.to())
            .field("removals", &self.removals())
            .field("kind", &self.kind())
            .finish()
    }
}

impl Move {
    /// Puts a piece from hand on `to`.
    #[inline]
    pub const fn place(to: Point) -> Move {
        Move::pack(None, to, Bitboard::EMPTY, Kind::Play)
    }

    /// Moves (or flies) the piece on `from` to `to`.
    #[inline]
    pub const fn slide(from: Point, to: Point) -> Move {
        Move::pack(Some(from), to, Bitboard::EMPTY, Kind::Play)
    }

    /// A turn that only removes `removals` (written `xb4xe4`).
    #[inline]
    pub const fn remove(removals: Bitboard) -> Move {
        Move::pack(None, Point::ORIGIN, removals, Kind::Remove)
    }

    /// A pass (written `pass`).
    pub const PASS: Move = Move::pack(None, Point::ORIGIN, Bitboard::EMPTY, Kind::Pass);

    /// The same turn with these removals.
    #[inline]
    pub const fn with_removals(self, removals: Bitboard) -> Move {
        Move::from_word(self.word() & !REMOVALS_MASK | (removals.0 as u64) << REMOVALS_SHIFT)
    }

    /// Where the piece came from; `None` for a placement.
    #[inline]
    pub const fn from(self) -> Option<Point> {
        match (self.word() >> FROM_SHIFT) as u8 {
            0 => None,
            i => Some(Point::new_unchecked(i - 1)),
        }
    }

    /// Where the piece goes; [`Point::ORIGIN`] for a turn that only
    /// removes and for a pass, which move no piece.
    #[inline]
    pub const fn to(self) -> Point {
        Point::new_unchecked((self.word() >> TO_SHIFT) as u8)
    }

    /// The opposing pieces removed.
    #[inline]
    pub const fn removals(self) -> Bitboard {
        Bitboard((self.word() >> REMOVALS_SHIFT) as u32)
    }

    /// Whether the turn puts a piece from hand on the board.
    pub const fn is_placement(self) -> bool {
        self.from().is_none() && matches!(self.kind(), Kind::Play)
    }

    /// Whether the turn only removes pieces.
    #[inline]
    pub const fn is_removal_only(self) -> bool {
        matches!(self.kind(), Kind::Remove)
    }

    /// Whether the turn is a pass.
    #[inline]
    pub const fn is_pass(self) -> bool {
        matches!(self.kind(), Kind::Pass)
    }

    /// Whether the turn places or moves a piece.
    #[inline]
    pub const fn is_play(self) -> bool {
        matches!(self.kind(), Kind::Play)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// The parts of a move, in the order moves compare by.
    type Parts = (Option<Point>, Point, Bitboard, u8);

    fn parts(m: Move) -> Parts {
        let kind = if m.is_play() {
            1
        } else if m.is_removal_only() {
            2
        } else {
            3
        };
        (m.from(), m.to(), m.removals(), kind)
    }

    fn any_move() -> impl Strategy<Value = Move> {
        let point = (0u8..25).prop_map(Point::new_unchecked);
        let removals = any::<u32>().prop_map(Bitboard);
        prop_oneof![
            (point.clone(), removals.clone()).prop_map(|(to, r)| Move::place(to).with_removals(r)),
            (point.clone(), point, removals.clone())
                .prop_map(|(from, to, r)| Move::slide(from, to).with_removals(r)),
            removals.prop_map(Move::remove),
            Just(Move::PASS),
        ]
    }

    #[test]
    fn an_optional_move_is_one_word() {
        assert_eq!(core::mem::size_of::<Move>(), 8);
        assert_eq!(core::mem::size_of::<Option<Move>>(), 8);
    }

    proptest! {
        /// A move gives back the parts it was made of, and moves compare
        /// as their parts do (origin, destination, removals, kind), as the
        /// struct of those fields did before a move was one word.
        #[test]
        fn moves_keep_their_parts_and_their_order(a in any_move(), b in any_move()) {
            let (from, to, removals, _) = parts(a);
            if a.is_play() {
                let rebuilt = match from {
                    Some(f) => Move::slide(f, to),
                    None => Move::place(to),
                };
                prop_assert_eq!(rebuilt.with_removals(removals), a);
                prop_assert_eq!(a.is_placement(), from.is_none());
            } else {
                prop_assert_eq!(from, None);
                prop_assert_eq!(to, Point::ORIGIN);
                prop_assert!(!a.is_placement());
            }
            prop_assert_eq!(a.cmp(&b), parts(a).cmp(&parts(b)));
        }
    }
}
