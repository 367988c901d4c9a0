//! The rule options, folded under "Rule options" (closed at first: the
//! variant's own rules are what most games want): those of the classic
//! games, then those of the world's other mill games (docs/RULES.md §7),
//! each with the rule text of its value. A set of options that cannot be
//! played is explained next to the option that caused it, with the way
//! out.

use morris_core::{RuleError, RuleKey};
use yew::prelude::*;

use super::choice::{on_change, set_rule, Choice};
use super::conflict::{conflict, place};
use super::fields::rule_field;
use crate::i18n::Lang;

/// One option's row in the fold, with the conflict when it belongs there.
fn field(lang: Lang, choice: &UseStateHandle<Choice>, key: RuleKey, error: Option<&RuleError>) -> Html {
    let c = **choice;
    let onchange = on_change(choice, move |c, v| set_rule(key, c, v));
    let problem = error
        .filter(|e| place(e, c.culprit) == key)
        .map(|e| conflict(lang, choice, e));
    rule_field(lang, &c.rules, key, onchange, problem)
}

/// The rule options, folded; its summary says whether they are the
/// variant's own. `error` is why they cannot be played, if so (only a
/// change made inside the fold can cause one, so it is open then).
pub fn rules_fold(lang: Lang, choice: &UseStateHandle<Choice>, error: Option<&RuleError>) -> Html {
    let changed = choice.rules.changes().len();
    let state = if changed == 0 {
        lang.t("dialog.defaults")
    } else {
        lang.fmt("dialog.rules-changed", &[&changed.to_string()])
    };
    let classic = RuleKey::ALL.iter().map(|&key| field(lang, choice, key, error));
    let world = RuleKey::WORLD.iter().map(|&key| field(lang, choice, key, error));
    html! {
        <details class="rules" data-rules="">
            <summary>
                <span class="rules-title">{ lang.t("dialog.rules") }</span>
                <span class="rules-state" data-rules-state="">{ state }</span>
            </summary>
            <div class="rules-fields">
                { for classic }
                <h3 class="rules-group" id="rules-world">{ lang.t("dialog.world-options") }</h3>
                { for world }
            </div>
        </details>
    }
}
