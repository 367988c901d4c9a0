//! The keyboard: the arrow keys walk the board's lines with a cursor,
//! Enter or Space press the cursor's point, Escape drops a turn under way
//! (with none it goes on, so a dialog around the board closes); focus follows
//! the cursor while it is on the board (a roving tabindex).

use morris_core::{BoardKind, Point};
use wasm_bindgen::JsCast;
use web_sys::{Element, KeyboardEvent, SvgElement};
use yew::prelude::*;

use crate::layout::{Arrow, Layout};
use crate::props::BoardProps;

/// The board's key handler.
pub(crate) fn on_keydown(
    layout: Layout,
    cursor: Option<Point>,
    props: &BoardProps,
) -> Callback<KeyboardEvent> {
    let on_press = props.on_press.clone();
    let on_cursor = props.on_cursor.clone();
    let on_cancel = props.on_cancel.clone();
    // Escape drops a turn being put together; with none, it goes on (a
    // dialog around the board closes).
    let under_way = props.selected.is_some() || !props.removable.is_empty();
    Callback::from(move |e: KeyboardEvent| {
        let key = e.key();
        let at = cursor.or_else(|| layout.centre_point());
        if let Some(arrow) = Arrow::from_key(&key) {
            e.prevent_default();
            let next = match cursor {
                None => at,
                Some(p) => layout.step_along(p, arrow),
            };
            if let Some(q) = next {
                on_cursor.emit(q);
            }
            return;
        }
        match key.as_str() {
            "Enter" | " " => {
                e.prevent_default();
                if let Some(p) = at {
                    on_press.emit(p);
                }
            }
            "Escape" if under_way => {
                e.prevent_default();
                e.stop_propagation();
                on_cancel.emit(());
            }
            _ => {}
        }
    })
}

/// Moves focus to the cursor's point when focus is already on the board.
pub(crate) fn focus_cursor(svg_ref: &NodeRef, cursor: Option<Point>, board: BoardKind) {
    let (Some(svg), Some(p)) = (svg_ref.cast::<Element>(), cursor) else {
        return;
    };
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(active) = doc.active_element() else {
        return;
    };
    if !svg.contains(Some(&active)) {
        return;
    }
    let name = board.geometry().coord(p).to_string();
    if active.get_attribute("data-point").as_deref() == Some(name.as_str()) {
        return;
    }
    let selector = format!("[data-point=\"{name}\"]");
    if let Ok(Some(el)) = svg.query_selector(&selector) {
        if let Ok(el) = el.dyn_into::<SvgElement>() {
            let _ = el.focus();
        }
    }
}
