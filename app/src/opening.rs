//! What the page opens: a link in the address, else the saved game, else a
//! new standard game; and what a room link does when it is opened (from
//! the address, a pasted reply, or the list of kept rooms).

use std::cell::{Cell, RefCell};

use morris_core::{Color, Game, Rules, Setup};

use crate::browser::take_hash;
use crate::editor::{editor_payload, read_editor_link};
use crate::link::{self, Mode, DEFAULT_LEVEL};
use crate::model::room::{join, merge, restore};
use crate::model::{Action, Model, Notice};
use crate::room::{self, sign, Refusal, Shared, Signal};
use crate::storage;
use crate::store::{self, Entry};

/// The saved game names the room in progress this way: `room=CODE`.
pub const ROOM_MARK: &str = "room=";

/// The connection data a link carried, for the room of that code.
type LinkSignal = Option<(String, Signal)>;

thread_local! {
    /// The room link the page opened with, followed once the page is up
    /// (its signature is checked by WebCrypto, which answers later).
    static FIRST_LINK: RefCell<Option<String>> = const { RefCell::new(None) };
    /// Whether the page opened with a link (a game, a room, or one that
    /// could not be read): then it goes straight to the table, without
    /// the first screen.
    static OPENED_LINK: Cell<bool> = const { Cell::new(false) };
    /// The game an analysis link the page opened with names.
    static FIRST_ANALYSIS: RefCell<Option<Game>> = const { RefCell::new(None) };
    /// The position an editor link the page opened with names.
    static FIRST_EDITOR: RefCell<Option<Setup>> = const { RefCell::new(None) };
}

/// The position of the editor link the page opened with, once.
pub fn take_first_editor() -> Option<Setup> {
    FIRST_EDITOR.with(|s| s.borrow_mut().take())
}

/// The game of the analysis link the page opened with, once.
pub fn take_first_analysis() -> Option<Game> {
    FIRST_ANALYSIS.with(|s| s.borrow_mut().take())
}

/// Whether the page greets with its first screen: it does unless it was
/// opened with a link, which says what to play already.
pub fn greets() -> bool {
    !OPENED_LINK.with(Cell::get)
}

/// The table a newcomer finds: Nine Men's Morris against the computer,
/// light (who opens) for the person, so the first tap on the board plays.
pub fn fresh() -> Model {
    Model::new(
        Game::new(Rules::default()),
        Mode::VsEngine {
            level: DEFAULT_LEVEL,
            human: Color::Light,
        },
    )
}

/// The room link the page opened with, once.
pub fn take_first_link() -> Option<String> {
    FIRST_LINK.with(|s| s.borrow_mut().take())
}

/// What the page opens with. A link is removed from the address once read,
/// so a reload resumes the game instead of opening the link again. A room
/// link is followed once the page is up ([`take_first_link`]). The saved
/// game is read first in any case, so that an unreadable one is kept aside
/// before anything is saved over it.
pub fn first_model() -> Model {
    let current = resume();
    let Some(hash) = take_hash() else {
        return current;
    };
    OPENED_LINK.with(|o| o.set(true));
    if let Some(inner) = link::analysis_payload(&hash) {
        return match link::parse(inner) {
            Ok(o) => {
                FIRST_ANALYSIS.with(|a| *a.borrow_mut() = Some(o.game));
                current
            }
            Err(_) => open_link(inner, current),
        };
    }
    if let Some(fields) = editor_payload(&hash) {
        return match read_editor_link(fields) {
            Ok(setup) => {
                FIRST_EDITOR.with(|e| *e.borrow_mut() = Some(setup));
                current
            }
            Err(e) => Model {
                notice: Some(Notice::new("link.bad", vec![e.to_string()])),
                ..current
            },
        };
    }
    if room_payload(&hash).is_none() {
        return open_link(&hash, current);
    }
    FIRST_LINK.with(|l| *l.borrow_mut() = Some(hash));
    current
}

/// The saved game; a new game if there is none. A save that cannot be
/// read is kept aside (under `mulino.broken.<ms>`) and the player told.
fn resume() -> Model {
    let body = match storage::load_game() {
        Ok(None) => return fresh(),
        Ok(Some(body)) => body,
        Err(e) => return kept_aside(store::GAME, e.to_string()),
    };
    if let Some(code) = body.strip_prefix(ROOM_MARK) {
        return match (kept_room(code), storage::load_room(code)) {
            (Some(room), _) => room,
            // The room is gone (forgotten, or never written): nothing to keep.
            (None, None) => fresh(),
            (None, Some(_)) => kept_aside(&format!("{}{code}", store::ROOM), format!("room {code}")),
        };
    }
    match link::parse(&body) {
        Ok(o) => Model::from_opened(o),
        Err(e) => kept_aside(store::GAME, e.to_string()),
    }
}

/// A new game, the save under `key` kept aside, and a word on it.
fn kept_aside(key: &str, why: String) -> Model {
    let notice = match storage::keep_aside(key) {
        Ok(Some(aside)) => Notice::new("save.broken", vec![why, aside]),
        Ok(None) => return fresh(),
        Err(_) => Notice::new("save.broken-held", vec![why]),
    };
    Model {
        notice: Some(notice),
        ..fresh()
    }
}

/// The table a save (a game's link text, or `room=CODE`) opens, for a
/// newer save written by another tab.
pub fn adopt(body: &str) -> Option<Action> {
    match body.strip_prefix(ROOM_MARK) {
        Some(code) => kept_room(code).map(|t| Action::OpenRoom(Box::new(t))),
        None => link::parse(body).ok().map(|o| Action::Open(Box::new(o))),
    }
}

/// Whether a save (link text) is a game worth keeping when another takes
/// its place: readable, begun and unfinished. Rooms keep themselves.
pub fn worth_keeping(body: &str) -> bool {
    !body.starts_with(ROOM_MARK)
        && link::parse(body).is_ok_and(|o| o.game.outcome().is_none() && !o.game.moves().is_empty())
}

/// Whether a kept room's game is over (version 1 kept no mark of it).
pub fn room_over(entry: &Entry) -> bool {
    room::read_link(&entry.body).is_ok_and(|s| restore(&s).outcome().is_some())
}

/// The game of a link; a link that cannot be read leaves `current` on the
/// table, with a word on what is wrong with the link.
fn open_link(hash: &str, current: Model) -> Model {
    match link::parse(hash) {
        Ok(o) => {
            let mut opened = Model::from_opened(o);
            opened.notice = current.notice;
            opened
        }
        Err(e) => Model {
            notice: Some(Notice::new("link.bad", vec![e.to_string()])),
            ..current
        },
    }
}

/// What a link opened while the page is up does: a room link is followed,
/// any other opens its game.
pub fn open_address(
    current: &Model,
    hash: &str,
    send: impl FnMut(Action) + 'static,
    signal: impl FnOnce(String, Signal) + 'static,
) {
    let mut send = send;
    if let Some(payload) = room_payload(hash) {
        return follow_room_link(current, payload, send, signal);
    }
    match link::parse(hash) {
        Ok(o) => send(Action::Open(Box::new(o))),
        Err(e) => send(Action::Notify(Some(Notice::new("link.bad", vec![e.to_string()])))),
    }
}

/// The payload of a room link (`#room=…`, or a whole address holding one,
/// or the payload alone as a reply code), if the text is one.
pub fn room_payload(text: &str) -> Option<&str> {
    let text = text.trim();
    let hash = text.rsplit_once('#').map_or(text, |(_, h)| h);
    hash.strip_prefix(ROOM_MARK)
}

/// A room kept in this browser, by its code.
pub fn kept_room(code: &str) -> Option<Model> {
    let payload = storage::load_room(code)?;
    let shared = room::read_link(&payload).ok()?;
    (shared.room.code == code).then(|| restore(&shared))
}

/// Follows a room link from `current`: once its signature is checked,
/// sends each action it leads to and hands on the connection data it
/// carries (with the room's code).
pub fn follow_room_link(
    current: &Model,
    payload: &str,
    mut send: impl FnMut(Action) + 'static,
    signal: impl FnOnce(String, Signal) + 'static,
) {
    let shared = match room::read_link(payload) {
        Ok(s) => s,
        Err(e) => {
            send(Action::Notify(Some(Notice::new(
                "room.refused",
                vec![e.to_string()],
            ))));
            return mark_followed();
        }
    };
    let current = current.clone();
    wasm_bindgen_futures::spawn_local(async move {
        let shared = sign::check(shared).await;
        let (actions, link_signal) = room_actions(&current, shared);
        for a in actions {
            send(a);
        }
        if let Some((code, s)) = link_signal {
            signal(code, s);
        }
        mark_followed();
    });
}

/// Says on the page (`<html data-room-link="followed">`) that a room link
/// has been followed to its end, its signature checked: a test that
/// opens a link waits for it.
fn mark_followed() {
    if let Some(root) = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.document_element())
    {
        let _ = root.set_attribute("data-room-link", "followed");
    }
}

/// What opening a room link does: brings the open room up to date; opens
/// a kept room and brings it up to date; sits this browser in the free
/// seat of a room it does not have yet; or says why nothing changed.
fn room_actions(current: &Model, shared: Shared) -> (Vec<Action>, LinkSignal) {
    let refused =
        |key: &'static str, why: String| (vec![Action::Notify(Some(Notice::new(key, vec![why])))], None);
    let code = shared.room.code.clone();
    // The connection data only of a link the room takes, from the other
    // side: never one's own offer, never from a refused link.
    let signal = |model: &Model| {
        let from_friend = model.room.as_ref().is_some_and(|r| r.me != shared.from);
        let taken = merge(model, &shared).is_ok();
        (from_friend && taken)
            .then(|| shared.signal.clone().map(|s| (code.clone(), s)))
            .flatten()
    };
    if current.room.as_ref().is_some_and(|r| r.code == code) {
        let signal = signal(current);
        return (vec![Action::Remote(Box::new(shared))], signal);
    }
    if let Some(kept) = kept_room(&code) {
        let signal = signal(&kept);
        return (
            vec![Action::OpenRoom(Box::new(kept)), Action::Remote(Box::new(shared))],
            signal,
        );
    }
    if !storage::room_fits(&code, room_over) {
        return refused("save.rooms-full", store::MAX_ROOMS.to_string());
    }
    match join(&shared, room::clean_name(&storage::load_name())) {
        Ok(t) => (
            vec![Action::OpenRoom(Box::new(t))],
            shared.signal.clone().map(|s| (code.clone(), s)),
        ),
        // A reply from a guest, for a room this browser does not have.
        Err(Refusal::Field(_)) => refused("room.unknown", code),
        Err(why) => refused("room.refused", why.to_string()),
    }
}

#[cfg(test)]
mod tests {
    use morris_core::{Color, Game, Rules};

    use super::*;
    use crate::model::room::share;
    use crate::room::Room;

    #[test]
    fn only_begun_unfinished_games_are_worth_keeping() {
        assert!(worth_keeping("variant=nine&mode=two-players&moves=a1,b2"));
        assert!(!worth_keeping("variant=nine&mode=two-players"), "nothing played");
        assert!(!worth_keeping("variant=nine&moves=a1&end=resign-light"), "over");
        assert!(!worth_keeping("room=k7qm2xpa"), "a room keeps itself");
        assert!(!worth_keeping("variant=ten&moves=a1"), "unreadable");
    }

    #[test]
    fn a_kept_room_saves_back_to_the_same_text() {
        // Tabs compare saves as text: a room taken up from another tab
        // must save to what that tab wrote, or the two would answer each
        // other for ever.
        let host = Room::host("k7qm2xpa".into(), Color::Light, "Ann".into());
        let mut t = Model::new(Game::new(Rules::default()), host.mode());
        t.room = Some(host);
        let Ok(d6) = t.game.position().geometry().parse_point("d6") else {
            unreachable!()
        };
        t.apply(Action::Press(d6));
        t.apply(Action::OfferDraw);
        let Some(r) = t.room.clone() else { unreachable!() };
        let text = share(&t, &r, None).to_link();
        let Ok(shared) = room::read_link(&text) else {
            unreachable!()
        };
        let back = restore(&shared);
        let Some(rb) = back.room.as_ref() else {
            unreachable!()
        };
        assert_eq!(share(&back, rb, None).to_link(), text);
        let entry = Entry::read(&text).unwrap_or_else(|e| unreachable!("{e}"));
        assert!(!room_over(&entry));
    }
}
