//! The turn a player is putting together, click by click.
//!
//! A turn is one legal [`Move`]: an optional piece to move, a destination,
//! and the removals its mills (or its captures) earn; or, in the rule sets
//! of docs/RULES.md §7, a turn that only removes. The player picks these
//! one at a time; every step filters the position's legal moves by what was
//! picked so far, so the board can only offer what the rules allow. A pass
//! has no point to press: the page offers it as a button.

use morris_core::{Bitboard, Color, Move, Point, Position};

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
    /// Whether a removal is under way: the destination is chosen, or a
    /// turn that only removes has taken its first piece.
    pub fn removing(&self) -> bool {
        self.to.is_some() || !self.removals.is_empty()
    }

    /// The point the board rings as picked up: the piece to move, until
    /// its destination is chosen. Once removals are due the piece stands
    /// where it went ([`PartialTurn::shown_pieces`]) and its first point
    /// is empty, so nothing is ringed there.
    pub fn selected(&self) -> Option<Point> {
        self.from.filter(|_| !self.removing())
    }

    /// The piece on each point of `pos` as the board shows it while this
    /// turn is put together: once removals are due, the piece already
    /// stands where it went (the one that closed the mill is seen) and the
    /// pieces picked so far are gone.
    pub fn shown_pieces(&self, pos: &Position) -> Vec<Option<Color>> {
        let mut pieces: Vec<Option<Color>> = pos.geometry().points().map(|p| pos.piece_at(p)).collect();
        if !self.removing() {
            return pieces;
        }
        let mut put = |p: Point, c: Option<Color>| {
            if let Some(slot) = pieces.get_mut(p.index()) {
                *slot = c;
            }
        };
        if let Some(from) = self.from {
            put(from, None);
        }
        if let Some(to) = self.to {
            put(to, Some(pos.turn()));
        }
        for &r in &self.removals {
            put(r, None);
        }
        pieces
    }

    /// Whether the turn is one that only removes (all the `legal` moves
    /// are), so that the first press already takes a piece.
    pub fn removal_only(legal: &[Move]) -> bool {
        legal.first().is_some_and(|m| m.is_removal_only())
    }

    /// Whether pressing a piece takes it now.
    fn taking(&self, legal: &[Move]) -> bool {
        self.removing() || Self::removal_only(legal)
    }

    fn removed_so_far(&self) -> Bitboard {
        self.removals.iter().copied().collect()
    }

    /// The legal moves that agree with what was picked so far.
    fn candidates<'a>(&'a self, legal: &'a [Move]) -> impl Iterator<Item = Move> + 'a {
        let so_far = self.removed_so_far();
        legal.iter().copied().filter(move |m| {
            let turn = match self.to {
                Some(to) => m.is_play() && m.from() == self.from && m.to() == to,
                None => m.is_removal_only(),
            };
            turn && m.removals().is_superset(so_far)
        })
    }

    /// The marks for the board in `pos` with these `legal` moves.
    pub fn hints(&self, pos: &Position, legal: &[Move]) -> Hints {
        let mut h = Hints::default();
        if self.taking(legal) {
            let so_far = self.removed_so_far();
            for m in self.candidates(legal) {
                h.removable |= m.removals().minus(so_far);
            }
            return h;
        }
        let own = pos.pieces(pos.turn());
        for m in legal.iter().filter(|m| m.is_play()) {
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
        if self.taking(legal) {
            if self.removed_so_far().contains(p) {
                return Press::Ignore;
            }
            let mut next = self.clone();
            next.removals.push(p);
            return next.settle(pos, legal);
        }
        let own = pos.pieces(pos.turn());
        // A destination of the piece in hand (or of no piece: a placement).
        let to_here: Vec<Move> = legal
            .iter()
            .copied()
            .filter(|m| m.is_play() && m.from() == self.from && m.to() == p)
            .collect();
        if !to_here.is_empty() {
            // A turn with nothing to remove (no mill, or nothing removable) is complete.
            if let Some(m) = to_here.iter().find(|m| m.removals().is_empty()) {
                return Press::Play(*m);
            }
            let next = PartialTurn {
                from: self.from,
                to: Some(p),
                removals: Vec::new(),
            };
            return next.settle(pos, legal);
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

    /// The turn once its removals so far are picked: played when nothing
    /// is left to choose, else going on. Under custodian or intervention
    /// capture (docs/RULES.md §7.6) the pieces every remaining turn takes
    /// go at once: the captured pieces disappear when the piece arrives,
    /// and a capture with nothing else to choose is played with that press.
    fn settle(mut self, pos: &Position, legal: &[Move]) -> Press {
        let cands: Vec<Move> = self.candidates(legal).collect();
        if cands.is_empty() {
            return Press::Ignore;
        }
        let captures = pos.rules().custodian || pos.rules().intervention;
        if captures && self.to.is_some() {
            let common = cands
                .iter()
                .fold(cands[0].removals(), |acc, m| acc & m.removals());
            let so_far = self.removed_so_far();
            self.removals.extend(common.minus(so_far).iter());
        }
        let set = self.removed_so_far();
        let exact = cands.iter().copied().find(|m| m.removals() == set);
        let longer = cands.iter().any(|m| m.removals() != set);
        match (exact, longer) {
            (Some(m), false) if self.removing() => Press::Play(m),
            _ => Press::Continue(self),
        }
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
        // The piece that closed the mill is seen while the removal is picked.
        let shown = t.shown_pieces(&pos);
        assert_eq!(shown[pt(&pos, "g1").index()], Some(Color::Light));
        assert_eq!(shown.iter().flatten().count(), 5);
        assert_eq!(
            PartialTurn::default().shown_pieces(&pos)[pt(&pos, "g1").index()],
            None
        );
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
        assert_eq!(
            t1.selected(),
            Some(pt(&pos, "g4")),
            "the piece picked up is ringed"
        );
        assert!(t1.hints(&pos, &legal).targets.contains(pt(&pos, "g1")));
        // Moved to g1 with a removal due, g4 is empty: nothing is ringed there.
        let moved = PartialTurn {
            to: Some(pt(&pos, "g1")),
            ..t1.clone()
        };
        assert_eq!(moved.selected(), None);
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

    fn pos_of(text: &str) -> Position {
        match text.parse() {
            Ok(p) => p,
            Err(e) => unreachable!("{text}: {e}"),
        }
    }

    fn continues(p: Press) -> PartialTurn {
        match p {
            Press::Continue(t) => t,
            other => unreachable!("{other:?}"),
        }
    }

    #[test]
    fn a_turn_that_only_removes_takes_the_pressed_pieces() {
        // El Filja on three pieces: light has a mill, dark none, so light
        // takes two dark pieces in a turn of its own.
        let mut rules = Variant::ElFilja.rules();
        assert!(rules.apply("pieces=3").is_ok() && rules.apply("removal=protected").is_ok());
        let g = game(&["a7", "a1", "d7", "b2", "g7", "f2"], rules);
        let pos = *g.position();
        let legal = g.legal_moves();
        let t = PartialTurn::default();
        let h = t.hints(&pos, &legal);
        assert_eq!(h.removable, pos.pieces(morris_core::Color::Dark));
        assert!(h.targets.is_empty() && h.movable.is_empty());
        // An empty point or one's own piece means nothing.
        assert_eq!(t.press(pt(&pos, "d1"), &pos, &legal), Press::Ignore);
        assert_eq!(t.press(pt(&pos, "a7"), &pos, &legal), Press::Ignore);
        let t = continues(t.press(pt(&pos, "b2"), &pos, &legal));
        assert!(t.removing());
        assert!(!t.hints(&pos, &legal).removable.contains(pt(&pos, "b2")));
        assert_eq!(t.press(pt(&pos, "b2"), &pos, &legal), Press::Ignore);
        match t.press(pt(&pos, "a1"), &pos, &legal) {
            Press::Play(m) => assert_eq!(pos.notation(m), "xb2xa1"),
            other => unreachable!("{other:?}"),
        }
    }

    #[test]
    fn own_pieces_and_pieces_next_to_ones_own_are_the_only_ones_offered() {
        // Neither side has a mill: each removes one of its own.
        let mut rules = Variant::ElFilja.rules();
        assert!(rules.apply("pieces=3").is_ok() && rules.apply("removal=protected").is_ok());
        let g = game(&["a7", "a1", "d7", "d1", "b6", "b2"], rules);
        let pos = *g.position();
        let legal = g.legal_moves();
        let own = PartialTurn::default().hints(&pos, &legal).removable;
        assert_eq!(own, pos.pieces(pos.turn()), "one's own pieces");
        // A blocked light player removes a dark piece next to one of his.
        // d5 stands next to no light piece.
        let pos = pos_of("nine:blocked=remove-move LDL/.../.D./D....D/.../.../LDL L 0/0 0/0 -");
        let legal = pos.legal_moves();
        let mut next: Vec<String> = PartialTurn::default()
            .hints(&pos, &legal)
            .removable
            .iter()
            .map(|p| pos.geometry().coord(p).to_string())
            .collect();
        next.sort();
        assert_eq!(next, ["a4", "d1", "d7", "g4"]);
        // a1, the point a turn without a piece names, is no destination.
        assert_eq!(
            PartialTurn::default().press(pt(&pos, "a1"), &pos, &legal),
            Press::Ignore
        );
    }

    #[test]
    fn a_pass_is_not_played_by_pressing_a_point() {
        let pos = pos_of("nine:blocked=pass LDL/.../.../D....D/.../.../LDL L 0/0 0/0 -");
        let legal = pos.legal_moves();
        assert_eq!(legal, [Move::PASS]);
        let t = PartialTurn::default();
        assert_eq!(t.hints(&pos, &legal), Hints::default());
        for p in pos.geometry().points() {
            assert_eq!(t.press(p, &pos, &legal), Press::Ignore);
        }
    }

    #[test]
    fn a_capture_is_one_press_and_its_pieces_go_at_once() {
        // Intervention: d6 to d7 between a7 and g7 takes both.
        let pos = pos_of("mul-mulan D.D/.L./.../LL..D./.../.../DLD L 0/0 0/0 -");
        let legal = pos.legal_moves();
        let t = continues(PartialTurn::default().press(pt(&pos, "d6"), &pos, &legal));
        match t.press(pt(&pos, "d7"), &pos, &legal) {
            Press::Play(m) => assert_eq!(pos.notation(m), "d6-d7xg7xa7"),
            other => unreachable!("{other:?}"),
        }
        // Custodian: g4 to g7 flanks d7 with a7.
        let pos = pos_of("nine:custodian=on LD./.../.../.LL..L/.../.../DDD L 0/0 0/0 -");
        let legal = pos.legal_moves();
        let t = continues(PartialTurn::default().press(pt(&pos, "g4"), &pos, &legal));
        match t.press(pt(&pos, "g7"), &pos, &legal) {
            Press::Play(m) => assert_eq!(pos.notation(m), "g4-g7xd7"),
            other => unreachable!("{other:?}"),
        }
    }

    #[test]
    fn a_capture_with_a_mill_takes_the_captured_piece_at_once_then_asks_for_the_mill_s() {
        // Light places on g1: g4 is caught between g1 and g7, and a1-d1-g1
        // is a mill, which takes b6 or f6 besides.
        let pos = pos_of("nine:custodian=on ..L/D.D/.../.....D/.../.../LL. L 6/6 0/0 -");
        let legal = pos.legal_moves();
        let t = continues(PartialTurn::default().press(pt(&pos, "g1"), &pos, &legal));
        assert_eq!(t.removals, [pt(&pos, "g4")], "the captured piece goes at once");
        let red = t.hints(&pos, &legal).removable;
        assert_eq!(red, [pt(&pos, "b6"), pt(&pos, "f6")].into_iter().collect());
        match t.press(pt(&pos, "f6"), &pos, &legal) {
            Press::Play(m) => assert_eq!(m.removals().count(), 2, "{}", pos.notation(m)),
            other => unreachable!("{other:?}"),
        }
    }
}
