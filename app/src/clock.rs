//! The players' clocks (RULES.md §6): a time control, the time each side
//! has left, and which clock runs since when. Every method takes the time
//! it is asked at (`now`, milliseconds on the page's clock), so the rules
//! of the clocks are tested with explicit timestamps; the page reads the
//! time and ticks the display elsewhere (`hooks::use_clock`).
//!
//! Referee's decisions: no clock runs before the game's first turn (a
//! clock would otherwise run while the host waits for the guest, or while
//! a dialog closes); the clock of the side to move runs from the moment
//! the previous turn was completed; completing a turn while a clock runs
//! adds the increment to the mover's clock. Taking turns back (one screen
//! only) restores the clocks as they stood when the position shown arose,
//! so a take-back also takes back the time spent since.

use morris_core::{ByColor, Color};

/// The most minutes a clock may start with, and the most seconds added.
pub const MAX_MINUTES: u32 = 180;
pub const MAX_INCREMENT: u32 = 60;
/// The offered presets: minutes + increment in seconds.
pub const PRESETS: [(u32, u32); 3] = [(3, 2), (5, 3), (10, 5)];
/// A clock with less than this left (in ms) is shown as low.
pub const LOW_MS: u64 = 20_000;

/// Minutes for each side and seconds added after each turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TimeControl {
    /// The time each side starts with, in milliseconds.
    pub base_ms: u64,
    /// The time added to the mover's clock after each turn, in milliseconds.
    pub increment_ms: u64,
}

impl TimeControl {
    /// `minutes + increment`, each held to its bounds (at least a minute).
    pub fn new(minutes: u32, increment: u32) -> TimeControl {
        TimeControl {
            base_ms: u64::from(minutes.clamp(1, MAX_MINUTES)) * 60_000,
            increment_ms: u64::from(increment.min(MAX_INCREMENT)) * 1000,
        }
    }

    pub fn minutes(self) -> u32 {
        u32::try_from(self.base_ms / 60_000).unwrap_or(MAX_MINUTES)
    }

    pub fn increment(self) -> u32 {
        u32::try_from(self.increment_ms / 1000).unwrap_or(MAX_INCREMENT)
    }

    /// The short form, `5+3`: what the picker shows and the wire carries.
    pub fn text(self) -> String {
        format!("{}+{}", self.minutes(), self.increment())
    }

    /// Reads `5+3` (minutes + seconds); `None` if it is not that or out of
    /// bounds.
    pub fn parse(text: &str) -> Option<TimeControl> {
        let (m, i) = text.split_once('+')?;
        let (m, i): (u32, u32) = (m.parse().ok()?, i.parse().ok()?);
        ((1..=MAX_MINUTES).contains(&m) && i <= MAX_INCREMENT).then(|| TimeControl::new(m, i))
    }
}

/// Both clocks of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Clocks {
    pub control: TimeControl,
    /// The time each side had left when the running clock started.
    pub left: ByColor<u64>,
    /// When the clock of the side to move started; `None` while no clock
    /// runs (before the first turn, and once the game is over).
    pub since: Option<u64>,
    /// The time each side had left when the position after each turn
    /// arose (index 0: the start), for take-backs.
    marks: Vec<ByColor<u64>>,
}

impl Clocks {
    pub fn new(control: TimeControl) -> Clocks {
        Clocks::with_left(control, ByColor::new(control.base_ms, control.base_ms))
    }

    /// Clocks with this much left on each (a room as received).
    pub fn with_left(control: TimeControl, left: ByColor<u64>) -> Clocks {
        Clocks {
            control,
            left,
            since: None,
            marks: Vec::new(),
        }
    }

    /// The time `color` has left at `now`, with `turn` to move.
    pub fn left_at(&self, color: Color, turn: Color, now: u64) -> u64 {
        match self.since {
            Some(since) if color == turn => self.left[color].saturating_sub(now.saturating_sub(since)),
            _ => self.left[color],
        }
    }

    /// When the clock of `turn` reaches zero, if it runs.
    pub fn deadline(&self, turn: Color) -> Option<u64> {
        self.since.map(|since| since.saturating_add(self.left[turn]))
    }

    /// `mover` completed the turn that led from the position after `ply`
    /// turns to the next one, at `now`: their clock stops (with the
    /// increment, if it ran) and the other side's starts.
    pub fn turn_done(&mut self, mover: Color, ply: usize, now: u64) {
        if self.since.is_some() {
            let left = self.left_at(mover, mover, now);
            self.left[mover] = left.saturating_add(self.control.increment_ms);
        }
        self.since = Some(now);
        self.marks.truncate(ply + 1);
        while self.marks.len() <= ply {
            self.marks.push(self.left);
        }
        self.marks.push(self.left);
    }

    /// Stops the clocks at `now` (the game is over), `turn` to move.
    pub fn stop(&mut self, turn: Color, now: u64) {
        self.left[turn] = self.left_at(turn, turn, now);
        self.since = None;
    }

    /// Back (or forward again) to the position after `ply` turns: the
    /// clocks as they stood when it arose; the side to move runs from `now`
    /// (no clock runs before the first turn).
    pub fn restore(&mut self, ply: usize, now: u64) {
        if let Some(&left) = self.marks.get(ply) {
            self.left = left;
        }
        self.since = (ply > 0).then_some(now);
    }

    /// The clocks as they stood before the last turn recorded.
    pub(crate) fn before_last(&self) -> Option<ByColor<u64>> {
        self.marks
            .len()
            .checked_sub(2)
            .and_then(|i| self.marks.get(i))
            .copied()
    }

    /// Records the clocks now as those after the last turn.
    pub(crate) fn mark_last(&mut self) {
        if let Some(m) = self.marks.last_mut() {
            *m = self.left;
        }
    }

    /// Starts the clock of the side to move at `now` if a turn has been
    /// made and none runs (a room opened here from a link or from storage).
    pub fn resume(&mut self, ply: usize, now: u64) {
        if ply > 0 && self.since.is_none() {
            self.since = Some(now);
        }
    }
}

/// The time each side has left, as a room carries it: `light,dark` in ms.
pub fn left_text(left: ByColor<u64>) -> String {
    format!("{},{}", left.light, left.dark)
}

/// Reads [`left_text`].
pub fn parse_left(text: &str) -> Option<ByColor<u64>> {
    let (l, d) = text.split_once(',')?;
    Some(ByColor::new(l.parse().ok()?, d.parse().ok()?))
}

/// A clock's time as shown: `m:ss`, and tenths under ten seconds after the
/// language's `decimal` separator (`0:07.3`, `0:07,3`); hours as `h:mm:ss`.
pub fn format_left(ms: u64, decimal: char) -> String {
    let secs = ms / 1000;
    let (h, m, s) = (secs / 3600, secs / 60 % 60, secs % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else if ms < 10_000 {
        format!("{m}:{s:02}{decimal}{}", ms / 100 % 10)
    } else {
        format!("{m}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use Color::{Dark, Light};

    fn five_three() -> Clocks {
        Clocks::new(TimeControl::new(5, 3))
    }

    #[test]
    fn time_controls_read_and_write_and_keep_to_their_bounds() {
        assert_eq!(TimeControl::parse("5+3"), Some(TimeControl::new(5, 3)));
        assert_eq!(TimeControl::new(5, 3).text(), "5+3");
        assert_eq!(TimeControl::new(10, 5).base_ms, 600_000);
        for bad in ["5", "0+3", "181+0", "5+61", "a+b", "5+-1", ""] {
            assert_eq!(TimeControl::parse(bad), None, "{bad}");
        }
        assert_eq!(TimeControl::new(0, 99), TimeControl::new(1, MAX_INCREMENT));
    }

    #[test]
    fn no_clock_runs_before_the_first_turn() {
        let mut c = five_three();
        assert_eq!(c.left_at(Light, Light, 1_000_000), 300_000);
        assert_eq!(c.deadline(Light), None);
        // Light's first turn takes 40 s and costs nothing, adds nothing.
        c.turn_done(Light, 0, 40_000);
        assert_eq!(c.left[Light], 300_000);
        assert_eq!(c.deadline(Dark), Some(340_000));
    }

    #[test]
    fn only_the_side_to_move_runs_and_the_increment_follows_each_turn() {
        let mut c = five_three();
        c.turn_done(Light, 0, 0);
        assert_eq!(c.left_at(Dark, Dark, 10_000), 290_000);
        assert_eq!(c.left_at(Light, Dark, 10_000), 300_000, "light waits");
        c.turn_done(Dark, 1, 10_000);
        assert_eq!(c.left[Dark], 293_000, "10 s spent, 3 s added");
        assert_eq!(c.left_at(Dark, Light, 50_000), 293_000);
        assert_eq!(c.left_at(Light, Light, 50_000), 260_000);
        c.turn_done(Light, 2, 50_000);
        assert_eq!(c.left[Light], 263_000);
    }

    #[test]
    fn the_flag_falls_at_the_deadline_and_stopped_clocks_keep_their_time() {
        let mut c = Clocks::new(TimeControl::new(1, 0));
        c.turn_done(Light, 0, 5);
        assert_eq!(c.deadline(Dark), Some(60_005));
        assert_eq!(c.left_at(Dark, Dark, 60_004), 1);
        assert_eq!(c.left_at(Dark, Dark, 60_005), 0);
        assert_eq!(c.left_at(Dark, Dark, 99_999), 0, "never below zero");
        c.stop(Dark, 20_005);
        assert_eq!(c.left[Dark], 40_000);
        assert_eq!(c.left_at(Dark, Dark, 1_000_000), 40_000, "a stopped clock stays");
        assert_eq!(c.deadline(Dark), None);
    }

    #[test]
    fn a_take_back_restores_the_clocks_of_the_position_shown() {
        let mut c = five_three();
        c.turn_done(Light, 0, 0);
        c.turn_done(Dark, 1, 20_000);
        c.turn_done(Light, 2, 30_000);
        let after_three = c.left;
        assert_eq!(after_three, ByColor::new(293_000, 283_000));
        // Back to the position after two turns, at 100 s: light runs again
        // with what it had then.
        c.restore(2, 100_000);
        assert_eq!(c.left, ByColor::new(300_000, 283_000));
        assert_eq!(c.left_at(Light, Light, 101_000), 299_000);
        // Forward again: the clocks as they were after the third turn.
        c.restore(3, 200_000);
        assert_eq!(c.left, after_three);
        // Back to the start: no clock runs.
        c.restore(0, 300_000);
        assert_eq!(c.since, None);
        assert_eq!(c.left, ByColor::new(300_000, 300_000));
        // A different turn from there forgets the old future.
        c.turn_done(Light, 0, 400_000);
        c.restore(3, 500_000);
        assert_eq!(c.left, ByColor::new(300_000, 300_000));
    }

    #[test]
    fn times_are_shown_as_a_clock_reads() {
        assert_eq!(format_left(300_000, '.'), "5:00");
        assert_eq!(format_left(61_999, '.'), "1:01");
        assert_eq!(format_left(10_000, '.'), "0:10");
        assert_eq!(format_left(9_950, '.'), "0:09.9");
        assert_eq!(format_left(9_950, ','), "0:09,9");
        assert_eq!(format_left(0, '.'), "0:00.0");
        assert_eq!(format_left(3_723_000, ','), "1:02:03");
    }
}
