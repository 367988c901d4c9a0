//! What the meeting asks, done in the browser: each effect of
//! [`crate::room::meeting`] performed, and what it brings fed back (an
//! asynchronous one only while its peer, or its swarm's run, is current).

use std::rc::Rc;

use super::{hand_over, tell, Live};
use crate::room::meeting::{Effect, Event, From, Id, Purpose};
use crate::room::relay::{self, Envelope};
use crate::room::talk::FromRoom;
use crate::room::tracker::{Swarm, TrackerEvent};
use crate::room::{sign, Seal};
use crate::storage;

/// `env` signed as this side's seat of its room, as it travels.
async fn signed(mut env: Envelope) -> Result<String, String> {
    env.key = sign::public_key(&env.code).await?;
    let (_, signature) = sign::sign_text(&env.code, &env.signed_text()).await?;
    env.signature = signature;
    Ok(env.to_text())
}

/// A tracker's word as the meeting's event.
fn tracker_event(e: TrackerEvent) -> Event {
    match e {
        TrackerEvent::Joined(i) => Event::Joined(i),
        TrackerEvent::Down(i) => Event::Down(i),
        TrackerEvent::Dropped(_) => Event::Dropped,
        TrackerEvent::Offer {
            relay,
            peer_id,
            offer_id,
            text,
        } => Event::Heard {
            from: Some((relay, peer_id)),
            offer_id,
            text,
        },
        TrackerEvent::Answer { offer_id, text } => Event::Heard {
            from: None,
            offer_id,
            text,
        },
    }
}

impl Live {
    pub(super) fn perform(&self, effect: Effect) {
        match effect {
            Effect::NewPeer(id) => self.new_peer(id),
            Effect::ClosePeer(id) => {
                let mut inner = self.inner.borrow_mut();
                if inner.peer.as_ref().is_some_and(|(p, _)| *p == id) {
                    let peer = inner.peer.take();
                    drop(inner);
                    if let Some((_, p)) = peer {
                        p.close();
                    }
                }
            }
            Effect::Offer(id) => self.describe(id, None),
            Effect::Answer(id, offer) => self.describe(id, Some(offer)),
            Effect::Accept(id, answer) => self.accept(id, answer),
            Effect::Send(id, text) => {
                if let Some((_, p)) = self.inner.borrow().peer.as_ref().filter(|(p, _)| *p == id) {
                    p.send(&text);
                }
            }
            Effect::Room { code, text } => tell(&FromRoom::Room { code, text }),
            Effect::OpenSwarm(code) => self.open_swarm(code),
            Effect::CloseSwarm => {
                let swarm = {
                    let mut inner = self.inner.borrow_mut();
                    inner.runs += 1;
                    inner.swarm.take()
                };
                drop(swarm);
            }
            Effect::Reconnect(i) => {
                let refused = self
                    .inner
                    .borrow_mut()
                    .swarm
                    .as_mut()
                    .is_some_and(|(_, s)| !s.reconnect(i));
                // Said outside the borrow: the browser refused it at once.
                if refused {
                    self.feed(Event::Down(i));
                }
            }
            Effect::Sign(purpose, env) => self.sign(purpose, env),
            Effect::Check { from, offer_id, env } => self.check(from, offer_id, env),
            Effect::Announce { relay, id, text } => self.with_swarm(|s| s.announce(relay, &id, &text)),
            Effect::Reply { relay, to, id, text } => self.with_swarm(|s| s.answer(relay, &to, &id, &text)),
            Effect::HandOver { code, sdp } => hand_over(&code, &sdp),
            Effect::Taken(code) => self.taken(&code),
            Effect::Notify(key, args) => tell(&FromRoom::Notice(key, args)),
            Effect::Presence(p) => tell(&FromRoom::Presence(p)),
        }
    }

    fn with_swarm(&self, f: impl FnOnce(&Swarm)) {
        if let Some((_, s)) = self.inner.borrow().swarm.as_ref() {
            f(s);
        }
    }

    fn current_run(&self) -> u32 {
        self.inner.borrow().runs
    }

    /// Makes peer `id`'s offer (or its answer to `offer`) and feeds it back.
    fn describe(&self, id: u32, offer: Option<String>) {
        let fut = {
            let inner = self.inner.borrow();
            let Some((_, p)) = inner.peer.as_ref().filter(|(p, _)| *p == id) else {
                return;
            };
            match offer {
                Some(offer) => futures_boxed(p.answer_owned(offer)),
                None => futures_boxed(p.offer_owned()),
            }
        };
        let live = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let sdp = fut.await;
            live.feed(Event::Described { peer: id, sdp });
        });
    }

    fn accept(&self, id: u32, answer: String) {
        let fut = {
            let inner = self.inner.borrow();
            let Some((_, p)) = inner.peer.as_ref().filter(|(p, _)| *p == id) else {
                return;
            };
            p.accept_owned(answer)
        };
        let live = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            if let Err(why) = fut.await {
                live.feed(Event::AcceptFailed { peer: id, why });
            }
        });
    }

    /// Joins room `code`'s swarm on the relays set.
    fn open_swarm(&self, code: String) {
        let urls = relay::relays_from(storage::load_relays().as_deref());
        let run = {
            let mut inner = self.inner.borrow_mut();
            inner.runs += 1;
            inner.runs
        };
        let live = self.clone();
        wasm_bindgen_futures::spawn_local(async move {
            let Some(info_hash) = sign::sha256(&relay::swarm_text(&code))
                .await
                .ok()
                .and_then(|h| <[u8; 20]>::try_from(h.get(..20)?).ok())
            else {
                return live.feed_run(run, Event::SwarmFailed);
            };
            if live.current_run() != run {
                return;
            }
            let on_event = {
                let live = live.clone();
                Rc::new(move |e| live.feed_run(run, tracker_event(e)))
            };
            let on_open = {
                let live = live.clone();
                Rc::new(move |i| live.feed_run(run, Event::RelayOpen(i)))
            };
            let swarm = Swarm::open(&urls, &info_hash, &storage::random_bytes(), on_event, on_open);
            live.inner.borrow_mut().swarm = Some((run, swarm));
        });
    }

    fn sign(&self, purpose: Purpose, env: Envelope) {
        let (live, run) = (self.clone(), self.current_run());
        wasm_bindgen_futures::spawn_local(async move {
            let text = signed(env).await;
            live.feed_run(run, Event::Signed { purpose, text });
        });
    }

    fn check(&self, from: From, offer_id: Id, env: Envelope) {
        let (live, run) = (self.clone(), self.current_run());
        wasm_bindgen_futures::spawn_local(async move {
            let seal = Seal {
                key: env.key.clone(),
                text: env.signed_text(),
                signature: env.signature.clone(),
            };
            let genuine = sign::holds(&seal).await;
            live.feed_run(
                run,
                Event::Checked {
                    from,
                    offer_id,
                    env,
                    genuine,
                },
            );
        });
    }
}

/// A description being made, boxed.
type DescriptionFuture = std::pin::Pin<Box<dyn std::future::Future<Output = Result<String, String>>>>;

fn futures_boxed(
    f: impl std::future::Future<Output = Result<String, String>> + 'static,
) -> DescriptionFuture {
    Box::pin(f)
}
