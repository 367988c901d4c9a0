//! The room's bar at the top of the table: the room's code, "Copy invite
//! link" for the host while the friend's seat is free (the guest has no one
//! to invite; once the seat is taken the room panel holds the link for the
//! friend, needed only while not connected live), who is connected, how
//! the room meets the friend (through a relay, or by links: `data-relay`,
//! with the messages a relay brought that were dropped in
//! `data-relay-dropped`), and "Connect live" when there is no connection.

use yew::prelude::*;

use super::ui::Ui;
use crate::browser::copy_text;
use crate::hooks::Live;
use crate::model::{Action, Notice};
use crate::room::relay::RelayState;
use crate::room::{Connection, Role, Room};

/// The bar of `room`, whose link from this side is `link`; `field` is the
/// invite's field in the room panel, selected on copy.
pub fn room_bar(ui: &Ui, room: &Room, link: &str, field: &NodeRef, live: &Live) -> Html {
    let lang = ui.lang;
    let connection = live.connection;
    let on_copy = {
        let (text, field, send) = (link.to_string(), field.clone(), ui.send.clone());
        Callback::from(move |_: MouseEvent| {
            copy_text(&text, &field);
            send.emit(Action::Notify(Some(Notice::new("room.copied", Vec::new()))));
        })
    };
    let can_connect = live.supported && matches!(connection, Connection::ByLink | Connection::Lost);
    let on_connect = {
        let (live, code) = (live.clone(), room.code.clone());
        Callback::from(move |_: MouseEvent| live.connect(&code, false))
    };
    let conn_text = match connection {
        Connection::ByLink => lang.t("room.by-link"),
        Connection::Connecting => lang.t("room.connecting"),
        Connection::Live => lang.t("room.live"),
        Connection::Lost => lang.t("room.lost"),
    };
    let relay = match live.relay {
        RelayState::Off => None,
        RelayState::Trying => Some(lang.t("room.relay-trying")),
        RelayState::Joined => Some(lang.t("room.relay-joined")),
        RelayState::Unreachable => Some(lang.t("room.relay-unreachable")),
    };
    let code = room.code.clone();
    let inviting = room.me == Role::Host && !room.joined;
    html! {
        <div class="room-bar" data-room={code.clone()}>
            <span class="room-label">{ lang.t("room.code") }</span>
            <code class="room-code" data-room-code="">{ code }</code>
            if inviting {
                <button type="button" class="btn primary" data-action="copy-invite" onclick={on_copy}>{ lang.t("room.copy-invite") }</button>
            }
            <span class={classes!("conn", connection.id())} data-connection={connection.id()} role="status">
                <span class="conn-dot" aria-hidden="true"></span>{ conn_text }
            </span>
            if let Some(text) = relay {
                <span class="conn relay" data-relay={live.relay.id()} data-relay-dropped={live.dropped.to_string()}>{ text }</span>
            }
            if can_connect {
                <button type="button" class="btn" data-action="connect-live" onclick={on_connect}>{ lang.t("room.connect-live") }</button>
            }
        </div>
    }
}
