//! The room's live module (the binary `room`, loaded by the page when a
//! room opens, [`crate::room::talk`]): it performs what the room's
//! meeting ([`crate::room::meeting`], a pure state machine) asks (peer
//! connections, the relays' swarm, signatures, notices) and feeds it what
//! they bring, with a tick every [`TICK_MS`]; and the hand-over of a
//! reply between tabs. The page tells it the room on the table and what
//! this side would send; it tells the page what to show and say.
//!
//! Referee's decisions:
//! - The host's page makes an offer as soon as the room opens and the seat
//!   is free, where the room runs by links, so the invite link carries it;
//!   later either side may "Connect live" again, which makes a fresh offer
//!   that the next link carries. Opening a link with an offer answers it
//!   at once; the reply link (or its code) goes back by hand.
//! - A reply opened in another tab of the browser that made the offer is
//!   handed to that tab over a `BroadcastChannel`; the new tab says so (or
//!   that no tab waits for it).
//! - Over the channel each message is the whole room as text (versioned,
//!   at most 32 000 bytes, signed by the sender's seat), checked and merged like a link; a duplicate
//!   or stale one changes nothing, silently. Each side sends when it has
//!   acted, and once when the channel opens (this is how a reconnection
//!   catches up). The game is kept in `localStorage` and goes on by links
//!   or after a fresh exchange.
//! - Presence (`room::meeting`): a side that leaves the room (or takes
//!   another to the table) says so over the open channel first, and the
//!   friend's page says they left; a channel that closes, or stays silent
//!   (each side pings every two seconds), says the connection to the
//!   friend is lost, once; a channel that opens again after that says the
//!   friend is back; the host's page says when the guest sits down
//!   (`model::room::merge`).

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::EventListener;
use gloo_timers::callback::Interval;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

use crate::browser::{now_ms, tell_window, told_text};
use crate::room::meeting::{Event, Meeting, View, TICK_MS};
use crate::room::peer::{self, Peer, PeerEvent};
use crate::room::talk::{FromRoom, ToRoom, FROM_ROOM, TO_ROOM};
use crate::room::Signal;
use crate::storage;

mod perform;
mod seat;

/// The channel name tabs of this app hand replies over.
const TABS: &str = "mulino-rooms";
/// How long a tab that handed a reply over waits for the owner's word.
const HANDOVER_MS: u32 = 1_500;

struct Inner {
    meeting: Meeting,
    /// What the page was last told the meeting shows.
    shown: Option<View>,
    /// The current peer and its id.
    peer: Option<(u32, Peer)>,
    /// The relays' swarm and the number of the run it belongs to.
    swarm: Option<(u32, crate::room::tracker::Swarm)>,
    /// Numbers the swarms opened: events of one left are ignored.
    runs: u32,
    /// The seat of the room on the table, as this tab holds it (or waits
    /// for it while another tab does).
    seat: Option<seat::Seat>,
    /// The tab channel replies are handed over on, while listened to.
    tabs: Option<web_sys::BroadcastChannel>,
}

/// The module's live connection.
#[derive(Clone)]
pub struct Live {
    inner: Rc<RefCell<Inner>>,
}

impl std::fmt::Debug for Live {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Live").finish_non_exhaustive()
    }
}

/// Tells the page `message`.
fn tell(message: &FromRoom) {
    tell_window(FROM_ROOM, &message.encode());
}

/// Starts the module: it listens to the page and to the other tabs, and
/// ticks, for as long as the page lives.
pub fn run() {
    let Some(window) = web_sys::window() else {
        return;
    };
    let live = Live {
        inner: Rc::new(RefCell::new(Inner {
            meeting: Meeting::new(peer::supported(), Box::new(storage::random_bytes)),
            shown: None,
            peer: None,
            swarm: None,
            runs: 0,
            seat: None,
            tabs: None,
        })),
    };
    let tick = live.clone();
    Interval::new(TICK_MS, move || tick.feed(Event::Tick)).forget();
    if let Some(on_message) = live.listen() {
        on_message.forget();
    }
    EventListener::new(&window, TO_ROOM, move |e| {
        let text = told_text(e);
        if let Ok(message) = ToRoom::decode(&text) {
            live.take(message);
        }
    })
    .forget();
}

impl Live {
    /// Does what the page asks.
    fn take(&self, message: ToRoom) {
        match message {
            ToRoom::Seat {
                code,
                me,
                their_key,
                invite,
            } => self.take_seat(&code, me, &their_key, invite),
            ToRoom::Leave => self.leave_seat(),
            ToRoom::Connect { quiet } => self.feed(Event::Connect { quiet }),
            ToRoom::FromLink { code, signal } => self.signal_from_link(&code, signal),
            ToRoom::Outgoing { text, seq } => self.feed(Event::Outgoing { text, seq }),
        }
    }

    /// Feeds the meeting event `e`, tells the page what it shows now if
    /// that changed, and does what it asks (outside the borrow: effects
    /// call into the browser, which may answer at once).
    fn feed(&self, e: Event) {
        let (effects, view) = {
            let mut inner = self.inner.borrow_mut();
            let effects = inner.meeting.handle(now_ms(), e);
            let view = inner.meeting.view();
            let changed = inner.shown.as_ref() != Some(&view);
            (effects, changed.then(|| inner.shown.insert(view).clone()))
        };
        if let Some(view) = view {
            tell(&FromRoom::View(view));
        }
        for effect in effects {
            self.perform(effect);
        }
    }

    /// Feeds `e` if the swarm run `run` is still the current one.
    fn feed_run(&self, run: u32, e: Event) {
        if self.inner.borrow().runs == run {
            self.feed(e);
        }
    }

    /// Handles the connection data a link carried for the room `code`.
    fn signal_from_link(&self, code: &str, signal: Signal) {
        self.feed(Event::FromLink {
            code: code.to_string(),
            signal,
        });
    }

    /// A new peer `id`, whose events go to the meeting.
    fn new_peer(&self, id: u32) {
        let on_event: Rc<dyn Fn(PeerEvent)> = {
            let live = self.clone();
            Rc::new(move |e| {
                live.feed(match e {
                    PeerEvent::Open => Event::Open(id),
                    PeerEvent::Message(text) => Event::Message(id, text),
                    PeerEvent::Closed => Event::Closed(id),
                })
            })
        };
        match Peer::new(on_event) {
            Ok(peer) => {
                let old = self.inner.borrow_mut().peer.replace((id, peer));
                drop(old);
            }
            Err(why) => self.feed(Event::Described {
                peer: id,
                sdp: Err(why),
            }),
        }
    }

    /// Listens for replies handed over by other tabs; the listener lives
    /// as long as the returned handler.
    fn listen(&self) -> Option<Closure<dyn FnMut(JsValue)>> {
        let bc = web_sys::BroadcastChannel::new(TABS).ok()?;
        self.inner.borrow_mut().tabs = Some(bc.clone());
        let live = self.clone();
        let on_message = Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
            let Some(text) = e
                .dyn_into::<web_sys::MessageEvent>()
                .ok()
                .and_then(|m| m.data().as_string())
            else {
                return;
            };
            let mut parts = text.splitn(3, '\n');
            if let (Some("answer"), Some(code), Some(sdp)) = (parts.next(), parts.next(), parts.next()) {
                if sdp.len() <= crate::room::codec::MAX_SIGNAL {
                    live.feed(Event::Handed {
                        code: code.to_string(),
                        sdp: sdp.to_string(),
                    });
                }
            }
        });
        bc.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        Some(on_message)
    }

    /// Tells the tab that handed the reply for `code` over that it is taken.
    fn taken(&self, code: &str) {
        if let Some(bc) = self.inner.borrow().tabs.as_ref() {
            let _ = bc.post_message(&JsValue::from_str(&format!("taken\n{code}")));
        }
    }
}

/// Hands a reply to the tab whose offer waits for it, and says what happened.
fn hand_over(code: &str, sdp: &str) {
    let Ok(bc) = web_sys::BroadcastChannel::new(TABS) else {
        tell(&FromRoom::Notice("room.no-offer", Vec::new()));
        return;
    };
    let taken = Rc::new(std::cell::Cell::new(false));
    let on_message = {
        let taken = taken.clone();
        let code = code.to_string();
        Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
            let text = e
                .dyn_into::<web_sys::MessageEvent>()
                .ok()
                .and_then(|m| m.data().as_string());
            if text.as_deref() == Some(format!("taken\n{code}").as_str()) && !taken.replace(true) {
                tell(&FromRoom::Notice("room.handed", Vec::new()));
            }
        })
    };
    bc.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    let _ = bc.post_message(&JsValue::from_str(&format!("answer\n{code}\n{sdp}")));
    gloo_timers::callback::Timeout::new(HANDOVER_MS, move || {
        if !taken.get() {
            tell(&FromRoom::Notice("room.no-offer", Vec::new()));
        }
        bc.close();
        drop(on_message);
    })
    .forget();
}
