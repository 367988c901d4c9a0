//! What the page opens: a link in the address, else the saved game, else a
//! new standard game; and what a room link does when it is opened (from
//! the address, a pasted reply, or the list of kept rooms).

use std::cell::RefCell;

use crate::browser::take_hash;
use crate::link;
use crate::model::room::{join, merge, restore};
use crate::model::{Action, Model, Notice};
use crate::room::{self, sign, Refusal, Shared, Signal};
use crate::storage;

/// The saved game names the room in progress this way: `room=CODE`.
pub const ROOM_MARK: &str = "room=";

/// The connection data a link carried, for the room of that code.
type LinkSignal = Option<(String, Signal)>;

thread_local! {
    /// The room link the page opened with, followed once the page is up
    /// (its signature is checked by WebCrypto, which answers later).
    static FIRST_LINK: RefCell<Option<String>> = const { RefCell::new(None) };
}

/// The room link the page opened with, once.
pub fn take_first_link() -> Option<String> {
    FIRST_LINK.with(|s| s.borrow_mut().take())
}

/// What the page opens with. A link is removed from the address once read,
/// so a reload resumes the game instead of opening the link again. A room
/// link is followed once the page is up ([`take_first_link`]).
pub fn first_model() -> Model {
    let saved = || {
        storage::load_game()
            .and_then(|saved| match saved.strip_prefix(ROOM_MARK) {
                Some(code) => kept_room(code),
                None => link::parse(&saved).ok().map(Model::from_opened),
            })
            .unwrap_or_default()
    };
    let Some(hash) = take_hash() else {
        return saved();
    };
    if room_payload(&hash).is_none() {
        return open_link(&hash);
    }
    FIRST_LINK.with(|l| *l.borrow_mut() = Some(hash));
    saved()
}

/// The game of a link, or a new standard game with a word on what is
/// wrong with the link.
fn open_link(hash: &str) -> Model {
    match link::parse(hash) {
        Ok(o) => Model::from_opened(o),
        Err(e) => Model {
            notice: Some(Notice::new("link.bad", vec![e.to_string()])),
            ..Model::default()
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
