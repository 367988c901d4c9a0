//! The room's wire format: what an invite link, a link for your friend, a
//! reply link and a live message carry.
//!
//! A room travels as one line of `key=value` fields joined by `&` ([`Wire`],
//! version [`VERSION`]), values percent-encoded as in game links:
//! `v=1&c=k7qm2xpa&f=h&r=nine&h=light&g=1&m=a1%20b2&s=2,1&n0=Ann&j=1`. In a
//! link it is deflated and written in base64url after `#room=`, so it stays
//! in the fragment and never reaches any server. Over a live data channel
//! the same text goes as it is. A room with clocks adds `t` and `l` and is
//! version 3; one without is written as version 2, as before clocks. (A
//! hand-written format rather than JSON: it keeps a JSON library out of the
//! page's first load.)
//!
//! Referee's decisions on bounds, checked before anything is decoded, so a
//! hostile link costs nothing: a link payload is at most [`MAX_LINK`]
//! characters, it may inflate to at most [`MAX_TEXT`] bytes (the inflater
//! stops there), a live message is at most [`MAX_TEXT`] bytes; a name is
//! cut to [`MAX_NAME`] characters without control characters; at most
//! [`MAX_MOVES`] turns; game numbers 1 to [`MAX_GAMES`]; a WebRTC description is at most [`MAX_SIGNAL`]
//! characters. Each field at most once; an unknown field is refused. What
//! the fields mean is checked by [`super::decode`].

use crate::link::{decode as unescape, encode as escape};

/// The wire format's version, written by this page for a room with clocks
/// (fields `t` and `l`).
pub const VERSION: u8 = 3;
/// The version written for a room without clocks, which pages from before
/// clocks read too.
pub const UNTIMED: u8 = 2;
/// The oldest version read: version 1 is a room from before signing,
/// read for the rooms this browser kept; unsigned, it is refused from
/// the friend (see [`super::decode`]).
pub const OLDEST: u8 = 1;
/// The longest link payload read (base64url characters after `#room=`).
pub const MAX_LINK: usize = 12_000;
/// The most bytes a payload may inflate to, and the longest live message.
pub const MAX_TEXT: usize = 32_000;
/// The longest player name kept, in characters.
pub const MAX_NAME: usize = 24;
/// The most turns a room's game may carry.
pub const MAX_MOVES: usize = 1_000;
/// The highest game number of a room (one more for each rematch): far
/// beyond any evening, and far from overflowing.
pub const MAX_GAMES: u32 = 100_000;
/// The longest WebRTC session description carried.
pub const MAX_SIGNAL: usize = 8_000;

/// Why a payload cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum CodecError {
    #[error("the link is too long ({0} characters; at most {MAX_LINK})")]
    TooLong(usize),
    #[error("the link is not in the room format")]
    NotBase64,
    #[error("the link is damaged (it does not unpack)")]
    NotDeflate,
    #[error("the link unpacks to more than {MAX_TEXT} bytes")]
    TooBig,
    #[error("the room data is malformed: {0}")]
    Malformed(String),
    #[error("the room data has version {0}; this page reads versions {OLDEST} to {VERSION}")]
    Version(String),
}

/// One room as it travels. Short field names keep links short.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Wire {
    /// The format version, [`VERSION`].
    pub v: u8,
    /// The room code.
    pub c: String,
    /// Who sent it: `h` (host) or `g` (guest).
    pub f: String,
    /// The rules: the variant id, then `;key:value,…` for changed options.
    pub r: String,
    /// The host's colour in the current game: `light` or `dark`.
    pub h: String,
    /// The game's number in the room (1, then one more for each rematch).
    pub g: u32,
    /// The turns of the current game in notation, space-separated.
    pub m: String,
    /// A declared end: `resign-light`, `resign-dark`, `agreed`, or empty.
    pub e: String,
    /// A pending offer: `draw-light`, `draw-dark`, `rematch-h`, `rematch-g`, or empty.
    pub o: String,
    /// How many actions the host and the guest have taken in this room.
    pub s: [u32; 2],
    /// The host's and the guest's names (may be empty): `n0`, `n1`.
    pub n: [String; 2],
    /// Whether the guest has sat down (`j=1`).
    pub j: bool,
    /// A WebRTC offer (`o:` + SDP) or answer (`a:` + SDP), if any.
    pub x: Option<String>,
    /// The host's and the guest's public keys (`k0`, `k1`: raw P-256
    /// points in base64url), as far as the sender knows them; the
    /// sender's own is always there in a signed room.
    pub k: [String; 2],
    /// The clocks' settings, minutes + increment seconds (`5+3`), or
    /// empty for a game without clocks (version [`VERSION`] only).
    pub t: String,
    /// The time each side has left after the last turn, in milliseconds:
    /// `light,dark` (with `t`).
    pub l: String,
    /// The sender's signature (ECDSA P-256, SHA-256, 64 bytes in
    /// base64url) of [`Wire::unsigned_text`]; always the last field.
    pub z: String,
}

fn malformed<T>(why: impl Into<String>) -> Result<T, CodecError> {
    Err(CodecError::Malformed(why.into()))
}

fn number(key: &str, value: &str) -> Result<u32, CodecError> {
    match value.parse() {
        Ok(n) => Ok(n),
        Err(_) => malformed(format!("`{key}` is not a number")),
    }
}

impl Wire {
    /// The text of the room (for a live message, and inside a link).
    pub fn to_text(&self) -> String {
        let text = self.unsigned_text();
        if self.z.is_empty() {
            text
        } else {
            format!("{text}&z={}", escape(&self.z))
        }
    }

    /// The text the sender signs: every field but the signature, written
    /// the one way this page writes it (so what is signed is what the
    /// fields mean, however they were escaped on the way).
    pub fn unsigned_text(&self) -> String {
        let mut fields = vec![
            format!("v={}", self.v),
            format!("c={}", escape(&self.c)),
            format!("f={}", escape(&self.f)),
            format!("r={}", escape(&self.r)),
            format!("h={}", escape(&self.h)),
            format!("g={}", self.g),
            format!("m={}", escape(&self.m)),
            format!("e={}", escape(&self.e)),
            format!("o={}", escape(&self.o)),
            format!("s={},{}", self.s[0], self.s[1]),
            format!("n0={}", escape(&self.n[0])),
            format!("n1={}", escape(&self.n[1])),
            format!("j={}", u8::from(self.j)),
        ];
        if let Some(x) = &self.x {
            fields.push(format!("x={}", escape(x)));
        }
        if !self.t.is_empty() {
            fields.push(format!("t={}", escape(&self.t)));
            fields.push(format!("l={}", escape(&self.l)));
        }
        for (i, k) in self.k.iter().enumerate() {
            if !k.is_empty() {
                fields.push(format!("k{i}={}", escape(k)));
            }
        }
        fields.join("&")
    }

    /// Reads a live message or an unpacked link, bounded and versioned.
    pub fn from_text(text: &str) -> Result<Wire, CodecError> {
        if text.len() > MAX_TEXT {
            return Err(CodecError::TooBig);
        }
        let mut w = Wire::default();
        let mut seen: Vec<&str> = Vec::new();
        for field in text.split('&') {
            let Some((key, raw)) = field.split_once('=') else {
                return malformed(format!("`{}` has no value", cut(field)));
            };
            if seen.contains(&"z") {
                return malformed("`z` is not the last field");
            }
            if seen.contains(&key) {
                return malformed(format!("`{}` appears twice", cut(key)));
            }
            seen.push(key);
            let value = unescape(raw);
            match key {
                "v" => match value.parse() {
                    Ok(v @ OLDEST..=VERSION) => w.v = v,
                    _ => return Err(CodecError::Version(cut(&value))),
                },
                "c" => w.c = value,
                "f" => w.f = value,
                "r" => w.r = value,
                "h" => w.h = value,
                "g" => w.g = number(key, &value)?,
                "m" => w.m = value,
                "e" => w.e = value,
                "o" => w.o = value,
                "s" => {
                    let Some((a, b)) = value.split_once(',') else {
                        return malformed("`s` is not two counts");
                    };
                    w.s = [number(key, a)?, number(key, b)?];
                }
                "n0" => w.n[0] = value,
                "n1" => w.n[1] = value,
                "j" => w.j = value == "1",
                "x" => w.x = Some(value),
                "k0" => w.k[0] = value,
                "k1" => w.k[1] = value,
                "t" => w.t = value,
                "l" => w.l = value,
                "z" => w.z = value,
                other => return malformed(format!("unknown field `{}`", cut(other))),
            }
        }
        // The version first: a newer page's room says so.
        if !seen.contains(&"v") {
            return Err(CodecError::Version(String::new()));
        }
        for key in ["c", "f", "r", "h", "g", "s"] {
            if !seen.contains(&key) {
                return malformed(format!("`{key}` is missing"));
            }
        }
        Ok(w)
    }

    /// The link payload: the deflated text in base64url.
    pub fn to_link(&self) -> String {
        let packed = miniz_oxide::deflate::compress_to_vec(self.to_text().as_bytes(), 9);
        base64url(&packed)
    }

    /// Reads a link payload, refusing anything oversized before unpacking.
    pub fn from_link(payload: &str) -> Result<Wire, CodecError> {
        let payload = payload.trim();
        if payload.len() > MAX_LINK {
            return Err(CodecError::TooLong(payload.len()));
        }
        let packed = unbase64url(payload).ok_or(CodecError::NotBase64)?;
        let text =
            miniz_oxide::inflate::decompress_to_vec_with_limit(&packed, MAX_TEXT).map_err(|e| {
                match e.status {
                    miniz_oxide::inflate::TINFLStatus::HasMoreOutput => CodecError::TooBig,
                    _ => CodecError::NotDeflate,
                }
            })?;
        let text = std::str::from_utf8(&text).map_err(|_| CodecError::Malformed("not UTF-8".into()))?;
        Wire::from_text(text)
    }
}

/// A live message, copied into a string only if it may fit: `units` is
/// its length as the browser counts it (UTF-16 code units, never more
/// than its UTF-8 bytes), so a huge message is dropped before any copy;
/// what is read is held to [`MAX_TEXT`] bytes.
pub fn read_bounded(units: u32, read: impl FnOnce() -> Option<String>) -> Option<String> {
    if usize::try_from(units).map_or(true, |n| n > MAX_TEXT) {
        return None;
    }
    read().filter(|text| text.len() <= MAX_TEXT)
}

fn cut(s: &str) -> String {
    s.chars().take(24).collect()
}

const B64: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_";

/// base64url without padding.
pub fn base64url(bytes: &[u8]) -> String {
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..=chunk.len() {
            out.push(char::from(B64[(n >> (18 - 6 * i)) as usize & 63]));
        }
    }
    out
}

/// Reads base64url (padding and standard `+/` tolerated); `None` if it is not.
pub fn unbase64url(text: &str) -> Option<Vec<u8>> {
    let digits: Vec<u8> = text
        .trim_end_matches('=')
        .bytes()
        .map(|c| match c {
            b'A'..=b'Z' => Some(c - b'A'),
            b'a'..=b'z' => Some(c - b'a' + 26),
            b'0'..=b'9' => Some(c - b'0' + 52),
            b'-' | b'+' => Some(62),
            b'_' | b'/' => Some(63),
            _ => None,
        })
        .collect::<Option<_>>()?;
    if digits.len() % 4 == 1 {
        return None;
    }
    let mut out = Vec::with_capacity(digits.len() * 3 / 4);
    for chunk in digits.chunks(4) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &d)| n | u32::from(d) << (18 - 6 * i));
        for i in 0..chunk.len() - 1 {
            out.push((n >> (16 - 8 * i)) as u8);
        }
    }
    Some(out)
}

#[cfg(test)]
pub(crate) mod tests {
    use super::*;
    use proptest::prelude::*;

    pub(crate) fn sample() -> Wire {
        Wire {
            v: VERSION,
            c: "k7qm2xpa".into(),
            f: "h".into(),
            r: "nine".into(),
            h: "light".into(),
            g: 1,
            m: "a1 b2 d1".into(),
            e: String::new(),
            o: String::new(),
            s: [3, 1],
            n: ["Ann <b>".into(), String::new()],
            j: true,
            x: None,
            k: ["BKey0".into(), String::new()],
            t: String::new(),
            l: String::new(),
            z: "c2ln".into(),
        }
    }

    #[test]
    fn clocks_travel_and_rooms_without_them_read_as_before() {
        let timed = Wire {
            v: VERSION,
            t: "5+3".into(),
            l: "297500,300000".into(),
            ..sample()
        };
        let text = timed.to_text();
        assert!(text.contains("&t=5%2B3&l=297500,300000&k0="), "{text}");
        assert_eq!(Wire::from_link(&timed.to_link()), Ok(timed.clone()));
        assert_eq!(Wire::from_text(&text), Ok(timed));
        // A room written before clocks (version 2, no `t`, no `l`) still opens.
        let old = "v=2&c=k7qm2xpa&f=h&r=nine&h=light&g=1&m=a1&e=&o=&s=1,0&n0=&n1=&j=0";
        let Ok(w) = Wire::from_text(old) else {
            unreachable!("{old}")
        };
        assert_eq!((w.v, w.t.as_str(), w.l.as_str()), (UNTIMED, "", ""));
        assert_eq!(w.to_text(), old, "nothing is added to a room without clocks");
    }

    #[test]
    fn links_and_messages_round_trip() {
        let w = sample();
        assert_eq!(Wire::from_link(&w.to_link()), Ok(w.clone()));
        assert_eq!(Wire::from_text(&w.to_text()), Ok(w));
    }

    #[test]
    fn base64url_round_trips_every_length() {
        for n in 0..40u8 {
            let bytes: Vec<u8> = (0..n).map(|i| i.wrapping_mul(37).wrapping_add(200)).collect();
            let text = base64url(&bytes);
            assert!(text.bytes().all(|b| B64.contains(&b)));
            assert_eq!(unbase64url(&text), Some(bytes));
        }
        assert_eq!(unbase64url("a"), None);
        assert_eq!(unbase64url("ab*d"), None);
    }

    #[test]
    fn oversized_and_garbage_are_refused() {
        assert_eq!(
            Wire::from_link(&"A".repeat(MAX_LINK + 1)),
            Err(CodecError::TooLong(MAX_LINK + 1))
        );
        assert_eq!(Wire::from_link("not base64!"), Err(CodecError::NotBase64));
        assert_eq!(Wire::from_link("AAAA"), Err(CodecError::NotDeflate));
        // A small payload that inflates past the cap: a zip bomb in miniature.
        let bomb = miniz_oxide::deflate::compress_to_vec(&vec![b' '; MAX_TEXT * 4], 9);
        assert!(bomb.len() < MAX_LINK);
        assert_eq!(Wire::from_link(&base64url(&bomb)), Err(CodecError::TooBig));
        let pack = |t: &str| base64url(&miniz_oxide::deflate::compress_to_vec(t.as_bytes(), 9));
        assert!(
            matches!(Wire::from_link(&pack("v=1")), Err(CodecError::Malformed(m)) if m.contains("missing"))
        );
        assert_eq!(
            Wire::from_link(&pack("v=7&z=1")),
            Err(CodecError::Version("7".into()))
        );
        assert_eq!(
            Wire::from_text(&" ".repeat(MAX_TEXT + 1)),
            Err(CodecError::TooBig)
        );
        let good = sample().to_text();
        for bad in [
            format!("{good}&q=1"),
            format!("{good}&c=zzzzzzzz"),
            good.replace("s=3,1", "s=3"),
            good.replace("g=1", "g=-1"),
            good.replace("&f=h", "&f"),
            good.replace("&z=c2ln", "&z=c2ln&k1=x"),
            good.replace("&z=c2ln", "&t=5+3&t=1+0&z=c2ln"),
            format!("z=c2ln&{good}"),
        ] {
            assert!(
                matches!(Wire::from_text(&bad), Err(CodecError::Malformed(_))),
                "{bad}"
            );
        }
    }

    #[test]
    fn a_live_message_is_measured_before_it_is_copied() {
        let copied = std::cell::Cell::new(false);
        let read = |text: &str| {
            copied.set(true);
            Some(text.to_string())
        };
        let huge = u32::try_from(MAX_TEXT + 1).unwrap_or(u32::MAX);
        assert_eq!(read_bounded(huge, || read("x")), None);
        assert!(!copied.get(), "an oversized message is never copied");
        assert_eq!(read_bounded(u32::MAX, || read("x")), None);
        assert!(!copied.get());
        assert_eq!(read_bounded(3, || read("abc")), Some("abc".into()));
        assert!(copied.get());
        // Few UTF-16 units, many UTF-8 bytes: held to the byte bound too.
        let wide = "\u{20AC}".repeat(MAX_TEXT / 2);
        assert_eq!(
            read_bounded(u32::try_from(MAX_TEXT / 2).unwrap_or(0), || Some(wide)),
            None
        );
    }

    #[test]
    fn every_one_byte_change_of_a_link_is_read_without_panicking() {
        let link = sample().to_link();
        for i in 0..link.len() {
            let mut bytes = link.clone().into_bytes();
            bytes[i] = if bytes[i] == b'A' { b'B' } else { b'A' };
            let tampered = String::from_utf8(bytes).unwrap_or_default();
            // Refused, or read as some room (then checked by decode); never a panic.
            if let Ok(w) = Wire::from_link(&tampered) {
                let _ = w.to_text();
            }
        }
    }

    proptest! {
        #[test]
        fn any_text_is_read_without_panicking(text in ".{0,400}") {
            let _ = Wire::from_link(&text);
            let _ = Wire::from_text(&text);
        }

        #[test]
        fn any_bytes_behind_base64_are_read_without_panicking(bytes in proptest::collection::vec(any::<u8>(), 0..600)) {
            let _ = Wire::from_link(&base64url(&bytes));
            let packed = miniz_oxide::deflate::compress_to_vec(&bytes, 6);
            let _ = Wire::from_link(&base64url(&packed));
        }

        #[test]
        fn any_room_round_trips(code in "[a-z0-9]{0,12}", moves in "[a-g1-7 x-]{0,60}", name in ".{0,30}", g in 0u32..9999, s0 in 0u32..999, s1 in 0u32..999, x in proptest::option::of(".{0,80}")) {
            let w = Wire { c: code, m: moves, n: [name.clone(), String::new()], g, s: [s0, s1], x, k: [name, String::new()], ..sample() };
            prop_assert_eq!(Wire::from_link(&w.to_link()), Ok(w.clone()));
        }
    }
}
