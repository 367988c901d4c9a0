//! Offers and confirmations waiting for an answer: resigning to confirm, a
//! draw or a rematch offered (or, in a room, one's own offer waiting for
//! the friend).

use yew::prelude::*;

use super::button::{action_button, sends};
use super::status_text::color_name;
use super::ui::Ui;
use crate::model::Action;

/// A question with its two answers.
fn ask(text: String, yes: Html, no: Html) -> Html {
    html! {
        <div class="pending" role="alertdialog">
            <p>{ text }</p>
            <div class="row">{ yes }{ no }</div>
        </div>
    }
}

/// The offer or confirmation waiting, if any.
pub fn offers(ui: &Ui) -> Html {
    let (t, lang) = (&ui.model, ui.lang);
    let button = |name: &'static str, action: Action, primary: bool| {
        action_button(lang, name, true, sends(&ui.send, action), primary)
    };
    let over = t.outcome().is_some();
    if t.confirm_resign {
        return html! {
            <div class="pending" role="alertdialog" aria-label={lang.t("resign.ask")}>
                <p>{ lang.t("resign.ask") }</p>
                <div class="row">
                    { button("confirm", Action::Confirm, true) }
                    { button("cancel", Action::CancelDialog, false) }
                </div>
            </div>
        };
    }
    if t.room
        .as_ref()
        .is_some_and(|r| Some(r.my_color()) == t.draw_offer)
    {
        return html! {
            <div class="pending waiting" role="status" data-waiting="draw">
                <p>{ lang.t("room.draw-waiting") }</p>
            </div>
        };
    }
    if let Some(r) = t.room.as_ref().filter(|r| r.rematch_by.is_some() && over) {
        if r.rematch_by == Some(r.me) {
            return html! {
                <div class="pending waiting" role="status" data-waiting="rematch">
                    <p>{ lang.t("room.rematch-waiting") }</p>
                    <div class="row">{ button("cancel", Action::CancelDialog, false) }</div>
                </div>
            };
        }
        let (yes, no) = (
            button("accept-rematch", Action::AcceptRematch, true),
            button("cancel", Action::CancelDialog, false),
        );
        return ask(lang.t("room.rematch-offered"), yes, no);
    }
    if let Some(by) = t.draw_offer {
        let (yes, no) = (
            button("accept-draw", Action::AcceptDraw, true),
            button("decline-draw", Action::DeclineDraw, false),
        );
        return ask(lang.fmt("draw.offered", &[&color_name(lang, by)]), yes, no);
    }
    if t.rematch_offer {
        let (yes, no) = (
            button("accept-rematch", Action::AcceptRematch, true),
            button("cancel", Action::CancelDialog, false),
        );
        return ask(lang.t("rematch.offered"), yes, no);
    }
    html! {}
}
