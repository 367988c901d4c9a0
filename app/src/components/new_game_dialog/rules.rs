//! The rule options, folded under "Rule options" (closed at first: the
//! variant's own rules are what most games want). A set of options that
//! cannot be played is explained next to the option that caused it, with
//! the way out.

use morris_core::{BoardKind, RuleError, RuleKey, Rules};
use yew::prelude::*;

use super::choice::{on_change, set_rule, Choice};
use crate::i18n::Lang;

/// The pieces a side may be given, as the dialog offers them.
const PIECES: [&str; 6] = ["3", "6", "9", "10", "11", "12"];

/// The values of a key as the dialog offers them, with their catalogue keys.
fn choices(key: RuleKey) -> Vec<(String, String)> {
    let simple = |vals: &[&str], prefix: &str| {
        vals.iter()
            .map(|v| (v.to_string(), format!("{prefix}.{v}")))
            .collect::<Vec<_>>()
    };
    match key {
        RuleKey::Pieces => PIECES.iter().map(|v| (v.to_string(), String::new())).collect(),
        RuleKey::Board => BoardKind::ALL
            .iter()
            .map(|b| (b.id().to_string(), format!("opt.board.{}", b.id())))
            .collect(),
        RuleKey::Removal => simple(&["protected", "always", "never"], "opt.removal"),
        RuleKey::First => simple(&["light", "dark"], "color"),
        RuleKey::BoardFull => simple(&["draw", "loss"], "opt.board-full"),
        _ => Vec::new(),
    }
}

fn is_switch(key: RuleKey) -> bool {
    matches!(
        key,
        RuleKey::Flying
            | RuleKey::NoReform
            | RuleKey::Threefold
            | RuleKey::MoveInPlacing
            | RuleKey::MillWins
            | RuleKey::MillTakes
    )
}

/// The control of one rule option: a switch, a number, or a choice.
fn rule_input(lang: Lang, rules: &Rules, key: RuleKey, onchange: Callback<Event>, error: bool) -> Html {
    let id = format!("rule-{}", key.key());
    let current = rules.get(key);
    let described = error.then_some("rule-conflict");
    if is_switch(key) {
        let on = current == if key == RuleKey::MillTakes { "each" } else { "on" };
        return html! { <input type="checkbox" {id} name={key.key()} data-rule={key.key()} checked={on} {onchange} /> };
    }
    if matches!(key, RuleKey::EndgameDraw | RuleKey::NMove) {
        let n = if current == "off" {
            "0".to_string()
        } else {
            current
        };
        return html! { <input type="number" min="0" max="1000" {id} name={key.key()} data-rule={key.key()} value={n} {onchange} /> };
    }
    let opts = choices(key).into_iter().map(|(v, k)| {
        let text = if k.is_empty() { v.clone() } else { lang.t(&k) };
        html! { <option value={v.clone()} selected={v == current}>{ text }</option> }
    });
    html! {
        <select {id} name={key.key()} data-rule={key.key()} {onchange} aria-invalid={error.then_some("true")}
                aria-describedby={described}>{ for opts }</select>
    }
}

/// The largest number of pieces offered that fits a board of `points`.
fn pieces_that_fit(points: usize) -> Option<&'static str> {
    PIECES
        .iter()
        .rev()
        .find(|p| p.parse::<usize>().is_ok_and(|n| 2 * n <= points))
        .copied()
}

/// Why the options cannot be played, and a button that fixes it.
fn conflict(lang: Lang, choice: &UseStateHandle<Choice>, error: &RuleError) -> Html {
    let RuleError::TooManyPieces { pieces, points, .. } = error else {
        return html! { <p class="field-error" id="rule-conflict" role="alert">{ error.to_string() }</p> };
    };
    let fit = pieces_that_fit(*points).map(|n| {
        let onclick = {
            let choice = choice.clone();
            Callback::from(move |_: MouseEvent| {
                if let Some(c) = set_rule(RuleKey::Pieces, *choice, n.to_string()) {
                    choice.set(c);
                }
            })
        };
        html! { <button type="button" class="btn" data-action="fit-pieces" {onclick}>{ lang.fmt("dialog.fit", &[n]) }</button> }
    });
    html! {
        <div class="field-error" id="rule-conflict" role="alert" data-conflict="">
            <p>{ lang.fmt("dialog.too-many", &[&pieces.to_string(), &points.to_string()]) }</p>
            { for fit }
        </div>
    }
}

/// One rule option's row: label, control, and the conflict when this
/// option caused it.
fn rule_field(lang: Lang, choice: &UseStateHandle<Choice>, key: RuleKey, error: Option<&RuleError>) -> Html {
    let c = **choice;
    let onchange = on_change(choice, move |c, v| set_rule(key, c, v));
    let input = rule_input(lang, &c.rules, key, onchange, error.is_some());
    let label = html! { <label for={format!("rule-{}", key.key())}>{ lang.t(&format!("opt.{}", key.key())) }</label> };
    let switch = is_switch(key);
    html! {
        <div class={classes!("field", switch.then_some("switch"), error.map(|_| "invalid"))}>
            if switch { {input} {label} } else { {label} {input} }
            if let Some(e) = error { { conflict(lang, choice, e) } }
        </div>
    }
}

/// The rule options, folded; its summary says whether they are the
/// variant's own. `error` is why they cannot be played, if so (only a
/// change made inside the fold can cause one, so it is open then).
pub fn rules_fold(lang: Lang, choice: &UseStateHandle<Choice>, error: Option<&RuleError>) -> Html {
    let c = **choice;
    let changed = c.rules.changes().len();
    let state = if changed == 0 {
        lang.t("dialog.defaults")
    } else {
        lang.fmt("dialog.rules-changed", &[&changed.to_string()])
    };
    let fields = RuleKey::ALL.iter().map(|&key| {
        let here = error.filter(|_| key == c.culprit);
        rule_field(lang, choice, key, here)
    });
    html! {
        <details class="rules" data-rules="">
            <summary>
                <span class="rules-title">{ lang.t("dialog.rules") }</span>
                <span class="rules-state" data-rules-state="">{ state }</span>
            </summary>
            <div class="rules-fields">{ for fields }</div>
        </details>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_way_out_of_a_conflict_is_the_most_pieces_that_fit() {
        assert_eq!(pieces_that_fit(BoardKind::Three.geometry().len()), Some("3"));
        assert_eq!(pieces_that_fit(BoardKind::Small.geometry().len()), Some("6"));
        assert_eq!(pieces_that_fit(BoardKind::Mill.geometry().len()), Some("12"));
        assert_eq!(pieces_that_fit(4), None);
    }
}
