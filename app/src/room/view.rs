//! The room's parts of the page: the bar at the top of the table (room
//! code, "Copy invite link", who is connected), and the side panel (the
//! link for your friend, the box for a reply or a link, your name, the
//! list of rooms). Names are only ever rendered as text.

use yew::prelude::*;

use super::{Role, Room, Summary};
use crate::i18n::Lang;

/// The live connection to the friend, as the page shows it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Connection {
    /// No live connection: the game goes on by links.
    ByLink,
    /// An exchange is under way (an invite or reply is out).
    Connecting,
    /// The data channel is open: moves flow live.
    Live,
    /// The data channel dropped; a fresh exchange reconnects.
    Lost,
}

impl Connection {
    /// The value of `data-connection`.
    pub const fn id(self) -> &'static str {
        match self {
            Connection::ByLink => "by-link",
            Connection::Connecting => "connecting",
            Connection::Live => "live",
            Connection::Lost => "lost",
        }
    }
}

/// How a seat's player is called in a room: the name they gave, else a
/// word for them; the host's top seat reads "Free seat" until the guest
/// sits down.
pub fn seat_name(room: &Room, lang: Lang, bottom: bool) -> (String, bool) {
    let role = if bottom { room.me } else { room.me.other() };
    let name = room.name(role);
    if !bottom && role == Role::Guest && !room.joined {
        return (lang.t("room.free-seat"), true);
    }
    let text = match (name.is_empty(), bottom) {
        (false, true) => lang.fmt("room.you-named", &[name]),
        (false, false) => name.to_string(),
        (true, true) => lang.t("seat.you"),
        (true, false) => lang.t("room.friend"),
    };
    (text, false)
}

/// The bar at the top of the table.
pub fn room_bar(
    lang: Lang,
    room: &Room,
    connection: Connection,
    on_copy: Callback<MouseEvent>,
    on_connect: Option<Callback<MouseEvent>>,
) -> Html {
    let can_connect = matches!(connection, Connection::ByLink | Connection::Lost);
    let conn_text = match connection {
        Connection::ByLink => lang.t("room.by-link"),
        Connection::Connecting => lang.t("room.connecting"),
        Connection::Live => lang.t("room.live"),
        Connection::Lost => lang.t("room.lost"),
    };
    html! {
        <div class="room-bar" data-room={room.code.clone()}>
            <span class="room-label">{ lang.t("room.code") }</span>
            <code class="room-code" data-room-code="">{ room.code.clone() }</code>
            <button type="button" class="btn primary" data-action="copy-invite" onclick={on_copy}>{ lang.t("room.copy-invite") }</button>
            <span class={classes!("conn", connection.id())} data-connection={connection.id()} role="status">
                <span class="conn-dot" aria-hidden="true"></span>{ conn_text }
            </span>
            if let Some(on_connect) = on_connect.filter(|_| can_connect) {
                <button type="button" class="btn" data-action="connect-live" onclick={on_connect}>{ lang.t("room.connect-live") }</button>
            }
        </div>
    }
}

/// The list of rooms kept in this browser.
pub fn room_list(lang: Lang, rooms: &[Summary], current: Option<&str>, on_open: Callback<String>) -> Html {
    if rooms.is_empty() {
        return html! {};
    }
    let items = rooms.iter().map(|s| {
        let code = s.code.clone();
        let open = {
            let on_open = on_open.clone();
            let code = code.clone();
            Callback::from(move |_: MouseEvent| on_open.emit(code.clone()))
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

#[cfg(test)]
mod tests {
    use super::*;
    use morris_core::Color;

    #[test]
    fn the_free_seat_until_the_guest_sits_down() {
        let mut room = Room::host("k7qm2xpa".into(), Color::Light, String::new());
        assert_eq!(seat_name(&room, Lang::En, false), ("Free seat".to_string(), true));
        assert_eq!(seat_name(&room, Lang::En, true).0, "You");
        room.joined = true;
        assert_eq!(
            seat_name(&room, Lang::En, false),
            ("Your friend".to_string(), false)
        );
        room.names[1] = "<b>Bob</b>".into();
        assert_eq!(seat_name(&room, Lang::En, false).0, "<b>Bob</b>");
        room.me = Role::Guest;
        assert_eq!(seat_name(&room, Lang::En, true).0, "You (<b>Bob</b>)");
    }
}
