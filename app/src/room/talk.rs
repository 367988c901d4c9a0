//! What the page and the room's live module ([`super::live`], the binary
//! `room`, loaded when a room opens) say to each other: one line of text
//! a message, through window events ([`TO_ROOM`], [`FROM_ROOM`]), each
//! read back by `decode`, which refuses anything else with its reason.
//! A message's last field may hold anything (a room's text, a
//! description, with its line breaks); the others hold no line break.

use super::meeting::{ByHand, View};
use super::relay::RelayState;
use super::{Connection, Role, Signal};
use crate::link::LinkError;
use crate::model::Presence;

/// The event the page sends the room module a [`ToRoom`] with (`detail`: its text).
pub const TO_ROOM: &str = "mulino-room-in";
/// The event the room module sends the page a [`FromRoom`] with.
pub const FROM_ROOM: &str = "mulino-room-out";

/// The notices the room module may say (its catalogue keys).
const NOTICES: [&str; 5] = [
    "room.live-failed",
    "room.seat-taken",
    "room.knocked",
    "room.handed",
    "room.no-offer",
];

/// What the page asks of the room module.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ToRoom {
    /// Take seat `me` of room `code` and meet the friend (whose seat key
    /// is `their_key`, as far as known; `invite`: the host waits for the guest).
    Seat {
        code: String,
        me: Role,
        their_key: String,
        invite: bool,
    },
    /// No room on the table: let the seat go.
    Leave,
    /// Make a fresh offer (`quiet`: the host's page, unasked).
    Connect { quiet: bool },
    /// A link for room `code` carried connection data.
    FromLink { code: String, signal: Signal },
    /// The room as this side would send it now, and our action count.
    Outgoing { text: String, seq: u32 },
}

/// What the room module tells the page.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FromRoom {
    /// What the page shows of the meeting now.
    View(View),
    /// A notice to say (a key of [`NOTICES`] and its arguments).
    Notice(&'static str, Vec<String>),
    /// What became of the friend.
    Presence(Presence),
    /// A room's text heard over the channel of room `code`.
    Room { code: String, text: String },
}

fn bad<T>(what: &str) -> Result<T, LinkError> {
    Err(LinkError(format!("not a message of the room module: {what}")))
}

fn signal_text(signal: &Signal) -> String {
    match signal {
        Signal::Offer(sdp) => format!("o {sdp}"),
        Signal::Answer(sdp) => format!("a {sdp}"),
    }
}

fn read_signal(text: &str) -> Result<Signal, LinkError> {
    match text.split_once(' ') {
        Some(("o", sdp)) => Ok(Signal::Offer(sdp.into())),
        Some(("a", sdp)) => Ok(Signal::Answer(sdp.into())),
        _ => bad("no connection data"),
    }
}

fn flag(text: &str) -> Result<bool, LinkError> {
    match text {
        "0" => Ok(false),
        "1" => Ok(true),
        _ => bad("not a flag"),
    }
}

impl ToRoom {
    pub fn encode(&self) -> String {
        match self {
            ToRoom::Seat {
                code,
                me,
                their_key,
                invite,
            } => format!("seat\n{code}\n{}\n{}\n{their_key}", me.tag(), u8::from(*invite)),
            ToRoom::Leave => "leave".into(),
            ToRoom::Connect { quiet } => format!("connect\n{}", u8::from(*quiet)),
            ToRoom::FromLink { code, signal } => format!("link\n{code}\n{}", signal_text(signal)),
            ToRoom::Outgoing { text, seq } => format!("update\n{seq}\n{text}"),
        }
    }

    pub fn decode(text: &str) -> Result<ToRoom, LinkError> {
        let (head, rest) = text.split_once('\n').unwrap_or((text, ""));
        match head {
            "seat" => {
                let mut f = rest.splitn(4, '\n');
                let (Some(code), Some(me), Some(invite), Some(their_key)) =
                    (f.next(), f.next(), f.next(), f.next())
                else {
                    return bad("a seat without its fields");
                };
                let Some(me) = Role::from_tag(me) else {
                    return bad("no such seat");
                };
                Ok(ToRoom::Seat {
                    code: code.into(),
                    me,
                    their_key: their_key.into(),
                    invite: flag(invite)?,
                })
            }
            "leave" if rest.is_empty() => Ok(ToRoom::Leave),
            "connect" => Ok(ToRoom::Connect { quiet: flag(rest)? }),
            "link" => match rest.split_once('\n') {
                Some((code, signal)) => Ok(ToRoom::FromLink {
                    code: code.into(),
                    signal: read_signal(signal)?,
                }),
                None => bad("a link without its room"),
            },
            "update" => match rest.split_once('\n').map(|(seq, text)| (seq.parse(), text)) {
                Some((Ok(seq), text)) => Ok(ToRoom::Outgoing {
                    text: text.into(),
                    seq,
                }),
                _ => bad("an update without its count"),
            },
            _ => bad("unknown message"),
        }
    }
}

const CONNECTIONS: [Connection; 4] = [
    Connection::ByLink,
    Connection::Connecting,
    Connection::Live,
    Connection::Lost,
];
const RELAYS: [RelayState; 6] = [
    RelayState::Off,
    RelayState::Trying,
    RelayState::Joined,
    RelayState::Unreachable,
    RelayState::Elsewhere,
    RelayState::Taken,
];
const PRESENCES: [(Presence, &str); 3] = [
    (Presence::Left, "left"),
    (Presence::Lost, "lost"),
    (Presence::Back, "back"),
];

fn by_hand_id(by_hand: Option<ByHand>) -> &'static str {
    match by_hand {
        None => "-",
        Some(ByHand::Offer) => "offer",
        Some(ByHand::Answer) => "answer",
    }
}

/// The meeting's view before the room module tells it: no room, by links.
pub fn no_meeting() -> View {
    View {
        connection: Connection::ByLink,
        signal: None,
        by_hand: None,
        relay: RelayState::Off,
        dropped: 0,
    }
}

fn encode_view(v: &View) -> String {
    let signal = v.signal.as_ref().map_or_else(|| "-".into(), signal_text);
    format!(
        "view\n{}\n{}\n{}\n{}\n{signal}",
        v.connection.id(),
        v.relay.id(),
        by_hand_id(v.by_hand),
        v.dropped
    )
}

fn decode_view(rest: &str) -> Result<View, LinkError> {
    let mut f = rest.splitn(5, '\n');
    let (Some(c), Some(r), Some(h), Some(d), Some(s)) = (f.next(), f.next(), f.next(), f.next(), f.next())
    else {
        return bad("a view without its fields");
    };
    let Some(connection) = CONNECTIONS.into_iter().find(|x| x.id() == c) else {
        return bad("no such connection");
    };
    let Some(relay) = RELAYS.into_iter().find(|x| x.id() == r) else {
        return bad("no such relay state");
    };
    let Some(by_hand) = [None, Some(ByHand::Offer), Some(ByHand::Answer)]
        .into_iter()
        .find(|x| by_hand_id(*x) == h)
    else {
        return bad("no such exchange by hand");
    };
    let Ok(dropped) = d.parse() else {
        return bad("the count is not a number");
    };
    let signal = match s {
        "-" => None,
        s => Some(read_signal(s)?),
    };
    Ok(View {
        connection,
        signal,
        by_hand,
        relay,
        dropped,
    })
}

impl FromRoom {
    pub fn encode(&self) -> String {
        match self {
            FromRoom::View(v) => encode_view(v),
            FromRoom::Notice(key, args) => format!("notice\n{key}\n{}", args.join("\u{1f}")),
            FromRoom::Presence(p) => {
                let word = PRESENCES.iter().find(|(x, _)| x == p).map_or("", |(_, w)| w);
                format!("presence\n{word}")
            }
            FromRoom::Room { code, text } => format!("room\n{code}\n{text}"),
        }
    }

    pub fn decode(text: &str) -> Result<FromRoom, LinkError> {
        let (head, rest) = text.split_once('\n').unwrap_or((text, ""));
        match head {
            "view" => decode_view(rest).map(FromRoom::View),
            "notice" => {
                let (key, args) = rest.split_once('\n').unwrap_or((rest, ""));
                let Some(key) = NOTICES.into_iter().find(|k| *k == key) else {
                    return bad("no such notice");
                };
                let args = if args.is_empty() {
                    Vec::new()
                } else {
                    args.split('\u{1f}').map(String::from).collect()
                };
                Ok(FromRoom::Notice(key, args))
            }
            "presence" => match PRESENCES.iter().find(|(_, w)| *w == rest) {
                Some((p, _)) => Ok(FromRoom::Presence(*p)),
                None => bad("no such presence"),
            },
            "room" => match rest.split_once('\n') {
                Some((code, text)) => Ok(FromRoom::Room {
                    code: code.into(),
                    text: text.into(),
                }),
                None => bad("a room without its code"),
            },
            _ => bad("unknown message"),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    const SDP: &str = "v=0\r\no=- 1 2 IN IP4 127.0.0.1\r\na=ice-ufrag:x y\r\n";

    #[test]
    fn every_message_reads_back_as_it_was_sent() {
        let to = [
            ToRoom::Seat {
                code: "k3x9".into(),
                me: Role::Guest,
                their_key: "BASE64url_-".into(),
                invite: false,
            },
            ToRoom::Seat {
                code: "k3x9".into(),
                me: Role::Host,
                their_key: String::new(),
                invite: true,
            },
            ToRoom::Leave,
            ToRoom::Connect { quiet: true },
            ToRoom::FromLink {
                code: "k3x9".into(),
                signal: Signal::Answer(SDP.into()),
            },
            ToRoom::Outgoing {
                text: "v=2\nmoves=a1 b2\n".into(),
                seq: 7,
            },
        ];
        for m in to {
            assert_eq!(ToRoom::decode(&m.encode()).unwrap(), m, "{}", m.encode());
        }
        let from = [
            FromRoom::View(no_meeting()),
            FromRoom::View(View {
                connection: Connection::Connecting,
                signal: Some(Signal::Offer(SDP.into())),
                by_hand: Some(ByHand::Answer),
                relay: RelayState::Elsewhere,
                dropped: 12,
            }),
            FromRoom::Notice("room.live-failed", vec!["ICE failed".into(), "a\nb".into()]),
            FromRoom::Notice("room.handed", Vec::new()),
            FromRoom::Presence(Presence::Lost),
            FromRoom::Presence(Presence::Back),
            FromRoom::Room {
                code: "k3x9".into(),
                text: "v=2\nc=k3x9\n".into(),
            },
        ];
        for m in from {
            assert_eq!(FromRoom::decode(&m.encode()).unwrap(), m, "{}", m.encode());
        }
        let views = CONNECTIONS.into_iter().map(|connection| View {
            connection,
            ..no_meeting()
        });
        for v in views.chain(RELAYS.into_iter().map(|relay| View {
            relay,
            ..no_meeting()
        })) {
            let m = FromRoom::View(v);
            assert_eq!(FromRoom::decode(&m.encode()).unwrap(), m);
        }
    }

    /// Whether `c` and `r` are listed (a state added to either enum fails
    /// to compile here until it is listed too).
    fn listed(c: Connection, r: RelayState) -> bool {
        use RelayState::*;
        let c_known = match c {
            Connection::ByLink | Connection::Connecting | Connection::Live | Connection::Lost => {
                CONNECTIONS.contains(&c)
            }
        };
        let r_known = match r {
            Off | Trying | Joined | Unreachable | Elsewhere | Taken => RELAYS.contains(&r),
        };
        c_known && r_known
    }

    #[test]
    fn every_state_and_every_notice_of_the_module_can_be_told() {
        for (c, r) in CONNECTIONS.into_iter().zip(RELAYS) {
            assert!(listed(c, r), "{c:?} {r:?}");
        }
        // Every catalogue key the meeting and the module say.
        let sources = [
            include_str!("meeting/mod.rs"),
            include_str!("meeting/relays.rs"),
            include_str!("live/mod.rs"),
            include_str!("live/perform.rs"),
            include_str!("live/seat.rs"),
        ];
        let mut said = 0;
        for source in sources {
            for marker in ["Notify(\"", "Notice(\""] {
                for (at, _) in source.match_indices(marker) {
                    let rest = &source[at + marker.len()..];
                    let key = &rest[..rest.find('"').unwrap()];
                    assert!(NOTICES.contains(&key), "{key} cannot be told to the page");
                    said += 1;
                }
            }
        }
        assert!(said >= NOTICES.len(), "{said} notices found");
    }

    #[test]
    fn anything_else_is_refused_with_its_reason() {
        for text in [
            "",
            "seat\nk3x9\nx\n0\n",
            "seat\nk3x9\nh\n2\n",
            "seat\nk3x9",
            "leave\nnow",
            "connect\nyes",
            "link\nk3x9\nx sdp",
            "link",
            "update\nseven\ntext",
            "open",
        ] {
            let e = ToRoom::decode(text).unwrap_err();
            assert!(e.0.starts_with("not a message of the room module"), "{text}: {e}");
        }
        for text in [
            "",
            "view\nlive\noff\n-\n0",
            "view\nsideways\noff\n-\n0\n-",
            "view\nlive\nnowhere\n-\n0\n-",
            "view\nlive\noff\nboth\n0\n-",
            "view\nlive\noff\n-\nmany\n-",
            "notice\nsave.failed\n",
            "presence\nasleep",
            "room\nk3x9",
            "hello",
        ] {
            let e = FromRoom::decode(text).unwrap_err();
            assert!(e.0.starts_with("not a message of the room module"), "{text}: {e}");
        }
    }
}
