//! `morris-train`: the labelled data and the training of the learned
//! evaluation (README.md).

use std::io::Write;
use std::path::PathBuf;
use std::process::ExitCode;
use std::time::Duration;

use clap::{Args, Parser, Subcommand};
use morris_core::Position;
use morris_train::exclude::Excluded;
use morris_train::games::Plan;
use morris_train::model::Loss;
use morris_train::train::{show, Settings};
use morris_train::{data, provenance, record, tables, train};

#[derive(Debug, Parser)]
#[command(
    name = "morris-train",
    about = "Trains the learned evaluation of Nine's moving phase on the solved tables"
)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Plays games and records their moving positions with the tables' values
    Data(DataArgs),
    /// Trains a network on a data file and writes it with its provenance
    Train(TrainArgs),
}

#[derive(Debug, Args)]
struct DataArgs {
    /// Table files or folders of them (flat files stay on disk)
    #[arg(long = "tables", value_name = "PATH", required = true)]
    tables: Vec<PathBuf>,
    /// The data file to write (and FILE.md beside it)
    #[arg(long, value_name = "FILE")]
    out: PathBuf,
    /// Positions to record
    #[arg(long, value_name = "N", value_parser = clap::value_parser!(u64).range(1..))]
    positions: u64,
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    #[arg(long, value_name = "T", default_value_t = 2, value_parser = clap::value_parser!(u64).range(1..=64))]
    threads: u64,
    /// Suites whose positions (and their symmetric images) the data must not hold: `.book` files or folders of them
    #[arg(long = "exclude", value_name = "PATH", default_value = "docs/suites")]
    exclude: Vec<PathBuf>,
    /// Start the games from these positions (one a line) instead of the empty board
    #[arg(long, value_name = "FILE")]
    starts: Option<PathBuf>,
    /// The most plies each game plays past the placing
    #[arg(long, value_name = "N", default_value_t = Plan::default().moving_plies)]
    moving_plies: u32,
    /// The engine's node budgets for a placing move, one drawn per game
    /// [default: 200,600,2000,6000]
    #[arg(long, value_name = "N,N,…", value_delimiter = ',',
          value_parser = clap::value_parser!(u64).range(1..))]
    placing_nodes: Vec<u64>,
    /// Share of games whose placing is wholly random
    #[arg(long, value_name = "SHARE", default_value_t = Plan::default().random_placing,
          value_parser = share)]
    random_placing: f64,
}

/// A share: a number from 0 to 1.
fn share(text: &str) -> Result<f64, String> {
    match text.parse::<f64>() {
        Ok(x) if (0.0..=1.0).contains(&x) => Ok(x),
        _ => Err(format!("{text} is not a share from 0 to 1")),
    }
}

#[derive(Debug, Args)]
struct TrainArgs {
    /// A data file (`morris-train data`); given more than once, their
    /// positions are trained on together, in the order given
    #[arg(long, value_name = "FILE", required = true)]
    data: Vec<PathBuf>,
    /// The network file to write (and NET.md beside it)
    #[arg(long, value_name = "NET")]
    out: PathBuf,
    #[arg(long, value_name = "H", default_value_t = 128,
          value_parser = clap::value_parser!(u64).range(1..=morris_engine::net::MAX_HIDDEN as u64))]
    hidden: u64,
    #[arg(long, value_name = "E", default_value_t = 10)]
    epochs: usize,
    #[arg(long, value_name = "S", default_value_t = 1)]
    seed: u64,
    #[arg(long, value_name = "B", default_value_t = 8192, value_parser = clap::value_parser!(u64).range(1..))]
    batch: u64,
    /// Share of the data held out to measure the network
    #[arg(long, value_name = "SHARE", default_value_t = 0.05)]
    holdout: f64,
    #[arg(long, value_enum, default_value_t = Loss::Bce)]
    loss: Loss,
    /// Show each position through a random one of the board's 16 symmetries
    /// (measured not to pay: README.md)
    #[arg(long)]
    augment: bool,
    #[arg(long, value_name = "LR", default_value_t = 0.002)]
    lr: f64,
    /// Train the network to be read as the engine reads it: blended with
    /// the hand-written evaluation (`params::NET_SHARE`), so that it
    /// learns what that evaluation misses
    #[arg(long)]
    blended: bool,
    /// Also write 64 held-out positions with the float and the integer values
    #[arg(long, value_name = "FILE")]
    fixtures: Option<PathBuf>,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let mut out = std::io::stdout();
    let done = match &cli.command {
        Command::Data(args) => run_data(args, &mut out),
        Command::Train(args) => run_train(args, &mut out),
    };
    match done {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            eprintln!("morris-train: {e}");
            ExitCode::FAILURE
        }
    }
}

fn starts(path: &PathBuf) -> Result<Vec<Position>, String> {
    let text = std::fs::read_to_string(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    text.lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .map(|l| {
            l.parse::<Position>()
                .map_err(|e| format!("{}: {l}: {e}", path.display()))
        })
        .collect()
}

fn run_data(args: &DataArgs, out: &mut dyn Write) -> Result<(), String> {
    let mut excluded = Excluded::new();
    for path in &args.exclude {
        excluded.add_suites(path).map_err(|e| e.to_string())?;
    }
    let (tables, files) = tables::load(&args.tables).map_err(|e| e.to_string())?;
    let plan = Plan {
        starts: args.starts.as_ref().map(starts).transpose()?.unwrap_or_default(),
        moving_plies: args.moving_plies,
        random_placing: args.random_placing,
        placing_nodes: if args.placing_nodes.is_empty() {
            Plan::default().placing_nodes
        } else {
            args.placing_nodes.clone()
        },
        ..Plan::default()
    };
    let _ = writeln!(
        out,
        "{} table files; {} suite positions kept out (up to symmetry)",
        files.len(),
        excluded.len()
    );
    let job = data::Job {
        tables: &tables,
        plan: &plan,
        positions: args.positions as usize,
        seed: args.seed,
        threads: args.threads as usize,
        excluded: &excluded,
    };
    let made = data::generate(&job, Duration::from_secs(30), out);
    record::write(&args.out, &made.records).map_err(|e| e.to_string())?;
    let c = &made.counts;
    let mut notes = format!(
        "- command: `{}`\n- git commit: {}\n- {} ({:.0} s, {} threads, seed {})\n\
         - {} games; {} positions recorded by the threads, {} met again (up to symmetry), {} not in the tables, {} already over, {} found by two threads\n\
         - {} positions of the suites dropped ({} suite positions, up to symmetry, checked)\n- tables ({} files, SHA-256):\n",
        provenance::command_line(),
        provenance::git_commit(),
        provenance::describe(&made.records),
        made.seconds,
        args.threads,
        args.seed,
        c.games,
        c.recorded,
        c.repeated,
        c.uncovered,
        c.finished,
        made.shared,
        made.excluded,
        excluded.len(),
        files.len(),
    );
    for f in &files {
        let sum = provenance::sha256_file(f).map_err(|e| format!("cannot read {}: {e}", f.display()))?;
        notes.push_str(&format!("  - `{}` {sum}\n", f.display()));
    }
    let mut notes_path = args.out.as_os_str().to_owned();
    notes_path.push(".md");
    std::fs::write(&notes_path, &notes).map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    let _ = write!(out, "{notes}");
    Ok(())
}

fn run_train(args: &TrainArgs, out: &mut dyn Write) -> Result<(), String> {
    let mut records = Vec::new();
    for path in &args.data {
        records.extend(record::read(path).map_err(|e| format!("{}: {e}", path.display()))?);
    }
    let settings = Settings {
        hidden: args.hidden as usize,
        epochs: args.epochs,
        seed: args.seed,
        batch: args.batch as usize,
        holdout: args.holdout,
        loss: args.loss,
        augment: args.augment,
        lr: args.lr,
        blended: args
            .blended
            .then(|| f64::from(morris_engine::params::NET_SHARE) / 100.0),
    };
    let _ = writeln!(out, "{}", provenance::describe(&records));
    let t = train::train(&records, &settings, out).map_err(|e| e.to_string())?;
    // The notes first: they name the commit, and a tree whose committed
    // network is being written over would read as changed.
    let notes = provenance::network_notes(
        &t,
        &settings,
        &args.data,
        &args
            .data
            .iter()
            .map(|d| provenance::data_notes(d))
            .collect::<Vec<_>>()
            .join("\n"),
        &args.out,
    );
    let bytes = t.net.to_bytes();
    std::fs::write(&args.out, &bytes).map_err(|e| format!("cannot write {}: {e}", args.out.display()))?;
    let mut notes_path = args.out.as_os_str().to_owned();
    notes_path.push(".md");
    std::fs::write(&notes_path, notes).map_err(|e| format!("cannot write {}.md: {e}", args.out.display()))?;
    if let Some(path) = &args.fixtures {
        std::fs::write(path, provenance::fixtures(&t, &t.float, 64))
            .map_err(|e| format!("cannot write {}: {e}", path.display()))?;
    }
    let _ = writeln!(
        out,
        "holdout ({} positions):\n  {:<10} {}\n  evaluation {}",
        t.holdout.len(),
        if settings.blended.is_some() {
            "blend"
        } else {
            "network"
        },
        show(&t.after),
        show(&t.baseline)
    );
    let _ = writeln!(
        out,
        "K {:.1} (scale {}); integer against float: {:.2} apart at most, {:.2} on average; {:.0} s; wrote {}",
        t.k,
        t.net.scale(),
        t.max_quantization_error,
        t.mean_quantization_error,
        t.seconds,
        args.out.display()
    );
    Ok(())
}
