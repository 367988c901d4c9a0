//! The few things the app asks of the page itself: its address, the
//! clipboard, the share sheet, the clock, idle time, and the window events
//! the page and its modules loaded on demand talk by.

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{HtmlInputElement, HtmlTextAreaElement, IdbDatabase, IdbFactory, IdbRequest};
use yew::NodeRef;

/// A node of its own at the end of the page's body, with this `id`, to
/// mount a Yew root on. Each module (the table, the lab) has one: a root
/// takes the events of everything under its node, so neither may hold
/// the other's.
pub fn own_node(id: &str) -> Option<web_sys::Element> {
    let doc = web_sys::window()?.document()?;
    let node = doc.create_element("div").ok()?;
    node.set_id(id);
    doc.body()?.append_child(&node).ok()?;
    Some(node)
}

/// Focuses `e`, an HTML or an SVG element (a board's point).
pub fn focus(e: &web_sys::Element) {
    if let Some(h) = e.dyn_ref::<web_sys::HtmlElement>() {
        let _ = h.focus();
    } else if let Some(s) = e.dyn_ref::<web_sys::SvgElement>() {
        let _ = s.focus();
    }
}

/// Focuses the page's first element that matches `selector`, if there is
/// one; whether there was.
pub fn focus_first(selector: &str) -> bool {
    let found = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.query_selector(selector).ok().flatten());
    found.map(|e| focus(&e)).is_some()
}

/// Sends the window event `name` with `text` as its detail (the page and
/// its modules loaded on demand talk so: `lab`, `room::talk`).
pub fn tell_window(name: &str, text: &str) {
    let init = web_sys::CustomEventInit::new();
    init.set_detail(&JsValue::from_str(text));
    if let (Some(w), Ok(e)) = (
        web_sys::window(),
        web_sys::CustomEvent::new_with_event_init_dict(name, &init),
    ) {
        let _ = w.dispatch_event(&e);
    }
}

/// The text a window event sent by [`tell_window`] carries (empty if none).
pub fn told_text(e: &web_sys::Event) -> String {
    e.dyn_ref::<web_sys::CustomEvent>()
        .and_then(|e| e.detail().as_string())
        .unwrap_or_default()
}

/// The address of the page without its fragment.
pub fn base_url() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .map(|h| h.split('#').next().unwrap_or_default().to_string())
        .unwrap_or_default()
}

/// Writes text to the clipboard (where the browser allows it) and selects
/// it in its field (an input or a text area), so it can be copied by hand too.
pub fn copy_text(text: &str, field: &NodeRef) {
    if let Some(input) = field.cast::<HtmlInputElement>() {
        input.set_value(text);
        input.select();
    } else if let Some(area) = field.cast::<HtmlTextAreaElement>() {
        area.set_value(text);
        area.select();
    }
    if let Some(w) = web_sys::window() {
        let _ = w.navigator().clipboard().write_text(text);
    }
}

/// The browser's share sheet (`navigator.share`), where it has one.
fn share_fn() -> Option<(web_sys::Navigator, js_sys::Function)> {
    let navigator = web_sys::window()?.navigator();
    let f = js_sys::Reflect::get(&navigator, &"share".into()).ok()?;
    Some((navigator, f.dyn_into().ok()?))
}

/// Whether the browser has a share sheet (the Web Share API).
pub fn can_share() -> bool {
    share_fn().is_some()
}

/// Opens the browser's share sheet with a link; a share cancelled or
/// refused changes nothing (the link is still on the page to copy).
pub fn share_link(title: &str, text: &str, url: &str) {
    let Some((navigator, share)) = share_fn() else {
        return;
    };
    let data = js_sys::Object::new();
    for (key, value) in [("title", title), ("text", text), ("url", url)] {
        let _ = js_sys::Reflect::set(&data, &key.into(), &value.into());
    }
    if let Ok(promise) = share.call1(&navigator, &data) {
        if let Ok(promise) = promise.dyn_into::<js_sys::Promise>() {
            wasm_bindgen_futures::spawn_local(async move {
                let _ = JsFuture::from(promise).await;
            });
        }
    }
}

/// The fragment of the address, if it holds something, and clears it.
pub fn take_hash() -> Option<String> {
    let window = web_sys::window()?;
    let location = window.location();
    let hash = location.hash().ok()?;
    let hash = hash.trim_start_matches('#').to_string();
    if hash.is_empty() {
        return None;
    }
    let plain = format!("{}{}", location.pathname().ok()?, location.search().ok()?);
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&plain));
    }
    Some(hash)
}

/// Milliseconds since the epoch, from the page's clock.
pub fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// [`now_ms`] in whole milliseconds: the time the clocks are kept in.
pub fn clock_ms() -> u64 {
    now_ms().max(0.0) as u64
}

/// Runs `f` when the browser is idle (soon after loading), or after a short
/// timeout where there is no `requestIdleCallback`.
pub fn when_idle(f: impl FnOnce() + 'static) {
    let f = std::rc::Rc::new(std::cell::Cell::new(Some(f)));
    let run = {
        let f = f.clone();
        move || {
            if let Some(f) = f.take() {
                f();
            }
        }
    };
    let scheduled = web_sys::window().is_some_and(|w| {
        let cb = wasm_bindgen::closure::Closure::once_into_js(run.clone());
        w.request_idle_callback(cb.unchecked_ref()).is_ok()
    });
    if !scheduled {
        gloo_timers::callback::Timeout::new(100, run).forget();
    }
}

/// In a worker: gives its event loop a turn, after `ms` milliseconds
/// (messages waiting are read, other tasks run).
#[cfg(target_arch = "wasm32")]
pub async fn worker_pause(ms: i32) {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        let scope: web_sys::WorkerGlobalScope = js_sys::global().unchecked_into();
        let _ = scope.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
    });
    let _ = JsFuture::from(promise).await;
}

/// The result of an IndexedDB request, once it has one (the seat keys of
/// rooms and the endgame tables are kept in IndexedDB).
pub async fn idb_done(req: &IdbRequest) -> Result<JsValue, JsValue> {
    let promise = js_sys::Promise::new(&mut |resolve, reject| {
        let r = req.clone();
        let ok = Closure::once_into_js(move |_: web_sys::Event| {
            let _ = resolve.call1(&JsValue::NULL, &r.result().unwrap_or(JsValue::UNDEFINED));
        });
        let err = Closure::once_into_js(move |_: web_sys::Event| {
            let _ = reject.call1(&JsValue::NULL, &JsValue::from_str("IndexedDB request failed"));
        });
        req.set_onsuccess(Some(ok.unchecked_ref()));
        req.set_onerror(Some(err.unchecked_ref()));
    });
    JsFuture::from(promise).await
}

/// Opens the IndexedDB database `name` of `factory` (the page's or a
/// worker's, as their `indexed_db()` gives it), making its one object
/// store `store` when the database is new.
pub async fn idb_open(
    factory: Result<Option<IdbFactory>, JsValue>,
    name: &str,
    store: &'static str,
) -> Result<IdbDatabase, JsValue> {
    let factory = factory?.ok_or_else(|| JsValue::from_str("no IndexedDB"))?;
    let open = factory.open_with_u32(name, 1)?;
    let req = open.clone();
    let upgrade = Closure::once_into_js(move |_: web_sys::Event| {
        if let Ok(db) = req.result().and_then(|r| r.dyn_into::<IdbDatabase>()) {
            let _ = db.create_object_store(store);
        }
    });
    open.set_onupgradeneeded(Some(upgrade.unchecked_ref()));
    Ok(idb_done(&open).await?.unchecked_into())
}

/// The text of a file of the site, at `url` relative to the page; an
/// error says what failed (offline, not found).
pub async fn fetch_text(url: &str) -> Result<String, String> {
    let reason = |e: JsValue| {
        e.dyn_ref::<js_sys::Error>()
            .map(|e| String::from(e.message()))
            .unwrap_or_else(|| "the network failed".into())
    };
    let window = web_sys::window().ok_or("no window")?;
    let res: web_sys::Response = JsFuture::from(window.fetch_with_str(url))
        .await
        .map_err(reason)?
        .unchecked_into();
    if !res.ok() {
        return Err(format!("{url}: HTTP {}", res.status()));
    }
    let text = JsFuture::from(res.text().map_err(reason)?)
        .await
        .map_err(reason)?;
    text.as_string().ok_or_else(|| format!("{url}: not text"))
}
