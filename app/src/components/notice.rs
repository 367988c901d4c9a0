//! A message for the player (a link refused, a copy made…), with a button
//! that dismisses it. A notice about the friend in a room names them when
//! it carries their name; one about the board shown from the past offers
//! the way back to the game. Notices go by themselves (`use_notice_expiry`).

use yew::prelude::*;

use super::button::sends;
use super::code_text::code_text;
use super::ui::Ui;
use crate::model::Action;

/// The text to use when a notice carries the friend's name.
fn named_key(key: &str) -> Option<&'static str> {
    Some(match key {
        "room.resigned" => "room.resigned-by",
        "room.draw-refused" => "room.draw-refused-by",
        "room.rematch-declined" => "room.rematch-declined-by",
        "draw.declined" => "draw.declined-by",
        "room.friend-joined" => "room.friend-joined-by",
        "room.friend-left" => "room.friend-left-by",
        "room.friend-lost" => "room.friend-lost-by",
        "room.friend-back" => "room.friend-back-by",
        _ => return None,
    })
}

/// The model's notice, if there is one.
pub fn notice_bar(ui: &Ui) -> Html {
    let Some(n) = &ui.model.notice else {
        return html! {};
    };
    let args: Vec<&str> = n.args.iter().map(String::as_str).collect();
    let key = named_key(n.key).filter(|_| !args.is_empty()).unwrap_or(n.key);
    let text = ui.lang.fmt(key, &args);
    let close = sends(&ui.send, Action::Notify(None));
    let back = (n.key == "browse.board" && ui.model.view.is_some()).then(|| {
        html! {
            <button type="button" class="btn" data-action="back-to-game" onclick={sends(&ui.send, Action::View(None))}>
                { ui.lang.t("action.live") }
            </button>
        }
    });
    html! {
        <div class="notice" role="status" data-notice={n.key}>
            <span>{ code_text(&text) }</span>
            if let Some(b) = back { { b } }
            <button type="button" class="close" aria-label={ui.lang.t("notice.dismiss")} onclick={close}>{ "×" }</button>
        </div>
    }
}
