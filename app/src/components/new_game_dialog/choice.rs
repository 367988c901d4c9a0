//! What the new-game dialog holds while it is open: the rules, who plays,
//! and which rule option the player touched last (where a conflict is
//! explained); how a field's change updates it.

use morris_core::{Color, RuleKey, Rules};
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::clock::TimeControl;
use crate::link::{Mode, DEFAULT_LEVEL, MAX_LEVEL};

/// The dialog's choices.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Choice {
    pub rules: Rules,
    pub engine: bool,
    pub level: u8,
    pub human: Color,
    /// The colour is drawn by lot when the game starts.
    pub random: bool,
    pub room: bool,
    /// Of the options that can conflict (pieces and board; marking the
    /// pieces a placing mill takes, and the captures without a mill), the
    /// one changed last: the conflict is said next to it.
    pub culprit: RuleKey,
    /// The clocks.
    pub clock: Option<TimeControl>,
}

impl Choice {
    /// The choices a dialog opens with: the game on the table's.
    pub fn open(rules: Rules, mode: Mode, room: bool, clock: Option<TimeControl>) -> Choice {
        let (engine, level, human) = match mode {
            Mode::TwoPlayers { .. } => (false, DEFAULT_LEVEL, Color::Light),
            Mode::VsEngine { level, human } => (true, level, human),
        };
        Choice {
            rules,
            engine: engine && !room,
            level,
            human,
            random: false,
            room,
            culprit: RuleKey::Pieces,
            clock,
        }
    }

    /// The choices with the colour drawn, if it is drawn by lot: `coin`
    /// is a number in [0, 1) (light below a half).
    pub fn drawn(self, coin: f64) -> Choice {
        if !self.random {
            return self;
        }
        let human = if coin < 0.5 { Color::Light } else { Color::Dark };
        Choice {
            human,
            random: false,
            ..self
        }
    }

    /// Who sits where in the game chosen (in a room, the bottom seat's
    /// colour is the host's).
    pub fn mode(&self) -> Mode {
        if self.room {
            Mode::TwoPlayers { bottom: self.human }
        } else if self.engine {
            Mode::VsEngine {
                level: self.level,
                human: self.human,
            }
        } else {
            Mode::TwoPlayers { bottom: Color::Light }
        }
    }
}

/// The value of a changed select, box or field ("on"/"off" for a box).
pub fn value_of(e: &Event) -> String {
    let Some(target) = e.target() else {
        return String::new();
    };
    if let Some(s) = target.dyn_ref::<HtmlSelectElement>() {
        return s.value();
    }
    if let Some(i) = target.dyn_ref::<HtmlInputElement>() {
        if i.type_() == "checkbox" {
            return if i.checked() { "on" } else { "off" }.into();
        }
        return i.value();
    }
    String::new()
}

/// A change of a field, turned into new choices by `update` (which may
/// refuse the value).
pub fn on_change(
    choice: &UseStateHandle<Choice>,
    update: impl Fn(Choice, String) -> Option<Choice> + 'static,
) -> Callback<Event> {
    let choice = choice.clone();
    Callback::from(move |e: Event| {
        if let Some(c) = update(*choice, value_of(&e)) {
            choice.set(c);
        }
    })
}

/// The opponent: the computer, a friend on this screen, or a room.
pub fn set_opponent(c: Choice, v: String) -> Option<Choice> {
    Some(Choice {
        engine: v == "vs-engine",
        room: v == "room",
        ..c
    })
}

pub fn set_level(c: Choice, v: String) -> Option<Choice> {
    let level = v.parse::<u8>().ok()?;
    Some(Choice {
        level: level.clamp(1, MAX_LEVEL),
        ..c
    })
}

pub fn set_color(c: Choice, v: String) -> Option<Choice> {
    if v == "random" {
        return Some(Choice { random: true, ..c });
    }
    Some(Choice {
        human: Color::from_name(&v)?,
        random: false,
        ..c
    })
}

/// A rule option changed: the rules change with it when they allow the
/// value (a number 0 turns a count off).
pub fn set_rule(key: RuleKey, c: Choice, v: String) -> Option<Choice> {
    let mut v = v;
    if key == RuleKey::MillTakes {
        v = if v == "on" { "each" } else { "one" }.into();
    }
    if matches!(key, RuleKey::EndgameDraw | RuleKey::NMove) && v.trim().parse::<u32>().ok() == Some(0) {
        v = "off".into();
    }
    let mut rules = c.rules;
    rules.set(key, &v).ok()?;
    let conflicting = [
        RuleKey::Pieces,
        RuleKey::Board,
        RuleKey::PlacingMill,
        RuleKey::Custodian,
        RuleKey::Intervention,
    ];
    let culprit = if conflicting.contains(&key) {
        key
    } else {
        c.culprit
    };
    Some(Choice { rules, culprit, ..c })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rule(c: Choice, key: RuleKey, v: &str) -> Choice {
        set_rule(key, c, v.into()).unwrap_or_else(|| unreachable!("{} = {v} is refused", key.key()))
    }

    #[test]
    fn a_conflict_belongs_to_the_option_changed_last() {
        let c = Choice::open(Rules::default(), Mode::default(), false, None);
        let c = rule(c, RuleKey::Board, "3x3");
        assert!(c.rules.validate().is_err(), "nine pieces each on nine points");
        assert_eq!(c.culprit, RuleKey::Board);
        let c = rule(c, RuleKey::Flying, "off");
        assert_eq!(c.culprit, RuleKey::Board, "other options leave it where it was");
        let c = rule(c, RuleKey::Pieces, "3");
        assert_eq!(c.culprit, RuleKey::Pieces);
        assert!(c.rules.validate().is_ok());
    }

    #[test]
    fn counts_of_zero_turn_off_and_bad_values_are_refused() {
        let c = Choice::open(Rules::default(), Mode::default(), false, None);
        assert_eq!(rule(c, RuleKey::NMove, "0").rules.get(RuleKey::NMove), "off");
        assert_eq!(
            rule(c, RuleKey::MillTakes, "on").rules.get(RuleKey::MillTakes),
            "each"
        );
        assert!(set_rule(RuleKey::Pieces, c, "many".into()).is_none());
    }

    #[test]
    fn the_seats_chosen() {
        let engine = Mode::VsEngine {
            level: 7,
            human: Color::Dark,
        };
        let c = Choice::open(Rules::default(), engine, false, None);
        assert_eq!(c.mode(), engine);
        let two = set_opponent(c, "two-players".into()).map(|c| c.mode());
        assert_eq!(two, Some(Mode::TwoPlayers { bottom: Color::Light }));
        // A room opens with the host's colour at the bottom, never the computer.
        let room = Choice::open(Rules::default(), engine, true, None);
        assert_eq!(room.mode(), Mode::TwoPlayers { bottom: Color::Dark });
        assert_eq!(set_level(c, "99".into()).map(|c| c.level), Some(MAX_LEVEL));
    }

    #[test]
    fn a_colour_drawn_by_lot_is_either() {
        let c = Choice::open(Rules::default(), Mode::default(), false, None);
        let Some(random) = set_color(c, "random".into()) else {
            unreachable!()
        };
        assert!(random.random);
        let light = random.drawn(0.2).human;
        let dark = random.drawn(0.7).human;
        assert_eq!((light, dark), (Color::Light, Color::Dark));
        assert!(!random.drawn(0.7).random);
        assert_eq!(set_color(random, "dark".into()).map(|c| c.random), Some(false));
        assert_eq!(c.drawn(0.9).human, c.human, "a colour chosen stays");
    }
}
