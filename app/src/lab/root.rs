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
use crate::components::{AnalysisTable, ConnectionSettings, LeftBy, PositionEditor, PuzzleTable};

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

/// The analysis board of `game` at `ply`, to come back to.
fn analysis_at(game: Game, ply: usize) -> LabView {
    LabView::Analysis {
        game,
        ply,
        review: false,
    }
}

/// Where the analysis board went, and how it comes back.
#[derive(Clone, PartialEq, Debug)]
enum Trail {
    /// It was left by `by` for another view: closing that view opens
    /// `board` again.
    Away { board: LabView, by: LeftBy },
    /// It came back: `by` takes the focus as it opens.
    Back(LeftBy),
}

/// Leaves the analysis board (at the game and turn it gives) by its
/// control `by` for the view `to` makes of them, keeping the board in
/// `trail` to come back to.
fn leave(
    go: &Callback<LabView>,
    trail: &UseStateSetter<Option<Trail>>,
    by: LeftBy,
    to: fn(&Game, usize) -> Option<LabView>,
) -> Callback<(Game, usize)> {
    let (go, trail) = (go.clone(), trail.clone());
    Callback::from(move |(game, ply): (Game, usize)| {
        if let Some(view) = to(&game, ply) {
            let board = analysis_at(game, ply);
            trail.set(Some(Trail::Away { board, by }));
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
    let trail = use_state(|| None::<Trail>);
    {
        let (view, trail) = (view.setter(), trail.setter());
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                EventListener::new(&w, OPEN_EVENT, move |_| {
                    if let Some(v) = take_request() {
                        trail.set(None);
                        view.set(Some(v));
                    }
                })
            });
            move || drop(listener)
        });
    }
    let end = {
        let (view, trail) = (view.setter(), trail.setter());
        Callback::from(move |exit: LabExit| {
            trail.set(None);
            view.set(None);
            tell(&exit);
        })
    };
    let go = {
        let view = view.setter();
        Callback::from(move |v: LabView| view.set(Some(v)))
    };
    // Closing a view goes back to the analysis board it came from, if one.
    let close = match (*trail).clone() {
        Some(Trail::Away { board, by }) => {
            let (go, trail) = (go.clone(), trail.setter());
            Callback::from(move |()| {
                trail.set(Some(Trail::Back(by)));
                go.emit(board.clone());
            })
        }
        _ => end.reform(|()| LabExit::Closed),
    };
    match &*view {
        None => Html::default(),
        Some(LabView::Analysis { game, ply, review }) => {
            let on_edit = leave(&go, &trail.setter(), LeftBy::EditPosition, editor_at);
            let on_settings = leave(&go, &trail.setter(), LeftBy::TablesAddress, |_, _| {
                Some(LabView::Connection)
            });
            let focus_first = match *trail {
                Some(Trail::Back(by)) => Some(by),
                _ => None,
            };
            html! {
                <AnalysisTable {lang} game={Rc::new((game.clone(), *ply))} review={*review} {focus_first}
                               on_close={end.reform(|()| LabExit::Closed)} {on_edit} {on_settings} />
            }
        }
        Some(LabView::Editor(setup)) => {
            // Analysed, the position is a board of its own: nothing to go back to.
            let on_analyse = {
                let (go, trail) = (go.clone(), trail.setter());
                Callback::from(move |pos: Position| {
                    trail.set(None);
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
            let tables_first = matches!(*trail, Some(Trail::Away { .. }));
            html! { <ConnectionSettings {lang} on_close={close} {tables_first} /> }
        }
    }
}
