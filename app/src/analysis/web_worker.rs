//! Nine's tables for range reads in a worker of their own (the binary
//! `worker-web`), for the analysis board: the exact value of every move of
//! a position whose moves the set values
//! ([`crate::web_tables::moves_valued`]), answered as soon as its blocks are
//! there. The search runs in the worker with the tables, which reads a
//! message only between two slices of its search (up to 3.2 s each): asked
//! there, a new position's values waited for the slice to end.
//!
//! It speaks the analysis's lines (`super::protocol`): an `Analyse` is
//! answered with `Exact` lines under its epoch (nothing for a position
//! that is not for the set), a `Stop` drops what was asked. Positions are
//! answered one at a time, the newest asked first; one asked meanwhile and
//! replaced by another is never fetched.

use std::cell::{Cell, RefCell};
use std::rc::Rc;

use morris_core::Position;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use web_sys::DedicatedWorkerGlobalScope;

use super::protocol::{Exact, FromAnalysis, ToAnalysis};
use super::worker::web_exact;
use crate::engine::FromWorker;
use crate::link;
use crate::web_tables::{self, WebSet};

/// The worker's state: the set, the position asked last, whether a probe
/// is running.
#[derive(Clone)]
struct WebWorker {
    web: WebSet,
    asked: Rc<RefCell<Option<(u32, Position)>>>,
    latest: Rc<Cell<Option<u32>>>,
    running: Rc<Cell<bool>>,
    out: DedicatedWorkerGlobalScope,
}

/// Runs the worker: reads the set's folder from the loader's global and
/// answers the page's lines until the worker ends.
pub fn run() {
    let scope: DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let worker = WebWorker {
        web: WebSet::from_loader(&scope),
        asked: Rc::default(),
        latest: Rc::default(),
        running: Rc::default(),
        out: scope.clone(),
    };
    let on_message = Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
        if let Some(text) = e.data().as_string() {
            worker.on_line(&text);
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str(FromWorker::READY));
}

impl WebWorker {
    fn on_line(&self, text: &str) {
        let asked = match ToAnalysis::decode(text) {
            Some(ToAnalysis::Analyse { epoch, game, .. }) => link::parse(&game)
                .ok()
                .map(|o| (epoch, *o.game.position()))
                .filter(|(_, pos)| web_tables::moves_valued(pos)),
            Some(ToAnalysis::Stop) | None => None,
        };
        self.latest.set(asked.map(|(epoch, _)| epoch));
        *self.asked.borrow_mut() = asked;
        if asked.is_some() && !self.running.replace(true) {
            wasm_bindgen_futures::spawn_local(self.clone().answer_all());
        }
    }

    fn post(&self, epoch: u32, exact: Exact) {
        let line = FromAnalysis::Exact { epoch, exact }.encode();
        let _ = self.out.post_message(&JsValue::from_str(&line));
    }

    /// Answers the position asked last until none is waiting.
    async fn answer_all(self) {
        loop {
            let next = self.asked.borrow_mut().take();
            let Some((epoch, pos)) = next else {
                self.running.set(false);
                return;
            };
            // "Loading" only where there is a set: a site without one
            // says nothing, not a flash of it.
            if self.web.present().await {
                self.post(epoch, Exact::Loading);
            }
            let exact = web_exact(&self.web, &pos).await;
            if self.latest.get() == Some(epoch) {
                self.post(epoch, exact);
            }
        }
    }
}
