//! The list of rooms kept in this browser, each with a button to open it.

use yew::prelude::*;

use crate::i18n::Lang;
use crate::model::room::Summary;
use crate::model::Action;
use crate::opening::kept_room;

#[derive(Properties, PartialEq, Debug)]
pub struct RoomListProps {
    pub lang: Lang,
    pub rooms: Vec<Summary>,
    /// The code of the room on the table, if any.
    pub current: Option<AttrValue>,
    pub send: Callback<Action>,
}

#[function_component(RoomList)]
pub fn room_list(props: &RoomListProps) -> Html {
    let lang = props.lang;
    if props.rooms.is_empty() {
        return html! {};
    }
    let current = props.current.as_deref();
    let items = props.rooms.iter().map(|s| {
        let code = s.code.clone();
        let open = {
            let send = props.send.clone();
            let code = code.clone();
            Callback::from(move |_: MouseEvent| {
                if let Some(t) = kept_room(&code) {
                    send.emit(Action::OpenRoom(Box::new(t)));
                }
            })
        };
        let friend = if s.friend.is_empty() { lang.t("room.friend") } else { s.friend.clone() };
        let here = current == Some(code.as_str());
        html! {
            <li data-room-item={code.clone()} data-room-state={s.state} aria-current={here.then_some("true")}>
                <code>{ code.clone() }</code>
                <span class="room-friend">{ friend }</span>
                <span class="room-state">{ lang.fmt(&format!("room.state.{}", s.state), &[&s.game_no.to_string(), &s.plies.to_string()]) }</span>
                if !here { <button type="button" class="btn" data-room-open={code} onclick={open}>{ lang.t("room.open") }</button> }
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
