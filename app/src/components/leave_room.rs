//! "Leave room": forgets a kept room for good, after a second press that
//! says what leaving means. The room's save, its place in the list
//! (`storage::forget_room`) and this side's seat key
//! (`sign::forget_seats`) go; the room on the table makes way for a new
//! game between two people on this screen.

use yew::prelude::*;

use crate::i18n::Lang;
use crate::link::Mode;
use crate::model::{Action, Notice};
use crate::room::sign;
use crate::storage;
use morris_core::{Color, Rules};

#[derive(Properties, PartialEq)]
pub struct LeaveRoomProps {
    pub code: String,
    pub lang: Lang,
    /// The room on the table, whose rules the new game keeps; `None`
    /// for a room in the list only.
    pub on_table: Option<Rules>,
    pub send: Callback<Action>,
    /// Reads the list of kept rooms again.
    pub refresh: Callback<()>,
}

#[function_component(LeaveRoom)]
pub fn leave_room(props: &LeaveRoomProps) -> Html {
    let asking = use_state(|| false);
    let lang = props.lang;
    let code = props.code.clone();
    if !*asking {
        let ask = {
            let asking = asking.clone();
            Callback::from(move |_: MouseEvent| asking.set(true))
        };
        return html! {
            <button type="button" class="btn" data-room-leave={code} onclick={ask}>{ lang.t("room.leave") }</button>
        };
    }
    let cancel = {
        let asking = asking.clone();
        Callback::from(move |_: MouseEvent| asking.set(false))
    };
    let leave = {
        let (send, refresh, rules) = (props.send.clone(), props.refresh.clone(), props.on_table);
        let code = code.clone();
        Callback::from(move |_: MouseEvent| {
            storage::forget_room(&code);
            sign::forget_seats([code.clone()]);
            if let Some(rules) = rules {
                let mode = Mode::TwoPlayers { bottom: Color::Light };
                send.emit(Action::NewGame { rules, mode });
            }
            send.emit(Action::Notify(Some(Notice::new("room.left", vec![code.clone()]))));
            refresh.emit(());
        })
    };
    html! {
        <span class="room-leave" role="group" aria-label={lang.t("room.leave")}>
            <span class="room-leave-warning">{ lang.t("room.leave-warning") }</span>
            <button type="button" class="btn danger" data-room-leave-sure={code} onclick={leave}>{ lang.t("room.leave-sure") }</button>
            <button type="button" class="btn" onclick={cancel}>{ lang.t("action.cancel") }</button>
        </span>
    }
}
