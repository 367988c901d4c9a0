//! The game in progress and the settings, kept in `localStorage` after
//! every change, so a reload, a closed tab or a crash resumes the game.
//! Storage may be missing or full (private windows): then nothing is kept
//! and nothing breaks.

use crate::i18n::Lang;

const GAME: &str = "mulino.game";
const LANG: &str = "mulino.lang";
const SOUND: &str = "mulino.sound";

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
