//! The position editor's foot: the link to the position being set up
//! (problems and all, so a friend can be asked about an odd position),
//! "Copy link", and "Close".

use yew::prelude::*;

use crate::browser::copy_text;
use crate::i18n::Lang;

/// The link `link`, shown in `field` and copied from it.
pub fn editor_share(lang: Lang, link: &str, field: &NodeRef, on_close: &Callback<()>) -> Html {
    let copy = {
        let (text, field) = (link.to_string(), field.clone());
        Callback::from(move |_: MouseEvent| copy_text(&text, &field))
    };
    html! {
        <>
            <div class="field editor-link">
                <label for="editor-link">{ lang.t("editor.link") }</label>
                <input id="editor-link" type="text" readonly=true value={link.to_string()} ref={field.clone()}
                       data-editor-link="" />
            </div>
            <div class="dialog-buttons">
                <button type="button" class="btn" data-action="copy-editor-link" onclick={copy}>{ lang.t("editor.copy-link") }</button>
                <button type="button" class="btn" data-action="close-editor"
                        onclick={on_close.reform(|_: MouseEvent| ())}>{ lang.t("editor.close") }</button>
            </div>
        </>
    }
}
