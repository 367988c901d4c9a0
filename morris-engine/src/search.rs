//! The driver: a [`Searcher`] keeps the transposition table, the threads'
//! memory, the endgame tables and the book through a game, and its
//! `search` asks what is known of the root before the alpha-beta search.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use morris_core::{Color, Game, Outcome, Position, Reason};
use morris_solver::{Class, Value};

use crate::alphabeta::{ThreadMemory, Worker};
use crate::book::Book;
use crate::clock::Clock;
#[cfg(not(target_arch = "wasm32"))]
use crate::clock::NoClock;
use crate::levels::{Level, LevelMove, Playing};
use crate::limits::{Info, Limits, Line, SearchResult};
use crate::net::Network;
use crate::root::{rank_root_moves, Asking, Knowledge, RootMoves};
use crate::score;
use crate::score::Score;
use crate::tablebase::{
    wdl_kept, PlacingLimits, PlacingMemo, TableMove, TableRoot, Tablebases, Tiebreak, Wdl,
};
use crate::tt::TranspositionTable;

/// The most threads a search may use.
pub const MAX_THREADS: usize = 64;

/// A search engine with its transposition table and ordering memory.
/// Reuse one through a game; [`Searcher::clear`] it for a new game.
#[derive(Debug)]
pub struct Searcher {
    tt: TranspositionTable,
    /// The main thread's ordering memory and evaluation cache ...
    main: ThreadMemory,
    /// ... and each helper thread's (one fewer than threads).
    helpers: Vec<ThreadMemory>,
    /// Endgame tables, if any: see [`Tablebases`] for how they are used.
    tables: Option<Arc<Tablebases>>,
    /// What the placing solves of this game proved so far.
    placing_memo: PlacingMemo,
    /// A placing book, if any: its positions are played as solved ones.
    book: Option<Arc<Book>>,
    /// How the tables choose among moves of the same value.
    tiebreak: Tiebreak,
    /// How much of the placing the root's solve takes on.
    placing_limits: PlacingLimits,
    /// How many times its limits a search spends in the placing when no
    /// book or solve decides ([`Searcher::set_placing_effort`]).
    placing_effort: u32,
    /// How a level plays the search under way, if one does
    /// ([`Searcher::play_level`]).
    playing: Option<Playing>,
    /// What the tables said of the root of the level's move under way,
    /// asked before its limits were set ([`Searcher::play_level`]).
    level_root: Option<TableRoot>,
    /// The learned evaluation, where it applies ([`Searcher::set_network`]).
    net: Option<Arc<Network>>,
}

/// The most [`Searcher::set_placing_effort`] takes.
pub const MAX_PLACING_EFFORT: u32 = 100;

impl Searcher {
    /// A searcher with a transposition table of about `tt_mb` megabytes.
    pub fn new(tt_mb: usize) -> Searcher {
        Searcher {
            tt: TranspositionTable::new(tt_mb),
            main: ThreadMemory::new(),
            helpers: Vec::new(),
            tables: None,
            placing_memo: PlacingMemo::new(),
            book: None,
            tiebreak: Tiebreak::Evaluation,
            placing_limits: PlacingLimits::default(),
            placing_effort: 1,
            playing: None,
            level_root: None,
            net: None,
        }
    }

    /// Evaluates with a learned network where it applies (Nine's moving
    /// phase, [`Network::applies`]), the hand-written evaluation elsewhere;
    /// `None`: the hand-written evaluation everywhere (the default). Only
    /// builds with the cargo feature `learned` run the network; others
    /// keep the hand-written evaluation whatever is set.
    pub fn set_network(&mut self, net: Option<Arc<Network>>) {
        self.net = net;
    }

    /// The learned network the search evaluates with, if any.
    pub fn network(&self) -> Option<&Arc<Network>> {
        self.net.as_ref()
    }

    /// Spends `factor` times its node and time limits (1 to
    /// [`MAX_PLACING_EFFORT`]; 1, the default, as given) on a search of a
    /// placing position that neither the book nor the placing solve
    /// decides. Against perfect play the engine loses its drawn games in
    /// the placing, where its tables cannot reach yet, and a longer search
    /// there keeps more of them (docs/strength.md, "More search in the
    /// placing"); after the placing a move costs what the caller asked.
    /// A depth limit is not changed.
    pub fn set_placing_effort(&mut self, factor: u32) {
        self.placing_effort = factor.clamp(1, MAX_PLACING_EFFORT);
    }

    /// How many times its limits a search spends in an undecided placing.
    pub fn placing_effort(&self) -> u32 {
        self.placing_effort
    }

    /// How much of the placing the root's solve takes on (the default:
    /// [`PlacingLimits::default`]). A referee that must play perfectly
    /// from early in the placing, with every table of the game, lifts both
    /// bounds (`plies` to every placement, `nodes` to `u64::MAX`) and pays
    /// in time and memory: Nine from its empty board visits 255 million
    /// positions (docs/tables.md). A search with a time limit still gives
    /// the solve a quarter of it at most.
    pub fn set_placing_limits(&mut self, limits: PlacingLimits) {
        self.placing_limits = limits;
    }

    /// How much of the placing the root's solve takes on.
    pub fn placing_limits(&self) -> PlacingLimits {
        self.placing_limits
    }

    /// Searches with `threads` threads (1 to [`MAX_THREADS`]) that share
    /// the transposition table ("lazy SMP"): the helpers search the same
    /// root a ply ahead of the main thread, whose result is the answer,
    /// and fill the table with what the main thread will ask next. With
    /// more than one thread, node and depth limits bound the main thread
    /// only and the result is no longer repeatable. In WebAssembly there is
    /// only one thread.
    pub fn set_threads(&mut self, threads: usize) {
        let n = if cfg!(target_arch = "wasm32") {
            1
        } else {
            threads.clamp(1, MAX_THREADS)
        };
        self.helpers.resize_with(n - 1, ThreadMemory::new);
    }

    /// How many threads search.
    pub fn threads(&self) -> usize {
        self.helpers.len() + 1
    }

    /// Plays perfectly from the positions these tables cover (none: the
    /// search alone, exactly as without tables).
    pub fn set_tables(&mut self, tables: Option<Arc<Tablebases>>) {
        self.tables = tables.filter(|t| !t.is_empty());
    }

    /// Ultra-strong play where the tables or the placing solve decide:
    /// among the moves that keep a drawn or lost value, the one that leaves
    /// the opponent the most replies that change his result (see
    /// [`Tiebreak::Traps`]). Off: ties by the evaluation.
    #[cfg(feature = "ultra-strong")]
    pub fn set_ultra_strong(&mut self, on: bool) {
        self.tiebreak = if on { Tiebreak::Traps } else { Tiebreak::Evaluation };
    }

    /// Whether ultra-strong play is on.
    #[cfg(feature = "ultra-strong")]
    pub fn ultra_strong(&self) -> bool {
        self.tiebreak == Tiebreak::Traps
    }

    /// The tables in use.
    pub fn tables(&self) -> Option<&Tablebases> {
        self.tables.as_deref()
    }

    /// Plays the positions of a placing [`Book`] as solved ones: only
    /// moves that keep the book's value (none: the search alone). It needs
    /// no tables.
    pub fn set_book(&mut self, book: Option<Arc<Book>>) {
        self.book = book.filter(|b| !b.is_empty());
    }

    /// The book in use.
    pub fn book(&self) -> Option<&Book> {
        self.book.as_deref()
    }

    /// Forgets all earlier searches: the next result depends only on its input.
    pub fn clear(&mut self) {
        self.tt.clear();
        self.main.clear();
        self.placing_memo.clear();
        for memory in &mut self.helpers {
            memory.clear();
        }
    }

    /// What the tables know of `root`, asked once for its search
    /// ([`Tablebases::root`]; nothing without tables).
    fn table_root(&self, root: &Position) -> TableRoot {
        self.tables
            .as_deref()
            .map_or_else(TableRoot::default, |t| t.root(root, self.tiebreak))
    }

    /// Searches `root`. `history` holds the positions of the game before it,
    /// oldest first (empty if unknown), for the repetition rule.
    pub fn search(
        &mut self,
        root: &Position,
        history: &[Position],
        limits: Limits,
        clock: &dyn Clock,
        stop: &AtomicBool,
        mut on_info: impl FnMut(&Info),
    ) -> SearchResult {
        let start_ms = clock.now_ms();
        let asked = self.level_root.take();
        let threefold = root.rules().threefold;
        // Only positions with the same pieces and hands can repeat; the
        // turns before the last placement or removal never come back.
        let same = |p: &Position| {
            p.in_hand(Color::Light) == root.in_hand(Color::Light)
                && p.in_hand(Color::Dark) == root.in_hand(Color::Dark)
                && p.material(Color::Light) == root.material(Color::Light)
                && p.material(Color::Dark) == root.material(Color::Dark)
        };
        let tail = history.iter().rev().take_while(|p| same(p)).count();
        let keys: Vec<u64> = history[history.len() - tail..]
            .iter()
            .map(Position::key)
            .collect();
        let seen = keys.iter().filter(|&&k| k == root.key()).count();

        let over = root
            .outcome()
            .or_else(|| (threefold && seen >= 2).then_some(Outcome::draw(Reason::Threefold)));
        if let Some(o) = over {
            return SearchResult::finished(o, root.turn());
        }

        let table = asked.unwrap_or_else(|| self.table_root(root));
        // A root of a win/draw/loss class is searched: the search does not
        // take its own class's values (`Worker::wdl_class`).
        let wdl_class = table.wdl.then(|| Class::of(root));
        let know = Knowledge {
            tables: self.tables.as_deref(),
            table,
            book: self.book.as_deref(),
            memo: &mut self.placing_memo,
            tiebreak: self.tiebreak,
            placing_limits: self.placing_limits,
            playing: self.playing,
        };
        let ask = Asking {
            limits: &limits,
            clock,
            start_ms,
            stop,
            seen: &keys,
        };
        let (placing, allowed) = match rank_root_moves(know, root, &ask) {
            RootMoves::Decided(ranked) => {
                if let Some(t) = self.tables.as_deref() {
                    if let Some(result) = table_root(t, root, ranked, &limits, clock, start_ms, &mut on_info)
                    {
                        return result;
                    }
                }
                (None, None)
            }
            RootMoves::Kept { solved, allowed } => (Some(solved), Some(allowed)),
            RootMoves::Open => (None, None),
        };
        // Sorted by a heap: the standard sort's code costs kilobytes of
        // every WebAssembly module, a heap's a few hundred bytes.
        let before_root: Arc<[u64]> = std::collections::BinaryHeap::from(keys).into_sorted_vec().into();
        let limits = if placing.is_none() && root.placements_left() > 0 {
            limits.times(self.placing_effort)
        } else {
            limits
        };
        self.tt.new_search();
        self.main.new_search(root, self.net.as_ref());
        let tables = self.tables.as_deref();
        let mut main = Worker::new(
            &self.tt,
            &mut self.main,
            clock,
            stop,
            threefold,
            root.key(),
            tables,
        );
        main.history = before_root;
        main.start_ms = start_ms;
        main.deadline = limits.movetime_ms.map(|t| start_ms.saturating_add(t));
        main.node_limit = limits.nodes;
        main.wdl_class = wdl_class;
        if let Some(allowed) = &allowed {
            main.banned = root
                .legal_moves()
                .into_iter()
                .filter(|m| !allowed.contains(m))
                .collect();
        }
        // WebAssembly has no threads: `set_threads` keeps no helper there.
        #[cfg(not(target_arch = "wasm32"))]
        let mut result = if self.helpers.is_empty() {
            main.iterate(root, &limits, &mut on_info)
        } else {
            helped(
                main,
                &mut self.helpers,
                self.net.as_ref(),
                root,
                &limits,
                &mut on_info,
            )
        };
        #[cfg(target_arch = "wasm32")]
        let mut result = main.iterate(root, &limits, &mut on_info);
        if let Some(solved) = &placing {
            said_as_known(&mut result, solved.result);
        }
        result.placing = placing;
        result
    }

    /// Searches the current position of `game`, with its history. No move
    /// if the game is over by any rule.
    pub fn search_game(
        &mut self,
        game: &Game,
        limits: Limits,
        clock: &dyn Clock,
        stop: &AtomicBool,
        on_info: impl FnMut(&Info),
    ) -> SearchResult {
        if let Some(o) = game.outcome() {
            return SearchResult::finished(o, game.position().turn());
        }
        let positions = game.positions();
        let history = positions.split_last().map_or(&[][..], |(_, h)| h);
        self.search(game.position(), history, limits, clock, stop, on_info)
    }

    /// Plays at a [`Level`]: searches with the level's limits (the caller's
    /// `movetime_ms`, if set, caps the time) and picks the move the level
    /// would play, with `seed` deciding among near-equal moves.
    pub fn play_level(
        &mut self,
        game: &Game,
        level: Level,
        seed: u64,
        movetime_ms: Option<u64>,
        clock: &dyn Clock,
        stop: &AtomicBool,
    ) -> SearchResult {
        let how = LevelMove {
            level,
            seed,
            movetime_ms,
            lines: 0,
        };
        self.play_level_reporting(game, how, clock, stop, |_| {})
    }

    /// [`Searcher::play_level`] with each iteration reported to `on_info`
    /// and at least `how.lines` lines searched.
    pub fn play_level_reporting(
        &mut self,
        game: &Game,
        how: LevelMove,
        clock: &dyn Clock,
        stop: &AtomicBool,
        on_info: impl FnMut(&Info),
    ) -> SearchResult {
        let table = self.table_root(game.position());
        self.play_level_from(game, how, table, clock, stop, on_info)
    }

    /// [`Searcher::play_level`] for a root whose moves' values the caller
    /// read elsewhere (Nine's tables for range reads, which a search cannot
    /// wait for): `moves` are every legal move with its value for the
    /// side making it. It plays as from a win/draw/loss table's root: only
    /// the moves that keep the best value, its own search choosing among
    /// them. Without moves, as [`Searcher::play_level`].
    pub fn play_level_kept(
        &mut self,
        game: &Game,
        how: LevelMove,
        moves: &[TableMove],
        clock: &dyn Clock,
        stop: &AtomicBool,
    ) -> SearchResult {
        let kept = wdl_kept(moves);
        let table = TableRoot {
            wdl: kept.is_some(),
            covered: kept.is_some(),
            ranked: Vec::new(),
            kept,
        };
        self.play_level_from(game, how, table, clock, stop, |_| {})
    }

    /// A level's move from `table`, what the tables know of the root.
    fn play_level_from(
        &mut self,
        game: &Game,
        how: LevelMove,
        table: TableRoot,
        clock: &dyn Clock,
        stop: &AtomicBool,
        on_info: impl FnMut(&Info),
    ) -> SearchResult {
        let (mut limits, playing) = how.plan();
        // Every level plays a covered position perfectly: the table's move,
        // or, where only a win/draw/loss table covers it, its own search's
        // best among the moves that keep the value (one line: a search of
        // several sees every move).
        let covered = table.covered;
        if covered && table.wdl {
            limits.multi_pv = 1;
        }
        self.level_root = Some(table);
        self.playing = Some(playing);
        let mut result = self.search_game(game, limits, clock, stop, on_info);
        self.playing = None;
        self.level_root = None;
        if let Some(line) = how.level.choose(&result.lines, how.seed).filter(|_| !covered) {
            result.best = line.first();
            result.score = line.score;
            result.pv = line.pv.clone();
        }
        result
    }
}

/// The result for a root the tables cover, without a search: the best of
/// its `ranked` table moves (as many as `limits.multi_pv` asks), each
/// reported once.
fn table_root(
    tables: &Tablebases,
    root: &Position,
    ranked: Vec<TableMove>,
    limits: &Limits,
    clock: &dyn Clock,
    start_ms: u64,
    on_info: &mut dyn FnMut(&Info),
) -> Option<SearchResult> {
    let count = limits.multi_pv.clamp(1, ranked.len().max(1));
    let mut lines = Vec::with_capacity(count);
    for (k, m) in ranked.iter().take(count).enumerate() {
        let score = match m.value {
            Value::Win(d) => Score::Win(u32::from(d)),
            Value::Draw => Score::DRAW,
            Value::Loss(d) => Score::Loss(u32::from(d)),
        };
        let mut pv = vec![m.turn];
        pv.extend(tables.line(&root.play(m.turn), TABLE_PV - 1));
        let time_ms = clock.now_ms().saturating_sub(start_ms);
        on_info(&Info {
            depth: 1,
            seldepth: pv.len() as u32,
            multipv: k + 1,
            score,
            nodes: ranked.len() as u64,
            time_ms,
            nps: (ranked.len() as u64).saturating_mul(1000) / time_ms.max(1),
            hashfull: 0,
            pv: pv.clone(),
        });
        lines.push(Line { score, pv });
    }
    let best = lines.first()?.clone();
    Some(SearchResult {
        best: best.first(),
        score: best.score,
        pv: best.pv,
        lines,
        depth: 1,
        seldepth: 0,
        nodes: ranked.len() as u64,
        time_ms: clock.now_ms().saturating_sub(start_ms),
        placing: None,
    })
}

/// How many turns of a table line are reported.
const TABLE_PV: usize = 8;

/// Runs `main` with one helper thread per memory in `helpers`
/// (see [`Searcher::set_threads`]); the helpers stop when `main` is done,
/// and the result counts every thread's nodes.
#[cfg(not(target_arch = "wasm32"))]
fn helped(
    main: Worker<'_>,
    helpers: &mut [ThreadMemory],
    net: Option<&Arc<Network>>,
    root: &Position,
    limits: &Limits,
    on_info: &mut dyn FnMut(&Info),
) -> SearchResult {
    let done = AtomicBool::new(false);
    // The helpers' nodes so far, for the main thread's `info` lines.
    let helper_nodes = std::sync::atomic::AtomicU64::new(0);
    let helper_limits = Limits {
        depth: limits.depth,
        multi_pv: 1,
        ..Limits::default()
    };
    // Rebound so that its borrows may end with this function, like the
    // counter it now reads.
    let mut main = main;
    main.team_nodes = Some(&helper_nodes);
    let (tt, threefold, tables, wdl_class) = (main.tt, main.threefold, main.tables, main.wdl_class);
    std::thread::scope(|scope| {
        let threads: Vec<_> = helpers
            .iter_mut()
            .enumerate()
            .map(|(i, memory)| {
                memory.new_search(root, net);
                let (done, history, helper_limits) = (&done, Arc::clone(&main.history), &helper_limits);
                let helper_nodes = &helper_nodes;
                scope.spawn(move || {
                    let mut w = Worker::new(tt, memory, &NoClock, done, threefold, root.key(), tables);
                    w.history = history;
                    w.wdl_class = wdl_class;
                    w.depth_offset = 1 + (i as u32 % 2);
                    w.publish_nodes = Some(helper_nodes);
                    w.iterate(root, helper_limits, &mut |_| {}).nodes
                })
            })
            .collect();
        let mut result = main.iterate(root, limits, on_info);
        done.store(true, std::sync::atomic::Ordering::Relaxed);
        for t in threads {
            result.nodes += t.join().unwrap_or(0);
        }
        result
    })
}

/// The score of a root whose result the tables or the book know but not
/// how soon: a win or a loss of unknown length ([`Score::table_result`]),
/// or a draw.
fn known_score(result: Wdl) -> Score {
    match result {
        Wdl::Win => Score::Value(score::TABLE_WIN),
        Wdl::Draw => Score::DRAW,
        Wdl::Loss => Score::Value(-score::TABLE_WIN),
    }
}

/// A root whose result the tables or the book know says it: the search
/// plays among the moves that keep it, but its own score is a guess until
/// it counts the win or the loss itself (a heuristic value at a won root,
/// or "even" when cut short before one depth was done). A counted win or
/// loss stays; anything else becomes the known result.
fn said_as_known(result: &mut SearchResult, known: Wdl) {
    let counted = match known {
        Wdl::Win => result.score.is_win(),
        Wdl::Loss => result.score.is_loss(),
        Wdl::Draw => false,
    };
    if !counted {
        result.score = known_score(known);
        if let Some(line) = result.lines.first_mut() {
            line.score = result.score;
        }
    }
}
