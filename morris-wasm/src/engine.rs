//! `Engine`: the search for JavaScript, and `perft`.

use std::sync::atomic::AtomicBool;

use morris_engine::{Level, Limits, Searcher, MAX_PLY};
use wasm_bindgen::prelude::*;

use crate::clock::{stopped, with_clock, with_stop_clock};
use crate::game::Game;
use crate::memory::ensure_free;
use crate::options::{bad_argument, bad_value, entries, string_arg, unknown_key, whole_numbers, OptionValue};
use crate::tables::Tables;
use crate::views::{to_js, InfoView, LineView, SearchView, ThinkView};
use crate::ApiError;

/// The time a search takes when nothing bounds it.
pub const DEFAULT_MOVETIME_MS: u64 = 1000;
/// The transposition table's size when none is asked for.
pub const DEFAULT_TT_MB: usize = 16;
/// The deepest perft the synchronous API runs: Nine Men's Morris at depth 5
/// is 5.1 million paths, a third of a second in Node; depth 6 is 99 million
/// (seconds), and each turn deeper about twenty times more. Deeper counts
/// belong in a worker (`perft` in the engine worker takes any depth to 32).
pub const MAX_PERFT_DEPTH: u64 = 5;
/// The deepest perft at all (the worker's limit).
pub const MAX_WORKER_PERFT_DEPTH: u64 = 32;
/// The time bound of a search that only a stop ends (`infinite`), and of
/// one bounded by depth or nodes alone when it can be stopped: 34 years.
const FOREVER_MS: u64 = 1 << 40;
/// The largest transposition table, in megabytes.
pub const MAX_TT_MB: u64 = 1024;

/// The bounds of one search, read from `{ depth, nodes, movetimeMs, multiPv }`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SearchOptions {
    pub depth: Option<u32>,
    pub nodes: Option<u64>,
    pub movetime_ms: Option<u64>,
    pub multi_pv: Option<usize>,
}

impl SearchOptions {
    /// Reads the options; `multiPv` only where `multi_pv` allows it.
    pub fn read(pairs: &[(String, OptionValue)], multi_pv: bool) -> Result<SearchOptions, ApiError> {
        let mut out = SearchOptions::default();
        let known: &[&str] = if multi_pv {
            &["depth", "nodes", "movetimeMs", "multiPv"]
        } else {
            &["depth", "nodes", "movetimeMs"]
        };
        for (key, value) in pairs {
            let label = format!("option `{key}`");
            match key.as_str() {
                "depth" => out.depth = value.integer(&label, 1, MAX_PLY as u64 - 1)?.map(|d| d as u32),
                "nodes" => out.nodes = value.integer(&label, 1, 1 << 53)?,
                "movetimeMs" => out.movetime_ms = value.integer(&label, 1, 1 << 40)?,
                "multiPv" if multi_pv => out.multi_pv = value.integer(&label, 1, 256)?.map(|n| n as usize),
                _ => return Err(unknown_key(key, "search", known)),
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

    /// The search's limits; a search with no bound gets the default time.
    pub fn limits(&self) -> Limits {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime_ms: if self.is_bounded() {
                self.movetime_ms
            } else {
                Some(DEFAULT_MOVETIME_MS)
            },
            multi_pv: self.multi_pv.unwrap_or(1),
        }
    }
}

/// The engine: a searcher with its transposition table, kept between
/// moves, and optionally a playing level for people.
#[wasm_bindgen]
#[derive(Debug)]
pub struct Engine {
    searcher: Searcher,
    level: Option<Level>,
    /// Decides among near-equal moves at the weaker levels; advances by
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

    /// The move the engine plays in `game`.
    pub fn search_best(
        &mut self,
        game: &morris_core::Game,
        options: &SearchOptions,
    ) -> Result<SearchView, ApiError> {
        self.search_best_with(game, options, None)
    }

    /// The move the engine plays in `game`, stopped early by `stop`'s flag.
    fn search_best_with(
        &mut self,
        game: &morris_core::Game,
        options: &SearchOptions,
        stop: Option<&js_sys::Int32Array>,
    ) -> Result<SearchView, ApiError> {
        let stop_flag = AtomicBool::new(false);
        let result = match self.level {
            Some(level) => {
                if options.depth.is_some() || options.nodes.is_some() {
                    return Err(ApiError::Option(
                        "an engine with a level searches as deep as its level says: \
                         give only `movetimeMs`, or make an engine without a level"
                            .into(),
                    ));
                }
                let seed = self.seed;
                self.seed = self.seed.wrapping_add(1);
                with_stop_clock(stop, |clock| {
                    self.searcher.play_level(
                        game,
                        level,
                        seed,
                        Some(options.level_movetime_ms()),
                        clock,
                        &stop_flag,
                    )
                })
            }
            None => with_stop_clock(stop, |clock| {
                self.searcher
                    .search_game(game, options.limits(), clock, &stop_flag, |_| {})
            }),
        };
        Ok(SearchView::of(game.position(), &result))
    }

    /// A search for a worker: like `search_best` (or `search_lines` with
    /// `multiPv`), reporting each finished iteration to `on_info` and
    /// ending early once `stop`'s flag is set; `infinite` searches until
    /// then.
    pub fn think_with(
        &mut self,
        game: &morris_core::Game,
        options: &SearchOptions,
        infinite: bool,
        stop: Option<&js_sys::Int32Array>,
        mut on_info: impl FnMut(InfoView),
    ) -> Result<ThinkView, ApiError> {
        let mut options = *options;
        if infinite {
            if self.level.is_some()
                || options.depth.is_some()
                || options.nodes.is_some()
                || options.movetime_ms.is_some()
            {
                return Err(ApiError::Option(
                    "`infinite` searches until stopped: give no other bound, to an engine without a level"
                        .into(),
                ));
            }
            options.movetime_ms = Some(FOREVER_MS);
        } else if stop.is_some()
            && options.movetime_ms.is_none()
            && (options.depth.is_some() || options.nodes.is_some())
        {
            options.movetime_ms = Some(FOREVER_MS);
        }
        if stopped(stop) {
            // Stopped before it began: the quickest answer there is.
            options = match self.level {
                Some(_) => SearchOptions {
                    movetime_ms: Some(1),
                    ..options
                },
                None => SearchOptions {
                    depth: Some(1),
                    nodes: None,
                    movetime_ms: None,
                    ..options
                },
            };
        }
        if self.level.is_some() {
            let result = self.search_best_with(game, &options, stop)?;
            return Ok(ThinkView {
                result,
                lines: Vec::new(),
            });
        }
        let root = *game.position();
        let stop_flag = AtomicBool::new(false);
        let result = with_stop_clock(stop, |clock| {
            self.searcher
                .search_game(game, options.limits(), clock, &stop_flag, |info| {
                    on_info(InfoView::of(&root, info))
                })
        });
        Ok(ThinkView {
            result: SearchView::of(&root, &result),
            lines: result
                .lines
                .iter()
                .map(|line| LineView::of(&root, line))
                .collect(),
        })
    }

    /// `think` with its reports sent to a JavaScript function (whose own
    /// errors are ignored: a report cannot stop the search).
    fn think_view(
        &mut self,
        game: &morris_core::Game,
        options: &SearchOptions,
        infinite: bool,
        stop: Option<&js_sys::Int32Array>,
        on_info: Option<&js_sys::Function>,
    ) -> Result<ThinkView, ApiError> {
        self.think_with(game, options, infinite, stop, |info| {
            if let (Some(f), Ok(value)) = (on_info, to_js(&info)) {
                let _ = f.call1(&JsValue::NULL, &value);
            }
        })
    }

    /// The best lines in `game` at full strength.
    pub fn search_lines(&mut self, game: &morris_core::Game, options: &SearchOptions) -> Vec<LineView> {
        let stop = AtomicBool::new(false);
        let result = with_clock(|clock| {
            self.searcher
                .search_game(game, options.limits(), clock, &stop, |_| {})
        });
        result
            .lines
            .iter()
            .map(|line| LineView::of(game.position(), line))
            .collect()
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
    /// movetimeMs }` (one second when none is given). Throws an
    /// `OptionError` for a bad option, or for `depth` or `nodes` given to
    /// an engine with a level.
    #[wasm_bindgen(js_name = bestMove, unchecked_return_type = "SearchResult")]
    pub fn best_move(
        &mut self,
        game: &Game,
        #[wasm_bindgen(unchecked_optional_param_type = "SearchOptions")] options: Option<JsValue>,
    ) -> Result<JsValue, JsValue> {
        let pairs = entries(&options.unwrap_or(JsValue::UNDEFINED), "the search options")?;
        let options = SearchOptions::read(&pairs, false)?;
        Ok(to_js(&self.search_best(game.core(), &options)?)?)
    }

    /// The `multiPv` best moves with their scores and lines, best first.
    /// Throws an `OptionError` for a bad option.
    #[wasm_bindgen(unchecked_return_type = "AnalysisLine[]")]
    pub fn analyze(
        &mut self,
        game: &Game,
        #[wasm_bindgen(unchecked_optional_param_type = "AnalyzeOptions")] options: Option<JsValue>,
    ) -> Result<JsValue, JsValue> {
        let pairs = entries(&options.unwrap_or(JsValue::UNDEFINED), "the analysis options")?;
        let options = SearchOptions::read(&pairs, true)?;
        Ok(to_js(&self.search_lines(game.core(), &options))?)
    }

    /// `bestMove` and `analyze` in one, for a worker: reports each finished
    /// iteration to `onInfo` while it searches, and ends early, with the
    /// best move found so far, once `stop[0]` is not 0 (`stop` is an
    /// `Int32Array` on a `SharedArrayBuffer` that another thread sets).
    /// `{ infinite: true }` searches until stopped. The result is
    /// `bestMove`'s with the `lines` of `analyze`.
    #[wasm_bindgen(unchecked_return_type = "ThinkResult")]
    pub fn think(
        &mut self,
        game: &Game,
        #[wasm_bindgen(unchecked_optional_param_type = "ThinkOptions")] options: Option<JsValue>,
        #[wasm_bindgen(unchecked_optional_param_type = "(info: SearchInfo) => void")] on_info: Option<
            js_sys::Function,
        >,
        #[wasm_bindgen(unchecked_optional_param_type = "Int32Array")] stop: Option<js_sys::Int32Array>,
    ) -> Result<JsValue, JsValue> {
        let mut pairs = entries(&options.unwrap_or(JsValue::UNDEFINED), "the search options")?;
        let infinite = match pairs.iter().position(|(k, _)| k == "infinite") {
            Some(i) => match pairs.remove(i).1 {
                OptionValue::Bool(b) => b,
                OptionValue::Unset => false,
                other => return Err(bad_value("option `infinite`", "true or false", &other).into()),
            },
            None => false,
        };
        let options = SearchOptions::read(&pairs, true)?;
        let view = self.think_view(game.core(), &options, infinite, stop.as_ref(), on_info.as_ref())?;
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

    /// Forgets earlier searches (for a new game).
    pub fn clear(&mut self) {
        self.searcher.clear();
    }
}

/// Counts the move paths of `depth` turns from the position after `moves`
/// in a new game of `variant` with rule options.
pub fn perft_count(
    variant: Option<&str>,
    options: &[(String, OptionValue)],
    moves: &[String],
    depth: u32,
) -> Result<u64, ApiError> {
    let mut game = Game::create(variant, options)?;
    for (i, m) in moves.iter().enumerate() {
        game.play_text(m)
            .map_err(|e| e.within(format!("move {} of the list", i + 1)))?;
    }
    Ok(morris_core::perft(game.core().position(), depth))
}

/// `perft(variant, moves, depth, options?)`: the number of move paths of
/// `depth` turns after `moves`, the rules' own test of move generation.
/// Throws a `MoveSyntaxError` or an `IllegalMoveError` for a move of the
/// list (its message says which), an `OptionError` for an unknown variant
/// or a bad option, an `ArgumentError` for a depth that is not a whole
/// number from 0 to 5 (deeper counts take minutes: the engine worker runs
/// them, off the page's thread).
#[wasm_bindgen(js_name = perft)]
pub fn perft(
    #[wasm_bindgen(unchecked_param_type = "VariantId")] variant: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string[]")] moves: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] depth: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "GameOptions")] options: Option<JsValue>,
) -> Result<f64, JsValue> {
    perft_upto(&variant, &moves, &depth, options, MAX_PERFT_DEPTH)
}

/// `perft` for the engine worker, where a long count blocks no page: any
/// depth to 32 (the worker's `perft` message; not for the main thread).
#[wasm_bindgen(js_name = perftInWorker, skip_typescript)]
pub fn perft_in_worker(
    variant: JsValue,
    moves: JsValue,
    depth: JsValue,
    options: Option<JsValue>,
) -> Result<f64, JsValue> {
    perft_upto(&variant, &moves, &depth, options, MAX_WORKER_PERFT_DEPTH)
}

/// `perft`'s arguments read and counted, the depth at most `max`.
fn perft_upto(
    variant: &JsValue,
    moves: &JsValue,
    depth: &JsValue,
    options: Option<JsValue>,
    max: u64,
) -> Result<f64, JsValue> {
    let variant = string_arg(variant, "the variant")?;
    if !js_sys::Array::is_array(moves) {
        return Err(bad_argument(
            "the moves",
            "an array of moves in notation",
            &OptionValue::from_js(moves),
        )
        .into());
    }
    let list = js_sys::Array::from(moves)
        .iter()
        .enumerate()
        .map(|(i, m)| string_arg(&m, &format!("move {} of the list", i + 1)))
        .collect::<Result<Vec<_>, _>>()?;
    let depth = depth_arg(depth, max)?;
    let options = entries(&options.unwrap_or(JsValue::UNDEFINED), "the game options")?;
    Ok(perft_count(Some(&variant), &options, &list, depth)? as f64)
}

/// A perft depth from 0 to `max`; a deeper one that the engine worker
/// would take says where to run it.
pub(crate) fn depth_arg(depth: &JsValue, max: u64) -> Result<u32, ApiError> {
    let value = OptionValue::from_js(depth);
    if let Some(d) = value.whole_number(0, max) {
        return Ok(d as u32);
    }
    let mut err = misfit_depth(max, &value);
    if value.whole_number(0, MAX_WORKER_PERFT_DEPTH).is_some() {
        err.push_str(
            ": deeper counts can take minutes and run in the engine worker \
             (`await engine.perft(…)` of morris-wasm/worker)",
        );
    }
    Err(ApiError::Argument(err))
}

fn misfit_depth(max: u64, value: &OptionValue) -> String {
    bad_argument("the depth", &whole_numbers(0, max), value).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_from_the_start_and_after_moves() {
        let count = |moves: &[&str], depth| {
            let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            perft_count(Some("nine"), &[], &moves, depth).map_err(|e| (e.name(), e.to_string()))
        };
        assert_eq!(count(&[], 2), Ok(552));
        assert_eq!(count(&["d6", "d5"], 1), Ok(22));
        let (name, err) = count(&["d6", "d6"], 1).err().unwrap_or_default();
        assert_eq!(name, "IllegalMoveError");
        assert!(err.starts_with("move 2 of the list: illegal move `d6`"), "{err}");
        let (name, err) = count(&["d6", "z9"], 1).err().unwrap_or_default();
        assert_eq!(name, "MoveSyntaxError");
        assert!(err.starts_with("move 2 of the list: `z9` is not a move"), "{err}");
    }

    #[test]
    fn search_options_are_checked() {
        let pairs = |k: &str, v: OptionValue| vec![(k.to_string(), v)];
        let ok = SearchOptions::read(&pairs("depth", OptionValue::Number(3.0)), false);
        assert_eq!(ok.map(|o| o.limits().depth), Ok(Some(3)));
        let err = SearchOptions::read(&pairs("multiPv", OptionValue::Number(2.0)), false);
        assert!(err.is_err_and(|e| e.name() == "OptionError" && e.to_string().contains("`multiPv`")));
        let err = SearchOptions::read(&pairs("depth", OptionValue::Number(-1.0)), true);
        assert!(err.is_err_and(|e| e.to_string().contains("option `depth` must be a whole number")));
        assert_eq!(
            SearchOptions::default().limits().movetime_ms,
            Some(DEFAULT_MOVETIME_MS)
        );
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
