//! The options every command shares to say which position it works on, and
//! the help text that lists the variants and rule options.
//!
//! `--variant` and `--set` give the rules of a new game; `--position` starts
//! from a written position instead, which names its own variant, so
//! `--variant` is refused beside it while `--set` changes options on top of
//! the position's rules (all but `board`, which the piece layout depends
//! on). `--moves` is then played from that start.
//!
//! The search's resources (`--hash`, `--threads`) are checked here too, the
//! same for every command that searches.

use std::fmt::Write as _;

use clap::Args;
use morris_core::{
    parse_turns, Game, IllegalReason, MoveError, Position, RuleKey, Rules, Setup, TurnList, TurnListError,
    TurnsError, Variant, MAX_RECORD_TURNS,
};
use morris_engine::MAX_THREADS;

use crate::error::CliError;

/// The largest transposition table a command takes, in megabytes.
pub const MAX_HASH_MB: usize = 4096;

/// Checks `--hash` (megabytes) and `--threads`.
pub fn check_search_resources(hash: usize, threads: usize) -> Result<(), CliError> {
    if !(1..=MAX_HASH_MB).contains(&hash) {
        return Err(CliError::input(format!(
            "--hash takes 1 to {MAX_HASH_MB} megabytes"
        )));
    }
    if !(1..=MAX_THREADS).contains(&threads) {
        return Err(CliError::input(format!("--threads takes 1 to {MAX_THREADS}")));
    }
    Ok(())
}

/// Which position a command works on.
#[derive(Debug, Args)]
pub struct PositionArgs {
    /// The variant of a new game [default: nine]
    #[arg(long, value_name = "ID", long_help = variant_long_help())]
    pub variant: Option<String>,

    /// Set a rule option, as KEY=VALUE; repeat for several
    #[arg(long = "set", value_name = "KEY=VALUE", long_help = set_long_help())]
    pub set: Vec<String>,

    /// Start from this position text instead of the empty board
    /// (it names its own variant; --set still applies on top, except board=)
    #[arg(long, value_name = "TEXT")]
    pub position: Option<String>,

    /// Turns to play first, in notation, separated by spaces: "d6 d5 d6-d5xb4";
    /// a removal may be its own token ("d6-d5 xb4"), move numbers ("1.") are skipped
    #[arg(long, value_name = "MOVES", allow_hyphen_values = true)]
    pub moves: Vec<String>,
}

impl PositionArgs {
    /// The game: the start position with `--moves` played.
    pub fn game(&self) -> Result<Game, CliError> {
        let mut game = Game::from_position(self.start()?);
        let list = turns(&self.moves)?;
        if let Err(e) = game.play_turns(&list) {
            return Err(CliError::input(illegal_turn(&e, &game)));
        }
        Ok(game)
    }

    /// The position before `--moves`.
    fn start(&self) -> Result<Position, CliError> {
        let Some(text) = &self.position else {
            return Ok(Position::new(rules_from(self.variant.as_deref(), &self.set)?));
        };
        if let Some(variant) = &self.variant {
            return Err(CliError::input(format!(
                "--variant {} cannot be combined with --position: the position text names its variant (use --set to change options)",
                cut(variant)
            )));
        }
        let mut setup: Setup = text.parse().map_err(|e| CliError::input(format!("{e}")))?;
        let board = setup.rules.board;
        for pair in &self.set {
            setup
                .rules
                .apply(pair)
                .map_err(|e| CliError::input(format!("{e}")))?;
        }
        if setup.rules.board != board {
            return Err(CliError::input(format!(
                "--set board={} cannot change the board of a --position (it is {board})",
                setup.rules.board
            )));
        }
        setup
            .rules
            .validate()
            .map_err(|e| CliError::input(format!("{e}")))?;
        setup
            .position()
            .map_err(|e| CliError::input(format!("bad position: {e}")))
    }
}

/// A user's text cut to a length that fits in a one-line message.
/// The rules of `--variant` (nine when absent) with the `--set` options applied.
pub fn rules_from(variant: Option<&str>, set: &[String]) -> Result<Rules, CliError> {
    let variant: Variant = variant
        .unwrap_or("nine")
        .parse()
        .map_err(|e| CliError::input(format!("{e}")))?;
    Rules::with_options(variant, set.iter().map(String::as_str)).map_err(|e| CliError::input(format!("{e}")))
}

fn cut(s: &str) -> String {
    s.chars().take(32).collect()
}

/// Splits the `--moves` values into turns, skipping move numbers; a
/// removal written as its own token (`xb4`) joins the turn before it or is
/// a turn that only removes, as the position decides when it is played.
fn turns(values: &[String]) -> Result<TurnList, CliError> {
    let list = parse_turns(&values.join(" "), MAX_RECORD_TURNS).map_err(|e| match e {
        TurnListError::Syntax { ply, source } => CliError::input(format!(
            "`{}` is not a move (move {ply}): {}",
            source.token, source.problem
        )),
        TurnListError::StrayRemoval(token) => CliError::input(format!(
            "`{}` is a removal with no move before it to belong to",
            cut(&token)
        )),
        TurnListError::TooManyTurns(n) => CliError::input(format!("--moves has more than {n} turns")),
    })?;
    if let Some(result) = list.result {
        return Err(CliError::input(format!(
            "`{result}` is a result, not a move: --moves takes turns only"
        )));
    }
    Ok(list)
}

/// "illegal move `TEXT` (move N): REASON", for a turn of a list that could
/// not be played (`--moves`, the engine's `position … moves`); `game` is
/// the game where the list stopped.
pub fn illegal_turn(e: &TurnsError, game: &Game) -> String {
    match &e.source {
        MoveError::Illegal(i) => {
            let reason = match (&i.reason, game.outcome()) {
                (IllegalReason::GameOver, Some(o)) => format!("the game is already over, {o}"),
                (r, _) => r.to_string(),
            };
            format!("illegal move `{}` (move {}): {reason}", cut(&i.text), e.ply)
        }
        MoveError::Syntax(p) => format!(
            "`{}` is not a move (move {}): {}",
            cut(&p.token),
            e.ply,
            p.problem
        ),
    }
}

/// The list of rule options, for `--set`'s long help.
fn set_long_help() -> String {
    let mut help = String::from(
        "Set a rule option, as KEY=VALUE; repeat for several. \
         With --position, options are changed on top of the position's rules.\n\nRule options:\n",
    );
    help.push_str(&rule_options_list());
    help
}

/// Every option `--set` takes, those of RULES.md §7 too: `RuleKey::every()`,
/// since a help that left some out would hide options the parser accepts.
fn rule_options_list() -> String {
    let mut list = String::new();
    for key in RuleKey::every() {
        let pair = format!("{}={}", key.key(), key.values());
        let _ = writeln!(list, "  {pair:<42} {}", key.description());
    }
    list
}

/// The variants and how each differs from the standard game: every one
/// `--variant` takes (`Variant::every()`, the world's sets of RULES.md §7.8
/// with the classic ones), each with every option it changes, §7's too.
fn variants_list() -> String {
    let mut list = String::new();
    let standard = Variant::Nine.rules();
    for v in Variant::every() {
        let changes: Vec<String> = RuleKey::every()
            .filter(|&k| v.rules().get(k) != standard.get(k))
            .map(|k| format!("{}={}", k.key(), v.rules().get(k)))
            .collect();
        let line = format!("  {:<18} {:<21} {}", v.id(), v.name(), changes.join(" "));
        let _ = writeln!(list, "{}", line.trim_end());
    }
    list
}

/// The variants, for `--variant`'s long help.
fn variant_long_help() -> String {
    format!("The variant of a new game [default: nine]. Not with --position, whose text names its variant.\n\nVariants:\n{}", variants_list())
}

/// The rule options and the variants, for the main help.
pub fn options_help() -> String {
    let mut help = String::from("Rule options (--set KEY=VALUE, repeatable):\n");
    help.push_str(&rule_options_list());
    help.push_str("\nVariants (--variant ID, default nine):\n");
    help.push_str(&variants_list());
    help.push_str(
        "\nA position text (--position) names its own variant: --variant is refused with it, \
         --set applies on top of its rules. Moves are written d6, d6-d5, d6-d5xb4.",
    );
    help
}

/// The rules of a table or a book: a variant and options on top of it.
#[derive(Debug, Args)]
pub struct RulesArgs {
    /// The variant [default: nine]
    #[arg(long, value_name = "ID")]
    pub variant: Option<String>,

    /// Set a rule option, as KEY=VALUE; repeat for several
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,
}
