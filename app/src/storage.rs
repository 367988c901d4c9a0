//! The game in progress and the settings, kept in `localStorage` after
//! every change, so a reload, a closed tab or a crash resumes the game.
//! Storage may be missing or full (private windows): then nothing is kept
//! and nothing breaks.

use crate::i18n::Lang;

const GAME: &str = "mulino.game";
const LANG: &str = "mulino.lang";
const SOUND: &str = "mulino.sound";
const ROOMS: &str = "mulino.rooms";
const ROOM: &str = "mulino.room.";
const NAME: &str = "mulino.name";
/// The most rooms kept; the oldest is forgotten first.
pub const MAX_ROOMS: usize = 30;

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

fn get(key: &str) -> Option<String> {
    storage()?.get_item(key).ok()?
}

fn set(key: &str, value: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(key, value);
    }
}

/// The saved game, as link text.
pub fn load_game() -> Option<String> {
    get(GAME)
}

pub fn save_game(link: &str) {
    set(GAME, link);
}

/// The codes of the rooms kept, most recent first.
pub fn room_codes() -> Vec<String> {
    get(ROOMS)
        .unwrap_or_default()
        .split(',')
        .filter(|c| !c.is_empty())
        .map(String::from)
        .take(MAX_ROOMS)
        .collect()
}

/// A kept room, as a link payload sent from this browser's side.
pub fn load_room(code: &str) -> Option<String> {
    get(&format!("{ROOM}{code}"))
}

/// Keeps a room and puts it first in the list.
pub fn save_room(code: &str, payload: &str) {
    set(&format!("{ROOM}{code}"), payload);
    let mut codes = room_codes();
    if codes.first().map(String::as_str) != Some(code) {
        codes.retain(|c| c != code);
        codes.insert(0, code.to_string());
        for old in codes.drain(MAX_ROOMS.min(codes.len())..) {
            if let Some(s) = storage() {
                let _ = s.remove_item(&format!("{ROOM}{old}"));
            }
        }
        set(ROOMS, &codes.join(","));
    }
}

/// The name this browser's player goes by in rooms.
pub fn load_name() -> String {
    get(NAME).unwrap_or_default()
}

pub fn save_name(name: &str) {
    set(NAME, name);
}

/// Random bytes from the browser's `crypto.getRandomValues`.
pub fn random_bytes<const N: usize>() -> [u8; N] {
    let mut buf = [0u8; N];
    let filled = web_sys::window()
        .and_then(|w| w.crypto().ok())
        .is_some_and(|c| c.get_random_values_with_u8_array(&mut buf).is_ok());
    if !filled {
        for b in &mut buf {
            *b = (js_sys::Math::random() * 256.0) as u8;
        }
    }
    buf
}

/// The language chosen by hand, if any.
pub fn load_lang() -> Option<Lang> {
    get(LANG).and_then(|code| Lang::from_code(&code))
}

pub fn save_lang(lang: Lang) {
    set(LANG, lang.code());
}

/// Whether sounds are on (on unless switched off).
pub fn load_sound() -> bool {
    get(SOUND).as_deref() != Some("off")
}

pub fn save_sound(on: bool) {
    set(SOUND, if on { "on" } else { "off" });
}

/// The languages the browser asks for, most wanted first.
pub fn browser_languages() -> Vec<String> {
    let Some(nav) = web_sys::window().map(|w| w.navigator()) else {
        return Vec::new();
    };
    let mut out: Vec<String> = nav.languages().iter().filter_map(|v| v.as_string()).collect();
    if let Some(l) = nav.language() {
        out.push(l);
    }
    out
}
