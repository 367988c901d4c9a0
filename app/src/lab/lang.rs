//! The lab's language: the page's. The lab is a module of its own, with
//! its own copy of the catalogues, so it follows the language the table
//! shows — `<html lang>`, which the table sets once that language's words
//! are here (`hooks::use_lang`) — while a view is open and when the next
//! one opens, taking the words from the page, which fetched them.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

use crate::i18n::Lang;

/// The catalogue's text if the page has fetched it (index.html keeps
/// each one in `mulinoCatalogues`).
fn fetched(lang: Lang) -> Option<String> {
    let window: JsValue = web_sys::window()?.into();
    let all = js_sys::Reflect::get(&window, &JsValue::from_str("mulinoCatalogues")).ok()?;
    js_sys::Reflect::get(&all, &JsValue::from_str(lang.file()))
        .ok()?
        .as_string()
}

fn root() -> Option<web_sys::Element> {
    web_sys::window()?.document()?.document_element()
}

/// The page's language, once its words are here too (English until then).
fn page_lang() -> Lang {
    let lang = root()
        .and_then(|e| e.get_attribute("lang"))
        .and_then(|code| Lang::from_code(&code))
        .unwrap_or(Lang::En);
    if lang.is_ready() || fetched(lang).is_some_and(|text| lang.install(text)) {
        lang
    } else {
        Lang::En
    }
}

/// The page's language, followed as it changes.
#[hook]
pub fn use_page_lang() -> Lang {
    let lang = use_state(page_lang);
    {
        let setter = lang.setter();
        use_effect_with((), move |_| {
            let changed = Closure::<dyn FnMut()>::new(move || setter.set(page_lang()));
            let observer = web_sys::MutationObserver::new(changed.as_ref().unchecked_ref()).ok();
            if let (Some(observer), Some(el)) = (&observer, root()) {
                let init = web_sys::MutationObserverInit::new();
                init.set_attributes(true);
                init.set_attribute_filter(&js_sys::Array::of1(&JsValue::from_str("lang")));
                let _ = observer.observe_with_options(&el, &init);
            }
            move || {
                if let Some(observer) = observer {
                    observer.disconnect();
                }
                drop(changed);
            }
        });
    }
    *lang
}
