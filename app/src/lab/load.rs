//! The table's side of the lab: opening a view (the page's `mulinoLab`
//! fetches the module the first time; meanwhile a notice says so, and
//! says why if it cannot come: offline, that it is downloaded once online
//! and that the table plays on), and what a view's end does to the table.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::EventListener;
use morris_core::Game;
use wasm_bindgen::JsValue;
use yew::prelude::*;

use super::{LabExit, LabView, EXIT_EVENT, REQUEST};
use crate::browser::told_text;
use crate::link::{Mode, Opened};
use crate::model::{Action, Model, Notice};
use crate::on_demand::{self, Failure};
use crate::opening::{take_first_analysis, take_first_editor};

/// What the table needs to open the lab's views.
#[derive(Clone, Debug, PartialEq)]
pub struct Lab {
    pub open: Callback<LabView>,
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
    on_demand::load("mulinoLab").await
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
                    let text = told_text(e);
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
