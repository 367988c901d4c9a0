//! The page's side of a room's live connection. The connection itself is
//! a module of its own (`room::live`, the binary `room`, served as
//! `room.js` and `room_bg.wasm`), which the page's `mulinoRoom`
//! (index.html) fetches the first time a room comes to the table (opened,
//! joined by an invite, restored, or a link with connection data), so
//! that the table's first load leaves it out. The page tells it the room
//! on the table and what this side would send ([`ToRoom`]); it tells the
//! page what to show of the meeting, what to say, and the rooms heard
//! over the channel, which the page reads, checks and merges like a link
//! ([`FromRoom`]).
//!
//! Referee's decisions:
//! - What the page says before the module runs is kept and told in order
//!   once it does.
//! - A module that cannot be fetched (offline, or the server out of
//!   reach, before its first download) is said in plain words: the room
//!   goes on by links. The next room, or "Connect live", asks again.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::EventListener;
use yew::prelude::*;

use crate::browser::{tell_window, told_text};
use crate::model::{Action, Notice};
use crate::on_demand::{self, Failure};
use crate::room::codec::Wire;
use crate::room::meeting::ByHand;
use crate::room::relay::RelayState;
use crate::room::talk::{no_meeting, FromRoom, ToRoom, FROM_ROOM, TO_ROOM};
use crate::room::{decode, peer, sign, Connection, Role, Signal};

/// The page's loader of the room module (index.html).
const LOADER: &str = "mulinoRoom";

/// The room module, as far as the page has it.
#[derive(Debug)]
enum Module {
    /// Not asked for: no room came to the table yet.
    Absent,
    /// Being fetched: what to tell it once it runs.
    Coming(Vec<ToRoom>),
    /// Running: told at once.
    Running,
    /// It could not come: asked again by the next seat, connection or link.
    Failed,
}

/// What the page tells the module, and what it told last of the seat
/// and of the room to send (told first to a module fetched again).
#[derive(Debug)]
struct Port {
    module: Module,
    seat: Option<ToRoom>,
    outgoing: Option<ToRoom>,
    dispatch: Callback<Action>,
    /// Whether the module came (it runs) or could not: until then, a
    /// room on the table shows itself connecting, not "by link" for a moment.
    settled: UseStateSetter<bool>,
}

/// The page's live connection, as a hook's handle.
#[derive(Clone)]
pub struct Live {
    pub connection: Connection,
    /// Whether this browser can connect live at all.
    pub supported: bool,
    /// What this side's links carry for the connection now.
    pub signal: Option<Signal>,
    /// The exchange under way waits for a link sent by hand.
    pub by_hand: Option<ByHand>,
    /// How the room meets the friend: through a relay, or by links.
    pub relay: RelayState,
    /// Messages heard through a relay and dropped.
    pub dropped: u32,
    port: Rc<RefCell<Port>>,
}

impl PartialEq for Live {
    fn eq(&self, other: &Live) -> bool {
        self.connection == other.connection
            && self.signal == other.signal
            && self.by_hand == other.by_hand
            && self.relay == other.relay
            && self.dropped == other.dropped
            && Rc::ptr_eq(&self.port, &other.port)
    }
}

impl std::fmt::Debug for Live {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Live")
            .field("connection", &self.connection)
            .field("signal", &self.signal)
            .finish_non_exhaustive()
    }
}

/// Tells the running module `message`.
fn post(message: &ToRoom) {
    tell_window(TO_ROOM, &message.encode());
}

/// Reads, checks and merges a room's text heard over the channel of room `code`.
fn room_heard(code: &str, text: &str, dispatch: &Callback<Action>) {
    match Wire::from_text(text).map_err(Into::into).and_then(|w| decode(&w)) {
        Ok(shared) if shared.room.code == code => {
            let dispatch = dispatch.clone();
            wasm_bindgen_futures::spawn_local(async move {
                let shared = sign::check(shared).await;
                dispatch.emit(Action::Remote(Box::new(shared)));
            });
        }
        Ok(_) => {}
        Err(why) => dispatch.emit(Action::Notify(Some(Notice::new(
            "room.refused",
            vec![why.to_string()],
        )))),
    }
}

#[hook]
pub fn use_live(dispatch: Callback<Action>) -> Live {
    let supported = *use_state(peer::supported);
    let settled = use_state_eq(|| false);
    let port = use_mut_ref(|| Port {
        module: Module::Absent,
        seat: None,
        outgoing: None,
        dispatch: dispatch.clone(),
        settled: settled.setter(),
    });
    let view = use_state_eq(no_meeting);
    {
        let (view, dispatch) = (view.setter(), dispatch);
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                EventListener::new(&w, FROM_ROOM, move |e| {
                    let text = told_text(e);
                    match FromRoom::decode(&text) {
                        Ok(FromRoom::View(v)) => view.set(v),
                        Ok(FromRoom::Notice(key, args)) => {
                            dispatch.emit(Action::Notify(Some(Notice::new(key, args))))
                        }
                        Ok(FromRoom::Presence(p)) => dispatch.emit(Action::Presence(p)),
                        Ok(FromRoom::Room { code, text }) => room_heard(&code, &text, &dispatch),
                        Err(_) => {}
                    }
                })
            });
            move || drop(listener)
        });
    }
    // Until the module runs (from the room's first frame: the seat is
    // asked for once it is drawn), a browser that can connect live is about to.
    let connection = if !*settled && supported {
        Connection::Connecting
    } else {
        view.connection
    };
    Live {
        connection,
        supported,
        signal: view.signal.clone(),
        by_hand: view.by_hand,
        relay: view.relay,
        dropped: view.dropped,
        port,
    }
}

impl Live {
    /// Keeps what this side would send now: the room's text and our
    /// action count (the module sends it when due).
    pub fn update(&self, text: String, seq: u32) {
        self.send(ToRoom::Outgoing { text, seq });
    }

    /// Makes a fresh offer; the links carry it once gathered.
    pub fn connect(&self, _code: &str, quiet: bool) {
        self.send(ToRoom::Connect { quiet });
    }

    /// Handles the connection data a link carried for the room `code`.
    pub fn signal_from_link(&self, code: &str, signal: Signal) {
        self.send(ToRoom::FromLink {
            code: code.to_string(),
            signal,
        });
    }

    /// Takes the seat `me` of room `code` in this tab (`invite`: the host
    /// waits for the guest) and meets the friend (whose seat key is
    /// `their_key`, as far as known).
    pub fn take_seat(&self, code: &str, me: Role, their_key: &str, invite: bool) {
        self.send(ToRoom::Seat {
            code: code.to_string(),
            me,
            their_key: their_key.to_string(),
            invite,
        });
    }

    /// Lets the seat go: no room on the table.
    pub fn leave_seat(&self) {
        self.send(ToRoom::Leave);
    }

    /// Tells the module `message`: at once if it runs, once it does if
    /// it is coming; fetches it first where needed.
    fn send(&self, message: ToRoom) {
        let mut port = self.port.borrow_mut();
        match &message {
            ToRoom::Seat { .. } => port.seat = Some(message.clone()),
            ToRoom::Leave => (port.seat, port.outgoing) = (None, None),
            ToRoom::Outgoing { .. } => port.outgoing = Some(message.clone()),
            ToRoom::Connect { .. } | ToRoom::FromLink { .. } => {}
        }
        match &mut port.module {
            Module::Running => {
                drop(port);
                post(&message);
            }
            Module::Coming(queue) => queue.push(message),
            // Nothing to leave, nothing new to send.
            Module::Absent | Module::Failed if matches!(message, ToRoom::Leave | ToRoom::Outgoing { .. }) => {
            }
            Module::Absent | Module::Failed => {
                let first = [port.seat.clone(), port.outgoing.clone()];
                let mut queue: Vec<ToRoom> = first.into_iter().flatten().collect();
                if !queue.contains(&message) {
                    queue.push(message);
                }
                port.module = Module::Coming(queue);
                port.settled.set(false);
                drop(port);
                self.fetch();
            }
        }
    }

    /// Fetches the module; tells it what waited, or says why it cannot come.
    fn fetch(&self) {
        let port = self.port.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let result = on_demand::load(LOADER).await;
            let (waiting, dispatch) = {
                let mut port = port.borrow_mut();
                let next = if result.is_ok() {
                    Module::Running
                } else {
                    Module::Failed
                };
                let waiting = match std::mem::replace(&mut port.module, next) {
                    Module::Coming(queue) => queue,
                    _ => Vec::new(),
                };
                port.settled.set(true);
                (waiting, port.dispatch.clone())
            };
            match result {
                Ok(()) => waiting.iter().for_each(post),
                // Offline (or out of reach) before the module was ever
                // downloaded: what is missing and what still works, not
                // the browser's words.
                Err(Failure::Unreachable) => {
                    dispatch.emit(Action::Notify(Some(Notice::new("room.offline", Vec::new()))))
                }
                Err(Failure::Other(why)) => {
                    dispatch.emit(Action::Notify(Some(Notice::new("room.module-failed", vec![why]))))
                }
            }
        });
    }
}
