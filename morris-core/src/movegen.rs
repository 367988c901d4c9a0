//! Legal-move generation: placements, slides and flights, each expanded
//! into one whole turn per legal choice of removals.

use crate::{Bitboard, Geometry, MillTakes, Move, Point, Position, Removal};

/// Every set of `n` pieces that `n` removals in a row may take from
/// `theirs`, each removal legal when it is made. Distinct sets only.
fn removal_sets(geo: &Geometry, rule: Removal, theirs: Bitboard, n: u32, out: &mut Vec<Bitboard>) {
    fn go(
        geo: &Geometry,
        rule: Removal,
        theirs: Bitboard,
        left: u32,
        taken: Bitboard,
        out: &mut Vec<Bitboard>,
    ) {
        if left == 0 {
            if !out.contains(&taken) {
                out.push(taken);
            }
            return;
        }
        for p in rule.removable(geo, theirs) {
            go(geo, rule, theirs.without(p), left - 1, taken.with(p), out);
        }
    }
    go(geo, rule, theirs, n, Bitboard::EMPTY, out);
}

impl Position {
    /// How many pieces a turn that closes `mills` mills removes.
    #[inline]
    fn removals_due(&self, mills: u32) -> u32 {
        if mills == 0 || self.rules.mill_wins || self.rules.removal == Removal::Never {
            return 0;
        }
        let wanted = match self.rules.mill_takes {
            MillTakes::One => 1,
            MillTakes::Each => mills,
        };
        wanted.min(self.pieces[!self.turn].count())
    }

    /// Calls `f(from, to, mills_closed)` for every placement and slide the
    /// side to move may make, before removals are chosen. Only a target in
    /// [`Geometry::closing_points`] has its lines checked: the others (most
    /// of them) close none, which keeps the loops the search runs at every
    /// node short (docs/npm-engine.md).
    #[inline]
    pub(crate) fn for_each_action(&self, mut f: impl FnMut(Option<Point>, Point, u32)) {
        let geo = self.geometry();
        let us = self.turn;
        let own = self.pieces[us];
        let empty = self.empty();
        let closing = geo.closing_points(own) & empty;
        if self.in_hand[us] > 0 {
            for to in empty {
                let mills = if closing.contains(to) {
                    geo.mills_closed(own.with(to), to)
                } else {
                    0
                };
                f(None, to, mills);
            }
            if !self.rules.move_in_placing {
                return;
            }
        }
        let flying = self.can_fly(us);
        let ban = if self.rules.no_reform { self.ban[us] } else { None };
        for from in own {
            let targets = if flying { empty } else { geo.adjacent(from) & empty };
            for to in targets {
                if !closing.contains(to) {
                    f(Some(from), to, 0);
                    continue;
                }
                let mills = geo.mills_closed(own.without(from).with(to), to);
                if mills > 0 && ban == Some((from, to)) {
                    continue;
                }
                f(Some(from), to, mills);
            }
        }
    }

    /// Every legal turn, without first checking whether the game is over.
    ///
    /// The walk of [`Position::for_each_action`] written out again for the
    /// search, which runs it at every node: a target that closes no mill is
    /// pushed at once. Through `for_each_action` and a closure the search
    /// was about 10 % slower in Node (docs/npm-engine.md); the tests check
    /// both against a plain expansion.
    pub(crate) fn generate_unchecked(&self, out: &mut Vec<Move>) {
        if !self.classic {
            return self.world_generate(out);
        }
        let geo = self.geometry();
        let us = self.turn;
        let own = self.pieces[us];
        let empty = self.empty();
        let closing = geo.closing_points(own) & empty;
        let mut expand = Expand::new(self);
        if self.in_hand[us] > 0 {
            for to in empty {
                if closing.contains(to) {
                    expand.push(out, Move::place(to), geo.mills_closed(own.with(to), to));
                } else {
                    out.push(Move::place(to));
                }
            }
            if !self.rules.move_in_placing {
                return;
            }
        }
        let flying = self.can_fly(us);
        let ban = if self.rules.no_reform { self.ban[us] } else { None };
        for from in own {
            let targets = if flying { empty } else { geo.adjacent(from) & empty };
            for to in targets {
                if !closing.contains(to) {
                    out.push(Move::slide(from, to));
                    continue;
                }
                let mills = geo.mills_closed(own.without(from).with(to), to);
                if mills > 0 && ban == Some((from, to)) {
                    continue;
                }
                expand.push(out, Move::slide(from, to), mills);
            }
        }
    }

    /// The number of legal turns, without first checking whether the game
    /// is over.
    pub(crate) fn count_unchecked(&self) -> u64 {
        if !self.classic {
            let mut out = Vec::new();
            self.world_generate(&mut out);
            return out.len() as u64;
        }
        let geo = self.geometry();
        let theirs = self.pieces[!self.turn];
        let single = self.rules.removal.removable(geo, theirs).count() as u64;
        let mut sets = Vec::new();
        let mut total = 0;
        self.for_each_action(|_, _, mills| {
            total += match self.removals_due(mills) {
                0 => 1,
                1 => single,
                n => {
                    sets.clear();
                    removal_sets(geo, self.rules.removal, theirs, n, &mut sets);
                    sets.len() as u64
                }
            };
        });
        total
    }

    /// Whether the side to move has any placement or slide (removals never
    /// take a turn away: a mill always has its turn, with or without one).
    pub(crate) fn has_any_move(&self) -> bool {
        let mut any = false;
        self.for_each_action(|_, _, _| any = true);
        any
    }
}

/// Expands a placement or slide that closes mills into one turn per legal
/// choice of removals (classic rules).
struct Expand<'a> {
    pos: &'a Position,
    /// The pieces one removal may take, found at the first mill.
    single: Option<Bitboard>,
}

impl<'a> Expand<'a> {
    fn new(pos: &'a Position) -> Expand<'a> {
        Expand { pos, single: None }
    }

    fn push(&mut self, out: &mut Vec<Move>, m: Move, mills: u32) {
        let pos = self.pos;
        let theirs = pos.pieces[!pos.turn];
        match pos.removals_due(mills) {
            0 => out.push(m),
            1 => {
                let single = *self
                    .single
                    .get_or_insert_with(|| pos.rules.removal.removable(pos.geometry(), theirs));
                out.extend(single.iter().map(|r| m.with_removals(Bitboard::from_point(r))));
            }
            n => {
                let mut sets = Vec::new();
                removal_sets(pos.geometry(), pos.rules.removal, theirs, n, &mut sets);
                out.extend(sets.iter().map(|&s| m.with_removals(s)));
            }
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::Rules;
    use proptest::prelude::*;

    /// The turns of `pos` built the plain way: the lines through every
    /// target checked, no shortcut.
    fn plain(pos: &Position) -> Vec<Move> {
        let geo = pos.geometry();
        let (us, own, empty) = (pos.turn, pos.pieces[pos.turn], pos.empty());
        let mut out = Vec::new();
        let mut expand = Expand::new(pos);
        if pos.in_hand[us] > 0 {
            for to in empty {
                expand.push(&mut out, Move::place(to), geo.mills_closed(own.with(to), to));
            }
            if !pos.rules.move_in_placing {
                return out;
            }
        }
        let ban = if pos.rules.no_reform { pos.ban[us] } else { None };
        for from in own {
            let targets = if pos.can_fly(us) {
                empty
            } else {
                geo.adjacent(from) & empty
            };
            for to in targets {
                let mills = geo.mills_closed(own.without(from).with(to), to);
                if mills == 0 || ban != Some((from, to)) {
                    expand.push(&mut out, Move::slide(from, to), mills);
                }
            }
        }
        out
    }

    const RULE_SETS: &[&str] = &[
        "nine",
        "six",
        "three:mill-wins=off,flying=on",
        "twelve:mill-takes=each",
        "morabaraba:removal=always,mill-takes=each",
        "lasker",
        "nine:board=sotho,no-reform=on",
        "nine:pieces=12,flying=off",
    ];

    proptest! {
        /// The generator's shortcut gives the same turns in the same order
        /// (the search names moves by their index) along random games.
        #[test]
        fn same_turns_in_the_same_order(set in 0..RULE_SETS.len(), choices in prop::collection::vec(any::<u16>(), 0..120)) {
            let rules: Rules = RULE_SETS[set].parse().unwrap();
            let mut pos = Position::new(rules);
            for c in choices {
                if pos.terminal().is_some() {
                    break;
                }
                let mut fast = Vec::new();
                pos.generate_unchecked(&mut fast);
                prop_assert_eq!(&fast, &plain(&pos), "{}", pos);
                prop_assert_eq!(pos.count_unchecked(), fast.len() as u64, "{}", pos);
                let Some(&m) = fast.get(usize::from(c) % fast.len().max(1)) else {
                    break;
                };
                pos = pos.play(m);
            }
        }
    }
}
