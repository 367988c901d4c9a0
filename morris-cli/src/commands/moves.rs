//! `morris moves`: the legal turns of a position, one per line, sorted. A
//! finished game has none; the reason goes to stderr, and the status is 0.

use std::io::{self, Write};

use clap::Args;

use crate::error::CliError;
use crate::setup::PositionArgs;

#[derive(Debug, Args)]
pub struct MovesArgs {
    #[command(flatten)]
    pub position: PositionArgs,
}

pub fn run(args: &MovesArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let game = args.position.game()?;
    if let Some(outcome) = game.outcome() {
        writeln!(
            io::stderr(),
            "morris: the game is over: {outcome}; there are no legal turns"
        )?;
        return Ok(());
    }
    let pos = game.position();
    let mut texts: Vec<String> = game.legal_moves().into_iter().map(|m| pos.notation(m)).collect();
    texts.sort();
    for text in &texts {
        writeln!(out, "{text}")?;
    }
    Ok(())
}
