//! What the status line says: whose turn it is and what to do, or how the
//! game ended and why; and the colours' names. Pure functions, tested
//! natively; texts come from the catalogue.

use morris_core::{Color, Phase, Reason};

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
    (machine, format!("{who} · {}", lang.t(what_key(model))))
}

/// What the side to move does now, as a catalogue key.
fn what_key(model: &Model) -> &'static str {
    let pos = model.game.position();
    if model.turn.removing() {
        "status.remove"
    } else if model.turn.from.is_some() {
        "status.choose_target"
    } else {
        match pos.phase(pos.turn()) {
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
}
