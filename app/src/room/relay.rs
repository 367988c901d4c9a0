//! Meeting through a relay: what the two seats of a room say to each other
//! through public WebTorrent trackers ([`super::tracker`]) so that one
//! invite link is enough, with no server of ours.
//!
//! Referee's decisions:
//! - The swarm a room meets in is named by the first 20 bytes of SHA-256
//!   of [`SWARM_PREFIX`] and the room code ([`swarm_text`]): a tracker sees
//!   a hash, never the code, and the code is only in the invite.
//! - No relay is trusted. Everything a seat sends through one is an
//!   [`Envelope`] signed with that seat's ECDSA P-256 key (the key its
//!   rooms are signed with), naming the room, the seat, what it is (a
//!   hello, an offer, an answer) and the tracker's offer id it belongs to;
//!   the receiver checks it against the key its room knows for that seat
//!   (the host's from the invite; the guest's from its first signed room,
//!   or, before that, the first one heard: trust on first use, as the free
//!   seat itself). A relay can read the WebRTC description (it holds no
//!   secret: the DTLS fingerprint in it binds the channel to the signed
//!   seat) but can neither forge one nor join; what fails is dropped and
//!   counted.
//! - The guest says hello; the host answers a hello with a fresh offer;
//!   the guest answers the host's offer. So the side already in the swarm
//!   hears the other come, whichever reloads, and two offers never cross.
//! - Nothing old is taken for new, and no clock is asked: every message
//!   is bound to a fresh random id of the side that takes it. An answer
//!   (or "the seat is taken") names the offer (or hello) it answers, by
//!   the tracker's offer id the receiver chose; an offer names the hello
//!   it answers ([`Envelope::re`]), and the guest answers only offers made
//!   for one of its own recent hellos. An offer heard without one (the host
//!   arriving, or a relay replaying an old offer) is met with a fresh
//!   hello, and the host's next offer names it. So a relay that replays,
//!   delays or reorders can make a side say hello again, never make it
//!   answer an offer twice or take a stale answer; and a guest whose
//!   clock is wrong meets as any other (no message carries a time).
//! - Relays: [`DEFAULT_RELAYS`], or the list in `localStorage`
//!   (`mulino.relays`: `ws://` or `wss://` addresses separated by spaces,
//!   commas or new lines; `off` or an empty list: none). Every relay is
//!   tried at once; any one that works is enough.

use super::{Role, CODE_LEN};

/// Public WebTorrent trackers that can carry rooms (those trystero uses),
/// for a player or an embedding host to set in `mulino.relays`.
pub const PUBLIC_RELAYS: &[&str] = &[
    "wss://tracker.webtorrent.dev",
    "wss://tracker.openwebtorrent.com",
    "wss://tracker.btorrent.xyz",
];
/// The relays asked when none are set: the public ones. Referee's
/// decision: a room meets through public trackers by default,
/// as one link needs; a relay is trusted with nothing (every envelope is
/// signed by its seat), and where none answers the room runs by links and
/// says so. `mulino.relays` set to `off` keeps a browser off them.
pub const DEFAULT_RELAYS: &[&str] = PUBLIC_RELAYS;
/// The most relays tried at once, and the longest address kept.
pub const MAX_RELAYS: usize = 8;
pub const MAX_RELAY_URL: usize = 200;
/// What the swarm's hash is taken of, before the room code.
pub const SWARM_PREFIX: &str = "mulino-room-v1:";
/// The envelope's first word: its format (`m2`: with [`Envelope::re`]).
const TAG: &str = "m2";
/// [`Envelope::re`] written when an envelope replies to no hello.
const NO_HELLO: &str = "-";
/// The longest envelope read: a description and its header.
pub const MAX_ENVELOPE: usize = super::codec::MAX_SIGNAL + 400;

/// How the room meets the friend, as the room bar says it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum RelayState {
    /// No relay (none set, or no WebRTC): by links.
    Off,
    /// Relays are being tried.
    Trying,
    /// At least one relay took the room's swarm: the seats meet there.
    Joined,
    /// None of the relays answered: by links.
    Unreachable,
    /// Another tab of this browser holds the room's seat and meets the
    /// friend (`room::lock`): this one makes no connection of its own.
    Elsewhere,
    /// The host said the seat is taken: it belongs to the browser that
    /// sat down with the invite first (another seat key); this page makes
    /// no connection.
    Taken,
}

impl RelayState {
    /// The value of `data-relay`.
    pub const fn id(self) -> &'static str {
        match self {
            RelayState::Off => "off",
            RelayState::Trying => "trying",
            RelayState::Joined => "joined",
            RelayState::Unreachable => "unreachable",
            RelayState::Elsewhere => "elsewhere",
            RelayState::Taken => "taken",
        }
    }
}

/// The relays to try, from the stored setting (`None`: not set; `public`:
/// [`PUBLIC_RELAYS`]).
pub fn relays_from(setting: Option<&str>) -> Vec<String> {
    let list = match setting.map(str::trim) {
        None => DEFAULT_RELAYS,
        Some("public") => PUBLIC_RELAYS,
        Some(_) => &[],
    };
    let Some(text) = setting.filter(|_| list.is_empty()) else {
        return list.iter().map(|s| s.to_string()).collect();
    };
    text.split(|c: char| c.is_whitespace() || c == ',')
        .filter(|u| (u.starts_with("ws://") || u.starts_with("wss://")) && u.len() <= MAX_RELAY_URL)
        .take(MAX_RELAYS)
        .map(str::to_string)
        .collect()
}

/// The text whose SHA-256 names the room's swarm.
pub fn swarm_text(code: &str) -> String {
    format!("{SWARM_PREFIX}{code}")
}

/// Bytes as the tracker protocol's binary string (one char per byte).
pub fn binary_string(bytes: &[u8]) -> String {
    bytes.iter().map(|&b| char::from(b)).collect()
}

/// A binary string of exactly 20 bytes back to its bytes, if it is one.
pub fn binary_id(text: &str) -> Option<[u8; 20]> {
    let mut out = [0u8; 20];
    let mut n = 0;
    for c in text.chars() {
        let b = u8::try_from(u32::from(c)).ok()?;
        *out.get_mut(n)? = b;
        n += 1;
    }
    (n == 20).then_some(out)
}

fn hex(bytes: &[u8; 20]) -> String {
    bytes.iter().map(|b| format!("{b:02x}")).collect()
}

/// Whether `text` is an id as [`hex`] writes it (any case).
fn is_id(text: &str) -> bool {
    text.len() == 40 && text.bytes().all(|b| b.is_ascii_hexdigit())
}

/// What an envelope carries.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The guest is here (no description).
    Hello,
    /// A WebRTC offer (the host's).
    Offer,
    /// A WebRTC answer (the guest's).
    Answer,
    /// The host's word to a hello from another key than the guest's: the
    /// seat is taken (no description; sent as the answer to that hello).
    Taken,
}

impl Kind {
    const fn tag(self) -> &'static str {
        match self {
            Kind::Hello => "h",
            Kind::Offer => "o",
            Kind::Answer => "a",
            Kind::Taken => "t",
        }
    }
}

/// Why an envelope heard through a relay is dropped.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum EnvelopeError {
    #[error("too long")]
    TooLong,
    #[error("not an envelope of this version")]
    Format,
    #[error("malformed field `{0}`")]
    Field(&'static str),
    #[error("for another room")]
    OtherRoom,
    #[error("from this side's own seat")]
    OwnSeat,
    #[error("not the kind that seat sends")]
    WrongKind,
}

/// A signed message of one seat through a relay: `m2 CODE SEAT KIND
/// OFFER_ID RE KEY SIGNATURE`, a new line, then the description (if any).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Envelope {
    pub code: String,
    pub from: Role,
    pub kind: Kind,
    /// The tracker's offer id it belongs to (hex).
    pub offer_id: String,
    /// For an offer: the id of the guest's hello it answers (hex), if
    /// any; `None` for every other kind.
    pub re: Option<String>,
    /// The sender's public key (raw P-256, base64url).
    pub key: String,
    /// The signature of [`Envelope::signed_text`] (64 bytes).
    pub signature: Vec<u8>,
    /// The WebRTC description; empty for a hello.
    pub sdp: String,
}

impl Envelope {
    /// An unsigned envelope; [`Envelope::signed_text`] is then signed.
    pub fn new(code: &str, from: Role, kind: Kind, offer_id: &[u8; 20], key: String, sdp: String) -> Self {
        Envelope {
            code: code.to_string(),
            from,
            kind,
            offer_id: hex(offer_id),
            re: None,
            key,
            signature: Vec::new(),
            sdp,
        }
    }

    /// The envelope (an offer) as the answer to the guest's hello `hello`.
    pub fn replying_to(mut self, hello: &[u8; 20]) -> Self {
        self.re = Some(hex(hello));
        self
    }

    /// Whether the envelope answers the hello `hello`.
    pub fn replies_to(&self, hello: &[u8; 20]) -> bool {
        self.re.as_deref() == Some(hex(hello).as_str())
    }

    /// The head's words but the signature: the format, the room, the seat,
    /// the kind, the offer id, the hello it answers and the key.
    fn head(&self) -> String {
        format!(
            "{TAG} {} {} {} {} {} {}",
            self.code,
            self.from.tag(),
            self.kind.tag(),
            self.offer_id,
            self.re.as_deref().unwrap_or(NO_HELLO),
            self.key
        )
    }

    /// Every field but the signature, as signed.
    pub fn signed_text(&self) -> String {
        format!("{}\n{}", self.head(), self.sdp)
    }

    /// The envelope as it travels.
    pub fn to_text(&self) -> String {
        let signature = super::codec::base64url(&self.signature);
        format!("{} {signature}\n{}", self.head(), self.sdp)
    }

    /// Reads an envelope for room `code`, heard by seat `me`, checked
    /// for shape: right room, the other seat, the kind that seat sends.
    /// The signature is checked by the caller (WebCrypto).
    pub fn read(text: &str, code: &str, me: Role) -> Result<Envelope, EnvelopeError> {
        if text.len() > MAX_ENVELOPE {
            return Err(EnvelopeError::TooLong);
        }
        let (head, sdp) = text.split_once('\n').ok_or(EnvelopeError::Format)?;
        let f: Vec<&str> = head.split(' ').collect();
        let [tag, c, from, kind, offer_id, re, key, signature] = f.as_slice() else {
            return Err(EnvelopeError::Format);
        };
        if *tag != TAG {
            return Err(EnvelopeError::Format);
        }
        if c.len() != CODE_LEN || *c != code {
            return Err(EnvelopeError::OtherRoom);
        }
        let from = Role::from_tag(from).ok_or(EnvelopeError::Field("seat"))?;
        if from == me {
            return Err(EnvelopeError::OwnSeat);
        }
        let kind = match *kind {
            "h" => Kind::Hello,
            "o" => Kind::Offer,
            "a" => Kind::Answer,
            "t" => Kind::Taken,
            _ => return Err(EnvelopeError::Field("kind")),
        };
        let expected = match from {
            Role::Host => matches!(kind, Kind::Offer | Kind::Taken),
            Role::Guest => matches!(kind, Kind::Hello | Kind::Answer),
        };
        let bare = matches!(kind, Kind::Hello | Kind::Taken);
        if !expected || bare != sdp.is_empty() {
            return Err(EnvelopeError::WrongKind);
        }
        if !is_id(offer_id) {
            return Err(EnvelopeError::Field("offer id"));
        }
        let re = match (*re, kind) {
            (NO_HELLO, _) => None,
            (id, Kind::Offer) if is_id(id) => Some(id.to_string()),
            _ => return Err(EnvelopeError::Field("re")),
        };
        let key_ok = super::codec::unbase64url(key).is_some_and(|k| k.len() == super::KEY_BYTES);
        if !key_ok {
            return Err(EnvelopeError::Field("key"));
        }
        let signature = super::codec::unbase64url(signature)
            .filter(|s| s.len() == super::SIGNATURE_BYTES)
            .ok_or(EnvelopeError::Field("signature"))?;
        Ok(Envelope {
            code: code.to_string(),
            from,
            kind,
            offer_id: offer_id.to_string(),
            re,
            key: key.to_string(),
            signature,
            sdp: sdp.to_string(),
        })
    }

    /// Whether the offer id is `id`.
    pub fn is_for(&self, id: &[u8; 20]) -> bool {
        self.offer_id == hex(id)
    }
}

/// How many of its last hellos the guest still answers offers for.
const HELLOS_KEPT: usize = 4;

/// The guest's side of binding offers to hellos: the ids of its last
/// hellos, newest last, and the host's offer it answered last.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Hellos {
    kept: Vec<[u8; 20]>,
    answered: Option<[u8; 20]>,
}

/// What the guest makes of a checked offer of the host's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Heard {
    /// For one of its hellos, and not older than the last it answered.
    Answer,
    /// The offer it answered last, heard again (through another relay).
    Again,
    /// For no hello of its own, or an older one: a hello is due.
    Stale,
}

impl Hellos {
    /// A hello with this id was said.
    pub fn said(&mut self, id: [u8; 20]) {
        self.kept.push(id);
        let old = self.kept.len().saturating_sub(HELLOS_KEPT);
        self.kept.drain(..old);
    }

    /// Takes the host's offer `offer_id`: answered when it names one of
    /// the recent hellos, not older than the one last answered for
    /// (whose older ones are then forgotten).
    pub fn offer(&mut self, env: &Envelope, offer_id: [u8; 20]) -> Heard {
        if self.answered == Some(offer_id) {
            return Heard::Again;
        }
        match self.kept.iter().position(|h| env.replies_to(h)) {
            Some(i) => {
                self.answered = Some(offer_id);
                self.kept.drain(..i);
                Heard::Answer
            }
            None => Heard::Stale,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::room::codec::base64url;

    fn sample(from: Role, kind: Kind, sdp: &str) -> Envelope {
        let mut e = Envelope::new(
            "k7qm2xpa",
            from,
            kind,
            &[7; 20],
            base64url(&[4; 65]),
            sdp.to_string(),
        );
        e.signature = vec![9; 64];
        e
    }

    #[test]
    fn relays_default_to_the_public_ones_or_off_or_listed() {
        assert_eq!(relays_from(None).len(), PUBLIC_RELAYS.len());
        assert!(relays_from(Some("off")).is_empty());
        assert_eq!(relays_from(Some(" public ")).len(), PUBLIC_RELAYS.len());
        assert!(relays_from(Some("")).is_empty());
        assert_eq!(
            relays_from(Some("ws://127.0.0.1:8000, http://x wss://a.b\nftp://c")),
            vec!["ws://127.0.0.1:8000".to_string(), "wss://a.b".to_string()]
        );
        let many = "ws://a ".repeat(20);
        assert_eq!(relays_from(Some(&many)).len(), MAX_RELAYS);
    }

    #[test]
    fn binary_ids_are_twenty_bytes() {
        let bytes: [u8; 20] = std::array::from_fn(|i| (i as u8).wrapping_mul(13).wrapping_add(200));
        assert_eq!(binary_id(&binary_string(&bytes)), Some(bytes));
        assert_eq!(binary_id("short"), None);
        assert_eq!(binary_id(&"é".repeat(21)), None);
        assert_eq!(binary_id(&"€".repeat(20)), None);
    }

    #[test]
    fn envelopes_round_trip_and_are_checked_for_shape() {
        let offer = sample(Role::Host, Kind::Offer, "v=0\r\no=- 1 2 IN IP4 0.0.0.0\r\n");
        let read = Envelope::read(&offer.to_text(), "k7qm2xpa", Role::Guest);
        assert_eq!(read.as_ref(), Ok(&offer));
        assert!(offer.is_for(&[7; 20]) && !offer.is_for(&[8; 20]));
        assert_eq!(
            Envelope::read(&offer.to_text(), "k7qm2xpa", Role::Host),
            Err(EnvelopeError::OwnSeat)
        );
        assert_eq!(
            Envelope::read(&offer.to_text(), "abcdefgh", Role::Guest),
            Err(EnvelopeError::OtherRoom)
        );
        let hello = sample(Role::Guest, Kind::Hello, "");
        assert!(Envelope::read(&hello.to_text(), "k7qm2xpa", Role::Host).is_ok());
        // The guest never offers; the host never says hello.
        let wrong = sample(Role::Guest, Kind::Offer, "v=0");
        assert_eq!(
            Envelope::read(&wrong.to_text(), "k7qm2xpa", Role::Host),
            Err(EnvelopeError::WrongKind)
        );
        let hello_with_sdp = sample(Role::Guest, Kind::Hello, "v=0");
        assert_eq!(
            Envelope::read(&hello_with_sdp.to_text(), "k7qm2xpa", Role::Host),
            Err(EnvelopeError::WrongKind)
        );
        // "The seat is taken" is the host's alone, and bare.
        let taken = sample(Role::Host, Kind::Taken, "");
        assert_eq!(
            Envelope::read(&taken.to_text(), "k7qm2xpa", Role::Guest).map(|e| e.kind),
            Ok(Kind::Taken)
        );
        for wrong in [
            sample(Role::Guest, Kind::Taken, ""),
            sample(Role::Host, Kind::Taken, "v=0"),
        ] {
            let heard_by = if wrong.from == Role::Host {
                Role::Guest
            } else {
                Role::Host
            };
            assert_eq!(
                Envelope::read(&wrong.to_text(), "k7qm2xpa", heard_by),
                Err(EnvelopeError::WrongKind)
            );
        }
    }

    #[test]
    fn an_offer_names_the_hello_it_answers_and_nothing_else_does() {
        let offer = sample(Role::Host, Kind::Offer, "v=0").replying_to(&[3; 20]);
        let read = Envelope::read(&offer.to_text(), "k7qm2xpa", Role::Guest);
        assert_eq!(read.as_ref(), Ok(&offer));
        assert!(offer.replies_to(&[3; 20]) && !offer.replies_to(&[4; 20]));
        assert!(
            offer.signed_text().contains(&"03".repeat(20)),
            "the hello is signed too"
        );
        let unsolicited = sample(Role::Host, Kind::Offer, "v=0");
        let read = Envelope::read(&unsolicited.to_text(), "k7qm2xpa", Role::Guest);
        assert_eq!(read.map(|e| e.re), Ok(None));
        // Only an offer answers a hello.
        let hello = sample(Role::Guest, Kind::Hello, "").replying_to(&[3; 20]);
        assert_eq!(
            Envelope::read(&hello.to_text(), "k7qm2xpa", Role::Host),
            Err(EnvelopeError::Field("re"))
        );
        // What is signed changes with the hello, so a relay cannot rebind it.
        assert_ne!(offer.signed_text(), unsolicited.signed_text());
    }

    #[test]
    fn the_guest_answers_offers_for_its_hellos_once_and_never_an_older_one() {
        let mut hellos = Hellos::default();
        let offer_for = |hello: u8| sample(Role::Host, Kind::Offer, "v=0").replying_to(&[hello; 20]);
        // The host arriving offers for no hello: the guest says one.
        assert_eq!(
            hellos.offer(&sample(Role::Host, Kind::Offer, "v=0"), [1; 20]),
            Heard::Stale
        );
        hellos.said([10; 20]);
        hellos.said([11; 20]);
        assert_eq!(hellos.offer(&offer_for(11), [2; 20]), Heard::Answer);
        // The same offer through another relay, or replayed: not again.
        assert_eq!(hellos.offer(&offer_for(11), [2; 20]), Heard::Again);
        // An offer for an older hello (a replay of an old one): a hello.
        assert_eq!(hellos.offer(&offer_for(10), [3; 20]), Heard::Stale);
        // Another offer for the last hello (the host heard it twice).
        assert_eq!(hellos.offer(&offer_for(11), [4; 20]), Heard::Answer);
        // Only the last few hellos count.
        for i in 20..30 {
            hellos.said([i; 20]);
        }
        assert_eq!(hellos.offer(&offer_for(20), [5; 20]), Heard::Stale);
        assert_eq!(hellos.offer(&offer_for(27), [6; 20]), Heard::Answer);
    }

    #[test]
    fn malformed_envelopes_are_refused_without_panicking() {
        let good = sample(Role::Host, Kind::Offer, "v=0").to_text();
        for bad in [
            "",
            "m1",
            "m1 k7qm2xpa h o x y z\nv=0",
            "m3 k7qm2xpa h o x - y z\nv=0",
            &good.replacen(" - ", " 12 ", 1),
            &good.replacen(" h ", " q ", 1),
            &good.replacen(" o ", " z ", 1),
            &good.replacen(&"07".repeat(20), "zz", 1),
            &good.replacen(&base64url(&[4; 65]), "AAAA", 1),
            &good.replacen(&base64url(&[9; 64]), "!!", 1),
            &format!("{good}{}", "x".repeat(MAX_ENVELOPE)),
        ] {
            assert!(Envelope::read(bad, "k7qm2xpa", Role::Guest).is_err(), "{bad:.40}");
        }
        for cut in 0..good.len() {
            if good.is_char_boundary(cut) {
                let _ = Envelope::read(&good[..cut], "k7qm2xpa", Role::Guest);
            }
        }
    }
}
