//! The board's events and who listens: `select`, `move`, `removal`,
//! `change`, `draw` and `end`, each with the callback from the mount options (`onSelect`, …)
//! and those added by `handle.on(name, fn)`. The board calls them once its
//! model is no longer borrowed, since a listener may call the handle; a
//! listener that throws is reported as an uncaught exception of the page
//! (`reportError`: the console, and the window's `error` event) and the
//! board goes on, calling the other listeners.

use serde::Serialize;
use wasm_bindgen::prelude::*;

use super::shapes::ShapeView;
use crate::views::{to_js, OutcomeView, StateView};
use crate::ApiError;

/// The events, by their names in `on(name, fn)` and in the options.
pub const EVENTS: &[(&str, &str)] = &[
    ("select", "onSelect"),
    ("move", "onMove"),
    ("removal", "onRemoval"),
    ("change", "onChange"),
    ("draw", "onDraw"),
    ("end", "onEnd"),
];

/// Every listener of one board, by event.
#[derive(Clone, Debug, Default)]
pub struct Listeners {
    lists: [Vec<js_sys::Function>; EVENTS.len()],
}

impl Listeners {
    /// Adds `f` to event `name`.
    pub fn add(&mut self, name: &str, f: js_sys::Function) -> Result<(), ApiError> {
        let i = EVENTS.iter().position(|(n, _)| *n == name).ok_or_else(|| {
            let names: Vec<String> = EVENTS.iter().map(|(n, _)| format!("\"{n}\"")).collect();
            ApiError::Option(format!(
                "unknown board event `{name}`; the events are {}",
                names.join(", ")
            ))
        })?;
        self.lists[i].push(f);
        Ok(())
    }

    /// Removes `f` from event `name`; false when it was not there.
    pub fn remove(&mut self, name: &str, f: &js_sys::Function) -> bool {
        let Some(i) = EVENTS.iter().position(|(n, _)| *n == name) else {
            return false;
        };
        let before = self.lists[i].len();
        self.lists[i].retain(|g| g != f);
        self.lists[i].len() != before
    }

    fn of(&self, name: &str) -> &[js_sys::Function] {
        EVENTS
            .iter()
            .position(|(n, _)| *n == name)
            .map_or(&[], |i| &self.lists[i])
    }
}

/// Something that happened, with what its listeners get.
#[derive(Debug)]
pub enum Event {
    /// The person pressed a point that began or went on with a turn.
    Select {
        point: String,
    },
    Move {
        text: String,
        state: StateView,
    },
    Removal {
        point: String,
        text: String,
    },
    /// The position shown changed (`BoardChange` in board.d.ts).
    Change(ChangeView),
    /// The person drew or erased shapes: those drawn now.
    Draw {
        shapes: Vec<ShapeView>,
    },
    End {
        outcome: OutcomeView,
    },
}

/// What the `change` event's listeners get: why the position changed (a
/// move, an undo, a new position), the move when it was one, and the
/// position now.
#[derive(Debug, Serialize)]
pub struct ChangeView {
    pub cause: &'static str,
    #[serde(rename = "move")]
    pub played: Option<String>,
    pub position: String,
    pub state: StateView,
}

impl ChangeView {
    /// The change to the position of `game` now, for `cause`.
    pub fn of(cause: &'static str, played: Option<String>, game: &morris_core::Game) -> Event {
        Event::Change(ChangeView {
            cause,
            played,
            position: game.position().to_string(),
            state: StateView::of(game),
        })
    }
}

impl Event {
    /// Calls the event's listeners (from a copy of the list, taken before).
    pub fn tell(&self, listeners: &Listeners) {
        let (name, args) = match self {
            Event::Select { point } => ("select", vec![JsValue::from(point.as_str())]),
            Event::Move { text, state } => ("move", vec![JsValue::from(text.as_str()), js(to_js(state))]),
            Event::Removal { point, text } => (
                "removal",
                vec![JsValue::from(point.as_str()), JsValue::from(text.as_str())],
            ),
            Event::Change(change) => ("change", vec![js(to_js(change))]),
            Event::Draw { shapes } => ("draw", vec![js(to_js(shapes))]),
            Event::End { outcome } => ("end", vec![js(to_js(outcome))]),
        };
        let args: js_sys::Array = args.into_iter().collect();
        for f in listeners.of(name) {
            if let Err(e) = f.apply(&JsValue::NULL, &args) {
                report(&e);
            }
        }
    }
}

/// A listener's exception, reported as the page's own uncaught one:
/// `reportError` where there is one, else `console.error`.
fn report(error: &JsValue) {
    let global = js_sys::global();
    let function = |name: &str| {
        js_sys::Reflect::get(&global, &JsValue::from(name))
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    };
    if let Some(f) = function("reportError") {
        let _ = f.call1(&global, error);
        return;
    }
    let console = js_sys::Reflect::get(&global, &JsValue::from("console")).unwrap_or(JsValue::UNDEFINED);
    if let Some(f) = js_sys::Reflect::get(&console, &JsValue::from("error"))
        .ok()
        .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
    {
        let _ = f.call2(
            &console,
            &JsValue::from("morris-wasm: a board listener threw:"),
            error,
        );
    }
}

fn js(v: Result<JsValue, serde_wasm_bindgen::Error>) -> JsValue {
    v.unwrap_or(JsValue::UNDEFINED)
}

/// Events to tell, with a copy of the listeners as they were.
#[derive(Debug, Default)]
pub struct Told {
    pub events: Vec<Event>,
    pub listeners: Listeners,
}

impl Told {
    pub fn tell(self) {
        for e in &self.events {
            e.tell(&self.listeners);
        }
    }
}
