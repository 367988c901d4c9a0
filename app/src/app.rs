//! The app: the table's reducer wired to the board, the seats and the
//! buttons; the engine worker; saving after every change; links; sounds.

use std::rc::Rc;

use gloo_events::EventListener;
use morris_core::Color;
use wasm_bindgen::JsCast;
use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

use crate::dialog::NewGameDialog;
use crate::engine::{EngineLink, FromWorker, Request};
use crate::i18n::Lang;
use crate::link::{self, Mode};
use crate::room::live::use_live;
use crate::room::view::{room_bar, room_list, Connection};
use crate::room::{self, Role, Room, Signal};
use crate::sound::{self, Sound};
use crate::state::{Action, Notice, Table};
use crate::storage;
use crate::table::{action_button, color_name, icon, status, MoveList, Seat};
use crate::tablebase;
use morris_board::Board;

/// The shortest time between the person's turn and the computer's answer,
/// so the eye can follow both.
const ENGINE_PAUSE_MS: f64 = 350.0;

/// The sound switch's icons: a speaker with waves, and one struck through.
const SOUND_ON: &str = "M4 9h4l5-4v14l-5-4H4zM16 8.5a5 5 0 0 1 0 7M18.5 6a8.5 8.5 0 0 1 0 12";
const SOUND_OFF: &str = "M4 9h4l5-4v14l-5-4H4zM16 9l5 6M21 9l-5 6";

/// What the page opens with: a link in the address, else the saved game,
/// else a new standard game. A link is removed from the address once read,
/// so a reload resumes the game instead of opening the link again.
fn first_table() -> Table {
    let saved = || {
        storage::load_game()
            .and_then(|saved| match saved.strip_prefix(ROOM_MARK) {
                Some(code) => kept_room(code),
                None => link::parse(&saved).ok().map(Table::from_opened),
            })
            .unwrap_or_default()
    };
    match take_hash() {
        Some(hash) => match room_payload(&hash) {
            Some(payload) => {
                let mut t = saved();
                let (actions, signal) = room_actions(&t, payload);
                for a in actions {
                    t.apply(a);
                }
                FIRST_SIGNAL.with(|s| *s.borrow_mut() = signal);
                t
            }
            None => open_link(&hash),
        },
        None => saved(),
    }
}

/// The saved game names the room in progress this way: `room=CODE`.
const ROOM_MARK: &str = "room=";

/// The payload of a room link (`#room=…`, or a whole address holding one,
/// or the payload alone as a reply code), if the text is one.
fn room_payload(text: &str) -> Option<&str> {
    let text = text.trim();
    let hash = text.rsplit_once('#').map_or(text, |(_, h)| h);
    hash.strip_prefix(ROOM_MARK)
}

/// A room kept in this browser, by its code.
fn kept_room(code: &str) -> Option<Table> {
    let payload = storage::load_room(code)?;
    let shared = room::read_link(&payload).ok()?;
    (shared.room.code == code).then(|| room::restore(&shared))
}

/// What opening a room link does: brings the open room up to date; opens
/// a kept room and brings it up to date; sits this browser in the free
/// seat of a room it does not have yet; or says why nothing changed.
/// The connection data a link carried, for the room of that code.
type LinkSignal = Option<(String, Signal)>;

fn room_actions(current: &Table, payload: &str) -> (Vec<Action>, LinkSignal) {
    let refused =
        |key: &'static str, why: String| (vec![Action::Notify(Some(Notice::new(key, vec![why])))], None);
    let shared = match room::read_link(payload) {
        Ok(s) => s,
        Err(e) => return refused("room.refused", e.to_string()),
    };
    let code = shared.room.code.clone();
    // The connection data only of a link the room takes, from the other
    // side: never one's own offer, never from a refused link.
    let signal = |table: &Table| {
        let from_friend = table.room.as_ref().is_some_and(|r| r.me != shared.from);
        let taken = room::merge(table, &shared).is_ok();
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
    match room::join(&shared, room::clean_name(&storage::load_name())) {
        Ok(t) => (
            vec![Action::OpenRoom(Box::new(t))],
            shared.signal.clone().map(|s| (code.clone(), s)),
        ),
        Err(_) => refused("room.unknown", code),
    }
}

thread_local! {
    /// The connection data of the link the page opened with, for the
    /// live connection once the page is up.
    static FIRST_SIGNAL: std::cell::RefCell<LinkSignal> = const { std::cell::RefCell::new(None) };
}

/// The address of the page without its fragment.
fn base_url() -> String {
    web_sys::window()
        .and_then(|w| w.location().href().ok())
        .map(|h| h.split('#').next().unwrap_or_default().to_string())
        .unwrap_or_default()
}

/// Writes text to the clipboard (where the browser allows it) and selects
/// it in its read-only field, so it can be copied by hand too.
fn copy_text(text: &str, field: &NodeRef) {
    if let Some(input) = field.cast::<web_sys::HtmlInputElement>() {
        input.set_value(text);
        input.select();
    }
    if let Some(w) = web_sys::window() {
        let _ = w.navigator().clipboard().write_text(text);
    }
}

fn open_link(hash: &str) -> Table {
    match link::parse(hash) {
        Ok(o) => Table::from_opened(o),
        Err(e) => Table {
            notice: Some(Notice::new("link.bad", vec![e.to_string()])),
            ..Table::default()
        },
    }
}

/// The fragment of the address, if it holds something, and clears it.
fn take_hash() -> Option<String> {
    let window = web_sys::window()?;
    let location = window.location();
    let hash = location.hash().ok()?;
    let hash = hash.trim_start_matches('#').to_string();
    if hash.is_empty() {
        return None;
    }
    let plain = format!("{}{}", location.pathname().ok()?, location.search().ok()?);
    if let Ok(history) = window.history() {
        let _ = history.replace_state_with_url(&wasm_bindgen::JsValue::NULL, "", Some(&plain));
    }
    Some(hash)
}

fn now_ms() -> f64 {
    js_sys::Date::now()
}

/// Runs `f` when the browser is idle (soon after loading), or after a short
/// timeout where there is no `requestIdleCallback`.
fn when_idle(f: impl FnOnce() + 'static) {
    let f = std::rc::Rc::new(std::cell::Cell::new(Some(f)));
    let run = {
        let f = f.clone();
        move || {
            if let Some(f) = f.take() {
                f();
            }
        }
    };
    let scheduled = web_sys::window().is_some_and(|w| {
        let cb = wasm_bindgen::closure::Closure::once_into_js(run.clone());
        w.request_idle_callback(cb.unchecked_ref()).is_ok()
    });
    if !scheduled {
        gloo_timers::callback::Timeout::new(100, run).forget();
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Panel {
    None,
    NewGame,
    /// The new-game dialog set to open a room.
    Room,
}

#[function_component(App)]
pub fn app() -> Html {
    let table = use_reducer(first_table);
    let lang = use_state(|| {
        storage::load_lang()
            .unwrap_or_else(|| Lang::pick(storage::browser_languages().iter().map(String::as_str)))
    });
    let sound_on = use_state(storage::load_sound);
    let panel = use_state(|| Panel::None);
    let bridge = use_mut_ref(|| None::<EngineLink>);
    // The running worker is the one with the endgame tables; that worker
    // could not start (offline before it was ever fetched): the other one
    // plays on, without tables.
    let bridge_tables = use_mut_ref(|| false);
    let tables_broken = use_mut_ref(|| false);
    // The last move or hint asked, to ask again of a replacing worker.
    let last_asked = use_mut_ref(|| None::<Request>);
    let ensure_slot = use_mut_ref(|| None::<Rc<dyn Fn(bool)>>);
    // The endgame tables' value of the position of this epoch, if known.
    let perfect = use_state(|| None::<(u32, morris_core::solve::Value)>);
    let asked_at = use_mut_ref(|| 0.0_f64);
    let record_ref = use_node_ref();
    let invite_ref = use_node_ref();
    let friend_ref = use_node_ref();
    let paste_ref = use_node_ref();
    let live = {
        let d = table.dispatcher();
        use_live(Callback::from(move |a: Action| d.dispatch(a)))
    };
    let rooms = use_state(Vec::<room::Summary>::new);
    let lang_v = *lang;
    // The table as last rendered, for listeners set up once.
    let latest = use_mut_ref(|| Rc::new((*table).clone()));
    *latest.borrow_mut() = Rc::new((*table).clone());

    // Save after every change: a room under its code (and the list of
    // rooms), any other game as its link.
    {
        let saved = match &table.room {
            Some(r) => format!("{ROOM_MARK}{}", room::share(&table, r, None).to_text()),
            None => table.link(),
        };
        let code = table.room.as_ref().map(|r| r.code.clone());
        let rooms = rooms.clone();
        let t = (*table).clone();
        use_effect_with(saved, move |saved| {
            match (code, t.room.as_ref()) {
                (Some(code), Some(r)) => {
                    storage::save_room(&code, &room::share(&t, r, None).to_link());
                    storage::save_game(&format!("{ROOM_MARK}{code}"));
                }
                _ => storage::save_game(saved),
            }
            let list = storage::room_codes()
                .iter()
                .filter_map(|c| kept_room(c))
                .filter_map(|t| room::summary(&t))
                .collect();
            rooms.set(list);
        });
    }

    // The language of the document follows the interface.
    use_effect_with(lang_v, |l| {
        if let Some(el) = web_sys::window()
            .and_then(|w| w.document())
            .and_then(|d| d.document_element())
        {
            let _ = el.set_attribute("lang", l.code());
        }
    });

    // The live connection: a reply handed over by another tab, and the
    // link the page opened with.
    {
        let live = live.clone();
        use_effect_with((), move |_| {
            let listener = live.listen();
            if let Some((code, signal)) = FIRST_SIGNAL.with(|s| s.borrow_mut().take()) {
                live.signal_from_link(&code, signal);
            }
            move || {
                if let Some((bc, _handler)) = listener {
                    bc.close();
                }
            }
        });
    }
    // Another room on the table drops the connection of the last one; the
    // host's page offers a connection while the seat is free, so the
    // invite link carries it.
    {
        let live = live.clone();
        let key = table
            .room
            .as_ref()
            .map(|r| (r.code.clone(), r.me == Role::Host && !r.joined));
        let connection = live.connection;
        use_effect_with((key, connection), move |(key, connection)| match key {
            Some((code, invite)) => {
                if *invite && *connection == Connection::ByLink && !live.busy(code) {
                    live.connect(code, true);
                } else if !live.busy(code) && *connection == Connection::Live {
                    live.reset();
                }
            }
            None => {
                if *connection != Connection::ByLink {
                    live.reset();
                }
            }
        });
    }
    {
        let outgoing = table
            .room
            .as_ref()
            .map(|r| (room::share(&table, r, None).to_text(), r.seq[r.me.index()]));
        let live = live.clone();
        use_effect_with(outgoing, move |outgoing| {
            if let Some((json, seq)) = outgoing {
                live.update(json.clone(), *seq);
            }
        });
    }

    // The engine's worker, started on first need, or with the first render
    // when the computer sits at the table: starting it then never holds up
    // a turn (the same goes for the sounds' audio context). When a game
    // needs the endgame tables, the worker that has them takes the other's
    // place and stays (see `tablebase`).
    let ensure_bridge = {
        let dispatcher = table.dispatcher();
        let bridge = bridge.clone();
        let bridge_tables = bridge_tables.clone();
        let asked_at = asked_at.clone();
        let perfect = perfect.clone();
        let tables_broken = tables_broken.clone();
        let last_asked = last_asked.clone();
        let ensure_slot = ensure_slot.clone();
        Rc::new(move |tables: bool| {
            let mut slot = bridge.borrow_mut();
            let broken = *tables_broken.borrow();
            let tables = tables && !broken;
            let has_tables = *bridge_tables.borrow();
            if slot.is_some() && ((has_tables && !broken) || !tables && !has_tables) {
                return;
            }
            let d = dispatcher.clone();
            let asked_at = asked_at.clone();
            let perfect = perfect.clone();
            let fallback = {
                let tables_broken = tables_broken.clone();
                let last_asked = last_asked.clone();
                let ensure_slot = ensure_slot.clone();
                let bridge = bridge.clone();
                move || {
                    *tables_broken.borrow_mut() = true;
                    let (ensure_slot, bridge, last_asked) =
                        (ensure_slot.clone(), bridge.clone(), last_asked.clone());
                    // Later: the failing link's own handler is running now.
                    gloo_timers::callback::Timeout::new(0, move || {
                        let ensure = ensure_slot.borrow().clone();
                        if let Some(ensure) = ensure {
                            ensure(false);
                        }
                        if let (Some(b), Some(r)) = (bridge.borrow().as_ref(), last_asked.borrow().as_ref()) {
                            b.send(r);
                        }
                    })
                    .forget();
                }
            };
            let on_message = move |msg: FromWorker| {
                let d = d.clone();
                let reply = match msg {
                    FromWorker::Reply(reply) => reply,
                    FromWorker::Failed(_) if tables => return fallback(),
                    FromWorker::Failed(why) => return d.dispatch(Action::EngineFailed(why)),
                    FromWorker::Ready => return,
                    FromWorker::Table { epoch, value } => return perfect.set(value.map(|v| (epoch, v))),
                };
                let action = match (reply.hint, reply.text) {
                    (true, Some(text)) => Action::Suggestion {
                        epoch: reply.epoch,
                        text,
                    },
                    (false, Some(text)) => Action::EngineMove {
                        epoch: reply.epoch,
                        text,
                        score: reply.score,
                    },
                    (_, None) => return,
                };
                let wait = ENGINE_PAUSE_MS - (now_ms() - *asked_at.borrow());
                if wait > 0.0 && matches!(action, Action::EngineMove { .. }) {
                    gloo_timers::callback::Timeout::new(wait as u32, move || d.dispatch(action)).forget();
                } else {
                    d.dispatch(action);
                }
            };
            // A worker that cannot start is an error on the table, never a
            // panic: two people still play.
            let script = if tables {
                "./worker-tables.js"
            } else {
                "./worker.js"
            };
            // The worker it replaces ends with its link.
            *slot = None;
            match EngineLink::spawn(script, on_message) {
                Ok(link) => {
                    *slot = Some(link);
                    *bridge_tables.borrow_mut() = tables;
                }
                Err(why) => dispatcher.dispatch(Action::EngineFailed(why)),
            }
        })
    };
    *ensure_slot.borrow_mut() = Some(ensure_bridge.clone());
    {
        let ensure = ensure_bridge.clone();
        let engine_seated = table.mode.engine().is_some();
        use_effect_with(engine_seated, move |&seated| {
            if seated {
                ensure(false);
            }
        });
    }

    // One update right after the first render, while the page is still
    // loading: the browser compiles the code of an update (the reducer, the
    // diff) on first use, which would otherwise hold up the first click.
    {
        let dispatcher = table.dispatcher();
        let notice = table.notice.clone();
        use_effect_with((), move |_| dispatcher.dispatch(Action::Notify(notice)));
    }

    // Ask the engine for its move or a hint when one is due, and the
    // tables for their value.
    {
        let bridge = bridge.clone();
        let asked_at = asked_at.clone();
        let last_asked = last_asked.clone();
        let ensure = ensure_bridge.clone();
        let wants_move = table.engine_to_move() && table.view.is_none();
        let wants_hint = table.hint_pending;
        let level = match table.mode {
            Mode::VsEngine { level, .. } => level,
            Mode::TwoPlayers { .. } => link::DEFAULT_LEVEL,
        };
        let game = table.game.clone();
        // A position the tables cover: their value is asked of the worker
        // that has them (which then loads them, once).
        let tables = tablebase::files(table.game.position()).is_some();
        let covered = tables && table.outcome().is_none();
        use_effect_with(
            (table.epoch, wants_move, wants_hint),
            move |&(epoch, wants_move, wants_hint)| {
                if covered {
                    ensure(true);
                    if let Some(b) = bridge.borrow().as_ref() {
                        b.send(&Request::probe(epoch, &game));
                    }
                }
                if wants_move || wants_hint {
                    ensure(tables);
                    let request = Request::new(epoch, &game, level, !wants_move);
                    if let Some(b) = bridge.borrow().as_ref() {
                        *asked_at.borrow_mut() = now_ms();
                        b.send(&request);
                    }
                    *last_asked.borrow_mut() = Some(request);
                }
            },
        );
    }

    // Sounds for each new turn and for the end.
    {
        let on = *sound_on;
        use_effect_with(on, |&on| {
            if on {
                sound::prepare();
                when_idle(sound::warm_up);
            }
        });
    }
    {
        let plies = table.game.moves().len();
        let last = table.game.moves().last().copied();
        let over = table.outcome().is_some();
        let seen = use_mut_ref(|| plies);
        let on = *sound_on;
        use_effect_with((plies, over), move |&(plies, over)| {
            let before = std::mem::replace(&mut *seen.borrow_mut(), plies);
            if on && plies == before + 1 {
                let sounds: Vec<Sound> = match last {
                    Some(m) if m.removals().any() => vec![Sound::Remove],
                    Some(m) if m.is_placement() => vec![Sound::Place],
                    Some(_) => vec![Sound::Slide],
                    None => Vec::new(),
                }
                .into_iter()
                .chain(over.then_some(Sound::End))
                .collect();
                // In a task of its own, after the board is drawn: the
                // first sound wakes the audio device, which takes a while.
                gloo_timers::callback::Timeout::new(0, move || sounds.into_iter().for_each(sound::play))
                    .forget();
            }
        });
    }

    // Escape anywhere drops the turn being put together; a new link in
    // the address opens its game.
    {
        let dispatcher = table.dispatcher();
        let latest = latest.clone();
        let live = live.clone();
        use_effect_with((), move |_| {
            let mut listeners = Vec::new();
            if let Some(window) = web_sys::window() {
                let d = dispatcher.clone();
                listeners.push(EventListener::new(&window, "keydown", move |e| {
                    if let Some(k) = e.dyn_ref::<KeyboardEvent>() {
                        if k.key() == "Escape" {
                            d.dispatch(Action::Cancel);
                        }
                    }
                }));
                let d = dispatcher.clone();
                let latest = latest.clone();
                let live = live.clone();
                listeners.push(EventListener::new(&window, "hashchange", move |_| {
                    if let Some(hash) = take_hash() {
                        if let Some(payload) = room_payload(&hash) {
                            let current = latest.borrow().clone();
                            let (actions, signal) = room_actions(&current, payload);
                            for a in actions {
                                d.dispatch(a);
                            }
                            if let Some((code, signal)) = signal {
                                live.signal_from_link(&code, signal);
                            }
                            return;
                        }
                        match link::parse(&hash) {
                            Ok(o) => d.dispatch(Action::Open(Box::new(o))),
                            Err(e) => {
                                d.dispatch(Action::Notify(Some(Notice::new("link.bad", vec![e.to_string()]))))
                            }
                        }
                    }
                }));
            }
            move || drop(listeners)
        });
    }

    let send = {
        let dispatcher = table.dispatcher();
        Callback::from(move |a: Action| dispatcher.dispatch(a))
    };
    let click = |a: Action| {
        let send = send.clone();
        Callback::from(move |_: MouseEvent| send.emit(a.clone()))
    };

    let t: Rc<Table> = Rc::new((*table).clone());
    let pos = *t.shown();
    let geometry = pos.geometry();
    let at_live_ply = t.view.is_none();
    let hints = if at_live_ply {
        t.hints()
    } else {
        Default::default()
    };
    let mut pieces: Vec<Option<Color>> = geometry.points().map(|p| pos.piece_at(p)).collect();
    // While removals are due, the piece already stands where it went and
    // the pieces picked so far are gone.
    if at_live_ply && t.turn.removing() {
        let mut put = |p: morris_core::Point, c: Option<Color>| {
            if let Some(slot) = pieces.get_mut(p.index()) {
                *slot = c;
            }
        };
        if let Some(from) = t.turn.from {
            put(from, None);
        }
        if let Some(to) = t.turn.to {
            put(to, Some(pos.turn()));
        }
        for &r in &t.turn.removals {
            put(r, None);
        }
    }
    let labels: Vec<AttrValue> = geometry
        .points()
        .map(|p| {
            let name = geometry.coord(p).to_string();
            AttrValue::from(match pieces.get(p.index()).copied().flatten() {
                Some(Color::Light) => lang_v.fmt("point.light", &[&name]),
                Some(Color::Dark) => lang_v.fmt("point.dark", &[&name]),
                None => lang_v.fmt("point.empty", &[&name]),
            })
        })
        .collect();
    let variant_name = lang_v.t(&format!("variant.{}", t.game.rules().variant.id()));
    let (status_value, status_text) = status(&t, lang_v);
    let perfect_line = match *perfect {
        Some((epoch, v)) if epoch == t.epoch && t.outcome().is_none() => {
            let (value, text) = tablebase::describe(lang_v, v);
            html! { <p class="perfect" data-perfect={value}>{ text }</p> }
        }
        _ => html! {},
    };
    let over = t.outcome().is_some();
    let announce = match (t.game.moves().last(), t.game.positions().iter().rev().nth(1)) {
        (Some(&m), Some(before)) => {
            let who = color_name(lang_v, before.turn());
            let mut s = lang_v.fmt("announce.move", &[&who, &before.notation(m)]);
            if over {
                s = format!("{s}. {status_text}");
            }
            s
        }
        _ => status_text.clone(),
    };

    let board = html! {
        <Board board={geometry.kind()} {pieces} flipped={t.mode.bottom() == Color::Dark}
               targets={hints.targets} removable={hints.removable} movable={hints.movable}
               selected={if at_live_ply { t.turn.from } else { None }} cursor={t.cursor}
               last_move={t.shown_last_move()} suggestion={if at_live_ply { t.suggestion } else { None }}
               {labels} label={lang_v.fmt("board.label", &[&variant_name])}
               interactive={t.accepts_input()}
               on_press={send.reform(Action::Press)} on_cursor={send.reform(Action::Cursor)}
               on_cancel={send.reform(|()| Action::Cancel)} />
    };

    // Offers and confirmations waiting for an answer.
    let pending = if t.confirm_resign {
        Some(html! {
            <div class="pending" role="alertdialog" aria-label={lang_v.t("resign.ask")}>
                <p>{ lang_v.t("resign.ask") }</p>
                <div class="row">
                    { action_button(lang_v, "confirm", true, click(Action::Confirm), true) }
                    { action_button(lang_v, "cancel", true, click(Action::CancelDialog), false) }
                </div>
            </div>
        })
    } else if t
        .room
        .as_ref()
        .is_some_and(|r| Some(r.my_color()) == t.draw_offer)
    {
        Some(html! {
            <div class="pending waiting" role="status" data-waiting="draw">
                <p>{ lang_v.t("room.draw-waiting") }</p>
            </div>
        })
    } else if let Some(r) = t.room.as_ref().filter(|r| r.rematch_by.is_some() && over) {
        Some(if r.rematch_by == Some(r.me) {
            html! {
                <div class="pending waiting" role="status" data-waiting="rematch">
                    <p>{ lang_v.t("room.rematch-waiting") }</p>
                    <div class="row">{ action_button(lang_v, "cancel", true, click(Action::CancelDialog), false) }</div>
                </div>
            }
        } else {
            html! {
                <div class="pending" role="alertdialog">
                    <p>{ lang_v.t("room.rematch-offered") }</p>
                    <div class="row">
                        { action_button(lang_v, "accept-rematch", true, click(Action::AcceptRematch), true) }
                        { action_button(lang_v, "cancel", true, click(Action::CancelDialog), false) }
                    </div>
                </div>
            }
        })
    } else if let Some(by) = t.draw_offer {
        Some(html! {
            <div class="pending" role="alertdialog">
                <p>{ lang_v.fmt("draw.offered", &[&color_name(lang_v, by)]) }</p>
                <div class="row">
                    { action_button(lang_v, "accept-draw", true, click(Action::AcceptDraw), true) }
                    { action_button(lang_v, "decline-draw", true, click(Action::DeclineDraw), false) }
                </div>
            </div>
        })
    } else if t.rematch_offer {
        Some(html! {
            <div class="pending" role="alertdialog">
                <p>{ lang_v.t("rematch.offered") }</p>
                <div class="row">
                    { action_button(lang_v, "accept-rematch", true, click(Action::AcceptRematch), true) }
                    { action_button(lang_v, "cancel", true, click(Action::CancelDialog), false) }
                </div>
            </div>
        })
    } else {
        None
    };

    let notice = t.notice.as_ref().map(|n| {
        let args: Vec<&str> = n.args.iter().map(String::as_str).collect();
        let text = lang_v.fmt(n.key, &args);
        html! {
            <div class="notice" role="status" data-notice={n.key}>
                <span>{ text }</span>
                <button type="button" class="close" aria-label="×" onclick={click(Action::Notify(None))}>{ "×" }</button>
            </div>
        }
    });
    let hint_text = if t.hint_pending {
        Some(lang_v.t("hint.thinking"))
    } else {
        t.suggestion
            .map(|m| lang_v.fmt("hint.show", &[&t.game.position().notation(m)]))
    };

    // Said once: by the status line when the computer is to move, else here.
    let engine_error = t
        .engine_error
        .as_ref()
        .filter(|_| !t.engine_to_move())
        .map(|why| lang_v.fmt("engine.unavailable", &[why]));

    let can_undo = match t.mode {
        Mode::TwoPlayers { .. } => !t.game.moves().is_empty(),
        // Only back to a turn of the person's own.
        Mode::VsEngine { human, .. } => t
            .game
            .positions()
            .split_last()
            .is_some_and(|(_, before)| before.iter().any(|p| p.turn() == human)),
    };
    let in_room = t.room.is_some();
    let rematch_open = t.room.as_ref().is_some_and(|r| r.rematch_by.is_some());
    // Offers and resigning wait for the friend to sit down.
    let seated = t.room.as_ref().is_some_and(|r| r.joined);
    let controls = if in_room {
        if over {
            html! {
                <div class="controls">
                    if !rematch_open { { action_button(lang_v, "rematch", true, click(Action::Rematch), true) } }
                </div>
            }
        } else {
            html! {
                <div class="controls">
                    if t.draw_offer.is_none() && seated { { action_button(lang_v, "offer-draw", !t.confirm_resign, click(Action::OfferDraw), false) } }
                    if !t.confirm_resign && seated { { action_button(lang_v, "resign", true, click(Action::Resign), false) } }
                </div>
            }
        }
    } else if over {
        html! {
            <div class="controls">
                if !t.rematch_offer { { action_button(lang_v, "rematch", true, click(Action::Rematch), true) } }
                { action_button(lang_v, "undo", can_undo, click(Action::Undo), false) }
                { action_button(lang_v, "new-game", true, { let panel = panel.clone(); Callback::from(move |_| panel.set(Panel::NewGame)) }, false) }
            </div>
        }
    } else {
        html! {
            <div class="controls">
                { action_button(lang_v, "undo", can_undo, click(Action::Undo), false) }
                { action_button(lang_v, "redo", !t.redo.is_empty(), click(Action::Redo), false) }
                { action_button(lang_v, "hint", t.accepts_input() && !t.hint_pending && t.engine_error.is_none(), click(Action::AskHint), false) }
                if t.draw_offer.is_none() { { action_button(lang_v, "offer-draw", !t.confirm_resign, click(Action::OfferDraw), false) } }
                if !t.confirm_resign { { action_button(lang_v, "resign", true, click(Action::Resign), false) } }
            </div>
        }
    };

    let copy = |what: &'static str| {
        let t = t.clone();
        let record_ref = record_ref.clone();
        let send = send.clone();
        Callback::from(move |_: MouseEvent| {
            let text = match what {
                "record" => t.game.record(),
                "position" => t.shown().to_string(),
                _ => {
                    let base = web_sys::window()
                        .and_then(|w| w.location().href().ok())
                        .map(|h| h.split('#').next().unwrap_or_default().to_string())
                        .unwrap_or_default();
                    format!("{base}#{}", t.link())
                }
            };
            if let Some(area) = record_ref.cast::<HtmlTextAreaElement>() {
                area.set_value(&text);
                area.select();
            }
            if let Some(w) = web_sys::window() {
                let _ = w.navigator().clipboard().write_text(&text);
            }
            send.emit(Action::Notify(Some(Notice::new("record.copied", Vec::new()))));
        })
    };
    let load = {
        let record_ref = record_ref.clone();
        let send = send.clone();
        let mode = t.mode;
        Callback::from(move |_: MouseEvent| {
            let Some(area) = record_ref.cast::<HtmlTextAreaElement>() else {
                return;
            };
            match link::read_paste(&area.value(), mode) {
                Ok(o) => send.emit(Action::Open(Box::new(o))),
                Err(e) => send.emit(Action::Notify(Some(Notice::new("record.bad", vec![e])))),
            }
        })
    };

    let on_lang = {
        let lang = lang.clone();
        Callback::from(move |e: Event| {
            if let Some(sel) = e.target_dyn_into::<web_sys::HtmlSelectElement>() {
                if let Some(l) = Lang::from_code(&sel.value()) {
                    storage::save_lang(l);
                    lang.set(l);
                }
            }
        })
    };
    let toggle_sound = {
        let sound_on = sound_on.clone();
        Callback::from(move |_: MouseEvent| {
            let on = !*sound_on;
            storage::save_sound(on);
            sound_on.set(on);
        })
    };
    let open_new = {
        let panel = panel.clone();
        Callback::from(move |_: MouseEvent| panel.set(Panel::NewGame))
    };
    let open_room_dialog = {
        let panel = panel.clone();
        Callback::from(move |_: MouseEvent| panel.set(Panel::Room))
    };
    let dialog = (*panel != Panel::None).then(|| {
        let close = {
            let panel = panel.clone();
            Callback::from(move |()| panel.set(Panel::None))
        };
        let start = {
            let panel = panel.clone();
            let send = send.clone();
            Callback::from(move |(rules, mode, open_room): (morris_core::Rules, Mode, bool)| {
                if open_room {
                    let code = room::code_from(storage::random_bytes());
                    let host = Room::host(code, mode.bottom(), room::clean_name(&storage::load_name()));
                    let mut t = Table::new(morris_core::Game::new(rules), host.mode());
                    t.room = Some(host);
                    send.emit(Action::OpenRoom(Box::new(t)));
                } else {
                    send.emit(Action::NewGame { rules, mode });
                }
                panel.set(Panel::None);
            })
        };
        html! { <NewGameDialog lang={lang_v} rules={*t.game.rules()} mode={t.mode} room={*panel == Panel::Room} on_start={start} on_close={close} /> }
    });
    // The room: its bar at the top of the table, its links and the paste
    // box beside the game.
    let room_link = |r: &Room| {
        let w = room::share(&t, r, live.signal.as_ref());
        format!("{}#{}", base_url(), room::link_fragment(&w))
    };
    let room_top = t.room.as_ref().map(|r| {
        let text = room_link(r);
        let field = invite_ref.clone();
        let send = send.clone();
        let on_copy = Callback::from(move |_: MouseEvent| {
            copy_text(&text, &field);
            send.emit(Action::Notify(Some(Notice::new("room.copied", Vec::new()))));
        });
        let on_connect = {
            let live = live.clone();
            let code = r.code.clone();
            let supported = live.supported;
            supported.then(|| Callback::from(move |_: MouseEvent| live.connect(&code, false)))
        };
        room_bar(lang_v, r, live.connection, on_copy, on_connect)
    });
    let room_side = t.room.as_ref().map(|r| {
        let link = room_link(r);
        let copy_friend = {
            let text = link.clone();
            let field = friend_ref.clone();
            let send = send.clone();
            Callback::from(move |_: MouseEvent| {
                copy_text(&text, &field);
                send.emit(Action::Notify(Some(Notice::new("room.copied", Vec::new()))));
            })
        };
        let open_paste = {
            let paste_ref = paste_ref.clone();
            let send = send.clone();
            let latest = latest.clone();
            let live = live.clone();
            Callback::from(move |_: MouseEvent| {
                let Some(area) = paste_ref.cast::<HtmlTextAreaElement>() else { return };
                let text = area.value();
                let payload = room_payload(&text).unwrap_or(text.trim());
                let current = latest.borrow().clone();
                let (actions, signal) = room_actions(&current, payload);
                for a in actions {
                    send.emit(a);
                }
                if let Some((code, signal)) = signal {
                    live.signal_from_link(&code, signal);
                }
                area.set_value("");
            })
        };
        let rename = {
            let send = send.clone();
            Callback::from(move |e: Event| {
                if let Some(input) = e.target_dyn_into::<web_sys::HtmlInputElement>() {
                    let name = room::clean_name(&input.value());
                    storage::save_name(&name);
                    send.emit(Action::Rename(name));
                }
            })
        };
        let live_now = live.connection == Connection::Live;
        let replying = matches!(live.signal, Some(Signal::Answer(_)));
        let signal_kind = live.signal.as_ref().map(|s| match s {
            Signal::Offer(_) => "offer",
            Signal::Answer(_) => "answer",
        });
        let due = replying
            || !live_now && (t.remote_to_move() || t.draw_offer.is_some() || r.rematch_by.is_some() || !r.joined);
        let host_waiting = r.me == Role::Host && !r.joined;
        let (link_title, link_help) = if replying {
            ("room.reply-title", "room.reply-help")
        } else {
            ("room.friend-link-title", "room.friend-link-help")
        };
        html! {
            <section class="room-panel" data-room-panel="">
                if host_waiting {
                    <div class="room-box due">
                        <h2>{ lang_v.t("room.invite-title") }</h2>
                        <p>{ lang_v.t("room.invite-help") }</p>
                        if signal_kind == Some("offer") { <p>{ lang_v.t("room.invite-live") }</p> }
                        <input type="text" readonly=true class="link-field" data-invite-link="" data-signal={signal_kind} ref={invite_ref.clone()} value={link.clone()}
                               aria-label={lang_v.t("room.invite-title")} onfocus={Callback::from(|e: FocusEvent| {
                                   if let Some(i) = e.target_dyn_into::<web_sys::HtmlInputElement>() { i.select(); }
                               })} />
                    </div>
                } else {
                    <div class={classes!("room-box", due.then_some("due"), live_now.then_some("quiet"))}>
                        <h2>{ lang_v.t(link_title) }</h2>
                        <p>{ lang_v.t(link_help) }</p>
                        <input type="text" readonly=true class="link-field" data-friend-link="" data-signal={signal_kind} ref={friend_ref.clone()} value={link.clone()}
                               aria-label={lang_v.t(link_title)} />
                        <div class="row">
                            <button type="button" class="btn primary" data-action="copy-friend-link" onclick={copy_friend}>{ lang_v.t("room.copy-friend-link") }</button>
                        </div>
                    </div>
                }
                <div class="room-box">
                    <label for="room-paste"><h2>{ lang_v.t("room.paste-title") }</h2></label>
                    <textarea id="room-paste" rows="2" spellcheck="false" data-field="room-paste" ref={paste_ref.clone()}
                              placeholder={lang_v.t("room.paste-placeholder")} />
                    <div class="row">
                        <button type="button" class="btn" data-action="open-room-paste" onclick={open_paste}>{ lang_v.t("room.paste-open") }</button>
                    </div>
                    <label class="name-field">
                        <span>{ lang_v.t("room.name") }</span>
                        <input type="text" maxlength={room::codec::MAX_NAME.to_string()} data-field="name"
                               value={r.name(r.me).to_string()} onchange={rename} autocomplete="nickname" />
                    </label>
                </div>
            </section>
        }
    });
    let open_kept = {
        let send = send.clone();
        Callback::from(move |code: String| {
            if let Some(t) = kept_room(&code) {
                send.emit(Action::OpenRoom(Box::new(t)));
            }
        })
    };
    let langs = Lang::ALL.iter().map(|l| {
        html! { <option value={l.code()} selected={*l == lang_v}>{ l.t("lang.name") }</option> }
    });

    html! {
        <div class="app">
            <header class="topbar">
                <div class="brand">
                    <svg class="logo" viewBox="0 0 24 24" aria-hidden="true">
                        <rect x="2" y="2" width="20" height="20" /><rect x="6.5" y="6.5" width="11" height="11" />
                        <path d="M12 2v4.5M12 17.5V22M2 12h4.5M17.5 12H22" />
                    </svg>
                    <h1>{ lang_v.t("app.title") }</h1>
                    <span class="tagline">{ variant_name.clone() }</span>
                </div>
                <nav class="top-actions">
                    <button type="button" class="btn primary" data-action="new-game" onclick={open_new}>{ lang_v.t("action.new-game") }</button>
                    <button type="button" class="btn" data-action="play-friend" onclick={open_room_dialog}>{ lang_v.t("room.play-friend") }</button>
                    <label class="sr-only" for="lang-select">{ lang_v.t("settings.language") }</label>
                    <select id="lang-select" class="lang" onchange={on_lang} title={lang_v.t("settings.language")}>{ for langs }</select>
                    <button type="button" class="btn icon sound" aria-pressed={if *sound_on { "true" } else { "false" }}
                            title={lang_v.t("settings.sound")} aria-label={lang_v.t("settings.sound")} onclick={toggle_sound}>
                        { icon(if *sound_on { SOUND_ON } else { SOUND_OFF }) }
                    </button>
                </nav>
            </header>
            <main class="table">
                <section class="play">
                    { for room_top }
                    <Seat table={t.clone()} lang={lang_v} bottom={false} />
                    <div class="board-wrap">{ board }</div>
                    <Seat table={t.clone()} lang={lang_v} bottom={true} />
                </section>
                <aside class="side">
                    <p class={classes!("status", over.then_some("over"))} data-status={status_value}>{ status_text }</p>
                    { perfect_line }
                    if let Some(h) = hint_text { <p class="hint-text">{ h }</p> }
                    if let Some(why) = engine_error { <p class="engine-error" role="alert" data-engine="unavailable">{ why }</p> }
                    { for notice }
                    { for pending }
                    { controls }
                    { for room_side }
                    <MoveList table={t.clone()} lang={lang_v} on_action={send.clone()} />
                    { room_list(lang_v, &rooms, t.room.as_ref().map(|r| r.code.as_str()), open_kept) }
                    <details class="record">
                        <summary>{ lang_v.t("record.title") }</summary>
                        <textarea ref={record_ref.clone()} rows="4" spellcheck="false" aria-label={lang_v.t("record.placeholder")}
                                  placeholder={lang_v.t("record.placeholder")} />
                        <div class="row">
                            <button type="button" class="btn" data-copy="record" onclick={copy("record")}>{ lang_v.t("record.copy") }</button>
                            <button type="button" class="btn" data-copy="position" onclick={copy("position")}>{ lang_v.t("record.copy-position") }</button>
                            <button type="button" class="btn" data-copy="link" onclick={copy("link")}>{ lang_v.t("record.copy-link") }</button>
                            <button type="button" class="btn primary" data-load="" onclick={load}>{ lang_v.t("record.load") }</button>
                        </div>
                    </details>
                </aside>
            </main>
            <div class="sr-only" aria-live="polite" data-announce="">{ announce }</div>
            { for dialog }
        </div>
    }
}
