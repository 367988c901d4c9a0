//! The position editor's rules: the variant (every one the core plays,
//! the classic games and the world's) and the rule options, with the
//! new-game dialog's own fields.

use yew::prelude::*;

use super::new_game_dialog::{rules_fold, variant_field, Choice};
use crate::i18n::Lang;

/// The variant and the rule options of `choice`.
pub fn editor_rules(lang: Lang, choice: &UseStateHandle<Choice>) -> Html {
    let valid = choice.rules.validate();
    html! {
        <div class="editor-rules">
            { variant_field(lang, choice, NodeRef::default()) }
            { rules_fold(lang, choice, valid.as_ref().err()) }
        </div>
    }
}
