//! Endgame tables in the search: the solved values of [`crate::solve`]
//! turned into perfect play.
//!
//! ```
//! use morris_core::search::Tables;
//! use morris_core::solve::{self, Tablebase};
//! use morris_core::Variant;
//!
//! let mut base = Tablebase::new(Variant::Three.rules());
//! let bytes = solve::write(base.solve(3, 3).unwrap());
//! let mut tables = Tables::new();
//! let class = tables.load(&bytes).unwrap();
//! assert_eq!((class.light, class.dark), (3, 3));
//! ```
//!
//! # Referee's decisions: table values and the game's own draw rules
//!
//! A table value is the value of the history-free game (the board, the
//! hands, the side to move): win or loss in N plies under perfect play,
//! or a draw. The real game adds threefold repetition, the n-move rule and
//! the endgame rule, and Morabaraba's re-forming ban. They are reconciled
//! so:
//!
//! - **The game's own end comes first.** Inside the search a position is
//!   asked of the tables only after the search's own checks: a repeated
//!   position is a draw, a run-out n-move or endgame counter ends the game
//!   as the rules say. Only then is a covered position scored exactly, a
//!   win in `d` plies `ply` below the root as the search's own "win in
//!   `ply + d`", so that a quick table win beats a slow one and every
//!   table win beats any heuristic value.
//! - **At the root of a covered position the move comes from the tables**,
//!   not from a search: the move whose value is best for the mover (the
//!   quickest win, else a draw, else the longest loss), ties broken by the
//!   static evaluation of the position it leads to. A position is covered
//!   when its class and the classes all its removals lead to are loaded.
//! - **Why this never gives away anything.** Along a table win the distance
//!   falls by one every ply, so the winner's line never repeats a position,
//!   and the loser's longest defence likewise; a drawn position keeps a
//!   drawing move, and a repetition there is a draw too. The n-move and
//!   endgame rules only ever turn a game into a draw: they can cost the
//!   winner a win the table promises (the engine then still plays its
//!   quickest win, the best try), never turn a drawn or won position into a
//!   loss. So, measured by the table, the mover's value never drops.
//! - **The tables are not asked** when the rules are not the tables' (each
//!   table names its rules, and a table of `nine` never answers for
//!   `nine:flying=off`) or when a re-forming ban is pending, since the
//!   solved game has no such ban.

use crate::solve::{self, Class, Table, TableFileError, Tablebase, Value};
use crate::{Color, Move, Position, Rules};

use super::eval::evaluate;

/// Loaded endgame tables, of one or more rule sets. Hand them to a
/// [`super::Searcher`] with [`super::Searcher::set_tables`].
#[derive(Clone, Debug, Default)]
pub struct Tables {
    bases: Vec<Tablebase>,
}

/// The value of one root move, for the side that makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableMove {
    pub turn: Move,
    pub value: Value,
}

impl Tables {
    /// No tables.
    pub fn new() -> Tables {
        Tables::default()
    }

    /// Whether no table is loaded.
    pub fn is_empty(&self) -> bool {
        self.bases.is_empty()
    }

    /// Adds a table, replacing one of the same rules and class.
    pub fn insert(&mut self, table: Table) -> Class {
        let class = table.class();
        let rules = *table.indexer().rules();
        let i = match self.bases.iter().position(|b| *b.rules() == rules) {
            Some(i) => i,
            None => {
                self.bases.push(Tablebase::new(rules));
                self.bases.len() - 1
            }
        };
        if let Some(base) = self.bases.get_mut(i) {
            // Cannot fail: the base was chosen by the table's rules.
            let _ = base.insert(table);
        }
        class
    }

    /// Reads a table file (checked as [`solve::read`] checks it) and adds it.
    pub fn load(&mut self, bytes: &[u8]) -> Result<Class, TableFileError> {
        Ok(self.insert(solve::read(bytes)?))
    }

    /// Whether the table of a class of these rules is loaded.
    pub fn has(&self, rules: &Rules, class: Class) -> bool {
        self.base(rules).is_some_and(|b| b.table(class).is_some())
    }

    /// The loaded classes, with their rules.
    pub fn classes(&self) -> Vec<(Rules, Class)> {
        let mut out = Vec::new();
        for b in &self.bases {
            let rules = *b.rules();
            for light in 3..=crate::MAX_POINTS as u8 {
                for dark in 3..=crate::MAX_POINTS as u8 {
                    let class = Class::moving(light, dark);
                    if b.table(class).is_some() {
                        out.push((rules, class));
                    }
                }
            }
        }
        out
    }

    fn base(&self, rules: &Rules) -> Option<&Tablebase> {
        self.bases.iter().find(|b| b.rules() == rules)
    }

    /// The table value of a position for its side to move: `None` unless
    /// its class is loaded for its rules (a finished game counts as
    /// covered) and no re-forming ban is pending.
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        if pos.reform_ban(Color::Light).is_some() || pos.reform_ban(Color::Dark).is_some() {
            return None;
        }
        self.base(pos.rules())?.probe(pos)
    }

    /// The value of a position that is not over, if it and every position
    /// its moves lead to are covered, from its moves.
    pub fn root_moves(&self, pos: &Position) -> Option<Vec<TableMove>> {
        if pos.terminal().is_some() {
            return None;
        }
        self.probe(pos)?;
        pos.legal_moves()
            .into_iter()
            .map(|turn| {
                let child = pos.play(turn);
                let value = self.probe(&child)?.back();
                Some(TableMove { turn, value })
            })
            .collect()
    }

    /// The root moves of a covered position, best first: the best value
    /// for the mover, ties by the static evaluation after the move.
    pub fn ranked(&self, pos: &Position) -> Option<Vec<TableMove>> {
        let moves = self.root_moves(pos)?;
        let mut keyed: Vec<((i32, i32), TableMove)> = moves
            .into_iter()
            .map(|m| ((m.value.score(), -evaluate(&pos.play(m.turn))), m))
            .collect();
        // Stable: equal keys keep the order of move generation.
        keyed.sort_by_key(|(k, _)| std::cmp::Reverse(*k));
        Some(keyed.into_iter().map(|(_, m)| m).collect())
    }

    /// The perfect line from a covered position, at most `max` turns.
    pub fn line(&self, pos: &Position, max: usize) -> Vec<Move> {
        let mut line = Vec::new();
        let mut p = *pos;
        while line.len() < max {
            let Some(best) = self.ranked(&p).and_then(|r| r.first().copied()) else {
                break;
            };
            line.push(best.turn);
            p = p.play(best.turn);
        }
        line
    }
}
