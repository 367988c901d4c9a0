//! The meeting through relays ([`crate::room::relay`]): the room's two
//! seats join its swarm on every relay; the guest says hello, the host
//! answers a hello (or its own arrival) with an offer, the guest answers
//! the offer, and the data channel opens as with links, with nothing sent
//! by hand. Every envelope heard is checked for shape, for the friend's
//! seat key and for its signature before anything is done with it; what
//! fails is dropped and counted. A hello signed with another key than the
//! guest's (someone else with the invite, or the friend from another
//! browser, which has no seat key) gets the host's signed word that the
//! seat is taken; that page's bar says so from then on, and the host is
//! told once that someone knocked. The host's offer names the hello it answers,
//! and the guest answers only offers made for its own recent hellos; to
//! any other it says hello again, at most every [`HELLO_MS`] (one heard
//! sooner gets its hello once that time is up). While the
//! channel is open, offers and hellos are ignored (a relay replaying an
//! old one cannot break a live game); when it drops, each side announces
//! itself again, and every [`ROUND_MS`] while not live. A relay that goes
//! down is tried again, sooner first, then once a minute.

use super::{Effect, Event, From, Id, Meeting, Purpose, Relays, Side};
use crate::room::relay::{Envelope, Heard, Hellos, Kind, RelayState};
use crate::room::Role;

/// How long the relays have to take the swarm before the room is said
/// to run by links (a relay that answers later still counts).
pub const JOIN_MS: f64 = 5_000.0;
/// How often a side that is not live announces itself again.
pub const ROUND_MS: f64 = 15_000.0;
/// The least time between two "the seat is taken" of the host's.
const TAKEN_MS: f64 = 2_000.0;
/// The least time between two hellos the guest says to offers that name
/// none of its own.
pub(super) const HELLO_MS: f64 = 2_000.0;
/// How long after a relay went down it is tried again (doubling each
/// time, up to [`MAX_RETRY_MS`]).
const RETRY_MS: f64 = 2_000.0;
const MAX_RETRY_MS: f64 = 60_000.0;

impl Relays {
    pub(super) fn new(count: usize, now: f64) -> Relays {
        Relays {
            count,
            joined: false,
            started_ms: now,
            round_ms: now,
            down: Vec::new(),
            tries: vec![0; count],
            retry_at: vec![None; count],
            last: None,
            hellos: Hellos::default(),
            hello_ms: f64::NEG_INFINITY,
            hello_due: false,
            heard_hello: None,
            making: false,
            taken: false,
            told_taken_ms: f64::NEG_INFINITY,
            knocked: false,
        }
    }

    /// Whether every relay is down (none reachable now).
    fn all_down(&self) -> bool {
        self.count > 0 && self.down.len() >= self.count
    }
}

impl Meeting {
    pub(super) fn relay_event(&mut self, e: Event, out: &mut Vec<Effect>) {
        if self.relays.is_none() {
            return;
        }
        match e {
            Event::SwarmFailed => self.view.relay = RelayState::Unreachable,
            Event::RelayOpen(i) => self.announce(Some(i), out),
            Event::Joined(i) => {
                if let Some(r) = self.relays.as_mut() {
                    r.joined = true;
                    r.down.retain(|&d| d != i);
                    if let Some(t) = r.tries.get_mut(i) {
                        *t = 0;
                    }
                }
                if self.view.relay != RelayState::Taken {
                    self.view.relay = RelayState::Joined;
                }
            }
            Event::Down(i) => self.relay_down(i),
            Event::Dropped => self.drop_one(),
            Event::Heard { from, offer_id, text } => self.heard(from, offer_id, &text, out),
            Event::Checked {
                from,
                offer_id,
                env,
                genuine,
            } => {
                if genuine {
                    self.take(from, offer_id, env, out);
                } else {
                    self.drop_one();
                }
            }
            Event::Signed { purpose, text } => self.signed(purpose, text, out),
            _ => {}
        }
    }

    fn drop_one(&mut self) {
        self.view.dropped = self.view.dropped.saturating_add(1);
    }

    /// Relay `i` went down: tried again after a while ([`RETRY_MS`],
    /// doubling up to [`MAX_RETRY_MS`]); all down: by links.
    fn relay_down(&mut self, i: usize) {
        let now = self.now;
        let Some(r) = self.relays.as_mut() else { return };
        let before = r.all_down();
        if !r.down.contains(&i) {
            r.down.push(i);
        }
        let all_down = !before && r.all_down();
        if let (Some(tries), Some(at)) = (r.tries.get_mut(i), r.retry_at.get_mut(i)) {
            let wait = (RETRY_MS * f64::from(1u32 << (*tries).min(5))).min(MAX_RETRY_MS);
            *tries = tries.saturating_add(1);
            *at = Some(now + wait);
        }
        if all_down && self.view.relay != RelayState::Taken {
            self.view.relay = RelayState::Unreachable;
        }
    }

    /// The relays' timers: the join's deadline, relays due to be tried
    /// again, a round due while not live. With every relay down there is
    /// no round: an offer made for the relays would reach no one, and it
    /// would hold the room "connecting", without "Connect live" and with
    /// no offer in the link for the friend; a relay back announces this
    /// side as it opens.
    pub(super) fn relay_tick(&mut self, out: &mut Vec<Effect>) {
        let (now, open) = (self.now, self.is_open());
        let Some(r) = self.relays.as_mut() else { return };
        let all_down = r.all_down();
        if !r.joined && self.view.relay == RelayState::Trying && now - r.started_ms >= JOIN_MS {
            self.view.relay = RelayState::Unreachable;
        }
        for (i, at) in r.retry_at.iter_mut().enumerate() {
            if at.is_some_and(|t| t <= now) {
                *at = None;
                out.push(Effect::Reconnect(i));
            }
        }
        if open || all_down {
            return;
        }
        if r.hello_due && now - r.hello_ms >= HELLO_MS {
            r.hello_due = false;
            return self.relay_round(out);
        }
        if now - r.round_ms >= ROUND_MS {
            r.round_ms = now;
            self.announce(None, out);
        }
    }

    /// Announces this side on relay `relay` (or all): the host its last
    /// offer (a fresh one if none is out), the guest a hello.
    fn announce(&mut self, relay: Option<usize>, out: &mut Vec<Effect>) {
        let me = self.seat.as_ref().map(|s| s.me);
        let last = self.relays.as_ref().and_then(|r| r.last.clone());
        match (me, last) {
            (Some(Role::Host), Some((id, text))) => out.push(Effect::Announce { relay, id, text }),
            (Some(_), _) => self.relay_round(out),
            (None, _) => {}
        }
    }

    /// A new round through the relays, if the room meets there: the host
    /// offers (the offer still waiting for its answer, one that went out
    /// in the invite say, or a fresh one), the guest says hello again.
    pub(super) fn relay_round(&mut self, out: &mut Vec<Effect>) {
        let Some((code, me)) = self.seat.as_ref().map(|s| (s.code.clone(), s.me)) else {
            return;
        };
        let id = (self.random)();
        let now = self.now;
        let Some(r) = self.relays.as_mut() else { return };
        if r.taken || std::mem::replace(&mut r.making, true) {
            return;
        }
        r.round_ms = now;
        if me == Role::Guest {
            r.hello_ms = now;
            r.hellos.said(id);
            let env = Envelope::new(&code, me, Kind::Hello, &id, String::new(), String::new());
            return out.push(Effect::Sign(Purpose::Announce(id), env));
        }
        if let Some(sdp) = self.pending_offer() {
            let env = self.offer_envelope(&code, &id, sdp);
            return out.push(Effect::Sign(Purpose::Announce(id), env));
        }
        match self.offer(&code, true, false, out) {
            Some(_) => {
                if let Some(p) = self.peer.as_mut() {
                    p.announce = Some(id);
                }
            }
            None => {
                if let Some(r) = self.relays.as_mut() {
                    r.making = false;
                }
            }
        }
    }

    /// The current peer's offer for the room on the table, while it waits
    /// for its answer.
    fn pending_offer(&self) -> Option<String> {
        let code = self.seat.as_ref().map(|s| s.code.as_str());
        let p = self
            .peer
            .as_ref()
            .filter(|p| Some(p.code.as_str()) == code && !p.open)?;
        match &p.side {
            Side::Offering {
                offered: Some(sdp),
                accepting: false,
            } => Some(sdp.clone()),
            _ => None,
        }
    }

    /// The host's offer `sdp` as an envelope, naming the guest's last
    /// hello heard as it stands now.
    fn offer_envelope(&self, code: &str, id: &Id, sdp: String) -> Envelope {
        let env = Envelope::new(code, Role::Host, Kind::Offer, id, String::new(), sdp);
        match self.relays.as_ref().and_then(|r| r.heard_hello) {
            Some(h) => env.replying_to(&h),
            None => env,
        }
    }

    /// The current peer's description is gathered: what the relays wait
    /// for it gets it (the host's round, the guest's answers).
    pub(super) fn described_for_relays(&mut self, sdp: &str, out: &mut Vec<Effect>) {
        let Some(code) = self.seat.as_ref().map(|s| s.code.clone()) else {
            return;
        };
        let Some(p) = self.peer.as_mut().filter(|p| p.code == code) else {
            return;
        };
        let (announce, replies) = (p.announce, std::mem::take(&mut p.replies));
        if let Some(id) = announce {
            let env = self.offer_envelope(&code, &id, sdp.to_string());
            out.push(Effect::Sign(Purpose::Announce(id), env));
        }
        for (relay, to, id) in replies {
            let env = Envelope::new(
                &code,
                Role::Guest,
                Kind::Answer,
                &id,
                String::new(),
                sdp.to_string(),
            );
            out.push(Effect::Sign(Purpose::Reply { relay, to, id }, env));
        }
    }

    fn signed(&mut self, purpose: Purpose, text: Result<String, String>, out: &mut Vec<Effect>) {
        match purpose {
            Purpose::Announce(id) => {
                let Some(r) = self.relays.as_mut() else { return };
                r.making = false;
                if let Ok(text) = text {
                    r.last = Some((id, text.clone()));
                    out.push(Effect::Announce {
                        relay: None,
                        id,
                        text,
                    });
                }
            }
            Purpose::Reply { relay, to, id } => match text {
                Ok(text) => out.push(Effect::Reply { relay, to, id, text }),
                Err(why) => self.failed(why, true, out),
            },
        }
    }

    /// An envelope heard through a relay: checked for shape and key, then
    /// its signature is checked.
    fn heard(&mut self, from: From, offer_id: Id, text: &str, out: &mut Vec<Effect>) {
        let Some((code, me, known)) = self
            .seat
            .as_ref()
            .map(|s| (s.code.clone(), s.me, s.their_key.clone()))
        else {
            return;
        };
        let Ok(env) = Envelope::read(text, &code, me) else {
            return self.drop_one();
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
            return self.tell_taken(&code, relay, peer, offer_id, out);
        }
        if !routed || !key_ok {
            return self.drop_one();
        }
        out.push(Effect::Check { from, offer_id, env });
    }

    /// Says "the seat is taken" to the page that said hello with another
    /// key than the guest's (at most once every [`TAKEN_MS`]); the host is
    /// told the first time that someone knocked.
    fn tell_taken(&mut self, code: &str, relay: usize, to: Id, id: Id, out: &mut Vec<Effect>) {
        let now = self.now;
        let Some(r) = self.relays.as_mut() else { return };
        if !std::mem::replace(&mut r.knocked, true) {
            out.push(Effect::Notify("room.knocked", Vec::new()));
        }
        if now - r.told_taken_ms < TAKEN_MS {
            return;
        }
        r.told_taken_ms = now;
        let env = Envelope::new(code, Role::Host, Kind::Taken, &id, String::new(), String::new());
        out.push(Effect::Sign(Purpose::Reply { relay, to, id }, env));
    }

    /// Does what a checked envelope asks.
    fn take(&mut self, from: From, offer_id: Id, env: Envelope, out: &mut Vec<Effect>) {
        let open = self.is_open();
        let Some(seat) = self.seat.as_mut() else { return };
        if seat.their_key.is_empty() {
            seat.their_key = env.key.clone();
        }
        let code = seat.code.clone();
        let Some(r) = self.relays.as_mut() else { return };
        let last = r.last.as_ref().map(|(id, _)| *id);
        match (env.kind, from) {
            (Kind::Hello, _) if !open => {
                r.heard_hello = Some(offer_id);
                self.relay_round(out);
            }
            (Kind::Offer, Some((relay, peer_id))) if !open => match r.hellos.offer(&env, offer_id) {
                Heard::Answer => self.answer_through(&code, relay, peer_id, offer_id, env.sdp, out),
                Heard::Stale => {
                    if self.now - r.hello_ms >= HELLO_MS {
                        self.relay_round(out);
                    } else {
                        r.hello_due = true;
                    }
                }
                Heard::Again => {}
            },
            (Kind::Answer, None) if last == Some(offer_id) => {
                self.accept(&code, env.sdp, out);
            }
            (Kind::Taken, None) if last == Some(offer_id) => {
                r.taken = true;
                self.view.relay = RelayState::Taken;
                out.push(Effect::Notify("room.seat-taken", Vec::new()));
            }
            _ => {}
        }
    }

    /// Answers the host's offer and sends the answer back through `relay`
    /// (the same offer came by link and through a relay: answered once).
    fn answer_through(
        &mut self,
        code: &str,
        relay: usize,
        to: Id,
        id: Id,
        offer: String,
        out: &mut Vec<Effect>,
    ) {
        let same = self
            .peer
            .as_mut()
            .filter(|p| p.code == code && matches!(&p.side, Side::Answering { offer: o, .. } if *o == offer));
        if let Some(p) = same {
            match &p.side {
                Side::Answering {
                    answer: Some(answer), ..
                } => {
                    let env = Envelope::new(
                        code,
                        Role::Guest,
                        Kind::Answer,
                        &id,
                        String::new(),
                        answer.clone(),
                    );
                    out.push(Effect::Sign(Purpose::Reply { relay, to, id }, env));
                }
                _ => p.replies.push((relay, to, id)),
            }
            return;
        }
        if self.answer(code, offer, false, out).is_some() {
            self.view.signal = None;
            if let Some(p) = self.peer.as_mut() {
                p.replies.push((relay, to, id));
            }
        }
    }
}
