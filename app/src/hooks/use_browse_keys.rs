//! End anywhere on the page (outside a text field) brings the board back
//! from an earlier position to the game, as the notice on a click of the
//! browsed board says. The move list has its own keys; the board's arrow
//! keys stay the board's.

use gloo_events::EventListener;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::model::{Action, Model};

/// Whether the key went to a field that types text.
fn in_text_field(e: &KeyboardEvent) -> bool {
    e.target()
        .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
        .is_some_and(|el| matches!(el.tag_name().as_str(), "INPUT" | "TEXTAREA" | "SELECT"))
}

#[hook]
pub fn use_browse_keys(browsing: bool, dispatcher: UseReducerDispatcher<Model>) {
    use_effect_with(browsing, move |&browsing| {
        let listener = web_sys::window().filter(|_| browsing).map(|window| {
            EventListener::new(&window, "keydown", move |e| {
                let Some(k) = e.dyn_ref::<KeyboardEvent>() else {
                    return;
                };
                if k.key() == "End" && !k.default_prevented() && !in_text_field(k) {
                    k.prevent_default();
                    dispatcher.dispatch(Action::View(None));
                }
            })
        });
        move || drop(listener)
    });
}
