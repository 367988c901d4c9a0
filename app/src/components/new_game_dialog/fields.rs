//! One rule option as a form field: its label, its control (a switch, a
//! number or a choice of the values docs/RULES.md §3 and §7 give it) and
//! the one-line rule text of the value chosen. Kept apart from the
//! new-game dialog's state so that any form that sets rules can use it.

use morris_core::{BoardKind, RuleKey, Rules};
use yew::prelude::*;

use crate::i18n::Lang;
use crate::learn::rules::option_card;

/// The pieces a side may be given, as the dialog offers them.
pub const PIECES: [&str; 8] = ["3", "5", "6", "7", "9", "10", "11", "12"];

/// Whether the option is a box to tick: on/off, and "two mills take two".
pub fn is_switch(key: RuleKey) -> bool {
    key == RuleKey::MillTakes || key.values() == "on|off"
}

/// Whether the option is a count of moves (0 turns it off).
pub fn is_count(key: RuleKey) -> bool {
    matches!(key, RuleKey::EndgameDraw | RuleKey::NMove)
}

/// The values of a choice as offered, each with the catalogue key of its
/// label (none for a number, shown as it is).
pub fn choices(key: RuleKey) -> Vec<(String, Option<String>)> {
    match key {
        RuleKey::Pieces => PIECES.iter().map(|v| (v.to_string(), None)).collect(),
        RuleKey::Board => BoardKind::EVERY
            .iter()
            .map(|b| (b.id().to_string(), Some(format!("opt.board.{}", b.id()))))
            .collect(),
        RuleKey::First => ["light", "dark"]
            .iter()
            .map(|c| (c.to_string(), Some(format!("color.{c}"))))
            .collect(),
        _ if is_switch(key) || is_count(key) => Vec::new(),
        _ => key
            .values()
            .split('|')
            .map(|v| (v.to_string(), Some(format!("opt.{}.{v}", key.key()))))
            .collect(),
    }
}

/// The control of one rule option: a switch, a number, or a choice.
fn rule_input(lang: Lang, rules: &Rules, key: RuleKey, onchange: Callback<Event>, error: bool) -> Html {
    let id = format!("rule-{}", key.key());
    let current = rules.get(key);
    let described = format!(
        "rule-{}-text{}",
        key.key(),
        if error { " rule-conflict" } else { "" }
    );
    if is_switch(key) {
        let on = current == if key == RuleKey::MillTakes { "each" } else { "on" };
        return html! { <input type="checkbox" {id} name={key.key()} data-rule={key.key()} checked={on} {onchange} aria-describedby={described} /> };
    }
    if is_count(key) {
        let n = if current == "off" {
            "0".to_string()
        } else {
            current
        };
        return html! { <input type="number" min="0" max="1000" {id} name={key.key()} data-rule={key.key()} value={n} {onchange} aria-describedby={described} /> };
    }
    let opts = choices(key).into_iter().map(|(v, label)| {
        let text = label.map_or_else(|| v.clone(), |k| lang.t(&k));
        html! { <option value={v.clone()} selected={v == current}>{ text }</option> }
    });
    html! {
        <select {id} name={key.key()} data-rule={key.key()} {onchange} aria-invalid={error.then_some("true")}
                aria-describedby={described}>{ for opts }</select>
    }
}

/// What the option's current value does, in one line.
pub fn rule_text(lang: Lang, rules: &Rules, key: RuleKey) -> String {
    let card = option_card(key, &rules.get(key));
    let args: Vec<&str> = card.args.iter().map(String::as_str).collect();
    lang.fmt(&card.text_key, &args)
}

/// One rule option's row: label, control, its rule text, and `problem`
/// (why the rules cannot be played, when this option caused it).
pub fn rule_field(
    lang: Lang,
    rules: &Rules,
    key: RuleKey,
    onchange: Callback<Event>,
    problem: Option<Html>,
) -> Html {
    let input = rule_input(lang, rules, key, onchange, problem.is_some());
    let label = html! { <label for={format!("rule-{}", key.key())}>{ lang.t(&format!("opt.{}", key.key())) }</label> };
    let switch = is_switch(key);
    html! {
        <div class={classes!("field", switch.then_some("switch"), problem.is_some().then_some("invalid"))} data-rule-field={key.key()}>
            if switch { {input} {label} } else { {label} {input} }
            <small class="rule-text" id={format!("rule-{}-text", key.key())}>{ rule_text(lang, rules, key) }</small>
            { for problem }
        </div>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_value_of_every_option_is_offered_with_its_label_in_every_language() {
        for key in RuleKey::every() {
            let offered: Vec<String> = choices(key).into_iter().map(|(v, _)| v).collect();
            if is_switch(key) || is_count(key) {
                assert!(offered.is_empty(), "{key}");
                continue;
            }
            let mut rules = Rules::default();
            for v in key.values().split('|') {
                assert!(offered.iter().any(|o| o == v), "{key}={v} is not offered");
                assert!(rules.set(key, v).is_ok(), "{key}={v}");
            }
            for (v, label) in choices(key) {
                let Some(label) = label else { continue };
                for lang in Lang::ALL {
                    assert_ne!(lang.t(&label), label, "{lang:?} has no label for {key}={v}");
                }
            }
        }
    }

    #[test]
    fn switches_and_choices_take_the_values_the_rules_know() {
        assert!(is_switch(RuleKey::Misere) && is_switch(RuleKey::MillTakes));
        assert!(!is_switch(RuleKey::Flying), "flying has four values now");
        let flying: Vec<String> = choices(RuleKey::Flying).into_iter().map(|(v, _)| v).collect();
        assert_eq!(flying, ["on", "off", "four", "always"]);
        assert_eq!(choices(RuleKey::Board).len(), BoardKind::EVERY.len());
    }

    #[test]
    fn the_rule_text_follows_the_value() {
        let mut rules = Rules::default();
        assert!(rules.set(RuleKey::Blocked, "pass").is_ok());
        let text = rule_text(Lang::En, &rules, RuleKey::Blocked);
        assert_ne!(text, rule_text(Lang::En, &Rules::default(), RuleKey::Blocked));
        assert_eq!(
            rule_text(Lang::En, &Rules::default(), RuleKey::Pieces),
            "9 pieces each."
        );
    }
}
