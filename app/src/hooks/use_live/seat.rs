//! Holding the room's seat in this tab ([`crate::room::lock`]): the tab
//! that holds it meets the friend; another tab of the same seat waits for
//! it, says the room is connected in another tab, and meets the friend
//! once the seat is its own.

use std::cell::Cell;

use super::Live;
use crate::room::lock::{self, Granted, Held};
use crate::room::relay::RelayState;
use crate::room::Role;

thread_local! {
    /// Numbers the seats asked for, so that a lock granted for a room no
    /// longer on the table is let go at once.
    static ASKED: Cell<u32> = const { Cell::new(0) };
}

/// The seat this tab asked for, and the lock once held.
pub(super) struct Seat {
    ask: u32,
    code: String,
    me: Role,
    their_key: String,
    held: Option<Held>,
}

impl Live {
    /// Takes the seat `me` of room `code` in this tab and meets the friend
    /// (whose seat key is `their_key`, as far as known) once it holds it.
    pub fn take_seat(&self, code: &str, me: Role, their_key: &str) {
        let held = {
            let mut inner = self.inner.borrow_mut();
            match inner.seat.as_mut().filter(|s| s.code == code && s.me == me) {
                Some(seat) => {
                    seat.their_key = their_key.to_string();
                    Some(seat.held.is_some())
                }
                None => None,
            }
        };
        match held {
            Some(true) => return self.meet(code, me, their_key),
            Some(false) => return,
            None => {}
        }
        self.leave_seat();
        let ask = ASKED.with(|a| a.replace(a.get() + 1) + 1);
        self.inner.borrow_mut().seat = Some(Seat {
            ask,
            code: code.to_string(),
            me,
            their_key: their_key.to_string(),
            held: None,
        });
        let live = self.clone();
        lock::request(&lock::name(code), true, Box::new(move |g| live.granted(ask, g)));
    }

    /// Lets the seat go (no room on the table, or another): the meeting
    /// ends, and a tab waiting for the seat takes it.
    pub fn leave_seat(&self) {
        self.leave_relays();
        // Dropped outside the borrow: letting go calls into the browser.
        let seat = self.inner.borrow_mut().seat.take();
        drop(seat);
    }

    /// What the request `ask` for the seat came to.
    fn granted(&self, ask: u32, g: Granted) {
        let current = self.inner.borrow().seat.as_ref().is_some_and(|s| s.ask == ask);
        match (g, current) {
            (Granted::Held(held), true) => {
                let (code, me, key) = {
                    let mut inner = self.inner.borrow_mut();
                    let Some(seat) = inner.seat.as_mut() else { return };
                    seat.held = Some(held);
                    (seat.code.clone(), seat.me, seat.their_key.clone())
                };
                self.meet(&code, me, &key);
            }
            // Granted for a room that left the table: let go at once.
            (Granted::Held(held), false) => drop(held),
            (Granted::Busy, true) => {
                self.set_relay.set(RelayState::Elsewhere);
                let Some(code) = self.inner.borrow().seat.as_ref().map(|s| s.code.clone()) else {
                    return;
                };
                let live = self.clone();
                lock::request(&lock::name(&code), false, Box::new(move |g| live.granted(ask, g)));
            }
            (Granted::Busy, false) => {}
        }
    }
}
