//! Saving after every change, and the other tabs of this browser.
//!
//! A room is written under its code, then the saved game names it (a half
//! write leaves the saved game at the older table, whose save is whole);
//! any other game is written as its link. Before a write the stored value
//! is compared with what this tab last wrote or read there: a tab that
//! finds a newer state from another tab takes it up instead of writing
//! over it (`store::decide`), and so does a tab told of one by the
//! `storage` event. An unfinished game that another game replaces goes to
//! the recent games first; if that cannot be written, neither is the new
//! game. Rooms let go to make space for another take their seat keys with
//! them. A failed write is said once, until a write succeeds again.

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::EventListener;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::link;
use crate::model::room::{share, summary, Summary};
use crate::model::{Action, Model, Notice};
use crate::opening::{adopt, kept_room, room_over, worth_keeping, ROOM_MARK};
use crate::room::sign;
use crate::storage;
use crate::store::{self, Decision, Entry, SaveError};

/// A recent game, for its line in the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Recent {
    pub id: String,
    pub variant: &'static str,
    /// The moves the move list numbers (`Game::moves_numbered`).
    pub moves: usize,
    pub against_computer: bool,
}

/// The kept rooms, the recent games, and how to read them again.
#[derive(Clone, Debug, PartialEq)]
pub struct Saved {
    pub rooms: Vec<Summary>,
    pub recent: Vec<Recent>,
    pub refresh: Callback<()>,
}

/// What this tab last wrote or read: the saved game, the room's save.
#[derive(Debug, Default)]
struct Bases {
    game: Option<String>,
    room: Option<(String, String)>,
    replaced: Option<u32>,
    failing: bool,
}

/// The saved forms of the table: the saved game, and the room's save
/// (code, payload, over).
fn saved_forms(model: &Model) -> (String, Option<(String, String, bool)>) {
    match &model.room {
        Some(r) => (
            format!("{ROOM_MARK}{}", r.code),
            Some((
                r.code.clone(),
                share(model, r, None).to_link(),
                model.outcome().is_some(),
            )),
        ),
        None => (model.link(), None),
    }
}

/// Saves `model` whenever its saved form changes and follows the other
/// tabs; `latest` is the model as last rendered.
#[hook]
pub fn use_saving(model: &Model, send: Callback<Action>, latest: Rc<RefCell<Rc<Model>>>) -> Saved {
    let lists = use_state(|| (Vec::<Summary>::new(), Vec::<Recent>::new()));
    let bases = use_mut_ref(Bases::default);
    let (game, room) = saved_forms(model);
    {
        let (bases, send, lists) = (bases.clone(), send.clone(), lists.clone());
        // A word already on the table (a link refused…) is not covered by
        // the one on a game kept: the list of recent games shows it anyway.
        let quiet = model.notice.is_some();
        use_effect_with((game, room, model.replaced), move |(game, room, replaced)| {
            let forms = Forms {
                game,
                room: room.as_ref(),
                replaced: *replaced,
                quiet,
            };
            save(&mut bases.borrow_mut(), &forms, &send);
            lists.set(read_lists());
        });
    }
    {
        let lists = lists.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().map(|w| {
                EventListener::new(&w, "storage", move |e| {
                    let taken = e
                        .dyn_ref::<web_sys::StorageEvent>()
                        .is_some_and(|e| from_other_tab(e, &latest.borrow(), &mut bases.borrow_mut(), &send));
                    // A state taken up is saved, and the lists read, as it renders.
                    if !taken {
                        lists.set(read_lists());
                    }
                })
            });
            move || drop(listener)
        });
    }
    let refresh = {
        let lists = lists.clone();
        Callback::from(move |()| lists.set(read_lists()))
    };
    Saved {
        rooms: lists.0.clone(),
        recent: lists.1.clone(),
        refresh,
    }
}

/// The table's saved forms and what saving them may say.
struct Forms<'a> {
    game: &'a str,
    room: Option<&'a (String, String, bool)>,
    replaced: u32,
    /// Whether a game kept goes unsaid (the table says something else).
    quiet: bool,
}

/// Writes the table's saved forms (see the module's documentation).
fn save(bases: &mut Bases, forms: &Forms, send: &Callback<Action>) {
    let Forms {
        game,
        room,
        replaced,
        quiet,
    } = *forms;
    let notify =
        |key: &'static str, args: Vec<String>| send.emit(Action::Notify(Some(Notice::new(key, args))));
    let mut failed = false;
    if let Some((code, payload, over)) = room {
        let base = bases
            .room
            .as_ref()
            .filter(|(c, _)| c == code)
            .map(|(_, p)| p.as_str());
        let stored = storage::load_room(code);
        match store::decide(base, stored.as_deref(), payload) {
            Decision::Skip => bases.room = Some((code.clone(), payload.clone())),
            Decision::Stale => {
                bases.room = stored.map(|s| (code.clone(), s));
                if let Some(t) = kept_room(code) {
                    send.emit(Action::OpenRoom(Box::new(t)));
                    notify("save.other-tab", Vec::new());
                }
                return;
            }
            // The base moves only with a write that worked: a failed one
            // must not make the stored room look newer than this tab's.
            Decision::Write => match storage::save_room(code, payload, *over, room_over) {
                Ok(evicted) => {
                    sign::forget_seats(evicted);
                    bases.room = Some((code.clone(), payload.clone()));
                }
                Err(SaveError::RoomsFull) => {
                    notify("save.rooms-full", vec![store::MAX_ROOMS.to_string()]);
                    return;
                }
                Err(SaveError::Full(_)) => failed = true,
            },
        }
    }
    let stored = storage::stored_game();
    let replacing = bases.replaced != Some(replaced);
    if let Some(old) = stored
        .as_deref()
        .filter(|old| replacing && *old != game && worth_keeping(old))
    {
        match storage::keep_recent(old) {
            Ok(()) if quiet => {}
            Ok(()) => notify("save.kept", Vec::new()),
            // Tried again at the next change; the old game stays saved.
            Err(_) => return failing(bases, true, send),
        }
    }
    bases.replaced = Some(replaced);
    match store::decide(bases.game.as_deref(), stored.as_deref(), game) {
        Decision::Skip => bases.game = Some(game.to_string()),
        Decision::Stale => {
            bases.game.clone_from(&stored);
            if let Some(a) = stored.as_deref().and_then(adopt) {
                send.emit(a);
                notify("save.other-tab", Vec::new());
            }
            return;
        }
        Decision::Write => match storage::save_game(game) {
            Ok(()) => bases.game = Some(game.to_string()),
            Err(_) => failed = true,
        },
    }
    failing(bases, failed, send);
}

/// Says once that saving fails, until it works again.
fn failing(bases: &mut Bases, failed: bool, send: &Callback<Action>) {
    if failed && !bases.failing {
        send.emit(Action::Notify(Some(Notice::new("save.failed", Vec::new()))));
    }
    bases.failing = failed;
}

/// Another tab wrote a save: the table takes up a newer state of what it
/// shows (the saved game, or the room on the table); whether it did.
fn from_other_tab(
    e: &web_sys::StorageEvent,
    model: &Model,
    bases: &mut Bases,
    send: &Callback<Action>,
) -> bool {
    let (Some(key), Some(value)) = (e.key(), e.new_value()) else {
        return false;
    };
    let Ok(entry) = Entry::read(&value) else {
        return false;
    };
    let (game, room) = saved_forms(model);
    let action = if key == store::GAME {
        bases.game = Some(entry.body.clone());
        (entry.body != game).then(|| adopt(&entry.body)).flatten()
    } else {
        let Some((code, payload, _)) = room.filter(|(c, ..)| key.strip_prefix(store::ROOM) == Some(c)) else {
            return false;
        };
        bases.room = Some((code.clone(), entry.body.clone()));
        (entry.body != payload)
            .then(|| kept_room(&code).map(|t| Action::OpenRoom(Box::new(t))))
            .flatten()
    };
    let Some(a) = action else { return false };
    send.emit(a);
    send.emit(Action::Notify(Some(Notice::new("save.other-tab", Vec::new()))));
    true
}

/// The kept rooms and the recent games, as stored now.
fn read_lists() -> (Vec<Summary>, Vec<Recent>) {
    let rooms = storage::rooms(room_over)
        .iter()
        .filter_map(|k| kept_room(&k.code))
        .filter_map(|t| summary(&t))
        .collect();
    let recent = storage::recent()
        .into_iter()
        .filter_map(|(id, e)| {
            let o = link::parse(&e.body).ok()?;
            Some(Recent {
                id,
                variant: o.game.rules().variant.id(),
                moves: o.game.moves_numbered(),
                against_computer: o.mode.engine().is_some(),
            })
        })
        .collect();
    (rooms, recent)
}
