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
//! `--margin` or more is marked `?`.

use std::fs;
use std::io::Write;
use std::path::PathBuf;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use clap::Args;
use morris_core::{split_records, Color, Game, Record};
use morris_engine::{Limits, Score, Searcher, StdClock};

use crate::error::CliError;
use crate::setup::check_search_resources;
use crate::table_files::{changed_tables, load_tables};

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

/// What one turn cost the side that played it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cost {
    /// The engine's choice, or no worse than it.
    None,
    /// Worse by this many hundredths of a piece.
    Value(i32),
    /// Gave away a forced win, or walked into a forced loss.
    Result,
}

impl Cost {
    /// Orders costs: nothing, then by value, then a changed result.
    fn rank(self) -> i64 {
        match self {
            Cost::None => 0,
            Cost::Value(d) => i64::from(d),
            Cost::Result => i64::MAX,
        }
    }
}

/// The cost of a turn scored `played` where the best scored `best`, both
/// for the side that played it.
fn cost(best: Score, played: Score) -> Cost {
    match (best, played) {
        (Score::Value(b), Score::Value(p)) => match b.saturating_sub(p) {
            d if d > 0 => Cost::Value(d),
            _ => Cost::None,
        },
        (Score::Win(_), Score::Win(_)) | (Score::Loss(_), Score::Loss(_)) => Cost::None,
        (Score::Loss(_), _) => Cost::None,
        (Score::Win(_), _) | (_, Score::Loss(_)) => Cost::Result,
        (Score::Value(_), Score::Win(_)) => Cost::None,
    }
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

fn limits(args: &ReviewArgs, shallower: bool) -> Limits {
    if let Some(n) = args.nodes {
        Limits::nodes(n)
    } else if let Some(ms) = args.movetime {
        Limits::movetime(ms)
    } else {
        let d = args.depth.unwrap_or(12);
        Limits::depth(if shallower { d.saturating_sub(1).max(1) } else { d })
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
    let tables = if args.tables.is_empty() {
        None
    } else {
        Some(Arc::new(load_tables(&args.tables).map_err(CliError::input)?))
    };
    searcher.set_tables(tables.clone());
    let clock = StdClock::new();
    let stop = AtomicBool::new(false);
    let positions = game.positions();
    let texts = game.move_texts();
    let mut marked = [0usize; 2];
    let mut total = [0i64; 2];
    let mut reviewed = [0usize; 2];
    let mut worst: [Option<(usize, Cost)>; 2] = [None; 2];

    let bar = crate::progress::bar((last + 1).saturating_sub(args.from) as u64, "review", "turns");
    for turn in args.from..=last {
        let i = turn - 1;
        let (Some(pos), Some(&played), Some(text)) = (positions.get(i), game.moves().get(i), texts.get(i))
        else {
            break;
        };
        let history = positions.get(..i).unwrap_or_default();
        let side = pos.turn();
        let result = searcher.search(pos, history, limits(args, false), &clock, &stop, |_| {});
        let Some(best) = result.best else {
            break;
        };
        let played_score = if best == played {
            result.score
        } else {
            let after = positions.get(i + 1).unwrap_or(pos);
            let before = positions.get(..=i).unwrap_or_default();
            let reply = searcher.search(after, before, limits(args, true), &clock, &stop, |_| {});
            reply.score.flip()
        };
        let c = cost(result.score, played_score);
        let s = side.index();
        reviewed[s] += 1;
        let mark = match c {
            Cost::Result => "??",
            Cost::Value(d) if d >= args.margin => "?",
            _ => "",
        };
        if !mark.is_empty() {
            marked[s] += 1;
        }
        if let Cost::Value(d) = c {
            total[s] += i64::from(d);
        }
        if c.rank() > worst[s].map_or(0, |(_, w)| w.rank()) {
            worst[s] = Some((turn, c));
        }
        let best_text = if best == played {
            String::new()
        } else {
            format!("best {} {}", pos.notation(best), show(result.score))
        };
        let line = format!(
            "turn {turn:>3} {:<5} {text:<12} {:>8}   {best_text:<22} {mark}",
            side.to_string(),
            show(played_score),
        );
        bar.inc(1);
        bar.suspend(|| writeln!(out, "{}", line.trim_end()))?;
    }
    bar.finish_and_clear();

    for c in [Color::Light, Color::Dark] {
        let s = c.index();
        let n = reviewed[s];
        let avg = if n == 0 {
            0.0
        } else {
            total[s] as f64 / n as f64 / 100.0
        };
        let worst = match worst[s] {
            Some((t, Cost::Result)) => format!("; worst turn {t}, which changed the result"),
            Some((t, Cost::Value(d))) => format!("; worst turn {t}, {:.2}", f64::from(d) / 100.0),
            _ => String::new(),
        };
        writeln!(
            out,
            "{c}: {n} turns reviewed, {} marked, average cost {avg:.2} a turn{worst}",
            marked[s]
        )?;
    }
    tables.as_deref().map_or(Ok(()), changed_tables)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_is_charged_what_it_gives_away() {
        assert_eq!(cost(Score::Value(30), Score::Value(-20)), Cost::Value(50));
        assert_eq!(cost(Score::Value(30), Score::Value(40)), Cost::None);
        assert_eq!(cost(Score::Win(5), Score::Value(200)), Cost::Result);
        assert_eq!(cost(Score::Value(0), Score::Loss(7)), Cost::Result);
        assert_eq!(cost(Score::Loss(3), Score::Loss(1)), Cost::None);
        assert_eq!(cost(Score::Win(3), Score::Win(9)), Cost::None);
    }
}
