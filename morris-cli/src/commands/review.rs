//! `morris review`: goes through a recorded game turn by turn and says
//! where each side played worse than the engine's best turn, and by how
//! much: a blunder finder for a player's own games and for the games of
//! `morris match`.
//!
//! Each position before a turn is searched with the given limits; when the
//! turn played is not the engine's choice, the position after it is
//! searched too (one ply shallower with `--depth`, so both turns are seen
//! to the same depth from the position before). The turn then costs the
//! difference. A turn that throws away a forced win, or walks into a
//! forced loss the best turn avoids, is marked `??`; one that costs
//! `--margin` or more is marked `?`. A forced win the search found let go
//! for a lead of three pieces or more (or a forced loss walked into from
//! as far behind) is charged the default margin, not the result: the
//! search's horizon proves no change (`morris_engine::review::LEAD_KEPT`). With `--depth`, a marked turn is
//! judged again `--confirm` plies deeper (2 by default) and that judgement
//! stands, so a mark is not the shallower search's horizon. The reviewing itself is
//! `morris_engine::review`'s; this command reads the game and prints.

use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;

use clap::Args;
use morris_core::{split_records, Color, Game, Record};
use morris_engine::{Cost, Limits, Reviewer, Score, Searcher, StdClock, Summary};

use crate::error::CliError;
use crate::setup::check_search_resources;
use crate::table_files::{changed_tables, shared_tables};

#[derive(Debug, Args)]
pub struct ReviewArgs {
    /// The record file: one game, or several (as `morris match --records` writes them) with --game
    #[arg(value_name = "FILE")]
    pub file: PathBuf,

    /// Which game of the file, counting from 1 [default: the file's only game]
    #[arg(long, value_name = "N")]
    pub game: Option<usize>,

    /// Search each position to this depth [default: 12 when neither --nodes nor --movetime is given]
    #[arg(long, value_name = "N", conflicts_with_all = ["nodes", "movetime"])]
    pub depth: Option<u32>,

    /// Search each position for this many nodes
    #[arg(long, value_name = "N", conflicts_with = "movetime")]
    pub nodes: Option<u64>,

    /// Search each position for this long, in milliseconds
    #[arg(long, value_name = "MS")]
    pub movetime: Option<u64>,

    /// The first turn to review, counting from 1
    #[arg(long, value_name = "TURN", default_value_t = 1)]
    pub from: usize,

    /// The last turn to review [default: the game's last]
    #[arg(long, value_name = "TURN")]
    pub to: Option<usize>,

    /// Mark a turn that costs at least this much, in hundredths of a piece
    #[arg(long, value_name = "CP", default_value_t = 50)]
    pub margin: i32,

    /// Judge a marked turn again this many plies deeper before its mark stands (0: never; with --depth)
    #[arg(long, value_name = "PLIES", default_value_t = morris_engine::review::CONFIRM_PLIES)]
    pub confirm: u32,

    /// Transposition table size in megabytes
    #[arg(long, value_name = "MB", default_value_t = 16)]
    pub hash: usize,

    /// Search threads sharing the table (lazy SMP)
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: usize,

    /// Endgame table files or folders of them, for exact values where they reach
    #[arg(long = "tables", value_name = "PATH")]
    pub tables: Vec<PathBuf>,
}

/// `+0.35`, `win 5`, `loss 4`: a score for people (a forced result as
/// `Score` shows it).
fn show(score: Score) -> String {
    match score {
        Score::Value(v) => format!("{:+.2}", f64::from(v) / 100.0),
        forced => forced.to_string(),
    }
}

fn read_game(args: &ReviewArgs) -> Result<Game, CliError> {
    let path = args.file.display();
    let text =
        fs::read_to_string(&args.file).map_err(|e| CliError::input(format!("cannot read {path}: {e}")))?;
    let records = split_records(&text);
    let index = match (args.game, records.len()) {
        (_, 0) => return Err(CliError::input(format!("{path} holds no game"))),
        (None, 1) => 0,
        (None, n) => {
            return Err(CliError::input(format!(
                "{path} holds {n} games: choose one with --game 1..{n}"
            )))
        }
        (Some(g), n) if (1..=n).contains(&g) => g - 1,
        (Some(g), n) => {
            return Err(CliError::input(format!(
                "--game {g}: {path} holds {n} game{}",
                if n == 1 { "" } else { "s" }
            )))
        }
    };
    let text = records.get(index).copied().unwrap_or_default();
    let record: Record = text
        .parse()
        .map_err(|e| CliError::input(format!("{path}, game {}: {e}", index + 1)))?;
    Ok(record.game)
}

fn limits(args: &ReviewArgs) -> Limits {
    if let Some(n) = args.nodes {
        Limits::nodes(n)
    } else if let Some(ms) = args.movetime {
        Limits::movetime(ms)
    } else {
        Limits::depth(args.depth.unwrap_or(12))
    }
}

pub fn run(args: &ReviewArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if args.depth.is_some_and(|d| !(1..=64).contains(&d)) {
        return Err(CliError::input("--depth takes 1 to 64"));
    }
    if args.nodes == Some(0) || args.movetime == Some(0) {
        return Err(CliError::input("--nodes and --movetime take a number above 0"));
    }
    check_search_resources(args.hash, args.threads)?;
    if args.margin < 1 {
        return Err(CliError::input("--margin takes a number above 0"));
    }
    let game = read_game(args)?;
    let turns = game.moves().len();
    let last = args.to.unwrap_or(turns).min(turns);
    if args.from < 1 || args.from > last.max(1) {
        return Err(CliError::input(format!(
            "--from {} and --to {}: the game has {turns} turns",
            args.from,
            args.to.map_or("(last)".to_string(), |t| t.to_string())
        )));
    }

    let mut searcher = Searcher::new(args.hash);
    searcher.set_threads(args.threads);
    let tables = shared_tables(&args.tables)?;
    searcher.set_tables(tables.clone());
    let clock = StdClock::new();
    let stop = AtomicBool::new(false);
    let positions = game.positions().to_vec();
    let texts = game.move_texts();
    let mut reviewer = Reviewer::new(game, limits(args), args.margin)
        .turns(args.from, last)
        .confirming(args.confirm);
    let mut summary = [Summary::default(); 2];

    let bar = crate::progress::bar((last + 1).saturating_sub(args.from) as u64, "review", "turns");
    while let Some(t) = reviewer.step(&mut searcher, &clock, &stop) {
        let (Some(pos), Some(text)) = (positions.get(t.turn - 1), texts.get(t.turn - 1)) else {
            break;
        };
        summary[t.side.index()].add(&t);
        let best_text = if t.best == t.played {
            String::new()
        } else {
            format!("best {} {}", pos.notation(t.best), show(t.best_score))
        };
        let line = format!(
            "turn {:>3} {:<5} {text:<12} {:>8}   {best_text:<22} {}",
            t.turn,
            t.side.to_string(),
            show(t.played_score),
            t.mark.as_str(),
        );
        bar.inc(1);
        bar.suspend(|| writeln!(out, "{}", line.trim_end()))?;
    }
    bar.finish_and_clear();

    for c in [Color::Light, Color::Dark] {
        let s = summary[c.index()];
        let worst = match s.worst {
            Some((t, Cost::Result)) => format!("; worst turn {t}, which changed the result"),
            Some((t, Cost::Value(d))) => format!("; worst turn {t}, {:.2}", f64::from(d) / 100.0),
            _ => String::new(),
        };
        writeln!(
            out,
            "{c}: {} turns reviewed, {} marked, average cost {:.2} a turn{worst}",
            s.reviewed,
            s.marked,
            s.average()
        )?;
    }
    tables.as_deref().map_or(Ok(()), changed_tables)
}
