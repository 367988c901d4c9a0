//! Holding the room's seat in this tab ([`crate::room::lock`]): the tab
//! that holds it meets the friend; another tab of the same seat waits for
//! it, says the room is connected in another tab, and meets the friend
//! once the seat is its own.

use std::cell::Cell;

use super::Live;
use crate::room::lock::{self, Granted, Held};
use crate::room::meeting::{self, Event};
use crate::room::relay;
use crate::room::Role;
use crate::storage;

thread_local! {
    /// Numbers the seats asked for, so that a lock granted for a room no
    /// longer on the table is let go at once.
    static ASKED: Cell<u32> = const { Cell::new(0) };
}

/// The seat this tab asked for, and the lock once held.
pub(super) struct Seat {
    ask: u32,
    seat: meeting::Seat,
    held: Option<Held>,
}

impl Live {
    /// Takes the seat `me` of room `code` in this tab (`invite`: the host
    /// waits for the guest) and meets the friend (whose seat key is
    /// `their_key`, as far as known) once it holds it.
    pub fn take_seat(&self, code: &str, me: Role, their_key: &str, invite: bool) {
        let want = meeting::Seat {
            code: code.to_string(),
            me,
            their_key: their_key.to_string(),
            invite,
        };
        let held = {
            let mut inner = self.inner.borrow_mut();
            match inner
                .seat
                .as_mut()
                .filter(|s| s.seat.code == code && s.seat.me == me)
            {
                Some(seat) => {
                    seat.seat = want.clone();
                    Some(seat.held.is_some())
                }
                None => None,
            }
        };
        match held {
            Some(true) => return self.meet(want),
            Some(false) => return,
            None => {}
        }
        // Another room: the last one's seat is let go, its meeting ends.
        self.feed(Event::Waiting(code.to_string()));
        let old = self.inner.borrow_mut().seat.take();
        drop(old);
        let ask = ASKED.with(|a| a.replace(a.get() + 1) + 1);
        self.inner.borrow_mut().seat = Some(Seat {
            ask,
            seat: want,
            held: None,
        });
        let live = self.clone();
        lock::request(&lock::name(code), true, Box::new(move |g| live.granted(ask, g)));
    }

    /// Meets the friend of the seat held, through the relays set.
    fn meet(&self, seat: meeting::Seat) {
        let relays = relay::relays_from(storage::load_relays().as_deref()).len();
        self.feed(Event::Seat {
            seat: Some(seat),
            relays,
        });
    }

    /// Lets the seat go (no room on the table, or another): the meeting
    /// ends, and a tab waiting for the seat takes it.
    pub fn leave_seat(&self) {
        self.feed(Event::Seat {
            seat: None,
            relays: 0,
        });
        // Dropped outside the borrow: letting go calls into the browser.
        let seat = self.inner.borrow_mut().seat.take();
        drop(seat);
    }

    /// What the request `ask` for the seat came to.
    fn granted(&self, ask: u32, g: Granted) {
        let current = self.inner.borrow().seat.as_ref().is_some_and(|s| s.ask == ask);
        match (g, current) {
            (Granted::Held(held), true) => {
                let seat = {
                    let mut inner = self.inner.borrow_mut();
                    let Some(seat) = inner.seat.as_mut() else { return };
                    seat.held = Some(held);
                    seat.seat.clone()
                };
                self.meet(seat);
            }
            // Granted for a room that left the table: let go at once.
            (Granted::Held(held), false) => drop(held),
            (Granted::Busy, true) => {
                self.feed(Event::Elsewhere);
                let Some(code) = self.inner.borrow().seat.as_ref().map(|s| s.seat.code.clone()) else {
                    return;
                };
                let live = self.clone();
                lock::request(&lock::name(&code), false, Box::new(move |g| live.granted(ask, g)));
            }
            (Granted::Busy, false) => {}
        }
    }
}
