//! Escape anywhere on the page drops the turn being put together.

use gloo_events::EventListener;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::model::{Action, Model};

#[hook]
pub fn use_escape(dispatcher: UseReducerDispatcher<Model>) {
    use_effect_with((), move |_| {
        let listener = web_sys::window().map(|window| {
            EventListener::new(&window, "keydown", move |e| {
                if e.dyn_ref::<KeyboardEvent>().is_some_and(|k| k.key() == "Escape") {
                    dispatcher.dispatch(Action::Cancel);
                }
            })
        });
        move || drop(listener)
    });
}
