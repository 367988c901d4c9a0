//! `Engine`: the search for JavaScript.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;

use morris_engine::net::Network;
use morris_engine::{Info, Level, LevelMove, Limits, Searcher, MAX_PLY};
use wasm_bindgen::prelude::*;

use crate::clock::{now_ms, stopped, with_stop_clock, Stop};
use crate::game::Game;
use crate::memory::ensure_free;
use crate::network::network_arg;
use crate::options::{bad_value, entries, unknown_key, whole_numbers, OptionValue};
use crate::tables::Tables;
use crate::views::{to_js, InfoView, LineView, SearchView, ThinkView};
use crate::ApiError;

/// The time a search takes when nothing bounds it.
pub const DEFAULT_MOVETIME_MS: u64 = 1000;
/// The transposition table's size when none is asked for.
pub const DEFAULT_TT_MB: usize = 16;
/// The time bound of a search that only a stop ends (`infinite`), and of
/// one bounded by depth or nodes alone when it can be stopped: 34 years.
const FOREVER_MS: u64 = 1 << 40;
/// The largest transposition table, in megabytes.
pub const MAX_TT_MB: u64 = 1024;

/// The options of every search call, read from `{ depth, nodes,
/// movetimeMs, multiPv, infinite, onInfo }`: the synchronous `bestMove`
/// and `analyze` take the same ones as the worker's (`onInfo` itself is
/// taken from the object by the binding; here only its kind is checked).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchOptions {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime_ms: Option<u64>,
    pub multi_pv: Option<usize>,
    /// Search until stopped (only where a stop can come: the worker).
    pub infinite: bool,
}

/// Every key the search calls take, in the order the errors list them.
const SEARCH_KEYS: &[&str] = &["depth", "nodes", "movetimeMs", "multiPv", "infinite", "onInfo"];

impl SearchOptions {
    /// Reads the options.
    pub fn read(pairs: &[(String, OptionValue)]) -> Result<SearchOptions, ApiError> {
        let mut out = SearchOptions::default();
        for (key, value) in pairs {
            let label = format!("option `{key}`");
            match key.as_str() {
                "depth" => out.depth = value.integer(&label, 1, MAX_PLY as u64 - 1)?.map(|d| d as u32),
                "nodes" => out.nodes = value.integer(&label, 1, 1 << 53)?,
                "movetimeMs" => out.movetime_ms = value.integer(&label, 1, 1 << 40)?,
                "multiPv" => out.multi_pv = value.integer(&label, 1, 256)?.map(|n| n as usize),
                "infinite" => {
                    out.infinite = match value {
                        OptionValue::Bool(b) => *b,
                        OptionValue::Unset => false,
                        other => return Err(bad_value(&label, "true or false", other)),
                    }
                }
                "onInfo" => match value {
                    OptionValue::Other("function") | OptionValue::Unset => {}
                    other => return Err(bad_value(&label, "a function", other)),
                },
                _ => return Err(unknown_key(key, "search", SEARCH_KEYS)),
            }
        }
        Ok(out)
    }

    fn is_bounded(&self) -> bool {
        self.depth.is_some() || self.nodes.is_some() || self.movetime_ms.is_some()
    }

    /// The time a levelled search may take: the caller's, or the default
    /// second (a level's node budget alone could take half a minute).
    pub fn level_movetime_ms(&self) -> u64 {
        self.movetime_ms.unwrap_or(DEFAULT_MOVETIME_MS)
    }

    /// The search's limits when nothing but its own clock can end it: the
    /// default second unless `movetimeMs` says otherwise, whatever the
    /// depth or nodes (a depth of 64 would otherwise take minutes).
    pub fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime_ms: Some(self.movetime_ms.unwrap_or(DEFAULT_MOVETIME_MS)),
            multi_pv: self.lines(),
        }
    }

    /// How many lines the caller asked for.
    fn lines(&self) -> usize {
        self.multi_pv.unwrap_or(1)
    }
}

/// Whether a search can be ended from outside: a worker's can (`stop()`
/// sets its flag or replaces the worker); a synchronous call's cannot, so
/// it keeps the default time limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stoppable {
    Yes,
    No,
}

/// How a search ended, to say what ended it (`stoppedBy`).
struct Ended {
    /// A stop came (the worker's flag, or a report that said stop).
    stopped: bool,
    elapsed_ms: u64,
    /// The search's own time limit: it begins no iteration after half of it.
    time_ms: Option<u64>,
}

impl Ended {
    /// `stop`, `depth`, `nodes` or `time` when that bound ended the search,
    /// else `end`: it ended by itself (no move, one legal move, a result
    /// found, a level's own bounds).
    fn cause(&self, options: &SearchOptions, result: &morris_engine::SearchResult) -> &'static str {
        if self.stopped {
            "stop"
        } else if result.best.is_none() {
            "end"
        } else if options.depth.is_some_and(|d| result.depth >= d) {
            "depth"
        } else if options.nodes.is_some_and(|n| result.nodes >= n) {
            "nodes"
        } else if self
            .time_ms
            .is_some_and(|t| t < FOREVER_MS && self.elapsed_ms.saturating_mul(2) >= t)
        {
            "time"
        } else {
            "end"
        }
    }
}

/// The engine: a searcher with its transposition table, kept between
/// moves, and optionally a playing level for people. It searches on the
/// calling thread (a second at most when no bound is given); an
/// `EngineWorker` (`morris-wasm/worker`) is the same engine in a thread of
/// its own.
///
/// @example
/// ```js
/// import { Engine, Game } from "morris-wasm";
/// const engine = new Engine({ level: 5 });
/// const game = new Game();
/// const { move } = engine.bestMove(game, { movetimeMs: 200 });
/// game.play(move);
/// new Engine().analyze(game, { depth: 4, multiPv: 3 }).length; // 3
/// engine.free();
/// ```
#[wasm_bindgen]
#[derive(Debug)]
pub struct Engine {
    searcher: Searcher,
    level: Option<Level>,
    /// Decides among near-equal moves at the levels below 10, and at every
    /// level among the moves the tables or the book call equal; advances by
    /// one with every move, so a game is repeatable from the same seed.
    seed: u64,
}

impl Engine {
    /// An engine at `level` (full strength if `None`).
    pub fn create(level: Option<u8>, tt_mb: usize, seed: u64) -> Result<Engine, ApiError> {
        let level = match level {
            None => None,
            Some(n) => Some(Level::new(n).ok_or_else(|| {
                bad_value(
                    "option `level`",
                    &whole_numbers(Level::MIN.into(), Level::MAX.into()),
                    &OptionValue::Number(n.into()),
                )
            })?),
        };
        ensure_free(tt_mb << 20, &format!("a {tt_mb} MB transposition table"))?;
        Ok(Engine {
            searcher: Searcher::new(tt_mb),
            level,
            seed,
        })
    }

    /// The move the engine plays in `game`, within the default time limit.
    pub fn search_best(
        &mut self,
        game: &morris_core::Game,
        options: &SearchOptions,
    ) -> Result<SearchView, ApiError> {
        Ok(self
            .think_with(game, options, None, Stoppable::No, |_| true)?
            .result)
    }

    /// Whether the engine evaluates with a learned network given to it:
    /// at full strength and at the top level. The levels below keep the
    /// hand-written evaluation, so that they still rise in strength level
    /// by level (their tuning was measured with it).
    pub fn takes_network(&self) -> bool {
        self.level.is_none_or(|l| l.number() == Level::MAX)
    }

    /// Evaluates Nine's moving phase with `network` from now on, if the
    /// engine [takes one](Self::takes_network); `None`: the hand-written
    /// evaluation everywhere again.
    pub fn set_network(&mut self, network: Option<Network>) {
        let network = network.filter(|_| self.takes_network()).map(Arc::new);
        self.searcher.set_network(network);
    }

    /// The static evaluation of `pos` for its side to move, in hundredths
    /// of a piece, as the search sees it at its horizon: blended with the
    /// network's value where one is in use and knows the position, else the
    /// hand-written one's ([`morris_engine::evaluate_with`]).
    pub fn evaluation(&self, pos: &morris_core::Position) -> i32 {
        morris_engine::evaluate_with(self.searcher.network().map(|n| &**n), pos)
    }

    /// The options' combinations this engine refuses: `infinite` where no
    /// stop can come or with another bound, a depth or nodes for a level.
    fn check(&self, options: &SearchOptions, stoppable: Stoppable) -> Result<(), ApiError> {
        if options.infinite && stoppable == Stoppable::No {
            return Err(ApiError::Option(
                "`infinite` searches until `stop()`, which a synchronous call cannot get: \
             use the engine worker (morris-wasm/worker), or give a bound"
                    .into(),
            ));
        }
        if options.infinite && options.is_bounded() {
            return Err(ApiError::Option(
                "`infinite` searches until stopped: give no other bound".into(),
            ));
        }
        if self.level.is_some() && (options.depth.is_some() || options.nodes.is_some() || options.infinite) {
            return Err(ApiError::Option(
                "an engine with a level searches as deep as its level says: \
             give only `movetimeMs` (and `multiPv`), or make an engine without a level"
                    .into(),
            ));
        }
        Ok(())
    }

    /// One search, as every call makes it: the move the engine plays (a
    /// level's choice) with, best first, the `multiPv` lines its search
    /// saw, each finished iteration of those lines reported to `on_info`
    /// (which returns `false` to end the search at once). A stoppable
    /// search ends early once `stop`'s flag is set, and `infinite` (only
    /// there) searches until then.
    pub fn think_with(
        &mut self,
        game: &morris_core::Game,
        options: &SearchOptions,
        stop: Option<&Stop>,
        stoppable: Stoppable,
        mut on_info: impl FnMut(InfoView) -> bool,
    ) -> Result<ThinkView, ApiError> {
        self.check(options, stoppable)?;
        let mut limits = options.limits();
        if stoppable == Stoppable::Yes
            && (options.infinite || (options.is_bounded() && options.movetime_ms.is_none()))
        {
            // Only a stop (or the depth or nodes) ends it.
            limits.movetime_ms = Some(FOREVER_MS);
        }
        // `movetimeMs` is the time to think, as UCI's `movetime`: the search
        // begins no iteration after half its own time limit, so it is given
        // twice the time and the clock ends it at the time asked.
        let deadline = options.movetime_ms;
        if let Some(ms) = deadline {
            limits.movetime_ms = Some(ms.saturating_mul(2));
        }
        let root = *game.position();
        let wanted = options.lines();
        let stop_flag = AtomicBool::new(false);
        let start = now_ms();
        let mut report = |info: &Info| {
            if info.multipv <= wanted && !stop_flag.load(Ordering::Relaxed) {
                // A report made after the clock ran out reads the real time.
                let mut view = InfoView::of(&root, info);
                view.time_ms = view.time_ms.min(now_ms().saturating_sub(start));
                if !on_info(view) {
                    stop_flag.store(true, Ordering::Relaxed);
                }
            }
        };
        if self.level.is_some() && deadline.is_none() {
            // A level's own search may take long: the default second at most.
            limits.movetime_ms = limits.movetime_ms.map(|ms| ms.min(options.level_movetime_ms()));
        }
        let mut result = match self.level {
            Some(level) => {
                let seed = self.seed;
                self.seed = self.seed.wrapping_add(1);
                let how = LevelMove {
                    level,
                    seed,
                    movetime_ms: limits.movetime_ms,
                    lines: wanted,
                };
                with_stop_clock(stop, deadline, |clock| {
                    self.searcher
                        .play_level_reporting(game, how, clock, &stop_flag, &mut report)
                })
            }
            None => with_stop_clock(stop, deadline, |clock| {
                self.searcher
                    .search_game(game, limits, clock, &stop_flag, &mut report)
            }),
        };
        let was_stopped = stopped(stop) || stop_flag.load(Ordering::Relaxed);
        if was_stopped && result.lines.is_empty() {
            // Stopped before its first iteration finished (or began): the
            // quickest answer there is, one ply that no stop cuts, as the
            // worker that cannot share memory answers such a stop.
            let quick = Limits {
                depth: Some(1),
                nodes: None,
                movetime_ms: None,
                ..limits
            };
            result = with_stop_clock(None, None, |clock| {
                self.searcher
                    .search_game(game, quick, clock, &AtomicBool::new(false), &mut report)
            });
        }
        let ended = Ended {
            stopped: was_stopped,
            elapsed_ms: now_ms().saturating_sub(start),
            time_ms: limits.movetime_ms,
        };
        Ok(ThinkView {
            result: SearchView::of(&root, &result),
            lines: result
                .lines
                .iter()
                .take(wanted)
                .map(|line| LineView::of(&root, line))
                .collect(),
            stopped_by: ended.cause(options, &result),
        })
    }

    /// `think_with` for JavaScript: reports go to `on_info`; an exception
    /// it throws ends the search and is handed back to be thrown again.
    fn think_js(
        &mut self,
        game: &Game,
        options: Option<JsValue>,
        stop: Option<&Stop>,
        stoppable: Stoppable,
        on_info: Option<js_sys::Function>,
    ) -> Result<ThinkView, JsValue> {
        let options = options.unwrap_or(JsValue::UNDEFINED);
        let pairs = entries(&options, "the search options")?;
        let search = SearchOptions::read(&pairs)?;
        let on_info = match on_info {
            Some(f) => Some(f),
            None if pairs.iter().any(|(k, _)| k == "onInfo") => {
                js_sys::Reflect::get(&options, &"onInfo".into())
                    .ok()
                    .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
            }
            None => None,
        };
        let mut thrown = None;
        let view = self.think_with(game.core(), &search, stop, stoppable, |info| {
            let Some(f) = &on_info else { return true };
            let Ok(value) = to_js(&info) else { return true };
            match f.call1(&JsValue::NULL, &value) {
                Ok(_) => true,
                Err(e) => {
                    thrown = Some(e);
                    false
                }
            }
        })?;
        match thrown {
            Some(e) => Err(e),
            None => Ok(view),
        }
    }
}

#[wasm_bindgen]
impl Engine {
    /// An engine; `{ level: 1…10, ttMb, seed }`, all optional (no level is
    /// full strength). Throws an `OptionError` for a bad option.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "EngineOptions")] options: Option<JsValue>,
    ) -> Result<Engine, JsValue> {
        let pairs = entries(&options.unwrap_or(JsValue::UNDEFINED), "the engine options")?;
        let (mut level, mut tt_mb, mut seed) = (None, DEFAULT_TT_MB, 0);
        for (key, value) in &pairs {
            let label = format!("option `{key}`");
            match key.as_str() {
                "level" => {
                    level = value
                        .integer(&label, u64::from(Level::MIN), u64::from(Level::MAX))?
                        .map(|n| n as u8)
                }
                "ttMb" => tt_mb = value.integer(&label, 1, MAX_TT_MB)?.map_or(tt_mb, |n| n as usize),
                "seed" => seed = value.integer(&label, 0, 1 << 53)?.unwrap_or(0),
                _ => return Err(unknown_key(key, "engine", &["level", "ttMb", "seed"]).into()),
            }
        }
        Ok(Engine::create(level, tt_mb, seed)?)
    }

    /// The level, or `undefined` at full strength.
    #[wasm_bindgen(getter)]
    pub fn level(&self) -> Option<u8> {
        self.level.map(Level::number)
    }

    /// The move to play in `game`, searched within `{ depth, nodes,
    /// movetimeMs }` (one second at most when no `movetimeMs` is given),
    /// with the `multiPv` best lines and each iteration reported to
    /// `onInfo`. Throws an `OptionError` for a bad option, for `depth` or
    /// `nodes` given to an engine with a level, or for `infinite` (only
    /// the worker can stop a search); an exception `onInfo` throws ends
    /// the search and is thrown again.
    #[wasm_bindgen(js_name = bestMove, unchecked_return_type = "ThinkResult")]
    pub fn best_move(
        &mut self,
        game: &Game,
        #[wasm_bindgen(unchecked_optional_param_type = "SearchOptions")] options: Option<JsValue>,
    ) -> Result<JsValue, JsValue> {
        let view = self.think_js(game, options, None, Stoppable::No, None)?;
        Ok(to_js(&view)?)
    }

    /// The `multiPv` best moves with their scores and lines, best first,
    /// as `bestMove` searches them (at the engine's level, if it has one).
    #[wasm_bindgen(unchecked_return_type = "AnalysisLine[]")]
    pub fn analyze(
        &mut self,
        game: &Game,
        #[wasm_bindgen(unchecked_optional_param_type = "SearchOptions")] options: Option<JsValue>,
    ) -> Result<JsValue, JsValue> {
        let view = self.think_js(game, options, None, Stoppable::No, None)?;
        Ok(to_js(&view.lines)?)
    }

    /// `bestMove` for a worker, where a search can be stopped: it ends
    /// early, with the best move found so far, once `stop[0]` is not 0
    /// (`stop` is an `Int32Array` on a `SharedArrayBuffer` that another
    /// thread sets) or, where memory cannot be shared, once `stop()`
    /// returns true (it is called often: it decides how often to look);
    /// `{ infinite: true }` searches until then, and a search bounded by
    /// depth or nodes alone has no time limit.
    #[wasm_bindgen(unchecked_return_type = "ThinkResult")]
    pub fn think(
        &mut self,
        game: &Game,
        #[wasm_bindgen(unchecked_optional_param_type = "ThinkOptions")] options: Option<JsValue>,
        #[wasm_bindgen(unchecked_optional_param_type = "(info: SearchInfo) => void")] on_info: Option<
            js_sys::Function,
        >,
        #[wasm_bindgen(unchecked_optional_param_type = "Int32Array | (() => boolean)")] stop: Option<JsValue>,
    ) -> Result<JsValue, JsValue> {
        let stop = Stop::from_js(stop);
        let view = self.think_js(game, options, stop.as_ref(), Stoppable::Yes, on_info)?;
        Ok(to_js(&view)?)
    }

    /// Plays the positions these tables cover perfectly. The engine keeps
    /// the tables as they are now; tables loaded later need another call.
    #[wasm_bindgen(js_name = useTables)]
    pub fn use_tables(&mut self, tables: &Tables) {
        self.searcher.set_tables(Some(tables.shared()));
    }

    /// Plays by its search alone again.
    #[wasm_bindgen(js_name = dropTables)]
    pub fn drop_tables(&mut self) {
        self.searcher.set_tables(None);
    }

    /// Evaluates Nine's moving phase (standard rules, every piece placed)
    /// with the learned network in `bytes`, the file's contents (the
    /// package carries one: `morris-wasm/nets/nine.nnue`). At full strength
    /// and at level 10 the search uses it from its next move; the levels
    /// below keep the hand-written evaluation, so that they still rise in
    /// strength, and only check the file. Throws a `NetworkFileError` when
    /// the bytes are not a network this engine reads (and keeps the
    /// evaluation it had), an `ArgumentError` when they are not bytes.
    #[wasm_bindgen(js_name = useNetwork)]
    pub fn use_network(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Uint8Array | ArrayBuffer")] bytes: JsValue,
    ) -> Result<(), JsValue> {
        let network = network_arg(&bytes)?;
        self.set_network(Some(network));
        Ok(())
    }

    /// Evaluates with the hand-written evaluation everywhere again.
    #[wasm_bindgen(js_name = dropNetwork)]
    pub fn drop_network(&mut self) {
        self.set_network(None);
    }

    /// The static evaluation of the game's position, in hundredths of a
    /// piece for the side to move (positive: it stands better), as the
    /// engine's search sees a position at its horizon: the mean of the
    /// learned network's value and the hand-written evaluation's where the
    /// engine uses a network (`useNetwork`) and it applies (Nine's standard
    /// rules, both hands empty, no removal due), else the hand-written
    /// evaluation's. No search: the same number for the same
    /// position, whatever the game's history.
    pub fn evaluate(&self, game: &Game) -> i32 {
        self.evaluation(game.core().position())
    }

    /// Forgets earlier searches (for a new game).
    pub fn clear(&mut self) {
        self.searcher.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn search_options_are_checked() {
        let pairs = |k: &str, v: OptionValue| vec![(k.to_string(), v)];
        let ok = SearchOptions::read(&pairs("depth", OptionValue::Number(3.0)));
        assert_eq!(ok.map(|o| o.limits().depth), Ok(Some(3)));
        let ok = SearchOptions::read(&pairs("multiPv", OptionValue::Number(2.0)));
        assert_eq!(ok.map(|o| o.limits().multi_pv), Ok(2));
        let err = SearchOptions::read(&pairs("depth", OptionValue::Number(-1.0)));
        assert!(err.is_err_and(|e| e.to_string().contains("option `depth` must be a whole number")));
        let err = SearchOptions::read(&pairs("onInfo", OptionValue::Number(5.0)));
        assert!(err.is_err_and(
            |e| e.name() == "OptionError" && e.to_string() == "option `onInfo` must be a function, not 5"
        ));
        let err = SearchOptions::read(&pairs("infinite", OptionValue::Text("yes".into())));
        assert!(err.is_err_and(|e| e.to_string().contains("option `infinite` must be true or false")));
        assert_eq!(
            SearchOptions::default().limits().movetime_ms,
            Some(DEFAULT_MOVETIME_MS)
        );
    }

    #[test]
    fn a_synchronous_search_by_depth_alone_keeps_the_default_second() -> Result<(), String> {
        let deep = SearchOptions {
            depth: Some(64),
            ..SearchOptions::default()
        };
        assert_eq!(deep.limits().movetime_ms, Some(DEFAULT_MOVETIME_MS));
        let game = morris_core::Game::new(morris_core::Variant::Nine.rules());
        let mut engine = Engine::create(None, 1, 0).map_err(|e| e.to_string())?;
        let start = std::time::Instant::now();
        let result = engine.think_with(&game, &deep, None, Stoppable::No, |_| true);
        assert!(result.is_ok_and(|r| r.result.best.is_some() && r.result.depth < 64));
        assert!(
            start.elapsed() < std::time::Duration::from_secs(3),
            "{:?}",
            start.elapsed()
        );
        let infinite = SearchOptions {
            infinite: true,
            ..SearchOptions::default()
        };
        let err = engine.think_with(&game, &infinite, None, Stoppable::No, |_| true);
        assert!(err.is_err_and(|e| e.name() == "OptionError" && e.to_string().contains("engine worker")));
        Ok(())
    }

    #[test]
    fn movetime_is_the_time_to_think_and_the_result_says_what_ended_it() -> Result<(), String> {
        let game = morris_core::Game::new(morris_core::Variant::Nine.rules());
        let mut engine = Engine::create(None, 1, 0).map_err(|e| e.to_string())?;
        let timed = SearchOptions {
            movetime_ms: Some(400),
            ..SearchOptions::default()
        };
        let start = std::time::Instant::now();
        let view = engine
            .think_with(&game, &timed, None, Stoppable::No, |_| true)
            .map_err(|e| e.to_string())?;
        let ms = start.elapsed().as_millis();
        assert!((360..=600).contains(&ms), "{ms} ms");
        assert_eq!(view.stopped_by, "time");
        let deep = SearchOptions {
            depth: Some(3),
            ..SearchOptions::default()
        };
        let view = engine
            .think_with(&game, &deep, None, Stoppable::No, |_| true)
            .map_err(|e| e.to_string())?;
        assert_eq!((view.result.depth, view.stopped_by), (3, "depth"));
        Ok(())
    }

    #[test]
    fn a_level_reports_its_lines_and_gives_as_many_as_asked() -> Result<(), String> {
        let game = morris_core::Game::new(morris_core::Variant::Nine.rules());
        for level in [1, 5, 10] {
            let mut engine = Engine::create(Some(level), 1, 0).map_err(|e| e.to_string())?;
            let options = SearchOptions {
                multi_pv: Some(3),
                movetime_ms: Some(300),
                ..SearchOptions::default()
            };
            let mut infos = Vec::new();
            let view = engine.think_with(&game, &options, None, Stoppable::No, |info| {
                infos.push(info);
                true
            });
            let view = view.map_err(|e| format!("level {level}: {e}"))?;
            assert_eq!(view.lines.len(), 3, "level {level}");
            assert!(view.result.best.is_some());
            assert!(!infos.is_empty(), "level {level}: no report");
            assert!(
                infos.iter().all(|i| (1..=3).contains(&i.multipv)),
                "level {level}"
            );
            let one = engine.think_with(&game, &SearchOptions::default(), None, Stoppable::No, |_| true);
            assert!(one.is_ok_and(|v| v.lines.len() == 1), "level {level}");
        }
        Ok(())
    }

    #[test]
    fn a_report_that_says_stop_ends_the_search() -> Result<(), String> {
        let game = morris_core::Game::new(morris_core::Variant::Nine.rules());
        let mut engine = Engine::create(None, 1, 0).map_err(|e| e.to_string())?;
        let options = SearchOptions {
            depth: Some(40),
            movetime_ms: Some(60_000),
            ..SearchOptions::default()
        };
        let mut calls = 0;
        let start = std::time::Instant::now();
        let view = engine.think_with(&game, &options, None, Stoppable::No, |_| {
            calls += 1;
            false
        });
        // The flag is read every few thousand nodes: a few short iterations
        // may end first, but none of them is reported.
        assert!(view.is_ok_and(|v| v.result.depth < 10));
        assert_eq!(calls, 1);
        assert!(start.elapsed() < std::time::Duration::from_secs(5));
        Ok(())
    }

    /// A network whose every weight is `w`: the same value for every
    /// position it knows, far from the hand-written evaluation's.
    fn uniform_network(w: i16) -> Result<Network, String> {
        use morris_engine::net::{BUCKETS, INPUTS};
        let (hidden, scale) = (8, 100);
        Network::from_parts(
            hidden,
            scale,
            vec![w; INPUTS * hidden],
            vec![0; hidden],
            [vec![w; hidden], vec![0; hidden]].concat().repeat(BUCKETS),
            vec![0; BUCKETS],
        )
        .map_err(|e| e.to_string())
    }

    /// Nine after its placing: the first legal move at every turn.
    fn moving_position() -> morris_core::Position {
        let mut pos = morris_core::Position::new(morris_core::Variant::Nine.rules());
        while !morris_engine::net::Network::applies(&pos) {
            let Some(&m) = pos.legal_moves().first() else {
                break;
            };
            pos = pos.play(m);
        }
        pos
    }

    #[test]
    fn a_network_evaluates_the_moving_phase_at_full_strength_and_level_10_only() -> Result<(), String> {
        let pos = moving_position();
        let placing = morris_core::Position::new(morris_core::Variant::Nine.rules());
        let network = uniform_network(60)?;
        network.evaluate(&pos).ok_or("the network applies")?;
        let learned = morris_engine::evaluate_with(Some(&network), &pos);
        let hand = morris_engine::evaluate(&pos);
        assert_ne!(learned, hand);
        for (level, uses) in [(None, true), (Some(10), true), (Some(9), false), (Some(1), false)] {
            let mut engine = Engine::create(level, 1, 0).map_err(|e| e.to_string())?;
            assert_eq!(engine.evaluation(&pos), hand, "{level:?}");
            engine.set_network(Some(network.clone()));
            let expected = if uses { learned } else { hand };
            assert_eq!(engine.evaluation(&pos), expected, "{level:?}");
            assert_eq!(engine.evaluation(&placing), morris_engine::evaluate(&placing));
            let game = morris_core::Game::from_position(pos);
            let options = SearchOptions {
                movetime_ms: Some(50),
                ..SearchOptions::default()
            };
            let view = engine.think_with(&game, &options, None, Stoppable::No, |_| true);
            assert!(view.is_ok_and(|v| v.result.best.is_some()), "{level:?}");
            engine.set_network(None);
            assert_eq!(engine.evaluation(&pos), hand, "{level:?}");
        }
        Ok(())
    }

    #[test]
    fn an_engine_moves_and_a_leveled_one_refuses_a_depth() {
        let game = morris_core::Game::new(morris_core::Variant::Nine.rules());
        let mut engine = Engine::create(None, 1, 0).map_err(|e| e.to_string());
        let result = engine.as_mut().map(|e| {
            e.search_best(
                &game,
                &SearchOptions {
                    depth: Some(3),
                    ..SearchOptions::default()
                },
            )
        });
        assert!(matches!(result, Ok(Ok(ref r)) if r.best.is_some() && r.depth == 3));
        let leveled = Engine::create(Some(1), 1, 0).and_then(|mut e| {
            e.search_best(
                &game,
                &SearchOptions {
                    depth: Some(3),
                    ..SearchOptions::default()
                },
            )
        });
        assert_eq!(leveled.map_err(|e| e.name()).err(), Some("OptionError"));
        assert_eq!(
            Engine::create(Some(0), 1, 0)
                .map_err(|e| e.to_string())
                .err()
                .as_deref(),
            Some("option `level` must be a whole number from 1 to 10, not 0")
        );
    }
}
