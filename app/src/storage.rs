//! `localStorage`: the saves (their format and policies are in
//! [`crate::store`], this is only the browser's side of it) and the
//! settings. A failed write of a save is an error for the caller to tell
//! the player; settings are kept where storage allows.

use std::cell::Cell;

use crate::board_look::BoardLook;
use crate::i18n::Lang;
use crate::store::{self, Entry, Full, Kept, SaveError, Store, Unreadable};

const LANG: &str = "mulino.lang";
const SOUND: &str = "mulino.sound";
const NAME: &str = "mulino.name";
/// Followed by the variant's id: the player's progress with its puzzles.
const PUZZLES: &str = "mulino.puzzles.";
const COACH: &str = "mulino.coach";
const BOARD_LOOK: &str = "mulino.board-look";
const PERFECT: &str = "mulino.perfect-play";
/// Seconds the analysis thinks about one position before it stops (a
/// knob for tests; `analysis::THINK_LIMIT_MS` without it).
const ANALYSIS_LIMIT: &str = "mulino.analysis-limit";
// A room's connection, as a player or an embedding page sets it
// (app/README.md, Rooms): none of them is written by the app.
const STUN: &str = "mulino.stun";
const TURN: &str = "mulino.turn";
const ICE: &str = "mulino.ice";
const RELAYS: &str = "mulino.relays";
/// Where Nine's tables for range reads are (`nine-web/` beside the app
/// without it): set in the same form as a room's connection.
const TABLES: &str = "mulino.tables";

/// `localStorage` as a [`Store`]; a failed write is an error, never dropped.
struct Local(web_sys::Storage);

impl Store for Local {
    fn get(&self, key: &str) -> Option<String> {
        self.0.get_item(key).ok()?
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), Full> {
        self.0.set_item(key, value).map_err(|_| Full)
    }

    fn remove(&mut self, key: &str) {
        let _ = self.0.remove_item(key);
    }

    fn keys(&self) -> Vec<String> {
        let n = self.0.length().unwrap_or(0);
        (0..n).filter_map(|i| self.0.key(i).ok().flatten()).collect()
    }
}

fn storage() -> Option<web_sys::Storage> {
    web_sys::window()?.local_storage().ok()?
}

/// `localStorage`, or a store that keeps nothing (and so refuses every write).
fn local() -> Box<dyn Store> {
    match storage() {
        Some(s) => Box::new(Local(s)),
        None => Box::new(Nowhere),
    }
}

/// No storage at all (blocked): nothing read, every write refused.
struct Nowhere;

impl Store for Nowhere {
    fn get(&self, _: &str) -> Option<String> {
        None
    }

    fn set(&mut self, _: &str, _: &str) -> Result<(), Full> {
        Err(Full)
    }

    fn remove(&mut self, _: &str) {}

    fn keys(&self) -> Vec<String> {
        Vec::new()
    }
}

fn get(key: &str) -> Option<String> {
    storage()?.get_item(key).ok()?
}

fn set(key: &str, value: &str) {
    if let Some(s) = storage() {
        let _ = s.set_item(key, value);
    }
}

fn remove(key: &str) {
    if let Some(s) = storage() {
        let _ = s.remove_item(key);
    }
}

fn now() -> u64 {
    crate::browser::now_ms().max(0.0) as u64
}

thread_local! {
    /// Set when an unreadable save could not be kept aside: the game is
    /// then not saved over it.
    static GAME_HELD: Cell<bool> = const { Cell::new(false) };
}

/// The saved game (its link text, or `room=CODE`).
pub fn load_game() -> Result<Option<String>, Unreadable> {
    Ok(store::load(&*local(), store::GAME)?.map(|e| e.body))
}

pub fn save_game(body: &str) -> Result<(), Full> {
    if GAME_HELD.get() {
        return Err(Full);
    }
    store::save(&mut *local(), store::GAME, body, false, now())
}

/// The saved game's body, readable or not (`None` if unreadable or absent).
pub fn stored_game() -> Option<String> {
    load_game().ok().flatten()
}

/// Keeps the value under `key` aside as it is (see [`store::keep_aside`]);
/// if that fails, the saved game is not written over for this page's life.
pub fn keep_aside(key: &str) -> Result<Option<String>, Full> {
    let kept = store::keep_aside(&mut *local(), key, now());
    if kept.is_err() && key == store::GAME {
        GAME_HELD.set(true);
    }
    kept
}

/// The rooms kept, most recent first; `over` judges a version-1 room.
pub fn rooms(over: impl Fn(&Entry) -> bool) -> Vec<Kept> {
    store::rooms(&*local(), over)
}

/// A kept room, as a link payload sent from this browser's side.
pub fn load_room(code: &str) -> Option<String> {
    let key = format!("{}{code}", store::ROOM);
    store::load(&*local(), &key).ok()?.map(|e| e.body)
}

/// Whether the room `code` can be kept (see [`store::evictions`]).
pub fn room_fits(code: &str, over: impl Fn(&Entry) -> bool) -> bool {
    store::evictions(&rooms(over), code, store::MAX_ROOMS).is_ok()
}

/// Keeps a room, forgetting finished ones if there is no space; the codes
/// of the rooms forgotten (whose seat keys go too: `room::sign::forget_seats`).
pub fn save_room(
    code: &str,
    body: &str,
    over: bool,
    judge: impl Fn(&Entry) -> bool,
) -> Result<Vec<String>, SaveError> {
    let mut local = local();
    let kept = store::rooms(&*local, judge);
    store::save_room(&mut *local, &kept, code, body, over, now())
}

/// Forgets room `code` for good (the player left it): its save and its
/// place in the list (its seat key goes too: `room::sign::forget_seats`).
pub fn forget_room(code: &str) {
    store::forget_room(&mut *local(), code);
}

pub fn keep_recent(body: &str) -> Result<(), Full> {
    store::keep_recent(&mut *local(), body, now())
}

pub fn recent() -> Vec<(String, Entry)> {
    store::recent(&*local())
}

pub fn take_recent(id: &str) -> Option<String> {
    store::take_recent(&mut *local(), id)
}

/// The name this browser's player goes by in rooms.
pub fn load_name() -> String {
    get(NAME).unwrap_or_default()
}

pub fn save_name(name: &str) {
    set(NAME, name);
}

/// What the player has done with the puzzles of a variant.
pub fn load_puzzle_progress(variant: &str) -> crate::puzzle::Progress {
    get(&format!("{PUZZLES}{variant}"))
        .map_or_else(Default::default, |l| crate::puzzle::Progress::from_line(&l))
}

pub fn save_puzzle_progress(variant: &str, progress: crate::puzzle::Progress) {
    set(&format!("{PUZZLES}{variant}"), &progress.to_line());
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
    get(LANG).and_then(|code| Lang::from_saved(&code))
}

pub fn save_lang(lang: Lang) {
    set(LANG, lang.code());
}

/// Whether the endgame tables' value is shown in games against the
/// computer and in rooms (off unless switched on: it gives the game away).
pub fn load_perfect_shown() -> bool {
    get(PERFECT).as_deref() == Some("on")
}

pub fn save_perfect_shown(on: bool) {
    set(PERFECT, if on { "on" } else { "off" });
}

/// Whether sounds are on (on unless switched off).
pub fn load_sound() -> bool {
    get(SOUND).as_deref() != Some("off")
}

pub fn save_sound(on: bool) {
    set(SOUND, if on { "on" } else { "off" });
}

/// Whether a room's connection asks the STUN server (unless `off`).
pub fn load_stun_on() -> bool {
    get(STUN).as_deref() != Some("off")
}

/// The TURN server set for a room's connection, as stored
/// (`room::ice::turn_from` reads it).
pub fn load_turn() -> Option<String> {
    get(TURN)
}

/// How a room's connection may go (`relay`: through TURN alone).
pub fn load_ice() -> Option<String> {
    get(ICE)
}

/// The relays set for rooms to meet through, as stored
/// (`room::relay::relays_from` reads it).
pub fn load_relays() -> Option<String> {
    get(RELAYS)
}

/// A room's connection settings as stored: each key's value, `None` for
/// a key removed (the room's form reads and writes them).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Connection {
    pub relays: Option<String>,
    pub stun: Option<String>,
    pub turn: Option<String>,
    pub ice: Option<String>,
    /// The address of Nine's tables for range reads (`None`: this site's).
    pub tables: Option<String>,
}

/// The connection settings as stored.
pub fn load_connection() -> Connection {
    Connection {
        relays: get(RELAYS),
        stun: get(STUN),
        turn: get(TURN),
        ice: get(ICE),
        tables: get(TABLES),
    }
}

/// The address of Nine's tables for range reads, if one is set.
pub fn load_tables_url() -> Option<String> {
    get(TABLES).filter(|t| !t.trim().is_empty())
}

/// Stores the connection settings: each key set, or removed when `None`.
pub fn save_connection(s: &Connection) {
    for (key, value) in [
        (RELAYS, &s.relays),
        (STUN, &s.stun),
        (TURN, &s.turn),
        (ICE, &s.ice),
        (TABLES, &s.tables),
    ] {
        match value {
            Some(v) => set(key, v),
            None => remove(key),
        }
    }
}

/// The analysis's limit on one position, in ms, if set (1 to 3600 s).
pub fn load_analysis_limit_ms() -> Option<u32> {
    let secs: u32 = get(ANALYSIS_LIMIT)?.trim().parse().ok()?;
    (1..=3600).contains(&secs).then(|| secs * 1000)
}

/// The first-game coach as stored: `off`, or the tips seen.
pub fn load_coach() -> Option<String> {
    get(COACH)
}

pub fn save_coach(value: &str) {
    set(COACH, value);
}

/// The board's look as set before (the wood, the usual side, if none).
pub fn load_board_look() -> BoardLook {
    get(BOARD_LOOK).map(|s| BoardLook::decode(&s)).unwrap_or_default()
}

pub fn save_board_look(look: BoardLook) {
    set(BOARD_LOOK, &look.encode());
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
