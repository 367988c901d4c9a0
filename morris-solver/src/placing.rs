//! The placing phase, solved forward: it never repeats a position, so a
//! depth-first search with a memo reaches the tables of the classes where
//! the hands are empty, solving them as they are needed. Symmetric
//! positions share one memo entry.

use rustc_hash::FxHashMap;

use morris_core::Position;

use crate::error::SolveError;
use crate::index::Class;
use crate::support::check_placing;
use crate::symmetry::{PlacingKey, Symmetries};
use crate::tablebase::Tablebase;
use crate::value::Value;

type PlacingMemo = FxHashMap<PlacingKey, Value>;

impl Tablebase {
    /// The value of any position of the rule set, solving the placing phase
    /// forward and the classes it ends in as they are needed.
    pub fn solve_position(&mut self, pos: &Position) -> Result<Value, SolveError> {
        if *pos.rules() != self.rules {
            return Err(SolveError::OtherRules);
        }
        check_placing(&self.rules)?;
        let syms = Symmetries::of(self.rules.geometry());
        self.forward(pos, &syms, &mut FxHashMap::default())
    }

    fn forward(
        &mut self,
        pos: &Position,
        syms: &Symmetries,
        memo: &mut PlacingMemo,
    ) -> Result<Value, SolveError> {
        if let Some(o) = pos.terminal() {
            return Ok(Value::of_outcome(o, pos.turn()));
        }
        let class = Class::of(pos);
        if class.light_hand == 0 && class.dark_hand == 0 {
            if !self.has(class.light, class.dark) {
                self.solve(class.light.max(class.dark), class.light.min(class.dark))?;
            }
            return self.probe(pos).ok_or(SolveError::Missing(class));
        }
        if self.rules.move_in_placing {
            return Err(SolveError::MoveInPlacing);
        }
        // Symmetric positions share one memo entry: the smallest image.
        let key = syms.placing_key(pos);
        if let Some(&v) = memo.get(&key) {
            return Ok(v);
        }
        let mut best: Option<Value> = None;
        for m in pos.legal_moves() {
            let child = pos.play(m);
            // The same side may move again (the first move of the moving
            // phase under `second-moves-first`).
            let v = self.forward(&child, syms, memo)?.for_mover(&child, pos.turn());
            if best.is_none_or(|b| v.score() > b.score()) {
                best = Some(v);
            }
        }
        // A position that is not over has a move; a draw is the safe answer.
        let v = best.unwrap_or(Value::Draw);
        memo.insert(key, v);
        self.placing_memo = self.placing_memo.max(memo.len());
        Ok(v)
    }

    /// The most entries the placing phase's memo has held (symmetric
    /// positions share one).
    pub fn placing_memo_len(&self) -> usize {
        self.placing_memo
    }
}
