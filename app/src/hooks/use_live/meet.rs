//! The live connection made through relays ([`crate::room::relay`]): the
//! room's two seats join its swarm on every relay; the guest says hello,
//! the host answers a hello (or its own arrival) with a fresh offer, the
//! guest answers the offer, and the data channel opens as with links, with
//! nothing sent by hand. Every envelope heard is checked for shape, for
//! the friend's seat key and for its signature before anything is done
//! with it; what fails is dropped and counted (`data-relay-dropped`).
//! A hello signed with another key than the guest's (someone else with
//! the invite) gets the host's signed word that the seat is taken. The
//! host's offer names the hello it answers, and the guest answers only
//! offers made for its own recent hellos; to any other (the host arriving,
//! or an old offer replayed) it says hello again, at most every
//! [`HELLO_MS`] (`relay` module docs: nothing old is taken for new).
//! While the channel is open, offers and hellos are ignored (a relay
//! replaying an old one cannot break a live game); when it drops, each
//! side announces itself again, and every [`ROUND_MS`] while not live. A
//! relay that goes down is tried again, sooner first, then once a minute.

use std::cell::Cell;
use std::rc::Rc;

use gloo_timers::callback::{Interval, Timeout};

use super::Live;
use crate::browser::now_ms;
use crate::model::{Action, Notice};
use crate::room::relay::{self, Envelope, Heard, Hellos, Kind, RelayState};
use crate::room::tracker::{Swarm, TrackerEvent};
use crate::room::{sign, Role, Seal};
use crate::storage;

/// How long the relays have to take the swarm before the room is said
/// to run by links (a relay that answers later still counts).
const JOIN_MS: u32 = 5_000;
/// How often a side that is not live announces itself again.
const ROUND_MS: u32 = 15_000;
/// The least time between two "the seat is taken" of the host's.
const TAKEN_MS: u32 = 2_000;
/// The least time between two hellos the guest says to offers that name
/// none of its own.
const HELLO_MS: u32 = 2_000;

/// How long after a relay went down it is tried again (doubling each
/// time, up to [`MAX_RETRY_MS`]).
const RETRY_MS: u32 = 2_000;
const MAX_RETRY_MS: u32 = 60_000;

thread_local! {
    /// Numbers meetings, so that events of a meeting left are ignored.
    static RUNS: Cell<u32> = const { Cell::new(0) };
}

/// The room's swarm on the relays.
pub(super) struct Meeting {
    run: u32,
    code: String,
    me: Role,
    /// The key this side knows for the friend's seat (empty: not yet).
    their_key: String,
    swarm: Option<Swarm>,
    relays: usize,
    joined: bool,
    down: Vec<usize>,
    /// How often each relay was tried again since it last took the swarm,
    /// and the timer of its next try.
    tries: Vec<u32>,
    retries: Vec<Option<Timeout>>,
    /// The offer (host) or hello (guest) last announced: its id and text.
    last: Option<([u8; 20], String)>,
    /// This side's last hellos and the offer it answered last (guest),
    /// and when it last said hello.
    hellos: Hellos,
    hello_ms: f64,
    /// The id of the guest's last hello heard (host): the next offer
    /// names it.
    heard_hello: Option<[u8; 20]>,
    /// A round is being made (an offer gathered, a hello signed).
    making: bool,
    /// The host said the seat is taken (guest): no more rounds.
    taken: bool,
    /// When this side (host) last told a stranger the seat is taken.
    told_taken_ms: f64,
    _timers: Option<(Timeout, Interval)>,
}

/// The relays set in this browser (`mulino.relays`), or the default list.
fn relays() -> Vec<String> {
    relay::relays_from(storage::load_relays().as_deref())
}

/// `env` signed as this side's seat of its room.
async fn signed(mut env: Envelope) -> Result<String, String> {
    env.key = sign::public_key(&env.code).await?;
    let (_, signature) = sign::sign_text(&env.code, &env.signed_text()).await?;
    env.signature = signature;
    Ok(env.to_text())
}

impl Live {
    /// Meets the friend of room `code` (this side `me`, the friend's seat
    /// key as far as known) through the relays, if any are set.
    pub fn meet(&self, code: &str, me: Role, their_key: &str) {
        {
            let mut inner = self.inner.borrow_mut();
            if let Some(m) = inner.meet.as_mut().filter(|m| m.code == code && m.me == me) {
                if !their_key.is_empty() {
                    m.their_key = their_key.to_string();
                }
                return;
            }
            inner.meet = None;
        }
        let urls = relays();
        if urls.is_empty() || !self.supported {
            self.set_relay.set(RelayState::Off);
            return;
        }
        let run = RUNS.with(|r| r.replace(r.get() + 1) + 1);
        self.inner.borrow_mut().meet = Some(Meeting {
            run,
            code: code.to_string(),
            me,
            their_key: their_key.to_string(),
            swarm: None,
            relays: urls.len(),
            joined: false,
            down: Vec::new(),
            tries: vec![0; urls.len()],
            retries: urls.iter().map(|_| None).collect(),
            last: None,
            hellos: Hellos::default(),
            hello_ms: f64::NEG_INFINITY,
            heard_hello: None,
            making: false,
            taken: false,
            told_taken_ms: f64::NEG_INFINITY,
            _timers: None,
        });
        self.set_relay.set(RelayState::Trying);
        let live = self.clone();
        let code = code.to_string();
        wasm_bindgen_futures::spawn_local(async move {
            let Some(info_hash) = sign::sha256(&relay::swarm_text(&code))
                .await
                .ok()
                .and_then(|h| <[u8; 20]>::try_from(h.get(..20)?).ok())
            else {
                return live.set_relay.set(RelayState::Unreachable);
            };
            let on_event = {
                let live = live.clone();
                Rc::new(move |e| live.on_tracker(run, e))
            };
            let on_open = {
                let live = live.clone();
                Rc::new(move |i| live.announce(run, Some(i)))
            };
            let swarm = Swarm::open(&urls, &info_hash, &storage::random_bytes(), on_event, on_open);
            let timers = live.timers(run);
            if let Some(m) = live.inner.borrow_mut().meet.as_mut().filter(|m| m.run == run) {
                m.swarm = Some(swarm);
                m._timers = Some(timers);
            }
        });
    }

    /// Leaves the relays (no room on the table).
    pub fn leave_relays(&self) {
        self.inner.borrow_mut().meet = None;
        self.set_relay.set(RelayState::Off);
    }

    fn timers(&self, run: u32) -> (Timeout, Interval) {
        let live = self.clone();
        let unreachable = Timeout::new(JOIN_MS, move || {
            if live.with_meeting(run, |m| !m.joined).unwrap_or(false) {
                live.set_relay.set(RelayState::Unreachable);
            }
        });
        let live = self.clone();
        let again = Interval::new(ROUND_MS, move || {
            if !live.is_open() {
                live.announce(run, None);
            }
        });
        (unreachable, again)
    }

    fn with_meeting<T>(&self, run: u32, f: impl FnOnce(&mut Meeting) -> T) -> Option<T> {
        self.inner
            .borrow_mut()
            .meet
            .as_mut()
            .filter(|m| m.run == run)
            .map(f)
    }

    fn is_open(&self) -> bool {
        self.inner.borrow().peer.as_ref().is_some_and(|p| p.is_open())
    }

    fn drop_one(&self) {
        let n = {
            let mut inner = self.inner.borrow_mut();
            inner.dropped = inner.dropped.saturating_add(1);
            inner.dropped
        };
        self.set_dropped.set(n);
    }

    /// Announces this side on relay `relay` (or all): the host its last
    /// offer (a fresh one if none is out), the guest a hello.
    fn announce(&self, run: u32, relay: Option<usize>) {
        let last = self.with_meeting(run, |m| (m.me, m.last.clone()));
        match last {
            Some((Role::Host, Some((id, text)))) => self.with_swarm(run, |s| s.announce(relay, &id, &text)),
            Some(_) => self.round_of(run),
            None => {}
        }
    }

    fn with_swarm(&self, run: u32, f: impl FnOnce(&Swarm)) {
        let inner = self.inner.borrow();
        if let Some(s) = inner
            .meet
            .as_ref()
            .filter(|m| m.run == run)
            .and_then(|m| m.swarm.as_ref())
        {
            f(s);
        }
    }

    /// A new round through the relays, if the room meets there: the host
    /// makes a fresh offer, the guest says hello again.
    pub(super) fn relay_round(&self) {
        let run = self.inner.borrow().meet.as_ref().map(|m| m.run);
        if let Some(run) = run {
            self.round_of(run);
        }
    }

    fn round_of(&self, run: u32) {
        let id: [u8; 20] = storage::random_bytes();
        let now = now_ms();
        let Some((code, me)) = self
            .with_meeting(run, |m| {
                let busy = m.taken || std::mem::replace(&mut m.making, true);
                if !busy && m.me == Role::Guest {
                    m.hello_ms = now;
                    m.hellos.said(id);
                }
                (!busy).then(|| (m.code.clone(), m.me))
            })
            .flatten()
        else {
            return;
        };
        // The host's offer still waiting for its answer (one that went out
        // in the invite, say) travels as it is: a fresh one would leave
        // the link's behind.
        let pending = match me {
            Role::Host => self.pending_offer(),
            Role::Guest => None,
        };
        let offer = match (me, &pending) {
            (Role::Host, None) => self.offer_fresh(&code, true),
            _ => None,
        };
        let live = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let (kind, sdp) = match (pending, offer) {
                (Some(sdp), _) => (Kind::Offer, Ok(sdp)),
                (None, Some((_, fut))) => (Kind::Offer, fut.await),
                (None, None) => (Kind::Hello, Ok(String::new())),
            };
            // An offer names the guest's last hello heard, as it stands now.
            let hello = live.with_meeting(run, |m| m.heard_hello).flatten();
            let text = match sdp {
                Ok(sdp) => {
                    let env = Envelope::new(&code, me, kind, &id, String::new(), sdp);
                    let env = match hello {
                        Some(h) if kind == Kind::Offer => env.replying_to(&h),
                        _ => env,
                    };
                    signed(env).await
                }
                Err(why) => Err(why),
            };
            let made = live.with_meeting(run, |m| {
                m.making = false;
                if let Ok(text) = &text {
                    m.last = Some((id, text.clone()));
                }
            });
            if let (Some(()), Ok(text)) = (made, text) {
                live.with_swarm(run, |s| s.announce(None, &id, &text));
            }
        });
    }

    fn on_tracker(&self, run: u32, e: TrackerEvent) {
        match e {
            TrackerEvent::Joined(i) => {
                let joined = self.with_meeting(run, |m| {
                    m.joined = true;
                    m.down.retain(|&d| d != i);
                    if let Some(t) = m.tries.get_mut(i) {
                        *t = 0;
                    }
                });
                if joined.is_some() {
                    self.set_relay.set(RelayState::Joined);
                }
            }
            TrackerEvent::Down(i) => {
                let all_down = self.with_meeting(run, |m| {
                    let before = m.down.len() == m.relays;
                    if !m.down.contains(&i) {
                        m.down.push(i);
                    }
                    !before && m.down.len() == m.relays
                });
                if all_down == Some(true) {
                    self.set_relay.set(RelayState::Unreachable);
                }
                self.retry_later(run, i);
            }
            TrackerEvent::Dropped(_) => self.drop_one(),
            TrackerEvent::Offer {
                relay,
                peer_id,
                offer_id,
                text,
            } => self.heard(run, Some((relay, peer_id)), offer_id, &text),
            TrackerEvent::Answer { offer_id, text } => self.heard(run, None, offer_id, &text),
        }
    }

    /// Tries relay `i` again after a while ([`RETRY_MS`], doubling up to
    /// [`MAX_RETRY_MS`]) while the room meets: a relay that went down (or
    /// was never up) takes the swarm again when it is back, and the seats
    /// find each other there.
    fn retry_later(&self, run: u32, i: usize) {
        let live = self.clone();
        let again = move || {
            let refused = live.with_meeting(run, |m| m.swarm.as_mut().is_some_and(|s| !s.reconnect(i)));
            // Said outside the meeting's borrow: the browser refused it at once.
            if refused == Some(true) {
                live.on_tracker(run, TrackerEvent::Down(i));
            }
        };
        self.with_meeting(run, move |m| {
            let (Some(tries), Some(slot)) = (m.tries.get_mut(i), m.retries.get_mut(i)) else {
                return;
            };
            let wait = RETRY_MS.saturating_mul(1 << (*tries).min(5)).min(MAX_RETRY_MS);
            *tries = tries.saturating_add(1);
            *slot = Some(Timeout::new(wait, again));
        });
    }

    /// An envelope heard through a relay (`from`: the relay and the peer
    /// that announced it; none for an answer): checked, then taken.
    fn heard(&self, run: u32, from: Option<(usize, [u8; 20])>, offer_id: [u8; 20], text: &str) {
        let Some((code, me, known)) = self.with_meeting(run, |m| (m.code.clone(), m.me, m.their_key.clone()))
        else {
            return;
        };
        let env = match Envelope::read(text, &code, me) {
            Ok(env) => env,
            Err(_) => return self.drop_one(),
        };
        // An answer comes as the protocol's answer, the rest as offers;
        // the signed offer id is the one the relay routes it by; the key
        // is the seat's (the host's is always known from the invite).
        let answer_like = matches!(env.kind, Kind::Answer | Kind::Taken);
        let routed = answer_like == from.is_none() && env.is_for(&offer_id);
        let key_ok = if known.is_empty() {
            me == Role::Host
        } else {
            env.key == known
        };
        // A hello from another key than the guest's: someone else with the
        // invite. The host tells them the seat is taken.
        if let (true, Role::Host, Kind::Hello, Some((relay, peer))) = (routed && !key_ok, me, env.kind, from)
        {
            return self.tell_taken(run, &code, relay, peer, offer_id);
        }
        if !routed || !key_ok {
            return self.drop_one();
        }
        let live = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let seal = Seal {
                key: env.key.clone(),
                text: env.signed_text(),
                signature: env.signature.clone(),
            };
            if !sign::holds(&seal).await {
                return live.drop_one();
            }
            live.take(run, from, offer_id, env);
        });
    }

    /// Does what a checked envelope asks.
    fn take(&self, run: u32, from: Option<(usize, [u8; 20])>, offer_id: [u8; 20], env: Envelope) {
        let open = self.is_open();
        let Some((code, last)) = self.with_meeting(run, |m| {
            if m.their_key.is_empty() {
                m.their_key = env.key.clone();
            }
            (m.code.clone(), m.last.as_ref().map(|(id, _)| *id))
        }) else {
            return;
        };
        match (env.kind, from) {
            (Kind::Hello, _) if !open => {
                self.with_meeting(run, |m| m.heard_hello = Some(offer_id));
                self.round_of(run);
            }
            (Kind::Offer, Some((relay, peer_id))) if !open => {
                match self.with_meeting(run, |m| m.hellos.offer(&env, offer_id)) {
                    Some(Heard::Answer) => self.answer_through(run, &code, relay, peer_id, offer_id, env.sdp),
                    Some(Heard::Stale) => self.hello_again(run),
                    Some(Heard::Again) | None => {}
                }
            }
            (Kind::Answer, None) if last == Some(offer_id) => {
                self.accept(&code, env.sdp);
            }
            (Kind::Taken, None) if last == Some(offer_id) => {
                self.with_meeting(run, |m| m.taken = true);
                self.dispatch
                    .emit(Action::Notify(Some(Notice::new("room.seat-taken", Vec::new()))));
            }
            _ => {}
        }
    }

    /// Says hello again (guest), to an offer that names none of this
    /// side's hellos: at most every [`HELLO_MS`], so replays cannot make
    /// it say more.
    fn hello_again(&self, run: u32) {
        let now = now_ms();
        let due = self.with_meeting(run, |m| now - m.hello_ms >= f64::from(HELLO_MS));
        if due == Some(true) {
            self.round_of(run);
        }
    }

    /// Says "the seat is taken" to the page that said hello with another
    /// key than the guest's (at most once every [`TAKEN_MS`]).
    fn tell_taken(&self, run: u32, code: &str, relay: usize, to: [u8; 20], id: [u8; 20]) {
        let now = now_ms();
        let due = self.with_meeting(run, |m| {
            let due = now - m.told_taken_ms >= f64::from(TAKEN_MS);
            if due {
                m.told_taken_ms = now;
            }
            due
        });
        if due != Some(true) {
            return;
        }
        let (live, code) = (self.clone(), code.to_string());
        wasm_bindgen_futures::spawn_local(async move {
            let env = Envelope::new(&code, Role::Host, Kind::Taken, &id, String::new(), String::new());
            if let Ok(text) = signed(env).await {
                live.with_swarm(run, |s| s.answer(relay, &to, &id, &text));
            }
        });
    }

    /// The current peer's offer, while it waits for its answer.
    fn pending_offer(&self) -> Option<String> {
        let inner = self.inner.borrow();
        let waits = inner.peer.as_ref().is_some_and(|p| p.awaits_answer());
        inner.offered.clone().filter(|_| waits)
    }

    /// This side's answer to `offer`, if the current peer gave one (the
    /// same offer came by link and through a relay: answered once).
    fn answer_given(&self, offer: &str) -> Option<String> {
        let inner = self.inner.borrow();
        inner.peer.as_ref()?;
        inner
            .given_answer
            .as_ref()
            .filter(|(o, _)| o == offer)
            .map(|(_, a)| a.clone())
    }

    /// Answers the host's offer and sends the answer back through `relay`.
    fn answer_through(&self, run: u32, code: &str, relay: usize, to: [u8; 20], id: [u8; 20], offer: String) {
        let fut = match self.answer_given(&offer) {
            Some(answer) => Box::pin(std::future::ready(Ok(answer))),
            None => {
                let Some((_, fut)) = self.answer_fresh(code, offer) else {
                    return;
                };
                self.set_signal.set(None);
                fut
            }
        };
        let (live, code) = (self.clone(), code.to_string());
        wasm_bindgen_futures::spawn_local(async move {
            let text = match fut.await {
                Ok(sdp) => {
                    signed(Envelope::new(
                        &code,
                        Role::Guest,
                        Kind::Answer,
                        &id,
                        String::new(),
                        sdp,
                    ))
                    .await
                }
                Err(why) => Err(why),
            };
            match text {
                Ok(text) => live.with_swarm(run, |s| s.answer(relay, &to, &id, &text)),
                Err(why) => live.failed(why, true),
            }
        });
    }
}
