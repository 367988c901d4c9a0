//! The recent games: unfinished games that another game replaced on the
//! table, each with a button to continue it (the game on the table, if
//! unfinished, takes its place in the list) and one to forget it.

use yew::prelude::*;

use super::ui::Ui;
use crate::hooks::Recent;
use crate::link;
use crate::model::Action;
use crate::storage;

/// The recent games, newest first; `refresh` reads the list again.
pub fn recent_list(ui: &Ui, recent: &[Recent], refresh: &Callback<()>) -> Html {
    let lang = ui.lang;
    if recent.is_empty() {
        return html! {};
    }
    let items = recent.iter().map(|r| {
        let resume = {
            let (send, id) = (ui.send.clone(), r.id.clone());
            Callback::from(move |_: MouseEvent| {
                if let Some(o) = storage::take_recent(&id).and_then(|body| link::parse(&body).ok()) {
                    send.emit(Action::Open(Box::new(o)));
                }
            })
        };
        let forget = {
            let (refresh, id) = (refresh.clone(), r.id.clone());
            Callback::from(move |_: MouseEvent| {
                storage::take_recent(&id);
                refresh.emit(());
            })
        };
        let who = lang.t(if r.against_computer { "recent.vs-engine" } else { "recent.two-players" });
        let line = lang.fmt("recent.line", &[&r.moves.to_string(), &who]);
        html! {
            <li data-recent-item={r.id.clone()}>
                <span class="room-friend">{ lang.t(&format!("variant.{}", r.variant)) }</span>
                <span class="room-state">{ line }</span>
                <button type="button" class="btn primary" data-recent-open={r.id.clone()} onclick={resume}>{ lang.t("recent.continue") }</button>
                <button type="button" class="btn" data-recent-forget={r.id.clone()} onclick={forget}>{ lang.t("recent.forget") }</button>
            </li>
        }
    });
    html! {
        <details class="record rooms" data-recent-list="" open=true>
            <summary>{ lang.t("recent.title") }</summary>
            <ul>{ for items }</ul>
        </details>
    }
}
