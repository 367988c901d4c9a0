//! The ICE servers a room's connection asks, from the page's settings:
//! STUN by default (`mulino.stun` = `off` turns it off), and a TURN server
//! that the player, or a page embedding the app, sets for players behind
//! strict routers (`mulino.turn`), optionally the only way
//! (`mulino.ice` = `relay`: the friend never sees this side's address).
//!
//! Referee's decision: no public TURN server is baked in. A TURN server
//! carries the whole channel (encrypted end to end by DTLS, but its
//! operator sees who talks to whom and pays for the traffic): it must be
//! one the player chose. docs/rooms.md shows a real one (coturn).

/// The most TURN addresses read, and the longest address, name and
/// password kept.
pub const MAX_TURN_URLS: usize = 4;
pub const MAX_TURN_FIELD: usize = 200;

/// A TURN server: its addresses and the long-term credentials.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Turn {
    pub urls: Vec<String>,
    pub username: String,
    pub credential: String,
}

/// Reads `mulino.turn`: `URL[,URL…] USERNAME PASSWORD`, separated by
/// white space; every address `turn:` or `turns:`. Anything else (a
/// missing field, another scheme, a field too long) is no TURN at all.
pub fn turn_from(setting: Option<&str>) -> Option<Turn> {
    let fields: Vec<&str> = setting?.split_whitespace().collect();
    let [urls, username, credential] = fields.as_slice() else {
        return None;
    };
    let urls: Vec<String> = urls.split(',').map(str::to_string).collect();
    let good = |u: &String| (u.starts_with("turn:") || u.starts_with("turns:")) && u.len() <= MAX_TURN_FIELD;
    if urls.len() > MAX_TURN_URLS || !urls.iter().all(good) {
        return None;
    }
    if username.len() > MAX_TURN_FIELD || credential.len() > MAX_TURN_FIELD {
        return None;
    }
    Some(Turn {
        urls,
        username: (*username).to_string(),
        credential: (*credential).to_string(),
    })
}

/// Whether `mulino.ice` asks for the TURN server only (`relay`).
pub fn relay_only(setting: Option<&str>) -> bool {
    setting.map(str::trim) == Some("relay")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_turn_server_is_read_whole_or_not_at_all() {
        assert_eq!(
            turn_from(Some(" turn:127.0.0.1:3478,turns:t.example:5349  ann  s3cret ")),
            Some(Turn {
                urls: vec!["turn:127.0.0.1:3478".into(), "turns:t.example:5349".into()],
                username: "ann".into(),
                credential: "s3cret".into(),
            })
        );
        for bad in [
            None,
            Some(""),
            Some("turn:127.0.0.1:3478"),
            Some("turn:127.0.0.1:3478 ann"),
            Some("stun:127.0.0.1:3478 ann pw"),
            Some("turn:a ann pw extra"),
            Some("turn:a,turn:b,turn:c,turn:d,turn:e ann pw"),
        ] {
            assert_eq!(turn_from(bad), None, "{bad:?}");
        }
        let long = format!("turn:{} ann pw", "a".repeat(MAX_TURN_FIELD));
        assert_eq!(turn_from(Some(&long)), None);
        assert!(relay_only(Some("relay")) && relay_only(Some(" relay\n")));
        assert!(!relay_only(None) && !relay_only(Some("all")));
    }
}
