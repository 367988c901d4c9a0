//! The address: the room link the page opened with, and a new link in
//! the address bar (a game, or a room) while the page is up.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::EventListener;
use yew::prelude::*;

use super::use_live::Live;
use crate::browser::take_hash;
use crate::model::Model;
use crate::opening::{open_address, take_first_link};

/// Listens for links opened in the address bar; `latest` is the model as
/// last rendered.
#[hook]
pub fn use_address(dispatcher: UseReducerDispatcher<Model>, latest: Rc<RefCell<Rc<Model>>>, live: Live) {
    use_effect_with((), move |_| {
        let open = move |hash: &str| {
            let current = latest.borrow().clone();
            let (dispatcher, live) = (dispatcher.clone(), live.clone());
            open_address(
                &current,
                hash,
                move |a| dispatcher.dispatch(a),
                move |code, signal| live.signal_from_link(&code, signal),
            );
        };
        // The room link the page opened with.
        if let Some(hash) = take_first_link() {
            open(&hash);
        }
        let listener = web_sys::window().map(|window| {
            EventListener::new(&window, "hashchange", move |_| {
                if let Some(hash) = take_hash() {
                    open(&hash);
                }
            })
        });
        move || drop(listener)
    });
}
