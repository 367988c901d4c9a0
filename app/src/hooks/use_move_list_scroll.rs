//! The move list keeps the turn shown in view (the last one while playing),
//! and the focus on it (the list's one Tab stop) when the focus was in the
//! list (its keys step).

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::model::Model;

/// The move list's node, scrolled whenever a turn is played or another
/// one is shown.
#[hook]
pub fn use_move_list_scroll(model: &Model) -> NodeRef {
    let list = use_node_ref();
    let key = (model.game.moves().len(), model.shown_ply());
    {
        let list = list.clone();
        use_effect_with(key, move |_| {
            // Measuring the list forces a layout: done in the next frame,
            // where the browser lays out anyway, rather than inside the
            // click or the computer's move that changed the list.
            let scroll = move || {
                let Some(el) = list.cast::<web_sys::Element>() else {
                    return;
                };
                // The list's one Tab stop: the turn shown, or the latest.
                if let Ok(Some(stop)) = el.query_selector("button[tabindex='0']") {
                    follow_focus(&el, &stop);
                }
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
    list
}

/// Moves the focus to the list's Tab stop, if it was on another turn of the list.
fn follow_focus(list: &web_sys::Element, current: &web_sys::Element) {
    let focused = web_sys::window()
        .and_then(|w| w.document())
        .and_then(|d| d.active_element());
    if focused.is_some_and(|f| list.contains(Some(f.as_ref())) && &f != current) {
        if let Some(c) = current.dyn_ref::<web_sys::HtmlElement>() {
            let _ = c.focus();
        }
    }
}
