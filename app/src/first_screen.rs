//! The first screen, drawn in pieces. Building the whole table in one
//! task blocked a phone for a quarter of a second (docs/audit.md: total
//! blocking time), so parts of it ([`crate::components::Unfold`]) are
//! drawn a task later, and what the first screen does not need (starting
//! the engine's worker, warming up an update) waits for it
//! ([`when_drawn`]). Until every piece is drawn the app is hidden
//! (`html:not([data-drawn]) #app` in style.css), so nobody sees a
//! half-built table; the page is then marked drawn (`<html data-drawn>`),
//! which shows the app and, in the same task, takes away the copy of the
//! first screen that scripts/prerender.mjs put into the page.

use std::cell::{Cell, RefCell};

use gloo_timers::callback::Timeout;

thread_local! {
    /// The pieces still waiting to be drawn.
    static WAITING: Cell<usize> = const { Cell::new(0) };
    /// Whether the page has been marked drawn.
    static DRAWN: Cell<bool> = const { Cell::new(false) };
    /// What waits for the page to be drawn.
    static AFTER: RefCell<Vec<Box<dyn FnOnce()>>> = RefCell::new(Vec::new());
}

/// Whether the first screen is drawn (after it, nothing waits).
pub fn is_drawn() -> bool {
    DRAWN.with(Cell::get)
}

/// One more piece to wait for.
pub fn wait_for_piece() {
    WAITING.with(|w| w.set(w.get() + 1));
}

/// A piece is drawn: the last one marks the page.
pub fn piece_drawn() {
    WAITING.with(|w| w.set(w.get().saturating_sub(1)));
    mark_drawn_unless_waiting();
}

/// Runs `f` in a task of its own once the first screen is drawn.
pub fn when_drawn(f: impl FnOnce() + 'static) {
    if is_drawn() {
        Timeout::new(0, f).forget();
    } else {
        AFTER.with(|after| after.borrow_mut().push(Box::new(f)));
    }
}

/// Marks the page drawn unless a piece still waits: called by the last
/// piece, and once by the app a task after its first render (a screen
/// without pieces is drawn then).
pub fn mark_drawn_unless_waiting() {
    if WAITING.with(Cell::get) > 0 || DRAWN.with(|d| d.replace(true)) {
        return;
    }
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        // A page whose root takes no attribute has nothing to show anyway.
        let _ = root.set_attribute("data-drawn", "");
    }
    for f in AFTER.with(|after| std::mem::take(&mut *after.borrow_mut())) {
        Timeout::new(0, f).forget();
    }
}
