//! The interface's language: the one chosen before, else the browser's;
//! the document's `lang` follows it.

use yew::prelude::*;

use crate::i18n::Lang;
use crate::storage;

/// The language and the callback that switches (and remembers) it.
#[hook]
pub fn use_lang() -> (Lang, Callback<Lang>) {
    let lang = use_state(|| {
        storage::load_lang()
            .unwrap_or_else(|| Lang::pick(storage::browser_languages().iter().map(String::as_str)))
    });
    use_effect_with(*lang, |l| {
        if let Some(el) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = el.set_attribute("lang", l.code());
        }
    });
    let now = *lang;
    let set = Callback::from(move |l: Lang| {
        storage::save_lang(l);
        lang.set(l);
    });
    (now, set)
}
