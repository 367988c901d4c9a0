//! Time, injected: the search asks a [`Clock`] for milliseconds instead of
//! reading `std::time::Instant`, which panics on `wasm32-unknown-unknown`.
//! A browser passes a [`FnClock`] around `performance.now()`.

/// A source of milliseconds; only differences between readings matter.
pub trait Clock {
    fn now_ms(&self) -> u64;
}

/// The system's monotonic clock (not on wasm32, where it panics).
#[cfg(not(target_arch = "wasm32"))]
#[derive(Clone, Copy, Debug)]
pub struct StdClock {
    start: std::time::Instant,
}

#[cfg(not(target_arch = "wasm32"))]
impl StdClock {
    pub fn new() -> StdClock {
        StdClock {
            start: std::time::Instant::now(),
        }
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Default for StdClock {
    fn default() -> StdClock {
        StdClock::new()
    }
}

#[cfg(not(target_arch = "wasm32"))]
impl Clock for StdClock {
    fn now_ms(&self) -> u64 {
        self.start.elapsed().as_millis() as u64
    }
}

/// A clock read through a function, e.g. `FnClock(|| js_now() as u64)`.
#[derive(Clone, Copy, Debug)]
pub struct FnClock<F: Fn() -> u64>(pub F);

impl<F: Fn() -> u64> Clock for FnClock<F> {
    fn now_ms(&self) -> u64 {
        (self.0)()
    }
}

/// A clock that never moves: for searches bounded by depth or nodes only.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoClock;

impl Clock for NoClock {
    fn now_ms(&self) -> u64 {
        0
    }
}
