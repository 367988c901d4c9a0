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
    /// side to move may make, before removals are chosen.
    #[inline]
    pub(crate) fn for_each_action(&self, mut f: impl FnMut(Option<Point>, Point, u32)) {
        let geo = self.geometry();
        let us = self.turn;
        let own = self.pieces[us];
        let empty = self.empty();
        let placing = self.in_hand[us] > 0;
        if placing {
            for to in empty {
                f(None, to, geo.mills_closed(own.with(to), to));
            }
            if !self.rules.move_in_placing {
                return;
            }
        }
        let flying = self.can_fly(us);
        let ban = if self.rules.no_reform { self.ban[us] } else { None };
        for from in own {
            let targets = if flying { empty } else { geo.adjacent(from) & empty };
            let rest = own.without(from);
            for to in targets {
                let mills = geo.mills_closed(rest.with(to), to);
                if mills > 0 && ban == Some((from, to)) {
                    continue;
                }
                f(Some(from), to, mills);
            }
        }
    }

    /// Every legal turn, without first checking whether the game is over.
    pub(crate) fn generate_unchecked(&self, out: &mut Vec<Move>) {
        if !self.classic {
            return self.world_generate(out);
        }
        let geo = self.geometry();
        let theirs = self.pieces[!self.turn];
        let single = self.rules.removal.removable(geo, theirs);
        let mut sets = Vec::new();
        self.for_each_action(|from, to, mills| {
            let m = match from {
                None => Move::place(to),
                Some(f) => Move::slide(f, to),
            };
            match self.removals_due(mills) {
                0 => out.push(m),
                1 => out.extend(single.iter().map(|r| m.with_removals(Bitboard::from_point(r)))),
                n => {
                    sets.clear();
                    removal_sets(geo, self.rules.removal, theirs, n, &mut sets);
                    out.extend(sets.iter().map(|&s| m.with_removals(s)));
                }
            }
        });
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
