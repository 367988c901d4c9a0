//! The connection settings as a player edits them ("Connection settings…"
//! in a room: `components/connection_settings.rs`), read from and written
//! back to what is stored (`mulino.relays`, `mulino.stun`, `mulino.turn`,
//! `mulino.ice`: [`super::relay`] and [`super::ice`] read them), and where
//! Nine's tables for range reads are (`mulino.tables`: the tables'
//! worker reads them from there, `crate::engine`). Nothing
//! is written unless the whole form is right; each fault is said with the
//! field and the text that is wrong.

use super::ice::{turn_from, MAX_TURN_FIELD, MAX_TURN_URLS};
use super::relay::{relays_from, MAX_RELAYS, MAX_RELAY_URL};
use crate::storage::Connection;

/// Where rooms meet the friend.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Relays {
    /// The public WebTorrent trackers (the default).
    Public,
    /// The player's own list, as typed (addresses separated by spaces,
    /// commas or new lines).
    Own(String),
    /// None: rooms run by links (and "Connect live").
    Off,
}

/// The form's fields.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Settings {
    pub relays: Relays,
    pub stun: bool,
    /// The TURN server's addresses (`turn:` or `turns:`, separated by
    /// commas or spaces), its user name and password; all empty: none.
    pub turn_urls: String,
    pub turn_user: String,
    pub turn_password: String,
    /// Through the TURN server alone (the friend never sees this side's
    /// address).
    pub turn_only: bool,
    /// The address of Nine's tables for range reads (`http://` or
    /// `https://`); empty: `nine-web/` on this site.
    pub tables: String,
}

/// The longest address of the tables kept.
pub const MAX_TABLES_URL: usize = 500;

/// What keeps a form from being saved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SettingsError {
    #[error("not a relay address (ws:// or wss://, at most {MAX_RELAY_URL} characters): {0}")]
    RelayAddress(String),
    #[error("no relay address in your own list")]
    NoRelay,
    #[error("at most {MAX_RELAYS} relays")]
    TooManyRelays,
    #[error("not a TURN address (turn: or turns:, at most {MAX_TURN_FIELD} characters): {0}")]
    TurnAddress(String),
    #[error("at most {MAX_TURN_URLS} TURN addresses")]
    TooManyTurn,
    #[error("a TURN server needs its addresses, a user name and a password (no spaces, at most {MAX_TURN_FIELD} characters each)")]
    TurnIncomplete,
    #[error("through TURN alone needs a TURN server")]
    TurnOnlyWithoutTurn,
    #[error("not an address of the tables (http:// or https://, at most {MAX_TABLES_URL} characters): {0}")]
    TablesAddress(String),
}

impl Settings {
    /// The form as the stored values say.
    pub fn from_stored(s: &Connection) -> Settings {
        let relays = match s.relays.as_deref().map(str::trim) {
            None | Some("public") => Relays::Public,
            Some("off" | "") => Relays::Off,
            Some(list) => Relays::Own(list.to_string()),
        };
        let turn = turn_from(s.turn.as_deref());
        Settings {
            relays,
            stun: s.stun.as_deref() != Some("off"),
            turn_urls: turn.as_ref().map(|t| t.urls.join(", ")).unwrap_or_default(),
            turn_user: turn.as_ref().map(|t| t.username.clone()).unwrap_or_default(),
            turn_password: turn.map(|t| t.credential).unwrap_or_default(),
            turn_only: super::ice::relay_only(s.ice.as_deref()),
            tables: s.tables.clone().unwrap_or_default(),
        }
    }

    /// The values to store, if the form is right.
    pub fn to_stored(&self) -> Result<Connection, SettingsError> {
        let relays = match &self.relays {
            Relays::Public => None,
            Relays::Off => Some("off".to_string()),
            Relays::Own(list) => Some(own_relays(list)?),
        };
        let turn = self.turn()?;
        if self.turn_only && turn.is_none() {
            return Err(SettingsError::TurnOnlyWithoutTurn);
        }
        Ok(Connection {
            relays,
            stun: (!self.stun).then(|| "off".to_string()),
            ice: self.turn_only.then(|| "relay".to_string()),
            turn,
            tables: tables_address(&self.tables)?,
        })
    }

    /// `mulino.turn` as the fields give it, `None` when all are empty.
    fn turn(&self) -> Result<Option<String>, SettingsError> {
        let (urls, user, password) = (
            self.turn_urls.trim(),
            self.turn_user.trim(),
            self.turn_password.trim(),
        );
        if urls.is_empty() && user.is_empty() && password.is_empty() {
            return Ok(None);
        }
        let list =
            addresses(urls, &["turn:", "turns:"], MAX_TURN_FIELD).map_err(SettingsError::TurnAddress)?;
        if list.len() > MAX_TURN_URLS {
            return Err(SettingsError::TooManyTurn);
        }
        let text = format!("{} {user} {password}", list.join(","));
        let whole = !list.is_empty() && turn_from(Some(&text)).is_some();
        whole.then_some(Some(text)).ok_or(SettingsError::TurnIncomplete)
    }
}

/// The tables' address as stored: `None` when empty (this site's), else
/// one `http://` or `https://` address, ending in `/` (the folder whose
/// `manifest.json` is read).
fn tables_address(text: &str) -> Result<Option<String>, SettingsError> {
    let text = text.trim();
    if text.is_empty() {
        return Ok(None);
    }
    let list = addresses(text, &["http://", "https://"], MAX_TABLES_URL - 1)
        .map_err(SettingsError::TablesAddress)?;
    match list.as_slice() {
        [one] if one.len() > "https://".len() => {
            let folder = one.strip_suffix("manifest.json").unwrap_or(one);
            Ok(Some(if folder.ends_with('/') {
                folder.to_string()
            } else {
                format!("{folder}/")
            }))
        }
        _ => Err(SettingsError::TablesAddress(cut(text))),
    }
}

/// The player's own relay list, checked address by address.
fn own_relays(list: &str) -> Result<String, SettingsError> {
    let urls = addresses(list, &["ws://", "wss://"], MAX_RELAY_URL).map_err(SettingsError::RelayAddress)?;
    match urls.len() {
        0 => Err(SettingsError::NoRelay),
        n if n > MAX_RELAYS => Err(SettingsError::TooManyRelays),
        _ => {
            let text = urls.join(" ");
            debug_assert_eq!(relays_from(Some(&text)).len(), urls.len());
            Ok(text)
        }
    }
}

/// The addresses of a list (separated by commas or white space), if each
/// starts with one of `schemes` and has at most `max` characters; else the
/// first that does not, as said back.
fn addresses<'a>(list: &'a str, schemes: &[&str], max: usize) -> Result<Vec<&'a str>, String> {
    let urls: Vec<&str> = list
        .split(|c: char| c.is_whitespace() || c == ',')
        .filter(|u| !u.is_empty())
        .collect();
    match urls
        .iter()
        .find(|u| !schemes.iter().any(|s| u.starts_with(s)) || u.len() > max)
    {
        Some(bad) => Err(cut(bad)),
        None => Ok(urls),
    }
}

/// A wrong value as said back: its first 60 characters.
fn cut(text: &str) -> String {
    text.chars().take(60).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn stored(relays: Option<&str>, stun: Option<&str>, turn: Option<&str>, ice: Option<&str>) -> Connection {
        Connection {
            relays: relays.map(str::to_string),
            stun: stun.map(str::to_string),
            turn: turn.map(str::to_string),
            ice: ice.map(str::to_string),
            tables: None,
        }
    }

    #[test]
    fn nothing_stored_is_the_defaults_and_saves_as_nothing() {
        let s = Settings::from_stored(&Connection::default());
        assert_eq!(s.relays, Relays::Public);
        assert!(s.stun && !s.turn_only && s.turn_urls.is_empty());
        assert_eq!(s.to_stored(), Ok(Connection::default()));
    }

    #[test]
    fn settings_round_trip_through_what_is_stored() {
        let before = stored(
            Some("ws://127.0.0.1:8000\nwss://t.example"),
            Some("off"),
            Some("turn:127.0.0.1:3478,turns:t.example:5349 ann s3cret"),
            Some("relay"),
        );
        let s = Settings::from_stored(&before);
        assert_eq!(
            s.relays,
            Relays::Own("ws://127.0.0.1:8000\nwss://t.example".into())
        );
        assert_eq!(s.turn_urls, "turn:127.0.0.1:3478, turns:t.example:5349");
        assert!(!s.stun && s.turn_only);
        let after = s.to_stored();
        assert_eq!(
            after,
            Ok(stored(
                Some("ws://127.0.0.1:8000 wss://t.example"),
                Some("off"),
                Some("turn:127.0.0.1:3478,turns:t.example:5349 ann s3cret"),
                Some("relay"),
            ))
        );
        assert_eq!(
            Settings::from_stored(&stored(Some("off"), None, None, None)).relays,
            Relays::Off
        );
    }

    #[test]
    fn wrong_fields_are_refused_with_the_field_and_the_text() {
        let base = Settings::from_stored(&Connection::default());
        let with = |f: &dyn Fn(&mut Settings)| {
            let mut s = base.clone();
            f(&mut s);
            s.to_stored()
        };
        assert_eq!(
            with(&|s| s.relays = Relays::Own("ws://a http://b".into())),
            Err(SettingsError::RelayAddress("http://b".into()))
        );
        assert_eq!(
            with(&|s| s.relays = Relays::Own(" , ".into())),
            Err(SettingsError::NoRelay)
        );
        assert_eq!(
            with(&|s| s.relays = Relays::Own("ws://a ".repeat(MAX_RELAYS + 1))),
            Err(SettingsError::TooManyRelays)
        );
        assert_eq!(
            with(&|s| s.turn_urls = "stun:x".into()),
            Err(SettingsError::TurnAddress("stun:x".into()))
        );
        assert_eq!(
            with(&|s| s.turn_urls = "turn:x".into()),
            Err(SettingsError::TurnIncomplete)
        );
        assert_eq!(
            with(&|s| s.turn_user = "ann".into()),
            Err(SettingsError::TurnIncomplete)
        );
        assert_eq!(
            with(&|s| {
                s.turn_urls = "turn:x".into();
                s.turn_user = "an n".into();
                s.turn_password = "pw".into();
            }),
            Err(SettingsError::TurnIncomplete)
        );
        assert_eq!(
            with(&|s| s.turn_only = true),
            Err(SettingsError::TurnOnlyWithoutTurn)
        );
        assert_eq!(
            with(&|s| s.turn_urls = "turn:a turn:b turn:c turn:d turn:e".into()),
            Err(SettingsError::TooManyTurn)
        );
        assert!(with(&|s| s.relays = Relays::Off).is_ok());
    }

    #[test]
    fn the_tables_address_is_this_site_by_default_or_one_http_folder() {
        let with = |text: &str| {
            let mut s = Settings::from_stored(&Connection::default());
            s.tables = text.into();
            s.to_stored().map(|c| c.tables)
        };
        assert_eq!(with(""), Ok(None));
        assert_eq!(with("  "), Ok(None));
        assert_eq!(
            with(" https://tables.example.org/nine "),
            Ok(Some("https://tables.example.org/nine/".into()))
        );
        assert_eq!(
            with("http://127.0.0.1:9000/web/manifest.json"),
            Ok(Some("http://127.0.0.1:9000/web/".into()))
        );
        assert_eq!(
            with("ftp://x/"),
            Err(SettingsError::TablesAddress("ftp://x/".into()))
        );
        assert_eq!(
            with("https://a/ https://b/"),
            Err(SettingsError::TablesAddress("https://a/ https://b/".into()))
        );
        assert_eq!(
            with("https://"),
            Err(SettingsError::TablesAddress("https://".into()))
        );
        let long = format!("https://{}", "a".repeat(MAX_TABLES_URL));
        assert!(with(&long).is_err());
        let stored = Connection {
            tables: Some("https://t.example/".into()),
            ..Connection::default()
        };
        let form = Settings::from_stored(&stored);
        assert_eq!(form.tables, "https://t.example/");
        assert_eq!(form.to_stored(), Ok(stored));
    }
}
