//! What a coach's tip says under the rules and the moment on the table:
//! catalogue keys, read one after the other. The rule sentences are the
//! rules card's own (`learn.opt.<key>.<value>`), so a tip never says
//! what the game on the table does not do: who loses when blocked
//! (misère, a pass, a removal), where a mill made while placing takes
//! from (the board, the hand, a dead marker, a count at the end), with
//! how many pieces one flies.

use morris_core::{Due, FlyAt, PlacingMill, RuleKey, Rules};

use super::coach::Tip;
use super::rules::option_card;
use crate::model::Model;

/// The catalogue keys of `tip`'s text for `model`, in reading order.
pub fn tip_keys(tip: Tip, model: &Model) -> Vec<String> {
    let rules = model.game.rules();
    match tip {
        Tip::Place => place(rules),
        Tip::Mill if marking(model) => vec!["coach.mill-mark".into()],
        Tip::Move => moving(rules),
        Tip::Clearing => vec![clearing(model).into()],
        Tip::Blocked => blocked(model),
        // Flying with more than three pieces: the rules card says when.
        Tip::Fly if rules.fly_at != FlyAt::Three => vec![rule_sentence(rules, RuleKey::Flying)],
        Tip::Mill | Tip::Fly | Tip::Pass => vec![format!("coach.{}", tip.id())],
    }
}

/// The rules card's sentence for the value `key` has on the table.
fn rule_sentence(rules: &Rules, key: RuleKey) -> String {
    option_card(key, &rules.get(key)).text_key
}

/// Placing; a mill made now that does not simply take from the board
/// says what it does instead.
fn place(rules: &Rules) -> Vec<String> {
    let mut keys = vec!["coach.place".to_string()];
    if rules.placing_mill != PlacingMill::Remove {
        keys.push(rule_sentence(rules, RuleKey::PlacingMill));
    }
    keys
}

/// Whether the piece a mill takes now becomes a dead marker.
fn marking(model: &Model) -> bool {
    let placing = model.turn.to.is_some() && model.turn.from.is_none();
    placing && model.game.rules().placing_mill == PlacingMill::Mark
}

/// Moving, then what a player who cannot move does (or wins, in
/// misère), and the captures a step may make besides a mill.
fn moving(rules: &Rules) -> Vec<String> {
    let mut keys = vec!["coach.move-step".to_string()];
    keys.push(if rules.misere {
        rule_sentence(rules, RuleKey::Misere)
    } else {
        rule_sentence(rules, RuleKey::Blocked)
    });
    if rules.custodian {
        keys.push(rule_sentence(rules, RuleKey::Custodian));
    }
    if rules.intervention {
        keys.push(rule_sentence(rules, RuleKey::Intervention));
    }
    keys
}

/// The removals when the placing ends: one's own pieces or the
/// opponent's.
fn clearing(model: &Model) -> &'static str {
    match model.game.position().due() {
        Some(Due::Own(_)) => "coach.clearing-own",
        _ => "coach.clearing",
    }
}

/// A blocked player's removal, then what follows it; or the answer.
fn blocked(model: &Model) -> Vec<String> {
    match model.game.position().due() {
        Some(Due::NextTo) => vec!["coach.blocked-answer".into()],
        _ => vec![
            "coach.blocked".into(),
            rule_sentence(model.game.rules(), RuleKey::Blocked),
        ],
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use morris_core::{Game, Point, Position, Variant};

    use crate::i18n::Lang;
    use crate::learn::coach::Coach;
    use crate::link::Mode;
    use crate::model::Action;

    /// Light to move and blocked: every light piece is shut in.
    const BLOCKED: &str = "LDL/.../.../D....D/.../.../LDL L 0/0 0/0 -";
    /// Light to move with moves, both hands empty.
    const MOVING: &str = ".D./DL./.../..L..L/.../L../.D. L 0/0 0/0 -";

    fn table(text: &str) -> Model {
        let pos: Position = match text.parse() {
            Ok(p) => p,
            Err(e) => unreachable!("{text}: {e}"),
        };
        Model::new(Game::from_position(pos), Mode::default())
    }

    fn new_game(variant: Variant, presses: &[&str]) -> Model {
        let mut t = Model::new(Game::new(variant.rules()), Mode::default());
        press_all(&mut t, presses);
        t
    }

    fn press_all(t: &mut Model, presses: &[&str]) {
        for s in presses {
            let point: Result<Point, _> = t.game.position().geometry().parse_point(s);
            let Ok(point) = point else { unreachable!("{s}") };
            t.apply(Action::Press(point));
        }
    }

    /// The tip a first-time player sees now, and its English text.
    fn said(t: &Model) -> (Option<Tip>, String) {
        let tip = Coach::default().update(t).showing;
        let text = tip.map(|tip| {
            tip_keys(tip, t)
                .iter()
                .map(|k| Lang::En.t(k))
                .collect::<Vec<_>>()
                .join(" ")
        });
        (tip, text.unwrap_or_default())
    }

    #[test]
    fn moving_says_what_a_blocked_player_does_under_the_rules_on_the_table() {
        let (tip, text) = said(&table(&format!("nine {MOVING}")));
        assert_eq!(tip, Some(Tip::Move));
        assert!(
            text.starts_with("Now move a piece") && text.ends_with("A player who cannot move loses."),
            "{text}"
        );
        for (rule, says) in [
            ("blocked=draw", "cannot move draws"),
            ("blocked=pass", "cannot move passes"),
            (
                "blocked=remove-move",
                "removes an opposing piece next to one of theirs (even one in a mill), then moves",
            ),
            ("blocked=remove-pass", "then the opponent moves"),
            (
                "blocked=both-remove",
                "the opponent removes one of theirs in return",
            ),
            ("misere=on", "cannot move or is left with two pieces wins"),
        ] {
            let (tip, text) = said(&table(&format!("nine:{rule} {MOVING}")));
            assert_eq!(tip, Some(Tip::Move), "{rule}");
            assert!(text.contains(says), "{rule}: {text}");
            assert!(!text.contains("cannot move loses"), "{rule}: {text}");
        }
        let (_, text) = said(&new_game(Variant::MulMulan, &[]));
        assert!(
            !text.contains("between two opposing"),
            "placing says nothing of moving"
        );
        let (_, text) = said(&table(&format!("nine:intervention=on,custodian=on {MOVING}")));
        assert!(
            text.contains("Intervention") && text.contains("Custodian capture"),
            "{text}"
        );
    }

    #[test]
    fn a_blocked_player_is_told_to_pass_or_to_remove_not_to_move() {
        let (tip, text) = said(&table(&format!("nine:blocked=pass {BLOCKED}")));
        assert_eq!(tip, Some(Tip::Pass));
        assert!(
            text.contains("press Pass") && !text.contains("Now move"),
            "{text}"
        );
        for (rule, then) in [
            ("remove-move", "then moves."),
            ("remove-pass", "then the opponent moves."),
        ] {
            let (tip, text) = said(&table(&format!("nine:blocked={rule} {BLOCKED}")));
            assert_eq!(tip, Some(Tip::Blocked), "{rule}");
            assert!(
                text.starts_with("You cannot move, so you take a piece") && text.ends_with(then),
                "{text}"
            );
        }
        // Both remove: the opponent's answer is a removal too.
        let mut t = table(&format!("nine:blocked=both-remove {BLOCKED}"));
        press_all(&mut t, &["d7"]);
        let (tip, text) = said(&t);
        assert_eq!(tip, Some(Tip::Blocked));
        assert!(text.starts_with("Your opponent could not move"), "{text}");
    }

    #[test]
    fn the_removals_when_the_placing_ends_are_not_a_mill_or_a_move() {
        let mut rules = Variant::ElFilja.rules();
        assert!(rules.apply("pieces=3").is_ok() && rules.apply("removal=protected").is_ok());
        let mut t = Model::new(Game::new(rules), Mode::default());
        press_all(&mut t, &["a7", "a1", "d7", "b2"]);
        let (tip, text) = said(&t);
        assert_eq!(tip, Some(Tip::Place));
        assert!(text.contains("the mills on the board are counted"), "{text}");
        press_all(&mut t, &["g7", "f2"]);
        let (tip, text) = said(&t);
        assert_eq!(tip, Some(Tip::Clearing), "light's mill earns two removals");
        assert!(text.contains("take an opposing piece"), "{text}");
        press_all(&mut t, &["b2"]);
        assert_eq!(
            said(&t).0,
            Some(Tip::Clearing),
            "the second removal is no mill of one's own"
        );
        let mut own = Model::new(Game::new(rules), Mode::default());
        press_all(&mut own, &["a7", "a1", "d7", "d1", "b6", "b2"]);
        let (tip, text) = said(&own);
        assert_eq!(tip, Some(Tip::Clearing));
        assert!(text.contains("remove one of your own pieces"), "{text}");
    }

    #[test]
    fn flying_says_with_how_many_pieces() {
        let three = table("nine .D./DL./.../..L..L/.../L../.D. D 0/0 0/0 -");
        assert_eq!(said(&three), (Some(Tip::Fly), Lang::En.t("coach.fly")));
        let (tip, text) = said(&table(
            "nine:flying=always .D./DL./.../..L..L/.../L../.D. L 0/0 0/0 -",
        ));
        assert_eq!(tip, Some(Tip::Fly), "four light pieces fly");
        assert!(
            text.contains("Flying always") && !text.contains("three"),
            "{text}"
        );
    }

    #[test]
    fn a_mill_while_placing_says_where_it_takes_from() {
        let (tip, text) = said(&new_game(Variant::Nine, &[]));
        assert_eq!(tip, Some(Tip::Place));
        assert!(!text.contains("hand"), "{text}");
        let (tip, text) = said(&new_game(Variant::Dooz, &[]));
        assert_eq!(tip, Some(Tip::Place));
        assert!(text.contains("takes from the opponent's hand"), "{text}");
        let marking = new_game(Variant::ChengSanQi, &["a7", "a1", "d7", "d1", "g7"]);
        let (tip, text) = said(&marking);
        assert_eq!(tip, Some(Tip::Mill));
        assert!(
            text.contains("dead X until the placing ends") && !text.contains("take one"),
            "{text}"
        );
        let (_, text) = said(&new_game(Variant::ChengSanQi, &[]));
        assert!(text.contains("marks an opposing piece as dead"), "{text}");
        let taking = new_game(Variant::Nine, &["a7", "a1", "d7", "d1", "g7"]);
        assert_eq!(said(&taking).1, Lang::En.t("coach.mill"));
    }
}
