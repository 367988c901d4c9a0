//! The game to play: the classic mill games, then, in a group of their
//! own, the mill games of the world (docs/RULES.md §7.8); under the
//! choice, what the chosen game's rules are. A new game brings its own
//! rules.

use morris_core::Variant;
use yew::prelude::*;

use super::choice::{on_change, Choice};
use crate::i18n::Lang;

/// The options of a group of variants, the current one selected.
fn options(lang: Lang, variants: &[Variant], current: Variant) -> Html {
    variants
        .iter()
        .map(|v| html! { <option value={v.id()} selected={current == *v}>{ lang.t(&format!("variant.{}", v.id())) }</option> })
        .collect()
}

/// The variant's choice and its rule text.
pub fn variant_field(lang: Lang, choice: &UseStateHandle<Choice>, first: NodeRef) -> Html {
    let current = choice.rules.variant;
    let onchange = on_change(choice, |c, v| {
        let variant = v.parse::<Variant>().ok()?;
        Some(Choice {
            rules: variant.rules(),
            ..c
        })
    });
    html! {
        <div class="field variant-field">
            <label for="ng-variant">{ lang.t("dialog.variant") }</label>
            <select id="ng-variant" name="variant" data-field="variant" {onchange} ref={first} aria-describedby="ng-variant-text">
                <optgroup label={lang.t("dialog.classic")} data-group="classic">{ options(lang, &Variant::ALL, current) }</optgroup>
                <optgroup label={lang.t("dialog.world")} data-group="world">{ options(lang, &Variant::WORLD, current) }</optgroup>
            </select>
            <small class="variant-text" id="ng-variant-text" data-variant-text={current.id()}>
                { lang.t(&format!("learn.variant.{}", current.id())) }
            </small>
        </div>
    }
}
