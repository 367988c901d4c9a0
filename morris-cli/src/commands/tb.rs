//! `morris tb`: generate the table of a piece-count class into a file, and
//! probe a position in such a file.

use std::fs;
use std::path::{Path, PathBuf};
use std::time::Instant;

use std::io::Write;

use clap::{Args, Subcommand};
use morris_core::{Position, Rules, Setup};
use morris_engine::{Book, PlacingMemo, PlacingSolve, Tablebases};
use morris_solver::{Class, Table, Tablebase, Value};

use crate::error::CliError;
use crate::progress::{self, Bars};
use crate::setup::{rules_from, RulesArgs};
use crate::table_files::{part_name, read_table, table_files, tablebase_of, write_whole};

#[derive(Debug, Args)]
pub struct TbArgs {
    #[command(subcommand)]
    pub command: TbCommand,
}

#[derive(Debug, Subcommand)]
pub enum TbCommand {
    /// Solve the moving and flying phases of a class (and the smaller
    /// classes it needs) and write its table to a file
    Generate(GenerateArgs),
    /// Solve a whole game from the empty board: the placing phase forward,
    /// the moving and flying phases by their tables; print the value for
    /// the first player and every class it needed
    Game(GameArgs),
    /// Print the value of a position from table files: "win in N", "draw"
    /// or "loss in N" (plies, for the side to move); in the placing phase,
    /// "win", "draw" or "loss" by solving the rest of the placing down to
    /// the tables, and the moves that keep it
    Probe(ProbeArgs),
    /// Rewrite table files in the flat form: one byte an entry,
    /// uncompressed, which the engine reads from disk as it needs it
    /// instead of loading it (engines on one machine then share the tables
    /// in the system's file cache)
    Flat(FlatArgs),
    /// Solve placing positions down to the tables ahead of time and add
    /// them to a placing book, which `morris engine --book` plays from: the
    /// value of each and the moves that keep it
    Book(super::book::BookArgs),
    /// Find puzzles in table files: positions where exactly one move keeps
    /// the win (or holds the draw), spread over lengths, one a line
    Puzzles(super::puzzles::PuzzlesArgs),
    /// Count each table's positions won, drawn and lost for each side to
    /// move, over all positions and up to the board's symmetries
    Counts(super::counts::CountsArgs),
    /// Win/draw/loss tables for the browser: each table file's bytes as
    /// two bits an entry in blocks read one at a time, bits a position and
    /// the time a probe takes; with --out-dir, write them as .wdl files
    /// (the engine and the web app play from them)
    Wdl(super::wdl::WdlArgs),
    /// Win/draw/loss tables for any static host: each table's block index
    /// and parts (at most 100 MB a file) for HTTP range reads, and the
    /// manifest of the folder; prints per class its bits an entry and the
    /// entropy of its codes
    Web(super::web::WebArgs),
    /// Check web tables: every file's size and SHA-256 against the
    /// manifest, and random entries against the tables
    WebCheck(super::web::WebCheckArgs),
}

#[derive(Debug, Args)]
pub struct FlatArgs {
    /// Table files, or folders of `.tb` files
    #[arg(value_name = "PATH", required = true)]
    pub paths: Vec<PathBuf>,

    /// The folder to write the flat files into, under the same names (made
    /// if missing; it may be the tables' own folder)
    #[arg(long, value_name = "DIR")]
    pub out_dir: PathBuf,
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    #[command(flatten)]
    pub rules: RulesArgs,

    /// The class: light and dark pieces on the board, both hands empty, as `LvD` (`3v3`, `4v3`)
    #[arg(
        long,
        value_name = "LvD",
        required_unless_present = "up_to",
        conflicts_with = "up_to"
    )]
    pub class: Option<String>,

    /// The file to write (with --class)
    #[arg(
        long,
        value_name = "FILE",
        required_unless_present = "up_to",
        conflicts_with = "up_to"
    )]
    pub out: Option<PathBuf>,

    /// With --class: a folder of tables of the same rules, named as
    /// --up-to names them, to read the classes it needs from; a class not
    /// there is solved (so two classes can be solved side by side)
    #[arg(long, value_name = "DIR", requires = "class")]
    pub tables: Option<PathBuf>,

    /// Every class from 3v3 up to N pieces a side, each with at least as
    /// many light as dark pieces (a table answers for its mirror too),
    /// written as VARIANT-LvD.tb into --out-dir; a good table already
    /// there is kept, not solved again, so a run cut short goes on where
    /// it stopped when run again
    #[arg(long, value_name = "N")]
    pub up_to: Option<u8>,

    /// The folder to write the tables of --up-to into (made if missing)
    /// [default: $MORRIS_TABLES, else ~/.cache/mulino/tables]
    #[arg(long, value_name = "DIR", requires = "up_to")]
    pub out_dir: Option<PathBuf>,

    /// With --up-to: solve at most N classes in this run, then stop (the
    /// tables kept do not count); the next run goes on from there
    #[arg(long, value_name = "N", requires = "up_to")]
    pub max_classes: Option<usize>,

    /// How hard to deflate the files: 1 (fastest) to 9 (smallest); Nine's
    /// large tables deflate three times as fast at 6, in files 2% larger
    #[arg(long, value_name = "1-9", default_value_t = morris_solver::BEST_LEVEL,
          value_parser = clap::value_parser!(u8).range(1..=9))]
    pub deflate_level: u8,
}

#[derive(Debug, Args)]
pub struct GameArgs {
    #[command(flatten)]
    pub rules: RulesArgs,
}

#[derive(Debug, Args)]
pub struct ProbeArgs {
    /// A table file, or a folder of `.tb` files; repeat for several. A
    /// folder of web tables (`tb web`, with its manifest.json) answers a
    /// moving or flying position's win, draw or loss
    #[arg(long, value_name = "PATH", required = true)]
    pub table: Vec<PathBuf>,

    /// The position text
    #[arg(
        long,
        value_name = "TEXT",
        required_unless_present = "positions",
        conflicts_with = "positions"
    )]
    pub position: Option<String>,

    /// A file of position texts, one a line (blank lines and lines
    /// starting with `#` skipped), all of one rule set: probe each with the
    /// tables loaded once and one memo of the placing for all; print a line
    /// for each: in the placing a line of a placing book (`POSITION ;
    /// RESULT ; MOVES`, the moves that keep it), which `morris suite` and
    /// `morris engine --book` read; after it, `POSITION ; VALUE`. A
    /// position that cannot be valued is named on standard error, the
    /// others still probed, and the run ends with an error counting them
    #[arg(long, value_name = "FILE")]
    pub positions: Option<PathBuf>,

    /// In the placing phase: the most positions the solve may visit
    #[arg(long, value_name = "N", default_value_t = 100_000_000)]
    pub nodes: u64,
}

pub fn run(args: &TbArgs, out: &mut dyn Write) -> Result<(), CliError> {
    match &args.command {
        TbCommand::Generate(a) => generate(a, out),
        TbCommand::Game(a) => game(a, out),
        TbCommand::Probe(a) => probe(a, out),
        TbCommand::Flat(a) => flat(a, out),
        TbCommand::Book(a) => super::book::run(a, out),
        TbCommand::Puzzles(a) => super::puzzles::run(a, out),
        TbCommand::Counts(a) => super::counts::run(a, out),
        TbCommand::Wdl(a) => super::wdl::run(a, out),
        TbCommand::Web(a) => super::web::run(a, out),
        TbCommand::WebCheck(a) => super::web::run_check(a, out),
    }
}

/// `3v3` as light and dark pieces.
fn parse_class(text: &str) -> Result<(u8, u8), CliError> {
    let bad = || {
        CliError::input(format!(
            "`{}` is not a class: write light and dark pieces as `3v3`",
            text.chars().take(32).collect::<String>()
        ))
    };
    let (l, d) = text.trim().split_once(['v', 'V']).ok_or_else(bad)?;
    let l: u8 = l.trim().parse().map_err(|_| bad())?;
    let d: u8 = d.trim().parse().map_err(|_| bad())?;
    if l < 3 || d < 3 {
        return Err(CliError::input(format!(
            "class {l}v{d}: a side with fewer than three pieces has lost; each side needs three or more"
        )));
    }
    Ok((l, d))
}

fn generate(args: &GenerateArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let rules = rules_from(args.rules.variant.as_deref(), &args.rules.set)?;
    let mut tb = Tablebase::new(rules);
    tb.supported()
        .map_err(|e| CliError::input(format!("no tables for `{rules}`: {e}")))?;
    match (&args.class, &args.out, args.up_to) {
        (Some(class), Some(file), _) => generate_one(args, &mut tb, class, file, out),
        (_, _, Some(most)) => generate_up_to(args, &mut tb, most, out),
        _ => Err(CliError::input(
            "give --class and --out, or --up-to and --out-dir",
        )),
    }
}

/// The error for a class with more pieces than the rules give a side.
fn too_many(rules: &Rules, l: u8, d: u8) -> CliError {
    CliError::input(format!(
        "class {l}v{d} has more pieces than the {} of `{rules}`",
        rules.pieces
    ))
}

/// Reads into `tb` the tables in `dir` that solving `light`v`dark`
/// needs (those missing are solved); one that is there but not a good
/// table of these rules and class is an error.
fn read_needed(
    tb: &mut Tablebase,
    light: u8,
    dark: u8,
    dir: &Path,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let rules = *tb.rules();
    for needed in tb.needs(light, dark) {
        let path = dir.join(file_name(&rules, needed.light, needed.dark));
        let bytes = match fs::read(&path) {
            Ok(bytes) => bytes,
            Err(e) if e.kind() == std::io::ErrorKind::NotFound => continue,
            Err(e) => return Err(CliError::input(format!("cannot read {}: {e}", path.display()))),
        };
        let table = morris_solver::read_for(&bytes, &rules)
            .ok()
            .filter(|t| t.class() == needed)
            .ok_or_else(|| {
                CliError::input(format!(
                    "{} is not a good table of {rules} {}v{}",
                    path.display(),
                    needed.light,
                    needed.dark
                ))
            })?;
        tb.insert(table)
            .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
        writeln!(
            out,
            "{rules} {}v{}: read {}",
            needed.light,
            needed.dark,
            path.display()
        )?;
    }
    Ok(())
}

/// `tb generate --class LvD --out FILE`: one class, with the tables it
/// needs read from --tables or solved.
fn generate_one(
    args: &GenerateArgs,
    tb: &mut Tablebase,
    class: &str,
    file: &Path,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let rules = *tb.rules();
    let (light, dark) = parse_class(class)?;
    if light > rules.pieces || dark > rules.pieces {
        return Err(too_many(&rules, light, dark));
    }
    if let Some(dir) = &args.tables {
        read_needed(tb, light, dark, dir, out)?;
    }
    let mut todo = Vec::new();
    unsolved(tb, Class::moving(light, dark), &mut todo);
    let entries = todo.iter().map(|&c| Bars::entries(rules, c)).sum();
    let bars = Bars::new(rules, entries);
    solve_and_write(tb, light, dark, file, args.deflate_level, out, &bars).map(|_| ())
}

/// A table of `class` already in `file` for these rules, if whole: its
/// size, and the table itself when a class to come reads it (`needed`);
/// else it is only checked whole (its checksum), not read entry by entry.
fn kept_table(rules: &Rules, class: Class, file: &Path, needed: bool) -> Option<(usize, Option<Table>)> {
    let bytes = fs::read(file).ok()?;
    let table = if needed {
        Some(morris_solver::read_for(&bytes, rules).ok()?)
    } else {
        None
    };
    let good = match &table {
        Some(t) => t.class() == class,
        None => morris_solver::check(&bytes).is_ok_and(|found| found == (*rules, class)),
    };
    good.then_some((bytes.len(), table))
}

/// `tb generate --up-to N`: every class up to N pieces a side into a
/// folder, keeping the tables already there (a larger --up-to goes on
/// from a smaller one), at most --max-classes solved in one run.
fn generate_up_to(
    args: &GenerateArgs,
    tb: &mut Tablebase,
    most: u8,
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let rules = *tb.rules();
    if most < 3 || most > rules.pieces {
        return Err(too_many(&rules, most, most));
    }
    let dir = match &args.out_dir {
        Some(dir) => dir.clone(),
        None => {
            let dir = default_tables_dir()?;
            writeln!(out, "tables in {}", dir.display())?;
            dir
        }
    };
    fs::create_dir_all(&dir).map_err(|e| CliError::input(format!("cannot make {}: {e}", dir.display())))?;
    let order: Vec<(u8, u8)> = (3..=most)
        .flat_map(|light| (3..=light).map(move |dark| (light, dark)))
        .collect();
    let entries = |&(l, d): &(u8, u8)| Bars::entries(rules, Class::moving(l, d));
    let bars = Bars::new(rules, order.iter().map(entries).sum());
    let (mut total, mut solved) = (0, 0);
    for (i, &(light, dark)) in order.iter().enumerate() {
        // Only the tables a class still to come reads stay in memory:
        // solving 9v9 reads 9v8 alone, not every table before it.
        let later = |tb: &Tablebase, from: usize| -> Vec<Class> {
            order[from..].iter().flat_map(|&(l, d)| tb.needs(l, d)).collect()
        };
        let wanted = later(tb, i);
        let needed = later(tb, i + 1).contains(&Class::moving(light, dark));
        tb.retain(|c| wanted.contains(&c));
        let file = dir.join(file_name(&rules, light, dark));
        let class = Class::moving(light, dark);
        // A run cut short while writing left this; the class is solved
        // again from the start.
        let part = part_name(&file);
        if part.exists() {
            fs::remove_file(&part)
                .map_err(|e| CliError::input(format!("cannot remove {}: {e}", part.display())))?;
            bars.say(|| writeln!(out, "removed {}, left by a run cut short", part.display()))?;
        }
        if file.exists() {
            bars.doing(format!("{rules} {light}v{dark}: reading {}", file.display()));
        }
        if let Some((size, table)) = kept_table(&rules, class, &file, needed) {
            if let Some(table) = table {
                tb.insert(table)
                    .map_err(|e| CliError::input(format!("{}: {e}", file.display())))?;
            }
            bars.skip(entries(&(light, dark)));
            bars.say(|| {
                writeln!(
                    out,
                    "{rules} {light}v{dark}: kept {} ({size} bytes), solved before: skipped",
                    file.display()
                )
            })?;
            total += size;
        } else if args.max_classes.is_some_and(|most| solved >= most) {
            bars.finish();
            let left = order.len() - i;
            writeln!(
                out,
                "stopped after {solved} classes solved, as --max-classes says: {left} of {} classes left; run again to go on",
                order.len()
            )?;
            return Ok(());
        } else {
            total += solve_and_write(tb, light, dark, &file, args.deflate_level, out, &bars)?;
            solved += 1;
        }
    }
    bars.finish();
    writeln!(out, "{total} bytes in all")?;
    Ok(())
}

/// The environment variable naming where `tb generate --up-to` keeps its
/// tables when --out-dir is not given.
const TABLES_ENV: &str = "MORRIS_TABLES";

/// Where `tb generate --up-to` keeps its tables when --out-dir is not
/// given: $MORRIS_TABLES, else `mulino/tables` in the user's cache folder
/// ($XDG_CACHE_HOME, else ~/.cache; %LOCALAPPDATA% on Windows). A place
/// outside the work tree, so that tables that take hours to make outlive
/// a checkout.
fn default_tables_dir() -> Result<PathBuf, CliError> {
    let var = |name: &str| {
        std::env::var_os(name)
            .filter(|v| !v.is_empty())
            .map(PathBuf::from)
    };
    if let Some(dir) = var(TABLES_ENV) {
        return Ok(dir);
    }
    var("XDG_CACHE_HOME")
        .or_else(|| var("HOME").map(|home| home.join(".cache")))
        .or_else(|| var("LOCALAPPDATA"))
        .map(|cache| cache.join("mulino").join("tables"))
        .ok_or_else(|| {
            CliError::input(format!(
                "give --out-dir, or set {TABLES_ENV} (no home folder to keep the tables in)"
            ))
        })
}

/// The classes solving `class` solves, the smaller ones first, as
/// [`Tablebase::solve`] takes them: those neither solved nor answered by
/// their mirror's table.
fn unsolved(tb: &Tablebase, class: Class, out: &mut Vec<Class>) {
    if out.contains(&class) || tb.table(class).is_some() {
        return;
    }
    for needed in tb.needs(class.light, class.dark) {
        let mirror = Class::moving(needed.dark, needed.light);
        if !out.contains(&mirror) && tb.table(mirror).is_none() {
            unsolved(tb, needed, out);
        }
    }
    out.push(class);
}

/// The name --up-to gives the table of a class: `nine-8v7.tb`,
/// `nine_flying_off-3v3.tb`.
fn file_name(rules: &Rules, light: u8, dark: u8) -> String {
    format!(
        "{}-{light}v{dark}.tb",
        rules.to_string().replace([':', ',', '='], "_")
    )
}

/// Solves one class (after the smaller ones it needs), writes its file
/// (deflated at `level`), reports it, and gives the file's size; `bars`
/// show how far it is.
fn solve_and_write(
    tb: &mut Tablebase,
    light: u8,
    dark: u8,
    file: &Path,
    level: u8,
    out: &mut dyn Write,
    bars: &Bars,
) -> Result<usize, CliError> {
    let rules = *tb.rules();
    let started = Instant::now();
    let cpu_before = cpu_seconds();
    let table = tb
        .solve_with(light, dark, bars)
        .map_err(|e| CliError::input(format!("cannot solve {light}v{dark} of `{rules}`: {e}")))?;
    let secs = started.elapsed().as_secs_f64();
    let cpu = match (cpu_before, cpu_seconds()) {
        (Some(a), Some(b)) => format!(" ({:.1} s of processor time)", b - a),
        _ => String::new(),
    };
    bars.doing(format!("{rules} {light}v{dark}: writing {}", file.display()));
    let bytes = morris_solver::write_at_level(table, level);
    write_whole(file, |w| w.write_all(&bytes).map_err(|e| e.to_string()))?;
    let (w, d, l) = table.counts();
    let peak = peak_memory().map_or(String::new(), |kb| format!("; peak memory {} MB", kb / 1024));
    let report = format!(
        "{rules} {light}v{dark}: {} positions in {} entries ({} bytes in memory), {w} won, {d} drawn, {l} lost for the side to move, longest {} plies; solved in {secs:.1} s{cpu}{peak}\nwrote {} bytes to {}",
        table.positions(),
        table.len(),
        table.value_bytes(),
        table.max_distance(),
        bytes.len(),
        file.display()
    );
    bars.say(|| writeln!(out, "{report}"))?;
    Ok(bytes.len())
}

/// The processor time the process has run, every thread's (the solver
/// runs on every core), in seconds, where the system tells it:
/// user and system time of Linux's /proc/self/stat, in its 1/100 s ticks.
fn cpu_seconds() -> Option<f64> {
    let stat = fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name, which is in parentheses and may
    // hold spaces: state is the first, user time the 12th, system the 13th.
    let rest = stat.get(stat.rfind(')')? + 1..)?;
    let mut fields = rest.split_whitespace().skip(11);
    let user: u64 = fields.next()?.parse().ok()?;
    let system: u64 = fields.next()?.parse().ok()?;
    Some((user + system) as f64 / 100.0)
}

/// The process's peak resident memory in KiB, where the system tells it
/// (Linux's /proc).
fn peak_memory() -> Option<u64> {
    let status = fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmHWM:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

fn game(args: &GameArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let rules = rules_from(args.rules.variant.as_deref(), &args.rules.set)?;
    let start = Position::new(rules);
    let started = Instant::now();
    let cpu_before = cpu_seconds();
    let mut tb = Tablebase::new(rules);
    let value = tb
        .solve_position(&start)
        .map_err(|e| CliError::input(format!("cannot solve `{rules}`: {e}")))?;
    let secs = started.elapsed().as_secs_f64();
    let mut classes: Vec<Class> = (3..=rules.pieces)
        .flat_map(|l| (3..=rules.pieces).map(move |d| Class::moving(l, d)))
        .filter(|&c| tb.table(c).is_some())
        .collect();
    classes.sort();
    let (mut positions, mut entries) = (0, 0);
    for c in &classes {
        if let Some(t) = tb.table(*c) {
            let (w, d, l) = t.counts();
            writeln!(
                out,
                "  {}v{}: {} positions in {} entries, {w} won, {d} drawn, {l} lost, longest {} plies",
                c.light,
                c.dark,
                t.positions(),
                t.len(),
                t.max_distance()
            )?;
            positions += t.positions();
            entries += t.len();
        }
    }
    let peak = peak_memory().map_or(String::new(), |kb| format!("; peak memory {} MB", kb / 1024));
    let cpu = match (cpu_before, cpu_seconds()) {
        (Some(a), Some(b)) => format!(" ({:.1} s of processor time)", b - a),
        _ => String::new(),
    };
    let said = match value {
        Value::Win(n) => format!("a first-player win in {n} plies"),
        Value::Draw => "a draw".to_string(),
        Value::Loss(n) => format!("a first-player loss in {n} plies"),
    };
    writeln!(
        out,
        "{rules} from the empty board is {said}; {} moving classes ({positions} positions in {entries} entries), {} placing positions up to symmetry; solved in {secs:.1} s{cpu}{peak}",
        classes.len(),
        tb.placing_memo_len()
    )?;
    Ok(())
}

fn probe(args: &ProbeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let Some(text) = &args.position else {
        return probe_many(args, out);
    };
    let pos = parse_position(text)?;
    if let [dir] = args.table.as_slice() {
        if dir.join(morris_solver::web::MANIFEST_FILE).is_file() {
            return super::web::probe(dir, &pos, out);
        }
    }
    let tb = tablebase_of(*pos.rules(), &args.table)?;
    let left = pos.placements_left();
    if left > 0 && pos.terminal().is_none() {
        return probe_placing(tb, &pos, args.nodes, out);
    }
    let value = tb.probe(&pos).ok_or_else(|| no_table(&tb, &pos))?;
    writeln!(out, "{value}")?;
    Ok(())
}

fn parse_position(text: &str) -> Result<Position, CliError> {
    let setup: Setup = text.parse().map_err(|e| CliError::input(format!("{e}")))?;
    setup
        .position()
        .map_err(|e| CliError::input(format!("bad position: {e}")))
}

/// Why `tb` has no value for `pos`: a table that changed on disk, or no
/// table of its class.
fn no_table(tb: &Tablebase, pos: &Position) -> CliError {
    match tb.faults().next() {
        Some(fault) => CliError::input(fault.to_string()),
        None => no_class_table(pos),
    }
}

/// No table holds `pos`'s class: the error names the class.
fn no_class_table(pos: &Position) -> CliError {
    let c = Class::of(pos);
    let hands = if c.light_hand > 0 || c.dark_hand > 0 {
        format!(" with {}/{} in hand", c.light_hand, c.dark_hand)
    } else {
        String::new()
    };
    CliError::input(format!(
        "no table holds the position's class {}v{}{hands}",
        c.light, c.dark
    ))
}

/// `--positions FILE`: every position of the file, the tables loaded once.
/// Every line is read before the first probe, so a bad line fails the run
/// at once, not after hours of solving. A position that cannot be valued
/// (no table, or a solve past `--nodes`) is named on standard error and
/// the run goes on; a table changed on disk stops it.
fn probe_many(args: &ProbeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let Some(file) = &args.positions else {
        return Err(CliError::input("give --position or --positions"));
    };
    let positions = read_positions(file)?;
    let Some((_, first)) = positions.first() else {
        return Err(CliError::input(format!("{} holds no position", file.display())));
    };
    if let [dir] = args.table.as_slice() {
        if dir.join(morris_solver::web::MANIFEST_FILE).is_file() {
            return super::web::probe_many(dir, file, &positions, out);
        }
    }
    let tables = Tablebases::from_base(tablebase_of(*first.rules(), &args.table)?);
    let mut memo = PlacingMemo::new();
    let mut failed = 0;
    for (line, pos) in &positions {
        match probe_one(&tables, pos, &mut memo, args.nodes) {
            Ok(text) => writeln!(out, "{text}")?,
            Err(e) if tables.faults().is_empty() => {
                failed += 1;
                eprintln!("{}:{line}: {pos}: {e}", file.display());
            }
            Err(e) => return Err(e),
        }
    }
    if failed > 0 {
        return Err(CliError::input(format!(
            "{failed} of {} positions were not valued (see above); the others are written",
            positions.len()
        )));
    }
    Ok(())
}

/// The positions of a file with their line numbers, one a line (blank
/// lines and `#` comments skipped), all of the first one's rules; an
/// error names the line.
fn read_positions(file: &Path) -> Result<Vec<(usize, Position)>, CliError> {
    let text = fs::read_to_string(file)
        .map_err(|e| CliError::input(format!("cannot read {}: {e}", file.display())))?;
    let mut positions: Vec<(usize, Position)> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |e: String| CliError::input(format!("{}:{}: {e}", file.display(), i + 1));
        let pos = parse_position(line).map_err(|e| at(e.to_string()))?;
        if let Some((_, first)) = positions.first() {
            if first.rules() != pos.rules() {
                return Err(at(format!(
                    "the rules `{}`, not `{}`",
                    pos.rules(),
                    first.rules()
                )));
            }
        }
        positions.push((i + 1, pos));
    }
    Ok(positions)
}

/// One position's line for `probe_many`: a book line in the placing,
/// else the position and its value.
fn probe_one(
    tables: &Tablebases,
    pos: &Position,
    memo: &mut PlacingMemo,
    nodes: u64,
) -> Result<String, CliError> {
    let fault = || tables.faults().first().map(|f| CliError::input(f.to_string()));
    if pos.placements_left() == 0 || pos.terminal().is_some() {
        let value = tables.probe(pos);
        return match (value, fault()) {
            (_, Some(e)) => Err(e),
            (Some(v), None) => Ok(format!("{pos} ; {v}")),
            (None, None) => Err(no_class_table(pos)),
        };
    }
    let solved = solve_placing(tables, pos, memo, nodes)?;
    Ok(Book::line(pos, solved.result, &solved.keep))
}

/// The rest of the placing of `pos` solved down to the tables; a table
/// that changed on disk, or a solve past `nodes`, is an error.
fn solve_placing(
    tables: &Tablebases,
    pos: &Position,
    memo: &mut PlacingMemo,
    nodes: u64,
) -> Result<PlacingSolve, CliError> {
    let solved = tables.placing_solve(pos, memo, nodes, &mut || false);
    if let Some(fault) = tables.faults().first() {
        return Err(CliError::input(fault.to_string()));
    }
    solved.map_err(|e| CliError::input(format!("the rest of the placing is not solved: {e}")))
}

/// A placing position's value, by solving the rest of the placing down to
/// the tables: `draw`, then the moves that keep it and the positions the
/// solve visited.
fn probe_placing(tb: Tablebase, pos: &Position, nodes: u64, out: &mut dyn Write) -> Result<(), CliError> {
    let tables = Tablebases::from_base(tb);
    let solved = solve_placing(&tables, pos, &mut PlacingMemo::new(), nodes)?;
    let result = solved.result.word();
    let keep: Vec<String> = solved.keep.iter().map(|&m| pos.notation(m)).collect();
    writeln!(out, "{result}")?;
    writeln!(
        out,
        "{} of {} moves keep it: {}",
        keep.len(),
        pos.legal_moves().len(),
        keep.join(" ")
    )?;
    writeln!(out, "{} positions visited", solved.nodes)?;
    Ok(())
}

/// Writes the flat file of every table of `args.paths` into `args.out_dir`.
fn flat(args: &FlatArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let dir = &args.out_dir;
    fs::create_dir_all(dir).map_err(|e| CliError::input(format!("cannot make {}: {e}", dir.display())))?;
    let mut files = Vec::new();
    for path in &args.paths {
        files.extend(table_files(path).map_err(CliError::input)?);
    }
    let sizes: Vec<u64> = files
        .iter()
        .map(|f| fs::metadata(f).map_or(0, |m| m.len()))
        .collect();
    let bar = progress::bar(sizes.iter().sum(), "flat", "bytes read");
    for (file, read) in files.into_iter().zip(sizes) {
        bar.set_message(format!("flat {}", file.display()));
        let name = file
            .file_name()
            .ok_or_else(|| CliError::input(format!("{} names no file", file.display())))?;
        let target = dir.join(name);
        let table = read_table(&file).map_err(CliError::input)?;
        let class = table.class();
        let size = if table.on_file() {
            // Already flat: the file is the flat file.
            if !same_file(&file, &target) {
                fs::copy(&file, &target).map_err(|e| {
                    CliError::input(format!(
                        "cannot copy {} to {}: {e}",
                        file.display(),
                        target.display()
                    ))
                })?;
            }
            fs::metadata(&target).map(|m| m.len()).unwrap_or(0)
        } else {
            write_flat_file(&table, &target)?
        };
        bar.inc(read);
        bar.suspend(|| {
            writeln!(
                out,
                "{} {}v{}: {} entries, {size} bytes flat in {}",
                table.indexer().rules(),
                class.light,
                class.dark,
                table.len(),
                target.display()
            )
        })?;
    }
    bar.finish_and_clear();
    Ok(())
}

/// Whether two paths name the one file.
fn same_file(a: &Path, b: &Path) -> bool {
    matches!((fs::canonicalize(a), fs::canonicalize(b)), (Ok(x), Ok(y)) if x == y)
}

/// Writes a table's flat file beside `target` and then puts it in its
/// place (see [`write_whole`]).
fn write_flat_file(table: &morris_solver::Table, target: &Path) -> Result<u64, CliError> {
    write_whole(target, |w| {
        morris_solver::write_flat(table, w).map_err(|e| e.to_string())
    })?;
    Ok(fs::metadata(target).map(|m| m.len()).unwrap_or(0))
}

#[cfg(test)]
mod tests {
    use super::*;
    use morris_core::Variant;
    use morris_solver::{Progress, Stage};
    use std::sync::Mutex;

    /// The classes a solve begins, in order.
    #[derive(Debug, Default)]
    struct Begun(Mutex<Vec<Class>>);

    impl Progress for Begun {
        fn begin(&self, class: Class, stage: Stage, _: u64) {
            if let (Stage::Moves, Ok(mut begun)) = (stage, self.0.lock()) {
                begun.push(class);
            }
        }
        fn advance(&self, _: u64) {}
    }

    /// The classes `unsolved` counts for the bars are the ones the solve
    /// then solves, in its order: from nothing, and with some of the
    /// smaller tables at hand.
    #[test]
    fn unsolved_names_what_a_solve_solves() {
        let rules = Variant::Six.rules();
        let mut given = Tablebase::new(rules);
        assert!(given.solve(5, 3).is_ok());
        given.retain(|c| c == Class::moving(5, 3) || c == Class::moving(4, 3));
        for start in [Tablebase::new(rules), given] {
            let mut tb = start.clone();
            let mut todo = Vec::new();
            unsolved(&tb, Class::moving(5, 4), &mut todo);
            let begun = Begun::default();
            assert!(tb.solve_with(5, 4, &begun).is_ok());
            assert_eq!(begun.0.into_inner().ok(), Some(todo.clone()));
            assert_eq!(todo.last(), Some(&Class::moving(5, 4)));
            assert!(todo.len() > 1, "{todo:?}");
        }
    }
}
