//! A dialog over the table that holds the keyboard: a native `<dialog>`
//! shown with `showModal()`, so the browser makes the rest of the page
//! inert (no click, no focus, hidden from assistive technology behind it).
//! Tab and Shift+Tab go round inside it, Escape closes it, and on closing
//! the focus goes back to what opened it (or, where that is gone, to the
//! board's point that takes Tab). Every dialog of the app and the lab is one of these.

use std::cell::Cell;
use std::rc::Rc;

use wasm_bindgen::JsCast;
use web_sys::{Element, HtmlDialogElement, HtmlElement};
use yew::prelude::*;

use crate::browser;

/// What can take the focus inside a dialog.
const FOCUSABLE: &str = "a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), \
                         textarea:not([disabled]), summary, [tabindex]:not([tabindex='-1'])";

#[derive(Properties, PartialEq)]
pub struct ModalProps {
    /// The id of the dialog's title, which names it.
    pub labelled_by: AttrValue,
    /// Escape (or the browser closing the dialog) asks this.
    pub on_close: Callback<()>,
    #[prop_or_default]
    pub children: Html,
}

/// The element with the focus now.
fn focused() -> Option<Element> {
    web_sys::window()?.document()?.active_element()
}

/// Gives the focus back to `opener`, or to the table's board (its point
/// that takes Tab) where the opener left the page meanwhile: the first
/// screen's choice that opened the new-game dialog, gone with the first
/// screen once the game starts, or the lab going from one view to another.
/// A game on another board draws its points afresh a moment later: the
/// page's focus keeper (`index.html`) then puts the focus on the new board.
fn give_back(opener: Option<Element>) {
    let target = opener.filter(|e| e.is_connected()).or_else(|| {
        let doc = web_sys::window()?.document()?;
        doc.query_selector("svg.board [data-point][tabindex='0']")
            .ok()
            .flatten()
    });
    if let Some(e) = target {
        browser::focus(&e);
    }
}

/// The elements that can take the focus in `dialog`, in order, visible
/// ones only: HTML elements and a board's SVG point that takes Tab.
fn focusables(dialog: &Element) -> Vec<Element> {
    let Ok(list) = dialog.query_selector_all(FOCUSABLE) else {
        return Vec::new();
    };
    (0..list.length())
        .filter_map(|i| list.item(i)?.dyn_into::<Element>().ok())
        .filter(|e| e.is_instance_of::<HtmlElement>() || e.is_instance_of::<web_sys::SvgElement>())
        .filter(|e| e.get_client_rects().length() > 0)
        .collect()
}

/// Escape closes the dialog (unless something inside took it first, as
/// the board does to drop a turn being put together) and goes no further,
/// so the table underneath does not see it. Tab from the last element goes
/// to the first, Shift+Tab from the first (or from the dialog itself) to
/// the last.
fn keys(dialog: NodeRef, close: Callback<()>) -> Callback<KeyboardEvent> {
    Callback::from(move |e: KeyboardEvent| {
        if e.key() == "Escape" && !e.default_prevented() {
            // Prevented, the browser fires no `cancel` of its own.
            e.prevent_default();
            e.stop_propagation();
            return close.emit(());
        }
        if e.key() != "Tab" {
            return;
        }
        let Some(d) = dialog.cast::<Element>() else { return };
        let all = focusables(&d);
        let (Some(first), Some(last)) = (all.first(), all.last()) else {
            e.prevent_default();
            return;
        };
        let now = focused();
        let at = |el: &Element| now.as_ref() == Some(el);
        // The dialog's own title (tabindex -1, focused as it opens) is
        // before every control: Tab goes on from it as from the top.
        let on_top = now
            .as_ref()
            .is_some_and(|n| n.matches("h2[tabindex]").unwrap_or(false) && d.contains(Some(n)));
        let outside = !on_top && !all.iter().any(at);
        if e.shift_key() && (at(first) || outside || on_top) {
            e.prevent_default();
            browser::focus(last);
        } else if !e.shift_key() && (at(last) || outside) {
            e.prevent_default();
            browser::focus(first);
        }
    })
}

/// Keeps the focus in the dialog when what had it went away (a view of
/// the dialog replaced by another): the dialog itself takes it, and Tab
/// goes on from there.
fn keep_focus(dialog: &NodeRef) {
    let Some(d) = dialog.cast::<HtmlElement>() else {
        return;
    };
    let lost = focused().is_none_or(|f| !d.contains(Some(f.unchecked_ref())));
    if lost {
        let _ = d.focus();
    }
}

#[function_component(Modal)]
pub fn modal(p: &ModalProps) -> Html {
    let node = use_node_ref();
    // What had the focus when the dialog was first drawn: it gets it back.
    let opener = use_memo((), |_| focused());
    // Set as the dialog goes: its own `close` then asks nothing more.
    let gone = use_memo((), |_| Rc::new(Cell::new(false)));
    {
        let (node, opener, gone) = (node.clone(), opener.clone(), (*gone).clone());
        use_effect_with((), move |_| {
            if let Some(d) = node.cast::<HtmlDialogElement>() {
                if !d.open() {
                    let _ = d.show_modal();
                }
            }
            move || {
                // Closed first: while it is modal, the page behind is
                // inert and cannot take the focus back.
                gone.set(true);
                if let Some(d) = node.cast::<HtmlDialogElement>() {
                    d.close();
                }
                give_back((*opener).clone());
            }
        });
    }
    {
        let node = node.clone();
        use_effect(move || keep_focus(&node));
    }
    // A close request that is no Escape key (a phone's back gesture) fires
    // `cancel`: the app closes the dialog (by drawing it no more), not the
    // browser, which would leave a closed `<dialog>` behind.
    let on_cancel = {
        let close = p.on_close.clone();
        Callback::from(move |e: Event| {
            e.prevent_default();
            close.emit(());
        })
    };
    // Closed by the browser all the same (it may ignore a second
    // prevented cancel): the app follows.
    let on_closed = {
        let (close, gone) = (p.on_close.clone(), (*gone).clone());
        Callback::from(move |_: Event| {
            if !gone.get() {
                close.emit(());
            }
        })
    };
    html! {
        <dialog class="dialog-backdrop" ref={node.clone()} tabindex="-1" aria-labelledby={p.labelled_by.clone()}
                oncancel={on_cancel} onclose={on_closed} onkeydown={keys(node, p.on_close.clone())}>
            { p.children.clone() }
        </dialog>
    }
}
