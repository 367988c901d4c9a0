//! `morris engine`: the engine behind a line protocol on stdin and stdout,
//! in the style of UCI, so that GUIs, match runners and scripts can drive it.
//!
//! Commands: `uci`, `isready`, `ucinewgame`, `setoption name N value V`
//! (engine options and one option per rule of docs/RULES.md §3),
//! `position startpos|fen TEXT [moves …]`, `go movetime|depth|nodes|infinite`,
//! `setoption name Tablebases value PATH…` (table files or folders of them,
//! `none` to drop them; `--tables PATH` on the command line; flat files,
//! from `morris tb flat`, stay on disk and are read as the search asks; a
//! flat file found changed on disk after it was loaded is reported once,
//! before the `bestmove` of the search that found it, with `info string
//! error FILE: …`, and its table is not used again),
//! `stop`, `quit`. The search runs on its own thread (its hash table is
//! allocated there too), so `stop`, `isready` and `quit` are answered while
//! it thinks, and the end of the input ends the engine; a `go` during a
//! search stops that search first, whatever its limits. It reports `info …`
//! lines and ends with `bestmove TURN` (`bestmove none`, after an `info
//! string` that says why, when the game is over). File options read only
//! regular files, of bounded size. A line
//! that cannot be obeyed is answered with `info string error …`; the engine
//! never stops over one.
//!
//! In a position the loaded tables cover, the move comes from the tables
//! (see [`morris_engine::Tablebases`]) and `info` gives the exact value
//! in plies, as `morris tb probe` does: `score win 7`, `score draw`,
//! `score loss 12`; elsewhere `score cp N` or `score mate N` as in UCI.
//! Where the tables cover every position the placing phase can end in and
//! few placements are left (`--placing-solve-plies`, 12 by default, and at
//! most `--placing-solve-nodes` positions, two million; `setoption name
//! PlacingSolvePlies`/`PlacingSolveNodes`), the rest of the placing is solved first and
//! the search plays only moves that keep the value; the engine then says
//! `info string placing solved: draw, 5 of 12 moves keep it (N positions)`
//! before `bestmove`.
//!
//! A placing book (`--book FILE`, `setoption name Book value FILE…`,
//! `none` to drop it; made by `morris tb book`) holds such solves made
//! ahead of time, for positions too early in the placing to solve in a
//! move's time. In a book position the search plays only moves that keep
//! the book's value, with or without tables, and the engine says
//! `info string placing book: draw, 2 of 20 moves keep it`.
//!
//! A longer search in the placing (`--placing-effort N`, `setoption name
//! PlacingEffort value N`): where neither the book nor the placing solve
//! decides a placing position, the search takes N times the nodes and
//! the time its `go` asks (docs/strength.md, "More search in the placing").
//!
//! The learned evaluation (the default; `--eval classic` or `setoption
//! name UseNetwork value false` keeps the hand-written evaluation alone):
//! at level 10, Nine's moving phase is evaluated by the network built into
//! the program (`morris_engine::net`) blended with the hand-written
//! evaluation, or by a network file given with `--net FILE` (with `--eval
//! classic` it is refused) or `setoption name NetworkFile value FILE`
//! (`none`: the built-in one again). The other levels keep the
//! hand-written evaluation, unless `--network-from-level N` (`setoption
//! name NetworkFromLevel value N`) lowers where the network starts: the
//! app's hints are level 8 with it.
//!
//! Ultra-strong play (`--ultra-strong`, `setoption name UltraStrong value
//! true`): where the tables or the placing solve decide, of the moves that
//! keep a drawn or lost value the engine plays the one that leaves the
//! opponent the largest share of replies that change his result
//! ([`morris_engine::Tiebreak::Traps`]).

use std::io::{self, BufRead, Read, Write};
use std::path::{Path, PathBuf};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::thread::{self, JoinHandle};
use std::time::Duration;

use clap::Args;
use morris_core::{parse_turns, Game, Position, RuleKey, Rules, Variant, MAX_RECORD_TURNS};
use morris_engine::{
    Book, Info, KeptBy, Level, Limits, PlacingLimits, PlacingSolve, Score, SearchResult, Searcher, StdClock,
    Tablebases, MAX_PLACING_EFFORT,
};

use crate::error::CliError;
use crate::evaluation::{EvalArgs, Evaluation};
use crate::setup::check_search_resources;
use crate::table_files::load_network;
use crate::table_files::{load_book, load_tables, shared_tables};

mod options;

use options::{cut, number, EngineOption, Options, MAX_MULTI_PV, OPTIONS};

/// The longest line read; longer ones are refused.
const MAX_LINE: usize = 1 << 20;

#[derive(Debug, Args)]
pub struct EngineArgs {
    /// Playing level, 1 (a beginner) to 10 (full strength); the UCI option `Level`
    #[arg(long, default_value_t = Level::MAX)]
    pub level: u8,

    /// Transposition table size in megabytes; the UCI option `Hash`
    #[arg(long, value_name = "MB", default_value_t = 16)]
    pub hash: usize,

    /// Search threads, 1 to 64, sharing the hash table; the UCI option `Threads`.
    /// With more than one, fixed-depth and fixed-node searches no longer repeat
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: usize,

    /// How many best moves to report; the UCI option `MultiPV`
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub multipv: usize,

    /// Seed of the weaker levels' choice among near-equal moves; the UCI option `Seed`
    #[arg(long, default_value_t = 0)]
    pub seed: u64,

    /// The variant `position startpos` starts [default: nine]; the UCI option `Variant`
    #[arg(long, value_name = "ID")]
    pub variant: Option<String>,

    /// Set a rule option, as KEY=VALUE; repeat for several
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,

    /// Endgame table files, or folders of `.tb` files, to play perfectly from; the UCI option `Tablebases`
    #[arg(long = "tables", value_name = "PATH")]
    pub tables: Vec<PathBuf>,

    /// Placing book files (from `morris tb book`) whose positions are played
    /// as solved; the UCI option `Book`
    #[arg(long = "book", value_name = "FILE")]
    pub book: Vec<PathBuf>,

    /// Where the tables or the placing solve decide, keep the value with the
    /// move that sets the opponent the most traps; the UCI option `UltraStrong`
    #[arg(long)]
    pub ultra_strong: bool,

    /// Solve the rest of the placing at the root with this many placements
    /// left or fewer, given every table it ends in; the UCI option
    /// `PlacingSolvePlies`
    #[arg(long, value_name = "N", default_value_t = PlacingLimits::default().plies)]
    pub placing_solve_plies: u8,

    /// ... and give that solve up after this many positions; the UCI option
    /// `PlacingSolveNodes`. A perfect referee lifts both (e.g. 24 and
    /// 10000000000) and pays in time and memory
    #[arg(long, value_name = "N", default_value_t = PlacingLimits::default().nodes,
          value_parser = clap::value_parser!(u64).range(1..))]
    pub placing_solve_nodes: u64,

    /// Search this many times the nodes and time asked in a placing
    /// position no book or solve decides (1 to 100); the UCI option
    /// `PlacingEffort`
    #[arg(long, value_name = "N", default_value_t = 1,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_PLACING_EFFORT)))]
    pub placing_effort: u32,

    /// The lowest level that evaluates with the learned network (while
    /// `--eval` keeps it on): 10, the strongest, as in the app's levels;
    /// 8 with `--level 8` plays as the app's hints do. The UCI option
    /// `NetworkFromLevel`
    #[arg(long, value_name = "LEVEL", default_value_t = Level::MAX,
          value_parser = clap::value_parser!(u8).range(i64::from(Level::MIN)..=i64::from(Level::MAX)))]
    pub network_from_level: u8,

    #[command(flatten)]
    pub evaluation: EvalArgs,
}

/// Where the engine writes: shared by the reading loop and the search thread,
/// one whole line at a time.
#[derive(Clone)]
struct Sink(Arc<Mutex<Box<dyn Write + Send>>>);

impl Sink {
    fn line(&self, text: &str) {
        // A poisoned lock only means a writer stopped midway: keep writing.
        let mut out = self.0.lock().unwrap_or_else(|e| e.into_inner());
        // A reader that went away is noticed when stdin ends.
        let _ = writeln!(out, "{text}");
        let _ = out.flush();
    }

    fn error(&self, message: &str) {
        self.line(&format!("info string error {message}"));
    }
}

/// A search running on its thread; the thread hands the searcher back.
struct Running {
    stop: Arc<AtomicBool>,
    handle: JoinHandle<(Searcher, usize)>,
}

/// The engine between commands.
struct Engine {
    out: Sink,
    rules: Rules,
    options: Options,
    /// The game set by the last `position`, if it was accepted.
    game: Option<Game>,
    /// The searcher and its table size; lent to the search thread while it runs.
    searcher: Option<(Searcher, usize)>,
    running: Option<Running>,
    /// `ucinewgame` came: the next search starts from an empty table.
    clear: bool,
    /// Loaded endgame tables, and the paths they came from.
    tables: Option<Arc<Tablebases>>,
    table_paths: String,
    /// The flat table files of `tables` already reported as changed on
    /// disk (see [`report_table_faults`]).
    table_faults: Arc<Mutex<Vec<String>>>,
    /// The placing book, and the files it came from.
    book: Option<Arc<Book>>,
    book_paths: String,
    /// The learned evaluation (the built-in network, or the file of
    /// `NetworkFile`), used from the level `NetworkFromLevel` up while
    /// `UseNetwork` is on.
    network: Arc<morris_engine::net::Network>,
    network_path: String,
}

pub fn run(args: &EngineArgs) -> Result<(), CliError> {
    let level = Level::new(args.level).ok_or_else(|| {
        CliError::input(format!(
            "--level {} is not a level: use {} to {}",
            args.level,
            Level::MIN,
            Level::MAX
        ))
    })?;
    check_search_resources(args.hash, args.threads)?;
    if !(1..=MAX_MULTI_PV).contains(&args.multipv) {
        return Err(CliError::input(format!("--multipv takes 1 to {MAX_MULTI_PV}")));
    }
    let rules = crate::setup::rules_from(args.variant.as_deref(), &args.set)?;
    let tables = shared_tables(&args.tables)?;
    let table_paths = paths_text(&args.tables);
    let book = if args.book.is_empty() {
        None
    } else {
        Some(Arc::new(load_book(&args.book).map_err(CliError::input)?))
    };
    let book_paths = paths_text(&args.book);
    let use_network = args.evaluation.evaluation()? == Evaluation::Net;
    let network = args.evaluation.loaded()?;
    let network_path = args
        .evaluation
        .net
        .as_ref()
        .map(|p| p.display().to_string())
        .unwrap_or_default();
    let mut engine = Engine {
        out: Sink(Arc::new(Mutex::new(Box::new(io::stdout())))),
        rules,
        options: Options {
            hash_mb: args.hash,
            threads: args.threads,
            level,
            multi_pv: args.multipv,
            seed: args.seed,
            ultra_strong: args.ultra_strong,
            placing: PlacingLimits {
                plies: args.placing_solve_plies,
                nodes: args.placing_solve_nodes,
            },
            placing_effort: args.placing_effort,
            use_network,
            network_from_level: args.network_from_level,
        },
        game: None,
        searcher: None,
        running: None,
        clear: false,
        tables,
        table_paths,
        table_faults: Arc::default(),
        book,
        book_paths,
        network,
        network_path,
    };
    let mut input = io::stdin().lock();
    let mut buf = Vec::new();
    loop {
        buf.clear();
        let read = (&mut input).take(MAX_LINE as u64).read_until(b'\n', &mut buf);
        match read {
            Ok(0) | Err(_) => break,
            Ok(_) => {}
        }
        if buf.len() >= MAX_LINE && !buf.ends_with(b"\n") {
            engine
                .out
                .error(&format!("line longer than {MAX_LINE} bytes ignored"));
            skip_line(&mut input);
            continue;
        }
        let line = String::from_utf8_lossy(&buf);
        if !engine.command(&line) {
            break;
        }
    }
    engine.finish_search();
    Ok(())
}

/// Reads and drops the rest of an over-long line.
fn skip_line(mut input: impl BufRead) {
    let mut sink = Vec::new();
    loop {
        sink.clear();
        match (&mut input).take(MAX_LINE as u64).read_until(b'\n', &mut sink) {
            Ok(0) | Err(_) => return,
            Ok(_) if sink.ends_with(b"\n") => return,
            Ok(_) => {}
        }
    }
}

impl Engine {
    /// Obeys one line; `false` after `quit`.
    fn command(&mut self, line: &str) -> bool {
        let words: Vec<&str> = line.split_whitespace().collect();
        let Some((&name, rest)) = words.split_first() else {
            return true;
        };
        match name {
            "uci" => self.uci(),
            "isready" => self.out.line("readyok"),
            "ucinewgame" => {
                self.clear = true;
                self.game = None;
            }
            "setoption" => {
                if let Err(e) = self.setoption(rest) {
                    self.out.error(&e);
                }
            }
            "position" => {
                self.game = None;
                match self.position(rest) {
                    Ok(game) => self.game = Some(game),
                    Err(e) => self.out.error(&format!("{e}; no position is set")),
                }
            }
            "go" => {
                if let Err(e) = self.go(rest) {
                    self.out.error(&e);
                }
            }
            "stop" => self.stop(),
            "quit" => return false,
            _ => self.out.error(&format!(
                "unknown command `{}`: the commands are uci, isready, ucinewgame, setoption, position, go, stop, quit",
                cut(name)
            )),
        }
        true
    }

    fn uci(&self) {
        self.out
            .line(&format!("id name Mulino {}", env!("CARGO_PKG_VERSION")));
        self.out.line("id author the Mulino developers");
        for option in &OPTIONS {
            self.out.line(&option.line(&self.options));
        }
        let files = [
            ("Tablebases", &self.table_paths),
            ("Book", &self.book_paths),
            ("NetworkFile", &self.network_path),
        ];
        for (name, paths) in files {
            let shown = if paths.is_empty() { "<empty>" } else { paths };
            self.out
                .line(&format!("option name {name} type string default {shown}"));
        }
        // Every set and option `setoption` accepts (`every()`, the world's
        // of RULES.md §7 too): a host learns what it may set from this list.
        let vars: String = Variant::every().map(|v| format!(" var {}", v.id())).collect();
        self.out.line(&format!(
            "option name Variant type combo default {}{vars}",
            self.rules.variant.id()
        ));
        for key in RuleKey::every() {
            self.out.line(&rule_option(key, &self.rules));
        }
        self.out.line("uciok");
    }

    fn setoption(&mut self, words: &[&str]) -> Result<(), String> {
        let syntax = "write `setoption name NAME value VALUE`";
        let Some(("name", rest)) = words.split_first().map(|(w, r)| (*w, r)) else {
            return Err(format!("setoption: {syntax}"));
        };
        let (name, value) = match rest.iter().position(|w| *w == "value") {
            Some(i) => (rest[..i].join(" "), Some(rest[i + 1..].join(" "))),
            None => (rest.join(" "), None),
        };
        let value = value.filter(|v| !v.is_empty());
        let need = |v: Option<String>| {
            v.ok_or_else(|| format!("setoption {}: no value given; {syntax}", cut(&name)))
        };
        if let Some(option) = EngineOption::find(&name) {
            return option.set(&mut self.options, &need(value)?);
        }
        let lower = name.to_ascii_lowercase();
        match lower.as_str() {
            "tablebases" => {
                let v = need(value)?;
                self.table_faults = Arc::default();
                if v.eq_ignore_ascii_case("none") || v == "<empty>" {
                    self.tables = None;
                    self.table_paths.clear();
                } else {
                    let paths: Vec<PathBuf> = v.split_whitespace().map(PathBuf::from).collect();
                    let tables = load_tables(&paths).map_err(|e| format!("setoption Tablebases: {e}"))?;
                    let names: Vec<String> = tables
                        .classes()
                        .iter()
                        .map(|(r, c)| format!("{} {}v{}", r, c.light, c.dark))
                        .collect();
                    self.out
                        .line(&format!("info string tablebases loaded: {}", names.join(", ")));
                    self.tables = Some(Arc::new(tables));
                    self.table_paths = v;
                }
            }
            "book" => {
                let v = need(value)?;
                if v.eq_ignore_ascii_case("none") || v == "<empty>" {
                    self.book = None;
                    self.book_paths.clear();
                } else {
                    let paths: Vec<PathBuf> = v.split_whitespace().map(PathBuf::from).collect();
                    let book = load_book(&paths).map_err(|e| format!("setoption Book: {e}"))?;
                    self.out
                        .line(&format!("info string book loaded: {} positions", book.len()));
                    self.book = Some(Arc::new(book));
                    self.book_paths = v;
                }
            }
            "networkfile" => {
                let v = need(value)?;
                if v.eq_ignore_ascii_case("none") || v == "<empty>" {
                    self.network = crate::evaluation::built_in().map_err(|e| e.to_string())?;
                    self.network_path.clear();
                } else {
                    let net =
                        load_network(Path::new(&v)).map_err(|e| format!("setoption NetworkFile: {e}"))?;
                    self.out.line(&format!(
                        "info string network loaded: {} hidden neurons",
                        net.hidden()
                    ));
                    self.network = net;
                    self.network_path = v;
                }
            }
            "variant" => {
                let v: Variant = need(value)?
                    .parse()
                    .map_err(|e| format!("setoption Variant: {e}"))?;
                self.rules = v.rules();
            }
            _ => {
                let key = RuleKey::from_tag(&name)
                    .or_else(|| name.parse().ok())
                    .ok_or_else(|| format!("setoption: unknown option `{}`", cut(&name)))?;
                let v = need(value)?;
                let written = match (v.to_ascii_lowercase().as_str(), option_kind(key)) {
                    ("0", OptionKind::Limit) => "off".to_string(),
                    _ => v,
                };
                self.rules
                    .set(key, &written)
                    .map_err(|e| format!("setoption {}: {e}", key.tag()))?;
            }
        }
        Ok(())
    }

    fn position(&self, words: &[&str]) -> Result<Game, String> {
        let moves_at = words.iter().position(|w| *w == "moves");
        let (setup, moves) = match moves_at {
            Some(i) => (&words[..i], &words[i + 1..]),
            None => (words, &[][..]),
        };
        let mut game = match setup.split_first() {
            Some((&"startpos", [])) => {
                self.rules.validate().map_err(|e| format!("position: {e}"))?;
                Game::new(self.rules)
            }
            Some((&"fen", text)) if !text.is_empty() => {
                let pos: Position = text.join(" ").parse().map_err(|e| format!("position fen: {e}"))?;
                Game::from_position(pos)
            }
            _ => {
                return Err(
                    "position: write `position startpos [moves …]` or `position fen TEXT [moves …]`".into(),
                )
            }
        };
        let list =
            parse_turns(&moves.join(" "), MAX_RECORD_TURNS).map_err(|e| format!("position moves: {e}"))?;
        if let Err(e) = game.play_turns(&list) {
            return Err(format!("position: {}", crate::setup::illegal_turn(&e, &game)));
        }
        Ok(game)
    }

    fn go(&mut self, words: &[&str]) -> Result<(), String> {
        // A new `go` never waits for a search that may not end by itself
        // (no limit, a clock of hours, `go infinite`): the running search
        // is stopped, answers with its `bestmove`, and the new one starts.
        if self.running.is_some() {
            self.out.line("info string a new go stops the running search");
            self.finish_search();
        }
        let Some(game) = self.game.clone() else {
            return Err(
                "go: no position is set; send `position startpos` or `position fen TEXT` first".into(),
            );
        };
        let request = GoRequest::parse(words, game.position())?;
        if let Some(outcome) = game.outcome() {
            self.out.line(&format!(
                "info string the game is over: {outcome}; there is no move to search"
            ));
            self.out.line("bestmove none");
            return Ok(());
        }
        // The table is allocated on the search thread, so that a large
        // `Hash` never holds up `isready` or `stop`.
        let kept = self.searcher.take();
        let hash_mb = self.options.hash_mb;
        let clear = std::mem::take(&mut self.clear);
        let tables = self.tables.clone();
        let faults = (self.tables.clone(), Arc::clone(&self.table_faults));
        let book = self.book.clone();
        let network = Some(Arc::clone(&self.network)).filter(|_| {
            self.options.use_network && self.options.level.number() >= self.options.network_from_level
        });
        let threads = self.options.threads;
        let stop = Arc::new(AtomicBool::new(false));
        let thread_stop = Arc::clone(&stop);
        let out = self.out.clone();
        let options = self.options;
        let spawned = thread::Builder::new().name("search".into()).spawn(move || {
            let (mut searcher, size) = match kept {
                Some((s, size)) if size == hash_mb => (s, size),
                _ => (Searcher::new(hash_mb), hash_mb),
            };
            if clear {
                searcher.clear();
            }
            searcher.set_tables(tables);
            searcher.set_book(book);
            searcher.set_threads(threads);
            searcher.set_ultra_strong(options.ultra_strong);
            searcher.set_placing_limits(options.placing);
            searcher.set_placing_effort(options.placing_effort);
            searcher.set_network(network);
            let result = think(&mut searcher, &game, &request, options, &thread_stop, &out);
            if request.infinite {
                // `go infinite` answers only after `stop`, even when the search ends early.
                while !thread_stop.load(Ordering::Relaxed) {
                    thread::sleep(Duration::from_millis(2));
                }
            }
            if let Some(solved) = &result.placing {
                out.line(&placing_line(solved, game.position()));
            }
            if let (Some(tables), reported) = &faults {
                report_table_faults(tables, reported, &out);
            }
            out.line(&bestmove(&result, &game, &out));
            (searcher, size)
        });
        match spawned {
            Ok(handle) => {
                self.running = Some(Running { stop, handle });
                Ok(())
            }
            Err(e) => Err(format!("go: cannot start the search thread: {e}")),
        }
    }

    fn stop(&mut self) {
        if let Some(r) = &self.running {
            r.stop.store(true, Ordering::Relaxed);
        }
    }

    /// Stops the running search, waits for its `bestmove` and takes the
    /// searcher back.
    fn finish_search(&mut self) {
        let Some(r) = self.running.take() else {
            return;
        };
        r.stop.store(true, Ordering::Relaxed);
        if let Ok(pair) = r.handle.join() {
            self.searcher = Some(pair);
        }
    }
}

/// What `go` asked for.
#[derive(Clone, Copy, Debug, Default)]
struct GoRequest {
    depth: Option<u32>,
    nodes: Option<u64>,
    movetime_ms: Option<u64>,
    infinite: bool,
}

impl GoRequest {
    fn parse(words: &[&str], pos: &Position) -> Result<GoRequest, String> {
        let mut request = GoRequest::default();
        let mut clock: [Option<u64>; 4] = [None; 4];
        let mut moves_to_go = None;
        let mut rest = words.iter();
        while let Some(&word) = rest.next() {
            let mut value = |max: u64| -> Result<u64, String> {
                let v = rest
                    .next()
                    .ok_or_else(|| format!("go {word}: a number must follow"))?;
                number(word, v, 0, max)
            };
            match word {
                "depth" => request.depth = Some(value(u64::from(u32::MAX))? as u32),
                "nodes" => request.nodes = Some(value(u64::MAX)?),
                "movetime" => request.movetime_ms = Some(value(u64::MAX)?),
                "wtime" => clock[0] = Some(value(u64::MAX)?),
                "btime" => clock[1] = Some(value(u64::MAX)?),
                "winc" => clock[2] = Some(value(u64::MAX)?),
                "binc" => clock[3] = Some(value(u64::MAX)?),
                "movestogo" => moves_to_go = Some(value(u64::MAX)?.max(1)),
                "infinite" => request.infinite = true,
                _ => {
                    return Err(format!(
                        "go: unknown `{}`; use depth N, nodes N, movetime MS, wtime/btime/winc/binc MS, movestogo N or infinite",
                        cut(word)
                    ))
                }
            }
        }
        let (time, inc) = match pos.turn() {
            morris_core::Color::Light => (clock[0], clock[2]),
            morris_core::Color::Dark => (clock[1], clock[3]),
        };
        if let (Some(time), None) = (time, request.movetime_ms) {
            // A share of the time left, most of the increment, and a margin
            // for the answer to travel.
            // Saturating: any number a GUI sends is a time, never an overflow.
            let share =
                (time / moves_to_go.unwrap_or(30)).saturating_add(inc.unwrap_or(0).saturating_mul(3) / 4);
            request.movetime_ms = Some(share.min(time.saturating_sub(50)).max(1));
        }
        Ok(request)
    }

    fn limits(&self, multi_pv: usize) -> Limits {
        Limits {
            depth: self.depth,
            nodes: self.nodes,
            movetime_ms: self.movetime_ms,
            multi_pv,
        }
    }
}

/// Searches `game` as asked: with the request's limits at full strength,
/// or as the level plays (its own limits, the movetime as a cap).
fn think(
    searcher: &mut Searcher,
    game: &Game,
    request: &GoRequest,
    options: Options,
    stop: &AtomicBool,
    out: &Sink,
) -> SearchResult {
    let clock = StdClock::new();
    let root = game.position();
    let covered = searcher.tables().is_some_and(|t| t.root_moves(root).is_some());
    if options.level.number() < Level::MAX {
        let seed = options.seed ^ root.key() ^ (game.moves().len() as u64).rotate_left(32);
        let result = searcher.play_level(game, options.level, seed, request.movetime_ms, &clock, stop);
        out.line(&info_line(
            &Info {
                depth: result.depth,
                seldepth: result.seldepth,
                multipv: 1,
                score: result.score,
                nodes: result.nodes,
                time_ms: result.time_ms,
                nps: result.nodes.saturating_mul(1000) / result.time_ms.max(1),
                hashfull: 0,
                pv: result.pv.clone(),
            },
            root,
            covered,
        ));
        return result;
    }
    searcher.search_game(game, request.limits(options.multi_pv), &clock, stop, |info| {
        out.line(&info_line(info, root, covered));
    })
}

/// Says `info string error FILE: the flat table file changed after it was
/// loaded (…)` for each flat table file found changed on disk during a
/// search, once a file: its table answers nothing from then on, so the
/// search plays on without it and never takes a changed byte for a value.
fn report_table_faults(tables: &Tablebases, reported: &Mutex<Vec<String>>, out: &Sink) {
    let mut reported = reported.lock().unwrap_or_else(|e| e.into_inner());
    for fault in tables.faults() {
        if !reported.contains(&fault.file) {
            out.error(&fault.to_string());
            reported.push(fault.file);
        }
    }
}

/// Paths as an option shows them: separated by spaces.
fn paths_text(paths: &[PathBuf]) -> String {
    paths
        .iter()
        .map(|p| p.display().to_string())
        .collect::<Vec<_>>()
        .join(" ")
}

/// What the placing solve found: `info string placing solved: draw, 5 of
/// 12 moves keep it (60167 positions)`; from the book, `info string placing
/// book: draw, 2 of 20 moves keep it`.
fn placing_line(solved: &PlacingSolve, root: &Position) -> String {
    let result = solved.result.word();
    let (kept, all) = (solved.keep.len(), root.legal_moves().len());
    match solved.by {
        KeptBy::Book => return format!("info string placing book: {result}, {kept} of {all} moves keep it"),
        KeptBy::Tables => {
            return format!("info string win/draw/loss tables: {result}, {kept} of {all} moves keep it")
        }
        KeptBy::Solve => {}
    }
    format!(
        "info string placing solved: {result}, {} of {} moves keep it ({} positions)",
        solved.keep.len(),
        root.legal_moves().len(),
        solved.nodes
    )
}

/// `bestmove TURN`, or `bestmove none` for a finished game. A move the
/// search should never return (an illegal one, or none in a live game) is
/// reported and replaced by the first legal turn.
fn bestmove(result: &SearchResult, game: &Game, out: &Sink) -> String {
    let pos = game.position();
    let legal = game.legal_moves();
    let chosen = match result.best {
        Some(m) if legal.contains(&m) => Some(m),
        other => {
            if let Some(m) = other {
                out.error(&format!("the search chose an illegal turn {}", pos.notation(m)));
            }
            legal.first().copied()
        }
    };
    match chosen {
        Some(m) => format!("bestmove {}", pos.notation(m)),
        None => "bestmove none".into(),
    }
}

/// An `info` line: `info depth 9 seldepth 14 multipv 1 score cp 35 nodes … pv …`.
/// With `table`, the score is the tables' exact value in plies.
fn info_line(info: &Info, root: &Position, table: bool) -> String {
    format!(
        "info depth {} seldepth {} multipv {} score {} nodes {} nps {} hashfull {} time {} pv {}",
        info.depth,
        info.seldepth,
        info.multipv,
        if table {
            table_score(info.score)
        } else {
            uci_score(info.score)
        },
        info.nodes,
        info.nps,
        info.hashfull,
        info.time_ms,
        root.line_notation(&info.pv).join(" ")
    )
}

/// `cp N`, or `mate N` in the side to move's own turns (negative when it is
/// the one that loses), as UCI counts mates in moves rather than plies.
fn uci_score(score: Score) -> String {
    let turns = |plies: u32| i64::from(plies).saturating_add(1) / 2;
    match score {
        Score::Value(v) => format!("cp {v}"),
        Score::Win(n) => format!("mate {}", turns(n)),
        Score::Loss(n) => format!("mate -{}", turns(n)),
    }
}

/// `win N`, `draw` or `loss N`, in plies: a score from the tables.
fn table_score(score: Score) -> String {
    match score {
        Score::Win(n) => format!("win {n}"),
        Score::Loss(n) => format!("loss {n}"),
        Score::Value(_) => "draw".into(),
    }
}

/// How a rule option is offered to a GUI.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum OptionKind {
    /// on/off, shown as `check` with true/false.
    Switch,
    /// off or a number of moves, shown as a `spin` where 0 is off.
    Limit,
    /// One of a few words.
    Choice,
}

fn option_kind(key: RuleKey) -> OptionKind {
    match key.values() {
        "on|off" => OptionKind::Switch,
        v if v.starts_with("off|N") => OptionKind::Limit,
        _ => OptionKind::Choice,
    }
}

/// The `option name … type …` line of a rule option, its default the
/// value in `rules`.
fn rule_option(key: RuleKey, rules: &Rules) -> String {
    let now = rules.get(key);
    let name = key.tag();
    match option_kind(key) {
        OptionKind::Switch => format!("option name {name} type check default {}", now == "on"),
        OptionKind::Limit => {
            let default = if now == "off" { "0".to_string() } else { now };
            format!("option name {name} type spin default {default} min 0 max 1000")
        }
        OptionKind::Choice => {
            let vars: String = key.values().split('|').map(|v| format!(" var {v}")).collect();
            format!("option name {name} type combo default {now}{vars}")
        }
    }
}
