//! One side of the table: who sits there (you, the computer, a player, a
//! friend far away or the free seat), their colour, the pieces still in
//! hand and the pieces lost.

use yew::prelude::*;

use super::clock::clock;
use super::status_text::color_name;
use super::ui::Ui;
use crate::i18n::Lang;
use crate::link::Mode;
use crate::model::Model;
use crate::room::{Role, Room};

/// The words for a seat's player.
pub fn seat_name(model: &Model, lang: Lang, bottom: bool) -> String {
    match (model.mode, bottom) {
        (Mode::VsEngine { .. }, true) => lang.t("seat.you"),
        (Mode::VsEngine { level, .. }, false) => lang.fmt("seat.computer", &[&level.to_string()]),
        (Mode::TwoPlayers { .. }, true) => lang.t("seat.player1"),
        (Mode::TwoPlayers { .. }, false) => lang.t("seat.player2"),
    }
}

/// How a seat's player is called in a room: the name they gave, else a
/// word for them; the host's top seat reads "Free seat" until the guest
/// sits down.
pub fn room_seat_name(room: &Room, lang: Lang, bottom: bool) -> (String, bool) {
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

/// One side of the table (the bottom one, or the top): who sits there,
/// their colour, the pieces still in hand and the pieces lost; the side
/// to move is marked `aria-current` and says so to a screen reader.
pub fn seat(ui: &Ui, bottom: bool) -> Html {
    let t = &ui.model;
    let lang = ui.lang;
    let color = if bottom { t.mode.bottom() } else { !t.mode.bottom() };
    let pos = t.shown();
    let in_hand = pos.in_hand(color);
    let lost = pos.removed(color);
    let active = t.outcome().is_none() && t.game.position().turn() == color && t.view.is_none();
    let computer = t.mode.engine() == Some(color);
    let thinking = active && computer;
    let (name, free) = match &t.room {
        Some(room) => room_seat_name(room, lang, bottom),
        None => (seat_name(t, lang, bottom), false),
    };
    let hand = (0..in_hand).map(|_| html! { <span class={classes!("hand-piece", color.name())}></span> });
    let gone = (0..lost).map(|_| html! { <span class={classes!("lost-piece", color.name())}></span> });
    html! {
        <section class={classes!("seat", if bottom { "seat-bottom" } else { "seat-top" }, active.then_some("active"), free.then_some("free"))}
                 data-seat={if bottom { "bottom" } else { "top" }} data-color={color.name()}
                 data-active={active.then_some("")} data-free={free.then_some("")}
                 aria-current={active.then_some("true")}>
            <div class="seat-who">
                <span class={classes!("seat-disc", color.name())} aria-hidden="true"></span>
                <span class="seat-name" data-seat-name="">{ name }</span>
                <span class="seat-color">{ color_name(lang, color) }</span>
                // The computer's seat keeps the dots' place when it is not
                // thinking: its name does not wrap, nor the board below
                // move, at each of its turns on a narrow screen.
                if computer {
                    <span class={classes!("thinking-dots", thinking.then_some("on"))} aria-hidden="true"><i></i><i></i><i></i></span>
                }
                if let Some(c) = &t.clock { { clock(lang, c, color, t.game.position().turn()) } }
                if active { <span class="sr-only" data-seat-turn="">{ lang.t(if thinking { "seat.thinking" } else { "seat.to-move" }) }</span> }
            </div>
            <div class="seat-counts">
                <span class="count" data-in-hand={in_hand.to_string()}>
                    <span class="tray" aria-hidden="true">{ for hand }</span>
                    <span class="count-text">{ lang.fmt("seat.in_hand", &[&in_hand.to_string()]) }</span>
                </span>
                <span class="count" data-lost={lost.to_string()}>
                    <span class="tray lost" aria-hidden="true">{ for gone }</span>
                    <span class="count-text">{ lang.fmt("seat.lost", &[&lost.to_string()]) }</span>
                </span>
            </div>
        </section>
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use morris_core::Color;

    #[test]
    fn the_free_seat_until_the_guest_sits_down() {
        let mut room = Room::host("k7qm2xpa".into(), Color::Light, String::new());
        assert_eq!(
            room_seat_name(&room, Lang::En, false),
            ("Free seat".to_string(), true)
        );
        assert_eq!(room_seat_name(&room, Lang::En, true).0, "You");
        room.joined = true;
        assert_eq!(
            room_seat_name(&room, Lang::En, false),
            ("Your friend".to_string(), false)
        );
        room.names[1] = "<b>Bob</b>".into();
        assert_eq!(room_seat_name(&room, Lang::En, false).0, "<b>Bob</b>");
        room.me = Role::Guest;
        assert_eq!(room_seat_name(&room, Lang::En, true).0, "You (<b>Bob</b>)");
    }
}
