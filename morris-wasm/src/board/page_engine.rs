//! A board against an engine the page gives (`engine` in `mountBoard`'s
//! options: an `EngineWorker`, or any object with `bestMove(record)`
//! returning a promise of a move): the board asks it for the engine's
//! moves; the board module has no search of its own, so that a page
//! downloads the engine once (`morris-wasm/board`'s entry gives a board
//! an engine worker of its own when the page gives none). Each question carries
//! the game's generation; an answer to an older one (the game was undone,
//! restarted or played on meanwhile) is dropped.

use morris_core::Move;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::{Embed, Msg};

/// The page's engine and the question out to it.
#[derive(Debug, Default)]
pub struct PageEngine {
    engine: Option<JsValue>,
    /// Bumped whenever the game changes, so that old answers are dropped.
    generation: u64,
    waiting: bool,
}

impl PageEngine {
    pub fn new(engine: Option<JsValue>) -> PageEngine {
        PageEngine {
            engine,
            ..PageEngine::default()
        }
    }

    /// The game changed: any answer on its way is for another position.
    pub fn forget(&mut self) {
        self.generation += 1;
        self.waiting = false;
    }

    /// The engine to ask and the question's generation, unless a question
    /// is out already; the question counts as out from now.
    pub fn question(&mut self) -> Option<(JsValue, u64)> {
        let engine = self.engine.clone().filter(|_| !self.waiting)?;
        self.waiting = true;
        Some((engine, self.generation))
    }

    /// The move an answer names, if it answers the question out now:
    /// `Some(None)` for an answer that names no move (a rejection, or a
    /// text that is not a legal move here), `None` for an old answer.
    pub fn answered(
        &mut self,
        generation: u64,
        answer: &JsValue,
        legal: impl Fn(&str) -> Option<Move>,
    ) -> Option<Option<Move>> {
        if generation != self.generation || !self.waiting {
            return None;
        }
        self.waiting = false;
        let text = answer.as_string().or_else(|| {
            js_sys::Reflect::get(answer, &JsValue::from("move"))
                .ok()
                .and_then(|m| m.as_string())
        });
        Some(text.and_then(|t| legal(&t)))
    }
}

/// Asks `engine` for a move in the game `record`; the answer comes back to
/// the board as `Msg::Reply`. Called with no borrow of the model held,
/// since the page's `bestMove` may call the handle.
pub fn ask(engine: &JsValue, generation: u64, record: String, link: &yew::html::Scope<Embed>) {
    let reply = |link: yew::html::Scope<Embed>| {
        Closure::once_into_js(move |answer: JsValue| link.send_message(Msg::Reply { generation, answer }))
    };
    let asked = js_sys::Reflect::get(engine, &JsValue::from("bestMove"))
        .and_then(|f| f.dyn_into::<js_sys::Function>())
        .and_then(|f| f.call1(engine, &JsValue::from(record)));
    match asked {
        Ok(answer) => {
            let promise = js_sys::Promise::resolve(&answer);
            let then = js_sys::Reflect::get(&promise, &JsValue::from("then"))
                .ok()
                .and_then(|f| f.dyn_into::<js_sys::Function>().ok());
            if let Some(then) = then {
                let _ = then.call2(&promise, &reply(link.clone()), &reply(link.clone()));
            }
        }
        Err(answer) => link.send_message(Msg::Reply { generation, answer }),
    }
}
