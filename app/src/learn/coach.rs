//! The first-game coach: a tip the first time each part of the game comes
//! up for the person at the screen (placing, a mill to take from, moving,
//! flying; in the world's rule sets also a pass, the removals when the
//! placing ends and a blocked player's removal), each shown once, with an
//! off switch that is remembered (`mulino.coach` in `localStorage`: `off`,
//! or the tips seen). What a tip says follows the rules on the table
//! (`coach_text`).

use morris_board::PartialTurn;
use morris_core::{Due, Move, Phase};

use crate::model::Model;

/// A tip of the coach.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tip {
    Place,
    Mill,
    Move,
    Fly,
    /// No move: the turn is passed.
    Pass,
    /// Pieces come off before the moving starts (the mills counted, a
    /// full board).
    Clearing,
    /// A blocked player's removal, or the opponent's answer to it.
    Blocked,
}

impl Tip {
    /// The tip's id (`data-coach`) and the end of its catalogue key.
    pub const fn id(self) -> &'static str {
        match self {
            Tip::Place => "place",
            Tip::Mill => "mill",
            Tip::Move => "move",
            Tip::Fly => "fly",
            Tip::Pass => "pass",
            Tip::Clearing => "clearing",
            Tip::Blocked => "blocked",
        }
    }

    const fn bit(self) -> u8 {
        1 << self as u8
    }

    /// The tip the table calls for now, if the person may act: a pass or
    /// a turn that only removes first, then a mill's removal, then what the
    /// side to move does.
    fn due(model: &Model) -> Option<Tip> {
        if !model.accepts_input() {
            return None;
        }
        let pos = model.game.position();
        let legal = model.game.legal_moves();
        if legal == [Move::PASS] {
            return Some(Tip::Pass);
        }
        if PartialTurn::removal_only(&legal) {
            return Some(match pos.due() {
                Some(Due::Own(_) | Due::Opposing(_)) => Tip::Clearing,
                Some(Due::NextTo) | None => Tip::Blocked,
            });
        }
        if model.turn.removing() {
            return Some(Tip::Mill);
        }
        Some(match pos.phase(pos.turn()) {
            Phase::Placing => Tip::Place,
            Phase::Moving => Tip::Move,
            Phase::Flying => Tip::Fly,
        })
    }

    /// Whether the moment of a tip on show lasts: a mill's tip goes with
    /// its removal, a pass's or a removal turn's with that turn, moving's
    /// at a turn that moves nothing, the others with the game or the
    /// phase they explain.
    fn lasts(self, model: &Model) -> bool {
        let pos = model.game.position();
        match self {
            _ if model.outcome().is_some() => false,
            Tip::Mill => model.turn.removing(),
            Tip::Place => pos.placements_left() > 0,
            Tip::Pass => model.game.legal_moves() == [Move::PASS],
            Tip::Clearing | Tip::Blocked => PartialTurn::removal_only(&model.game.legal_moves()),
            // Moving is not what a pass or a removal turn asks for.
            Tip::Move | Tip::Fly => {
                let legal = model.game.legal_moves();
                legal != [Move::PASS] && !PartialTurn::removal_only(&legal)
            }
        }
    }
}

/// The coach's state: on or off, the tips seen, the tip on show.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Default)]
pub struct Coach {
    pub off: bool,
    seen: u8,
    pub showing: Option<Tip>,
}

impl Coach {
    /// The coach as stored: `off`, or the tips seen as a number.
    pub fn load(stored: Option<&str>) -> Coach {
        match stored {
            Some("off") => Coach {
                off: true,
                ..Coach::default()
            },
            Some(s) => Coach {
                seen: s.parse().unwrap_or(0),
                ..Coach::default()
            },
            None => Coach::default(),
        }
    }

    /// What to store.
    pub fn stored(&self) -> String {
        if self.off {
            "off".into()
        } else {
            self.seen.to_string()
        }
    }

    pub fn seen(&self, tip: Tip) -> bool {
        self.seen & tip.bit() != 0
    }

    /// The coach after the table changed: a tip due and never seen is
    /// shown (and counts as seen); the tip on show stays while its moment
    /// lasts.
    pub fn update(self, model: &Model) -> Coach {
        if self.off {
            return self;
        }
        if let Some(tip) = Tip::due(model).filter(|&t| !self.seen(t)) {
            return Coach {
                seen: self.seen | tip.bit(),
                showing: Some(tip),
                ..self
            };
        }
        Coach {
            showing: self.showing.filter(|t| t.lasts(model)),
            ..self
        }
    }

    /// "Got it": the tip goes; the others still come.
    pub fn dismiss(self) -> Coach {
        Coach {
            showing: None,
            ..self
        }
    }

    /// "No more tips": off for good.
    pub fn turn_off(self) -> Coach {
        Coach {
            off: true,
            showing: None,
            ..self
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use morris_core::{Color, Game, Point, Position, Variant};

    use crate::link::Mode;
    use crate::model::Action;

    fn press(t: &mut Model, p: &str) {
        let point: Result<Point, _> = t.game.position().geometry().parse_point(p);
        let Ok(point) = point else { unreachable!("{p}") };
        t.apply(Action::Press(point));
    }

    fn from_position(text: &str, mode: Mode) -> Model {
        let Ok(pos) = text.parse::<Position>() else {
            unreachable!("{text}")
        };
        Model::new(Game::from_position(pos), mode)
    }

    #[test]
    fn tips_follow_a_first_game_each_once() {
        let mut t = Model::default();
        let mut c = Coach::default().update(&t);
        assert_eq!(c.showing, Some(Tip::Place));
        // Light builds a1 d1, dark plays elsewhere; the tip stays.
        for p in ["a1", "b2", "d1", "d2"] {
            press(&mut t, p);
            c = c.update(&t);
            assert_eq!(c.showing, Some(Tip::Place), "after {p}");
        }
        press(&mut t, "g1");
        c = c.update(&t);
        assert_eq!(c.showing, Some(Tip::Mill), "a mill: take a piece");
        press(&mut t, "b2");
        c = c.update(&t);
        assert_eq!(
            c.showing, None,
            "the mill's moment is over, placing was explained"
        );
        assert!(c.seen(Tip::Place) && c.seen(Tip::Mill) && !c.seen(Tip::Move));
        // Another mill later says nothing more.
        let again = Coach::load(Some(&c.stored()));
        assert_eq!(
            again.update(&Model::default()).showing,
            None,
            "placing, seen before a reload"
        );
    }

    #[test]
    fn moving_and_flying_come_when_the_person_has_them() {
        // Light to move, both hands empty: four light pieces, three dark.
        let moving = from_position("nine .D./DL./.../..L..L/.../L../.D. L 0/0 0/0 -", Mode::default());
        let c = Coach::default().update(&moving);
        assert_eq!(c.showing, Some(Tip::Move));
        // Dark to move with three: flying.
        let flying = from_position("nine .D./DL./.../..L..L/.../L../.D. D 0/0 0/0 -", Mode::default());
        let c = c.update(&flying);
        assert_eq!(c.showing, Some(Tip::Fly));
        assert_eq!(
            c.update(&moving).showing,
            Some(Tip::Fly),
            "a tip on show stays while its moment lasts"
        );
        assert!(!c.seen(Tip::Mill) && !c.seen(Tip::Place));
    }

    #[test]
    fn moving_is_not_on_show_at_a_pass_even_when_the_pass_was_explained() {
        let moving = from_position(
            "nine:blocked=pass .D./DL./.../..L..L/.../L../.D. L 0/0 0/0 -",
            Mode::default(),
        );
        let pass_seen = Coach::load(Some(&Tip::Pass.bit().to_string()));
        let c = pass_seen.update(&moving);
        assert_eq!(c.showing, Some(Tip::Move));
        let shut = from_position(
            "nine:blocked=pass LDL/.../.../D....D/.../.../LDL L 0/0 0/0 -",
            Mode::default(),
        );
        assert_eq!(
            c.update(&shut).showing,
            None,
            "no \"move a piece\" when only a pass is left"
        );
    }

    #[test]
    fn nothing_is_said_on_the_computers_turn() {
        let engine_moves = Mode::VsEngine {
            level: 3,
            human: Color::Dark,
        };
        let t = Model::new(Game::new(Variant::Nine.rules()), engine_moves);
        assert_eq!(Coach::default().update(&t).showing, None);
    }

    #[test]
    fn off_stays_off_and_dismissed_tips_stay_seen() {
        let t = Model::default();
        let c = Coach::default().update(&t).dismiss();
        assert_eq!(c.showing, None);
        assert_eq!(c.update(&t).showing, None, "a dismissed tip does not come back");
        let off = Coach::default().turn_off();
        assert_eq!(off.stored(), "off");
        let loaded = Coach::load(Some("off"));
        assert!(loaded.off);
        assert_eq!(loaded.update(&t).showing, None);
        assert_eq!(Coach::load(Some("junk")), Coach::default());
        assert_eq!(Coach::load(Some("1")).update(&t).showing, None, "placing seen");
    }
}
