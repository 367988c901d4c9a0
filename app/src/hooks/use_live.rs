//! The live side of a room in the page: the peer connection of the room
//! on the table, what the links carry for it (an offer or an answer), and
//! the hand-over of a reply between tabs.
//!
//! Referee's decisions:
//! - The host's page makes an offer as soon as the room opens and the seat
//!   is free, so the invite link carries it; later either side may
//!   "Connect live" again, which makes a fresh offer that the next link
//!   carries. Opening a link with an offer answers it at once; the reply
//!   link (or its code) goes back by hand.
//! - A reply opened in another tab of the browser that made the offer is
//!   handed to that tab over a `BroadcastChannel`; the new tab says so (or
//!   that no tab waits for it).
//! - Over the channel each message is the whole room as text (versioned,
//!   at most 32 000 bytes, signed by the sender's seat), checked and merged like a link; a duplicate
//!   or stale one changes nothing, silently. Each side sends when it has
//!   acted, and once when the channel opens (this is how a reconnection
//!   catches up). A drop shows "Connection lost"; the game is kept in
//!   `localStorage` and goes on by links or after a fresh exchange.
//! - Presence: a side that leaves the room (or takes another to the
//!   table) says so over the open channel first, and the friend's page
//!   says they left; a channel that opens again in the same page says the
//!   friend is back; the host's page says when the guest sits down
//!   (`model::room::merge`). A closed tab or a lost network is the
//!   connection lost.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use yew::prelude::*;

use crate::model::{Action, Notice, Presence};
use crate::room::codec::Wire;
use crate::room::peer::{self, Peer, PeerEvent};
use crate::room::relay::RelayState;
use crate::room::{decode, sign, Connection, Signal};

mod meet;
mod seat;

/// A WebRTC description (an offer or an answer) being made, or one made
/// already.
type DescriptionFuture = std::pin::Pin<Box<dyn std::future::Future<Output = Result<String, String>>>>;

/// The channel name tabs of this app hand replies over.
const TABS: &str = "mulino-rooms";
/// How long a tab that handed a reply over waits for the owner's word.
const HANDOVER_MS: u32 = 1_500;
/// What a side says over the channel as it leaves the room (no room's
/// text starts so); the friend's page says they left.
const BYE: &str = "mulino-bye";

#[derive(Default)]
struct Inner {
    peer: Option<Peer>,
    /// The room the peer belongs to.
    code: Option<String>,
    /// Our action count last sent over the channel.
    sent: Option<u32>,
    /// The room as this side would send it now (kept up to date by the app).
    outgoing: Option<(String, u32)>,
    /// Bumped for every new peer: events of an older one are ignored.
    generation: u32,
    /// The room's swarm on the relays, while it meets there.
    meet: Option<meet::Meeting>,
    /// Messages heard through a relay and dropped (malformed, or not
    /// signed by the friend's seat).
    dropped: u32,
    /// The room whose channel has been open in this page: when it opens
    /// again, the friend is back.
    met: Option<String>,
    /// The current peer's offer, once made (it may travel by link and
    /// through a relay alike: one offer, answered once).
    offered: Option<String>,
    /// The offer the current peer answered, and its answer.
    given_answer: Option<(String, String)>,
    /// The seat of the room on the table, as this tab holds it (or waits
    /// for it while another tab does).
    seat: Option<seat::Seat>,
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
    /// How the room meets the friend: through a relay, or by links.
    pub relay: RelayState,
    /// Messages heard through a relay and dropped.
    pub dropped: u32,
    inner: Rc<RefCell<Inner>>,
    set_connection: UseStateSetter<Connection>,
    set_signal: UseStateSetter<Option<Signal>>,
    set_relay: UseStateSetter<RelayState>,
    set_dropped: UseStateSetter<u32>,
    dispatch: Callback<Action>,
}

impl PartialEq for Live {
    fn eq(&self, other: &Live) -> bool {
        self.connection == other.connection
            && self.signal == other.signal
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
    let connection = use_state(|| Connection::ByLink);
    let signal = use_state(|| None::<Signal>);
    let inner = use_mut_ref(Inner::default);
    let supported = use_state(peer::supported);
    let relay = use_state(|| RelayState::Off);
    let dropped = use_state(|| 0u32);
    Live {
        connection: *connection,
        supported: *supported,
        signal: (*signal).clone(),
        relay: *relay,
        dropped: *dropped,
        inner,
        set_connection: connection.setter(),
        set_signal: signal.setter(),
        set_relay: relay.setter(),
        set_dropped: dropped.setter(),
        dispatch,
    }
}

impl Live {
    /// Whether a peer exists for this room (live, or an exchange under way).
    pub fn busy(&self, code: &str) -> bool {
        let inner = self.inner.borrow();
        inner.peer.is_some() && inner.code.as_deref() == Some(code)
    }

    /// Drops the connection (the room left the table, or another came
    /// to it), saying so to the friend first.
    pub fn reset(&self) {
        let mut inner = self.inner.borrow_mut();
        if let Some(p) = inner.peer.take() {
            if p.is_open() {
                p.send(BYE);
            }
            p.close();
        }
        inner.code = None;
        inner.sent = None;
        inner.generation += 1;
        self.set_connection.set(Connection::ByLink);
        self.set_signal.set(None);
    }

    /// Keeps what this side would send now: the room's text and our
    /// action count; sends it if the channel is open and we acted since
    /// (or nothing went yet: the room is signed a moment after it
    /// changes, and the channel may have opened in between).
    pub fn update(&self, json: String, seq: u32) {
        let mut inner = self.inner.borrow_mut();
        inner.outgoing = Some((json, seq));
        if inner.sent.is_none_or(|s| s < seq) {
            Self::flush(&mut inner);
        }
    }

    fn flush(inner: &mut Inner) {
        if let (Some(peer), Some((json, seq))) = (inner.peer.as_ref(), inner.outgoing.as_ref()) {
            if peer.send(json) {
                inner.sent = Some(*seq);
            }
        }
    }

    fn new_peer(&self, code: &str, quiet: bool) -> Option<u32> {
        let generation = {
            let mut inner = self.inner.borrow_mut();
            if let Some(p) = inner.peer.take() {
                p.close();
            }
            inner.generation += 1;
            inner.sent = None;
            inner.code = Some(code.to_string());
            inner.offered = None;
            inner.given_answer = None;
            inner.generation
        };
        let on_event: Rc<dyn Fn(PeerEvent)> = {
            let live = self.clone();
            let code = code.to_string();
            Rc::new(move |e| live.on_event(generation, &code, e))
        };
        match Peer::new(on_event) {
            Ok(peer) => {
                self.inner.borrow_mut().peer = Some(peer);
                self.set_connection.set(Connection::Connecting);
                Some(generation)
            }
            Err(why) => {
                self.failed(why, quiet);
                None
            }
        }
    }

    /// The exchange failed: back to links; said unless `quiet` (the
    /// offer a host's page makes by itself fails quietly, e.g. in a
    /// browser without WebRTC).
    fn failed(&self, why: String, quiet: bool) {
        self.inner.borrow_mut().peer = None;
        self.set_connection.set(Connection::ByLink);
        self.set_signal.set(None);
        if !quiet {
            self.dispatch
                .emit(Action::Notify(Some(Notice::new("room.live-failed", vec![why]))));
        }
    }

    fn current(&self, generation: u32) -> bool {
        self.inner.borrow().generation == generation
    }

    fn on_event(&self, generation: u32, code: &str, e: PeerEvent) {
        if !self.current(generation) {
            return;
        }
        match e {
            PeerEvent::Open => {
                self.set_connection.set(Connection::Live);
                self.set_signal.set(None);
                let back = {
                    let mut inner = self.inner.borrow_mut();
                    Self::flush(&mut inner);
                    inner.met.replace(code.to_string()).as_deref() == Some(code)
                };
                if back {
                    self.dispatch.emit(Action::Presence(Presence::Back));
                }
            }
            PeerEvent::Message(text) if text == BYE => self.dispatch.emit(Action::Presence(Presence::Left)),
            PeerEvent::Message(text) => match Wire::from_text(&text)
                .map_err(Into::into)
                .and_then(|w| decode(&w))
            {
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
            },
            PeerEvent::Closed => {
                self.inner.borrow_mut().peer = None;
                self.set_connection.set(Connection::Lost);
                self.set_signal.set(None);
                // Through a relay, the seats look for each other again.
                self.relay_round();
            }
        }
    }

    /// Makes a fresh offer; the links carry it once gathered.
    pub fn connect(&self, code: &str, quiet: bool) {
        let Some((generation, fut)) = self.offer_fresh(code, quiet) else {
            return;
        };
        let live = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            match fut.await {
                Ok(sdp) if live.current(generation) => live.set_signal.set(Some(Signal::Offer(sdp))),
                Ok(_) => {}
                Err(why) => live.failed(why, quiet),
            }
        });
    }

    /// A new peer making an offer, and its generation: the offer, once
    /// made, is kept as the current peer's (the link and a relay carry the
    /// same one: `meet::pending_offer`).
    fn offer_fresh(&self, code: &str, quiet: bool) -> Option<(u32, DescriptionFuture)> {
        let generation = self.new_peer(code, quiet)?;
        let fut = self.inner.borrow().peer.as_ref().map(Peer::offer_owned)?;
        let live = self.clone();
        let kept = async move {
            let sdp = fut.await;
            if let (Ok(sdp), true) = (sdp.as_ref(), live.current(generation)) {
                live.inner.borrow_mut().offered = Some(sdp.clone());
            }
            sdp
        };
        Some((generation, Box::pin(kept)))
    }

    /// Answers the friend's offer; the links carry the answer once gathered.
    pub fn answer(&self, code: &str, offer: String) {
        let Some((generation, fut)) = self.answer_fresh(code, offer) else {
            return;
        };
        let live = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            match fut.await {
                Ok(sdp) if live.current(generation) => live.set_signal.set(Some(Signal::Answer(sdp))),
                Ok(_) => {}
                Err(why) => live.failed(why, false),
            }
        });
    }

    /// A new peer answering `offer`, and its generation: the answer, once
    /// made, is kept as the current peer's (a relay bringing the same
    /// offer gets the same answer).
    fn answer_fresh(&self, code: &str, offer: String) -> Option<(u32, DescriptionFuture)> {
        let generation = self.new_peer(code, false)?;
        let fut = self
            .inner
            .borrow()
            .peer
            .as_ref()
            .map(|p| p.answer_owned(offer.clone()))?;
        let live = self.clone();
        let kept = async move {
            let sdp = fut.await;
            if let (Ok(sdp), true) = (sdp.as_ref(), live.current(generation)) {
                live.inner.borrow_mut().given_answer = Some((offer, sdp.clone()));
            }
            sdp
        };
        Some((generation, Box::pin(kept)))
    }

    /// Takes the friend's answer, if this page's offer for `code` waits
    /// for one; false otherwise.
    pub fn accept(&self, code: &str, answer: String) -> bool {
        let fut = {
            let inner = self.inner.borrow();
            match inner.peer.as_ref() {
                Some(p) if inner.code.as_deref() == Some(code) && p.awaits_answer() => {
                    Some(p.accept_owned(answer))
                }
                _ => None,
            }
        };
        let Some(fut) = fut else { return false };
        let live = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            if let Err(why) = fut.await {
                live.failed(why, false);
            }
        });
        true
    }

    /// Handles the connection data a link carried for the room `code`.
    pub fn signal_from_link(&self, code: &str, signal: Signal) {
        match signal {
            // An offer asks for a fresh exchange: answered at once.
            Signal::Offer(sdp) => self.answer(code, sdp),
            Signal::Answer(sdp) => {
                if !self.accept(code, sdp.clone()) {
                    hand_over(code, &sdp, self.dispatch.clone());
                }
            }
        }
    }

    /// Listens for replies handed over by other tabs; the listener lives
    /// as long as the returned value.
    pub fn listen(&self) -> Option<Listener> {
        let bc = web_sys::BroadcastChannel::new(TABS).ok()?;
        let live = self.clone();
        let reply = bc.clone();
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
                if sdp.len() <= crate::room::codec::MAX_SIGNAL && live.accept(code, sdp.to_string()) {
                    let _ = reply.post_message(&JsValue::from_str(&format!("taken\n{code}")));
                }
            }
        });
        bc.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
        Some((bc, on_message))
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
