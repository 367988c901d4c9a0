//! The interface's language: the one chosen before, else the browser's;
//! the document's `lang` and `dir` follow it.
//!
//! English is built in; another language's catalogue comes from the page's
//! `mulinoCatalogue(file)` (index.html), which the page already called for
//! the language it guessed before the app loaded, so it is usually here at
//! the first render. Until a catalogue arrives the table stays in the
//! language it shows; a switch changes only words, never the game. A
//! catalogue that cannot be had (chosen offline before it was ever used)
//! is told to `on_missing`, and the picker shows the language shown again.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::storage;

/// The language shown and the callback that switches (and remembers) it,
/// telling `on_missing` of a language chosen whose words could not be had.
#[hook]
pub fn use_lang_telling(on_missing: Callback<Lang>) -> (Lang, Callback<Lang>) {
    // The latest wish: a slow catalogue must not override a later choice.
    let latest = use_mut_ref(wanted);
    let shown = use_state(|| {
        let wanted = *latest.borrow();
        if arrived(wanted) {
            wanted
        } else {
            Lang::En
        }
    });
    {
        // The page follows the language shown; on the first render, the
        // wish not shown yet (its catalogue still coming) is sent for.
        let (latest, setter) = (latest.clone(), shown.setter());
        use_effect_with(*shown, move |l| {
            if let Some(el) = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.document_element())
            {
                let _ = el.set_attribute("lang", l.code());
                let _ = el.set_attribute("dir", l.dir());
            }
            let wanted = *latest.borrow();
            if wanted != *l {
                load(wanted, latest, setter, false, Callback::noop());
            }
        });
    }
    let set = {
        let setter = shown.setter();
        Callback::from(move |l: Lang| {
            *latest.borrow_mut() = l;
            load(l, latest.clone(), setter.clone(), true, on_missing.clone());
        })
    };
    (*shown, set)
}

/// The language chosen before, else the browser's.
fn wanted() -> Lang {
    storage::load_lang()
        .unwrap_or_else(|| Lang::pick(storage::browser_languages().iter().map(String::as_str)))
}

/// Whether `lang`'s words are here, taking them from the page if it has
/// fetched them already.
fn arrived(lang: Lang) -> bool {
    lang.is_ready() || fetched(lang).is_some_and(|text| lang.install(text))
}

/// Shows `lang` once its catalogue is here (and saves it, when chosen by
/// hand); a catalogue that cannot be had leaves the language as it is.
fn load(
    lang: Lang,
    latest: Rc<RefCell<Lang>>,
    shown: UseStateSetter<Lang>,
    save: bool,
    missing: Callback<Lang>,
) {
    let show = move || {
        if *latest.borrow() == lang {
            if save {
                storage::save_lang(lang);
            }
            shown.set(lang);
        }
    };
    if arrived(lang) {
        return show();
    }
    wasm_bindgen_futures::spawn_local(async move {
        if fetch(lang).await.is_some_and(|text| lang.install(text)) {
            show();
        } else {
            picker_back();
            missing.emit(lang);
        }
    });
}

/// After a language that could not be had (offline before it was ever
/// used): the picker shows again the language on the page.
fn picker_back() {
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let shown = doc.document_element().and_then(|e| e.get_attribute("lang"));
    let picker = doc
        .get_element_by_id("lang-select")
        .and_then(|e| e.dyn_into::<web_sys::HtmlSelectElement>().ok());
    if let (Some(picker), Some(code)) = (picker, shown) {
        picker.set_value(&code);
    }
}

/// The page's function that fetches a catalogue (index.html).
fn page_fn(name: &str) -> Option<JsValue> {
    let window = web_sys::window()?;
    js_sys::Reflect::get(&window, &JsValue::from_str(name)).ok()
}

/// The catalogue's text if the page has it already.
fn fetched(lang: Lang) -> Option<String> {
    let all = page_fn("mulinoCatalogues")?;
    js_sys::Reflect::get(&all, &JsValue::from_str(lang.file()))
        .ok()?
        .as_string()
}

async fn fetch(lang: Lang) -> Option<String> {
    let f: js_sys::Function = page_fn("mulinoCatalogue")?.dyn_into().ok()?;
    let promise: js_sys::Promise = f
        .call1(&JsValue::NULL, &JsValue::from_str(lang.file()))
        .ok()?
        .dyn_into()
        .ok()?;
    JsFuture::from(promise).await.ok()?.as_string()
}
