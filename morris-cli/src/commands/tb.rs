//! `morris tb`: generate the table of a piece-count class into a file, and
//! probe a position in such a file.

use std::fs;
use std::path::PathBuf;
use std::time::Instant;

use std::io::Write;

use clap::{Args, Subcommand};
use morris_core::solve::{self, Class, Tablebase, Value};
use morris_core::{Position, Setup};

use crate::error::CliError;
use crate::setup::rules_from;

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
    /// Print the value of a position from table files: "win in N", "draw"
    /// or "loss in N" (plies, for the side to move)
    Probe(ProbeArgs),
}

#[derive(Debug, Args)]
pub struct GenerateArgs {
    /// The variant [default: nine]
    #[arg(long, value_name = "ID")]
    pub variant: Option<String>,

    /// Set a rule option, as KEY=VALUE; repeat for several
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,

    /// The class: light and dark pieces on the board, both hands empty, as `LvD` (`3v3`, `4v3`)
    #[arg(long, value_name = "LvD")]
    pub class: String,

    /// The file to write
    #[arg(long, value_name = "FILE")]
    pub out: PathBuf,
}

#[derive(Debug, Args)]
pub struct ProbeArgs {
    /// A table file; repeat for several classes
    #[arg(long, value_name = "FILE", required = true)]
    pub table: Vec<PathBuf>,

    /// The position text
    #[arg(long, value_name = "TEXT")]
    pub position: String,
}

pub fn run(args: &TbArgs, out: &mut dyn Write) -> Result<(), CliError> {
    match &args.command {
        TbCommand::Generate(a) => generate(a, out),
        TbCommand::Probe(a) => probe(a, out),
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
    let rules = rules_from(args.variant.as_deref(), &args.set)?;
    let (light, dark) = parse_class(&args.class)?;
    if u32::from(light) > u32::from(rules.pieces) || u32::from(dark) > u32::from(rules.pieces) {
        return Err(CliError::input(format!(
            "class {light}v{dark} has more pieces than the {} of `{rules}`",
            rules.pieces
        )));
    }
    let started = Instant::now();
    let mut tb = Tablebase::new(rules);
    let table = tb
        .solve(light, dark)
        .map_err(|e| CliError::input(format!("cannot solve {light}v{dark} of `{rules}`: {e}")))?;
    let secs = started.elapsed().as_secs_f64();
    let bytes = solve::write(table);
    fs::write(&args.out, &bytes)
        .map_err(|e| CliError::input(format!("cannot write {}: {e}", args.out.display())))?;
    let (w, d, l) = table.counts();
    writeln!(
        out,
        "{rules} {light}v{dark}: {} positions, {w} won, {d} drawn, {l} lost for the side to move, longest {} plies; solved in {secs:.1} s",
        table.len(),
        table.max_distance()
    )?;
    writeln!(out, "wrote {} bytes to {}", bytes.len(), args.out.display())?;
    Ok(())
}

fn probe(args: &ProbeArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let setup: Setup = args
        .position
        .parse()
        .map_err(|e| CliError::input(format!("{e}")))?;
    let pos: Position = setup
        .position()
        .map_err(|e| CliError::input(format!("bad position: {e}")))?;
    let mut tb = Tablebase::new(*pos.rules());
    for path in &args.table {
        let bytes =
            fs::read(path).map_err(|e| CliError::input(format!("cannot read {}: {e}", path.display())))?;
        let table = solve::read_for(&bytes, pos.rules())
            .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
        tb.insert(table)
            .map_err(|e| CliError::input(format!("{}: {e}", path.display())))?;
    }
    let value = tb.probe(&pos).ok_or_else(|| {
        let c = Class::of(&pos);
        let hands = if c.light_hand > 0 || c.dark_hand > 0 {
            format!(" with {}/{} in hand", c.light_hand, c.dark_hand)
        } else {
            String::new()
        };
        CliError::input(format!(
            "no table holds the position's class {}v{}{hands}",
            c.light, c.dark
        ))
    })?;
    match value {
        Value::Win(n) => writeln!(out, "win in {n}")?,
        Value::Draw => writeln!(out, "draw")?,
        Value::Loss(n) => writeln!(out, "loss in {n}")?,
    }
    Ok(())
}
