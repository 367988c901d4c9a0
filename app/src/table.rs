//! The wooden table around the board: the two seats, the status line, the
//! buttons, the move list and the record panel. Texts come from the
//! catalogue; what they say is decided by pure functions tested natively.

use morris_core::{Color, Phase, Reason};
use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::link::Mode;
use crate::state::{Action, Table};

/// The colour's name as the interface writes it.
pub fn color_name(lang: Lang, c: Color) -> String {
    lang.t(match c {
        Color::Light => "color.light",
        Color::Dark => "color.dark",
    })
}

/// The status line: a machine-readable value for `data-status` and the text.
pub fn status(table: &Table, lang: Lang) -> (String, String) {
    let pos = table.game.position();
    if let Some(ply) = table.view {
        let n = table.game.moves().len().to_string();
        return (
            "viewing".into(),
            lang.fmt("status.viewing", &[&ply.to_string(), &n]),
        );
    }
    if let Some(o) = table.outcome() {
        let reason = reason_text(lang, o.reason, o.winner);
        let head = match o.winner {
            Some(w) => lang.fmt("status.wins", &[&color_name(lang, w)]),
            None => lang.t("status.draw"),
        };
        let machine = format!("over {} {}", o.result(), o.reason.id());
        return (machine, format!("{head} · {reason}"));
    }
    let turn = pos.turn();
    let machine = format!(
        "{} {}",
        turn.name(),
        what_key(table).trim_start_matches("status.")
    );
    if table.engine_to_move() {
        if let Some(why) = &table.engine_error {
            return (
                format!("{} unavailable", turn.name()),
                lang.fmt("engine.unavailable", &[why]),
            );
        }
        return (format!("{} thinking", turn.name()), lang.t("status.thinking"));
    }
    if table.remote_to_move() {
        return (
            format!("{} waiting", turn.name()),
            format!(
                "{} · {}",
                lang.fmt("status.to_play", &[&color_name(lang, turn)]),
                lang.t("status.friend_turn")
            ),
        );
    }
    let who = match table.mode {
        Mode::TwoPlayers { .. } if table.room.is_some() => lang.t("status.your_turn"),
        Mode::VsEngine { .. } => lang.t("status.your_turn"),
        Mode::TwoPlayers { .. } => lang.fmt("status.to_play", &[&color_name(lang, turn)]),
    };
    (machine, format!("{who} · {}", lang.t(what_key(table))))
}

/// What the side to move does now, as a catalogue key.
fn what_key(table: &Table) -> &'static str {
    let pos = table.game.position();
    if table.turn.removing() {
        "status.remove"
    } else if table.turn.from.is_some() {
        "status.choose_target"
    } else {
        match pos.phase(pos.turn()) {
            Phase::Placing => "status.place",
            Phase::Moving => "status.move",
            Phase::Flying => "status.fly",
        }
    }
}

/// Why the game ended, naming the side it happened to.
pub fn reason_text(lang: Lang, reason: Reason, winner: Option<Color>) -> String {
    let loser = winner.map(|w| color_name(lang, !w)).unwrap_or_default();
    let winner_name = winner.map(|w| color_name(lang, w)).unwrap_or_default();
    match (reason, winner) {
        (Reason::MillWins, _) => lang.fmt("reason.mill-wins", &[&winner_name]),
        (Reason::BoardFull, Some(_)) => lang.fmt("reason.board-full-win", &[&loser]),
        (r, _) => lang.fmt(&format!("reason.{}", r.id()), &[&loser]),
    }
}

/// The words for a seat's player.
pub fn seat_name(table: &Table, lang: Lang, bottom: bool) -> String {
    match (table.mode, bottom) {
        (Mode::VsEngine { .. }, true) => lang.t("seat.you"),
        (Mode::VsEngine { level, .. }, false) => lang.fmt("seat.computer", &[&level.to_string()]),
        (Mode::TwoPlayers { .. }, true) => lang.t("seat.player1"),
        (Mode::TwoPlayers { .. }, false) => lang.t("seat.player2"),
    }
}

#[derive(Properties, PartialEq, Debug)]
pub struct SeatProps {
    pub table: std::rc::Rc<Table>,
    pub lang: Lang,
    pub bottom: bool,
}

/// One side of the table: who sits there, their colour, the pieces still
/// in hand and the pieces lost.
#[function_component(Seat)]
pub fn seat(props: &SeatProps) -> Html {
    let t = &props.table;
    let lang = props.lang;
    let color = if props.bottom {
        t.mode.bottom()
    } else {
        !t.mode.bottom()
    };
    let pos = t.shown();
    let in_hand = pos.in_hand(color);
    let lost = pos.removed(color);
    let active = t.outcome().is_none() && t.game.position().turn() == color && t.view.is_none();
    let thinking = active && t.mode.engine() == Some(color);
    let (name, free) = match &t.room {
        Some(room) => crate::room::view::seat_name(room, lang, props.bottom),
        None => (seat_name(t, lang, props.bottom), false),
    };
    let hand = (0..in_hand).map(|_| html! { <span class={classes!("hand-piece", color.name())}></span> });
    let gone = (0..lost).map(|_| html! { <span class={classes!("lost-piece", color.name())}></span> });
    html! {
        <section class={classes!("seat", if props.bottom { "seat-bottom" } else { "seat-top" }, active.then_some("active"), free.then_some("free"))}
                 data-seat={if props.bottom { "bottom" } else { "top" }} data-color={color.name()}
                 data-active={active.then_some("")} data-free={free.then_some("")}>
            <div class="seat-who">
                <span class={classes!("seat-disc", color.name())} aria-hidden="true"></span>
                <span class="seat-name" data-seat-name="">{ name }</span>
                <span class="seat-color">{ color_name(lang, color) }</span>
                if thinking { <span class="thinking-dots" aria-hidden="true"><i></i><i></i><i></i></span> }
            </div>
            <div class="seat-counts">
                <span class="count" data-in-hand={in_hand.to_string()}>
                    <span class="tray" aria-hidden="true">{ for hand }</span>
                    <span class="count-text">{ format!("{in_hand} {}", lang.t("seat.in_hand")) }</span>
                </span>
                <span class="count" data-lost={lost.to_string()}>
                    <span class="tray lost" aria-hidden="true">{ for gone }</span>
                    <span class="count-text">{ format!("{lost} {}", lang.t("seat.lost")) }</span>
                </span>
            </div>
        </section>
    }
}

/// A button that sends an action, with its `data-action` name.
pub fn action_button(
    lang: Lang,
    name: &'static str,
    enabled: bool,
    onclick: Callback<MouseEvent>,
    primary: bool,
) -> Html {
    html! {
        <button type="button" class={classes!("btn", primary.then_some("primary"))} data-action={name}
                disabled={!enabled} {onclick}>
            { lang.t(&format!("action.{name}")) }
        </button>
    }
}

#[derive(Properties, PartialEq, Debug)]
pub struct MoveListProps {
    pub table: std::rc::Rc<Table>,
    pub lang: Lang,
    pub on_action: Callback<Action>,
}

/// The move list: one entry per turn, in notation, each a button that shows
/// the position after it; arrows step through the game.
#[function_component(MoveList)]
pub fn move_list(props: &MoveListProps) -> Html {
    let t = &props.table;
    let lang = props.lang;
    let texts = t.game.move_texts();
    let n = texts.len();
    let shown = t.shown_ply();
    let list_ref = use_node_ref();
    {
        let list_ref = list_ref.clone();
        use_effect_with((n, shown), move |_| {
            // Measuring the list forces a layout: done in the next frame,
            // where the browser lays out anyway, rather than inside the
            // click or the computer's move that changed the list.
            let scroll = move || {
                let Some(el) = list_ref.cast::<web_sys::Element>() else {
                    return;
                };
                if let Ok(Some(cur)) = el.query_selector("[aria-current]") {
                    let parent_h = el.client_height();
                    let top = cur.get_bounding_client_rect().top() - el.get_bounding_client_rect().top();
                    if top < 0.0 || top > f64::from(parent_h) - 24.0 {
                        el.set_scroll_top(el.scroll_top() + top as i32 - parent_h / 2);
                    }
                } else {
                    el.set_scroll_top(el.scroll_height());
                }
            };
            if let Some(w) = web_sys::window() {
                let _ = w.request_animation_frame(
                    wasm_bindgen::closure::Closure::once_into_js(scroll).unchecked_ref(),
                );
            }
        });
    }
    let go = |ply: Option<usize>| {
        let on_action = props.on_action.clone();
        Callback::from(move |_: MouseEvent| on_action.emit(Action::View(ply)))
    };
    let items = texts.iter().enumerate().map(|(i, text)| {
        let ply = i + 1;
        let number = (i / 2 + 1).to_string();
        let current = t.view.is_some() && shown == ply;
        html! {
            <li key={ply} data-ply={ply.to_string()} data-number={(i % 2 == 0).then(|| number.clone())}
                class={classes!(if i % 2 == 0 { "first-half" } else { "second-half" })}>
                <button type="button" onclick={go(Some(ply))} aria-current={current.then_some("step")}>{ text }</button>
            </li>
        }
    });
    let at_start = shown == 0;
    let at_end = t.view.is_none();
    html! {
        <section class="moves-panel" aria-label={lang.t("moves.title")}>
            <h2>{ lang.t("moves.title") }</h2>
            <ol class="moves" data-move-list="" ref={list_ref}>{ for items }</ol>
            if n == 0 { <p class="moves-empty">{ lang.t("moves.empty") }</p> }
            <div class="stepper">
                <button type="button" class="btn icon" title={lang.t("action.first")} aria-label={lang.t("action.first")}
                        disabled={at_start || n == 0} onclick={go(Some(0))}>{ icon("M7 5v14M18 5l-8 7 8 7z") }</button>
                <button type="button" class="btn icon" title={lang.t("action.prev")} aria-label={lang.t("action.prev")}
                        disabled={at_start || n == 0} onclick={go(Some(shown.saturating_sub(1)))}>{ icon("M16 5l-9 7 9 7z") }</button>
                <button type="button" class="btn icon" title={lang.t("action.next")} aria-label={lang.t("action.next")}
                        disabled={at_end} onclick={go(Some(shown + 1))}>{ icon("M8 5l9 7-9 7z") }</button>
                <button type="button" class="btn icon" title={lang.t("action.live")} aria-label={lang.t("action.live")}
                        disabled={at_end} onclick={go(None)}>{ icon("M17 5v14M6 5l8 7-8 7z") }</button>
            </div>
        </section>
    }
}

/// A small icon drawn from one SVG path (no icon font, no images).
pub fn icon(d: &'static str) -> Html {
    html! {
        <svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d={d} /></svg>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::state::Action;
    use morris_core::{Game, Rules};

    #[test]
    fn the_status_says_whose_turn_and_what_to_do() {
        let mut t = Table::default();
        assert_eq!(status(&t, Lang::En).1, "Light to play · Place a piece");
        for p in ["a1", "b2", "d1", "d2", "g1"] {
            let Ok(pt) = t.game.position().geometry().parse_point(p) else {
                unreachable!()
            };
            t.apply(Action::Press(pt));
        }
        assert_eq!(status(&t, Lang::En).1, "Light to play · Remove a piece");
        assert_eq!(status(&t, Lang::It).1, "Tocca al Bianco · Togli una pedina");
    }

    #[test]
    fn the_outcome_says_who_won_and_why() {
        let mut t = Table::new(
            Game::new(Rules::default()),
            Mode::VsEngine {
                level: 1,
                human: Color::Light,
            },
        );
        assert_eq!(status(&t, Lang::En).1, "Your turn · Place a piece");
        t.apply(Action::Resign);
        t.apply(Action::Confirm);
        let (machine, text) = status(&t, Lang::En);
        assert_eq!(text, "Dark wins · Light resigned");
        assert_eq!(machine, "over 0-1 resignation");
    }

    #[test]
    fn an_unavailable_computer_is_named_in_the_status() {
        let mut t = Table::new(
            Game::new(Rules::default()),
            Mode::VsEngine {
                level: 3,
                human: Color::Dark,
            },
        );
        assert_eq!(status(&t, Lang::En).0, "light thinking");
        t.apply(Action::EngineFailed("NetworkError".into()));
        let (machine, text) = status(&t, Lang::En);
        assert_eq!(machine, "light unavailable");
        assert_eq!(text, "The computer is unavailable: NetworkError");
    }
}
