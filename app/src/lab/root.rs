//! The lab's side: its entry point ([`run`], called by the binary `lab`)
//! and its root component, which opens the view the page asks for, goes
//! from one view to another (the analysis board to the editor and back)
//! in the page's language, and tells the page how the last one ended.

use std::rc::Rc;

use gloo_events::EventListener;
use morris_core::{Game, Position};
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

use super::lang::use_page_lang;
use super::{LabExit, LabView, EXIT_EVENT, OPEN_EVENT, REQUEST};
use crate::browser::{own_node, tell_window};
use crate::components::{AnalysisTable, ConnectionSettings, PositionEditor, PuzzleTable};

/// Mounts the lab's root on a node of its own, beside the table's.
pub fn run() {
    if let Some(node) = own_node("lab") {
        yew::Renderer::<LabRoot>::with_root(node).render();
    }
}

/// The view the page asked for, taken from it (once: whoever comes
/// first, the first render or the event, opens it).
fn take_request() -> Option<LabView> {
    let window: JsValue = web_sys::window()?.into();
    let key = JsValue::from_str(REQUEST);
    let text = js_sys::Reflect::get(&window, &key).ok()?.as_string()?;
    let _ = js_sys::Reflect::delete_property(window.unchecked_ref::<js_sys::Object>(), &key);
    LabView::decode(&text).ok()
}

/// Tells the page how a view ended.
fn tell(exit: &LabExit) {
    tell_window(EXIT_EVENT, &exit.encode());
}

#[function_component(LabRoot)]
fn lab_root() -> Html {
    let lang = use_page_lang();
    let view = use_state(take_request);
    {
        let view = view.setter();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                EventListener::new(&w, OPEN_EVENT, move |_| {
                    if let Some(v) = take_request() {
                        view.set(Some(v));
                    }
                })
            });
            move || drop(listener)
        });
    }
    let end = {
        let view = view.setter();
        Callback::from(move |exit: LabExit| {
            view.set(None);
            tell(&exit);
        })
    };
    let go = {
        let view = view.setter();
        Callback::from(move |v: LabView| view.set(Some(v)))
    };
    // The analysis board to come back to from the connection settings
    // opened for the tables' address.
    let back = use_state(|| None::<LabView>);
    match &*view {
        None => Html::default(),
        Some(LabView::Analysis { game, ply, review }) => {
            let on_edit = go.reform(|pos: Position| LabView::Editor(pos.into()));
            let on_settings = {
                let (go, back) = (go.clone(), back.setter());
                Callback::from(move |(game, ply): (Game, usize)| {
                    back.set(Some(LabView::Analysis {
                        game,
                        ply,
                        review: false,
                    }));
                    go.emit(LabView::Connection);
                })
            };
            html! {
                <AnalysisTable {lang} game={Rc::new((game.clone(), *ply))} review={*review}
                               on_close={end.reform(|()| LabExit::Closed)} {on_edit} {on_settings} />
            }
        }
        Some(LabView::Editor(setup)) => {
            let on_analyse = go.reform(|pos: Position| LabView::Analysis {
                game: Game::from_position(pos),
                ply: 0,
                review: false,
            });
            html! {
                <PositionEditor {lang} setup={Rc::new(setup.clone())} on_play={end.reform(LabExit::Play)}
                                {on_analyse} on_close={end.reform(|()| LabExit::Closed)} />
            }
        }
        Some(LabView::Puzzles(variant)) => html! {
            <PuzzleTable {lang} variant={*variant} on_close={end.reform(|()| LabExit::Closed)} />
        },
        Some(LabView::Connection) => {
            // Closed, it goes back to the analysis board it came from.
            let to = (*back).clone();
            let on_close = match to.clone() {
                Some(v) => {
                    let (go, back) = (go.clone(), back.setter());
                    Callback::from(move |()| {
                        back.set(None);
                        go.emit(v.clone());
                    })
                }
                None => end.reform(|()| LabExit::Closed),
            };
            html! { <ConnectionSettings {lang} {on_close} tables_first={to.is_some()} /> }
        }
    }
}
