//! The record panel: the game's record, its position or its link copied
//! (to the clipboard and into the text box), and a record, position or
//! link pasted to open it.

use web_sys::HtmlTextAreaElement;
use yew::prelude::*;

use super::ui::Ui;
use crate::browser::{base_url, copy_text};
use crate::hooks::COPIED;
use crate::link;
use crate::model::{Action, Notice};

/// What a copy button copies.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Copy {
    Record,
    Position,
    Link,
}

/// The record panel; `area` is its text box.
pub fn record_panel(ui: &Ui, area: &NodeRef) -> Html {
    let lang = ui.lang;
    let copy = |what: Copy| {
        let (t, area, send) = (ui.model.clone(), area.clone(), ui.send.clone());
        Callback::from(move |_: MouseEvent| {
            let text = match what {
                Copy::Record => t.game.record(),
                Copy::Position => t.shown().to_string(),
                Copy::Link => format!("{}#{}", base_url(), t.link()),
            };
            copy_text(&text, &area);
            // Marked as the table's own text, which goes with the game.
            if let Some(a) = area.cast::<web_sys::Element>() {
                let _ = a.set_attribute(COPIED, &text);
            }
            send.emit(Action::Notify(Some(Notice::new("record.copied", Vec::new()))));
        })
    };
    let load = {
        let (field, send, mode) = (area.clone(), ui.send.clone(), ui.model.mode);
        Callback::from(move |_: MouseEvent| {
            let Some(area) = field.cast::<HtmlTextAreaElement>() else {
                return;
            };
            // Nothing pasted yet: the box to paste into, not a new game.
            let text = area.value();
            if text.trim().is_empty() {
                let _ = area.focus();
                return;
            }
            match link::read_paste(&text, mode) {
                Ok(o) => send.emit(Action::Open(Box::new(o))),
                Err(e) => send.emit(Action::Notify(Some(Notice::new("record.bad", vec![e])))),
            }
        })
    };
    html! {
        <details class="record">
            <summary>{ lang.t("record.title") }</summary>
            <textarea ref={area.clone()} rows="4" spellcheck="false" aria-label={lang.t("record.placeholder")}
                      placeholder={lang.t("record.placeholder")} />
            <div class="row">
                <button type="button" class="btn" data-copy="record" onclick={copy(Copy::Record)}>{ lang.t("record.copy") }</button>
                <button type="button" class="btn" data-copy="position" onclick={copy(Copy::Position)}>{ lang.t("record.copy-position") }</button>
                <button type="button" class="btn" data-copy="link" onclick={copy(Copy::Link)}>{ lang.t("record.copy-link") }</button>
                <button type="button" class="btn primary" data-load="" onclick={load}>{ lang.t("record.load") }</button>
            </div>
        </details>
    }
}
