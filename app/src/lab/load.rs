//! The table's side of the lab: opening a view (the page's `mulinoLab`
//! fetches the module the first time; meanwhile a notice says so, and
//! says why if it cannot come: offline, that it is downloaded once online
//! and that the table plays on), and what a view's end does to the table.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::EventListener;
use morris_core::Game;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use yew::prelude::*;

use super::{LabExit, LabView, EXIT_EVENT, REQUEST};
use crate::link::{Mode, Opened};
use crate::model::{Action, Model, Notice};
use crate::opening::{take_first_analysis, take_first_editor};

/// What the table needs to open the lab's views.
#[derive(Clone, Debug, PartialEq)]
pub struct Lab {
    pub open: Callback<LabView>,
}

/// Why the lab did not come.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Failure {
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

/// The failure a rejected load's error stands for.
fn failure(e: &JsValue) -> Failure {
    let message = e
        .dyn_ref::<js_sys::Error>()
        .map(|e| String::from(e.message()))
        .or_else(|| e.as_string())
        .unwrap_or_else(|| "unknown error".into());
    if offline() || unreachable_words(&message) {
        Failure::Unreachable
    } else {
        Failure::Other(message)
    }
}

/// Asks the page for the lab with `view`; the error says why it cannot come.
async fn ask(view: &LabView) -> Result<(), Failure> {
    let window: JsValue = web_sys::window().ok_or("no window")?.into();
    js_sys::Reflect::set(
        &window,
        &JsValue::from_str(REQUEST),
        &JsValue::from_str(&view.encode()),
    )
    .map_err(|_| "the page refused the request")?;
    let load: js_sys::Function = js_sys::Reflect::get(&window, &JsValue::from_str("mulinoLab"))
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

/// Whether the browser says it is offline.
fn offline() -> bool {
    web_sys::window().is_some_and(|w| !w.navigator().on_line())
}

/// The lab for the table: `send` reaches its reducer, `latest` is the
/// model as last rendered (its seats for a game from the editor), and
/// `started` is told when a game from the lab starts. An analysis or
/// editor link the page opened with opens its view at once.
#[hook]
pub fn use_lab(send: Callback<Action>, latest: Rc<RefCell<Rc<Model>>>, started: Callback<()>) -> Lab {
    let calls = use_mut_ref(|| (send.clone(), started.clone()));
    *calls.borrow_mut() = (send.clone(), started);
    {
        let (calls, latest) = (calls.clone(), latest.clone());
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                EventListener::new(&w, EXIT_EVENT, move |e| {
                    let text = e
                        .dyn_ref::<web_sys::CustomEvent>()
                        .and_then(|e| e.detail().as_string())
                        .unwrap_or_default();
                    if let Ok(LabExit::Play(pos)) = LabExit::decode(&text) {
                        let (send, started) = calls.borrow().clone();
                        let mode: Mode = latest.borrow().mode;
                        let opened = Opened {
                            mode,
                            game: Game::from_position(pos),
                            redo: Vec::new(),
                            clock: None,
                            score: None,
                        };
                        send.emit(Action::Open(Box::new(opened)));
                        started.emit(());
                    }
                })
            });
            move || drop(listener)
        });
    }
    let open = Callback::from(move |view: LabView| {
        let (send, latest) = (send.clone(), latest.clone());
        send.emit(Action::Notify(Some(Notice::new("lab.loading", Vec::new()))));
        wasm_bindgen_futures::spawn_local(async move {
            let result = ask(&view).await;
            let loading = latest
                .borrow()
                .notice
                .as_ref()
                .is_some_and(|n| n.key == "lab.loading");
            match result {
                Ok(()) if loading => send.emit(Action::Notify(None)),
                Ok(()) => {}
                // Offline (or out of reach) before the lab was ever
                // downloaded: what is missing and what still works, not
                // the browser's words.
                Err(Failure::Unreachable) => {
                    send.emit(Action::Notify(Some(Notice::new("lab.offline", Vec::new()))))
                }
                Err(Failure::Other(why)) => {
                    send.emit(Action::Notify(Some(Notice::new("lab.failed", vec![why]))))
                }
            }
        });
    });
    {
        // An analysis or editor link the page opened with.
        let open = open.clone();
        use_effect_with((), move |_| {
            let first = take_first_editor()
                .map(LabView::Editor)
                .or_else(|| take_first_analysis().map(LabView::at_end));
            if let Some(view) = first {
                open.emit(view);
            }
        });
    }
    Lab { open }
}

#[cfg(test)]
mod tests {
    use super::unreachable_words;

    #[test]
    fn a_module_that_cannot_be_fetched_reads_as_out_of_reach() {
        for said in [
            "Failed to fetch dynamically imported module: http://127.0.0.1:8080/lab.js",
            "error loading dynamically imported module: http://x/lab.js",
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
