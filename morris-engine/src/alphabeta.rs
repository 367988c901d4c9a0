//! Iterative deepening over a principal-variation alpha-beta search
//! (negamax), with aspiration windows, transposition-table cutoffs, late
//! move reductions and mate-distance pruning. An iteration cut short by
//! time or nodes still counts for the root moves it finished (see
//! [`Worker::adopt_partial`]); helper threads, if any, run the same code on
//! the shared table (see `Searcher::set_threads`).
//!
//! There is no null-move pruning: in the moving phase a side is often in
//! zugzwang (every slide opens a line or unblocks the opponent), which is
//! exactly where passing would lie. Limited to the placing phase it still
//! lost: −35 ± 42 Elo over 110 games at 250,000 nodes a move.
//!
//! There is no quiescence search either: the evaluation counts a mill the
//! side to move can close, and searching mill-closing moves past the
//! horizon (2 or 4 plies) kept the draw in 1,169 and 1,170 of the 1,247
//! placing positions of `docs/suites/nine-match-placing.book` solved
//! first, against 1,175 without (100,000 nodes a move; docs/strength.md).
//!
//! A position repeating one earlier on the path or in the game's history
//! scores as a draw when the rules count repetitions: the second
//! occurrence stands for the third. The stop flag, the clock and the node
//! budget are checked inside the tree; the node budget exactly, so that a
//! search bounded by nodes or depth on one thread is deterministic.

use std::sync::atomic::{AtomicBool, AtomicU64, Ordering as AtomicOrdering};
use std::sync::Arc;

use morris_core::{Move, Outcome, Position};
use morris_solver::{Class, Value};

use super::clock::Clock;
use super::eval::may_be_over;
use super::eval_cache::EvalCache;
use super::limits::{Info, Limits, Line, SearchResult};
use super::net::Network;
use super::ordering::{pick, Lines, MoveOrder};
use super::params::{
    ASPIRATION_DELTA, ASPIRATION_MIN_DEPTH, LMR_DEEP_DEPTH, LMR_LATE_MOVES, LMR_MIN_DEPTH, LMR_MIN_MOVES,
    ORDER_KILLER,
};
use super::score::Score;
use super::score::{INFINITE, MATE, MAX_PLY, TABLE_WIN, WIN_BOUND, WIN_SPAN};
use super::tablebase::Tablebases;
use super::tt::{Bound, TranspositionTable};

/// How often (in nodes) the clock and the stop flag are read.
const CHECK_EVERY: u64 = 1024;
/// The deepest iteration, leaving room below for the tree's tail.
pub(super) const MAX_DEPTH: u32 = MAX_PLY as u32 - 8;

/// What one search thread keeps from one search to the next.
#[derive(Debug)]
pub(super) struct ThreadMemory {
    /// Killers and history.
    pub order: MoveOrder,
    /// Static evaluations seen before.
    pub evals: EvalCache,
}

impl ThreadMemory {
    pub fn new() -> ThreadMemory {
        ThreadMemory {
            order: MoveOrder::new(),
            evals: EvalCache::new(),
        }
    }

    /// Forgets all earlier searches.
    pub fn clear(&mut self) {
        self.order.clear();
        self.evals.clear();
    }

    /// Readies the memory for a search of `root`, evaluated by `net` where
    /// it applies.
    pub fn new_search(&mut self, root: &Position, net: Option<&Arc<Network>>) {
        self.order.new_search();
        self.evals.prepare(root.rules(), net);
    }
}

/// The state of one search.
pub(super) struct Worker<'a> {
    pub tt: &'a TranspositionTable,
    pub order: &'a mut MoveOrder,
    /// This thread's cache of static evaluations.
    pub evals: &'a mut EvalCache,
    pub clock: &'a dyn Clock,
    pub stop: &'a AtomicBool,
    pub start_ms: u64,
    pub deadline: Option<u64>,
    pub node_limit: Option<u64>,
    pub nodes: u64,
    pub seldepth: usize,
    pub aborted: bool,
    /// Whether a repeated position is a draw (the rules' threefold).
    pub threefold: bool,
    /// Keys of the root and the path to the current position.
    pub keys: Vec<u64>,
    /// For each position on `keys`: the index of the last position reached
    /// by an irreversible turn (nothing before it repeats); 0 while no
    /// such turn was played since the root, so the history counts too.
    pub boundary: Vec<usize>,
    /// Keys of the reversible history before the root, sorted, so that a
    /// long run of reversible turns costs a binary search per node, not a
    /// scan.
    pub history: Arc<[u64]>,
    pub moves: Vec<Vec<Move>>,
    pub scores: Vec<Vec<i32>>,
    pub quiets: Vec<Vec<Move>>,
    pub pv: Vec<Vec<Move>>,
    /// Root moves the current multi-PV line may not use.
    pub excluded: Vec<Move>,
    /// Root moves the search never plays: they lose what the tables show
    /// the root is worth ([`Tablebases::placing_solve`]).
    pub banned: Vec<Move>,
    /// Endgame tables, asked below the root (see [`Tablebases`]).
    pub tables: Option<&'a Tablebases>,
    /// The root's class, when only a win/draw/loss table covers it: the
    /// search does not ask the tables about its positions (set by the
    /// searcher from [`Tablebases::root`]).
    pub wdl_class: Option<Class>,
    /// The best root line the running iteration has proved so far: a root
    /// move whose search at the new depth beat every move searched before
    /// it (see [`Worker::adopt_partial`]).
    pub root_best: Option<Line>,
    /// Plies added to every iteration's depth: a helper thread searches
    /// ahead of the main one, so the two do not walk the same tree in step.
    pub depth_offset: u32,
    /// A helper thread adds its nodes here as it goes (every
    /// `CHECK_EVERY` nodes, and when its search ends) ...
    pub publish_nodes: Option<&'a AtomicU64>,
    /// ... and the main thread adds what the helpers have counted so far
    /// to its own nodes in the `info` it reports.
    pub team_nodes: Option<&'a AtomicU64>,
    /// This worker's nodes already added to `publish_nodes`.
    published: u64,
}

/// The score of a finished game for the side to move, `ply` below the root.
#[inline]
fn outcome_score(o: Outcome, pos: &Position, ply: usize) -> i32 {
    match o.winner {
        None => 0,
        Some(w) if w == pos.turn() => MATE - ply as i32,
        Some(_) => -(MATE - ply as i32),
    }
}

/// The exact score of a position the tables cover, `ply` below the root:
/// a table win in `d` plies is a win `ply + d` plies from the root, one of
/// unknown length ([`Value::exact`] false) [`TABLE_WIN`] less the ply.
#[inline]
fn table_score(tables: &Tablebases, pos: &Position, ply: usize) -> Option<i32> {
    let value = tables.probe(pos)?;
    if !value.exact() {
        let win = TABLE_WIN - ply as i32;
        return Some(if matches!(value, Value::Win(_)) { win } else { -win });
    }
    let far = |d: u16| (ply as i32 + i32::from(d)).min(WIN_SPAN as i32 - 1);
    Some(match value {
        Value::Win(d) => MATE - far(d),
        Value::Draw => 0,
        Value::Loss(d) => -(MATE - far(d)),
    })
}

/// Whether a draw counter (n-move or endgame rule) may have run out.
#[inline]
fn counters_over(pos: &Position) -> bool {
    let r = pos.rules();
    r.n_move_rule.is_some_and(|n| pos.quiet_plies() >= 2 * n)
        || r.endgame_draw.is_some_and(|n| pos.endgame_plies() >= 2 * n)
}

/// One buffer for each ply of the tree.
/// How many plies shorter a later move is searched first: none unless it
/// is quiet enough to reduce (`reducible`), the node deep enough and the
/// move late enough; two when very late in a deeper node.
fn reduction(reducible: bool, depth: i32, searched: usize) -> i32 {
    if reducible && depth >= LMR_MIN_DEPTH && searched >= LMR_MIN_MOVES {
        1 + i32::from(searched >= LMR_LATE_MOVES && depth >= LMR_DEEP_DEPTH)
    } else {
        0
    }
}

/// What a node's best score `best`, searched in the window
/// `(alpha, beta)`, says of its value: at least `best` (it failed high),
/// exactly `best`, or at most `best` (it failed low).
fn bound(best: i32, alpha: i32, beta: i32) -> Bound {
    if best >= beta {
        Bound::Lower
    } else if best > alpha {
        Bound::Exact
    } else {
        Bound::Upper
    }
}

fn buffers<T>() -> Vec<Vec<T>> {
    (0..=MAX_PLY).map(|_| Vec::with_capacity(64)).collect()
}

impl<'a> Worker<'a> {
    /// A worker with no limits yet (no deadline, no node budget, started
    /// at time 0, no history before the root) at the root with this key.
    pub fn new(
        tt: &'a TranspositionTable,
        memory: &'a mut ThreadMemory,
        clock: &'a dyn Clock,
        stop: &'a AtomicBool,
        threefold: bool,
        root: u64,
        tables: Option<&'a Tablebases>,
    ) -> Worker<'a> {
        Worker {
            tt,
            order: &mut memory.order,
            evals: &mut memory.evals,
            clock,
            stop,
            start_ms: 0,
            deadline: None,
            node_limit: None,
            nodes: 0,
            seldepth: 0,
            aborted: false,
            threefold,
            keys: vec![root],
            boundary: vec![0],
            history: Arc::default(),
            moves: buffers(),
            scores: buffers(),
            quiets: buffers(),
            pv: buffers(),
            excluded: Vec::new(),
            banned: Vec::new(),
            tables,
            wdl_class: None,
            root_best: None,
            depth_offset: 0,
            publish_nodes: None,
            team_nodes: None,
            published: 0,
        }
    }

    #[inline]
    fn check_abort(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        if self.node_limit.is_some_and(|n| self.nodes >= n) {
            self.aborted = true;
        } else if self.nodes % CHECK_EVERY == 0 {
            self.publish();
            let late = self.deadline.is_some_and(|d| self.clock.now_ms() >= d);
            self.aborted = late || self.stop.load(AtomicOrdering::Relaxed);
        }
        self.aborted
    }

    /// Adds the nodes counted since the last call to `publish_nodes`.
    fn publish(&mut self) {
        if let Some(team) = self.publish_nodes {
            team.fetch_add(self.nodes - self.published, AtomicOrdering::Relaxed);
            self.published = self.nodes;
        }
    }

    /// Nodes searched so far by this worker and, for the main thread, by
    /// its helpers.
    fn team_nodes(&self) -> u64 {
        let helpers = self.team_nodes.map_or(0, |t| t.load(AtomicOrdering::Relaxed));
        self.nodes.saturating_add(helpers)
    }

    fn elapsed(&self) -> u64 {
        self.clock.now_ms().saturating_sub(self.start_ms)
    }

    #[inline]
    fn push(&mut self, key: u64, irreversible: bool) {
        let b = if irreversible {
            self.keys.len()
        } else {
            self.boundary.last().copied().unwrap_or(0)
        };
        self.keys.push(key);
        self.boundary.push(b);
    }

    #[inline]
    fn pop(&mut self) {
        self.keys.pop();
        self.boundary.pop();
    }

    /// Whether the current position stood on the path or in the history.
    /// The path is scanned every second ply (the same side to move); the
    /// history only while no irreversible turn was played since the root,
    /// by its key (which holds the side to move).
    #[inline]
    fn repeated(&self) -> bool {
        let Some((&key, earlier)) = self.keys.split_last() else {
            return false;
        };
        let lo = self.boundary.last().copied().unwrap_or(0);
        let mut j = earlier.len();
        while j >= lo + 2 {
            j -= 2;
            if earlier.get(j) == Some(&key) {
                return true;
            }
        }
        lo == 0 && self.history.binary_search(&key).is_ok()
    }

    /// The value at the horizon: the rules' verdict if the game may be
    /// over, the evaluation otherwise.
    fn leaf(&mut self, pos: &Position, ply: usize) -> i32 {
        if may_be_over(pos) {
            if let Some(o) = pos.terminal() {
                return outcome_score(o, pos, ply);
            }
        }
        self.evals.evaluate(ply, pos)
    }

    /// A child's score for the side to move in its parent, searched in the
    /// window `(alpha, beta)` of the parent: negated where the turn passes,
    /// as it is where the same side moves again.
    fn child_score(
        &mut self,
        child: &Position,
        same: bool,
        depth: i32,
        ply: usize,
        alpha: i32,
        beta: i32,
    ) -> i32 {
        if same {
            self.negamax(child, depth, ply, alpha, beta)
        } else {
            -self.negamax(child, depth, ply, -beta, -alpha)
        }
    }

    fn negamax(&mut self, pos: &Position, depth: i32, ply: usize, mut alpha: i32, mut beta: i32) -> i32 {
        if let Some(line) = self.pv.get_mut(ply) {
            line.clear();
        }
        if self.check_abort() {
            return 0;
        }
        self.nodes += 1;
        self.seldepth = self.seldepth.max(ply);
        self.evals.enter(ply, pos);
        let root = ply == 0;
        if !root {
            if let Some(s) = self.known_below_root(pos, ply, &mut alpha, &mut beta) {
                return s;
            }
        }
        if depth <= 0 || ply >= MAX_PLY - 2 {
            return self.leaf(pos, ply);
        }

        let pv_node = beta - alpha > 1;
        let key = pos.full_key();
        let (tt_move, tt_score) = self.tt_probe(key, depth, ply, !root && !pv_node, (alpha, beta));
        if let Some(s) = tt_score {
            return s;
        }

        let mut moves = std::mem::take(&mut self.moves[ply]);
        moves.clear();
        pos.generate(&mut moves);
        if moves.is_empty() {
            self.moves[ply] = moves;
            return match pos.terminal() {
                Some(o) => outcome_score(o, pos, ply),
                None => self.evals.evaluate(ply, pos),
            };
        }
        let mut scores = std::mem::take(&mut self.scores[ply]);
        let mut quiets = std::mem::take(&mut self.quiets[ply]);
        quiets.clear();
        let lines = Lines::of(pos);
        self.order.score(pos, &lines, &moves, tt_move, ply, &mut scores);

        let orig_alpha = alpha;
        let mut best = -INFINITE;
        let mut best_move = None;
        let mut searched = 0usize;
        while let Some((i, order_score)) = pick(&mut scores) {
            let Some(&m) = moves.get(i) else {
                break;
            };
            if root && (self.excluded.contains(&m) || self.banned.contains(&m)) {
                continue;
            }
            let quiet = order_score <= ORDER_KILLER + 2;
            let reducible = order_score < ORDER_KILLER;
            let child = pos.play(m);
            self.push(child.key(), m.is_placement() || m.removals().any());
            let d = depth - 1;
            // Some rule sets (RULES.md §7) give the same side two turns in a row.
            let same = child.turn() == pos.turn();
            let mut s;
            if searched == 0 {
                s = self.child_score(&child, same, d, ply + 1, alpha, beta);
            } else {
                let r = reduction(reducible, depth, searched);
                s = self.child_score(&child, same, d - r, ply + 1, alpha, alpha + 1);
                if s > alpha && r > 0 {
                    s = self.child_score(&child, same, d, ply + 1, alpha, alpha + 1);
                }
                if s > alpha && s < beta {
                    s = self.child_score(&child, same, d, ply + 1, alpha, beta);
                }
            }
            self.pop();
            if self.aborted {
                break;
            }
            searched += 1;
            if s > best {
                best = s;
                if s > alpha {
                    alpha = s;
                    best_move = Some(i);
                    self.raise(ply, m, s);
                    if s >= beta {
                        if quiet {
                            self.order.on_cutoff(pos.turn().index(), ply, depth, m, &quiets);
                        }
                        break;
                    }
                }
            }
            if quiet {
                quiets.push(m);
            }
        }
        self.moves[ply] = moves;
        self.scores[ply] = scores;
        self.quiets[ply] = quiets;
        if self.aborted {
            return 0;
        }
        if searched == 0 {
            // Every root move is excluded: worse than any real line.
            return -INFINITE;
        }
        if !root || (self.excluded.is_empty() && self.banned.is_empty()) {
            self.tt
                .store(key, best_move, best, depth, bound(best, orig_alpha, beta), ply);
        }
        best
    }

    /// What a node below the root is worth before its moves are searched,
    /// where that is known: a repetition, an end by the counters, a window
    /// that the mate distances of `ply` close (they narrow it), the tables.
    fn known_below_root(&self, pos: &Position, ply: usize, alpha: &mut i32, beta: &mut i32) -> Option<i32> {
        if self.threefold && self.repeated() {
            return Some(0);
        }
        if counters_over(pos) {
            if let Some(o) = pos.outcome() {
                return Some(outcome_score(o, pos, ply));
            }
        }
        *alpha = (*alpha).max(-MATE + ply as i32);
        *beta = (*beta).min(MATE - ply as i32 - 1);
        if *alpha >= *beta {
            return Some(*alpha);
        }
        self.tables_say(pos, ply)
    }

    /// The transposition table's move for a node (searched first), and its
    /// score where the entry stored decides the node in the window
    /// `(alpha, beta)` (`may_cut`: neither at the root nor on the principal
    /// variation).
    fn tt_probe(
        &self,
        key: u64,
        depth: i32,
        ply: usize,
        may_cut: bool,
        (alpha, beta): (i32, i32),
    ) -> (Option<usize>, Option<i32>) {
        let Some(e) = self.tt.probe(key) else {
            return (None, None);
        };
        if may_cut && e.depth() >= depth {
            let s = e.score(ply);
            let cut = match e.bound() {
                Bound::Exact => true,
                Bound::Lower => s >= beta,
                Bound::Upper => s <= alpha,
            };
            if cut {
                return (e.move_index(), Some(s));
            }
        }
        (e.move_index(), None)
    }

    /// Move `m` raised alpha to `s` at `ply`: the line from here is `m`
    /// and then the child's line; at the root, it is the best line so far.
    fn raise(&mut self, ply: usize, m: Move, s: i32) {
        let (head, tail) = self.pv.split_at_mut(ply + 1);
        if let (Some(line), Some(child_line)) = (head.last_mut(), tail.first()) {
            line.clear();
            line.push(m);
            line.extend_from_slice(child_line);
        }
        if ply == 0 {
            let pv = self.pv.first().cloned().unwrap_or_default();
            let score = Score::from_internal(s);
            self.root_best = Some(Line { score, pv });
        }
    }

    /// The root search to `depth`, in a window around the last score.
    fn aspiration(&mut self, root: &Position, depth: i32, last: Option<i32>) -> i32 {
        let Some(last) = last.filter(|s| depth >= ASPIRATION_MIN_DEPTH && s.abs() < WIN_BOUND) else {
            return self.negamax(root, depth, 0, -INFINITE, INFINITE);
        };
        let mut delta = ASPIRATION_DELTA;
        let (mut alpha, mut beta) = (last - delta, last + delta);
        loop {
            let s = self.negamax(root, depth, 0, alpha, beta);
            if self.aborted {
                return s;
            }
            if s <= alpha {
                alpha = (s - delta).max(-INFINITE);
            } else if s >= beta {
                beta = (s + delta).min(INFINITE);
            } else {
                return s;
            }
            delta *= 2;
            if delta > 4 * ASPIRATION_DELTA * ASPIRATION_DELTA {
                alpha = -INFINITE;
                beta = INFINITE;
            }
        }
    }

    /// What the search reports about line `multipv` at `depth`.
    fn info(&self, depth: u32, multipv: usize, score: Score, pv: Vec<Move>) -> Info {
        let time_ms = self.elapsed();
        let nodes = self.team_nodes();
        Info {
            depth,
            seldepth: self.seldepth as u32,
            multipv,
            score,
            nodes,
            time_ms,
            nps: nodes.saturating_mul(1000) / time_ms.max(1),
            hashfull: self.tt.hashfull(),
            pv,
        }
    }

    /// When time or nodes run out inside an iteration: a root move that the
    /// unfinished iteration already searched to its full depth, with a
    /// score above every move searched before it, is played rather than the
    /// last finished iteration's choice. The first root move searched is
    /// that choice, so a new move can only be proved better than it; a fail
    /// high inside the aspiration window is a lower bound, still above it.
    /// The result's depth stays that of the last finished iteration; the
    /// info line tells the unfinished one's.
    fn adopt_partial(&mut self, result: &mut SearchResult, depth: u32, on_info: &mut dyn FnMut(&Info)) {
        let Some(line) = self.root_best.take() else {
            return;
        };
        if line.pv.is_empty() {
            return;
        }
        on_info(&self.info(depth, 1, line.score, line.pv.clone()));
        result.best = line.pv.first().copied();
        result.score = line.score;
        result.pv = line.pv.clone();
        result.lines = vec![line];
    }

    /// The tables' score of `pos`, `ply` below the root. The root's own
    /// class in a win/draw/loss table is left to the search: every win
    /// there looks alike, and the evaluation is what makes progress (the
    /// root keeps the value, `wdl_root`).
    fn tables_say(&self, pos: &Position, ply: usize) -> Option<i32> {
        let own_class = self.wdl_class.is_some_and(|c| Class::of(pos) == c);
        self.tables
            .filter(|_| !own_class)
            .and_then(|t| table_score(t, pos, ply))
    }

    /// Iterative deepening from `root`, which has at least one legal move.
    pub fn iterate(
        &mut self,
        root: &Position,
        limits: &Limits,
        on_info: &mut dyn FnMut(&Info),
    ) -> SearchResult {
        let mut legal = root.legal_moves();
        if legal.iter().any(|m| !self.banned.contains(m)) {
            legal.retain(|m| !self.banned.contains(m));
        }
        let mut result = SearchResult::empty(Score::DRAW);
        // If not even depth 1 completes, the best-ordered move stands.
        let lines = Lines::of(root);
        let mut scores = Vec::new();
        self.order.score(root, &lines, &legal, None, 0, &mut scores);
        let first = pick(&mut scores).and_then(|(i, _)| legal.get(i).copied());
        result.best = first;
        result.pv = first.into_iter().collect();

        let multi_pv = limits.multi_pv.clamp(1, legal.len().max(1));
        let max_depth = limits.depth.unwrap_or(MAX_DEPTH).clamp(1, MAX_DEPTH);
        let mut last: Vec<Option<i32>> = vec![None; multi_pv];
        for depth in 1..=max_depth {
            self.excluded.clear();
            let mut found: Vec<(i32, Line)> = Vec::with_capacity(multi_pv);
            for (k, last_k) in last.iter_mut().enumerate() {
                self.seldepth = 0;
                self.root_best = None;
                let d = depth.saturating_add(self.depth_offset).min(max_depth);
                let s = self.aspiration(root, d as i32, *last_k);
                if self.aborted {
                    if multi_pv == 1 {
                        self.adopt_partial(&mut result, depth, on_info);
                    }
                    break;
                }
                let pv = self.pv.first().cloned().unwrap_or_default();
                let Some(&mv) = pv.first() else {
                    break;
                };
                self.excluded.push(mv);
                *last_k = Some(s);
                let score = Score::from_internal(s);
                on_info(&self.info(depth, k + 1, score, pv.clone()));
                found.push((s, Line { score, pv }));
            }
            if self.aborted || found.len() < multi_pv {
                break;
            }
            found.sort_by_key(|(s, _)| -s);
            let (best_score, best_line) = match found.first() {
                Some((s, l)) => (*s, l.clone()),
                None => break,
            };
            result.best = best_line.pv.first().copied();
            result.score = best_line.score;
            result.pv = best_line.pv;
            result.lines = found.into_iter().map(|(_, l)| l).collect();
            result.depth = depth;
            result.seldepth = result.seldepth.max(self.seldepth as u32);

            let timed = limits.movetime_ms.is_some();
            if timed && limits.depth.is_none() && limits.nodes.is_none() && legal.len() == 1 {
                break;
            }
            if let Some(t) = limits.movetime_ms {
                if self.elapsed() >= t / 2 {
                    break;
                }
            }
            if multi_pv == 1 && best_score.abs() >= WIN_BOUND && (MATE - best_score.abs()) < depth as i32 {
                break;
            }
        }
        self.publish();
        result.nodes = self.nodes;
        result.time_ms = self.elapsed();
        result
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::clock::NoClock;
    use morris_core::Rules;

    /// Searches the start to depth 5 as a helper publishing to `publish`,
    /// or as a main thread whose helpers count in `team`.
    fn search(publish: Option<&AtomicU64>, team: Option<&AtomicU64>) -> (SearchResult, Vec<Info>) {
        let tt = TranspositionTable::new(1);
        let mut memory = ThreadMemory::new();
        let stop = AtomicBool::new(false);
        let root = Position::new(Rules::default());
        memory.new_search(&root, None);
        let mut w = Worker::new(&tt, &mut memory, &NoClock, &stop, true, root.key(), None);
        w.publish_nodes = publish;
        w.team_nodes = team;
        let mut infos = Vec::new();
        let result = w.iterate(&root, &Limits::depth(5), &mut |i| infos.push(i.clone()));
        (result, infos)
    }

    #[test]
    fn a_helper_adds_every_node_it_searched_to_the_team_count() {
        let team = AtomicU64::new(7);
        let (result, _) = search(Some(&team), None);
        assert!(
            result.nodes > CHECK_EVERY,
            "a search long enough to publish on the way"
        );
        assert_eq!(team.load(AtomicOrdering::Relaxed), 7 + result.nodes);
    }

    #[test]
    fn the_main_thread_reports_its_helpers_nodes_with_its_own() {
        let (alone, alone_infos) = search(None, None);
        let team = AtomicU64::new(1_000_000);
        let (helped, infos) = search(None, Some(&team));
        // The same search: only the counts in the info lines differ.
        assert_eq!(helped.nodes, alone.nodes);
        assert_eq!(infos.len(), alone_infos.len());
        for (i, a) in infos.iter().zip(&alone_infos) {
            assert_eq!(i.nodes, a.nodes + 1_000_000);
            assert!(i.nps >= i.nodes, "nps counts the helpers' nodes too: {}", i.nps);
        }
    }
}
