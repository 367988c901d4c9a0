//! The solved classes of one rule set ([`Tablebase`]): solving a class
//! after the smaller ones its removals lead to, and probing any position
//! whose class is solved (or whose mirror's is).

use rustc_hash::FxHashMap;

use morris_core::{Bitboard, Blocked, ByColor, Color, Position, Removal, Rules};

use crate::error::SolveError;
use crate::flat_entries::TableChanged;
use crate::index::{position, Class, Indexer, Numbering};
use crate::progress::{Progress, Silent};
use crate::reduced::SymIndexer;
use crate::retro::{Retro, Solved};
use crate::space::Space;
use crate::support::check_moving;
use crate::table::{FullTable, Table};
use crate::threads::solve_threads;
use crate::value::Value;

/// The position with the colours exchanged: light's pieces and hand are
/// dark's, and the other side moves. Its value is the same, since the
/// history-free rules treat both colours alike.
fn mirrored(pos: &Position) -> Position {
    position(
        *pos.rules(),
        ByColor::new(pos.pieces(Color::Dark), pos.pieces(Color::Light)),
        ByColor::new(pos.in_hand(Color::Dark), pos.in_hand(Color::Light)),
        !pos.turn(),
    )
}

/// The solved classes of one rule set.
#[derive(Clone, Debug)]
pub struct Tablebase {
    pub(crate) rules: Rules,
    tables: FxHashMap<Class, Table>,
    pub(crate) placing_memo: usize,
}

impl Tablebase {
    pub fn new(rules: Rules) -> Tablebase {
        Tablebase {
            rules,
            tables: FxHashMap::default(),
            placing_memo: 0,
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    /// Whether this tablebase's rules can be solved: every solve checks
    /// it first and refuses rules the tables cannot represent
    /// ([`SolveError::Unsupported`]; see [`crate::check_moving`]).
    pub fn supported(&self) -> Result<(), SolveError> {
        check_moving(&self.rules)
    }

    /// Adds a table read from a file, replacing any of its class; it must
    /// be of this tablebase's rules.
    pub fn insert(&mut self, table: Table) -> Result<(), SolveError> {
        if *table.indexer().rules() != self.rules {
            return Err(SolveError::OtherRules);
        }
        self.tables.insert(table.class(), table);
        Ok(())
    }

    /// The table of a class, if it is solved.
    pub fn table(&self, class: Class) -> Option<&Table> {
        self.tables.get(&class)
    }

    /// The tables left in flat files whose files changed after they were
    /// loaded (see [`Table::fault`]): they answer nothing.
    pub fn faults(&self) -> impl Iterator<Item = &TableChanged> {
        self.tables.values().filter_map(Table::fault)
    }

    /// Keeps only the tables of the classes `keep` accepts, freeing the
    /// others' memory (a later [`Tablebase::solve`] that needs one solves
    /// it again).
    pub fn retain(&mut self, keep: impl Fn(Class) -> bool) {
        self.tables.retain(|&class, _| keep(class));
    }

    /// The tables solving the class of `light` and `dark` pieces reads: the
    /// classes its removals lead to, each as the class with the larger
    /// side first (the table that answers for both it and its mirror).
    pub fn needs(&self, light: u8, dark: u8) -> Vec<Class> {
        let mut out = Vec::new();
        for k in 1..=self.most_removals() {
            for (l, d) in [(light, dark.saturating_sub(k)), (light.saturating_sub(k), dark)] {
                let class = Class::moving(l.max(d), l.min(d));
                if l >= 3 && d >= 3 && !out.contains(&class) {
                    out.push(class);
                }
            }
        }
        // "Both remove" (§7.4) takes one piece of each side.
        if self.rules.blocked == Blocked::BothRemove && light > 3 && dark > 3 {
            let class = Class::moving((light - 1).max(dark - 1), (light - 1).min(dark - 1));
            if !out.contains(&class) {
                out.push(class);
            }
        }
        out
    }

    /// The value of a position that is over or whose class is solved. A
    /// class of the moving phases is also read from the table of its
    /// mirror (light and dark exchanged), so `4v3` answers `3v4`.
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        if let Some(o) = pos.terminal() {
            return Some(Value::of_outcome(o, pos.turn()));
        }
        if pos.due().is_some() {
            return self.probe_due(pos);
        }
        let untracked =
            pos.markers().any() || pos.used_lines(Color::Light) != 0 || pos.used_lines(Color::Dark) != 0;
        if untracked || pos.rules().one_time_mill {
            return None;
        }
        let class = Class::of(pos);
        if let Some(t) = self.tables.get(&class) {
            return t.probe(pos);
        }
        let mirror = Class {
            light: class.dark,
            dark: class.light,
            light_hand: class.dark_hand,
            dark_hand: class.light_hand,
        };
        self.tables.get(&mirror)?.probe(&mirrored(pos))
    }

    /// A position with a removal turn due (§7.4 "both remove"): no table
    /// numbers it, but each of its turns removes, so it is valued from the
    /// smaller classes they lead to.
    fn probe_due(&self, pos: &Position) -> Option<Value> {
        let mut best: Option<Value> = None;
        for m in pos.legal_moves() {
            let child = pos.play(m);
            if Class::of(&child) == Class::of(pos) {
                return None;
            }
            let v = self.probe(&child)?.for_mover(&child, pos.turn());
            if best.is_none_or(|b| v.score() > b.score()) {
                best = Some(v);
            }
        }
        best
    }

    /// The table that answers for the class of `light` and `dark` pieces
    /// on the board, hands empty: its own, or its mirror's.
    pub fn table_for(&self, light: u8, dark: u8) -> Option<&Table> {
        self.tables
            .get(&Class::moving(light, dark))
            .or_else(|| self.tables.get(&Class::moving(dark, light)))
    }

    /// Whether positions of a class can be probed, from its own table or
    /// its mirror's.
    pub(crate) fn has(&self, light: u8, dark: u8) -> bool {
        self.table_for(light, dark).is_some()
    }

    /// Solves the moving and flying phases with `light` and `dark` pieces
    /// on the board, after the smaller classes a removal leads to (each of
    /// those with more light than dark pieces or as many, unless its
    /// mirror is already solved: a table answers for its mirror too).
    pub fn solve(&mut self, light: u8, dark: u8) -> Result<&Table, SolveError> {
        self.solve_with(light, dark, &Silent)
    }

    /// [`Tablebase::solve`], telling `progress` how far each class it
    /// solves is (the smaller ones first, then this one).
    pub fn solve_with(&mut self, light: u8, dark: u8, progress: &dyn Progress) -> Result<&Table, SolveError> {
        self.supported()?;
        let class = Class::moving(light, dark);
        if !self.tables.contains_key(&class) {
            self.solve_smaller(light, dark, progress)?;
            let indexer = SymIndexer::new(self.rules, class).ok_or(SolveError::DoesNotFit { light, dark })?;
            let table = Table::from_codes(indexer.clone(), self.build(&indexer, progress)?);
            self.tables.insert(class, table);
        }
        self.tables.get(&class).ok_or(SolveError::Missing(class))
    }

    /// Solves the classes a removal leads to that are not loaded; a
    /// loaded one must know its distances.
    fn solve_smaller(&mut self, light: u8, dark: u8, progress: &dyn Progress) -> Result<(), SolveError> {
        for class in self.needs(light, dark) {
            match self.table_for(class.light, class.dark) {
                Some(t) if !t.has_distances() => return Err(SolveError::NoDistances(t.class())),
                Some(_) => {}
                None => {
                    self.solve_with(class.light, class.dark, progress)?;
                }
            }
        }
        Ok(())
    }

    /// Solves a class without the symmetries, one entry per position, after
    /// the smaller classes (with the symmetries); the reference the
    /// reduced tables are checked against.
    pub fn solve_unreduced(&mut self, light: u8, dark: u8) -> Result<FullTable, SolveError> {
        self.supported()?;
        self.solve_smaller(light, dark, &Silent)?;
        let indexer = Indexer::new(self.rules, Class::moving(light, dark))
            .ok_or(SolveError::DoesNotFit { light, dark })?;
        let values = self.build(&indexer, &Silent)?;
        Ok(FullTable::new(indexer, values))
    }

    /// The most opposing pieces one turn can remove under these rules:
    /// its mills', plus a custodian capture (one) or an intervention
    /// (two), or a blocked player's removal (§7.4).
    fn most_removals(&self) -> u8 {
        let rules = &self.rules;
        let mills = if rules.mill_wins || rules.removal == Removal::Never {
            0
        } else {
            match rules.mill_takes {
                morris_core::MillTakes::One => 1,
                morris_core::MillTakes::Each => morris_core::MAX_MILLS_THROUGH as u8,
            }
        };
        let captures = if rules.intervention {
            2
        } else {
            u8::from(rules.custodian)
        };
        let blocked = u8::from(matches!(
            rules.blocked,
            Blocked::RemoveMove | Blocked::RemovePass | Blocked::BothRemove
        ));
        (mills + captures).max(blocked)
    }

    /// Solves one class in the numbering `space`: the codes of its entries.
    fn build(&self, space: &(impl Space + Sync), progress: &dyn Progress) -> Result<Vec<u16>, SolveError> {
        let retro = Retro::new(&self.rules, self, progress, space.class());
        retro.build_on(space, solve_threads())
    }
}

impl Solved for Tablebase {
    fn probe(&self, pos: &Position) -> Option<Value> {
        Tablebase::probe(self, pos)
    }

    fn probe_pieces(&self, light: Bitboard, dark: Bitboard, turn: Color) -> Option<Value> {
        let (l, d) = (light.count() as u8, dark.count() as u8);
        match self.tables.get(&Class::moving(l, d)) {
            Some(t) => t.value(t.indexer().rank(light, dark, turn)),
            // The mirror's table: the colours exchanged, as in `mirrored`.
            None => {
                let t = self.tables.get(&Class::moving(d, l))?;
                t.value(t.indexer().rank(dark, light, !turn))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    //! The retrograde solve (`retro`) on tables this module solves.

    use super::*;
    use crate::index::Indexer;
    use crate::reduced::SymIndexer;
    use crate::retro::{Retro, MIN_CHUNK};
    use morris_core::Variant;

    /// The solve split over threads (the first pass, and the entries of
    /// each distance) gives the same codes as on one thread, in both
    /// numberings.
    #[test]
    fn threads_change_nothing() {
        let mut tb = Tablebase::new(Variant::Six.rules());
        assert!(tb.solve(4, 3).is_ok() && tb.solve(5, 3).is_ok() && tb.solve(4, 4).is_ok());
        let class = Class::moving(5, 4);
        let rules = *tb.rules();
        let reduced = SymIndexer::new(rules, class);
        let full = Indexer::new(rules, class);
        assert!(reduced.is_some() && full.is_some());
        let (Some(reduced), Some(full)) = (reduced, full) else {
            return;
        };
        assert!(reduced.len() > 3 * MIN_CHUNK as u64, "the test needs chunks");
        let retro = Retro::new(&rules, &tb, &crate::Silent, class);
        let one = retro.build_on(&reduced, 1);
        assert!(one.is_ok(), "{one:?}");
        for threads in [2, 3, 7] {
            assert_eq!(retro.build_on(&reduced, threads), one, "{threads} threads");
        }
        assert_eq!(retro.build_on(&full, 3), retro.build_on(&full, 1));
    }
}
