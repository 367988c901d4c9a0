//! The room's panel beside the game: the invite link while the friend's
//! seat is free, else, while not connected live, the link (or the reply)
//! for the friend and the box for a reply or a link from the friend;
//! this side's name; the way to the connection settings. Names are only ever rendered as text.

use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use super::ui::Ui;
use crate::browser::{can_share, copy_text, share_link};
use crate::hooks::{Fields, Live};
use crate::model::{Action, Notice};
use crate::opening::{follow_room_link, room_payload};
use crate::room::codec::MAX_NAME;
use crate::room::{clean_name, Connection, Role, Room, Signal};
use crate::storage;

/// What the room panel shows: the room on the table, its link from this
/// side (an invite while the seat is free), the live connection.
#[derive(Debug)]
pub struct RoomPanel<'a> {
    pub ui: &'a Ui,
    pub room: &'a Room,
    pub link: &'a str,
    pub fields: &'a Fields,
    pub live: &'a Live,
    /// Opens the connection settings (a view of the lab).
    pub on_settings: &'a Callback<()>,
}

/// The room panel.
pub fn room_panel(props: &RoomPanel) -> Html {
    let r = props.room;
    let host_waiting = r.me == Role::Host && !r.joined;
    // Live, nothing goes by hand: no link for the friend, no reply to paste.
    let live_now = props.live.connection == Connection::Live;
    html! {
        <section class="room-panel" data-room-panel="">
            if host_waiting { { invite_box(props) } } else if !live_now { { friend_link_box(props) } }
            { paste_box(props, !live_now) }
        </section>
    }
}

/// The kind of connection data the link carries, for `data-signal`.
fn signal_kind(signal: Option<&Signal>) -> Option<&'static str> {
    signal.map(|s| match s {
        Signal::Offer(_) => "offer",
        Signal::Answer(_) => "answer",
    })
}

/// The invite link, while the friend's seat is free.
fn invite_box(props: &RoomPanel) -> Html {
    let lang = props.ui.lang;
    let kind = signal_kind(props.live.signal.as_ref());
    let select = Callback::from(|e: FocusEvent| {
        if let Some(i) = e.target_dyn_into::<HtmlInputElement>() {
            i.select();
        }
    });
    html! {
        <div class="room-box due">
            <h2>{ lang.t("room.invite-title") }</h2>
            <p>{ lang.t("room.invite-help") }</p>
            <input type="text" readonly=true class="link-field" data-invite-link="" data-signal={kind} ref={props.fields.invite.clone()}
                   value={props.link.to_string()} aria-label={lang.t("room.invite-title")} onfocus={select} />
            <div class="row">
                { share_button(props) }
                { qr_box(props) }
            </div>
            // Below the link and its buttons: the line shows when the offer
            // is gathered and moves nothing a finger is about to press.
            // Always there, hidden until then: the box keeps its nodes (an
            // open QR code box stays open).
            <p hidden={kind != Some("offer")}>{ lang.t("room.invite-live") }</p>
        </div>
    }
}

/// "QR code": the invite as a QR code, for a friend at the same table to
/// scan, drawn by `app/static/qr.mjs` (with uqr) when the box opens and
/// again when the link changes; the page fetches it the first time
/// (`index.html`), so the first load carries none of it. The picture is
/// left empty here (the script fills it; "Making the QR code…" shows
/// meanwhile, from CSS); the texts it shows come in `data-qr-*`. The box
/// stays while the link is being signed (empty for a moment after each
/// change), so an open code stays open and is drawn again.
fn qr_box(props: &RoomPanel) -> Html {
    let lang = props.ui.lang;
    html! {
        <details class="invite-qr" data-qr-text={props.link.to_string()} data-qr-label={lang.t("room.qr-label")}
                 data-qr-failed={lang.t("room.qr-failed")}>
            <summary class="btn" data-action="invite-qr">{ lang.t("room.qr") }</summary>
            <div class="qr-picture" aria-live="polite" data-qr-making={lang.t("room.qr-making")}></div>
        </details>
    }
}

/// "Share…": the link through the browser's share sheet (a chat, a
/// message), where the browser has one.
fn share_button(props: &RoomPanel) -> Html {
    if !can_share() {
        return Html::default();
    }
    let lang = props.ui.lang;
    let (title, text, url) = (
        lang.t("app.title"),
        lang.t("room.share-text"),
        props.link.to_string(),
    );
    let signing = url.is_empty();
    let onclick = Callback::from(move |_: MouseEvent| share_link(&title, &text, &url));
    // While the link is being signed (a moment, after each change) the
    // button stays in its place, disabled: nothing moves under a finger.
    html! {
        <button type="button" class="btn" data-action="share-link" disabled={signing} {onclick}>{ lang.t("room.share") }</button>
    }
}

/// The link for the friend (or, answering their offer, the reply), while
/// not connected live, marked due when it is the friend's turn to hear
/// from this side.
fn friend_link_box(props: &RoomPanel) -> Html {
    let (lang, t, r) = (props.ui.lang, &props.ui.model, props.room);
    let field = &props.fields.friend;
    let signal = props.live.signal.as_ref();
    let copy = {
        let (text, field, send) = (props.link.to_string(), field.clone(), props.ui.send.clone());
        Callback::from(move |_: MouseEvent| {
            copy_text(&text, &field);
            send.emit(Action::Notify(Some(Notice::new("room.copied", Vec::new()))));
        })
    };
    let replying = matches!(signal, Some(Signal::Answer(_)));
    let due = replying || t.remote_to_move() || t.draw_offer.is_some() || r.rematch_by.is_some() || !r.joined;
    let (title, help) = if replying {
        ("room.reply-title", "room.reply-help")
    } else {
        ("room.friend-link-title", "room.friend-link-help")
    };
    html! {
        <div class={classes!("room-box", due.then_some("due"))}>
            <h2>{ lang.t(title) }</h2>
            <p>{ lang.t(help) }</p>
            <input type="text" readonly=true class="link-field" data-friend-link="" data-signal={signal_kind(signal)}
                   ref={field.clone()} value={props.link.to_string()} aria-label={lang.t(title)} />
            <div class="row">
                <button type="button" class="btn primary" data-action="copy-friend-link" onclick={copy}>{ lang.t("room.copy-friend-link") }</button>
                { share_button(props) }
            </div>
        </div>
    }
}

/// The box for a reply or a link from the friend (if `pasting`), and
/// this side's name.
fn paste_box(props: &RoomPanel, pasting: bool) -> Html {
    let lang = props.ui.lang;
    let field = &props.fields.paste;
    let open = {
        let (field, model, send, live) = (
            field.clone(),
            props.ui.model.clone(),
            props.ui.send.clone(),
            props.live.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            let Some(area) = field.cast::<HtmlTextAreaElement>() else {
                return;
            };
            let text = area.value();
            let payload = room_payload(&text).unwrap_or(text.trim());
            let (send, live) = (send.clone(), live.clone());
            follow_room_link(
                &model,
                payload,
                move |a| send.emit(a),
                move |code, signal| live.signal_from_link(&code, signal),
            );
            area.set_value("");
        })
    };
    let rename = {
        let send = props.ui.send.clone();
        Callback::from(move |e: Event| {
            if let Some(input) = e.target_dyn_into::<HtmlInputElement>() {
                let name = clean_name(&input.value());
                storage::save_name(&name);
                send.emit(Action::Rename(name));
            }
        })
    };
    html! {
        <div class="room-box">
            if pasting {
                <label for="room-paste"><h2>{ lang.t("room.paste-title") }</h2></label>
                <textarea id="room-paste" rows="2" spellcheck="false" data-field="room-paste" ref={field.clone()}
                          placeholder={lang.t("room.paste-placeholder")} />
                <div class="row">
                    <button type="button" class="btn" data-action="open-room-paste" onclick={open}
                            aria-label={format!("{}: {}", lang.t("room.paste-open"), lang.t("room.paste-title"))}>{ lang.t("room.paste-open") }</button>
                </div>
            }
            // No `value` here: the page is drawn again often (a clock's
            // tick, the friend's move) and a drawn value would wipe what is
            // being typed. `use_fields` writes the room's name into it.
            <label class="name-field">
                <span>{ lang.t("room.name") }</span>
                <input type="text" maxlength={MAX_NAME.to_string()} data-field="name" ref={props.fields.name.clone()}
                       onchange={rename} autocomplete="nickname" />
            </label>
            <button type="button" class="btn link" data-action="connection-settings"
                    onclick={props.on_settings.reform(|_: MouseEvent| ())}>{ lang.t("conn.open") }</button>
        </div>
    }
}
