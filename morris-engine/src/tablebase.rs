//! Endgame tables in the search: the solved values of [`morris_solver`]
//! turned into perfect play.
//!
//! ```
//! use morris_engine::Tablebases;
//! use morris_solver::{Tablebase};
//! use morris_core::Variant;
//!
//! let mut base = Tablebase::new(Variant::Three.rules());
//! let bytes = morris_solver::write(base.solve(3, 3).unwrap());
//! let mut tables = Tablebases::new();
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
//! - **The end of the placing phase** is solved at the root when the
//!   tables cover every position it can end in and at most
//!   [`PLACING_SOLVE_PLIES`] placements are left ([`Tablebases::placing_solve`]:
//!   win, draw or loss only, by alpha-beta down to the tables). The search
//!   then chooses only among the moves that keep that value, so a drawn
//!   position is never placed into a lost one, whatever the search's
//!   horizon. The solve shares the tables' history-free view, and in the
//!   placing phase that view is exact: no position repeats while pieces
//!   are still being placed.
//! - **Ultra-strong play** ([`Tiebreak::Traps`], the engine's
//!   `set_ultra_strong`): among the moves that keep a drawn or lost value,
//!   the one that gives an opponent who replied at random the largest
//!   chance to change his result (a won game to a draw or a loss, a drawn
//!   one to a loss) within his next [`TRAP_TURNS`] turns
//!   ([`Tablebases::trap_chance`]) — a perfect player's best chance
//!   against a fallible one; and, at the engine's root, a move that does
//!   not repeat an earlier position before one that does (a repetition
//!   heads for a draw by threefold repetition). A won position keeps its
//!   quickest win. In a lost position the chance comes before the length
//!   of the defence: a referee's decision (a longer defence gives more
//!   turns to go wrong, but a reply that throws the win away is the
//!   opponent's only way to lose it). At the end of the placing phase the
//!   one-turn share is measured with the solve of each kept move's
//!   position ([`Tablebases::placing_traps`]).
//! - **The tables are not asked** when the rules are not the tables' (each
//!   table names its rules, and a table of `nine` never answers for
//!   `nine:flying=off`) or when a re-forming ban is pending, since the
//!   solved game has no such ban.

use rustc_hash::FxHashMap;

use morris_core::{Move, Position, RuleKey, Rules};
use morris_solver::{
    check_placing, Class, PlacingKey, SolveError, Symmetries, Table, TableChanged, TableFileError, Tablebase,
    Value,
};

use super::eval::evaluate;
use super::ordering::{pick, Lines, MoveOrder};

/// The tablebases in play: the solved classes of one or more rule sets
/// ([`Tablebase`], one per rule set). Hand them to a
/// [`super::Searcher`] with [`super::Searcher::set_tables`].
#[derive(Clone, Debug, Default)]
pub struct Tablebases {
    bases: Vec<Tablebase>,
}

/// The most placements left (both sides together) for which
/// [`Tablebases::placing_solve`] is tried. In Nine Men's Morris, with the real
/// tables, solving the last eight placements visits 60 to 150 thousand
/// positions and the last ten 0.3 to 0.6 million (three positions with
/// captures, the only ones the tables reached when this was measured);
/// the solve gives up past its budget.
pub const PLACING_SOLVE_PLIES: u8 = 12;

/// Win, draw or loss, for the side to move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Wdl {
    Loss,
    Draw,
    Win,
}

impl From<Value> for Wdl {
    fn from(value: Value) -> Wdl {
        match value {
            Value::Win(_) => Wdl::Win,
            Value::Draw => Wdl::Draw,
            Value::Loss(_) => Wdl::Loss,
        }
    }
}

impl Wdl {
    /// `win`, `draw` or `loss`, as the engine and `morris tb probe` say it.
    pub fn word(self) -> &'static str {
        match self {
            Wdl::Win => "win",
            Wdl::Draw => "draw",
            Wdl::Loss => "loss",
        }
    }

    /// The next better value (a win stays a win).
    fn above(self) -> Wdl {
        match self {
            Wdl::Loss => Wdl::Draw,
            _ => Wdl::Win,
        }
    }

    fn back(self) -> Wdl {
        match self {
            Wdl::Win => Wdl::Loss,
            Wdl::Draw => Wdl::Draw,
            Wdl::Loss => Wdl::Win,
        }
    }
}

/// How many of the opponent's turns ultra-strong play looks ahead for his
/// mistakes ([`Tablebases::trap_chance`]).
#[cfg(feature = "ultra-strong")]
pub const TRAP_TURNS: u8 = 2;

/// The most probes ultra-strong play spends on one position before it
/// looks one turn ahead only (a twentieth of a second natively).
#[cfg(feature = "ultra-strong")]
pub const TRAP_PROBES: u64 = 1_000_000;

/// The moves by their keys, the highest first; equal keys keep the order
/// of move generation (the sort is stable).
fn best_first<K: Ord + Copy>(mut keyed: Vec<(K, TableMove)>) -> Vec<TableMove> {
    keyed.sort_by_key(|(k, _)| std::cmp::Reverse(*k));
    keyed.into_iter().map(|(_, m)| m).collect()
}

/// How a perfect player chooses among moves of the same value.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tiebreak {
    /// The static evaluation after the move.
    #[default]
    Evaluation,
    /// Ultra-strong (the feature `ultra-strong`): the largest chance that
    /// the opponent changes his result ([`Tablebases::trap_chance`]), then
    /// the distance, then the evaluation (for a drawn or lost value; a win
    /// stays the quickest).
    #[cfg(feature = "ultra-strong")]
    Traps,
}

/// A root's value known before the search: what the position is worth
/// with perfect play, and the root moves that keep that. The search then
/// chooses among those moves only.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlacingSolve {
    pub result: Wdl,
    /// The moves that keep `result`, in the order of move generation.
    pub keep: Vec<Move>,
    /// Positions visited.
    pub nodes: u64,
    /// Where the value comes from.
    pub by: KeptBy,
}

/// Where a [`PlacingSolve`] comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum KeptBy {
    /// The end of the placing phase solved down to the tables
    /// ([`Tablebases::placing_solve`]).
    Solve,
    /// A [`super::Book`] (`nodes` is then 0).
    Book,
    /// Win/draw/loss tables of the root's class, which say which moves keep
    /// the value but not which one makes progress
    /// ([`Tablebases::wdl_root`]; `nodes` counts the moves probed).
    Tables,
}

/// What placing solves proved, kept for the next ones of a game: the
/// bounds of positions (shared by symmetric ones), which stay true. So a
/// solve that gave up still speeds up the next, a move later, and a solve
/// after one that succeeded costs next to nothing.
#[derive(Clone, Debug, Default)]
pub struct PlacingMemo {
    rules: Option<Rules>,
    bounds: FxHashMap<PlacingKey, (Wdl, Wdl)>,
}

/// The most positions a [`PlacingMemo`] holds before it starts afresh
/// (about 100 MB).
const PLACING_MEMO_MAX: usize = 4_000_000;

impl PlacingMemo {
    pub fn new() -> PlacingMemo {
        PlacingMemo::default()
    }

    pub fn clear(&mut self) {
        self.bounds = FxHashMap::default();
        self.rules = None;
    }

    /// How many positions it holds.
    pub fn len(&self) -> usize {
        self.bounds.len()
    }

    pub fn is_empty(&self) -> bool {
        self.bounds.is_empty()
    }
}

/// The search of [`Tablebases::placing_solve`]: alpha-beta on win, draw and
/// loss, with a memo of bounds shared by symmetric positions.
struct PlacingSearch<'t> {
    tables: &'t Tablebases,
    syms: Symmetries,
    /// Lower and upper bound per position (smallest image, hands, turn).
    memo: &'t mut FxHashMap<PlacingKey, (Wdl, Wdl)>,
    /// Killers and history of this solve, as in the search: a move that
    /// refuted one line often refutes its neighbours.
    order: Box<MoveOrder>,
    nodes: u64,
    max_nodes: u64,
    out_of_time: &'t mut dyn FnMut() -> bool,
}

/// Why the rest of a placing phase was not solved.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlacingError {
    #[error("the position is not in the placing phase")]
    NotPlacing,
    #[error("the placing phase of these rules moves pieces too")]
    MovesInPlacing,
    #[error("no table of these rules is loaded")]
    OtherRules,
    #[error("the placing is not solved under `{option}`: {why}")]
    Unsupported { option: RuleKey, why: &'static str },
    #[error("a position the placing can end in has no table")]
    Uncovered,
    #[error("the solve needs more positions or time than it was given")]
    Limit,
}

impl PlacingSearch<'_> {
    /// The value of `pos` within `alpha` and `beta`; `key` is its
    /// [`Symmetries::placing_key`] when the caller has it already.
    fn value(
        &mut self,
        pos: &Position,
        key: Option<PlacingKey>,
        mut alpha: Wdl,
        mut beta: Wdl,
        ply: usize,
    ) -> Result<Wdl, PlacingError> {
        self.nodes += 1;
        if self.nodes > self.max_nodes || (self.nodes % 4096 == 0 && (self.out_of_time)()) {
            return Err(PlacingError::Limit);
        }
        if pos.placements_left() == 0 || pos.terminal().is_some() {
            return self
                .tables
                .probe(pos)
                .map(Wdl::from)
                .ok_or(PlacingError::Uncovered);
        }
        let key = key.unwrap_or_else(|| self.syms.placing_key(pos));
        let (lo, hi) = self.memo.get(&key).copied().unwrap_or((Wdl::Loss, Wdl::Win));
        if lo == hi || lo >= beta {
            return Ok(lo);
        }
        if hi <= alpha {
            return Ok(hi);
        }
        alpha = alpha.max(lo);
        beta = beta.min(hi);
        let orig_alpha = alpha;
        let mut best = Wdl::Loss;
        let moves = pos.legal_moves();
        // Each child once, with its memo key while it is still placing (the
        // others are asked of the tables). A child already proved good
        // enough for the mover cuts at once.
        let mut children: Vec<(Position, Option<PlacingKey>)> = Vec::with_capacity(moves.len());
        for &m in &moves {
            let child = pos.play(m);
            let child_key = (child.placements_left() > 0).then(|| self.syms.placing_key(&child));
            if let Some(&(_, child_hi)) = child_key.as_ref().and_then(|k| self.memo.get(k)) {
                let v = child_hi.back();
                if v >= beta {
                    self.memo.insert(key, (v.max(lo), hi));
                    return Ok(v);
                }
            }
            children.push((child, child_key));
        }
        // The search's order: mills, blocks, killers, then history.
        let mut scores = Vec::with_capacity(moves.len());
        self.order
            .score(pos, &Lines::of(pos), &moves, None, ply, &mut scores);
        let mut tried = Vec::new();
        while let Some((i, _)) = pick(&mut scores) {
            let (Some(&m), Some((child, child_key))) = (moves.get(i), children.get(i)) else {
                break;
            };
            let v = self
                .value(child, *child_key, beta.back(), alpha.back(), ply + 1)?
                .back();
            best = best.max(v);
            alpha = alpha.max(v);
            if alpha >= beta {
                if m.removals().is_empty() {
                    let left = pos.placements_left();
                    self.order
                        .on_cutoff(pos.turn().index(), ply, i32::from(left), m, &tried);
                }
                break;
            }
            if m.removals().is_empty() {
                tried.push(m);
            }
        }
        let bounds = if best <= orig_alpha {
            (lo, best)
        } else if best >= beta {
            (best, hi)
        } else {
            (best, best)
        };
        self.memo.insert(key, bounds);
        Ok(best)
    }
}

/// A win/draw/loss root's value and the moves that keep it, from its
/// moves' values (none if it has no moves).
pub(crate) fn wdl_kept(moves: &[TableMove]) -> Option<PlacingSolve> {
    let result = moves.iter().map(|m| Wdl::from(m.value)).max()?;
    Some(PlacingSolve {
        result,
        nodes: moves.len() as u64,
        keep: moves
            .iter()
            .filter(|m| Wdl::from(m.value) == result)
            .map(|m| m.turn)
            .collect(),
        by: KeptBy::Tables,
    })
}

/// What the tables know of a root ([`Tablebases::root`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub(crate) struct TableRoot {
    /// Only a win/draw/loss table answers for the root's own class.
    pub wdl: bool,
    /// The root and every position its moves lead to are covered.
    pub covered: bool,
    /// A root the distance tables cover: its moves, best first.
    pub ranked: Vec<TableMove>,
    /// A covered root with only a win/draw/loss table: its value and the
    /// moves that keep it.
    pub kept: Option<PlacingSolve>,
}

/// How much of the placing phase a search solves at its root before it
/// searches (see [`crate::Searcher::set_placing_limits`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PlacingLimits {
    /// Solve only with this many placements left or fewer (both sides).
    pub plies: u8,
    /// Give up after visiting this many positions.
    pub nodes: u64,
}

impl Default for PlacingLimits {
    /// [`PLACING_SOLVE_PLIES`] and two million positions: a few seconds at
    /// most, what a player's move may spend.
    fn default() -> PlacingLimits {
        PlacingLimits {
            plies: PLACING_SOLVE_PLIES,
            nodes: PLACING_SOLVE_NODES,
        }
    }
}

/// The most positions a placing solve visits by default (a few seconds at
/// most).
const PLACING_SOLVE_NODES: u64 = 2_000_000;

/// The value of one root move, for the side that makes it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TableMove {
    pub turn: Move,
    pub value: Value,
}

impl Tablebases {
    /// No tables.
    pub fn new() -> Tablebases {
        Tablebases::default()
    }

    /// The tables of one solved or read [`Tablebase`].
    pub fn from_base(base: Tablebase) -> Tablebases {
        Tablebases { bases: vec![base] }
    }

    /// Whether no table is loaded.
    pub fn is_empty(&self) -> bool {
        self.bases.is_empty()
    }

    /// Adds a table, replacing one of the same rules and class, except
    /// that a win/draw/loss table never replaces one with distances
    /// (which answers everything it would, and more).
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
            let better = base.table(class).is_some_and(Table::has_distances) && !table.has_distances();
            if !better {
                // Cannot fail: the base was chosen by the table's rules.
                let _ = base.insert(table);
            }
        }
        class
    }

    /// Reads a table file (checked as [`morris_solver::read`] checks it) and adds it.
    pub fn load(&mut self, bytes: &[u8]) -> Result<Class, TableFileError> {
        Ok(self.insert(morris_solver::read(bytes)?))
    }

    /// The tables left in flat files whose files changed after they were
    /// loaded: they answer nothing from then on (see
    /// [`morris_solver::Table::fault`]), and a program says so.
    pub fn faults(&self) -> Vec<TableChanged> {
        self.bases.iter().flat_map(Tablebase::faults).cloned().collect()
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
            for light in 3..=morris_core::MAX_POINTS as u8 {
                for dark in 3..=morris_core::MAX_POINTS as u8 {
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
        if pos.ban_pending() {
            return None;
        }
        self.base(pos.rules())?.probe(pos)
    }

    /// Whether the table that answers for `pos` knows its distances:
    /// `None` when no table answers (a placing position, an uncovered
    /// class), `Some(false)` for a win/draw/loss table.
    pub fn has_distances(&self, pos: &Position) -> Option<bool> {
        let base = self.base(pos.rules())?;
        if pos.placements_left() > 0 {
            return None;
        }
        let class = Class::of(pos);
        base.table_for(class.light, class.dark).map(Table::has_distances)
    }

    /// A covered root whose own class has only a win/draw/loss table: its
    /// value and the moves that keep it. The quickest of them is not known,
    /// so the search chooses among them (a table move would make no
    /// progress in a won position: every winning move looks alike).
    pub fn wdl_root(&self, pos: &Position) -> Option<PlacingSolve> {
        if self.has_distances(pos)? {
            return None;
        }
        wdl_kept(&self.root_moves(pos)?)
    }

    /// What the tables know of a root, asked once: whether only a
    /// win/draw/loss table answers for its own class, and, where it is
    /// covered, its moves ranked by `tiebreak` (distance tables) or its
    /// value and the moves that keep it (a win/draw/loss table).
    pub(crate) fn root(&self, pos: &Position, tiebreak: Tiebreak) -> TableRoot {
        let wdl = self.has_distances(pos) == Some(false);
        if wdl {
            let moves = self.root_moves(pos);
            return TableRoot {
                wdl,
                covered: moves.is_some(),
                ranked: Vec::new(),
                kept: moves.as_deref().and_then(wdl_kept),
            };
        }
        let ranked = self.ranked_by(pos, tiebreak);
        TableRoot {
            wdl,
            covered: ranked.is_some(),
            ranked: ranked.unwrap_or_default(),
            kept: None,
        }
    }

    /// The value of a root the search will search and the moves it may
    /// play, if known: `known` (the book's, or a win/draw/loss table's from
    /// [`Tablebases::root`]), else the end of the placing solved within
    /// `limits` and `out_of_time`; with [`Tiebreak::Traps`], also those of
    /// the kept moves that set the most traps
    /// ([`Tablebases::placing_traps`]).
    pub(crate) fn root_kept(
        &self,
        pos: &Position,
        known: Option<PlacingSolve>,
        memo: &mut PlacingMemo,
        limits: PlacingLimits,
        tiebreak: Tiebreak,
        out_of_time: &mut dyn FnMut() -> bool,
    ) -> Option<(PlacingSolve, Option<Vec<Move>>)> {
        let solved = match known {
            Some(solved) => solved,
            None if pos.placements_left() == 0 || pos.placements_left() > limits.plies => return None,
            None => self.placing_solve(pos, memo, limits.nodes, out_of_time).ok()?,
        };
        #[cfg(feature = "ultra-strong")]
        if tiebreak == Tiebreak::Traps {
            let trapped = self.placing_traps(pos, &solved, memo, limits.nodes, out_of_time);
            return Some((solved, Some(trapped)));
        }
        let _ = tiebreak;
        Some((solved, None))
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
                // After a blocked player's removal he may move again (§7.4).
                let value = self.probe(&child)?.for_mover(&child, pos.turn());
                Some(TableMove { turn, value })
            })
            .collect()
    }

    /// The root moves of a covered position, best first: the best value
    /// for the mover, ties by the static evaluation after the move.
    pub fn ranked(&self, pos: &Position) -> Option<Vec<TableMove>> {
        self.ranked_by(pos, Tiebreak::Evaluation)
    }

    /// The root moves of a covered position, best first, ties broken by
    /// `tiebreak` (see [`Tiebreak`]).
    pub fn ranked_by(&self, pos: &Position, tiebreak: Tiebreak) -> Option<Vec<TableMove>> {
        #[cfg(feature = "ultra-strong")]
        if tiebreak == Tiebreak::Traps {
            return self.ranked_by_traps(pos);
        }
        let _ = tiebreak;
        let moves = self.root_moves(pos)?;
        Some(best_first(
            moves
                .into_iter()
                .map(|m| ((m.value.score(), -evaluate(&pos.play(m.turn))), m))
                .collect(),
        ))
    }

    /// [`Tablebases::ranked_by`] with [`Tiebreak::Traps`].
    #[cfg(feature = "ultra-strong")]
    fn ranked_by_traps(&self, pos: &Position) -> Option<Vec<TableMove>> {
        let moves = self.root_moves(pos)?;
        let traps = self.trap_chances(pos, &moves);
        let keyed: Vec<((Wdl, i32, i32, i32), TableMove)> = moves
            .into_iter()
            .zip(traps)
            .map(|(m, chance)| {
                let eval = -evaluate(&pos.play(m.turn));
                let (wdl, score) = (Wdl::from(m.value), m.value.score());
                let key = if wdl == Wdl::Win {
                    (wdl, score, 0, eval)
                } else {
                    (wdl, chance, score, eval)
                };
                (key, m)
            })
            .collect();
        Some(best_first(keyed))
    }

    /// Each move's [`Tablebases::trap_chance`] over [`TRAP_TURNS`] turns,
    /// or over one turn for all of them where that would take more than
    /// [`TRAP_PROBES`] probes (a side that flies has fifty moves and more:
    /// two turns ahead are millions of probes, half a second natively).
    #[cfg(feature = "ultra-strong")]
    fn trap_chances(&self, pos: &Position, moves: &[TableMove]) -> Vec<i32> {
        let mut budget = TRAP_PROBES;
        let deep: Option<Vec<i32>> = moves
            .iter()
            .map(|m| self.chance_within(pos, m.turn, TRAP_TURNS, &mut budget))
            .collect();
        deep.unwrap_or_else(|| moves.iter().map(|m| self.trap_chance(pos, m.turn, 1)).collect())
    }

    /// The chance, in thousandths, that an opponent who picks his replies
    /// at random changes his result within his next `turns` turns after
    /// `turn` from `pos`, the mover keeping his value each time with the
    /// move that makes that chance largest. One turn: the share of his
    /// replies that change his result. None of them when the move ends the
    /// game, the same side plays again, or its position is not covered.
    #[cfg(feature = "ultra-strong")]
    pub fn trap_chance(&self, pos: &Position, turn: Move, turns: u8) -> i32 {
        let mut unbounded = u64::MAX;
        self.chance_within(pos, turn, turns, &mut unbounded).unwrap_or(0)
    }

    /// [`Tablebases::trap_chance`] within `budget` probes (spent as it
    /// goes); None once they run out.
    #[cfg(feature = "ultra-strong")]
    fn chance_within(&self, pos: &Position, turn: Move, turns: u8, budget: &mut u64) -> Option<i32> {
        let me = pos.turn();
        let child = pos.play(turn);
        let them = child.turn();
        let best = match self.probe(&child) {
            Some(v) if them != me && child.terminal().is_none() => Wdl::from(v),
            _ => return Some(0),
        };
        let (mut sum, mut replies) = (0i64, 0i64);
        for reply in child.legal_moves() {
            *budget = budget.checked_sub(1)?;
            let after = child.play(reply);
            let Some(v) = self.probe(&after) else { continue };
            replies += 1;
            if Wdl::from(v.for_mover(&after, them)) < best {
                sum += 1000;
            } else if turns > 1 && after.turn() == me && after.terminal().is_none() {
                let mine = Wdl::from(v.for_mover(&after, me));
                let mut most: Option<i32> = None;
                for m in self.root_moves(&after).into_iter().flatten() {
                    if Wdl::from(m.value) == mine {
                        let c = self.chance_within(&after, m.turn, turns - 1, budget)?;
                        most = Some(most.map_or(c, |x| x.max(c)));
                    }
                }
                sum += i64::from(most.unwrap_or(0));
            }
        }
        if replies == 0 {
            return Some(0);
        }
        Some((sum / replies) as i32)
    }

    /// Ultra-strong play at the end of the placing phase: of the moves
    /// `solved` keeps, those whose opponent has the largest share of
    /// replies that change his result, measured by solving each kept
    /// move's position. The kept moves as they are when the value is a
    /// win, a solve fails (it is out of time or nodes) or the moves tie.
    #[cfg(feature = "ultra-strong")]
    pub fn placing_traps(
        &self,
        pos: &Position,
        solved: &PlacingSolve,
        memo: &mut PlacingMemo,
        max_nodes: u64,
        out_of_time: &mut dyn FnMut() -> bool,
    ) -> Vec<Move> {
        if solved.result == Wdl::Win || solved.keep.len() < 2 {
            return solved.keep.clone();
        }
        let mut shares = Vec::with_capacity(solved.keep.len());
        for &m in &solved.keep {
            let child = pos.play(m);
            let share = if child.placements_left() == 0 || child.turn() == pos.turn() {
                self.trap_chance(pos, m, 1)
            } else {
                match self.placing_solve(&child, memo, max_nodes, out_of_time) {
                    Ok(s) => {
                        let replies = child.legal_moves().len().max(1);
                        let losing = replies.saturating_sub(s.keep.len());
                        (losing * 1000 / replies) as i32
                    }
                    Err(_) => return solved.keep.clone(),
                }
            };
            shares.push((m, share));
        }
        let most = shares.iter().map(|&(_, s)| s).max().unwrap_or(0);
        shares
            .into_iter()
            .filter(|&(_, s)| s == most)
            .map(|(m, _)| m)
            .collect()
    }

    /// Solves the rest of the placing phase of `pos` on win, draw and loss,
    /// down to the tables at its end: the value of the position and the
    /// moves that keep it. It fails when the placing phase is over or
    /// moves pieces too, a position at the end is not covered, or more
    /// than `max_nodes` positions (or `out_of_time`, asked every 4,096)
    /// would be needed. `memo` keeps what it proved for the next solve
    /// (see [`PlacingMemo`]). The search tries it only with
    /// [`PLACING_SOLVE_PLIES`] placements or fewer left.
    pub fn placing_solve(
        &self,
        pos: &Position,
        memo: &mut PlacingMemo,
        max_nodes: u64,
        out_of_time: &mut dyn FnMut() -> bool,
    ) -> Result<PlacingSolve, PlacingError> {
        let left = pos.placements_left();
        if left == 0 || pos.terminal().is_some() {
            return Err(PlacingError::NotPlacing);
        }
        if pos.rules().move_in_placing {
            return Err(PlacingError::MovesInPlacing);
        }
        self.base(pos.rules()).ok_or(PlacingError::OtherRules)?;
        // The solve below takes every turn as passing to the other side,
        // which the second placer moving first breaks at the end.
        if let Err(SolveError::Unsupported { option, why, .. }) = check_placing(pos.rules()) {
            return Err(PlacingError::Unsupported { option, why });
        }
        if pos.rules().second_moves_first {
            return Err(PlacingError::Unsupported {
                option: RuleKey::SecondMovesFirst,
                why: "the player who places last also moves first, and this solve takes turns as alternating",
            });
        }
        if memo.rules != Some(*pos.rules()) || memo.len() > PLACING_MEMO_MAX {
            memo.clear();
            memo.rules = Some(*pos.rules());
        }
        let mut search = PlacingSearch {
            tables: self,
            syms: Symmetries::of(pos.rules().geometry()),
            memo: &mut memo.bounds,
            order: Box::new(MoveOrder::new()),
            nodes: 0,
            max_nodes,
            out_of_time,
        };
        let moves = pos.legal_moves();
        // The value first, by alpha-beta over the root moves …
        let mut result = Wdl::Loss;
        for &m in &moves {
            let v = search
                .value(&pos.play(m), None, Wdl::Loss, result.back(), 1)?
                .back();
            result = result.max(v);
            if result == Wdl::Win {
                break;
            }
        }
        // … then, for each move, only whether it keeps that value: a null
        // window just above what the opponent may then get.
        let mut keep = Vec::with_capacity(moves.len());
        for &m in &moves {
            let kept = match result.back() {
                Wdl::Win => true,
                worst => search.value(&pos.play(m), None, worst, worst.above(), 1)? <= worst,
            };
            if kept {
                keep.push(m);
            }
        }
        Ok(PlacingSolve {
            result,
            keep,
            nodes: search.nodes,
            by: KeptBy::Solve,
        })
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
