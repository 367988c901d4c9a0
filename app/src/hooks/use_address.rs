//! The address: the room link the page opened with, and a new link in
//! the address bar (a game, or a room) while the page is up.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::EventListener;
use yew::prelude::*;

use super::use_live::Live;
use crate::browser::take_hash;
use crate::editor::{editor_payload, read_editor_link};
use crate::link::{analysis_payload, parse};
use crate::model::{Action, Model, Notice};
use crate::opening::{open_address, take_first_link};
use morris_core::{Game, Setup};

/// Listens for links opened in the address bar; `latest` is the model as
/// last rendered. An analysis link's game goes to `on_analysis`, an
/// editor link's position to `on_editor`.
#[hook]
pub fn use_address(
    dispatcher: UseReducerDispatcher<Model>,
    latest: Rc<RefCell<Rc<Model>>>,
    live: Live,
    on_analysis: Callback<Game>,
    on_editor: Callback<Setup>,
) {
    use_effect_with((), move |_| {
        let open = move |hash: &str| {
            if let Some(fields) = editor_payload(hash) {
                return match read_editor_link(fields) {
                    Ok(setup) => on_editor.emit(setup),
                    Err(e) => dispatcher
                        .dispatch(Action::Notify(Some(Notice::new("link.bad", vec![e.to_string()])))),
                };
            }
            if let Some(inner) = analysis_payload(hash) {
                return match parse(inner) {
                    Ok(o) => on_analysis.emit(o.game),
                    Err(e) => dispatcher
                        .dispatch(Action::Notify(Some(Notice::new("link.bad", vec![e.to_string()])))),
                };
            }
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
