//! The search's clock: `Date.now()` in JavaScript, since
//! `std::time::Instant` panics on `wasm32-unknown-unknown`; the system
//! clock natively, where the tests run.
//!
//! A search in a worker is stopped from another thread through a shared
//! `Int32Array`: once its first element is not 0 the clock reads "far too
//! late", so the search ends at its next look at the clock with the best
//! move found so far (the search is single-threaded WebAssembly, so no
//! message can reach it while it runs).
//!
//! The flag alone (`stopped`) is all a perft needs, so the board module,
//! which has no search, has only that.

#[cfg(feature = "engine")]
use morris_engine::Clock;

/// What the clock reads once the search is stopped: past any deadline.
#[cfg(feature = "engine")]
const STOPPED_MS: u64 = u64::MAX / 2;

/// Whether the shared flag says stop.
pub fn stopped(stop: Option<&js_sys::Int32Array>) -> bool {
    stop.is_some_and(|flag| js_sys::Atomics::load(flag, 0).is_ok_and(|v| v != 0))
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
    stop: Option<&js_sys::Int32Array>,
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
