//! The lab's side: its entry point ([`run`], called by the binary `lab`)
//! and its root component, which opens the view the page asks for, goes
//! from one view to another (the analysis board to the editor or the
//! connection settings, and back to it when they close)
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

/// The analysis board's controls that leave it for the editor and for the
/// connection settings.
const EDIT: &str = "[data-analysis] [data-action=edit-position]";
const TABLES: &str = "[data-analysis] [data-action=tables-address]";

/// The analysis board of `game` at `ply`, to come back to.
fn analysis_at(game: Game, ply: usize) -> LabView {
    LabView::Analysis {
        game,
        ply,
        review: false,
    }
}

/// The analysis board to come back to, and the control on it (a CSS
/// selector) that opened the view left for, to take the focus again.
type Back = Option<(LabView, &'static str)>;

/// Leaves the analysis board (at the game and turn it gives) from its
/// control `opener` for the view `to` makes of them, keeping the board in
/// `back` to come back to.
fn leave(
    go: &Callback<LabView>,
    back: &UseStateSetter<Back>,
    opener: &'static str,
    to: fn(&Game, usize) -> Option<LabView>,
) -> Callback<(Game, usize)> {
    let (go, back) = (go.clone(), back.clone());
    Callback::from(move |(game, ply): (Game, usize)| {
        if let Some(view) = to(&game, ply) {
            back.set(Some((analysis_at(game, ply), opener)));
            go.emit(view);
        }
    })
}

/// The editor on the position of `game` at `ply`.
fn editor_at(game: &Game, ply: usize) -> Option<LabView> {
    game.positions().get(ply).map(|p| LabView::Editor((*p).into()))
}

#[function_component(LabRoot)]
fn lab_root() -> Html {
    let lang = use_page_lang();
    let view = use_state(take_request);
    // The analysis board to come back to from the view it opened (the
    // position editor, the connection settings at the tables' address).
    let back = use_state(|| None::<(LabView, &'static str)>);
    // The control the analysis board, come back to, focuses as it opens.
    let refocus = use_state(|| None::<&'static str>);
    {
        let (view, back, refocus) = (view.setter(), back.setter(), refocus.setter());
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                EventListener::new(&w, OPEN_EVENT, move |_| {
                    if let Some(v) = take_request() {
                        back.set(None);
                        refocus.set(None);
                        view.set(Some(v));
                    }
                })
            });
            move || drop(listener)
        });
    }
    let end = {
        let (view, back, refocus) = (view.setter(), back.setter(), refocus.setter());
        Callback::from(move |exit: LabExit| {
            back.set(None);
            refocus.set(None);
            view.set(None);
            tell(&exit);
        })
    };
    let go = {
        let view = view.setter();
        Callback::from(move |v: LabView| view.set(Some(v)))
    };
    // Closing a view goes back to the analysis board it came from, if one.
    let close = match (*back).clone() {
        Some((v, opener)) => {
            let (go, back, refocus) = (go.clone(), back.setter(), refocus.setter());
            Callback::from(move |()| {
                back.set(None);
                refocus.set(Some(opener));
                go.emit(v.clone());
            })
        }
        None => end.reform(|()| LabExit::Closed),
    };
    match &*view {
        None => Html::default(),
        Some(LabView::Analysis { game, ply, review }) => {
            let on_edit = leave(&go, &back.setter(), EDIT, editor_at);
            let on_settings = leave(&go, &back.setter(), TABLES, |_, _| Some(LabView::Connection));
            html! {
                <AnalysisTable {lang} game={Rc::new((game.clone(), *ply))} review={*review} focus_first={*refocus}
                               on_close={end.reform(|()| LabExit::Closed)} {on_edit} {on_settings} />
            }
        }
        Some(LabView::Editor(setup)) => {
            // Analysed, the position is a board of its own: nothing to go back to.
            let on_analyse = {
                let (go, back) = (go.clone(), back.setter());
                Callback::from(move |pos: Position| {
                    back.set(None);
                    go.emit(analysis_at(Game::from_position(pos), 0));
                })
            };
            html! {
                <PositionEditor {lang} setup={Rc::new(setup.clone())} on_play={end.reform(LabExit::Play)}
                                {on_analyse} on_close={close} />
            }
        }
        Some(LabView::Puzzles(variant)) => html! {
            <PuzzleTable {lang} variant={*variant} on_close={end.reform(|()| LabExit::Closed)} />
        },
        Some(LabView::Connection) => {
            let tables_first = back.is_some();
            html! { <ConnectionSettings {lang} on_close={close} {tables_first} /> }
        }
    }
}
