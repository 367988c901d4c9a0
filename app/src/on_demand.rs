//! The page's modules fetched on demand (the lab, the live room): the
//! page's loader for one (index.html: `mulinoLab`, `mulinoRoom`) called,
//! and why it failed, in words a person can act on when its files could
//! not be fetched (offline, or the server out of reach).

use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;

/// Why a module did not come.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Failure {
    /// Its files could not be fetched: offline, or the server out of reach.
    Unreachable,
    /// Anything else, in the browser's words.
    Other(String),
}

impl From<&str> for Failure {
    fn from(why: &str) -> Failure {
        Failure::Other(why.into())
    }
}

/// Whether the words of a failed import or fetch say that its file could
/// not be fetched (Chromium's "Failed to fetch dynamically imported
/// module", Firefox's "error loading dynamically imported module" and
/// "NetworkError", Safari's "Importing a module script failed" and "Load
/// failed").
pub fn unreachable_words(message: &str) -> bool {
    let m = message.to_ascii_lowercase();
    [
        "failed to fetch",
        "dynamically imported module",
        "module script failed",
        "networkerror",
        "load failed",
    ]
    .iter()
    .any(|w| m.contains(w))
}

/// Whether a fetch that failed with `message` failed for want of the
/// network: the browser says it is offline, or its words say so.
pub fn unreachable(message: &str) -> bool {
    offline() || unreachable_words(message)
}

/// The failure a rejected load's error stands for.
fn failure(e: &JsValue) -> Failure {
    let message = e
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| "unknown error".into());
    if unreachable(&message) {
        Failure::Unreachable
    } else {
        Failure::Other(message)
    }
}

/// Whether the browser says it is offline.
fn offline() -> bool {
    web_sys::window().is_some_and(|w| !w.navigator().on_line())
}

/// Calls the page's loader `loader` (a function on `window` returning a
/// promise) and waits for the module; the error says why it cannot come.
pub async fn load(loader: &str) -> Result<(), Failure> {
    let window: JsValue = web_sys::window().ok_or("no window")?.into();
    let load: js_sys::Function = js_sys::Reflect::get(&window, &JsValue::from_str(loader))
        .ok()
        .and_then(|f| f.dyn_into().ok())
        .ok_or("the page has no loader")?;
    let promise: js_sys::Promise = load
        .call0(&JsValue::NULL)
        .ok()
        .and_then(|p| p.dyn_into().ok())
        .ok_or("the loader failed")?;
    JsFuture::from(promise).await.map(drop).map_err(|e| failure(&e))
}

#[cfg(test)]
mod tests {
    use super::unreachable_words;

    #[test]
    fn a_module_that_cannot_be_fetched_reads_as_out_of_reach() {
        for said in [
            "Failed to fetch dynamically imported module: http://127.0.0.1:8080/lab.js",
            "error loading dynamically imported module: http://x/room.js",
            "Importing a module script failed.",
            "Failed to fetch",
            "NetworkError when attempting to fetch resource.",
            "Load failed",
        ] {
            assert!(unreachable_words(said), "{said}");
        }
        assert!(!unreachable_words("the page has no loader"));
        assert!(!unreachable_words("unreachable executed"));
    }
}
