//! The meeting's sequences, natively: pages whose effects a small world
//! performs (a relay that hands announces to the swarm's other pages,
//! peers whose channel opens when an offer's answer is taken, signatures
//! that always hold), driven as people drove the app.

use std::collections::VecDeque;

use super::*;
use crate::room::codec::base64url;

const A: &str = "roomaaaa";
const B: &str = "roombbbb";

struct Page {
    m: Meeting,
    /// The page's seat key byte (its key is 65 of them).
    key: u8,
    alive: bool,
    peers: Vec<u32>,
    swarm: Option<String>,
    /// What the page said to its player: notices and presence.
    said: Vec<Effect>,
    /// Rooms' texts heard over the channel.
    heard: Vec<String>,
    /// A page from before the heartbeat: it sends no ping, and a ping it
    /// gets is a text it refuses (counted in `refused`).
    old: bool,
    refused: u32,
}

/// An open (or opening) channel between two pages' peers.
#[derive(Clone, Copy)]
struct Link {
    a: (usize, u32),
    b: (usize, u32),
}

#[derive(Default)]
struct World {
    pages: Vec<Page>,
    now: f64,
    queue: VecDeque<(usize, Event)>,
    links: Vec<Link>,
}

fn key_of(byte: u8) -> String {
    base64url(&[byte; 65])
}

fn peer_id(page: usize) -> Id {
    [u8::try_from(page).unwrap_or(0) + 100; 20]
}

impl World {
    /// A new page (a tab) of a browser whose seat key is `key`.
    fn page(&mut self, key: u8) -> usize {
        let n = self.pages.len();
        let tag = u8::try_from(n).unwrap_or(0);
        let mut count = 0u8;
        let random = Box::new(move || {
            count = count.wrapping_add(1);
            let mut id = [tag; 20];
            id[19] = count;
            id
        });
        self.pages.push(Page {
            m: Meeting::new(true, random),
            key,
            alive: true,
            peers: Vec::new(),
            swarm: None,
            said: Vec::new(),
            heard: Vec::new(),
            old: false,
            refused: 0,
        });
        n
    }

    fn seat(&mut self, p: usize, code: &str, me: Role, their_key: &str, relays: usize) {
        let seat = Seat {
            code: code.to_string(),
            me,
            their_key: their_key.to_string(),
            invite: me == Role::Host,
        };
        self.send(
            p,
            Event::Seat {
                seat: Some(seat),
                relays,
            },
        );
    }

    fn send(&mut self, p: usize, e: Event) {
        self.queue.push_back((p, e));
        self.run();
    }

    fn run(&mut self) {
        for _ in 0..10_000 {
            let Some((p, e)) = self.queue.pop_front() else {
                return;
            };
            if !self.pages[p].alive {
                continue;
            }
            let effects = self.pages[p].m.handle(self.now, e);
            for fx in effects {
                self.perform(p, fx);
            }
        }
        unreachable!("the world never settles");
    }

    /// The other end of peer `id` of page `p`, if linked.
    fn other_end(&self, p: usize, id: u32) -> Option<(usize, u32)> {
        self.links.iter().find_map(|l| {
            if l.a == (p, id) {
                Some(l.b)
            } else if l.b == (p, id) {
                Some(l.a)
            } else {
                None
            }
        })
    }

    fn perform(&mut self, p: usize, fx: Effect) {
        match fx {
            Effect::NewPeer(id) => self.pages[p].peers.push(id),
            Effect::ClosePeer(id) => {
                self.pages[p].peers.retain(|&x| x != id);
                if let Some((o, oid)) = self.other_end(p, id) {
                    self.queue.push_back((o, Event::Closed(oid)));
                }
                self.links.retain(|l| l.a != (p, id) && l.b != (p, id));
            }
            Effect::Offer(id) => self.queue.push_back((
                p,
                Event::Described {
                    peer: id,
                    sdp: Ok(format!("offer {p} {id}")),
                },
            )),
            Effect::Answer(id, offer) => self.queue.push_back((
                p,
                Event::Described {
                    peer: id,
                    sdp: Ok(format!("answer {p} {id} / {offer}")),
                },
            )),
            Effect::Accept(id, answer) => self.accept(p, id, &answer),
            Effect::Send(_, text) if text == PING && self.pages[p].old => {}
            Effect::Send(id, text) => {
                if let Some((o, oid)) = self.other_end(p, id) {
                    if text == PING && self.pages[o].old {
                        self.pages[o].refused += 1;
                        return;
                    }
                    self.queue.push_back((o, Event::Message(oid, text)));
                }
            }
            Effect::Room { text, .. } => self.pages[p].heard.push(text),
            Effect::OpenSwarm(code) => {
                self.pages[p].swarm = Some(code);
                self.queue.push_back((p, Event::RelayOpen(0)));
                self.queue.push_back((p, Event::Joined(0)));
            }
            Effect::CloseSwarm => self.pages[p].swarm = None,
            Effect::Reconnect(_) | Effect::HandOver { .. } | Effect::Taken(_) => {}
            Effect::Sign(purpose, mut env) => {
                env.key = key_of(self.pages[p].key);
                env.signature = vec![1; 64];
                self.queue.push_back((
                    p,
                    Event::Signed {
                        purpose,
                        text: Ok(env.to_text()),
                    },
                ));
            }
            Effect::Check { from, offer_id, env } => self.queue.push_back((
                p,
                Event::Checked {
                    from,
                    offer_id,
                    env,
                    genuine: true,
                },
            )),
            Effect::Announce { id, text, .. } => {
                let swarm = self.pages[p].swarm.clone();
                for (o, page) in self.pages.iter().enumerate() {
                    if o != p && page.alive && page.swarm.is_some() && page.swarm == swarm {
                        let (from, offer_id, text) = (Some((0, peer_id(p))), id, text.clone());
                        self.queue.push_back((o, Event::Heard { from, offer_id, text }));
                    }
                }
            }
            Effect::Reply { to, id, text, .. } => {
                for (o, page) in self.pages.iter().enumerate() {
                    if peer_id(o) == to && page.alive && page.swarm == self.pages[p].swarm {
                        let (offer_id, text) = (id, text.clone());
                        self.queue.push_back((
                            o,
                            Event::Heard {
                                from: None,
                                offer_id,
                                text,
                            },
                        ));
                    }
                }
            }
            said @ (Effect::Notify(..) | Effect::Presence(_)) => self.pages[p].said.push(said),
        }
    }

    /// Page `p`'s peer `id` takes `answer`: if it answers that peer's
    /// offer, and both peers still exist, the channel opens on both.
    fn accept(&mut self, p: usize, id: u32, answer: &str) {
        let Some((head, offer)) = answer.split_once(" / ") else {
            return;
        };
        let words: Vec<&str> = head.split(' ').collect();
        let (Some(gp), Some(gid)) = (
            words.get(1).and_then(|w| w.parse::<usize>().ok()),
            words.get(2).and_then(|w| w.parse::<u32>().ok()),
        ) else {
            return;
        };
        let alive =
            |w: &World, page: usize, peer: u32| w.pages[page].alive && w.pages[page].peers.contains(&peer);
        if offer == format!("offer {p} {id}") && alive(self, p, id) && alive(self, gp, gid) {
            self.links.push(Link {
                a: (p, id),
                b: (gp, gid),
            });
            self.queue.push_back((p, Event::Open(id)));
            self.queue.push_back((gp, Event::Open(gid)));
        }
    }

    /// Runs the clock `ms` on, ticking every page.
    fn wait(&mut self, ms: f64) {
        let end = self.now + ms;
        while self.now < end {
            self.now += f64::from(TICK_MS);
            for p in 0..self.pages.len() {
                self.queue.push_back((p, Event::Tick));
            }
            self.run();
        }
    }

    /// Page `p` goes away with no word: its tab closes (`closes`: the
    /// friend's channel sees it close) or its network drops (silence).
    fn vanish(&mut self, p: usize, closes: bool) {
        self.pages[p].alive = false;
        for l in self.links.clone() {
            let other = if l.a.0 == p {
                Some(l.b)
            } else if l.b.0 == p {
                Some(l.a)
            } else {
                None
            };
            if let (Some((o, oid)), true) = (other, closes) {
                self.queue.push_back((o, Event::Closed(oid)));
            }
        }
        self.links.retain(|l| l.a.0 != p && l.b.0 != p);
        self.run();
    }

    fn view(&self, p: usize) -> View {
        self.pages[p].m.view()
    }

    fn connection(&self, p: usize) -> Connection {
        self.view(p).connection
    }

    fn presence(&self, p: usize) -> Vec<Presence> {
        self.pages[p]
            .said
            .iter()
            .filter_map(|s| match s {
                Effect::Presence(x) => Some(*x),
                _ => None,
            })
            .collect()
    }

    /// Page `from` sends its first room: page `to` hears it over the channel.
    fn room_goes_over(&mut self, from: usize, to: usize) {
        let (text, seq) = ("room-1".to_string(), 1);
        self.send(from, Event::Outgoing { text, seq });
        assert_eq!(self.pages[to].heard, vec!["room-1".to_string()]);
    }

    /// Waits (at most `ms`) until page `p` is live; how long it took.
    fn until_live(&mut self, p: usize, ms: f64) -> Option<f64> {
        let start = self.now;
        while self.now - start <= ms {
            if self.connection(p) == Connection::Live {
                return Some(self.now - start);
            }
            self.wait(f64::from(TICK_MS));
        }
        None
    }
}

/// A host's page and a guest's page of room `code`, met through a relay
/// and live.
fn met(w: &mut World, code: &str) -> (usize, usize) {
    let host = w.page(1);
    w.seat(host, code, Role::Host, "", 1);
    let guest = w.page(2);
    w.seat(guest, code, Role::Guest, &key_of(1), 1);
    assert!(w.until_live(host, 3_000.0).is_some(), "host live");
    assert_eq!(w.connection(guest), Connection::Live);
    (host, guest)
}

#[test]
fn through_a_relay_the_seats_meet_at_once_with_nothing_said() {
    let mut w = World::default();
    let (host, guest) = met(&mut w, A);
    assert_eq!(w.view(host).relay, RelayState::Joined);
    assert!(w.presence(host).is_empty() && w.presence(guest).is_empty());
    // The room goes over the channel, and pings keep it open.
    w.room_goes_over(host, guest);
    w.wait(30_000.0);
    assert_eq!(w.connection(host), Connection::Live, "pinged, never silent");
    assert_eq!(w.connection(guest), Connection::Live);
    assert_eq!(w.pages[guest].heard.len(), 1, "pings are not rooms");
}

#[test]
fn a_guest_whose_tab_closes_is_said_lost_and_the_bar_keeps_saying_it() {
    let mut w = World::default();
    let (host, guest) = met(&mut w, A);
    w.vanish(guest, true);
    // Said at once, once; and not overwritten by the round through the
    // relay that the same step starts (an offer made in the background).
    assert_eq!(w.presence(host), vec![Presence::Lost]);
    assert_eq!(w.connection(host), Connection::Lost);
    assert!(
        !w.pages[host].peers.is_empty(),
        "a fresh offer waits for the guest"
    );
    w.wait(45_000.0);
    assert_eq!(w.connection(host), Connection::Lost, "still lost after 45 s");
    assert_eq!(w.presence(host), vec![Presence::Lost], "said once");
    // The guest comes back (same browser, same seat): live again, and
    // the host hears they are back.
    let back = w.page(2);
    w.seat(back, A, Role::Guest, &key_of(1), 1);
    assert!(w.until_live(host, 20_000.0).is_some(), "reconnects");
    assert_eq!(w.presence(host), vec![Presence::Lost, Presence::Back]);
    assert!(
        w.presence(back).is_empty(),
        "the new page never met the host before"
    );
}

#[test]
fn a_friend_gone_silent_is_lost_after_the_missed_pings() {
    let mut w = World::default();
    let (host, guest) = met(&mut w, A);
    // The guest's network drops: no close, no word.
    w.vanish(guest, false);
    w.wait(PING_MS);
    assert_eq!(
        w.connection(host),
        Connection::Live,
        "a moment's silence is no loss"
    );
    w.wait(SILENT_MS);
    assert_eq!(w.connection(host), Connection::Lost);
    assert_eq!(w.presence(host), vec![Presence::Lost]);
    w.wait(20_000.0);
    assert_eq!(w.presence(host), vec![Presence::Lost], "said once");
}

#[test]
fn a_goodbye_says_left_once_and_back_follows_only_a_loss() {
    let mut w = World::default();
    let (host, guest) = met(&mut w, A);
    // The guest leaves the room: a goodbye, then the channel closes.
    w.send(
        guest,
        Event::Seat {
            seat: None,
            relays: 0,
        },
    );
    assert_eq!(
        w.presence(host),
        vec![Presence::Left],
        "left, and not lost as well"
    );
    assert_eq!(w.connection(host), Connection::Lost);
    assert_eq!(w.connection(guest), Connection::ByLink);
    assert!(w.presence(guest).is_empty());
    // Reopening the room later: back.
    w.seat(guest, A, Role::Guest, &key_of(1), 1);
    assert!(w.until_live(host, 20_000.0).is_some());
    assert_eq!(w.presence(host), vec![Presence::Left, Presence::Back]);
}

#[test]
fn a_second_room_in_the_same_tab_connects() {
    let mut w = World::default();
    let (host, guest) = met(&mut w, A);
    w.vanish(guest, true);
    w.wait(45_000.0);
    // The host opens a new room in the same tab; a fresh guest opens its invite.
    w.send(
        host,
        Event::Seat {
            seat: None,
            relays: 0,
        },
    );
    w.seat(host, B, Role::Host, "", 1);
    assert_eq!(w.view(host).relay, RelayState::Joined);
    assert_ne!(w.connection(host), Connection::Lost, "nothing of room A is shown");
    let fresh = w.page(3);
    w.seat(fresh, B, Role::Guest, &key_of(1), 1);
    let took = w.until_live(fresh, 3_000.0);
    assert!(took.is_some(), "the second room connects");
    assert_eq!(w.connection(host), Connection::Live);
    assert!(w.presence(fresh).is_empty());
    assert_eq!(
        w.presence(host),
        vec![Presence::Lost],
        "nothing said of the new guest's arrival here"
    );
}

#[test]
fn a_second_room_connects_even_when_the_first_one_s_offer_was_out() {
    // Room B comes to the table straight after A (no room in between),
    // while A's round through the relay had an offer waiting.
    let mut w = World::default();
    let (host, guest) = met(&mut w, A);
    w.vanish(guest, true);
    let old_peers = w.pages[host].peers.clone();
    assert!(!old_peers.is_empty());
    w.seat(host, B, Role::Host, "", 1);
    assert!(
        w.pages[host].peers.iter().all(|p| !old_peers.contains(p)),
        "room A's peer is closed"
    );
    let fresh = w.page(3);
    w.seat(fresh, B, Role::Guest, &key_of(1), 1);
    assert!(w.until_live(fresh, 3_000.0).is_some());
}

#[test]
fn a_host_who_reloads_meets_the_guest_again() {
    let mut w = World::default();
    let (host, guest) = met(&mut w, A);
    // The reload: the old page's channel closes, a new page opens the room.
    w.vanish(host, true);
    assert_eq!(w.connection(guest), Connection::Lost);
    assert_eq!(w.presence(guest), vec![Presence::Lost]);
    let again = w.page(1);
    w.seat(again, A, Role::Host, &key_of(2), 1);
    let took = w.until_live(again, 20_000.0);
    assert!(took.is_some_and(|t| t <= 3_000.0), "live again at once: {took:?}");
    assert_eq!(w.connection(guest), Connection::Live);
    assert_eq!(w.presence(guest), vec![Presence::Lost, Presence::Back]);
    assert!(w.presence(again).is_empty());
}

#[test]
fn by_links_the_host_offers_once_and_the_reply_connects() {
    let mut w = World::default();
    let host = w.page(1);
    w.seat(host, A, Role::Host, "", 0);
    assert_eq!(w.view(host).relay, RelayState::Off);
    assert_eq!(w.connection(host), Connection::Connecting);
    assert_eq!(
        w.view(host).by_hand,
        Some(ByHand::Offer),
        "by links: the invite, then the reply"
    );
    let Some(Signal::Offer(offer)) = w.view(host).signal.clone() else {
        unreachable!("the invite carries an offer")
    };
    w.wait(20_000.0);
    assert_eq!(w.pages[host].peers.len(), 1, "one offer, not one per tick");
    let guest = w.page(2);
    w.seat(guest, A, Role::Guest, &key_of(1), 0);
    w.send(
        guest,
        Event::FromLink {
            code: A.into(),
            signal: Signal::Offer(offer),
        },
    );
    assert_eq!(w.view(guest).by_hand, Some(ByHand::Answer));
    let Some(Signal::Answer(answer)) = w.view(guest).signal.clone() else {
        unreachable!("the reply carries an answer")
    };
    w.send(
        host,
        Event::FromLink {
            code: A.into(),
            signal: Signal::Answer(answer.clone()),
        },
    );
    assert_eq!(w.connection(host), Connection::Live);
    assert_eq!(w.connection(guest), Connection::Live);
    assert_eq!(w.view(host).signal, None, "live: nothing to send back");
    assert_eq!((w.view(host).by_hand, w.view(guest).by_hand), (None, None));
    // The same reply again: no offer waits for it, handed to other tabs.
    w.send(
        host,
        Event::FromLink {
            code: A.into(),
            signal: Signal::Answer(answer),
        },
    );
    assert_eq!(w.connection(host), Connection::Live);
}

#[test]
fn a_failed_exchange_is_said_unless_quiet_and_a_lost_friend_stays_lost() {
    let mut w = World::default();
    let (host, guest) = met(&mut w, A);
    w.vanish(guest, true);
    let peer = *w.pages[host].peers.last().unwrap_or(&0);
    w.send(
        host,
        Event::Described {
            peer,
            sdp: Err("no".into()),
        },
    );
    assert_eq!(w.connection(host), Connection::Lost);
    assert!(
        w.pages[host]
            .said
            .iter()
            .all(|s| !matches!(s, Effect::Notify(..))),
        "a quiet offer fails quietly"
    );
    // The player's "Connect live" that fails is said.
    w.send(host, Event::Connect { quiet: false });
    assert_eq!(w.connection(host), Connection::Connecting);
    let peer = *w.pages[host].peers.last().unwrap_or(&0);
    w.send(
        host,
        Event::Described {
            peer,
            sdp: Err("no".into()),
        },
    );
    assert!(w.pages[host]
        .said
        .contains(&Effect::Notify("room.live-failed", vec!["no".into()])));
}

#[test]
fn events_of_a_peer_left_behind_change_nothing() {
    let mut w = World::default();
    let (host, _guest) = met(&mut w, A);
    let old = *w.pages[host].peers.last().unwrap_or(&0);
    w.seat(host, B, Role::Host, "", 1);
    let (view, said) = (w.view(host), w.pages[host].said.len());
    for e in [
        Event::Closed(old),
        Event::Open(old),
        Event::Message(old, BYE.into()),
    ] {
        w.send(host, e);
    }
    assert_eq!(w.view(host), view);
    assert_eq!(w.pages[host].said.len(), said);
}

/// A host's page of room `A` alone, seated at 0 ms with `relays` relays
/// (`their_key`: the guest's, once one sat down; `invite`: the seat still
/// free), and what seating it did.
fn host_alone(their_key: String, invite: bool, relays: usize) -> (Meeting, Vec<Effect>) {
    let mut m = Meeting::new(true, Box::new(|| [9; 20]));
    let seat = Seat {
        code: A.into(),
        me: Role::Host,
        their_key,
        invite,
    };
    let out = m.handle(
        0.0,
        Event::Seat {
            seat: Some(seat),
            relays,
        },
    );
    (m, out)
}

#[test]
fn no_relay_within_five_seconds_runs_the_room_by_links_and_a_relay_down_is_tried_again() {
    let (mut m, out) = host_alone(String::new(), true, 2);
    assert_eq!(out, vec![Effect::OpenSwarm(A.into())]);
    assert_eq!(m.view().relay, RelayState::Trying);
    assert!(
        m.handle(4_000.0, Event::Tick).is_empty(),
        "no offer while the relays may answer"
    );
    // Five seconds and no relay: by links, and the invite carries an offer.
    let out = m.handle(5_000.0, Event::Tick);
    assert_eq!(m.view().relay, RelayState::Unreachable);
    assert_eq!(out, vec![Effect::NewPeer(1), Effect::Offer(1)]);
    assert_eq!(m.view().by_hand, Some(ByHand::Offer));
    // Both relays down: each tried again after 2 s, then 4 s.
    m.handle(5_000.0, Event::Down(0));
    m.handle(5_000.0, Event::Down(1));
    assert!(m.handle(6_000.0, Event::Tick).is_empty());
    assert_eq!(
        m.handle(7_000.0, Event::Tick),
        vec![Effect::Reconnect(0), Effect::Reconnect(1)]
    );
    m.handle(7_000.0, Event::Down(0));
    assert!(m.handle(10_000.0, Event::Tick).is_empty());
    assert_eq!(m.handle(11_000.0, Event::Tick), vec![Effect::Reconnect(0)]);
    // A relay that answers after all: the room meets there.
    m.handle(11_500.0, Event::Joined(0));
    assert_eq!(m.view().relay, RelayState::Joined);
}

#[test]
fn while_the_seat_is_asked_for_the_room_says_it_connects_then_what_the_seat_brings() {
    let seat = |me, invite| Seat {
        code: A.into(),
        me,
        their_key: String::new(),
        invite,
    };
    // The host's invite by links: connecting, then the offer to send.
    let mut m = Meeting::new(true, Box::new(|| [9; 20]));
    m.handle(0.0, Event::Waiting(A.into()));
    assert_eq!(
        m.view().connection,
        Connection::Connecting,
        "no \"by link\" nor \"Connect live\" for a moment"
    );
    let out = m.handle(
        5.0,
        Event::Seat {
            seat: Some(seat(Role::Host, true)),
            relays: 0,
        },
    );
    assert_eq!(out, vec![Effect::NewPeer(1), Effect::Offer(1)]);
    assert_eq!(
        (m.view().connection, m.view().by_hand),
        (Connection::Connecting, Some(ByHand::Offer))
    );
    // A guest's seat by links with nothing to answer: by link, once held.
    let mut m = Meeting::new(true, Box::new(|| [9; 20]));
    m.handle(0.0, Event::Waiting(A.into()));
    m.handle(
        5.0,
        Event::Seat {
            seat: Some(seat(Role::Guest, false)),
            relays: 0,
        },
    );
    assert_eq!(m.view().connection, Connection::ByLink);
    // Held in another tab: not connecting here.
    let mut m = Meeting::new(true, Box::new(|| [9; 20]));
    m.handle(0.0, Event::Waiting(A.into()));
    m.handle(5.0, Event::Elsewhere);
    assert_eq!(m.view().connection, Connection::ByLink);
    // A browser without WebRTC never says it connects.
    let mut m = Meeting::new(false, Box::new(|| [9; 20]));
    m.handle(0.0, Event::Waiting(A.into()));
    assert_eq!(m.view().connection, Connection::ByLink);
}

#[test]
fn a_guest_back_from_another_browser_is_told_the_seat_is_taken_and_the_host_that_they_knocked() {
    let mut w = World::default();
    let (host, guest) = met(&mut w, A);
    w.vanish(guest, true);
    // The friend opens the same invite in a fresh browser: another seat key.
    let fresh = w.page(3);
    w.seat(fresh, A, Role::Guest, &key_of(1), 1);
    w.wait(40_000.0);
    let notices = |w: &World, p: usize| -> Vec<&'static str> {
        w.pages[p]
            .said
            .iter()
            .filter_map(|s| match s {
                Effect::Notify(key, _) => Some(*key),
                _ => None,
            })
            .collect()
    };
    // Their page says why it does not connect, in the notice and in the
    // bar (which keeps saying it while the relay stays up).
    assert_eq!(notices(&w, fresh), vec!["room.seat-taken"]);
    assert_eq!(w.view(fresh).relay, RelayState::Taken);
    assert_ne!(w.connection(fresh), Connection::Live);
    // The host is told once that someone knocked; the friend stays lost.
    assert_eq!(notices(&w, host), vec!["room.knocked"]);
    assert_eq!(w.connection(host), Connection::Lost);
    // The friend's own browser still holds the seat: it comes back live.
    let back = w.page(2);
    w.seat(back, A, Role::Guest, &key_of(1), 1);
    assert!(
        w.until_live(host, 20_000.0).is_some(),
        "the seat's browser reconnects"
    );
    assert_eq!(w.presence(host), vec![Presence::Lost, Presence::Back]);
}

#[test]
fn a_friend_from_before_the_heartbeat_gets_one_ping_and_is_never_said_silent() {
    let mut w = World::default();
    let host = w.page(1);
    w.seat(host, A, Role::Host, "", 1);
    let guest = w.page(2);
    w.pages[guest].old = true;
    w.seat(guest, A, Role::Guest, &key_of(1), 1);
    assert!(w.until_live(host, 3_000.0).is_some(), "host live");
    w.wait(30_000.0);
    assert_eq!(
        w.connection(host),
        Connection::Live,
        "a quiet old page is not gone"
    );
    assert!(w.presence(host).is_empty(), "nothing said of the friend");
    assert_eq!(
        w.pages[guest].refused, 1,
        "the old page gets one ping, not one every 2 s"
    );
    // The room still goes over: the channel is fine.
    w.room_goes_over(host, guest);
}

#[test]
fn with_every_relay_down_a_host_back_from_a_reload_keeps_connect_live_and_its_offer_goes_in_the_link() {
    // The host's page after a reload: the guest sat down long ago (no
    // invite), and no relay can be reached.
    let (mut m, _) = host_alone(key_of(2), false, 2);
    m.handle(100.0, Event::Down(0));
    m.handle(100.0, Event::Down(1));
    // A minute goes by, each relay tried again and down again.
    let mut t = 0.0;
    while t < 60_000.0 {
        t += f64::from(TICK_MS);
        for fx in m.handle(t, Event::Tick) {
            match fx {
                Effect::Reconnect(i) => {
                    m.handle(t, Event::Down(i));
                }
                other => unreachable!("no offer for relays that are all down: {other:?} at {t} ms"),
            }
        }
        assert_eq!(m.view().relay, RelayState::Unreachable);
        assert_eq!(
            m.view().connection,
            Connection::ByLink,
            "by links, so Connect live is offered, at {t} ms"
        );
    }
    // Connect live: an offer to send by hand, in the link.
    let out = m.handle(t, Event::Connect { quiet: false });
    assert_eq!(out, vec![Effect::NewPeer(1), Effect::Offer(1)]);
    m.handle(
        t,
        Event::Described {
            peer: 1,
            sdp: Ok("offer".into()),
        },
    );
    assert_eq!(m.view().by_hand, Some(ByHand::Offer));
    assert!(
        matches!(m.view().signal, Some(Signal::Offer(_))),
        "the link carries the offer"
    );
}
