//! `morris tb web` and `morris tb web-check`: win/draw/loss tables for
//! any static host that answers HTTP range requests (issue 58;
//! [`morris_solver::web`]). `web` writes each table's block index and
//! parts into a folder, keeps a class whose files are there and whole, and
//! writes the manifest of every class in the folder; per class it prints
//! the entries, the bytes, the bits an entry they make and the entropy of
//! the codes. `web-check` checks every file's SHA-256 against the manifest
//! and compares random entries with the tables.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};

use clap::Args;
use morris_core::Position;
use morris_solver::web::{
    class_name, class_stats, index_file_name, list_class, part_file_name, write_web, BlockIndex,
    DiskWebTables, Manifest, ManifestClass, WebOptions, WebStats, MANIFEST_FILE, MANIFEST_FORMAT,
    WEB_BLOCK_TARGET, WEB_MAX_FILE, WEB_VERSION,
};
use morris_solver::{Class, Numbering, Table, Value, FAR};

use crate::error::CliError;
use crate::table_files::{every_table_file, read_table, write_whole};

#[derive(Debug, Args)]
pub struct WebArgs {
    /// A table file, or a folder of table files (packed or flat); repeat
    /// for several
    #[arg(long, value_name = "PATH", required = true)]
    pub table: Vec<PathBuf>,

    /// The folder to write the files and `manifest.json` into (made if
    /// missing); a class whose files are there and whole is kept
    #[arg(long, value_name = "DIR")]
    pub out_dir: PathBuf,

    /// Deflated bytes a block aims at: what a probe fetches
    #[arg(long, value_name = "BYTES", default_value_t = WEB_BLOCK_TARGET)]
    pub block: usize,

    /// The most bytes a file may hold: a larger class is split into parts
    #[arg(long, value_name = "BYTES", default_value_t = WEB_MAX_FILE)]
    pub max_file: u64,

    /// Keep the values of entries that repeat a smaller symmetric one
    /// (the reader never lands on them; by default they take their
    /// predecessor's, which costs nothing to store)
    #[arg(long)]
    pub keep_repeats: bool,
}

#[derive(Debug, Args)]
pub struct WebCheckArgs {
    /// The folder of the web files (with its `manifest.json`)
    #[arg(long, value_name = "DIR")]
    pub web: PathBuf,

    /// The tables to compare with: table files or folders of them
    #[arg(long, value_name = "PATH", required = true)]
    pub table: Vec<PathBuf>,

    /// Random entries to compare, over all the classes, each class by its
    /// share of the entries (every entry of a class with fewer)
    #[arg(long, value_name = "N", default_value_t = 1_000_000)]
    pub samples: u64,

    /// Seed of the random entries
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub seed: u64,
}

fn web_error(e: impl std::fmt::Display) -> CliError {
    CliError::input(e.to_string())
}

/// The name a table file's class is written under: the file's name
/// without its extension (`nine-8v6`).
/// The name must be one a URL carries as it is (letters, digits, `-`,
/// `_`, `.`), as the manifest's file names are.
fn stem_of(file: &Path) -> Result<String, CliError> {
    let plain = |s: &&str| {
        !s.is_empty()
            && !s.starts_with('.')
            && s.chars()
                .all(|c| c.is_ascii_alphanumeric() || matches!(c, '-' | '_' | '.'))
    };
    file.file_stem()
        .and_then(|s| s.to_str())
        .filter(plain)
        .map(str::to_owned)
        .ok_or_else(|| {
            CliError::input(format!(
                "{}: a table's name must be letters, digits, '-', '_' or '.' to name its web files",
                file.display()
            ))
        })
}

fn write_file(dir: &Path, name: &str, bytes: &[u8]) -> Result<(), CliError> {
    write_whole(&dir.join(name), |w| w.write_all(bytes).map_err(|e| e.to_string()))
}

/// Writes one table's files; prints what they hold.
fn write_class(table: &Table, stem: &str, args: &WebArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let options = WebOptions {
        block_target: args.block,
        max_file: args.max_file,
        keep_repeats: args.keep_repeats,
    };
    let made = write_web(table, &options).map_err(web_error)?;
    for (j, part) in made.parts.iter().enumerate() {
        write_file(&args.out_dir, &part_file_name(stem, j), part)?;
    }
    // Parts left from an earlier run with more of them.
    for j in made.parts.len().. {
        let stale = args.out_dir.join(part_file_name(stem, j));
        if fs::remove_file(&stale).is_err() {
            break;
        }
    }
    // The index last: a class counts as made once its index is there.
    let index = made.index.to_bytes();
    write_file(&args.out_dir, &index_file_name(stem), &index)?;
    let bytes = index.len() as u64 + made.parts.iter().map(|p| p.len() as u64).sum::<u64>();
    report(out, &made.index, bytes, &made.stats, "")
}

/// A class's line: what it holds and how close its bytes come to the
/// entropy of its codes.
fn report(
    out: &mut dyn Write,
    index: &BlockIndex,
    bytes: u64,
    s: &WebStats,
    note: &str,
) -> Result<(), CliError> {
    writeln!(
        out,
        "{} {} {bytes} {:.3} {:.3} {:.3} {} {} {} {} {}{note}",
        index.class_name(),
        s.entries,
        bytes as f64 * 8.0 / s.entries.max(1) as f64,
        s.entropy(),
        s.entropy_after_four(),
        index.blocks(),
        index.block_bytes(),
        s.largest_block,
        index.parts(),
        s.repeats
    )?;
    Ok(())
}

/// A class whose files are in `dir` and whole: its line, from its files.
fn report_kept(dir: &Path, stem: &str, listed: &ManifestClass, out: &mut dyn Write) -> Result<(), CliError> {
    let (index, stats) = class_stats(dir, stem).map_err(|e| CliError::input(format!("{stem}: {e}")))?;
    let bytes = listed.index.bytes + listed.parts.iter().map(|p| p.bytes).sum::<u64>();
    report(out, &index, bytes, &stats, " kept")
}

/// The manifest of every class whose index is in `dir`, each checked.
fn manifest_of(dir: &Path) -> Result<Manifest, CliError> {
    let entries =
        fs::read_dir(dir).map_err(|e| CliError::input(format!("cannot read {}: {e}", dir.display())))?;
    let mut stems: Vec<String> = entries
        .filter_map(|e| {
            e.ok()?
                .file_name()
                .to_str()?
                .strip_suffix(".wdli")
                .map(str::to_owned)
        })
        .collect();
    stems.sort();
    let mut classes: Vec<ManifestClass> = Vec::new();
    let mut rules = None;
    for stem in stems {
        let class = list_class(dir, &stem).map_err(|e| CliError::input(format!("{stem}: {e}")))?;
        let index = fs::read(dir.join(index_file_name(&stem))).map_err(web_error)?;
        let read = BlockIndex::parse(&index).map_err(web_error)?;
        let these = read.rules().to_string();
        if rules.get_or_insert_with(|| these.clone()) != &these {
            return Err(CliError::input(format!(
                "{stem}: the rules `{these}`, not those of the other classes"
            )));
        }
        classes.push(class);
    }
    classes.sort_by_key(|c| morris_solver::web::parse_class(&c.class).ok());
    Ok(Manifest {
        format: MANIFEST_FORMAT.into(),
        version: WEB_VERSION,
        rules: rules.unwrap_or_else(|| "nine".into()),
        classes,
    })
}

pub fn run(args: &WebArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if args.block == 0 || args.max_file == 0 {
        return Err(CliError::input("--block and --max-file take at least 1 byte"));
    }
    let dir = &args.out_dir;
    fs::create_dir_all(dir).map_err(|e| CliError::input(format!("cannot make {}: {e}", dir.display())))?;
    let files = every_table_file(&args.table)?;
    let stems = files.iter().map(|f| stem_of(f)).collect::<Result<Vec<_>, _>>()?;
    writeln!(
        out,
        "class entries bytes bits/entry entropy entropy-after-4 blocks block-bytes largest-block parts repeats"
    )?;
    for (file, stem) in files.iter().zip(&stems) {
        if let Ok(listed) = list_class(dir, stem) {
            report_kept(dir, stem, &listed, out)?;
            continue;
        }
        let table = read_table(file).map_err(CliError::input)?;
        write_class(&table, stem, args, out)?;
    }
    let manifest = manifest_of(dir)?;
    write_file(dir, MANIFEST_FILE, manifest.to_json().as_bytes())?;
    let files = manifest
        .classes
        .iter()
        .flat_map(|c| std::iter::once(&c.index).chain(&c.parts));
    let (total, largest) = files.fold((0u64, 0u64), |(t, l), f| (t + f.bytes, l.max(f.bytes)));
    let entries: u64 = manifest.classes.iter().map(|c| c.entries).sum();
    writeln!(
        out,
        "all {} classes: {entries} entries, {total} bytes, {:.3} bits an entry, largest file {largest} bytes",
        manifest.classes.len(),
        total as f64 * 8.0 / entries.max(1) as f64
    )?;
    Ok(())
}

/// `tb probe` of a position from a folder of web tables: win, draw or
/// loss, read from the one block that holds it.
pub fn probe(dir: &Path, pos: &Position, out: &mut dyn Write) -> Result<(), CliError> {
    let web = open_dir(dir)?;
    writeln!(out, "{}", value_of(&web, pos)?)?;
    Ok(())
}

/// `tb probe --positions FILE` from a folder of web tables: each
/// position's line `POSITION ; VALUE`, as from table files; one the
/// tables do not value (the placing, a class not made) is named on
/// standard error and the run goes on, ending in an error that counts
/// them.
pub fn probe_many(
    dir: &Path,
    file: &Path,
    positions: &[(usize, Position)],
    out: &mut dyn Write,
) -> Result<(), CliError> {
    let web = open_dir(dir)?;
    let mut failed = 0;
    for (line, pos) in positions {
        match value_of(&web, pos) {
            Ok(value) => writeln!(out, "{pos} ; {value}")?,
            Err(e) => {
                failed += 1;
                eprintln!("{}:{line}: {pos}: {e}", file.display());
            }
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

fn open_dir(dir: &Path) -> Result<DiskWebTables, CliError> {
    DiskWebTables::open(dir).map_err(|e| CliError::input(format!("{}: {e}", dir.display())))
}

/// A position's win, draw or loss: a finished game's by its outcome, else
/// the web tables'.
fn value_of(web: &DiskWebTables, pos: &Position) -> Result<Value, CliError> {
    if let Some(outcome) = pos.terminal() {
        return Ok(Value::of_outcome(outcome, pos.turn()));
    }
    let class = Class::of(pos);
    web.probe(pos).map_err(web_error)?.ok_or_else(|| {
        CliError::input(format!(
            "the web tables hold no class of the position ({}v{}, {}/{} in hand)",
            class.light, class.dark, class.light_hand, class.dark_hand
        ))
    })
}

/// Win, draw or loss of a table's value.
fn wdl(v: Value) -> Value {
    match v {
        Value::Win(_) => Value::Win(FAR),
        Value::Draw => Value::Draw,
        Value::Loss(_) => Value::Loss(FAR),
    }
}

/// Compares `n` random entries of `table` with the web files; gives the
/// blocks read.
fn check_class(web: &DiskWebTables, table: &Table, n: u64, state: &mut u64) -> Result<usize, CliError> {
    let len = table.len() as u64;
    let entries: Vec<u64> = if n >= len {
        (0..len).collect()
    } else {
        (0..n)
            .map(|_| {
                *state ^= *state << 13;
                *state ^= *state >> 7;
                *state ^= *state << 17;
                *state % len
            })
            .collect()
    };
    let mut probes = Vec::with_capacity(entries.len());
    for i in entries {
        let pos = table
            .indexer()
            .position(i)
            .ok_or_else(|| CliError::input(format!("entry {i} has no position")))?;
        let range = web.tables().locate(&pos).map_err(web_error)?;
        let range = range.ok_or_else(|| CliError::input(format!("{pos}: no web file holds it")))?;
        probes.push((range, i));
    }
    probes.sort_by_key(|(r, _)| (r.block, r.entry));
    let mut blocks = 0;
    let mut at = 0;
    while let Some((first, _)) = probes.get(at) {
        let block = web.block(first).map_err(web_error)?;
        blocks += 1;
        let same = probes[at..]
            .iter()
            .take_while(|(r, _)| r.block == first.block)
            .count();
        for (range, i) in &probes[at..at + same] {
            let found = block.value(range.entry);
            let expected = table.value(*i).map(wdl);
            if found != expected {
                return Err(CliError::input(format!(
                    "{} entry {i}: the web files say {found:?}, the table {expected:?}",
                    class_name(table.class())
                )));
            }
        }
        at += same;
    }
    Ok(blocks)
}

pub fn run_check(args: &WebCheckArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let web = DiskWebTables::open(&args.web)
        .map_err(|e| CliError::input(format!("{}: {e}", args.web.display())))?;
    web.verify().map_err(web_error)?;
    writeln!(out, "every file has its size and SHA-256")?;
    let files = every_table_file(&args.table)?;
    let listed: Vec<_> = web.tables().classes().map(|(c, l)| (c, l.entries)).collect();
    let total: u64 = listed.iter().map(|(_, e)| e).sum();
    let mut state = args.seed.max(1);
    let (mut checked, mut compared) = (0, 0u64);
    let indexes: Vec<String> = web
        .manifest()
        .classes
        .iter()
        .map(|c| c.index.file.clone())
        .collect();
    for file in files {
        // A table whose name has no index beside the manifest is not read
        // (reading a large one takes seconds).
        if !indexes.contains(&index_file_name(&stem_of(&file)?)) {
            continue;
        }
        let table = read_table(&file).map_err(CliError::input)?;
        let Some(&(_, entries)) = listed.iter().find(|(c, _)| *c == table.class()) else {
            continue;
        };
        let share = (u128::from(args.samples) * u128::from(entries)).div_ceil(u128::from(total.max(1)));
        let n = u64::try_from(share).unwrap_or(u64::MAX).min(entries);
        let blocks = check_class(&web, &table, n, &mut state)?;
        writeln!(
            out,
            "{}: {n} entries equal, {blocks} blocks read",
            class_name(table.class())
        )?;
        checked += 1;
        compared += n;
    }
    if checked < listed.len() {
        writeln!(
            out,
            "{} of {} classes had no table to compare with",
            listed.len() - checked,
            listed.len()
        )?;
    }
    writeln!(out, "all: {compared} entries of {checked} classes equal")?;
    Ok(())
}
