//! A WebTorrent tracker client over WebSocket, only as far as a room
//! needs it: join one swarm on several trackers at once, announce one
//! signed text to the peers there (as an "offer" of the protocol), hear
//! theirs, and send an answer to one peer. The texts are
//! [`super::relay::Envelope`]s; this module does not read them.
//!
//! Every message from a tracker is measured before it is copied out of
//! JS (at most [`MAX_MESSAGE`]), parsed by the browser's JSON, and read
//! field by field ([`read`]: a typed [`TrackerError`] for anything else);
//! a message for another swarm is dropped.

use std::cell::Cell;
use std::rc::Rc;

use js_sys::{Array, Object, Reflect, JSON};
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use web_sys::{MessageEvent, WebSocket};

use super::relay::{binary_id, binary_string, MAX_ENVELOPE};

/// The longest tracker message read.
pub const MAX_MESSAGE: usize = MAX_ENVELOPE + 2_000;
/// How many copies of an announced text the tracker may hand out: one
/// per peer of the swarm, so a peer that left without a word (its
/// socket not yet closed) does not take the only one.
const COPIES: usize = 3;

/// What a tracker said.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TrackerEvent {
    /// Tracker `relay` took an announce: the swarm is joined there.
    Joined(usize),
    /// Tracker `relay` cannot be reached or closed.
    Down(usize),
    /// A peer's announced text (an offer of the protocol).
    Offer {
        relay: usize,
        peer_id: [u8; 20],
        offer_id: [u8; 20],
        text: String,
    },
    /// A peer's answer to an offer of ours.
    Answer { offer_id: [u8; 20], text: String },
    /// A message that is not one of these, dropped.
    Dropped(TrackerError),
}

/// Why a tracker message is dropped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum TrackerError {
    #[error("not text, or longer than {MAX_MESSAGE}")]
    TooLong,
    #[error("not JSON")]
    NotJson,
    #[error("the tracker refused: {0}")]
    Failure(String),
    #[error("for another swarm")]
    OtherSwarm,
    #[error("malformed `{0}`")]
    Field(&'static str),
}

fn text_of(o: &JsValue, key: &str) -> Option<String> {
    Reflect::get(o, &key.into()).ok().and_then(|v| v.as_string())
}

fn id_of(o: &JsValue, key: &'static str) -> Result<[u8; 20], TrackerError> {
    text_of(o, key)
        .as_deref()
        .and_then(binary_id)
        .ok_or(TrackerError::Field(key))
}

/// Reads one message of tracker `relay` for swarm `info_hash`.
fn read(relay: usize, text: &str, info_hash: &str) -> Result<Option<TrackerEvent>, TrackerError> {
    let o = JSON::parse(text).map_err(|_| TrackerError::NotJson)?;
    if !o.is_object() {
        return Err(TrackerError::NotJson);
    }
    if let Some(why) = text_of(&o, "failure reason") {
        return Err(TrackerError::Failure(why.chars().take(80).collect()));
    }
    if text_of(&o, "info_hash").as_deref() != Some(info_hash) {
        return Err(TrackerError::OtherSwarm);
    }
    let sdp = |key: &'static str| {
        let d = Reflect::get(&o, &key.into()).ok().filter(|d| d.is_object())?;
        Some(text_of(&d, "sdp").ok_or(TrackerError::Field(key)))
    };
    if let Some(text) = sdp("offer") {
        return Ok(Some(TrackerEvent::Offer {
            relay,
            peer_id: id_of(&o, "peer_id")?,
            offer_id: id_of(&o, "offer_id")?,
            text: text?,
        }));
    }
    if let Some(text) = sdp("answer") {
        return Ok(Some(TrackerEvent::Answer {
            offer_id: id_of(&o, "offer_id")?,
            text: text?,
        }));
    }
    let interval = Reflect::get(&o, &"interval".into()).ok();
    Ok(interval
        .filter(|i| i.as_f64().is_some())
        .map(|_| TrackerEvent::Joined(relay)))
}

type Handler = Closure<dyn FnMut(JsValue)>;

/// One tracker's socket and its handlers.
struct Socket {
    ws: WebSocket,
    _handlers: [Handler; 3],
}

/// The room's swarm on every tracker tried.
pub struct Swarm {
    sockets: Vec<Option<Socket>>,
    urls: Vec<String>,
    info_hash: String,
    peer_id: String,
    on_event: Rc<dyn Fn(TrackerEvent)>,
    on_open: Rc<dyn Fn(usize)>,
}

impl std::fmt::Debug for Swarm {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Swarm")
            .field("relays", &self.sockets.len())
            .finish_non_exhaustive()
    }
}

impl Drop for Swarm {
    fn drop(&mut self) {
        self.sockets.iter().flatten().for_each(Socket::shut);
    }
}

impl Socket {
    /// Closes the socket, its handlers first (they go with it).
    fn shut(&self) {
        self.ws.set_onopen(None);
        self.ws.set_onmessage(None);
        self.ws.set_onclose(None);
        let _ = self.ws.close();
    }
}

fn object(fields: &[(&str, JsValue)]) -> Object {
    let o = Object::new();
    for (k, v) in fields {
        let _ = Reflect::set(&o, &(*k).into(), v);
    }
    o
}

/// A socket to tracker `i` at `url`, reporting to `on_event`; `on_open`
/// runs when it opens.
fn connect(
    i: usize,
    url: &str,
    info_hash: &str,
    on_event: &Rc<dyn Fn(TrackerEvent)>,
    on_open: Rc<dyn Fn(usize)>,
) -> Option<Socket> {
    let ws = WebSocket::new(url).ok()?;
    let down = Rc::new(Cell::new(false));
    let open = Closure::<dyn FnMut(JsValue)>::new(move |_| on_open(i));
    let message = {
        let (on_event, info_hash) = (on_event.clone(), info_hash.to_string());
        Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
            let data = e.dyn_into::<MessageEvent>().map(|m| m.data()).ok();
            let text = data
                .as_ref()
                .and_then(|d| d.dyn_ref::<js_sys::JsString>())
                .filter(|s| s.length() as usize <= MAX_MESSAGE)
                .and_then(|s| s.as_string());
            let event = match text {
                None => Some(TrackerEvent::Dropped(TrackerError::TooLong)),
                Some(text) => read(i, &text, &info_hash).unwrap_or_else(|e| Some(TrackerEvent::Dropped(e))),
            };
            if let Some(event) = event {
                on_event(event);
            }
        })
    };
    let close = {
        let on_event = on_event.clone();
        Closure::<dyn FnMut(JsValue)>::new(move |_| {
            if !down.replace(true) {
                on_event(TrackerEvent::Down(i));
            }
        })
    };
    ws.set_onopen(Some(open.as_ref().unchecked_ref()));
    ws.set_onmessage(Some(message.as_ref().unchecked_ref()));
    // An error is always followed by a close event.
    ws.set_onclose(Some(close.as_ref().unchecked_ref()));
    Some(Socket {
        ws,
        _handlers: [open, message, close],
    })
}

impl Swarm {
    /// Joins the swarm `info_hash` on each tracker of `urls` (as the peer
    /// `peer_id`); `on_open(i)` runs as tracker `i` opens (announce then),
    /// `on_event` hears the rest. A tracker whose address the browser
    /// refuses is reported down at once.
    pub fn open(
        urls: &[String],
        info_hash: &[u8; 20],
        peer_id: &[u8; 20],
        on_event: Rc<dyn Fn(TrackerEvent)>,
        on_open: Rc<dyn Fn(usize)>,
    ) -> Swarm {
        let info_hash = binary_string(info_hash);
        let sockets: Vec<Option<Socket>> = urls
            .iter()
            .enumerate()
            .map(|(i, url)| connect(i, url, &info_hash, &on_event, on_open.clone()))
            .collect();
        for (i, s) in sockets.iter().enumerate() {
            if s.is_none() {
                on_event(TrackerEvent::Down(i));
            }
        }
        Swarm {
            sockets,
            urls: urls.to_vec(),
            info_hash,
            peer_id: binary_string(peer_id),
            on_event,
            on_open,
        }
    }

    /// Tries tracker `i` again (after it went down); false when the
    /// browser refuses its address at once (it stays down).
    pub fn reconnect(&mut self, i: usize) -> bool {
        let Some(url) = self.urls.get(i) else { return false };
        let fresh = connect(i, url, &self.info_hash, &self.on_event, self.on_open.clone());
        let ok = fresh.is_some();
        if let Some(slot) = self.sockets.get_mut(i) {
            if let Some(old) = std::mem::replace(slot, fresh) {
                old.shut();
            }
        }
        ok
    }

    fn send(&self, relay: Option<usize>, message: &Object) {
        let Ok(text) = JSON::stringify(message) else {
            return;
        };
        let text = String::from(text);
        for (i, s) in self.sockets.iter().enumerate() {
            if let Some(s) = s.as_ref().filter(|_| relay.is_none_or(|r| r == i)) {
                if s.ws.ready_state() == WebSocket::OPEN {
                    let _ = s.ws.send_with_str(&text);
                }
            }
        }
    }

    /// Announces `text` to the swarm's peers as offer `offer_id`, on every
    /// open tracker (or only on `relay`).
    pub fn announce(&self, relay: Option<usize>, offer_id: &[u8; 20], text: &str) {
        let offer = object(&[("type", "offer".into()), ("sdp", text.into())]);
        let one = object(&[
            ("offer_id", binary_string(offer_id).into()),
            ("offer", offer.into()),
        ]);
        let offers: Array = (0..COPIES).map(|_| JsValue::from(&one)).collect();
        let message = object(&[
            ("action", "announce".into()),
            ("info_hash", self.info_hash.as_str().into()),
            ("peer_id", self.peer_id.as_str().into()),
            ("numwant", (COPIES as u32).into()),
            ("uploaded", 0.into()),
            ("downloaded", 0.into()),
            ("left", 1.into()),
            ("event", "started".into()),
            ("offers", offers.into()),
        ]);
        self.send(relay, &message);
    }

    /// Answers peer `to`'s offer `offer_id` with `text`, through `relay`.
    pub fn answer(&self, relay: usize, to: &[u8; 20], offer_id: &[u8; 20], text: &str) {
        let answer = object(&[("type", "answer".into()), ("sdp", text.into())]);
        let message = object(&[
            ("action", "announce".into()),
            ("info_hash", self.info_hash.as_str().into()),
            ("peer_id", self.peer_id.as_str().into()),
            ("to_peer_id", binary_string(to).into()),
            ("offer_id", binary_string(offer_id).into()),
            ("answer", answer.into()),
        ]);
        self.send(Some(relay), &message);
    }
}
