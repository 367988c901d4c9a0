//! The meeting of a room's two seats, as a pure state machine: events go
//! in (the seat this tab holds, a relay's messages, the data channel's
//! opening, messages and close, a descriptions or signature made, the
//! clock's tick, the player's "Connect live" and links), effects come out
//! (make a peer, an offer or an answer, send over the channel, sign or
//! check an envelope, announce on the relays, say something to the
//! player). Nothing here touches the browser: `hooks::use_live` performs
//! the effects and feeds back what they bring, and the tests drive whole
//! sequences natively (two rooms in one tab, a friend who vanishes and
//! comes back, a host who reloads).
//!
//! Referee's decisions:
//! - Every peer belongs to one room: a room that leaves the table (or
//!   another that comes to it) closes its peer, saying goodbye over an
//!   open channel, and nothing of it (an offer waiting for its answer) is
//!   ever offered for the next room.
//! - Presence is said once per change, and only what was seen: the
//!   channel closing, a friend silent for [`SILENT_MS`] (each side sends
//!   [`PING`] as the channel opens, and every [`PING_MS`] once it has heard
//!   the friend's; a tab that closes sends nothing; a page from before
//!   the heartbeat, which never pings, gets one ping and is never said
//!   silent), or their goodbye ([`BYE`]) says the friend is
//!   gone ([`Presence::Lost`], or [`Presence::Left`] for a goodbye); the
//!   bar says "Connection lost" until a channel opens again, even while a
//!   new round through the relays looks for the friend in the background;
//!   "back" is said only when a channel opens after "gone" was said.
//! - Through relays the rounds go as `room::relay` describes (the guest
//!   says hello, the host answers it with an offer, the guest answers
//!   the offer); with no relay, or none reachable, the host's page makes
//!   an offer for the invite once, by itself, and says the room runs by
//!   links.

mod relays;
#[cfg(test)]
mod tests;

use super::relay::{Envelope, Hellos, RelayState};
use super::{Connection, Role, Signal};
use crate::model::Presence;

/// What a side says over the channel as it leaves the room (no room's
/// text starts so); the friend's page says they left.
pub const BYE: &str = "mulino-bye";
/// What each side sends over an open channel every [`PING_MS`], so that
/// the other hears it is still there.
pub const PING: &str = "mulino-ping";
/// How often a side pings over an open channel.
pub const PING_MS: f64 = 2_000.0;
/// How long an open channel may stay silent before the friend is gone
/// (three pings missed).
pub const SILENT_MS: f64 = 6_500.0;
/// How often the hook ticks the machine.
pub const TICK_MS: u32 = 1_000;

/// A relay's offer id, a hello's id, a peer's id on a tracker.
pub type Id = [u8; 20];

/// Where an envelope came through: the relay and the peer that announced
/// it (an offer of the tracker protocol), or none (an answer to ours).
pub type From = Option<(usize, Id)>;

/// The seat of the room on the table this tab holds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Seat {
    pub code: String,
    pub me: Role,
    /// The friend's seat key, as far as known (empty: not yet).
    pub their_key: String,
    /// The host waits for the guest: the invite is out.
    pub invite: bool,
}

/// What a signature is made for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Purpose {
    /// Announced on every relay (a hello, an offer) under `id`.
    Announce(Id),
    /// Sent through relay `relay` to peer `to`, for its offer `id` (an
    /// answer, or "the seat is taken").
    Reply { relay: usize, to: Id, id: Id },
}

/// What goes in.
#[derive(Clone, Debug, PartialEq)]
pub enum Event {
    /// The seat this tab holds now (none: no room on the table, or not
    /// held here); `relays`: how many relays are set (none: by links).
    Seat { seat: Option<Seat>, relays: usize },
    /// Room `code` is on the table, its seat not held here (yet).
    Waiting(String),
    /// Another tab of this browser holds the seat and meets the friend.
    Elsewhere,
    /// The relays' swarm could not be named: by links.
    SwarmFailed,
    /// Relay `i`'s socket opened: this side announces itself there.
    RelayOpen(usize),
    /// Relay `i` took the swarm.
    Joined(usize),
    /// Relay `i` went down (or refused to reconnect).
    Down(usize),
    /// A relay's message that was not one of the protocol's.
    Dropped,
    /// An envelope's text heard through a relay.
    Heard { from: From, offer_id: Id, text: String },
    /// An envelope whose signature was checked.
    Checked {
        from: From,
        offer_id: Id,
        env: Envelope,
        genuine: bool,
    },
    /// An envelope signed (its text as it travels), or why not.
    Signed {
        purpose: Purpose,
        text: Result<String, String>,
    },
    /// Peer `peer`'s offer or answer, gathered, or why not.
    Described { peer: u32, sdp: Result<String, String> },
    /// Peer `peer` could not take the friend's answer.
    AcceptFailed { peer: u32, why: String },
    /// Peer `peer`'s channel opened.
    Open(u32),
    /// Peer `peer`'s channel closed (or the connection failed).
    Closed(u32),
    /// A message over peer `peer`'s channel.
    Message(u32, String),
    /// The clock ticked (every [`TICK_MS`]).
    Tick,
    /// The player asked to connect live (or the host's page, quietly).
    Connect { quiet: bool },
    /// A link for room `code` carried connection data.
    FromLink { code: String, signal: Signal },
    /// Another tab handed over a reply for room `code`.
    Handed { code: String, sdp: String },
    /// The room as this side would send it now, and our action count.
    Outgoing { text: String, seq: u32 },
}

/// What comes out, for the hook to do.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// Make peer `id` (a new WebRTC connection).
    NewPeer(u32),
    /// Close peer `id` (a goodbye was sent first where due).
    ClosePeer(u32),
    /// Make peer `id`'s offer.
    Offer(u32),
    /// Make peer `id`'s answer to the friend's offer.
    Answer(u32, String),
    /// Give peer `id` the friend's answer.
    Accept(u32, String),
    /// Send a text over peer `id`'s channel.
    Send(u32, String),
    /// A room's text heard over the channel of room `code`: read, check
    /// and merge it.
    Room { code: String, text: String },
    /// Join the swarm of room `code` on the relays.
    OpenSwarm(String),
    /// Leave the relays.
    CloseSwarm,
    /// Try relay `i` again.
    Reconnect(usize),
    /// Sign an envelope as this side's seat (its key is set then).
    Sign(Purpose, Envelope),
    /// Check an envelope's signature.
    Check { from: From, offer_id: Id, env: Envelope },
    /// Announce a signed text on relay `relay` (or all) under `id`.
    Announce {
        relay: Option<usize>,
        id: Id,
        text: String,
    },
    /// Send a signed text through relay `relay` to peer `to`, for `id`.
    Reply {
        relay: usize,
        to: Id,
        id: Id,
        text: String,
    },
    /// Hand a reply for room `code` to the tab whose offer waits for it.
    HandOver { code: String, sdp: String },
    /// Tell the tab that handed a reply for `code` over that it is taken.
    Taken(String),
    /// Say a notice (a catalogue key and its arguments).
    Notify(&'static str, Vec<String>),
    /// Say what became of the friend.
    Presence(Presence),
}

/// What goes by hand before a connection made by links can open: this
/// side's offer (then the friend's reply comes back), or its answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ByHand {
    Offer,
    Answer,
}

/// What the page shows of the meeting.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct View {
    pub connection: Connection,
    /// What this side's links carry for the connection now.
    pub signal: Option<Signal>,
    /// The exchange under way waits for a link sent by hand (from the
    /// moment its description is being made until the reply is taken).
    pub by_hand: Option<ByHand>,
    pub relay: RelayState,
    /// Messages heard through a relay and dropped.
    pub dropped: u32,
}

/// What a peer is for.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Side {
    /// It offers; `offered` once gathered; `accepting` once an answer was given it.
    Offering {
        offered: Option<String>,
        accepting: bool,
    },
    /// It answers `offer`; `answer` once gathered.
    Answering { offer: String, answer: Option<String> },
}

/// The current peer.
#[derive(Clone, Debug)]
struct PeerSlot {
    id: u32,
    code: String,
    side: Side,
    /// Failures are not said (the host's own offers).
    quiet: bool,
    /// Its description goes in this side's links.
    show: bool,
    open: bool,
    /// The offer's id on the relays, once signed and announced (host).
    announce: Option<Id>,
    /// Where its answer goes through the relays (guest).
    replies: Vec<(usize, Id, Id)>,
}

/// The room's swarm on the relays, while it meets there.
#[derive(Debug)]
struct Relays {
    count: usize,
    joined: bool,
    started_ms: f64,
    round_ms: f64,
    down: Vec<usize>,
    /// How often each relay was tried again since it last took the
    /// swarm, and when it is tried next.
    tries: Vec<u32>,
    retry_at: Vec<Option<f64>>,
    /// The offer (host) or hello (guest) last announced: its id and text.
    last: Option<(Id, String)>,
    hellos: Hellos,
    hello_ms: f64,
    /// An offer for no hello of the guest's came within [`relays::HELLO_MS`]
    /// of its last hello: one more is said once that time is up.
    hello_due: bool,
    heard_hello: Option<Id>,
    making: bool,
    taken: bool,
    told_taken_ms: f64,
    /// The host said that someone with another key knocked.
    knocked: bool,
}

/// The meeting of the room on the table.
pub struct Meeting {
    supported: bool,
    random: Box<dyn FnMut() -> Id>,
    now: f64,
    /// The room on the table, whose connection the page shows.
    room: Option<String>,
    /// Its seat, while held in this tab.
    seat: Option<Seat>,
    relays: Option<Relays>,
    peer: Option<PeerSlot>,
    peers: u32,
    view: View,
    /// The room whose channel has been open in this page.
    met: Option<String>,
    /// The friend was said to be gone since the channel last opened.
    gone: bool,
    heard_ms: f64,
    pinged_ms: f64,
    /// The friend's page pings over the channel open now (a page from
    /// before the heartbeat does not).
    friend_pings: bool,
    outgoing: Option<(String, u32)>,
    sent: Option<u32>,
    /// The host's page made its invite's offer by itself for this seat.
    invited: bool,
    /// The seat of the room on the table is asked for (this tab waits
    /// for its lock): shown as connecting, for a browser that can.
    seating: bool,
}

impl std::fmt::Debug for Meeting {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Meeting")
            .field("seat", &self.seat)
            .field("view", &self.view)
            .finish_non_exhaustive()
    }
}

impl Meeting {
    /// A meeting with no room; `supported`: whether the browser has
    /// WebRTC; `random`: fresh random ids.
    pub fn new(supported: bool, random: Box<dyn FnMut() -> Id>) -> Meeting {
        Meeting {
            supported,
            random,
            now: 0.0,
            room: None,
            seat: None,
            relays: None,
            peer: None,
            peers: 0,
            view: View {
                connection: Connection::ByLink,
                signal: None,
                by_hand: None,
                relay: RelayState::Off,
                dropped: 0,
            },
            met: None,
            gone: false,
            heard_ms: 0.0,
            pinged_ms: 0.0,
            friend_pings: false,
            outgoing: None,
            sent: None,
            invited: false,
            seating: false,
        }
    }

    /// What the page shows now: while the seat is asked for (a moment),
    /// a room about to connect says so, rather than "by link" with
    /// "Connect live" that go as soon as the seat is held.
    pub fn view(&self) -> View {
        let mut view = self.view.clone();
        if self.seating && view.connection == Connection::ByLink {
            view.connection = Connection::Connecting;
        }
        view
    }

    /// Takes event `e` at time `now` (ms); returns what to do.
    pub fn handle(&mut self, now: f64, e: Event) -> Vec<Effect> {
        self.now = now;
        let mut out = Vec::new();
        match e {
            Event::Seat { seat, relays } => self.seat_held(seat, relays, &mut out),
            Event::Waiting(code) => {
                self.leave(Some(&code), &mut out);
                self.seating = self.supported;
            }
            Event::Elsewhere => {
                self.seating = false;
                self.view.relay = RelayState::Elsewhere;
            }
            Event::Open(id) if self.is_current(id) => self.opened(&mut out),
            Event::Closed(id) if self.is_current(id) => self.lost(&mut out),
            Event::Message(id, text) if self.is_current(id) => self.message(text, &mut out),
            Event::Described { peer, sdp } if self.is_current(peer) => self.described(sdp, &mut out),
            Event::AcceptFailed { peer, why } if self.is_current(peer) => self.failed(why, false, &mut out),
            Event::Tick => self.tick(&mut out),
            Event::Connect { quiet } => {
                if let Some(code) = self.room.clone() {
                    self.offer(&code, quiet, true, &mut out);
                }
            }
            Event::FromLink { code, signal } => self.link_signal(code, signal, &mut out),
            Event::Handed { code, sdp } => {
                if self.accept(&code, sdp, &mut out) {
                    out.push(Effect::Taken(code));
                }
            }
            Event::Outgoing { text, seq } => {
                self.outgoing = Some((text, seq));
                if self.sent.is_none_or(|s| s < seq) {
                    self.flush(&mut out);
                }
            }
            Event::Open(_)
            | Event::Closed(_)
            | Event::Message(..)
            | Event::Described { .. }
            | Event::AcceptFailed { .. } => {}
            relay => self.relay_event(relay, &mut out),
        }
        self.keep_invite(&mut out);
        out
    }

    fn is_current(&self, id: u32) -> bool {
        self.peer.as_ref().is_some_and(|p| p.id == id)
    }

    fn is_open(&self) -> bool {
        self.peer.as_ref().is_some_and(|p| p.open)
    }

    /// The seat held changed (or its friend's key, or whether the guest
    /// sat down).
    fn seat_held(&mut self, seat: Option<Seat>, relays: usize, out: &mut Vec<Effect>) {
        self.seating = false;
        if let (Some(old), Some(new)) = (self.seat.as_mut(), seat.as_ref()) {
            if old.code == new.code && old.me == new.me {
                if !new.their_key.is_empty() {
                    old.their_key = new.their_key.clone();
                }
                old.invite = new.invite;
                return;
            }
        }
        let code = seat.as_ref().map(|s| s.code.clone());
        self.leave(code.as_deref(), out);
        self.seat = seat;
        if let (Some(code), true) = (code, relays > 0 && self.supported) {
            self.relays = Some(Relays::new(relays, self.now));
            self.view.relay = RelayState::Trying;
            out.push(Effect::OpenSwarm(code));
        }
    }

    /// Leaves the relays and every room but `keep` (the room on the
    /// table, if any): a peer of another room is closed with a goodbye,
    /// and nothing of that room is shown or said any more. A peer of
    /// `keep` (an answer made for its link before the seat was held)
    /// stays.
    fn leave(&mut self, keep: Option<&str>, out: &mut Vec<Effect>) {
        if self.peer.as_ref().is_some_and(|p| Some(p.code.as_str()) != keep) {
            self.close_peer(true, out);
        }
        if self.room.as_deref() != keep {
            self.room = keep.map(str::to_string);
            self.gone = false;
            self.invited = false;
            if self.peer.is_none() {
                self.view.connection = Connection::ByLink;
                self.view.signal = None;
                self.sent = None;
            }
        }
        self.seat = None;
        if self.relays.take().is_some() {
            out.push(Effect::CloseSwarm);
        }
        self.view.relay = RelayState::Off;
    }

    /// Closes the current peer, saying goodbye first over an open channel
    /// if `bye`.
    fn close_peer(&mut self, bye: bool, out: &mut Vec<Effect>) {
        self.view.by_hand = None;
        if let Some(p) = self.peer.take() {
            if p.open && bye {
                out.push(Effect::Send(p.id, BYE.to_string()));
            }
            out.push(Effect::ClosePeer(p.id));
        }
    }

    /// A new peer for room `code`; the connection says an exchange is
    /// under way unless it says the friend is lost (a round in the
    /// background changes nothing the player sees until it opens).
    fn new_peer(&mut self, code: &str, side: Side, quiet: bool, show: bool, out: &mut Vec<Effect>) -> u32 {
        self.close_peer(false, out);
        self.peers += 1;
        let id = self.peers;
        self.peer = Some(PeerSlot {
            id,
            code: code.to_string(),
            side,
            quiet,
            show,
            open: false,
            announce: None,
            replies: Vec::new(),
        });
        self.sent = None;
        if self.view.connection != Connection::Lost || show {
            self.view.connection = Connection::Connecting;
        }
        if show {
            self.view.signal = None;
            self.view.by_hand = Some(match self.peer.as_ref().map(|p| &p.side) {
                Some(Side::Answering { .. }) => ByHand::Answer,
                _ => ByHand::Offer,
            });
        }
        out.push(Effect::NewPeer(id));
        id
    }

    /// A fresh offer for room `code` (`show`: carried by this side's links).
    fn offer(&mut self, code: &str, quiet: bool, show: bool, out: &mut Vec<Effect>) -> Option<u32> {
        if !self.supported {
            return None;
        }
        let side = Side::Offering {
            offered: None,
            accepting: false,
        };
        let id = self.new_peer(code, side, quiet, show, out);
        out.push(Effect::Offer(id));
        Some(id)
    }

    /// An answer to the friend's `offer` for room `code`.
    fn answer(&mut self, code: &str, offer: String, show: bool, out: &mut Vec<Effect>) -> Option<u32> {
        if !self.supported {
            return None;
        }
        let side = Side::Answering {
            offer: offer.clone(),
            answer: None,
        };
        let id = self.new_peer(code, side, false, show, out);
        out.push(Effect::Answer(id, offer));
        Some(id)
    }

    /// The host's page offers a connection for the invite by itself,
    /// once, while the seat is free and the room runs by links.
    fn keep_invite(&mut self, out: &mut Vec<Effect>) {
        let by_links = matches!(self.view.relay, RelayState::Off | RelayState::Unreachable);
        let Some(seat) = self.seat.as_ref() else { return };
        if seat.me == Role::Host && seat.invite && by_links && !self.invited && self.peer.is_none() {
            self.invited = true;
            let code = seat.code.clone();
            self.offer(&code, true, true, out);
        }
    }

    /// Takes the friend's answer, if this page's offer for `code` waits
    /// for one; false otherwise.
    fn accept(&mut self, code: &str, answer: String, out: &mut Vec<Effect>) -> bool {
        let Some(p) = self.peer.as_mut().filter(|p| p.code == code) else {
            return false;
        };
        let Side::Offering {
            offered: Some(_),
            accepting,
        } = &mut p.side
        else {
            return false;
        };
        if std::mem::replace(accepting, true) {
            return false;
        }
        out.push(Effect::Accept(p.id, answer));
        self.view.by_hand = None;
        true
    }

    fn link_signal(&mut self, code: String, signal: Signal, out: &mut Vec<Effect>) {
        match signal {
            // An offer asks for a fresh exchange: answered at once.
            Signal::Offer(sdp) => {
                self.answer(&code, sdp, true, out);
            }
            Signal::Answer(sdp) => {
                if !self.accept(&code, sdp.clone(), out) {
                    out.push(Effect::HandOver { code, sdp });
                }
            }
        }
    }

    /// The current peer's description is gathered (or failed).
    fn described(&mut self, sdp: Result<String, String>, out: &mut Vec<Effect>) {
        let sdp = match sdp {
            Ok(sdp) => sdp,
            Err(why) => {
                let quiet = self.peer.as_ref().is_some_and(|p| p.quiet);
                if let Some(r) = self.relays.as_mut() {
                    r.making = false;
                }
                return self.failed(why, quiet, out);
            }
        };
        let Some(p) = self.peer.as_mut() else { return };
        let signal = match &mut p.side {
            Side::Offering { offered, .. } => {
                *offered = Some(sdp.clone());
                Signal::Offer(sdp.clone())
            }
            Side::Answering { answer, .. } => {
                *answer = Some(sdp.clone());
                Signal::Answer(sdp.clone())
            }
        };
        if p.show {
            self.view.signal = Some(signal);
        }
        self.described_for_relays(&sdp, out);
    }

    /// The exchange failed: back to links (the friend stays lost if they
    /// were); said unless `quiet`.
    fn failed(&mut self, why: String, quiet: bool, out: &mut Vec<Effect>) {
        self.close_peer(false, out);
        if self.view.connection != Connection::Lost {
            self.view.connection = Connection::ByLink;
        }
        self.view.signal = None;
        if !quiet {
            out.push(Effect::Notify("room.live-failed", vec![why]));
        }
    }

    /// The channel opened: live; the friend is back if they were said
    /// to be gone.
    fn opened(&mut self, out: &mut Vec<Effect>) {
        let Some(p) = self.peer.as_mut() else { return };
        p.open = true;
        let (code, p_id) = (p.code.clone(), p.id);
        self.view.connection = Connection::Live;
        self.view.signal = None;
        self.view.by_hand = None;
        self.heard_ms = self.now;
        self.pinged_ms = self.now;
        self.friend_pings = false;
        self.flush(out);
        // One ping at once: a friend who pings back is heard from then on.
        out.push(Effect::Send(p_id, PING.to_string()));
        let again = self.met.replace(code.clone()).as_deref() == Some(code.as_str());
        if again && std::mem::replace(&mut self.gone, false) {
            out.push(Effect::Presence(Presence::Back));
        }
        self.gone = false;
    }

    /// The channel closed, or stayed silent: the friend is gone, said
    /// once; through a relay, the seats look for each other
    /// again, and the bar says the connection is lost until one opens.
    fn lost(&mut self, out: &mut Vec<Effect>) {
        let was_open = self.is_open();
        self.close_peer(false, out);
        self.view.signal = None;
        if was_open {
            self.view.connection = Connection::Lost;
            if !std::mem::replace(&mut self.gone, true) {
                out.push(Effect::Presence(Presence::Lost));
            }
        } else if self.view.connection != Connection::Lost {
            self.view.connection = Connection::ByLink;
        }
        self.relay_round(out);
    }

    fn message(&mut self, text: String, out: &mut Vec<Effect>) {
        self.heard_ms = self.now;
        if text == PING {
            self.friend_pings = true;
            return;
        }
        if text == BYE {
            if !std::mem::replace(&mut self.gone, true) {
                out.push(Effect::Presence(Presence::Left));
            }
            return;
        }
        if let Some(p) = self.peer.as_ref() {
            out.push(Effect::Room {
                code: p.code.clone(),
                text,
            });
        }
    }

    /// Sends the room as this side would send it now, if the channel is open.
    fn flush(&mut self, out: &mut Vec<Effect>) {
        if let (Some(p), Some((text, seq))) = (self.peer.as_ref().filter(|p| p.open), self.outgoing.as_ref())
        {
            out.push(Effect::Send(p.id, text.clone()));
            self.sent = Some(*seq);
        }
    }

    /// The clock: a ping due over an open channel, a friend silent too
    /// long (once they were heard pinging), the relays' timers.
    fn tick(&mut self, out: &mut Vec<Effect>) {
        if let Some(p) = self.peer.as_ref().filter(|p| p.open && self.friend_pings) {
            if self.now - self.heard_ms >= SILENT_MS {
                return self.lost(out);
            }
            if self.now - self.pinged_ms >= PING_MS {
                self.pinged_ms = self.now;
                out.push(Effect::Send(p.id, PING.to_string()));
            }
        }
        self.relay_tick(out);
    }
}
