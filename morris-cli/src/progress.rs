//! How far a long command is (`tb generate`, `tb flat`, `tb book`,
//! `tb puzzles`, `match`, `review`): on a terminal, bars on standard error
//! saying what is being done, how far it is and the time left; anywhere
//! else (a pipe, a file, CI) nothing at all, and the commands' lines on
//! standard output are what they always were, one a class, file or game.
//!
//! A hidden bar ([`ProgressBar::hidden`]) takes every call and draws
//! nothing, so the commands drive their bars the same either way. Lines
//! written while a bar is drawn go through [`ProgressBar::suspend`] (or
//! [`Bars::say`]), which takes the bar off the screen and draws it again
//! below them.

use std::io::IsTerminal;
use std::sync::Mutex;

use indicatif::{MultiProgress, ProgressBar, ProgressDrawTarget, ProgressFinish, ProgressStyle};
use morris_core::Rules;
use morris_solver::{Class, Numbering, Progress, Stage};

/// The environment variable that turns the bars off even on a terminal
/// (`MORRIS_PROGRESS=0`).
pub const PROGRESS_ENV: &str = "MORRIS_PROGRESS";

/// Whether bars are drawn: standard error is a terminal and
/// [`PROGRESS_ENV`] does not say `0` or `off`.
pub fn shown() -> bool {
    let off = std::env::var(PROGRESS_ENV).is_ok_and(|v| matches!(v.trim(), "0" | "off" | "no"));
    !off && std::io::stderr().is_terminal()
}

/// The look of a bar counting `unit`s, with a message before it.
fn style(unit: &str) -> ProgressStyle {
    let template = format!(
        "{{msg}} [{{bar:28}}] {{percent:>3}}% {{human_pos}}/{{human_len}} {unit}, {{elapsed}} gone, {{eta}} left"
    );
    ProgressStyle::with_template(&template)
        .unwrap_or_else(|_| ProgressStyle::default_bar())
        .progress_chars("=> ")
}

/// A bar over `total` `unit`s that says `what` before it, drawn on
/// standard error if [`shown`], else hidden; taken off the screen when
/// dropped (a command that stops on an error leaves no bar behind).
pub fn bar(total: u64, what: impl Into<String>, unit: &str) -> ProgressBar {
    let bar = hidden_bar(total, what, unit);
    if shown() {
        bar.set_draw_target(ProgressDrawTarget::stderr());
    }
    bar
}

/// [`bar`], drawn nowhere yet: set up whole before it is first drawn.
fn hidden_bar(total: u64, what: impl Into<String>, unit: &str) -> ProgressBar {
    let bar = ProgressBar::hidden()
        .with_style(style(unit))
        .with_message(what.into())
        .with_finish(ProgressFinish::AndClear);
    bar.set_length(total);
    bar
}

/// The bars of a run of `tb generate`: every class it solves (weighted
/// by entries, two steps an entry: its moves and its pass back), and the
/// stage of the class at hand. It is the solver's [`Progress`].
#[derive(Debug)]
pub struct Bars {
    rules: Rules,
    all: ProgressBar,
    stage: ProgressBar,
    /// The class and stage at hand, for the message of each distance.
    now: Mutex<String>,
    multi: Option<MultiProgress>,
}

impl Bars {
    /// Bars for solving classes of `rules` with `entries` entries in all
    /// (see [`Bars::entries`]).
    pub fn new(rules: Rules, entries: u64) -> Bars {
        let all = hidden_bar(2 * entries, "every class", "steps");
        let stage = hidden_bar(0, "starting", "entries");
        let multi = shown().then(|| MultiProgress::with_draw_target(ProgressDrawTarget::stderr()));
        if let Some(multi) = &multi {
            // The bars share their state with their clones: these are them.
            multi.add(all.clone());
            multi.add(stage.clone());
        }
        Bars {
            rules,
            all,
            stage,
            now: Mutex::new(String::new()),
            multi,
        }
    }

    /// The entries of a class of `rules` (0 if it does not fit the board).
    pub fn entries(rules: Rules, class: Class) -> u64 {
        morris_solver::SymIndexer::new(rules, class).map_or(0, |s| s.len())
    }

    /// A class counted in [`Bars::new`] that is not solved after all (its
    /// table is kept): the whole run is that much shorter.
    pub fn skip(&self, entries: u64) {
        self.all.dec_length(2 * entries);
    }

    /// What is being done now, on the stage bar, with nothing to count
    /// (writing a file).
    pub fn doing(&self, what: String) {
        self.stage.set_message(what);
    }

    /// Runs `write` with the bars off the screen: lines for the output.
    pub fn say<T>(&self, write: impl FnOnce() -> T) -> T {
        match &self.multi {
            Some(multi) => multi.suspend(write),
            None => write(),
        }
    }

    /// Takes the bars off the screen for good (as dropping them does).
    pub fn finish(&self) {
        self.stage.finish_and_clear();
        self.all.finish_and_clear();
    }
}

impl Drop for Bars {
    fn drop(&mut self) {
        self.finish();
    }
}

impl Progress for Bars {
    fn begin(&self, class: Class, stage: Stage, total: u64) {
        let what = format!("{} {}v{}: {}", self.rules, class.light, class.dark, stage.word());
        self.stage.set_message(what.clone());
        self.stage.reset();
        self.stage.set_length(total);
        if let Ok(mut now) = self.now.lock() {
            *now = what;
        }
    }

    fn advance(&self, done: u64) {
        self.stage.inc(done);
        self.all.inc(done);
    }

    fn distance(&self, distance: u16) {
        if let Ok(now) = self.now.lock() {
            self.stage
                .set_message(format!("{now}, {distance} plies from the end"));
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;
    use morris_core::Variant;
    use morris_solver::Tablebase;

    /// Over a run that skips one class (kept) and solves the others, the
    /// bar of every class ends at its length, and the stage bar at the
    /// entries of the last class; off a terminal nothing is drawn.
    #[test]
    fn the_bars_reach_their_ends() {
        let rules = Variant::Six.rules();
        let classes = [Class::moving(3, 3), Class::moving(4, 3), Class::moving(4, 4)];
        let entries: u64 = classes.iter().map(|&c| Bars::entries(rules, c)).sum();
        assert!(entries > 0);
        let bars = Bars::new(rules, entries);
        assert_eq!(bars.all.length(), Some(2 * entries));
        let mut tb = Tablebase::new(rules);
        // 3v3 "kept": solved without the bars, taken off the total.
        assert!(tb.solve(3, 3).is_ok());
        bars.skip(Bars::entries(rules, classes[0]));
        let mut seen = 0;
        for c in &classes[1..] {
            assert!(tb.solve_with(c.light, c.dark, &bars).is_ok());
            assert!(bars.all.position() > seen);
            seen = bars.all.position();
        }
        assert_eq!(bars.all.position(), bars.all.length().unwrap());
        assert_eq!(bars.stage.length(), Some(Bars::entries(rules, classes[2])));
        assert_eq!(bars.stage.position(), bars.stage.length().unwrap());
        assert!(bars.stage.is_hidden() && bars.multi.is_none());
    }
}
