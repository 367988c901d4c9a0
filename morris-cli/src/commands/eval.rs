//! `morris eval`: what the static evaluation counts in a position, term by
//! term, and what it makes of it; with `--records`, the same terms for
//! every position of recorded games as CSV, one row each, for fitting the
//! weights of `morris_engine::params` to game results. With
//! `--tables`, the exact value of every position the endgame tables cover
//! too: labels that are right, where game results are only what two
//! engines made of a position.

use std::fs;
use std::io::Write;
use std::path::PathBuf;

use clap::Args;
use morris_core::{split_records, Color, Game, Position, Record};
use morris_engine::{terms, SideTerms, Tablebases, Wdl};
use morris_solver::Value;

use crate::error::CliError;
use crate::setup::PositionArgs;
use crate::table_files::{changed_tables, load_tables};

#[derive(Debug, Args)]
pub struct EvalArgs {
    #[command(flatten)]
    pub position: PositionArgs,

    /// Record files (as `morris match --records` writes them): print every
    /// position of every game as a CSV row instead
    #[arg(long = "records", value_name = "FILE")]
    pub records: Vec<PathBuf>,

    /// Endgame table files or folders of them: also show the exact value
    /// of a position they cover (with --records, as the columns `table`
    /// and `table_plies`)
    #[arg(long = "tables", value_name = "PATH")]
    pub tables: Vec<PathBuf>,
}

/// A named term of one side.
type Term = (&'static str, fn(&SideTerms) -> i32);

/// The terms in the order they are printed.
const TERMS: [Term; 12] = [
    ("material", |t| t.material),
    ("placed", |t| t.placed),
    ("mills", |t| t.mills),
    ("running", |t| t.running),
    ("free_running", |t| t.free_running),
    ("twos", |t| t.twos),
    ("closable", |t| t.closable),
    ("unblockable", |t| t.unblockable),
    ("slides", |t| t.slides),
    ("blocked", |t| t.blocked),
    ("liberties", |t| t.liberties),
    ("junctions", |t| t.junctions),
];

pub fn run(args: &EvalArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let tables = if args.tables.is_empty() {
        None
    } else {
        Some(load_tables(&args.tables).map_err(CliError::input)?)
    };
    if args.records.is_empty() {
        let game = args.position.game()?;
        breakdown(game.position(), tables.as_ref(), out)?;
        return tables.as_ref().map_or(Ok(()), changed_tables);
    }
    let given = !args.position.moves.is_empty()
        || args.position.position.is_some()
        || args.position.variant.is_some()
        || !args.position.set.is_empty();
    if given {
        return Err(CliError::input(
            "--records reads its positions from the records: no --position, --moves, --variant or --set",
        ));
    }
    csv(&args.records, tables.as_ref(), out)?;
    tables.as_ref().map_or(Ok(()), changed_tables)
}

/// The terms of both sides and the evaluation.
fn breakdown(pos: &Position, tables: Option<&Tablebases>, out: &mut dyn Write) -> Result<(), CliError> {
    let t = terms(pos);
    let us = pos.turn();
    let [mover, other] = t.sides;
    let (light, dark) = if us == Color::Light {
        (mover, other)
    } else {
        (other, mover)
    };
    writeln!(out, "{:<13} {:>8} {:>8}", "term", "light", "dark")?;
    writeln!(
        out,
        "{:<13} {:>8} {:>8}",
        "phase",
        light.phase.id(),
        dark.phase.id()
    )?;
    for (name, get) in TERMS {
        writeln!(out, "{name:<13} {:>8} {:>8}", get(&light), get(&dark))?;
    }
    let side = |s: &SideTerms| t.side_value(s);
    writeln!(out, "{:<13} {:>8} {:>8}", "points", side(&light), side(&dark))?;
    let value = t.value();
    let to_move = t.to_move();
    writeln!(out, "to move:      {us} ({to_move:+} for a mill it can close)")?;
    writeln!(
        out,
        "evaluation:   {value:+} for {us} ({:+.2})",
        f64::from(value) / 100.0
    )?;
    if let Some(tables) = tables {
        let exact = match tables.probe(pos) {
            Some(Value::Draw) => "draw".to_string(),
            Some(v) => {
                let word = Wdl::from(v).word();
                match v.plies() {
                    Some(n) => format!("{word} in {} for {us}", plies(n)),
                    // A win/draw/loss table's: who wins, not how soon.
                    None => format!("{word} for {us}"),
                }
            }
            None => "not covered".to_string(),
        };
        writeln!(out, "tables:       {exact}")?;
    }
    Ok(())
}

fn plies(n: u16) -> String {
    if n == 1 {
        "1 ply".into()
    } else {
        format!("{n} plies")
    }
}

/// The `table` and `table_plies` cells of a position: its exact value for
/// the side to move (1, 0.5 or 0) and the plies to the end of a won or
/// lost game (0 for a draw; empty from a win/draw/loss table, which does
/// not know them); both empty where the tables do not reach.
fn table_cells(tables: &Tablebases, pos: &Position) -> [String; 2] {
    let Some(value) = tables.probe(pos) else {
        return [String::new(), String::new()];
    };
    let plies = value.plies().map(|n| n.to_string()).unwrap_or_default();
    match value {
        Value::Win(_) => ["1".into(), plies],
        Value::Draw => ["0.5".into(), "0".into()],
        Value::Loss(_) => ["0".into(), plies],
    }
}

/// The result of a finished record for `c`: 1, 0.5 or 0; none if unfinished.
fn result_for(game: &Game, c: Color) -> Option<&'static str> {
    let o = game.outcome()?;
    Some(match o.winner {
        None => "0.5",
        Some(w) if w == c => "1",
        Some(_) => "0",
    })
}

/// Reads every game of `files` first, so that a bad file or record fails
/// before any row is written.
fn csv(files: &[PathBuf], tables: Option<&Tablebases>, out: &mut dyn Write) -> Result<(), CliError> {
    let mut games: Vec<(usize, usize, Game)> = Vec::new();
    for (f, path) in files.iter().enumerate() {
        let text = fs::read_to_string(path)
            .map_err(|e| CliError::input(format!("cannot read {}: {e}", path.display())))?;
        for (g, record) in split_records(&text).iter().enumerate() {
            let record: Record = record
                .parse()
                .map_err(|e| CliError::input(format!("{}, game {}: {e}", path.display(), g + 1)))?;
            games.push((f + 1, g + 1, record.game));
        }
    }
    let mut header: Vec<String> = ["file", "game", "ply", "to_move", "result", "pieces"]
        .map(String::from)
        .into();
    for side in ["us", "them"] {
        header.push(format!("{side}_phase"));
        header.extend(TERMS.iter().map(|(name, _)| format!("{side}_{name}")));
    }
    header.push("eval".into());
    if tables.is_some() {
        header.extend(["table", "table_plies"].map(String::from));
    }
    writeln!(out, "{}", header.join(","))?;
    for (f, g, game) in &games {
        for (ply, pos) in game.positions().iter().enumerate() {
            if pos.outcome().is_some() {
                continue;
            }
            let t = terms(pos);
            let mut row = vec![
                f.to_string(),
                g.to_string(),
                ply.to_string(),
                pos.turn().to_string(),
                result_for(game, pos.turn()).unwrap_or("").to_string(),
                t.pieces.to_string(),
            ];
            for s in &t.sides {
                row.push(s.phase.id().to_string());
                row.extend(TERMS.iter().map(|(_, get)| get(s).to_string()));
            }
            row.push(t.value().to_string());
            if let Some(tables) = tables {
                row.extend(table_cells(tables, pos));
            }
            writeln!(out, "{}", row.join(","))?;
        }
    }
    Ok(())
}
