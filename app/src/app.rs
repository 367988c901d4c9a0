//! The app: the model's reducer wired to the page's parts (`components`)
//! and to its lasting concerns (`hooks`: the computer, saving, links,
//! sounds, the live room). The analysis board, review, editor and puzzles
//! open over it from the lab, a module of their own (`lab`).

use std::rc::Rc;

use morris_core::{Game, Rules};
use yew::prelude::*;

use crate::board_look::BoardLook;
use crate::browser::base_url;
use crate::clock::{Clocks, TimeControl};
use crate::components::{
    analyse_buttons, announce, board_settings, controls, engine_notes, game_board, hint_line, move_list,
    notice_bar, offers, recent_list, record_panel, room_bar, room_list, room_panel, score_line, seat,
    status_line, top_bar, welcome, NewGameDialog, RoomPanel, TopBarProps, Ui, Unfold, WelcomeProps,
};
use crate::components::{coach_tip, rules_button, rules_card};
use crate::hooks::{
    use_address, use_board_look, use_clock, use_coach, use_engine, use_escape, use_fields, use_lang_telling,
    use_latest, use_live_room, use_move_list_scroll, use_notice_expiry, use_perfect_shown, use_saving,
    use_sounds, use_warm_up, use_welcome, CoachChoice, Fields, Live, Perfect, Saved, Welcome,
    PUZZLE_VARIANTS,
};
use crate::i18n::Lang;
use crate::lab::{use_lab, LabView};
use crate::learn::coach::Coach;
use crate::link::{Mode, DEFAULT_LEVEL};
use crate::model::{Action, Model, Notice};
use crate::opening::first_model;
use crate::room::{self, Room};
use crate::storage;

/// The dialog open over the table.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Dialog {
    None,
    NewGame,
    /// The new-game dialog set to play the computer (from the first screen).
    Computer,
    /// The new-game dialog set to a friend on this screen (from the first
    /// screen), to choose clocks.
    Friend,
    /// The new-game dialog set to open a room.
    Room,
    /// The rules card of the game on the table.
    Rules,
}

/// The variant whose puzzles the puzzle table shows for `rules`.
fn puzzle_variant(rules: &Rules) -> &'static str {
    let id = rules.variant.id();
    PUZZLE_VARIANTS.into_iter().find(|v| *v == id).unwrap_or("nine")
}

/// What "Start" in the new-game dialog does: a new game here, or a new
/// room hosted here.
fn start(rules: Rules, mode: Mode, open_room: bool, clock: Option<TimeControl>) -> Action {
    if !open_room {
        return Action::NewGame { rules, mode };
    }
    let code = room::code_from(storage::random_bytes());
    let host = Room::host(code, mode.bottom(), room::clean_name(&storage::load_name()));
    let mut t = Model::new(Game::new(rules), host.mode());
    t.room = Some(host);
    t.clock = clock.map(Clocks::new);
    Action::OpenRoom(Box::new(t))
}

/// The players the new-game dialog offers: those of the game on the
/// table, or the computer (at the level last played) or a friend on this
/// screen when asked for.
fn dialog_mode(dialog: Dialog, mode: Mode) -> Mode {
    match (dialog, mode) {
        (Dialog::Computer, Mode::TwoPlayers { bottom }) => Mode::VsEngine {
            level: DEFAULT_LEVEL,
            human: bottom,
        },
        (Dialog::Friend, Mode::VsEngine { .. }) => Mode::default(),
        _ => mode,
    }
}

/// A sender of actions to the reducer.
fn send_to(model: &UseReducerHandle<Model>) -> Callback<Action> {
    let d = model.dispatcher();
    Callback::from(move |a: Action| d.dispatch(a))
}

/// What the table says when the language chosen has no catalogue.
fn lang_missing(l: Lang) -> Action {
    Action::Notify(Some(Notice::new(
        "lang.missing",
        vec![l.native_name().to_string()],
    )))
}

#[function_component(App)]
pub fn app() -> Html {
    let model = use_reducer(first_model);
    let (lang, on_lang) = use_lang_telling(send_to(&model).reform(lang_missing));
    let dialog = use_state(|| Dialog::None);
    let t = Rc::new((*model).clone());
    let latest = use_latest(t.clone());
    let (live, sealed) = use_live_room(&model);
    let perfect = use_engine(&model);
    let (perfect_shown, on_perfect) = use_perfect_shown();
    let (sound_on, on_sound) = use_sounds(&t);
    let (look, on_look) = use_board_look();
    use_warm_up(&model, &latest);
    use_clock(&model);
    let saved = use_saving(&t, send_to(&model), latest.clone());
    use_escape(model.dispatcher());
    let greeting = use_welcome(&t);
    let lab = use_lab(send_to(&model), latest.clone(), greeting.close.clone());
    use_address(
        model.dispatcher(),
        latest,
        live.clone(),
        lab.open.reform(LabView::at_end),
        lab.open.reform(LabView::Editor),
    );
    let fields = use_fields(
        t.room
            .as_ref()
            .map(|r| (r.code.clone(), r.name(r.me).to_string())),
        t.replaced,
    );
    let moves = use_move_list_scroll(&t);
    let (coach, on_coach) = use_coach(&t, in_play(greeting.shown, &t));
    use_notice_expiry(&t, lang, model.dispatcher());

    let send = greeting.closing_on_press(send_to(&model));
    let open = |d: Dialog| {
        let dialog = dialog.clone();
        Callback::from(move |()| dialog.set(d))
    };
    let on_start = {
        let (dialog, send) = (dialog.clone(), send.clone());
        Callback::from(move |(rules, mode, open_room, clock)| {
            send.emit(start(rules, mode, open_room, clock));
            if !open_room {
                send.emit(Action::SetClock(clock));
            }
            dialog.set(Dialog::None);
        })
    };
    let ui = Ui::new(t.clone(), lang, send.clone());
    let bar = TopBarProps {
        lang,
        variant: lang.t(&format!("variant.{}", t.game.rules().variant.id())).into(),
        sound_on,
        on_new_game: open(Dialog::NewGame),
        on_play_friend: open(Dialog::Room),
        on_puzzles: lab.open.reform({
            let variant = puzzle_variant(t.game.rules());
            move |()| LabView::Puzzles(variant)
        }),
        on_editor: lab.open.reform({
            let pos = *t.shown();
            move |()| LabView::Editor(pos.into())
        }),
        on_lang,
        on_sound,
    };
    // The room's link from this side, signed, with what it carries for
    // the live connection (empty for the moment it is being signed).
    let room_link = t.room.as_ref().map(|r| {
        let link = sealed
            .as_ref()
            .map(|s| format!("{}#{}", base_url(), s.link))
            .unwrap_or_default();
        (r, link)
    });
    let beside = Side {
        ui: &ui,
        greeting: &greeting,
        open: &open,
        lab: &lab.open,
        perfect: (perfect, perfect_shown, &on_perfect),
        room_link: room_link.as_ref(),
        fields: &fields,
        live: &live,
        coach: (&coach, &on_coach),
        look: (look, &on_look),
        moves: &moves,
        saved: &saved,
    };
    let layout = classes!(
        "app",
        room_link.is_some().then_some("in-room"),
        greeting.shown.then_some("greeting"),
        greeting.held.then_some("greeted")
    );
    html! {
        <div class={layout}>
            { top_bar(&bar) }
            <main class="table">
                <section class="play">
                    if let Some((room, link)) = &room_link { { room_bar(&ui, room, link, &fields.invite, &live) } }
                    { seat(&ui, false) }
                    <div class="board-wrap"><div class="board-box"><Unfold>{ game_board(&ui, look) }</Unfold></div></div>
                    { seat(&ui, true) }
                </section>
                { side(&beside) }
            </main>
            { announce(&ui) }
            if *dialog == Dialog::Rules {
                { rules_card(lang, t.game.rules(), &open(Dialog::None)) }
            } else if *dialog != Dialog::None {
                <NewGameDialog {lang} rules={*t.game.rules()} mode={dialog_mode(*dialog, t.mode)} room={*dialog == Dialog::Room}
                               clock={t.clock.as_ref().map(|c| c.control)}
                               {on_start} on_close={open(Dialog::None)} />
            }
        </div>
    }
}

/// The side of the table, beside the board: the first screen, the game's
/// own parts while one is played, the room, the coach, the settings and
/// the lists of kept games.
struct Side<'a> {
    ui: &'a Ui,
    greeting: &'a Welcome,
    /// Opens a dialog over the table.
    open: &'a dyn Fn(Dialog) -> Callback<()>,
    /// Opens a view of the lab.
    lab: &'a Callback<LabView>,
    /// What the tables say, whether it is shown, and the switch.
    perfect: (Perfect, bool, &'a Callback<()>),
    /// The room on the table and its link from this side.
    room_link: Option<&'a (&'a Room, String)>,
    fields: &'a Fields,
    live: &'a Live,
    coach: (&'a Coach, &'a Callback<CoachChoice>),
    look: (BoardLook, &'a Callback<BoardLook>),
    moves: &'a NodeRef,
    saved: &'a Saved,
}

/// Whether the game's own parts show beside the board: on the first
/// screen (`greeting_shown`) they wait, unless it is a game in progress
/// (what "Continue" would go back to).
fn in_play(greeting_shown: bool, t: &Model) -> bool {
    !greeting_shown || t.room.is_some() || !t.game.moves().is_empty()
}

fn side(s: &Side) -> Html {
    let (ui, t, lang) = (s.ui, &s.ui.model, s.ui.lang);
    let playing = in_play(s.greeting.shown, t);
    let first_screen = WelcomeProps {
        ui,
        on_engine: (s.open)(Dialog::Computer),
        on_two: (s.open)(Dialog::Friend),
        on_room: (s.open)(Dialog::Room),
        on_continue: s.greeting.close.clone(),
    };
    let analyse = |review: bool| {
        let (game, ply) = (t.game.clone(), t.shown_ply());
        s.lab.reform(move |_: MouseEvent| LabView::Analysis {
            game: game.clone(),
            ply,
            review,
        })
    };
    let on_connection = s.lab.reform(|()| LabView::Connection);
    let (perfect, perfect_shown, on_perfect) = s.perfect;
    html! {
        <aside class="side">
            if s.greeting.shown { { welcome(&first_screen) } }
            if playing {
                { status_line(ui) }
                { score_line(ui) }
                { engine_notes(ui, perfect, perfect_shown, on_perfect) }
            }
            if playing {
                { controls(ui, (s.open)(Dialog::NewGame)) }
            }
            // What comes and goes (a question, an offer, a notice) comes
            // under the game's buttons, so that none moves under a finger
            // reaching for it; a question right under the button that
            // asked it, a notice (the lab's "Opening…" as Analyse is
            // pressed) under Analyse too.
            if playing { { offers(ui) } }
            if playing && (t.room.is_none() || t.outcome().is_some()) {
                { analyse_buttons(lang, t.outcome().is_some(), t.game.moves().is_empty(), analyse(false), analyse(true)) }
            }
            { notice_bar(ui) }
            if playing {
                // Under every button of the game: when it comes, none moves.
                { hint_line(ui) }
                if let Some((room, link)) = s.room_link {
                    { room_panel(&RoomPanel { ui, room, link, fields: s.fields, live: s.live,
                                              on_settings: &on_connection }) }
                }
                // The coach comes after what plays the game, so that on
                // a phone the buttons and the room's link stay in view.
                { coach_tip(lang, s.coach.0, t, s.coach.1) }
            }
            <div class="side-tools">
                { rules_button(lang, &(s.open)(Dialog::Rules)) }
                { board_settings(lang, s.look.0, s.look.1) }
            </div>
            if playing {
                { move_list(ui, s.moves) }
            }
            { room_list(ui, &s.saved.rooms, &s.saved.refresh) }
            { recent_list(ui, &s.saved.recent, &s.saved.refresh) }
            { record_panel(ui, &s.fields.record) }
        </aside>
    }
}
