//! The live connection: one WebRTC data channel between the two browsers,
//! with no signalling server. The offer and the answer travel in links
//! (the invite link carries the offer, the reply link the answer), so
//! gathering is not trickled: a description is handed out once its ICE
//! candidates are all in it, or after [`GATHER_MS`] with the candidates
//! found by then (an unreachable STUN server never holds up a link).
//!
//! Referee's decision on STUN: the app asks one public STUN server
//! ([`STUN`]) by default, so that two browsers behind ordinary home
//! routers find each other; that server only sees the address it reflects
//! and carries nothing of the game. `localStorage["mulino.stun"] = "off"`
//! turns it off (the tests do: loopback candidates only). No TURN server
//! is baked in; one the player sets (`mulino.turn`, [`super::ice`]) is
//! asked too, and alone with `mulino.ice` = `relay`. Where no path exists
//! the game goes on by links.

use std::cell::RefCell;
use std::rc::Rc;

use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};
use wasm_bindgen_futures::JsFuture;
use web_sys::{
    MessageEvent, RtcConfiguration, RtcDataChannel, RtcDataChannelEvent, RtcDataChannelState,
    RtcIceGatheringState, RtcPeerConnection, RtcPeerConnectionState, RtcSdpType, RtcSessionDescriptionInit,
};

use super::codec::read_bounded;
use super::ice;
use crate::storage;

/// The public STUN server asked by default.
pub const STUN: &str = "stun:stun.l.google.com:19302";
/// The longest wait for ICE gathering before a description is handed out.
pub const GATHER_MS: i32 = 5_000;

/// What the connection reports.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PeerEvent {
    /// The data channel is open.
    Open,
    /// A message arrived (already bounded in size).
    Message(String),
    /// The channel closed or the connection failed.
    Closed,
}

/// One peer connection and its data channel.
pub struct Peer {
    pc: RtcPeerConnection,
    channel: Rc<RefCell<Option<RtcDataChannel>>>,
    on_event: Rc<dyn Fn(PeerEvent)>,
    _closures: Vec<Closure<dyn FnMut(JsValue)>>,
    closed: Rc<std::cell::Cell<bool>>,
    /// Whether this is the connection's owner, which hooked its handlers
    /// (not a [`Peer::handle`] lent to a future).
    owner: bool,
}

/// The connection's handlers go before their closures do: a connection
/// that fires an event after its `Peer` is gone (a state change as the
/// other side reloads, while this side already made a new peer) would
/// otherwise call a dropped closure ("closure invoked recursively or
/// after being dropped"). Only the owner does so: a handle lent to an
/// offer or answer ends with its future, long before the channel comes.
impl Drop for Peer {
    fn drop(&mut self) {
        if self.owner {
            self.pc.set_ondatachannel(None);
            self.pc.set_onconnectionstatechange(None);
        }
    }
}

impl std::fmt::Debug for Peer {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Peer").finish_non_exhaustive()
    }
}

fn js_err(e: JsValue) -> String {
    e.as_string()
        .or_else(|| {
            js_sys::Reflect::get(&e, &"message".into())
                .ok()
                .and_then(|m| m.as_string())
        })
        .unwrap_or_else(|| "WebRTC error".into())
}

/// Whether this browser has WebRTC at all.
pub fn supported() -> bool {
    web_sys::window()
        .and_then(|w| js_sys::Reflect::get(&w, &"RTCPeerConnection".into()).ok())
        .is_some_and(|f| f.is_function())
}

/// The connection's configuration: STUN unless off, the TURN server set
/// (`super::ice`), and TURN alone when `mulino.ice` says `relay`.
fn configuration() -> RtcConfiguration {
    let config = RtcConfiguration::new();
    let servers = js_sys::Array::new();
    let server = |fields: &[(&str, JsValue)]| {
        let o = js_sys::Object::new();
        for (k, v) in fields {
            let _ = js_sys::Reflect::set(&o, &(*k).into(), v);
        }
        servers.push(&o);
    };
    if storage::load_stun_on() {
        server(&[("urls", STUN.into())]);
    }
    if let Some(turn) = ice::turn_from(storage::load_turn().as_deref()) {
        let urls: js_sys::Array = turn.urls.iter().map(|u| JsValue::from_str(u)).collect();
        server(&[
            ("urls", urls.into()),
            ("username", turn.username.into()),
            ("credential", turn.credential.into()),
        ]);
    }
    config.set_ice_servers(&servers);
    if ice::relay_only(storage::load_ice().as_deref()) {
        let _ = js_sys::Reflect::set(&config, &"iceTransportPolicy".into(), &"relay".into());
    }
    config
}

fn sleep(ms: i32) -> JsFuture {
    let promise = js_sys::Promise::new(&mut |resolve, _| {
        if let Some(w) = web_sys::window() {
            let _ = w.set_timeout_with_callback_and_timeout_and_arguments_0(&resolve, ms);
        }
    });
    JsFuture::from(promise)
}

impl Peer {
    /// A new connection; `on_event` hears the channel open, messages and
    /// the end.
    pub fn new(on_event: Rc<dyn Fn(PeerEvent)>) -> Result<Peer, String> {
        let pc = RtcPeerConnection::new_with_configuration(&configuration()).map_err(js_err)?;
        let mut peer = Peer {
            pc,
            channel: Rc::new(RefCell::new(None)),
            on_event,
            _closures: Vec::new(),
            closed: Rc::new(std::cell::Cell::new(false)),
            owner: true,
        };
        // The answering side receives the channel.
        let on_channel = {
            let channel = peer.channel.clone();
            let wire = peer.wire_channel();
            Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
                if let Ok(e) = e.dyn_into::<RtcDataChannelEvent>() {
                    let ch = e.channel();
                    wire(&ch);
                    *channel.borrow_mut() = Some(ch);
                }
            })
        };
        peer.pc
            .set_ondatachannel(Some(on_channel.as_ref().unchecked_ref()));
        let on_state = {
            let pc = peer.pc.clone();
            let closed = peer.closed.clone();
            let on_event = peer.on_event.clone();
            Closure::<dyn FnMut(JsValue)>::new(move |_| {
                if matches!(
                    pc.connection_state(),
                    RtcPeerConnectionState::Failed
                        | RtcPeerConnectionState::Closed
                        | RtcPeerConnectionState::Disconnected
                ) && !closed.replace(true)
                {
                    on_event(PeerEvent::Closed);
                }
            })
        };
        peer.pc
            .set_onconnectionstatechange(Some(on_state.as_ref().unchecked_ref()));
        peer._closures.push(on_channel);
        peer._closures.push(on_state);
        Ok(peer)
    }

    /// A function that hooks a data channel's events to `on_event`.
    fn wire_channel(&self) -> impl Fn(&RtcDataChannel) + 'static {
        let on_event = self.on_event.clone();
        let closed = self.closed.clone();
        move |ch: &RtcDataChannel| {
            let open = {
                let on_event = on_event.clone();
                Closure::<dyn FnMut(JsValue)>::new(move |_| on_event(PeerEvent::Open))
            };
            let message = {
                let on_event = on_event.clone();
                Closure::<dyn FnMut(JsValue)>::new(move |e: JsValue| {
                    let Ok(data) = e.dyn_into::<MessageEvent>().map(|m| m.data()) else {
                        return;
                    };
                    // Non-text is dropped; longer messages are measured
                    // and dropped before being copied out of JS.
                    let Some(js) = data.dyn_ref::<js_sys::JsString>() else {
                        return;
                    };
                    if let Some(text) = read_bounded(js.length(), || js.as_string()) {
                        on_event(PeerEvent::Message(text));
                    }
                })
            };
            let close = {
                let on_event = on_event.clone();
                let closed = closed.clone();
                Closure::<dyn FnMut(JsValue)>::new(move |_| {
                    if !closed.replace(true) {
                        on_event(PeerEvent::Closed);
                    }
                })
            };
            ch.set_onopen(Some(open.as_ref().unchecked_ref()));
            ch.set_onmessage(Some(message.as_ref().unchecked_ref()));
            ch.set_onclose(Some(close.as_ref().unchecked_ref()));
            // The channel's handlers live as long as the page's channel.
            open.forget();
            message.forget();
            close.forget();
        }
    }

    /// Sets a created offer or answer as this side's description and
    /// returns it once gathering is complete (or timed out).
    async fn describe_locally(&self, created: &JsValue, kind: RtcSdpType) -> Result<String, String> {
        let sdp = js_sys::Reflect::get(created, &"sdp".into())
            .ok()
            .and_then(|s| s.as_string())
            .unwrap_or_default();
        let init = RtcSessionDescriptionInit::new(kind);
        init.set_sdp(&sdp);
        JsFuture::from(self.pc.set_local_description(&init))
            .await
            .map_err(js_err)?;
        self.gathered().await
    }

    /// The local description once gathering is complete (or timed out).
    async fn gathered(&self) -> Result<String, String> {
        let mut waited = 0;
        while self.pc.ice_gathering_state() != RtcIceGatheringState::Complete && waited < GATHER_MS {
            let _ = sleep(100).await;
            waited += 100;
        }
        self.pc
            .local_description()
            .map(|d| d.sdp())
            .ok_or_else(|| "no local description".to_string())
    }

    /// [`Peer::offer`] as a future that does not borrow the peer.
    pub fn offer_owned(&self) -> impl std::future::Future<Output = Result<String, String>> + 'static {
        let me = self.handle();
        async move { me.offer().await }
    }

    /// Makes the offer (opening the data channel on this side).
    pub async fn offer(&self) -> Result<String, String> {
        let ch = self.pc.create_data_channel("mulino");
        (self.wire_channel())(&ch);
        *self.channel.borrow_mut() = Some(ch);
        let offer = JsFuture::from(self.pc.create_offer()).await.map_err(js_err)?;
        self.describe_locally(&offer, RtcSdpType::Offer).await
    }

    /// Answers the friend's offer.
    pub async fn answer(&self, offer: &str) -> Result<String, String> {
        let remote = RtcSessionDescriptionInit::new(RtcSdpType::Offer);
        remote.set_sdp(offer);
        JsFuture::from(self.pc.set_remote_description(&remote))
            .await
            .map_err(js_err)?;
        let answer = JsFuture::from(self.pc.create_answer()).await.map_err(js_err)?;
        self.describe_locally(&answer, RtcSdpType::Answer).await
    }

    /// Takes the friend's answer to this side's offer.
    pub async fn accept(&self, answer: &str) -> Result<(), String> {
        let remote = RtcSessionDescriptionInit::new(RtcSdpType::Answer);
        remote.set_sdp(answer);
        JsFuture::from(self.pc.set_remote_description(&remote))
            .await
            .map_err(js_err)?;
        Ok(())
    }

    /// [`Peer::answer`] as a future that does not borrow the peer.
    pub fn answer_owned(
        &self,
        offer: String,
    ) -> impl std::future::Future<Output = Result<String, String>> + 'static {
        let me = self.handle();
        async move { me.answer(&offer).await }
    }

    /// [`Peer::accept`] as a future that does not borrow the peer.
    pub fn accept_owned(
        &self,
        answer: String,
    ) -> impl std::future::Future<Output = Result<(), String>> + 'static {
        let me = self.handle();
        async move { me.accept(&answer).await }
    }

    /// A second handle on the same connection (no closures of its own).
    fn handle(&self) -> Peer {
        Peer {
            pc: self.pc.clone(),
            channel: self.channel.clone(),
            on_event: self.on_event.clone(),
            _closures: Vec::new(),
            closed: self.closed.clone(),
            owner: false,
        }
    }

    /// Sends a message if the channel is open; false otherwise.
    pub fn send(&self, text: &str) -> bool {
        self.channel
            .borrow()
            .as_ref()
            .filter(|ch| ch.ready_state() == RtcDataChannelState::Open)
            .is_some_and(|ch| ch.send_with_str(text).is_ok())
    }

    /// Closes the connection without reporting it.
    pub fn close(&self) {
        self.closed.set(true);
        if let Some(ch) = self.channel.borrow().as_ref() {
            ch.close();
        }
        self.pc.close();
    }
}
