//! The live side of a room in the page: the hook that performs what the
//! room's meeting ([`crate::room::meeting`], a pure state machine) asks
//! (peer connections, the relays' swarm, signatures, notices) and feeds
//! it what they bring, with a tick every [`TICK_MS`]; and the hand-over
//! of a reply between tabs.
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

use gloo_timers::callback::Interval;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

use crate::browser::now_ms;
use crate::model::{Action, Notice};
use crate::room::codec::Wire;
use crate::room::meeting::{ByHand, Event, Meeting, View, TICK_MS};
use crate::room::peer::{self, Peer, PeerEvent};
use crate::room::relay::RelayState;
use crate::room::{decode, sign, Connection, Signal};
use crate::storage;

mod perform;
mod seat;

/// The channel name tabs of this app hand replies over.
const TABS: &str = "mulino-rooms";
/// How long a tab that handed a reply over waits for the owner's word.
const HANDOVER_MS: u32 = 1_500;

struct Inner {
    meeting: Meeting,
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
    ticking: Option<Interval>,
}

/// A tab channel and its message handler, kept together.
pub type Listener = (web_sys::BroadcastChannel, Closure<dyn FnMut(JsValue)>);

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
    inner: Rc<RefCell<Inner>>,
    set_view: UseStateSetter<View>,
    dispatch: Callback<Action>,
}

impl PartialEq for Live {
    fn eq(&self, other: &Live) -> bool {
        self.connection == other.connection
            && self.signal == other.signal
            && self.by_hand == other.by_hand
            && self.relay == other.relay
            && self.dropped == other.dropped
            && Rc::ptr_eq(&self.inner, &other.inner)
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

#[hook]
pub fn use_live(dispatch: Callback<Action>) -> Live {
    let supported = *use_state(peer::supported);
    let inner = use_mut_ref(|| Inner {
        meeting: Meeting::new(supported, Box::new(storage::random_bytes)),
        peer: None,
        swarm: None,
        runs: 0,
        seat: None,
        tabs: None,
        ticking: None,
    });
    let view = use_state_eq(|| inner.borrow().meeting.view().clone());
    let live = Live {
        connection: view.connection,
        supported,
        signal: view.signal.clone(),
        by_hand: view.by_hand,
        relay: view.relay,
        dropped: view.dropped,
        inner,
        set_view: view.setter(),
        dispatch,
    };
    {
        let live = live.clone();
        use_effect_with((), move |_| {
            let tick = live.clone();
            live.inner.borrow_mut().ticking = Some(Interval::new(TICK_MS, move || tick.feed(Event::Tick)));
            let inner = live.inner.clone();
            move || drop(inner.borrow_mut().ticking.take())
        });
    }
    live
}

impl Live {
    /// Feeds the meeting event `e`, shows what it shows now and does what
    /// it asks (outside the borrow: effects call into the browser, which
    /// may answer at once).
    fn feed(&self, e: Event) {
        let (effects, view) = {
            let mut inner = self.inner.borrow_mut();
            let effects = inner.meeting.handle(now_ms(), e);
            (effects, inner.meeting.view().clone())
        };
        self.set_view.set(view);
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

    /// Keeps what this side would send now: the room's text and our
    /// action count; sent if the channel is open and we acted since (or
    /// nothing went yet: the room is signed a moment after it changes, and
    /// the channel may have opened in between).
    pub fn update(&self, text: String, seq: u32) {
        self.feed(Event::Outgoing { text, seq });
    }

    /// Makes a fresh offer; the links carry it once gathered.
    pub fn connect(&self, _code: &str, quiet: bool) {
        self.feed(Event::Connect { quiet });
    }

    /// Handles the connection data a link carried for the room `code`.
    pub fn signal_from_link(&self, code: &str, signal: Signal) {
        self.feed(Event::FromLink {
            code: code.to_string(),
            signal,
        });
    }

    /// Reads, checks and merges a room's text heard over the channel of
    /// room `code`.
    fn room_heard(&self, code: &str, text: &str) {
        match Wire::from_text(text).map_err(Into::into).and_then(|w| decode(&w)) {
            Ok(shared) if shared.room.code == code => {
                let dispatch = self.dispatch.clone();
                wasm_bindgen_futures::spawn_local(async move {
                    let shared = sign::check(shared).await;
                    dispatch.emit(Action::Remote(Box::new(shared)));
                });
            }
            Ok(_) => {}
            Err(why) => self.dispatch.emit(Action::Notify(Some(Notice::new(
                "room.refused",
                vec![why.to_string()],
            )))),
        }
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
    /// as long as the returned value.
    pub fn listen(&self) -> Option<Listener> {
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
        Some((bc, on_message))
    }

    /// Tells the tab that handed the reply for `code` over that it is taken.
    fn taken(&self, code: &str) {
        if let Some(bc) = self.inner.borrow().tabs.as_ref() {
            let _ = bc.post_message(&JsValue::from_str(&format!("taken\n{code}")));
        }
    }
}

/// Hands a reply to the tab whose offer waits for it, and says what happened.
fn hand_over(code: &str, sdp: &str, dispatch: Callback<Action>) {
    let Ok(bc) = web_sys::BroadcastChannel::new(TABS) else {
        dispatch.emit(Action::Notify(Some(Notice::new("room.no-offer", Vec::new()))));
        return;
    };
    let taken = Rc::new(std::cell::Cell::new(false));
    let on_message = {
        let taken = taken.clone();
        let code = code.to_string();
        let dispatch = dispatch.clone();
        Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
            let text = e
                .dyn_into::<web_sys::MessageEvent>()
                .ok()
                .and_then(|m| m.data().as_string());
            if text.as_deref() == Some(format!("taken\n{code}").as_str()) && !taken.replace(true) {
                dispatch.emit(Action::Notify(Some(Notice::new("room.handed", Vec::new()))));
            }
        })
    };
    bc.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    let _ = bc.post_message(&JsValue::from_str(&format!("answer\n{code}\n{sdp}")));
    gloo_timers::callback::Timeout::new(HANDOVER_MS, move || {
        if !taken.get() {
            dispatch.emit(Action::Notify(Some(Notice::new("room.no-offer", Vec::new()))));
        }
        bc.close();
        drop(on_message);
    })
    .forget();
}
