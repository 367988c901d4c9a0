//! Offers and confirmations waiting for an answer: resigning to confirm, a
//! draw or a rematch offered (or one's own offer waiting for the other
//! side: at one table a draw offer is passed on with the offering side's
//! move, and the other side answers at its turn).

use yew::prelude::*;

use super::button::{action_button, sends};
use super::status_text::{about_friend, side_name};
use super::ui::Ui;
use crate::model::{Action, Model};

/// A question with its two answers.
fn ask(text: String, yes: Html, no: Html) -> Html {
    html! {
        <div class="pending" role="alertdialog">
            <p>{ text }</p>
            <div class="row">{ yes }{ no }</div>
        </div>
    }
}

/// One's own offer, waiting; `cancel` withdraws it, if it still may be.
fn waiting(what: &'static str, text: String, cancel: Option<Html>) -> Html {
    html! {
        <div class="pending waiting" role="status" data-waiting={what}>
            <p>{ text }</p>
            if let Some(c) = cancel { <div class="row">{ c }</div> }
        </div>
    }
}

/// The key of the text for one's own draw offer at one table: passed on
/// with the next move, or with the computer thinking.
fn own_draw_offer(t: &Model) -> Option<&'static str> {
    let by = t.draw_offer?;
    if t.room.is_some() {
        return None;
    }
    let turn = t.game.position().turn();
    match t.mode.engine() {
        Some(_) if t.engine_to_move() => Some("draw.pending-thinking"),
        Some(_) => Some("draw.pending-engine"),
        None if by == turn => Some("draw.pending"),
        None => None,
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
    if let Some(key) = own_draw_offer(t) {
        let turn = t.game.position().turn();
        let cancel = (t.draw_offer == Some(turn)).then(|| button("cancel", Action::CancelDialog, false));
        return waiting("draw", lang.t(key), cancel);
    }
    if t.room
        .as_ref()
        .is_some_and(|r| Some(r.my_color()) == t.draw_offer)
    {
        let text = about_friend(t, lang, "room.draw-waiting", "room.draw-waiting-for");
        return waiting("draw", text, None);
    }
    if let Some(r) = t.room.as_ref().filter(|r| r.rematch_by.is_some() && over) {
        if r.rematch_by == Some(r.me) {
            let text = about_friend(t, lang, "room.rematch-waiting", "room.rematch-waiting-for");
            return waiting(
                "rematch",
                text,
                Some(button("cancel", Action::CancelDialog, false)),
            );
        }
        let (yes, no) = (
            button("accept-rematch", Action::AcceptRematch, true),
            button("cancel", Action::CancelDialog, false),
        );
        let text = about_friend(t, lang, "room.rematch-offered", "room.rematch-offered-by");
        return ask(text, yes, no);
    }
    if let Some(by) = t.draw_offer {
        let (yes, no) = (
            button("accept-draw", Action::AcceptDraw, true),
            button("decline-draw", Action::DeclineDraw, false),
        );
        let text = match t.room {
            Some(_) => about_friend(t, lang, "draw.offered-friend", "draw.offered-by"),
            None => lang.fmt("draw.offered", &[&side_name(t, lang, by)]),
        };
        return ask(text, yes, no);
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
