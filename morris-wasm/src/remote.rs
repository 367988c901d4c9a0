//! `openTables(url)`: Nine's win/draw/loss tables as web table files on
//! any static host (morris-solver's `web::remote`), read by range
//! requests, a block at a time, cached in memory and (where the global
//! scope has the Cache API) across reloads. A position's value and each
//! legal move's value are promises: a block may have to be fetched.
//!
//! It is a module of its own (feature `remote`, the package's
//! `morris-wasm/web-tables`), so that pages that use the engine alone do
//! not download the reader: a position comes to it as its position text
//! (a `Game` of any module gives it, `game.position()`), which crosses
//! from one WebAssembly module to another where a `Game` cannot.
//!
//! The values of a position from a reader ([`probe_position`],
//! [`probe_moves`]) are plain Rust over any [`RemoteReader`]; the
//! JavaScript class (`RemoteTables`, wasm32 only) queues its calls so that
//! one reader answers one at a time.

use morris_core::Position;
use morris_solver::web::remote::{BlockStore, RangeSource, RemoteReader, RemoteStats};
use morris_solver::Value;
use serde::Serialize;

use crate::table_views::{MoveValueView, TableValueView};
use crate::ApiError;

/// What `remote.stats()` returns.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct RemoteStatsView {
    pub range_requests: u64,
    pub range_bytes: u64,
    pub file_requests: u64,
    pub store_hits: u64,
    pub memory_hits: u64,
}

impl From<RemoteStats> for RemoteStatsView {
    fn from(s: RemoteStats) -> RemoteStatsView {
        RemoteStatsView {
            range_requests: s.range_requests,
            range_bytes: s.range_bytes,
            file_requests: s.file_requests,
            store_hits: s.store_hits,
            memory_hits: s.memory_hits,
        }
    }
}

/// The value of a position for its side to move; `None` when the game is
/// over in it or where the tables do not cover it.
pub async fn probe_position<S: RangeSource, C: BlockStore>(
    reader: &mut RemoteReader<S, C>,
    pos: &Position,
) -> Result<Option<TableValueView>, ApiError> {
    if pos.terminal().is_some() {
        return Ok(None);
    }
    let answer = reader.probe_many(std::slice::from_ref(pos)).await;
    match answer.into_iter().next() {
        Some(Ok(Some(value))) => Ok(Some(value.into())),
        Some(Ok(None)) | None => Ok(None),
        Some(Err(e)) => Err(e.into()),
    }
}

/// Each legal move of a position whose position after it the tables
/// cover (a move that ends the game counts, where they cover the
/// position), with its value for the side that makes it; the positions
/// after the moves are probed together, every block they need fetched at
/// once. The first error (a block that needs the network, a corrupt one)
/// is the answer when any position after a move has one.
pub async fn probe_moves<S: RangeSource, C: BlockStore>(
    reader: &mut RemoteReader<S, C>,
    pos: &Position,
) -> Result<Vec<MoveValueView>, ApiError> {
    if pos.terminal().is_some() {
        return Ok(Vec::new());
    }
    let ends_count = reader.covers(pos);
    let moves = pos.legal_moves();
    let after: Vec<Position> = moves.iter().map(|&m| pos.play(m)).collect();
    let values = reader.probe_many(&after).await;
    let mut out = Vec::new();
    for ((&m, child), value) in moves.iter().zip(&after).zip(values) {
        let value = match (child.terminal(), value?) {
            (Some(o), _) if ends_count => Value::of_outcome(o, child.turn()),
            (_, Some(value)) => value,
            _ => continue,
        };
        out.push(MoveValueView {
            turn: pos.notation(m),
            value: value.for_mover(child, pos.turn()).into(),
        });
    }
    Ok(out)
}

#[cfg(target_arch = "wasm32")]
pub use js::{open_tables, RemoteTablesHandle};

#[cfg(target_arch = "wasm32")]
mod js {
    use std::cell::{Cell, RefCell};
    use std::future::Future;
    use std::rc::Rc;

    use js_sys::{Function, Promise, Reflect};
    use morris_core::Position;
    use morris_solver::web::remote::{RemoteStats, RemoteTables};
    use wasm_bindgen::prelude::*;
    use wasm_bindgen_futures::{future_to_promise, JsFuture};

    use super::{probe_moves, probe_position, RemoteStatsView};
    use crate::views::to_js;
    use crate::ApiError;

    /// The reader, out of its slot while a call uses it.
    type Slot = Rc<RefCell<Option<RemoteTables>>>;

    /// Web tables opened by `openTables`: exact values of Nine's moving
    /// and flying positions from any static host.
    #[wasm_bindgen(js_name = RemoteTables)]
    #[derive(Debug)]
    pub struct RemoteTablesHandle {
        reader: Slot,
        stats: Rc<Cell<RemoteStats>>,
        /// The last call's promise: the next one waits for it.
        last: RefCell<Promise>,
    }

    /// The address given: a string or a `URL`.
    fn url_arg(url: &JsValue) -> Result<String, ApiError> {
        if let Some(s) = url.as_string() {
            return Ok(s);
        }
        let href = Reflect::get(url, &"href".into()).ok().and_then(|h| h.as_string());
        href.ok_or_else(|| misfit("the tables' URL", "a string or a URL", url))
    }

    /// The `ArgumentError` for an argument of another kind than `expected`.
    fn misfit(label: &str, expected: &str, got: &JsValue) -> ApiError {
        let kind = if got.is_null() {
            "null".into()
        } else {
            got.js_typeof().as_string().unwrap_or_default()
        };
        ApiError::Argument(format!("{label} must be {expected}, not {kind}"))
    }

    /// The position given: a position text, or a `Game` of any of the
    /// package's modules (anything whose `position()` gives one). A game's
    /// own error (a freed one's) is thrown as it is.
    fn position_arg(arg: &JsValue) -> Result<Position, JsValue> {
        let text = match arg.as_string() {
            Some(text) => Some(text),
            None => match Reflect::get(arg, &"position".into())
                .ok()
                .and_then(|f| f.dyn_into::<Function>().ok())
            {
                Some(position) => position.call0(arg)?.as_string(),
                None => None,
            },
        };
        let text = text.ok_or_else(|| misfit("the position", "a position text or a Game", arg))?;
        Ok(text.parse::<Position>().map_err(ApiError::from)?)
    }

    /// Opens the web tables at `url` (the folder of their
    /// `manifest.json`; a query in it is asked with every file):
    /// fetches and checks the manifest. A host on another origin than the
    /// page's must allow it (`Access-Control-Allow-Origin`), or every
    /// fetch fails as if the host were out of reach.
    #[wasm_bindgen(js_name = openTables, unchecked_return_type = "Promise<RemoteTables>")]
    pub fn open_tables(#[wasm_bindgen(unchecked_param_type = "string | URL")] url: JsValue) -> Promise {
        future_to_promise(async move {
            let url = url_arg(&url)?;
            let reader = RemoteTables::open(&url).await.map_err(ApiError::from)?;
            let stats = Rc::new(Cell::new(reader.stats()));
            let handle = RemoteTablesHandle {
                reader: Rc::new(RefCell::new(Some(reader))),
                stats,
                last: RefCell::new(Promise::resolve(&JsValue::UNDEFINED)),
            };
            Ok(handle.into())
        })
    }

    impl RemoteTablesHandle {
        /// Runs `call` with the reader once the calls before it are done.
        fn queue<F, Fut>(&self, call: F) -> Promise
        where
            F: FnOnce(RemoteTables) -> Fut + 'static,
            Fut: Future<Output = (RemoteTables, Result<JsValue, JsValue>)> + 'static,
        {
            let before = self.last.borrow().clone();
            let (slot, stats) = (Rc::clone(&self.reader), Rc::clone(&self.stats));
            let promise = future_to_promise(async move {
                // Whether the call before succeeded is its caller's business.
                let _before = JsFuture::from(before).await;
                let taken = slot.borrow_mut().take();
                let reader = taken.ok_or(ApiError::State("the web tables were freed"))?;
                let (reader, answer) = call(reader).await;
                stats.set(reader.stats());
                *slot.borrow_mut() = Some(reader);
                answer
            });
            *self.last.borrow_mut() = promise.clone();
            promise
        }
    }

    #[wasm_bindgen(js_class = RemoteTables)]
    impl RemoteTablesHandle {
        /// The exact value of a position for its side to move (`{ result,
        /// plies: null }`: win, draw or loss), or `undefined` when the
        /// tables do not cover it or the game is over in it; the position
        /// is a position text or a `Game` (`game.position()` is read).
        /// Rejects with a `NeedsNetworkError` when its block is not cached
        /// and the host cannot be reached, a `TableFileError` for a
        /// corrupt block, a `PositionError` for a text that is not a
        /// position.
        #[wasm_bindgen(unchecked_return_type = "Promise<TableValue | undefined>")]
        pub fn probe(
            &self,
            #[wasm_bindgen(unchecked_param_type = "PositionLike")] position: JsValue,
        ) -> Promise {
            let pos = position_arg(&position);
            self.queue(move |mut reader| async move {
                let answer = match pos {
                    Ok(pos) => match probe_position(&mut reader, &pos).await {
                        Ok(Some(value)) => to_js(&value).map_err(JsValue::from),
                        Ok(None) => Ok(JsValue::UNDEFINED),
                        Err(e) => Err(e.into()),
                    },
                    Err(e) => Err(e),
                };
                (reader, answer)
            })
        }

        /// Every legal move whose position after it the tables cover, with
        /// its value for the side that makes it (`{ move, result, plies:
        /// null }`); the positions after the moves are probed together.
        #[wasm_bindgen(js_name = probeMoves, unchecked_return_type = "Promise<MoveValue[]>")]
        pub fn probe_moves(
            &self,
            #[wasm_bindgen(unchecked_param_type = "PositionLike")] position: JsValue,
        ) -> Promise {
            let pos = position_arg(&position);
            self.queue(move |mut reader| async move {
                let answer = match pos {
                    Ok(pos) => match probe_moves(&mut reader, &pos).await {
                        Ok(values) => to_js(&values).map_err(JsValue::from),
                        Err(e) => Err(e.into()),
                    },
                    Err(e) => Err(e),
                };
                (reader, answer)
            })
        }

        /// What was fetched and found so far (as of the last call that ended).
        #[wasm_bindgen(unchecked_return_type = "RemoteStats")]
        pub fn stats(&self) -> Result<JsValue, JsValue> {
            Ok(to_js(&RemoteStatsView::from(self.stats.get()))?)
        }
    }
}
