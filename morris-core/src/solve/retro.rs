//! The retrograde solver of the moving and flying phases, and the forward
//! solver of the placing phase on top of it.
//!
//! A class with both hands empty is solved by retrograde analysis: every
//! position's moves are generated once to count the ones that stay in the
//! class and to look up the ones that leave it (a removal leads to a smaller
//! class, solved first); then the decided positions are taken in order of
//! their distance to the end, and each tells its predecessors in the class
//! (found by taking a move back) that they win or that one more of their
//! moves loses. A position none of whose moves ever gets decided is a draw.
//! Taking positions in order of distance makes a win the quickest and a
//! loss the longest.
//!
//! The placing phase never repeats a position, so it is solved forward,
//! with a memo, down to the tables of the classes where the hands are empty.

use std::collections::HashMap;

use thiserror::Error;

use crate::{Bitboard, ByColor, Color, Outcome, Position, Removal, Rules};

use super::index::{Class, Indexer};

/// The exact value of a position for the side to move, with the distance
/// to the end of the game in plies under perfect play (the winner takes
/// the quickest win, the loser the longest defence).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Value {
    Win(u16),
    Draw,
    Loss(u16),
}

const DRAW: u16 = 0;
/// The code of an undecided position; never in a finished table.
pub(super) const UNKNOWN: u16 = u16::MAX;
/// The longest distance a table stores.
const MAX_DISTANCE: u16 = (u16::MAX - 3) / 2;

impl Value {
    /// The value of a finished game for the side to move.
    pub fn of_outcome(outcome: Outcome, turn: Color) -> Value {
        match outcome.winner {
            None => Value::Draw,
            Some(w) if w == turn => Value::Win(0),
            Some(_) => Value::Loss(0),
        }
    }

    /// The value for the side that made the move leading here.
    pub fn back(self) -> Value {
        match self {
            Value::Win(d) => Value::Loss(d.saturating_add(1)),
            Value::Draw => Value::Draw,
            Value::Loss(d) => Value::Win(d.saturating_add(1)),
        }
    }

    /// A number that orders values from the mover's point of view: a
    /// quicker win is better, a longer loss is better.
    pub fn score(self) -> i32 {
        match self {
            Value::Win(d) => 100_000 - d as i32,
            Value::Draw => 0,
            Value::Loss(d) => d as i32 - 100_000,
        }
    }

    /// The value of a position from the values of the positions its moves
    /// lead to; `None` when there are no moves.
    pub fn best_of(children: impl IntoIterator<Item = Value>) -> Option<Value> {
        children.into_iter().map(Value::back).max_by_key(|v| v.score())
    }

    /// The code a table stores: 0 a draw, odd a win, even a loss.
    pub(super) fn encode(self) -> u16 {
        match self {
            Value::Draw => DRAW,
            Value::Win(d) => 1 + 2 * d.min(MAX_DISTANCE),
            Value::Loss(d) => 2 + 2 * d.min(MAX_DISTANCE),
        }
    }

    pub(super) fn decode(code: u16) -> Value {
        match code {
            DRAW | UNKNOWN => Value::Draw,
            c if c % 2 == 1 => Value::Win((c - 1) / 2),
            c => Value::Loss((c - 2) / 2),
        }
    }
}

/// Why a class or a position cannot be solved.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum SolveError {
    #[error("{light} light and {dark} dark pieces do not fit the board")]
    DoesNotFit { light: u8, dark: u8 },
    #[error("the class has {0} positions, more than a table indexes")]
    TooLarge(u64),
    #[error("a position has more moves than the solver counts")]
    TooManyMoves,
    #[error("a win or loss is longer than {MAX_DISTANCE} plies")]
    TooLong,
    #[error("the position is not played under the rules of this tablebase")]
    OtherRules,
    #[error("moving instead of placing makes the placing phase cyclic; it is not solved")]
    MoveInPlacing,
    #[error("the class {0:?} is needed but not solved")]
    Missing(Class),
}

/// The state of one position while its class is solved.
#[derive(Clone, Copy, Debug)]
struct Slot {
    /// The encoded value, `UNKNOWN` until decided.
    value: u16,
    /// The longest known loss among the moves.
    longest: u16,
    /// In-class moves not yet known to lose.
    left: u8,
    /// A move that does not lose is known.
    escape: bool,
}

impl Default for Slot {
    fn default() -> Slot {
        Slot {
            value: UNKNOWN,
            longest: 0,
            left: 0,
            escape: false,
        }
    }
}

/// The values of every position of one class with both hands empty.
#[derive(Clone, Debug)]
pub struct Table {
    indexer: Indexer,
    values: Vec<u16>,
}

impl Table {
    /// A table from its stored codes, one per index of `indexer`.
    pub(super) fn from_codes(indexer: Indexer, values: Vec<u16>) -> Table {
        Table { indexer, values }
    }

    /// The stored codes, one per index.
    pub(super) fn codes(&self) -> &[u16] {
        &self.values
    }

    pub fn indexer(&self) -> &Indexer {
        &self.indexer
    }

    pub fn class(&self) -> Class {
        self.indexer.class()
    }

    /// How many positions the table holds.
    pub fn len(&self) -> usize {
        self.values.len()
    }

    pub fn is_empty(&self) -> bool {
        self.values.is_empty()
    }

    /// The value of the position with this index.
    pub fn value(&self, index: u64) -> Option<Value> {
        let i = usize::try_from(index).ok()?;
        self.values.get(i).map(|&c| Value::decode(c))
    }

    /// The value of a position of this class.
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        self.value(self.indexer.index(pos)?)
    }

    /// How many positions are won, drawn and lost for the side to move.
    pub fn counts(&self) -> (u64, u64, u64) {
        let mut c = (0, 0, 0);
        for &v in &self.values {
            match Value::decode(v) {
                Value::Win(_) => c.0 += 1,
                Value::Draw => c.1 += 1,
                Value::Loss(_) => c.2 += 1,
            }
        }
        c
    }

    /// The longest distance to the end in the table.
    pub fn max_distance(&self) -> u16 {
        self.values
            .iter()
            .map(|&v| match Value::decode(v) {
                Value::Win(d) | Value::Loss(d) => d,
                Value::Draw => 0,
            })
            .max()
            .unwrap_or(0)
    }
}

/// The solved classes of one rule set.
#[derive(Clone, Debug)]
pub struct Tablebase {
    rules: Rules,
    tables: HashMap<Class, Table>,
}

type PlacingMemo = HashMap<(u32, u32, u8, u8, Color), Value>;

impl Tablebase {
    pub fn new(rules: Rules) -> Tablebase {
        Tablebase {
            rules,
            tables: HashMap::new(),
        }
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
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

    /// The value of a position that is over or whose class is solved.
    pub fn probe(&self, pos: &Position) -> Option<Value> {
        if let Some(o) = pos.terminal() {
            return Some(Value::of_outcome(o, pos.turn()));
        }
        self.tables.get(&Class::of(pos))?.probe(pos)
    }

    /// Solves the moving and flying phases with `light` and `dark` pieces
    /// on the board, after the smaller classes a removal leads to.
    pub fn solve(&mut self, light: u8, dark: u8) -> Result<&Table, SolveError> {
        let class = Class::moving(light, dark);
        if !self.tables.contains_key(&class) {
            let most = self.most_removals();
            for k in 1..=most {
                if dark >= 3 + k {
                    self.solve(light, dark - k)?;
                }
                if light >= 3 + k {
                    self.solve(light - k, dark)?;
                }
            }
            let indexer = Indexer::new(self.rules, class).ok_or(SolveError::DoesNotFit { light, dark })?;
            let table = self.build(indexer)?;
            self.tables.insert(class, table);
        }
        self.tables.get(&class).ok_or(SolveError::Missing(class))
    }

    /// The value of any position of the rule set, solving the placing phase
    /// forward and the classes it ends in as they are needed.
    pub fn solve_position(&mut self, pos: &Position) -> Result<Value, SolveError> {
        if *pos.rules() != self.rules {
            return Err(SolveError::OtherRules);
        }
        self.forward(pos, &mut HashMap::new())
    }

    fn forward(&mut self, pos: &Position, memo: &mut PlacingMemo) -> Result<Value, SolveError> {
        if let Some(o) = pos.terminal() {
            return Ok(Value::of_outcome(o, pos.turn()));
        }
        let class = Class::of(pos);
        if class.light_hand == 0 && class.dark_hand == 0 {
            return self
                .solve(class.light, class.dark)?
                .probe(pos)
                .ok_or(SolveError::Missing(class));
        }
        if self.rules.move_in_placing {
            return Err(SolveError::MoveInPlacing);
        }
        let key = (
            pos.pieces(Color::Light).0,
            pos.pieces(Color::Dark).0,
            class.light_hand,
            class.dark_hand,
            pos.turn(),
        );
        if let Some(&v) = memo.get(&key) {
            return Ok(v);
        }
        let mut best: Option<Value> = None;
        for m in pos.legal_moves() {
            let v = self.forward(&pos.play(m), memo)?.back();
            if best.is_none_or(|b| v.score() > b.score()) {
                best = Some(v);
            }
        }
        // A position that is not over has a move; a draw is the safe answer.
        let v = best.unwrap_or(Value::Draw);
        memo.insert(key, v);
        Ok(v)
    }

    /// The most pieces one turn can remove under these rules.
    fn most_removals(&self) -> u8 {
        if self.rules.mill_wins || self.rules.removal == Removal::Never {
            0
        } else {
            match self.rules.mill_takes {
                crate::MillTakes::One => 1,
                crate::MillTakes::Each => crate::board::MAX_MILLS_THROUGH as u8,
            }
        }
    }

    fn build(&self, indexer: Indexer) -> Result<Table, SolveError> {
        let len = indexer.len();
        let n = usize::try_from(len)
            .ok()
            .filter(|_| len <= u32::MAX as u64)
            .ok_or(SolveError::TooLarge(len))?;
        // One slot per position, so that a predecessor costs one cache miss.
        let mut slots = vec![Slot::default(); n];
        let mut buckets: Vec<Vec<(u32, bool)>> = Vec::new();
        let push = |buckets: &mut Vec<Vec<(u32, bool)>>, dist: u16, i: usize, win: bool| {
            let d = dist as usize;
            if buckets.len() <= d {
                buckets.resize_with(d + 1, Vec::new);
            }
            buckets[d].push((i as u32, win));
        };

        let mut moves = Vec::with_capacity(64);
        for (i, slot) in slots.iter_mut().enumerate() {
            let (light, dark, turn) = indexer.unrank(i as u64);
            let pos = indexer.make(light, dark, turn);
            moves.clear();
            pos.generate(&mut moves);
            // A game that is not over always has a move.
            if let Some(o) = moves.is_empty().then(|| pos.terminal()).flatten() {
                match Value::of_outcome(o, turn) {
                    Value::Draw => slot.value = DRAW,
                    Value::Win(_) => push(&mut buckets, 0, i, true),
                    Value::Loss(_) => push(&mut buckets, 0, i, false),
                }
                continue;
            }
            let mut inside = 0u32;
            let mut quickest: Option<u16> = None;
            for &m in &moves {
                if m.removals().is_empty() {
                    inside += 1;
                    continue;
                }
                let child = pos.play(m);
                match self.probe(&child).ok_or(SolveError::Missing(Class::of(&child)))? {
                    Value::Loss(j) => quickest = Some(quickest.map_or(j + 1, |q| q.min(j + 1))),
                    Value::Draw => slot.escape = true,
                    Value::Win(j) => slot.longest = slot.longest.max(j),
                }
            }
            slot.left = u8::try_from(inside).map_err(|_| SolveError::TooManyMoves)?;
            if let Some(q) = quickest {
                slot.escape = true;
                push(&mut buckets, q, i, true);
            } else if inside == 0 && !slot.escape {
                push(&mut buckets, slot.longest.saturating_add(1), i, false);
            }
        }

        let mut before = Vec::with_capacity(128);
        let mut k = 0usize;
        while k < buckets.len() {
            let dist = u16::try_from(k)
                .ok()
                .filter(|&d| d <= MAX_DISTANCE)
                .ok_or(SolveError::TooLong)?;
            let list = std::mem::take(&mut buckets[k]);
            for (i, win) in list {
                let i = i as usize;
                if slots[i].value != UNKNOWN {
                    continue;
                }
                slots[i].value = if win { Value::Win(dist) } else { Value::Loss(dist) }.encode();
                let (light, dark, turn) = indexer.unrank(i as u64);
                before.clear();
                self.unmoves(&indexer, light, dark, turn, &mut before);
                for &p in &before {
                    let p = p as usize;
                    let slot = &mut slots[p];
                    if slot.value != UNKNOWN {
                        continue;
                    }
                    if win {
                        slot.left = slot.left.saturating_sub(1);
                        slot.longest = slot.longest.max(dist);
                        if slot.left == 0 && !slot.escape {
                            push(&mut buckets, slot.longest.saturating_add(1), p, false);
                        }
                    } else {
                        // Pushed even if a slower win is pending: the
                        // quicker one is popped first.
                        slot.escape = true;
                        push(&mut buckets, dist + 1, p, true);
                    }
                }
            }
            k += 1;
        }
        let values = slots
            .into_iter()
            .map(|s| if s.value == UNKNOWN { DRAW } else { s.value })
            .collect();
        Ok(Table { indexer, values })
    }

    /// The indices of the positions of the class from which a move that
    /// removes nothing leads to the given one.
    fn unmoves(&self, indexer: &Indexer, light: Bitboard, dark: Bitboard, turn: Color, out: &mut Vec<u32>) {
        let geo = self.rules.geometry();
        let mover = !turn;
        let pieces = ByColor::new(light, dark);
        let (own, other) = (pieces[mover], pieces[turn]);
        let empty = geo.all().minus(own | other);
        let flies = self.rules.flying && own.count() == 3;
        let removes = !self.rules.mill_wins && self.rules.removal != Removal::Never && other.any();
        for to in own {
            if removes && geo.closes_mill(own, to) {
                continue;
            }
            let origins = if flies { empty } else { geo.adjacent(to) & empty };
            for from in origins {
                let before = own.without(to).with(from);
                let (l, d) = match mover {
                    Color::Light => (before, other),
                    Color::Dark => (other, before),
                };
                out.push(indexer.rank(l, d, mover) as u32);
            }
        }
    }
}
