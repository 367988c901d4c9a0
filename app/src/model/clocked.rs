//! The clocks around the reducer: every action is applied at a time
//! ([`Model::apply_at`]), and the clocks follow what it did to the game —
//! a turn completed starts the other side's clock, a take-back restores
//! the clocks of the position shown, a game over stops them, and a flag
//! that has fallen by then ends the game before the action counts (a turn
//! finished after the flag fell comes too late).
//!
//! In a room a page ends the game on time only for its own side (RULES.md
//! §6): it alone saw when its side's turn began. A room from the friend
//! that says this side's flag fell is accepted only when this side's own
//! clock agrees, within [`FLAG_GRACE_MS`]; the time the friend's turn
//! says they have left is taken up to what they had plus the increment.

use morris_core::{Color, Reason};

use super::{Action, Model};
use crate::clock::{Clocks, TimeControl};
use crate::link::Declared;

/// How much time may still be left on this side's clock when the friend's
/// page says it has run out (the time a message takes on its way).
pub const FLAG_GRACE_MS: u64 = 2_000;

impl Model {
    /// Applies one action at `now` (milliseconds on the page's clock).
    pub fn apply_at(&mut self, action: Action, now: u64) {
        // A room restored as the page loads runs from its first action.
        let (moves, over) = (self.game.moves().len(), self.outcome().is_some());
        let held = self.friend_held();
        if let Some(c) = self.clock.as_mut().filter(|_| !over && !held) {
            c.resume(moves, now);
        }
        self.flag_if_fallen(now, 0);
        if let Action::Remote(shared) = &action {
            if shared.end.is_some_and(|e| self.my_flag(e)) {
                self.flag_if_fallen(now, FLAG_GRACE_MS);
            }
        }
        let ply = self.game.moves().len();
        let replaced = self.replaced;
        let retake = matches!(action, Action::Undo | Action::Redo);
        let opened = match &action {
            Action::Open(o) => Some(o.clock.map(|(c, left)| Clocks::with_left(c, left))),
            _ => None,
        };
        let reported = match &action {
            Action::Remote(shared) => shared.clock.as_ref().map(|c| c.left),
            _ => None,
        };
        let heard = matches!(action, Action::Remote(_));
        self.apply(action);
        if heard || self.replaced != replaced || self.room.is_none() {
            self.friend_away = None;
        }
        if let Some(clock) = opened {
            // A game opened brings its own clocks, or none.
            self.clock = clock;
        }
        self.follow_clock(ply, replaced, retake, now);
        if let (Some(left), Some(c)) = (reported, self.clock.as_mut()) {
            let them = self.room.as_ref().map(|r| r.remote_color());
            if let Some(them) = them.filter(|_| self.game.moves().len() > ply) {
                c.report(them, left[them]);
            }
        }
        self.hold_for_friend(held, now);
    }

    /// Whether the friend far away is gone and it is their turn.
    fn friend_held(&self) -> bool {
        let turn = self.game.position().turn();
        self.friend_away.is_some() && self.room.as_ref().is_some_and(|r| r.remote_color() == turn)
    }

    /// While the friend is gone, their clock stands still here; it runs
    /// again from where it stood once they are back (`was`: it stood
    /// still before the action).
    fn hold_for_friend(&mut self, was: bool, now: u64) {
        let (turn, moves, over) = (
            self.game.position().turn(),
            self.game.moves().len(),
            self.outcome().is_some(),
        );
        let held = self.friend_held();
        let Some(c) = self.clock.as_mut() else { return };
        if held && c.since.is_some() {
            c.stop(turn, now);
        } else if was && !held && !over {
            c.resume(moves, now);
        }
    }

    /// Clocks for a game not yet begun at one screen (none once a turn is
    /// made).
    pub(crate) fn set_clock(&mut self, control: Option<TimeControl>) {
        if self.game.moves().is_empty() && self.outcome().is_none() {
            self.clock = control.map(Clocks::new);
        }
    }

    /// Whether a declared end is this side's flag, said by the friend.
    fn my_flag(&self, end: Declared) -> bool {
        self.room
            .as_ref()
            .is_some_and(|r| end == Declared::Flagged(r.my_color()))
    }

    /// Ends the game if the clock of the side to move shows at most
    /// `grace` at `now` (in a room, only this side's clock).
    fn flag_if_fallen(&mut self, now: u64, grace: u64) {
        let turn = self.game.position().turn();
        let Some(c) = self.clock.as_ref() else { return };
        let mine = self.room.as_ref().is_none_or(|r| r.my_color() == turn);
        let fallen = c.since.is_some() && c.left_at(turn, turn, now) <= grace;
        if mine && fallen && self.outcome().is_none() && self.game.flag(turn).is_ok() {
            self.draw_offer = None;
            self.confirm_resign = false;
            if let Some(r) = self.room.as_mut() {
                r.acted();
            }
            self.changed();
            if let Some(c) = self.clock.as_mut() {
                c.left[turn] = 0;
                c.since = None;
            }
        }
    }

    /// The clocks after an action that left `ply` turns played before it.
    fn follow_clock(&mut self, ply: usize, replaced: u32, retake: bool, now: u64) {
        let moves = self.game.moves().len();
        let outcome = self.outcome();
        let turn = self.game.position().turn();
        let positions = self.game.positions();
        let Some(c) = self.clock.as_mut() else { return };
        if self.replaced != replaced {
            c.resume(moves, now);
        } else if retake && moves != ply {
            c.restore(moves, now);
        } else {
            for (i, p) in positions.iter().enumerate().take(moves).skip(ply) {
                c.turn_done(p.turn(), i, now);
            }
        }
        if let Some(o) = outcome {
            c.stop(turn, now);
            if let (Reason::Time, Some(w)) = (o.reason, o.winner) {
                c.left[!w] = 0;
            }
        }
    }
}

impl Clocks {
    /// The friend's word on their time left after the turn just recorded:
    /// at most what they had when it began plus the increment.
    pub fn report(&mut self, mover: Color, left: u64) {
        let had = self.before_last().map_or(self.left[mover], |b| b[mover]);
        self.left[mover] = left.min(had.saturating_add(self.control.increment_ms));
        self.mark_last();
    }
}

#[cfg(test)]
mod tests {
    use morris_core::{Game, Outcome, Reason, Rules};

    use super::*;
    use crate::link::Mode;

    fn press(t: &mut Model, s: &str, now: u64) {
        let Ok(p) = t.game.position().geometry().parse_point(s) else {
            unreachable!("{s}")
        };
        t.apply_at(Action::Press(p), now);
    }

    /// A hot-seat game on `minutes + increment` clocks, as the dialog starts it.
    fn timed(minutes: u32, increment: u32) -> Model {
        let mut t = Model::default();
        t.apply_at(
            Action::NewGame {
                rules: Rules::default(),
                mode: Mode::default(),
            },
            0,
        );
        t.apply_at(Action::SetClock(Some(TimeControl::new(minutes, increment))), 0);
        t
    }

    fn left(t: &Model, c: Color, now: u64) -> u64 {
        let turn = t.game.position().turn();
        t.clock.as_ref().map_or(0, |k| k.left_at(c, turn, now))
    }

    #[test]
    fn the_side_to_move_runs_from_the_last_turn_and_gains_the_increment() {
        let mut t = timed(5, 3);
        press(&mut t, "a1", 10_000);
        assert_eq!(left(&t, Color::Light, 10_000), 300_000, "the first turn is free");
        assert_eq!(left(&t, Color::Dark, 25_000), 285_000);
        assert_eq!(left(&t, Color::Light, 25_000), 300_000, "light waits");
        press(&mut t, "b2", 25_000);
        assert_eq!(left(&t, Color::Dark, 99_000), 288_000, "15 s spent, 3 s added");
        assert_eq!(left(&t, Color::Light, 35_000), 290_000);
    }

    #[test]
    fn a_reload_keeps_the_clocks_and_the_score_at_one_screen() {
        let mut t = timed(5, 3);
        press(&mut t, "a1", 10_000);
        press(&mut t, "b2", 25_000); // dark spent 15 s, got 3 back
        t.tally.add(Some(Color::Light), Color::Light);
        t.tally.add(None, Color::Light);
        t.tally.pairing = Some(t.pairing());
        let saved = t.link();
        assert!(
            saved.contains("&clock=5%2B3&left=300000,288000&score=1-0-1"),
            "{saved}"
        );
        // The page loads again, much later: light's clock runs from the load.
        let Ok(opened) = crate::link::parse(&saved) else {
            unreachable!("{saved}")
        };
        let mut r = Model::default();
        r.apply_at(Action::Open(Box::new(opened)), 900_000);
        assert_eq!(left(&r, Color::Light, 905_000), 295_000);
        assert_eq!(left(&r, Color::Dark, 905_000), 288_000);
        let score = r.tally.score(None, Color::Light);
        assert_eq!((score.halves, score.games), ([3, 1], 2), "1½ – ½ after two games");
        press(&mut r, "d1", 910_000);
        assert_eq!(
            left(&r, Color::Light, 910_000),
            293_000,
            "10 s spent since the load, 3 s added"
        );
        // A link without clocks: no clocks; against the computer the
        // clocks come back with the game.
        let plain = crate::link::parse("variant=nine&moves=a1").ok();
        let mut p = Model::default();
        p.apply_at(Action::Open(Box::new(plain.unwrap_or_else(|| unreachable!()))), 0);
        assert!(p.clock.is_none() && p.tally.pairing.is_none());
        let engine = crate::link::parse("variant=nine&mode=vs-engine&level=3&clock=5+3&left=1,2").ok();
        assert_eq!(
            engine.and_then(|o| o.clock).map(|(c, _)| c),
            Some(TimeControl::new(5, 3)),
            "clocks against the computer too"
        );
    }

    #[test]
    fn a_flag_ends_the_game_on_time_even_between_a_mill_and_its_removal() {
        let mut t = timed(1, 0);
        let mut now = 0;
        for s in ["a1", "b2", "d1", "d2"] {
            now += 1_000;
            press(&mut t, s, now);
        }
        // Light spent a second on d1 and has 59 s left; it closes a mill
        // and has not chosen what to take when the flag falls.
        press(&mut t, "g1", now + 3_000);
        assert!(t.turn.removing());
        t.apply_at(Action::Tick, now + 58_999);
        assert!(t.outcome().is_none(), "a millisecond too early");
        t.apply_at(Action::Tick, now + 59_000);
        assert_eq!(t.outcome(), Some(Outcome::win(Color::Dark, Reason::Time)));
        assert!(!t.turn.removing(), "the unfinished turn is dropped");
        assert_eq!(t.game.moves().len(), 4);
        assert_eq!(left(&t, Color::Light, now + 90_000), 0);
        assert!(t.link().contains("&end=time-light&clock="), "{}", t.link());
    }

    #[test]
    fn a_turn_finished_after_the_flag_fell_comes_too_late() {
        let mut t = timed(1, 5);
        press(&mut t, "a1", 0);
        press(&mut t, "b2", 60_001);
        assert_eq!(t.outcome(), Some(Outcome::win(Color::Light, Reason::Time)));
        assert_eq!(t.game.move_texts(), ["a1"]);
    }

    #[test]
    fn undo_and_redo_bring_back_the_clocks_of_the_position_shown() {
        let mut t = timed(5, 0);
        press(&mut t, "a1", 0);
        press(&mut t, "b2", 20_000);
        press(&mut t, "c3", 50_000);
        t.apply_at(Action::Undo, 70_000);
        // Light to move again with what it had after a1; it runs from the undo.
        assert_eq!(left(&t, Color::Light, 80_000), 290_000);
        assert_eq!(left(&t, Color::Dark, 80_000), 280_000);
        t.apply_at(Action::Redo, 90_000);
        assert_eq!(left(&t, Color::Light, 90_000), 270_000);
        // A take-back after the flag fell lifts it, with the time of that position.
        t.apply_at(Action::Tick, 90_000 + 280_000);
        assert_eq!(t.outcome().map(|o| o.reason), Some(Reason::Time));
        t.apply_at(Action::Undo, 400_000);
        assert_eq!(t.outcome(), None);
        assert_eq!(left(&t, Color::Dark, 400_000), 280_000);
    }

    #[test]
    fn clocks_are_chosen_before_the_game_and_kept_for_a_rematch_only() {
        let mut t = timed(3, 2);
        press(&mut t, "a1", 0);
        t.apply_at(Action::SetClock(None), 1_000);
        assert!(t.clock.is_some(), "not once a turn is made");
        t.apply_at(Action::Resign, 2_000);
        t.apply_at(Action::Confirm, 2_000);
        t.apply_at(Action::Rematch, 3_000);
        t.apply_at(Action::AcceptRematch, 3_000);
        assert_eq!(t.clock.as_ref().map(|c| c.control), Some(TimeControl::new(3, 2)));
        assert_eq!(left(&t, Color::Light, 99_000), 180_000, "fresh clocks");
        t.apply_at(
            Action::NewGame {
                rules: Rules::default(),
                mode: Mode::VsEngine {
                    level: 1,
                    human: Color::Light,
                },
            },
            4_000,
        );
        assert_eq!(
            t.clock.as_ref().map(|c| c.control),
            Some(TimeControl::new(3, 2)),
            "a new game keeps the clocks until it says otherwise"
        );
        t.apply_at(Action::SetClock(None), 4_000);
        assert_eq!(t.clock, None);
        // Clocks against the computer: its turn runs on its own clock.
        t.apply_at(Action::SetClock(Some(TimeControl::new(1, 0))), 4_000);
        press(&mut t, "a1", 5_000);
        assert!(t.engine_to_move());
        t.apply_at(Action::Tick, 5_000 + 60_000);
        assert_eq!(
            t.outcome(),
            Some(Outcome::win(Color::Light, Reason::Time)),
            "the computer's flag falls too"
        );
        let mut u = Model::new(Game::new(Rules::default()), Mode::default());
        u.apply_at(Action::SetClock(Some(TimeControl::new(1, 0))), 0);
        let Ok(o) = crate::link::parse("#variant=nine&moves=a1") else {
            unreachable!()
        };
        u.apply_at(Action::Open(Box::new(o)), 10);
        assert_eq!(u.clock, None, "a link carries no clocks");
    }
}
