//! What the status line says: whose turn it is and what to do, or how the
//! game ended and why; and the colours' names. Pure functions, tested
//! natively; texts come from the catalogue.

use morris_board::PartialTurn;
use morris_core::{Color, Due, Move, Phase, PlacingMill, Reason};

use crate::i18n::Lang;
use crate::link::Mode;
use crate::model::Model;

/// The colour's name as the interface writes it.
pub fn color_name(lang: Lang, c: Color) -> String {
    lang.t(match c {
        Color::Light => "color.light",
        Color::Dark => "color.dark",
    })
}

/// The friend's name in a room, when they gave one.
pub fn friend_name(model: &Model) -> Option<&str> {
    let room = model.room.as_ref()?;
    Some(room.name(room.me.other())).filter(|n| !n.is_empty())
}

/// A side as a message names it: its colour, and in a room the friend's
/// name after their colour ("Dark (Ann)"), which reads in every language
/// where the colour does.
pub fn side_name(model: &Model, lang: Lang, c: Color) -> String {
    let colour = color_name(lang, c);
    match friend_name(model) {
        Some(name) if model.room.as_ref().is_some_and(|r| r.remote_color() == c) => {
            format!("{colour} ({name})")
        }
        _ => colour,
    }
}

/// A text about the friend in a room: `named` with their name when they
/// gave one, else `key` ("your friend").
pub fn about_friend(model: &Model, lang: Lang, key: &str, named: &str) -> String {
    match friend_name(model) {
        Some(name) => lang.fmt(named, &[name]),
        None => lang.t(key),
    }
}

/// The status line: a machine-readable value for `data-status` and the text.
pub fn status(model: &Model, lang: Lang) -> (String, String) {
    let pos = model.game.position();
    if let Some(ply) = model.view {
        let n = model.game.moves().len().to_string();
        return (
            "viewing".into(),
            lang.fmt("status.viewing", &[&ply.to_string(), &n]),
        );
    }
    if let Some(o) = model.outcome() {
        let reason = reason_named(lang, o.reason, o.winner, |c| side_name(model, lang, c));
        let head = match o.winner {
            Some(w) => lang.fmt("status.wins", &[&side_name(model, lang, w)]),
            None => lang.t("status.draw"),
        };
        let machine = format!("over {} {}", o.result(), o.reason.id());
        return (machine, format!("{head} · {reason}"));
    }
    let turn = pos.turn();
    let machine = format!(
        "{} {}",
        turn.name(),
        what_key(model).trim_start_matches("status.")
    );
    if model.engine_to_move() {
        if let Some(why) = &model.engine_error {
            return (
                format!("{} unavailable", turn.name()),
                lang.fmt("engine.unavailable", &[why]),
            );
        }
        return (format!("{} thinking", turn.name()), lang.t("status.thinking"));
    }
    if model.remote_to_move() {
        return (
            format!("{} waiting", turn.name()),
            format!(
                "{} · {}",
                lang.fmt("status.to_play", &[&side_name(model, lang, turn)]),
                about_friend(model, lang, "status.friend_turn", "status.friend_turn-named")
            ),
        );
    }
    let who = match model.mode {
        Mode::TwoPlayers { .. } if model.room.is_some() => lang.t("status.your_turn"),
        Mode::VsEngine { .. } => lang.t("status.your_turn"),
        Mode::TwoPlayers { .. } => lang.fmt("status.to_play", &[&color_name(lang, turn)]),
    };
    (machine, format!("{who} · {}", what_text(model, lang)))
}

/// What the side to move does now, in words.
fn what_text(model: &Model, lang: Lang) -> String {
    let key = what_key(model);
    if key == "status.remove-count" {
        let left = removals_left(model).to_string();
        return lang.fmt(key, &[&left]);
    }
    lang.t(key)
}

/// How many pieces a turn that only removes still takes.
fn removals_left(model: &Model) -> usize {
    match model.game.position().due() {
        Some(Due::Opposing(n) | Due::Own(n)) => usize::from(n).saturating_sub(model.turn.removals.len()),
        _ => 1,
    }
}

/// Whether the piece being taken becomes a dead marker: a mill closed
/// by a placement under "mark and delay" (docs/RULES.md §7.2).
fn marks(model: &Model) -> bool {
    let placing = model.turn.to.is_some() && model.turn.from.is_none();
    placing && model.game.rules().placing_mill == PlacingMill::Mark
}

/// What the side to move does now, as a catalogue key.
fn what_key(model: &Model) -> &'static str {
    let pos = model.game.position();
    let legal = model.game.legal_moves();
    if legal == [Move::PASS] {
        return "status.pass";
    }
    if PartialTurn::removal_only(&legal) {
        return match pos.due() {
            Some(Due::Own(_)) => "status.remove-own",
            Some(Due::Opposing(_)) if removals_left(model) > 1 => "status.remove-count",
            Some(Due::Opposing(_)) => "status.remove",
            // The opponent's answer to a blocked player's removal.
            Some(Due::NextTo) => "status.remove-answer",
            // A blocked player's removal.
            None => "status.remove-next",
        };
    }
    if model.turn.removing() && marks(model) {
        "status.mark"
    } else if model.turn.removing() {
        "status.remove"
    } else if model.turn.from.is_some() {
        "status.choose_target"
    } else {
        match pos.phase(pos.turn()) {
            // Lasker's placing: a piece on the board may move instead.
            Phase::Placing if legal.iter().any(|m| m.from().is_some()) => "status.place-or-move",
            Phase::Placing => "status.place",
            Phase::Moving => "status.move",
            Phase::Flying => "status.fly",
        }
    }
}

/// Why the game ended, naming the side it happened to with `name`.
pub fn reason_named(
    lang: Lang,
    reason: Reason,
    winner: Option<Color>,
    name: impl Fn(Color) -> String,
) -> String {
    let loser = winner.map(|w| name(!w)).unwrap_or_default();
    let winner_name = winner.map(name).unwrap_or_default();
    match (reason, winner) {
        (Reason::MillWins, _) => lang.fmt("reason.mill-wins", &[&winner_name]),
        (Reason::BoardFull, Some(_)) => lang.fmt("reason.board-full-win", &[&loser]),
        (r, _) => lang.fmt(&format!("reason.{}", r.id()), &[&loser]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::model::Action;
    use morris_core::{Game, Rules};

    #[test]
    fn the_status_says_whose_turn_and_what_to_do() {
        let mut t = Model::default();
        assert_eq!(status(&t, Lang::En).1, "Light to play · Place a piece");
        for p in ["a1", "b2", "d1", "d2", "g1"] {
            let Ok(pt) = t.game.position().geometry().parse_point(p) else {
                unreachable!()
            };
            t.apply(Action::Press(pt));
        }
        assert_eq!(status(&t, Lang::En).1, "Light to play · Remove a piece");
        assert_eq!(status(&t, Lang::It).1, "Tocca al Bianco · Togli una pedina");
    }

    #[test]
    fn lasker_says_a_piece_may_move_while_placing() {
        let rules = morris_core::Variant::Lasker.rules();
        let mut t = Model::new(Game::new(rules), Mode::default());
        assert_eq!(status(&t, Lang::En).1, "Light to play · Place a piece");
        for p in ["a1", "g7"] {
            let Ok(pt) = t.game.position().geometry().parse_point(p) else {
                unreachable!()
            };
            t.apply(Action::Press(pt));
        }
        assert_eq!(
            status(&t, Lang::En).1,
            "Light to play · Place a piece or move one"
        );
        assert_eq!(
            status(&t, Lang::De).1,
            "Weiß ist am Zug · Setze einen Stein oder ziehe einen"
        );
    }

    #[test]
    fn the_outcome_says_who_won_and_why() {
        let mut t = Model::new(
            Game::new(Rules::default()),
            Mode::VsEngine {
                level: 1,
                human: Color::Light,
            },
        );
        assert_eq!(status(&t, Lang::En).1, "Your turn · Place a piece");
        t.apply(Action::Resign);
        t.apply(Action::Confirm);
        let (machine, text) = status(&t, Lang::En);
        assert_eq!(text, "Dark wins · Light resigned");
        assert_eq!(machine, "over 0-1 resignation");
    }

    #[test]
    fn an_unavailable_computer_is_named_in_the_status() {
        let mut t = Model::new(
            Game::new(Rules::default()),
            Mode::VsEngine {
                level: 3,
                human: Color::Dark,
            },
        );
        assert_eq!(status(&t, Lang::En).0, "light thinking");
        t.apply(Action::EngineFailed("NetworkError".into()));
        let (machine, text) = status(&t, Lang::En);
        assert_eq!(machine, "light unavailable");
        assert_eq!(text, "The computer is unavailable: NetworkError");
    }

    fn world(text: &str) -> Model {
        let pos: morris_core::Position = match text.parse() {
            Ok(p) => p,
            Err(e) => unreachable!("{text}: {e}"),
        };
        Model::new(Game::from_position(pos), Mode::default())
    }

    #[test]
    fn the_status_says_when_to_pass_and_what_a_turn_that_only_removes_takes() {
        let blocked = "LDL/.../.../D....D/.../.../LDL L 0/0 0/0 -";
        let t = world(&format!("nine:blocked=pass {blocked}"));
        assert_eq!(
            status(&t, Lang::En),
            (
                "light pass".to_string(),
                "Light to play · No move: pass the turn".to_string()
            )
        );
        let t = world(&format!("nine:blocked=remove-move {blocked}"));
        assert_eq!(status(&t, Lang::En).0, "light remove-next");
        let mut t = world(&format!("nine:blocked=both-remove {blocked}"));
        let Ok(d7) = t.game.position().geometry().parse_point("d7") else {
            unreachable!()
        };
        t.apply(Action::Press(d7));
        assert_eq!(
            status(&t, Lang::En),
            (
                "dark remove-answer".to_string(),
                "Dark to play · In answer, remove an opposing piece next to one of yours".to_string()
            )
        );
        // El Filja on three pieces: light's mill earns two removals, then
        // the game goes on with one of one's own each when no side has one.
        let mut rules = morris_core::Variant::ElFilja.rules();
        assert!(rules.apply("pieces=3").is_ok() && rules.apply("removal=protected").is_ok());
        let mut t = Model::new(Game::new(rules), Mode::default());
        for s in ["a7", "a1", "d7", "b2", "g7", "f2"] {
            let Ok(pt) = t.game.position().geometry().parse_point(s) else {
                unreachable!()
            };
            t.apply(Action::Press(pt));
        }
        assert_eq!(
            status(&t, Lang::En).1,
            "Light to play · Remove pieces (to take: 2)"
        );
        let Ok(b2) = t.game.position().geometry().parse_point("b2") else {
            unreachable!()
        };
        t.apply(Action::Press(b2));
        assert_eq!(status(&t, Lang::En).1, "Light to play · Remove a piece");
        let mut own = Model::new(Game::new(rules), Mode::default());
        for s in ["a7", "a1", "d7", "d1", "b6", "b2"] {
            let Ok(pt) = own.game.position().geometry().parse_point(s) else {
                unreachable!()
            };
            own.apply(Action::Press(pt));
        }
        assert_eq!(status(&own, Lang::En).0, "light remove-own");
    }

    #[test]
    fn a_mill_while_placing_under_mark_and_delay_asks_for_a_piece_to_mark() {
        let mut t = Model::new(
            Game::new(morris_core::Variant::ChengSanQi.rules()),
            Mode::default(),
        );
        for s in ["a7", "a1", "d7", "d1", "g7"] {
            let Ok(pt) = t.game.position().geometry().parse_point(s) else {
                unreachable!()
            };
            t.apply(Action::Press(pt));
        }
        assert_eq!(status(&t, Lang::En).0, "light mark");
        assert!(status(&t, Lang::En).1.contains("until the placing ends"));
    }
}
