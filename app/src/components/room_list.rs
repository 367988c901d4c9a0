//! The list of rooms kept in this browser, each with a button to open it
//! and one to leave it for good.

use yew::prelude::*;

use super::leave_room::LeaveRoom;
use super::ui::Ui;
use crate::model::room::Summary;
use crate::model::Action;
use crate::opening::kept_room;

/// The kept rooms, the one on the table marked; `refresh` reads the list
/// again.
pub fn room_list(ui: &Ui, rooms: &[Summary], refresh: &Callback<()>) -> Html {
    let lang = ui.lang;
    if rooms.is_empty() {
        return html! {};
    }
    let current = ui.model.room.as_ref().map(|r| r.code.as_str());
    let items = rooms.iter().map(|s| {
        let code = s.code.clone();
        let open = {
            let send = ui.send.clone();
            let code = code.clone();
            Callback::from(move |_: MouseEvent| {
                if let Some(t) = kept_room(&code) {
                    send.emit(Action::OpenRoom(Box::new(t)));
                }
            })
        };
        let friend = if s.friend.is_empty() { lang.t("room.friend") } else { s.friend.clone() };
        let here = current == Some(code.as_str());
        let on_table = here.then(|| *ui.model.game.rules());
        html! {
            <li data-room-item={code.clone()} data-room-state={s.state} aria-current={here.then_some("true")}>
                <code>{ code.clone() }</code>
                <span class="room-friend">{ friend }</span>
                <span class="room-state">{ lang.fmt(&format!("room.state.{}", s.state), &[&s.moves.to_string(), &s.game_no.to_string()]) }</span>
                // Named with the room's code: "Open" alone would be one of
                // several (the room panel's own, for a pasted link).
                if !here {
                    <button type="button" class="btn" data-room-open={code.clone()} onclick={open}
                            aria-label={format!("{} {code}", lang.t("room.open"))}>{ lang.t("room.open") }</button>
                }
                <LeaveRoom {code} {lang} {on_table} send={ui.send.clone()} refresh={refresh.clone()} />
            </li>
        }
    });
    html! {
        <details class="record rooms" data-room-list="" open={current.is_some()}>
            <summary>{ lang.t("room.list") }</summary>
            <ul>{ for items }</ul>
        </details>
    }
}
