//! The turn a player is putting together, click by click.
//!
//! A turn is one legal [`Move`]: an optional piece to move, a destination,
//! and the removals its mills earn. The player picks these one at a time;
//! every step filters the position's legal moves by what was picked so far,
//! so the board can only offer what the rules allow.

use morris_core::{Bitboard, Move, Point, Position};

/// What has been picked of the turn so far.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct PartialTurn {
    /// The piece picked up (a slide or a flight).
    pub from: Option<Point>,
    /// The destination, once chosen; removals are then due.
    pub to: Option<Point>,
    /// The removals picked so far, in order.
    pub removals: Vec<Point>,
}

/// What a press on a point does to the turn.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Press {
    /// The turn is complete: play it.
    Play(Move),
    /// The turn goes on with this partial turn.
    Continue(PartialTurn),
    /// The press means nothing here; the partial turn is unchanged.
    Ignore,
}

/// What the board marks while a turn is put together.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Hints {
    /// Legal destinations or placements (blue).
    pub targets: Bitboard,
    /// Pieces that may be removed now (red); when any, nothing else is pressable.
    pub removable: Bitboard,
    /// Pieces that may be picked up.
    pub movable: Bitboard,
}

impl PartialTurn {
    /// Whether a removal is due: the destination is chosen.
    pub fn removing(&self) -> bool {
        self.to.is_some()
    }

    fn removed_so_far(&self) -> Bitboard {
        self.removals.iter().copied().collect()
    }

    /// The legal moves that agree with what was picked so far.
    fn candidates<'a>(&'a self, legal: &'a [Move]) -> impl Iterator<Item = Move> + 'a {
        let so_far = self.removed_so_far();
        legal.iter().copied().filter(move |m| {
            self.to.is_none_or(|to| m.from() == self.from && m.to() == to) && m.removals().is_superset(so_far)
        })
    }

    /// The marks for the board in `pos` with these `legal` moves.
    pub fn hints(&self, pos: &Position, legal: &[Move]) -> Hints {
        let mut h = Hints::default();
        if self.removing() {
            let so_far = self.removed_so_far();
            for m in self.candidates(legal) {
                h.removable |= m.removals().minus(so_far);
            }
            return h;
        }
        let own = pos.pieces(pos.turn());
        for m in legal {
            if let Some(f) = m.from() {
                if own.contains(f) {
                    h.movable = h.movable.with(f);
                }
            }
            if m.from() == self.from {
                h.targets = h.targets.with(m.to());
            }
        }
        h
    }

    /// What pressing `p` does.
    pub fn press(&self, p: Point, pos: &Position, legal: &[Move]) -> Press {
        if self.removing() {
            let mut next = self.clone();
            next.removals.push(p);
            let set = next.removed_so_far();
            let mut cands = next.candidates(legal).peekable();
            if cands.peek().is_none() {
                return Press::Ignore;
            }
            let mut longer = false;
            let mut exact = None;
            for m in cands {
                if m.removals() == set {
                    exact = Some(m);
                } else {
                    longer = true;
                }
            }
            return match (exact, longer) {
                (Some(m), false) => Press::Play(m),
                _ => Press::Continue(next),
            };
        }
        let own = pos.pieces(pos.turn());
        // A destination of the piece in hand (or of no piece: a placement).
        let to_here: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.from() == self.from && m.to() == p)
            .collect();
        if !to_here.is_empty() {
            // A turn with nothing to remove (no mill, or nothing removable) is complete.
            if let Some(m) = to_here.iter().find(|m| m.removals().is_empty()) {
                return Press::Play(*m);
            }
            return Press::Continue(PartialTurn {
                from: self.from,
                to: Some(p),
                removals: Vec::new(),
            });
        }
        // Pick up (or switch to) one of one's own pieces that can move.
        // Any own piece may be picked up once pieces move (one with nowhere
        // to go then shows no targets); while only placing, none.
        if own.contains(p) && legal.iter().any(|m| m.from().is_some()) {
            if self.from == Some(p) {
                return Press::Continue(PartialTurn::default());
            }
            return Press::Continue(PartialTurn {
                from: Some(p),
                to: None,
                removals: Vec::new(),
            });
        }
        if self.from.is_some() {
            return Press::Continue(PartialTurn::default());
        }
        Press::Ignore
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use morris_core::{Game, Rules, Variant};

    fn pt(pos: &Position, s: &str) -> Point {
        match pos.geometry().parse_point(s) {
            Ok(p) => p,
            Err(e) => unreachable!("{e}"),
        }
    }

    fn game(moves: &[&str], rules: Rules) -> Game {
        let mut g = Game::new(rules);
        for m in moves {
            assert!(g.play_text(m).is_ok(), "{m}");
        }
        g
    }

    #[test]
    fn placement_is_one_press() {
        let g = game(&[], Variant::Nine.rules());
        let pos = *g.position();
        let legal = g.legal_moves();
        let t = PartialTurn::default();
        assert_eq!(t.hints(&pos, &legal).targets.count(), 24);
        assert_eq!(
            t.press(pt(&pos, "d6"), &pos, &legal),
            Press::Play(Move::place(pt(&pos, "d6")))
        );
    }

    #[test]
    fn mill_asks_for_a_removal_and_only_removable_pieces_count() {
        // Light: a1 d1 (mill on g1 next); dark: b2 d2 a4? keep a4 out of mills.
        let g = game(&["a1", "b2", "d1", "d2"], Variant::Nine.rules());
        let pos = *g.position();
        let legal = g.legal_moves();
        let t = match PartialTurn::default().press(pt(&pos, "g1"), &pos, &legal) {
            Press::Continue(t) => t,
            other => unreachable!("{other:?}"),
        };
        let h = t.hints(&pos, &legal);
        assert!(h.removable.contains(pt(&pos, "b2")) && h.removable.contains(pt(&pos, "d2")));
        assert!(h.targets.is_empty());
        assert_eq!(t.press(pt(&pos, "a7"), &pos, &legal), Press::Ignore);
        match t.press(pt(&pos, "b2"), &pos, &legal) {
            Press::Play(m) => assert_eq!(pos.notation(m), "g1xb2"),
            other => unreachable!("{other:?}"),
        }
    }

    #[test]
    fn slide_selects_then_moves_and_reselects() {
        let mut rules = Variant::Nine.rules();
        assert!(rules.apply("pieces=3").is_ok() && rules.apply("flying=off").is_ok());
        let g = game(&["a1", "a7", "g4", "d2", "b4", "f6"], rules);
        let pos = *g.position();
        let legal = g.legal_moves();
        let t0 = PartialTurn::default();
        assert!(t0.hints(&pos, &legal).targets.is_empty());
        let t1 = match t0.press(pt(&pos, "g4"), &pos, &legal) {
            Press::Continue(t) => t,
            other => unreachable!("{other:?}"),
        };
        assert_eq!(t1.from, Some(pt(&pos, "g4")));
        assert!(t1.hints(&pos, &legal).targets.contains(pt(&pos, "g1")));
        let t2 = match t1.press(pt(&pos, "b4"), &pos, &legal) {
            Press::Continue(t) => t,
            other => unreachable!("{other:?}"),
        };
        assert_eq!(t2.from, Some(pt(&pos, "b4")));
        assert!(matches!(t2.press(pt(&pos, "a4"), &pos, &legal), Press::Play(_)));
    }

    #[test]
    fn two_mills_take_two_when_set() {
        let mut rules = Variant::Nine.rules();
        assert!(rules.apply("mill-takes=each").is_ok());
        // Light builds a1 d1 _ and g4 g7 _ so g1 closes two mills.
        let g = game(&["a1", "b2", "d1", "d2", "g4", "f4", "g7", "b6"], rules);
        let pos = *g.position();
        let legal = g.legal_moves();
        let t = match PartialTurn::default().press(pt(&pos, "g1"), &pos, &legal) {
            Press::Continue(t) => t,
            other => unreachable!("{other:?}"),
        };
        let t = match t.press(pt(&pos, "b2"), &pos, &legal) {
            Press::Continue(t) => t,
            other => unreachable!("{other:?}"),
        };
        assert!(!t.hints(&pos, &legal).removable.contains(pt(&pos, "b2")));
        assert!(matches!(t.press(pt(&pos, "f4"), &pos, &legal), Press::Play(_)));
    }
}
