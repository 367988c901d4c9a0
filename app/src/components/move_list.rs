//! The move list: one row per turn, in notation, the whole row showing the
//! position after it; the buttons below and the keys step through the game.
//! The list is one Tab stop (the turn shown, the latest while playing);
//! with the focus in it, Left/Up and Right/Down step back and on, Home
//! goes to the start and End back to the game, the focus going with the
//! turn shown; the board keeps its own arrow keys, which move its cursor
//! along the lines.

use yew::prelude::*;

use super::button::icon;
use super::move_rows::{rows, Row};
use super::ui::Ui;
use crate::model::{Action, Model};

/// The ply a key steps to from the shown one (`Some(None)` for the live
/// game); `None` for a key that is not the list's.
fn step_for_key(t: &Model, key: &str) -> Option<Option<usize>> {
    let n = t.game.moves().len();
    let shown = t.shown_ply();
    let live = |ply: usize| (ply < n).then_some(ply);
    match key {
        "ArrowLeft" | "ArrowUp" => Some(Some(shown.saturating_sub(1))),
        "ArrowRight" | "ArrowDown" => Some(live(shown + 1)),
        "Home" => Some(Some(0)),
        "End" => Some(None),
        _ => None,
    }
}

/// How many rows of the list's grid `rows` take: an entry in the first
/// column starts a row, and so does one in the second column that does not
/// follow a first-column entry (a side that moved twice).
fn grid_rows(rows: &[Row]) -> usize {
    let before = std::iter::once(None).chain(rows.iter().map(Some));
    rows.iter()
        .zip(before)
        .filter(|(row, prev)| row.first || !prev.is_some_and(|p| p.first))
        .count()
}

/// The move list: one entry per turn, in notation, each a row that shows
/// the position after it; arrows step through the game. `list` is the
/// list's node, kept scrolled by `use_move_list_scroll`. (The game
/// review's marks are the analysis board's, in the lab.)
pub fn move_list(ui: &Ui, list: &NodeRef) -> Html {
    let t = &ui.model;
    let lang = ui.lang;
    let texts = t.game.move_texts();
    let n = texts.len();
    let shown = t.shown_ply();
    let go = |ply: Option<usize>| {
        let send = ui.send.clone();
        Callback::from(move |_: MouseEvent| send.emit(Action::View(ply)))
    };
    let on_key = {
        let (send, model) = (ui.send.clone(), t.clone());
        Callback::from(move |e: KeyboardEvent| {
            if n == 0 || e.alt_key() || e.ctrl_key() || e.meta_key() {
                return;
            }
            if let Some(ply) = step_for_key(&model, &e.key()) {
                e.prevent_default();
                send.emit(Action::View(ply));
            }
        })
    };
    let rows = rows(&t.game);
    // The rows the list keeps in view however little room the panel has
    // (style.css): four, or as many as there are.
    let kept = grid_rows(&rows).min(4);
    // One Tab stop for the whole list (a roving tabindex): the turn shown,
    // the latest while playing; the arrows move it.
    let stop = if t.view.is_some() {
        shown.clamp(1, n.max(1))
    } else {
        n
    };
    let items = texts.iter().zip(rows).enumerate().map(|(i, (text, row))| {
        let ply = i + 1;
        let current = t.view.is_some() && shown == ply;
        let tabindex = if ply == stop { "0" } else { "-1" };
        // The row takes the click (the button inside passes its own on to
        // it, from a pointer or a key).
        html! {
            <li key={ply} data-ply={ply.to_string()} data-number={row.number.clone()}
                class={row.class()} onclick={go(Some(ply))}>
                <button type="button" {tabindex} aria-current={current.then_some("step")}>{ text }</button>
            </li>
        }
    });
    let at_start = shown == 0;
    let at_end = t.view.is_none();
    html! {
        <section class="moves-panel" aria-label={lang.t("moves.title")} onkeydown={on_key} style={format!("--rows-min: {kept}")}>
            <h2>{ lang.t("moves.title") }</h2>
            <ol class="moves" data-move-list="" ref={list.clone()} aria-keyshortcuts="ArrowLeft ArrowRight Home End">{ for items }</ol>
            if n == 0 { <p class="moves-empty">{ lang.t("moves.empty") }</p> }
            <div class="stepper">
                { step_button(lang.t("action.first"), "M7 5v14M18 5l-8 7 8 7z", at_start || n == 0, go(Some(0))) }
                { step_button(lang.t("action.prev"), "M16 5l-9 7 9 7z", at_start || n == 0, go(Some(shown.saturating_sub(1)))) }
                { step_button(lang.t("action.next"), "M8 5l9 7-9 7z", at_end, go(Some(shown + 1))) }
                { step_button(lang.t("action.live"), "M17 5v14M6 5l8 7-8 7z", at_end, go(None)) }
            </div>
        </section>
    }
}

/// A stepper button. One that has nowhere to go says so (`aria-disabled`)
/// and does nothing, but keeps the focus: a `disabled` button would drop
/// it to the page, and the next key (End after Home) would go nowhere.
fn step_button(name: String, path: &'static str, off: bool, go: Callback<MouseEvent>) -> Html {
    let onclick = if off { Callback::noop() } else { go };
    html! {
        <button type="button" class="btn icon" title={name.clone()} aria-label={name}
                aria-disabled={off.then_some("true")} {onclick}>{ icon(path) }</button>
    }
}
