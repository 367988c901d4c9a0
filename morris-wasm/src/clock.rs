//! The search's clock: `Date.now()` in JavaScript, since
//! `std::time::Instant` panics on `wasm32-unknown-unknown`; the system
//! clock natively, where the tests run.

use morris_engine::Clock;

/// Runs `f` with the clock of the platform.
pub fn with_clock<R>(f: impl FnOnce(&dyn Clock) -> R) -> R {
    #[cfg(target_arch = "wasm32")]
    {
        f(&morris_engine::FnClock(|| js_sys::Date::now() as u64))
    }
    #[cfg(not(target_arch = "wasm32"))]
    {
        f(&morris_engine::StdClock::new())
    }
}
