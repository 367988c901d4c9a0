//! The saves' stored format and policies, with no browser access: the
//! browser's `localStorage` is one [`Store`] (in `storage`), a map in
//! memory is another, so every decision here is tested natively.
//!
//! Keys, each holding one versioned [`Entry`] (a header line
//! `v=2&t=<saved, ms>&over=0|1`, then the body):
//!
//! - `mulino.game`: the game on the table, as its link text, or
//!   `room=CODE` for a room;
//! - `mulino.room.CODE`: a room (its link payload from this side). The
//!   room and its place in the list are one key: the list is every
//!   `mulino.room.*` key, newest `t` first, so no write can leave a room
//!   without its list entry or the reverse;
//! - `mulino.recent.<ms>`: an unfinished game put aside when another one
//!   took the table ("Recent games");
//! - `mulino.broken.<ms>`: a save that could not be read, kept as it was.
//!
//! Version 1 (before the header) is read as it is: a value without a
//! header is the body itself, and version-1 rooms are ordered by the old
//! list `mulino.rooms`, which is dropped once no version-1 room is left.

#[cfg(test)]
use std::collections::BTreeMap;

/// The stored format written now.
pub const VERSION: u32 = 2;
pub const GAME: &str = "mulino.game";
pub const ROOM: &str = "mulino.room.";
pub const RECENT: &str = "mulino.recent.";
pub const BROKEN: &str = "mulino.broken.";
/// Version 1's list of rooms, most recent first.
pub const LEGACY_ROOMS: &str = "mulino.rooms";
/// The most rooms kept.
pub const MAX_ROOMS: usize = 30;

/// Key-value storage: `localStorage`, or a map in tests.
pub trait Store {
    fn get(&self, key: &str) -> Option<String>;
    fn set(&mut self, key: &str, value: &str) -> Result<(), Full>;
    fn remove(&mut self, key: &str);
    fn keys(&self) -> Vec<String>;
}

/// The storage refused a write (full, or blocked).
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("the browser's storage refused the write (full or blocked)")]
pub struct Full;

/// Why a room cannot be kept.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SaveError {
    #[error(transparent)]
    Full(#[from] Full),
    /// Every kept room is unfinished and there is no room for another.
    #[error("{MAX_ROOMS} unfinished rooms are kept already")]
    RoomsFull,
}

/// A stored value that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unreadable {
    #[error("saved by a newer version ({0}) of the app")]
    Newer(u32),
    #[error("its header `{0}` is damaged")]
    Header(String),
}

/// One stored value: its format version, when it was saved, whether its
/// game is over, and the body.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Entry {
    pub version: u32,
    /// Milliseconds since 1970; 0 for version 1, which kept no time.
    pub saved: u64,
    pub over: bool,
    pub body: String,
}

impl Entry {
    pub fn new(saved: u64, over: bool, body: &str) -> Entry {
        Entry {
            version: VERSION,
            saved,
            over,
            body: body.to_string(),
        }
    }

    pub fn to_text(&self) -> String {
        format!(
            "v={VERSION}&t={}&over={}\n{}",
            self.saved,
            u8::from(self.over),
            self.body
        )
    }

    /// Reads a stored value of any version up to [`VERSION`].
    pub fn read(text: &str) -> Result<Entry, Unreadable> {
        if !text.starts_with("v=") {
            return Ok(Entry {
                version: 1,
                saved: 0,
                over: false,
                body: text.to_string(),
            });
        }
        let damaged = || Unreadable::Header(text.chars().take(40).collect());
        let (header, body) = text.split_once('\n').ok_or_else(damaged)?;
        let mut entry = Entry::new(0, false, body);
        for field in header.split('&') {
            match field.split_once('=').ok_or_else(damaged)? {
                ("v", v) => entry.version = v.parse().map_err(|_| damaged())?,
                ("t", t) => entry.saved = t.parse().map_err(|_| damaged())?,
                ("over", o) => entry.over = o == "1",
                // Fields of a later version are skipped.
                _ => {}
            }
        }
        if entry.version > VERSION {
            return Err(Unreadable::Newer(entry.version));
        }
        Ok(entry)
    }
}

/// The body of the value under `key`: `Ok(None)` if there is none.
pub fn load(store: &dyn Store, key: &str) -> Result<Option<Entry>, Unreadable> {
    store.get(key).map(|v| Entry::read(&v)).transpose()
}

/// Writes `body` under `key` as the current version.
pub fn save(store: &mut dyn Store, key: &str, body: &str, over: bool, now: u64) -> Result<(), Full> {
    store.set(key, &Entry::new(now, over, body).to_text())
}

/// A key under `prefix` not taken yet, from the time.
fn fresh_key(store: &dyn Store, prefix: &str, now: u64) -> String {
    (now..)
        .map(|t| format!("{prefix}{t}"))
        .find(|k| store.get(k).is_none())
        .unwrap_or_else(|| format!("{prefix}{now}"))
}

/// Moves the value under `key` aside, as it is, to a `mulino.broken.<ms>`
/// key; returns that key. On a failed write the value stays where it was.
pub fn keep_aside(store: &mut dyn Store, key: &str, now: u64) -> Result<Option<String>, Full> {
    let Some(value) = store.get(key) else {
        return Ok(None);
    };
    let aside = fresh_key(store, BROKEN, now);
    store.set(&aside, &value)?;
    store.remove(key);
    Ok(Some(aside))
}

/// A room kept in this browser.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Kept {
    pub code: String,
    pub entry: Entry,
}

/// The rooms kept, most recent first; `over` tells whether a version-1
/// room's game is over (version 1 kept no such mark). Unreadable rooms
/// are left out (and so never forgotten to make space).
pub fn rooms(store: &dyn Store, over: impl Fn(&Entry) -> bool) -> Vec<Kept> {
    let legacy = store.get(LEGACY_ROOMS).unwrap_or_default();
    let legacy: Vec<&str> = legacy.split(',').filter(|c| !c.is_empty()).collect();
    let rank = |code: &str| legacy.iter().position(|c| *c == code).unwrap_or(legacy.len());
    let mut kept: Vec<(usize, Kept)> = store
        .keys()
        .iter()
        .filter_map(|k| k.strip_prefix(ROOM))
        .filter_map(|code| {
            let mut entry = load(store, &format!("{ROOM}{code}")).ok()??;
            if entry.version == 1 {
                entry.over = over(&entry);
            }
            let code = code.to_string();
            Some((rank(&code), Kept { code, entry }))
        })
        .collect();
    sort_small(&mut kept, |(ra, a), (rb, b)| {
        (b.entry.saved, ra) < (a.entry.saved, rb)
    });
    kept.into_iter().map(|(_, k)| k).collect()
}

/// Sorts a short list, `before(a, b)` when `a` goes first. A plain
/// insertion sort: the standard library's sorts cost over 10 KB of wasm
/// each, for lists of at most a few dozen saves.
fn sort_small<T>(items: &mut [T], before: impl Fn(&T, &T) -> bool) {
    for i in 1..items.len() {
        let mut j = i;
        while j > 0 && before(&items[j], &items[j - 1]) {
            items.swap(j, j - 1);
            j -= 1;
        }
    }
}

/// The rooms to forget so that room `incoming` can be kept: finished
/// rooms, oldest first, never an unfinished one; `RoomsFull` when only
/// unfinished rooms would make space.
pub fn evictions(rooms: &[Kept], incoming: &str, max: usize) -> Result<Vec<String>, SaveError> {
    if rooms.iter().any(|k| k.code == incoming) {
        return Ok(Vec::new());
    }
    let need = (rooms.len() + 1).saturating_sub(max);
    let out: Vec<String> = rooms
        .iter()
        .rev()
        .filter(|k| k.entry.over)
        .take(need)
        .map(|k| k.code.clone())
        .collect();
    if out.len() < need {
        return Err(SaveError::RoomsFull);
    }
    Ok(out)
}

/// Keeps a room (making space by [`evictions`]); `kept` is [`rooms`].
/// Returns the codes of the rooms forgotten to make space, whose seat
/// keys the caller forgets too.
pub fn save_room(
    store: &mut dyn Store,
    kept: &[Kept],
    code: &str,
    body: &str,
    over: bool,
    now: u64,
) -> Result<Vec<String>, SaveError> {
    let evicted = evictions(kept, code, MAX_ROOMS)?;
    for old in &evicted {
        store.remove(&format!("{ROOM}{old}"));
    }
    save(store, &format!("{ROOM}{code}"), body, over, now)?;
    if kept.iter().all(|k| k.entry.version > 1 || k.code == code) {
        store.remove(LEGACY_ROOMS);
    }
    Ok(evicted)
}

/// Forgets room `code` (the player left it): its save, its place in the
/// list, and, if the saved game named it, the saved game too (the table
/// then starts afresh on the next load instead of naming a room that is
/// gone). Version 1's list drops it as well.
pub fn forget_room(store: &mut dyn Store, code: &str) {
    store.remove(&format!("{ROOM}{code}"));
    let names_it = load(store, GAME)
        .ok()
        .flatten()
        .is_some_and(|e| e.body.strip_prefix("room=") == Some(code));
    if names_it {
        store.remove(GAME);
    }
    if let Some(legacy) = store.get(LEGACY_ROOMS) {
        let rest: Vec<&str> = legacy
            .split(',')
            .filter(|c| !c.is_empty() && *c != code)
            .collect();
        if rest.is_empty() {
            store.remove(LEGACY_ROOMS);
        } else {
            // A failed write leaves the old list, naming a room no longer kept: skipped on reading.
            let _ = store.set(LEGACY_ROOMS, &rest.join(","));
        }
    }
}

/// Puts an unfinished game (its link text) among the recent games.
pub fn keep_recent(store: &mut dyn Store, body: &str, now: u64) -> Result<(), Full> {
    let key = fresh_key(store, RECENT, now);
    save(store, &key, body, false, now)
}

/// The recent games, newest first, as (id, entry); the id names the
/// game for [`take_recent`].
pub fn recent(store: &dyn Store) -> Vec<(String, Entry)> {
    let mut out: Vec<(String, Entry)> = store
        .keys()
        .iter()
        .filter_map(|k| {
            let id = k.strip_prefix(RECENT)?;
            Some((id.to_string(), load(store, k).ok()??))
        })
        .collect();
    sort_small(&mut out, |a, b| (b.1.saved, &b.0) < (a.1.saved, &a.0));
    out
}

/// Takes a recent game out of the list: its link text.
pub fn take_recent(store: &mut dyn Store, id: &str) -> Option<String> {
    let key = format!("{RECENT}{id}");
    let entry = load(store, &key).ok()??;
    store.remove(&key);
    Some(entry.body)
}

/// What to do with this tab's save of a key, knowing what this tab last
/// wrote or read there (`base`) and what is stored now.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Decision {
    /// The store holds this already.
    Skip,
    Write,
    /// Another tab wrote a newer state since: this tab is stale and must
    /// not overwrite it.
    Stale,
}

pub fn decide(base: Option<&str>, stored: Option<&str>, mine: &str) -> Decision {
    match (base, stored) {
        (_, Some(s)) if s == mine => Decision::Skip,
        (Some(b), Some(s)) if b != s => Decision::Stale,
        _ => Decision::Write,
    }
}

/// A store in memory, for the tests.
#[cfg(test)]
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Memory {
    pub values: BTreeMap<String, String>,
    /// Writes fail once the values hold more characters than this.
    pub quota: Option<usize>,
}

#[cfg(test)]
impl Store for Memory {
    fn get(&self, key: &str) -> Option<String> {
        self.values.get(key).cloned()
    }

    fn set(&mut self, key: &str, value: &str) -> Result<(), Full> {
        let others: usize = self
            .values
            .iter()
            .filter(|(k, _)| *k != key)
            .map(|(k, v)| k.len() + v.len())
            .sum();
        if self.quota.is_some_and(|q| others + key.len() + value.len() > q) {
            return Err(Full);
        }
        self.values.insert(key.to_string(), value.to_string());
        Ok(())
    }

    fn remove(&mut self, key: &str) {
        self.values.remove(key);
    }

    fn keys(&self) -> Vec<String> {
        self.values.keys().cloned().collect()
    }
}

#[cfg(test)]
mod tests;
