//! The search's clock: `Date.now()` in JavaScript, since
//! `std::time::Instant` panics on `wasm32-unknown-unknown`; the system
//! clock natively, where the tests run.
//!
//! A search in a worker is stopped from another thread (`Stop`): through a
//! shared `Int32Array`, or where memory cannot be shared through a
//! function of the worker's script that asks the page. Once it says stop
//! the clock reads "far too late", so the search ends at its next look at
//! the clock with the best move found so far (the search is
//! single-threaded WebAssembly, so no message can reach it while it runs).
//!
//! The stop alone (`stopped`) is all a perft needs, so the board module,
//! which has no search, has only that.

use wasm_bindgen::{JsCast, JsValue};

#[cfg(feature = "engine")]
use morris_engine::Clock;

/// What the clock reads once the search is stopped: past any deadline,
/// also one the search sets from a first reading taken when already
/// stopped (its deadlines are sums that saturate here: `u64::MAX / 2`
/// once let a search that began past its time run to its full depth).
#[cfg(feature = "engine")]
const STOPPED_MS: u64 = u64::MAX;

/// How a search or a count in a worker hears that it is to stop.
#[derive(Debug)]
pub enum Stop {
    /// An `Int32Array` on a `SharedArrayBuffer`: stop once its first
    /// element is not 0.
    Flag(js_sys::Int32Array),
    /// A function that returns `true` once the search is to stop, called
    /// at each look at the clock (it decides itself how often to ask:
    /// `worker/serve.js`).
    Asked(js_sys::Function),
}

impl Stop {
    /// `stop` as the worker passes it: a function, or else an
    /// `Int32Array` (anything else never says stop: `Atomics.load` throws).
    pub fn from_js(stop: Option<JsValue>) -> Option<Stop> {
        let stop = stop?;
        Some(match stop.is_function() {
            true => Stop::Asked(stop.unchecked_into()),
            false => Stop::Flag(stop.unchecked_into()),
        })
    }

    #[inline(never)]
    fn is_set(&self) -> bool {
        match self {
            Stop::Flag(flag) => js_sys::Atomics::load(flag, 0).is_ok_and(|v| v != 0),
            // `call1`, as `onInfo` is called: one import fewer than `call0`.
            Stop::Asked(f) => f
                .call1(&JsValue::NULL, &JsValue::UNDEFINED)
                .is_ok_and(|v| v.as_bool() == Some(true)),
        }
    }
}

/// Whether `stop` says stop.
pub fn stopped(stop: Option<&Stop>) -> bool {
    stop.is_some_and(Stop::is_set)
}

/// Milliseconds on the platform's clock (`Date.now()` in JavaScript).
#[cfg(feature = "engine")]
pub fn now_ms() -> u64 {
    #[cfg(target_arch = "wasm32")]
    {
        js_sys::Date::now() as u64
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        static START: std::sync::OnceLock<std::time::Instant> = std::sync::OnceLock::new();
        START.get_or_init(std::time::Instant::now).elapsed().as_millis() as u64
    }
}

/// Runs `f` with the clock of the platform, stopped by `stop` if given,
/// and once `deadline_ms` milliseconds have passed if given: the search
/// ends at its next look at the clock, as after a stop.
#[cfg(feature = "engine")]
pub fn with_stop_clock<R>(
    stop: Option<&Stop>,
    deadline_ms: Option<u64>,
    f: impl FnOnce(&dyn Clock) -> R,
) -> R {
    let start = now_ms();
    let end = deadline_ms.map(|ms| start.saturating_add(ms));
    f(&morris_engine::FnClock(|| {
        let now = now_ms();
        if end.is_some_and(|end| now >= end) || stopped(stop) {
            STOPPED_MS
        } else {
            now
        }
    }))
}

#[cfg(all(test, feature = "engine"))]
mod tests {
    use std::sync::atomic::AtomicBool;

    use morris_core::{Game, Variant};
    use morris_engine::{Limits, Searcher};

    use crate::clock::with_stop_clock;

    #[test]
    fn a_search_that_first_reads_its_clock_past_the_deadline_ends_at_once() {
        // As on a fresh module, where setting the search up took longer
        // than the time asked: the first reading is already "stopped".
        let game = Game::new(Variant::Nine.rules());
        let mut searcher = Searcher::new(1);
        let limits = Limits {
            depth: Some(7),
            movetime_ms: Some(2),
            ..Limits::default()
        };
        let stop = AtomicBool::new(false);
        let result = with_stop_clock(None, Some(0), |clock| {
            searcher.search_game(&game, limits, clock, &stop, |_| {})
        });
        assert!(result.best.is_some(), "still a move");
        assert!(
            result.depth < 7,
            "ended by its time, not its depth: {}",
            result.depth
        );
    }
}
