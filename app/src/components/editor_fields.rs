//! The position editor's fields beside the board: the side to move, each
//! side's pieces in hand (no more than the game gives a side), and the
//! buttons that empty the board or set up the start.

use morris_core::Color;
use wasm_bindgen::JsCast;
use yew::prelude::*;

use super::status_text::color_name;
use crate::editor::{change, Change, Editing};
use crate::i18n::Lang;

/// Where changes of the position being set up go.
pub type Edit = Callback<Change>;

/// The number typed in a field, at most `max`; the field shows what was
/// taken (the hand holds no more than the game gives).
fn number(e: &Event, max: u8) -> Option<u8> {
    let input = e.target()?.dyn_into::<web_sys::HtmlInputElement>().ok()?;
    let n = input.value().trim().parse::<u32>().ok()?;
    let n = u8::try_from(n.min(u32::from(max))).unwrap_or(max);
    if input.value() != n.to_string() {
        input.set_value(&n.to_string());
    }
    Some(n)
}

/// A hand's field: each keystroke counts (`oninput`), so the problems and
/// the buttons follow the number as it is typed.
fn hand_field(lang: Lang, editing: &Editing, c: Color, edit: &Edit) -> Html {
    let most = editing.setup.rules.pieces;
    let oninput = {
        let edit = edit.clone();
        Callback::from(move |e: InputEvent| {
            if let Some(n) = number(&e, most) {
                edit.emit(change(move |x| x.with_hand(c, n)));
            }
        })
    };
    let id = format!("editor-hand-{}", c.name());
    let max = most.to_string();
    let value = editing.setup.in_hand[c].to_string();
    html! {
        <div class="field">
            <label for={id.clone()}>{ lang.t(&format!("editor.hand-{}", c.name())) }</label>
            <input type="number" {id} min="0" {max} {value} data-hand={c.name()} {oninput} />
        </div>
    }
}

fn turn_field(lang: Lang, editing: &Editing, edit: &Edit) -> Html {
    let onchange = {
        let edit = edit.clone();
        Callback::from(move |e: Event| {
            let chosen = e.target_dyn_into::<web_sys::HtmlSelectElement>();
            if let Some(c) = chosen.and_then(|s| Color::from_name(&s.value())) {
                edit.emit(change(move |x| x.with_turn(c)));
            }
        })
    };
    let options = Color::ALL.iter().map(|&c| {
        html! { <option value={c.name()} selected={editing.setup.turn == c}>{ color_name(lang, c) }</option> }
    });
    html! {
        <div class="field">
            <label for="editor-turn">{ lang.t("editor.turn") }</label>
            <select id="editor-turn" data-field="turn" {onchange}>{ for options }</select>
        </div>
    }
}

/// The side to move, the hands, "Clear board" and "Start position".
pub fn editor_fields(lang: Lang, editing: &Editing, edit: &Edit) -> Html {
    let clear = edit.reform(|_: MouseEvent| change(Editing::cleared));
    let start = edit.reform(|_: MouseEvent| change(Editing::started));
    html! {
        <div class="editor-fields">
            { turn_field(lang, editing, edit) }
            { hand_field(lang, editing, Color::Light, edit) }
            { hand_field(lang, editing, Color::Dark, edit) }
            <div class="row">
                <button type="button" class="btn" data-action="clear-board" onclick={clear}>{ lang.t("editor.clear") }</button>
                <button type="button" class="btn" data-action="start-position" onclick={start}>{ lang.t("editor.start") }</button>
            </div>
        </div>
    }
}
