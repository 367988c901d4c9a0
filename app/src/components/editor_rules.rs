//! The position editor's rules: the variant (every one the core plays)
//! and the rule options, with the new-game dialog's own fields.

use morris_core::Variant;
use yew::prelude::*;

use super::new_game_dialog::{rules_fold, variant_field, Choice};
use crate::i18n::Lang;

/// The variant and the rule options of `choice`.
pub fn editor_rules(lang: Lang, choice: &UseStateHandle<Choice>) -> Html {
    let variants: Vec<Variant> = Variant::every().collect();
    let valid = choice.rules.validate();
    html! {
        <div class="editor-rules">
            { variant_field(lang, choice, NodeRef::default(), &variants) }
            { rules_fold(lang, choice, valid.as_ref().err()) }
        </div>
    }
}
