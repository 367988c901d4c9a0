//! `morris show`: the board drawn in text, then the position text and what
//! a player needs to know about the position.

use std::io::Write;

use clap::Args;
use morris_core::{Color, RuleKey};

use crate::diagram;
use crate::error::CliError;
use crate::setup::PositionArgs;

#[derive(Debug, Args)]
pub struct ShowArgs {
    #[command(flatten)]
    pub position: PositionArgs,
}

pub fn run(args: &ShowArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let game = args.position.game()?;
    let pos = game.position();
    let rules = pos.rules();
    let both = |f: &dyn Fn(Color) -> String| format!("light {}, dark {}", f(Color::Light), f(Color::Dark));

    write!(out, "{}", diagram::draw(pos))?;
    writeln!(out)?;
    writeln!(out, "position: {pos}")?;
    writeln!(out, "variant:  {} ({})", rules.variant.id(), rules.variant.name())?;
    // Every option (`RuleKey::every()`): a §7 set differs from the
    // classic game in options `RuleKey::ALL` leaves out.
    let options: Vec<String> = RuleKey::every()
        .map(|k| format!("{}={}", k.key(), rules.get(k)))
        .collect();
    writeln!(out, "rules:    {}", options.join(" "))?;
    if !game.moves().is_empty() {
        writeln!(out, "moves:    {}", game.move_texts().join(" "))?;
    }
    writeln!(out, "to move:  {}", pos.turn())?;
    writeln!(out, "phase:    {}", both(&|c| pos.phase(c).id().to_string()))?;
    writeln!(out, "in hand:  {}", both(&|c| pos.in_hand(c).to_string()))?;
    writeln!(out, "on board: {}", both(&|c| pos.pieces(c).count().to_string()))?;
    match game.outcome() {
        Some(outcome) => writeln!(out, "outcome:  {outcome}")?,
        None => writeln!(out, "legal:    {} turns", game.legal_moves().len())?,
    }
    Ok(())
}
