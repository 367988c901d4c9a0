//! Why the rule options chosen cannot be played, said next to the option
//! that caused it, with the way out where there is one.

use morris_core::{RuleError, RuleKey};
use yew::prelude::*;

use super::choice::{set_rule, Choice};
use super::fields::PIECES;
use crate::i18n::Lang;

/// The options that can cause `error`, the first one where it is said
/// when the option changed last is none of them.
pub fn causes(error: &RuleError) -> &'static [RuleKey] {
    match error {
        RuleError::TooManyPieces { .. } => &[RuleKey::Pieces, RuleKey::Board],
        RuleError::MarkWithCaptures => &[RuleKey::PlacingMill, RuleKey::Custodian, RuleKey::Intervention],
        _ => &[RuleKey::Pieces],
    }
}

/// The option next to which `error` is said: the one changed last, if it
/// can cause it.
pub fn place(error: &RuleError, last: RuleKey) -> RuleKey {
    let keys = causes(error);
    if keys.contains(&last) {
        last
    } else {
        keys[0]
    }
}

/// The largest number of pieces offered that fits a board of `points`.
pub fn pieces_that_fit(points: usize) -> Option<&'static str> {
    PIECES
        .iter()
        .rev()
        .find(|p| p.parse::<usize>().is_ok_and(|n| 2 * n <= points))
        .copied()
}

/// A button that sets one option to the value that makes the rules playable.
fn fix(choice: &UseStateHandle<Choice>, key: RuleKey, value: &'static str, text: String) -> Html {
    let onclick = {
        let choice = choice.clone();
        Callback::from(move |_: MouseEvent| {
            if let Some(c) = set_rule(key, *choice, value.to_string()) {
                choice.set(c);
            }
        })
    };
    let action = format!("fit-{}", key.key());
    html! { <button type="button" class="btn" data-action={action} {onclick}>{ text }</button> }
}

/// Why the options cannot be played, and a button that fixes it.
pub fn conflict(lang: Lang, choice: &UseStateHandle<Choice>, error: &RuleError) -> Html {
    let (text, way_out) = match error {
        RuleError::TooManyPieces { pieces, points, .. } => (
            lang.fmt("dialog.too-many", &[&pieces.to_string(), &points.to_string()]),
            pieces_that_fit(*points).map(|n| fix(choice, RuleKey::Pieces, n, lang.fmt("dialog.fit", &[n]))),
        ),
        RuleError::MarkWithCaptures => {
            let remove = lang.t("opt.placing-mill.remove");
            (
                lang.t("dialog.mark-with-captures"),
                Some(fix(
                    choice,
                    RuleKey::PlacingMill,
                    "remove",
                    lang.fmt("dialog.fit-placing", &[&remove]),
                )),
            )
        }
        other => (other.to_string(), None),
    };
    html! {
        <div class="field-error" id="rule-conflict" role="alert" data-conflict="">
            <p>{ text }</p>
            { for way_out }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use morris_core::BoardKind;

    #[test]
    fn the_way_out_of_a_conflict_is_the_most_pieces_that_fit() {
        assert_eq!(pieces_that_fit(BoardKind::Three.geometry().len()), Some("3"));
        assert_eq!(pieces_that_fit(BoardKind::Small.geometry().len()), Some("7"));
        assert_eq!(pieces_that_fit(BoardKind::Mill.geometry().len()), Some("12"));
        assert_eq!(pieces_that_fit(4), None);
    }

    #[test]
    fn a_conflict_is_said_at_the_option_changed_last_that_causes_it() {
        let mark = RuleError::MarkWithCaptures;
        assert_eq!(place(&mark, RuleKey::Custodian), RuleKey::Custodian);
        assert_eq!(
            place(&mark, RuleKey::Board),
            RuleKey::PlacingMill,
            "the board has nothing to do with it"
        );
        let pieces = RuleError::TooManyPieces {
            pieces: 9,
            board: BoardKind::Three,
            points: 9,
        };
        assert_eq!(place(&pieces, RuleKey::Board), RuleKey::Board);
        assert_eq!(place(&pieces, RuleKey::Intervention), RuleKey::Pieces);
    }
}
