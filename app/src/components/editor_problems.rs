//! What keeps the position being set up from being played, in the
//! player's language: one line per problem, all of them, as the player
//! edits; or a word that the position can be used.

use morris_core::PositionError as E;
use yew::prelude::*;

use super::status_text::{color_name, reason_named};
use crate::i18n::Lang;

/// One problem as the interface says it.
pub fn problem_text(lang: Lang, e: &E) -> String {
    let name = |c| color_name(lang, c);
    let key = |k: &str| format!("editor.problem.{k}");
    match e {
        E::OffBoard(_) => lang.t(&key("off-board")),
        E::SharedPoint => lang.t(&key("shared-point")),
        E::TooManyPieces {
            color,
            on_board,
            in_hand,
            pieces,
        } => lang.fmt(
            &key("too-many"),
            &[
                &name(*color),
                &on_board.to_string(),
                &in_hand.to_string(),
                &pieces.to_string(),
            ],
        ),
        E::BanWithoutRule(c) | E::BanNotASlide(c) | E::BanWithoutPiece { color: c, .. } => {
            lang.fmt(&key("ban"), &[&name(*c)])
        }
        E::MarkerMisplaced | E::MarkerWithoutRule => lang.t(&key("marker")),
        E::UsedWithoutRule => lang.t(&key("used")),
        E::DueWithoutRule => lang.t(&key("due")),
        E::DueWithoutTarget(c) => lang.fmt(&key("due-no-target"), &[&name(*c)]),
        E::FewerThanThree { color, .. } => lang.fmt(&key("fewer-than-three"), &[&name(*color)]),
        E::Over(o) => lang.fmt(&key("over"), &[&reason_named(lang, o.reason, o.winner, name)]),
        E::HandsOutOfTurn {
            turn,
            first,
            light,
            dark,
        } => lang.fmt(
            &key("hands"),
            &[&light.to_string(), &dark.to_string(), &name(*turn), &name(*first)],
        ),
        E::LostBeforeMill { color, .. } => {
            lang.fmt(&key("lost-before-mill"), &[&name(*color), &name(!*color)])
        }
        E::LostWithoutRemoval { color, .. } => lang.fmt(&key("lost-without-removal"), &[&name(*color)]),
    }
}

/// The list of problems, or that there is none.
pub fn editor_problems(lang: Lang, problems: &[E]) -> Html {
    if problems.is_empty() {
        return html! { <p class="editor-ok" data-editor-ok="" role="status">{ lang.t("editor.ok") }</p> };
    }
    let items = problems
        .iter()
        .map(|e| html! { <li data-problem="">{ problem_text(lang, e) }</li> });
    html! {
        <div class="editor-problems" id="editor-problems" role="status" data-editor-problems="">
            <p>{ lang.t("editor.problems") }</p>
            <ul>{ for items }</ul>
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use morris_core::{Color, Outcome, Reason};

    #[test]
    fn every_problem_has_words_in_every_language() {
        let all = [
            E::SharedPoint,
            E::TooManyPieces {
                color: Color::Light,
                on_board: 10,
                in_hand: 0,
                pieces: 9,
            },
            E::FewerThanThree {
                color: Color::Dark,
                pieces: 2,
            },
            E::Over(Outcome::win(Color::Light, Reason::Blocked)),
            E::HandsOutOfTurn {
                turn: Color::Dark,
                first: Color::Light,
                light: 9,
                dark: 9,
            },
            E::LostBeforeMill {
                color: Color::Dark,
                lost: 2,
                placed: 1,
            },
            E::LostWithoutRemoval {
                color: Color::Dark,
                lost: 1,
            },
            E::DueWithoutTarget(Color::Light),
        ];
        for lang in Lang::ALL {
            for e in &all {
                let text = problem_text(lang, e);
                assert!(
                    !text.contains("editor.") && !text.contains('{'),
                    "{lang:?}: {text}"
                );
            }
        }
        let too_many = problem_text(Lang::En, &all[1]);
        assert!(too_many.contains("10") && too_many.contains('9'), "{too_many}");
        let over = problem_text(Lang::En, &all[3]);
        assert!(over.contains("Dark cannot move"), "{over}");
    }
}
