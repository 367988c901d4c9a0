//! Keeps the keyboard's focus on the table when what held it goes away.
//! Many of the game's buttons go as they are pressed: "Offer draw" and
//! "Resign" give way to their question, its answers to the buttons again,
//! "Got it" takes the coach's tip away. A browser then leaves the focus
//! on the page itself, and a keyboard user would have to Tab round the
//! whole page to come back. After each drawing of the page, where the
//! element that held the focus left the page and nothing holds it now, the
//! focus goes to, in order: the safe answer of a question waiting (its
//! last button: Cancel, Decline), an element of the same `data-action`
//! drawn afresh, the first of the game's buttons, the board's Tab point.
//! An open dialog keeps the focus itself (`components::modal`).

use std::cell::RefCell;
use std::rc::Rc;

use gloo_events::{EventListener, EventListenerOptions};
use wasm_bindgen::JsCast;
use web_sys::{Document, Element, HtmlElement};
use yew::prelude::*;

/// Where the focus goes, first found first.
fn rescue_target(doc: &Document, lost: &Element) -> Option<Element> {
    let first = |sel: &str| doc.query_selector(sel).ok().flatten();
    let last_answer = doc
        .query_selector_all(".pending .row button:not([disabled])")
        .ok()
        .and_then(|all| all.item(all.length().checked_sub(1)?))
        .and_then(|n| n.dyn_into::<Element>().ok());
    let same = lost
        .get_attribute("data-action")
        .and_then(|a| first(&format!("[data-action=\"{a}\"]:not([disabled])")));
    last_answer
        .or(same)
        .or_else(|| first(".controls button:not([disabled])"))
        .or_else(|| first("svg.board [data-point][tabindex='0']"))
}

/// Whether nothing on the page holds the focus (the page's body has it).
fn focus_lost(doc: &Document) -> bool {
    match (doc.active_element(), doc.body()) {
        (None, _) => true,
        (Some(a), Some(body)) => a == *body.unchecked_ref::<Element>(),
        (Some(_), None) => false,
    }
}

/// Puts the focus back on the table after a drawing that took away what held it.
#[hook]
pub fn use_focus_rescue() {
    let held: Rc<RefCell<Option<Element>>> = use_mut_ref(|| None);
    {
        let held = held.clone();
        use_effect_with((), move |_| {
            let listener = web_sys::window().and_then(|w| w.document()).map(|doc| {
                let options = EventListenerOptions::run_in_capture_phase();
                EventListener::new_with_options(&doc, "focusin", options, move |e| {
                    *held.borrow_mut() = e.target().and_then(|t| t.dyn_into::<Element>().ok());
                })
            });
            move || drop(listener)
        });
    }
    use_effect(move || {
        let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
            return;
        };
        // A dialog that closed gives the focus back itself.
        let in_dialog = |e: &Element| e.closest("dialog").ok().flatten().is_some();
        let lost = held
            .borrow()
            .clone()
            .filter(|e| !e.is_connected() && !in_dialog(e));
        let dialog_open = doc.query_selector("dialog[open]").ok().flatten().is_some();
        if let (Some(lost), true, false) = (lost, focus_lost(&doc), dialog_open) {
            if let Some(target) = rescue_target(&doc, &lost) {
                if let Some(h) = target.dyn_ref::<HtmlElement>() {
                    let _ = h.focus();
                } else if let Some(s) = target.dyn_ref::<web_sys::SvgElement>() {
                    let _ = s.focus();
                }
            }
        }
    });
}
