//! Where the positions come from: games as the engine meets them. The
//! placing is played by the engine at one of several levels and small
//! node budgets, with a share of random moves (or, in some games, wholly
//! at random); the game then goes on into the moving phase for a random
//! number of plies, the engine at a few thousand nodes a move with a
//! share of random moves. Every position of the moving phase that the
//! network would be asked about ([`Network::applies`]) and that the tables
//! value is recorded once (up to the board's symmetries), the first one
//! after the placing always among them.
//!
//! Each thread plays its own games from its own seeded stream, with its
//! own searcher (no time limit, nodes only), so a seed and a thread count
//! give the same data on every run.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};

use morris_core::{Bitboard, Color, Game, Move, Position, Variant};
use morris_engine::net::Network;
use morris_engine::{Level, Limits, Line, NoClock, Searcher, Tablebases, Wdl};
use morris_solver::Symmetries;

use crate::record::Record;
use crate::rng::Rng;

/// How games are drawn: every tunable of the data in one place.
#[derive(Clone, Debug)]
pub struct Plan {
    /// Share of games whose placing is wholly random.
    pub random_placing: f64,
    /// The engine's node budgets for a placing move, one drawn per game.
    pub placing_nodes: Vec<u64>,
    /// The engine's node budgets for a moving move, one drawn per game.
    pub moving_nodes: Vec<u64>,
    /// Shares of random moves, one drawn per game.
    pub random_shares: Vec<f64>,
    /// The most plies played past the placing (each game draws 0 … this).
    pub moving_plies: u32,
    /// Positions the games start from (the empty board if none).
    pub starts: Vec<Position>,
    /// The searcher's transposition table, megabytes.
    pub hash_mb: usize,
}

impl Default for Plan {
    fn default() -> Plan {
        Plan {
            random_placing: 0.15,
            placing_nodes: vec![200, 600, 2_000, 6_000],
            moving_nodes: vec![1_000, 3_000],
            random_shares: vec![0.0, 0.05, 0.15, 0.3],
            moving_plies: 80,
            starts: Vec::new(),
            hash_mb: 8,
        }
    }
}

/// What one game plays like, drawn from the [`Plan`].
#[derive(Clone, Copy, Debug)]
struct Style {
    random_placing: bool,
    placing_nodes: u64,
    moving_nodes: u64,
    random_share: f64,
    /// Chooses among the engine's best lines ([`Level::choose`]).
    level: Option<Level>,
    moving_plies: u32,
}

impl Style {
    fn draw(plan: &Plan, rng: &mut Rng) -> Style {
        let levels: Vec<Level> = (Level::MIN..=Level::MAX).filter_map(Level::new).collect();
        Style {
            random_placing: rng.chance(plan.random_placing),
            placing_nodes: rng.pick(&plan.placing_nodes).copied().unwrap_or(1_000),
            moving_nodes: rng.pick(&plan.moving_nodes).copied().unwrap_or(1_000),
            random_share: rng.pick(&plan.random_shares).copied().unwrap_or(0.0),
            level: rng.pick(&levels).copied(),
            moving_plies: rng.below(plan.moving_plies as usize + 1) as u32,
        }
    }
}

/// Counts of one thread's (or the whole run's) positions.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Counts {
    pub games: u64,
    pub recorded: u64,
    /// Seen before (itself or a symmetric image).
    pub repeated: u64,
    /// The tables do not value them.
    pub uncovered: u64,
    /// Over by the rules already (no moves, fewer than three pieces).
    pub finished: u64,
}

impl Counts {
    pub fn add(&mut self, o: &Counts) {
        self.games += o.games;
        self.recorded += o.recorded;
        self.repeated += o.repeated;
        self.uncovered += o.uncovered;
        self.finished += o.finished;
    }
}

/// The key of a moving position up to the board's symmetries.
pub type Canonical = (u32, u32, Color);

/// One thread's games.
pub struct Player<'a> {
    tables: &'a Tablebases,
    plan: &'a Plan,
    syms: Symmetries,
    searcher: Searcher,
    rng: Rng,
    stop: AtomicBool,
    seen: HashSet<Canonical>,
    pub records: Vec<Record>,
    pub counts: Counts,
}

impl std::fmt::Debug for Player<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Player")
            .field("counts", &self.counts)
            .finish_non_exhaustive()
    }
}

impl<'a> Player<'a> {
    pub fn new(tables: &'a Tablebases, plan: &'a Plan, rng: Rng) -> Player<'a> {
        Player {
            tables,
            plan,
            syms: Symmetries::of(Variant::Nine.rules().geometry()),
            searcher: Searcher::new(plan.hash_mb),
            rng,
            stop: AtomicBool::new(false),
            seen: HashSet::new(),
            records: Vec::new(),
            counts: Counts::default(),
        }
    }

    /// Plays games until `quota` positions are recorded, adding each to
    /// `progress` as it is recorded.
    pub fn play_until(&mut self, quota: usize, progress: &AtomicU64) {
        while self.records.len() < quota {
            let before = self.records.len();
            self.play_game();
            progress.fetch_add((self.records.len() - before) as u64, Ordering::Relaxed);
        }
        self.records.truncate(quota);
    }

    /// One game, its positions recorded.
    pub fn play_game(&mut self) {
        self.counts.games += 1;
        let style = Style::draw(self.plan, &mut self.rng);
        let start = self
            .rng
            .pick(&self.plan.starts)
            .copied()
            .unwrap_or_else(|| Position::new(Variant::Nine.rules()));
        let mut game = Game::from_position(start);
        // Plies left to play once the hands are empty.
        let mut moving: Option<u32> = None;
        while game.outcome().is_none() {
            let pos = *game.position();
            let placed = pos.in_hand(Color::Light) == 0 && pos.in_hand(Color::Dark) == 0;
            if placed && moving.is_none() {
                moving = Some(style.moving_plies);
            }
            if let Some(left) = moving {
                if Network::applies(&pos) {
                    self.record(&pos);
                }
                if left == 0 {
                    break;
                }
                moving = Some(left - 1);
            }
            let at_random = (moving.is_none() && style.random_placing) || self.rng.chance(style.random_share);
            let nodes = if moving.is_none() {
                style.placing_nodes
            } else {
                style.moving_nodes
            };
            let turn = if at_random {
                self.rng.pick(&game.legal_moves()).copied()
            } else {
                self.engine_move(&game, nodes, style.level)
            };
            let Some(turn) = turn else { break };
            if game.play(turn).is_err() {
                break;
            }
        }
    }

    /// The engine's move at `level`'s choice among its best lines.
    fn engine_move(&mut self, game: &Game, nodes: u64, level: Option<Level>) -> Option<Move> {
        let varied = level.filter(|l| l.margin() > 0);
        let limits = Limits {
            depth: None,
            nodes: Some(nodes),
            movetime_ms: None,
            multi_pv: if varied.is_some() { 4 } else { 1 },
        };
        let result = self
            .searcher
            .search_game(game, limits, &NoClock, &self.stop, |_| {});
        let seed = self.rng.next_u64();
        let chosen = varied
            .and_then(|l| l.choose(&result.lines, seed))
            .and_then(Line::first);
        chosen.or(result.best)
    }

    /// Records `pos` unless seen before, over, or unknown to the tables.
    fn record(&mut self, pos: &Position) {
        if pos.terminal().is_some() {
            self.counts.finished += 1;
            return;
        }
        if !self.seen.insert(canonical(&self.syms, pos)) {
            self.counts.repeated += 1;
            return;
        }
        match self.tables.probe(pos) {
            Some(value) => {
                self.records.push(Record::of(pos, Wdl::from(value)));
                self.counts.recorded += 1;
            }
            None => self.counts.uncovered += 1,
        }
    }
}

/// The key of `pos` up to the board's symmetries (pieces and turn only:
/// the data's positions have empty hands).
pub fn canonical(syms: &Symmetries, pos: &Position) -> Canonical {
    let (light, dark): (Bitboard, Bitboard) =
        syms.smallest_image(pos.pieces(Color::Light), pos.pieces(Color::Dark));
    (light.0, dark.0, pos.turn())
}
