//! The room's bar at the top of the table: the room's code, "Copy invite
//! link" for the host while the friend's seat is free (the guest has no one
//! to invite; once the seat is taken the room panel holds the link for the
//! friend, needed only while not connected live), who is connected, how
//! the room meets the friend (through a relay, or by links: `data-relay`,
//! with the messages a relay brought that were dropped in
//! `data-relay-dropped`; or, `elsewhere`, that another tab of this
//! browser holds the seat's connection; or, `taken`, that the seat is
//! another browser's; by links, what to send for a live connection), and
//! "Connect live" when there is no connection (and no other tab makes
//! it, none is being made, no relay is looked for, and the seat is this
//! browser's).

use yew::prelude::*;

use super::ui::Ui;
use crate::browser::copy_text;
use crate::hooks::Live;
use crate::model::{Action, Notice, Presence};
use crate::room::meeting::ByHand;
use crate::room::relay::RelayState;
use crate::room::{Connection, Role, Room};

/// What a connection being made says: by hand, what to send.
fn by_hand_text(by_hand: Option<ByHand>) -> &'static str {
    match by_hand {
        Some(ByHand::Offer) => "room.by-link-offer",
        Some(ByHand::Answer) => "room.by-link-answer",
        None => "room.connecting",
    }
}

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
    // Another tab meets the friend, or the seat is another browser's:
    // this page makes no connection.
    let no_connection = matches!(live.relay, RelayState::Elsewhere | RelayState::Taken);
    // "Connect live" where there is no live connection and none is being
    // made (nor a relay looked for). It sits beside the connection's line,
    // which is two lines high: it comes and goes without moving anything below.
    let can_connect = live.supported
        && !no_connection
        && live.relay != RelayState::Trying
        && matches!(connection, Connection::ByLink | Connection::Lost);
    let on_connect = {
        let (live, code) = (live.clone(), room.code.clone());
        Callback::from(move |_: MouseEvent| live.connect(&code, false))
    };
    let inviting = room.me == Role::Host && !room.joined;
    // One line says how the room runs: live, or, until then, through a
    // relay or by links (the relay's state in place of "by link"), and,
    // by links with a connection offered or answered, what to send.
    let conn_text = lang.t(match (connection, live.relay) {
        (_, RelayState::Elsewhere) => "room.elsewhere",
        (_, RelayState::Taken) => "room.taken",
        (Connection::ByLink, RelayState::Trying) => "room.relay-trying",
        (Connection::ByLink | Connection::Connecting, RelayState::Joined) => match room.me {
            Role::Host => "room.relay-joined",
            Role::Guest => "room.relay-joined-guest",
        },
        // Away from the host's invite (whose box says what it carries), an
        // exchange by hand says what to send, whatever the relays did: a
        // "Connect live" pressed with no relay in reach shows what it did.
        (Connection::Connecting, RelayState::Unreachable) if !inviting && live.by_hand.is_some() => {
            by_hand_text(live.by_hand)
        }
        (Connection::ByLink | Connection::Connecting, RelayState::Unreachable) => "room.relay-unreachable",
        (Connection::ByLink, RelayState::Off) => "room.by-link",
        (Connection::Connecting, RelayState::Off) => by_hand_text(live.by_hand),
        (Connection::Connecting, _) => "room.connecting",
        (Connection::Live, _) => "room.live",
        (Connection::Lost, _) if ui.model.friend_away == Some(Presence::Left) => "room.lost-left",
        (Connection::Lost, _) => "room.lost",
    });
    let relay = (live.relay != RelayState::Off).then(|| live.relay.id());
    let code = room.code.clone();
    html! {
        <div class="room-bar" data-room={code.clone()}>
            <span class="room-label">{ lang.t("room.code") }</span>
            <code class="room-code" data-room-code="">{ code }</code>
            if inviting {
                <button type="button" class="btn primary" data-action="copy-invite" onclick={on_copy}>{ lang.t("room.copy-invite") }</button>
            }
            <div class="conn-row">
                <span class={classes!("conn", connection.id())} data-connection={connection.id()} role="status"
                      data-relay={relay} data-relay-dropped={relay.map(|_| live.dropped.to_string())}>
                    <span class="conn-dot" aria-hidden="true"></span>{ conn_text }
                </span>
                if can_connect {
                    <button type="button" class="btn" data-action="connect-live" onclick={on_connect}>{ lang.t("room.connect-live") }</button>
                }
            </div>
        </div>
    }
}
