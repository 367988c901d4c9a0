//! The focus in the analysis board's game review: its buttons give way to
//! one another (Review the game to Cancel review, that to the review's
//! marked turns or to Review the game again). When the one that held the
//! focus goes, the focus goes on to the panel's first button, not to the
//! dialog, where the next Tab would start again at the board.

use wasm_bindgen::JsCast;
use yew::prelude::*;

use crate::browser;

/// Whether `el` is in the review's panel.
fn in_panel(el: &web_sys::Element) -> bool {
    el.closest(".review-panel").ok().flatten().is_some()
}

/// After each render: the focus, if it was in the review's panel and is
/// lost (on the page's body, the dialog, or the board's root that keeps
/// the keys), goes to the panel's first button. Returns the `onfocusin`
/// of the dialog's root, which follows where the focus is.
#[hook]
pub fn use_review_focus() -> Callback<FocusEvent> {
    let held = use_mut_ref(|| false);
    {
        let held = held.clone();
        use_effect(move || {
            if !*held.borrow() {
                return;
            }
            let lost = web_sys::window()
                .and_then(|w| w.document())
                .and_then(|d| d.active_element())
                .is_none_or(|a| {
                    matches!(a.tag_name().as_str(), "BODY" | "DIALOG") || a.has_attribute("data-analysis")
                });
            if lost {
                browser::focus_first("[data-analysis] .review-panel button:not([disabled])");
            }
        });
    }
    Callback::from(move |e: FocusEvent| {
        let Some(el) = e.target().and_then(|t| t.dyn_into::<web_sys::Element>().ok()) else {
            return;
        };
        // The root taking back a focus that was lost (from an element
        // drawn away, by way of the dialog) is no move of the person's; a
        // click beside the buttons, which also focuses the root, is.
        let from_control = e
            .related_target()
            .and_then(|t| t.dyn_into::<web_sys::Element>().ok())
            .is_some_and(|f| f.is_connected() && !matches!(f.tag_name().as_str(), "BODY" | "DIALOG"));
        if !el.has_attribute("data-analysis") || from_control {
            *held.borrow_mut() = in_panel(&el);
        }
    })
}
