//! A message for the player (a link refused, a copy made…), with a button
//! that dismisses it.

use yew::prelude::*;

use super::button::sends;
use super::ui::Ui;
use crate::model::Action;

/// The model's notice, if there is one.
pub fn notice_bar(ui: &Ui) -> Html {
    let Some(n) = &ui.model.notice else {
        return html! {};
    };
    let args: Vec<&str> = n.args.iter().map(String::as_str).collect();
    let text = ui.lang.fmt(n.key, &args);
    let close = sends(&ui.send, Action::Notify(None));
    html! {
        <div class="notice" role="status" data-notice={n.key}>
            <span>{ text }</span>
            <button type="button" class="close" aria-label="×" onclick={close}>{ "×" }</button>
        </div>
    }
}
