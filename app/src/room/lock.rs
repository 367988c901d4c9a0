//! One tab of a browser holds a room's seat at a time: a Web Lock
//! (`navigator.locks`) named after the room. The browser gives it to one
//! tab, queues the others, and hands it on when the holder lets go or its
//! tab closes (even by a crash), so no tab needs to say it is gone.
//!
//! Referee's decision (two tabs of the same seat): the first tab to put a
//! room on the table holds the seat's connection (its meeting through the
//! relays and its WebRTC peer); another tab showing the same room plays
//! as well (the tabs share the room's save and take each other's moves
//! up, `hooks::use_saving`), its moves reaching the friend through the
//! holder's channel, and says it is connected in another tab; it takes
//! the seat over when the holder leaves the room or closes. So the friend
//! meets one tab of a seat, never two in turn. A browser without Web
//! Locks holds the seat in every tab, as before.

use std::cell::RefCell;
use std::rc::Rc;

use js_sys::{Function, Object, Promise, Reflect};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

/// The lock's name for room `code`.
pub fn name(code: &str) -> String {
    format!("mulino-seat-{code}")
}

/// A lock this tab holds: let go when dropped.
#[derive(Debug)]
pub struct Held {
    release: Option<Function>,
}

impl Drop for Held {
    fn drop(&mut self) {
        if let Some(release) = self.release.take() {
            let _ = release.call0(&JsValue::UNDEFINED);
        }
    }
}

/// What a request for a lock came to.
#[derive(Debug)]
pub enum Granted {
    /// This tab holds it (`Held` with no function: the browser has no
    /// Web Locks, and every tab holds every seat).
    Held(Held),
    /// Another tab holds it (asked with `at_once` only).
    Busy,
}

/// Asks for lock `name`; `then` is called once with the outcome. With
/// `at_once`, a lock held elsewhere is [`Granted::Busy`] at once;
/// without, the request waits in the browser's queue until it is this
/// tab's. (`then` is boxed: one copy of this for every caller.)
pub fn request(name: &str, at_once: bool, then: Box<dyn FnOnce(Granted)>) {
    let Some((locks, ask)) = lock_manager() else {
        return then(Granted::Held(Held { release: None }));
    };
    let then = Rc::new(RefCell::new(Some(then)));
    // Called from the lock's callback or on a refused request: once.
    let give = move |g: Granted| {
        if let Some(f) = then.borrow_mut().take() {
            f(g);
        }
    };
    let on_lock = Closure::once_into_js({
        let give = give.clone();
        move |lock: JsValue| -> Promise {
            if lock.is_null() || lock.is_undefined() {
                give(Granted::Busy);
                return Promise::resolve(&JsValue::UNDEFINED);
            }
            let mut release = None;
            let kept = Promise::new(&mut |resolve, _reject| release = Some(resolve));
            give(Granted::Held(Held { release }));
            kept
        }
    });
    let options = Object::new();
    let _ = Reflect::set(&options, &"ifAvailable".into(), &at_once.into());
    // A browser that refuses the request (no secure context, say): the
    // seat is this tab's, as without Web Locks.
    if ask.call3(&locks, &name.into(), &options, &on_lock).is_err() {
        give(Granted::Held(Held { release: None }));
    }
}

/// `navigator.locks` and its `request`, where the browser has them.
fn lock_manager() -> Option<(JsValue, Function)> {
    let navigator = web_sys::window()?.navigator();
    let locks = Reflect::get(&navigator, &"locks".into()).ok()?;
    if locks.is_undefined() || locks.is_null() {
        return None;
    }
    let ask = Reflect::get(&locks, &"request".into())
        .ok()?
        .dyn_into::<Function>()
        .ok()?;
    Some((locks, ask))
}
