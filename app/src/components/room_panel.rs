//! The room's panel beside the game: the invite link while the friend's
//! seat is free, else the link (or the reply) for the friend; the box for
//! a reply or a link from the friend; this side's name. Names are only
//! ever rendered as text.

use std::rc::Rc;

use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use crate::browser::copy_text;
use crate::hooks::Live;
use crate::i18n::Lang;
use crate::model::{Action, Model, Notice};
use crate::opening::{follow_room_link, room_payload};
use crate::room::codec::MAX_NAME;
use crate::room::{clean_name, Connection, Role, Room, Signal};
use crate::storage;

#[derive(Properties, PartialEq, Debug)]
pub struct RoomPanelProps {
    pub model: Rc<Model>,
    pub room: Room,
    pub lang: Lang,
    /// The room's link from this side (an invite while the seat is free).
    pub link: AttrValue,
    /// The invite's field, shared with the bar's "Copy invite link".
    pub invite_field: NodeRef,
    pub live: Live,
    pub send: Callback<Action>,
}

#[function_component(RoomPanel)]
pub fn room_panel(props: &RoomPanelProps) -> Html {
    let r = &props.room;
    let host_waiting = r.me == Role::Host && !r.joined;
    html! {
        <section class="room-panel" data-room-panel="">
            if host_waiting { { invite_box(props) } } else { <FriendLinkBox ..props.clone_parts() /> }
            <PasteBox model={props.model.clone()} lang={props.lang} name={r.name(r.me).to_string()}
                      live={props.live.clone()} send={props.send.clone()} />
        </section>
    }
}

impl RoomPanelProps {
    fn clone_parts(&self) -> FriendLinkProps {
        FriendLinkProps {
            model: self.model.clone(),
            room: self.room.clone(),
            lang: self.lang,
            link: self.link.clone(),
            signal: self.live.signal.clone(),
            live_now: self.live.connection == Connection::Live,
            send: self.send.clone(),
        }
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
fn invite_box(props: &RoomPanelProps) -> Html {
    let lang = props.lang;
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
            if kind == Some("offer") { <p>{ lang.t("room.invite-live") }</p> }
            <input type="text" readonly=true class="link-field" data-invite-link="" data-signal={kind} ref={props.invite_field.clone()}
                   value={props.link.clone()} aria-label={lang.t("room.invite-title")} onfocus={select} />
        </div>
    }
}

#[derive(Properties, PartialEq, Debug)]
struct FriendLinkProps {
    model: Rc<Model>,
    room: Room,
    lang: Lang,
    link: AttrValue,
    signal: Option<Signal>,
    live_now: bool,
    send: Callback<Action>,
}

/// The link for the friend (or, answering their offer, the reply), marked
/// due when it is the friend's turn to hear from this side.
#[function_component(FriendLinkBox)]
fn friend_link_box(props: &FriendLinkProps) -> Html {
    let (lang, t, r) = (props.lang, &props.model, &props.room);
    let field = use_node_ref();
    let copy = {
        let (text, field, send) = (props.link.clone(), field.clone(), props.send.clone());
        Callback::from(move |_: MouseEvent| {
            copy_text(&text, &field);
            send.emit(Action::Notify(Some(Notice::new("room.copied", Vec::new()))));
        })
    };
    let replying = matches!(props.signal, Some(Signal::Answer(_)));
    let due = replying
        || !props.live_now
            && (t.remote_to_move() || t.draw_offer.is_some() || r.rematch_by.is_some() || !r.joined);
    let (title, help) = if replying {
        ("room.reply-title", "room.reply-help")
    } else {
        ("room.friend-link-title", "room.friend-link-help")
    };
    html! {
        <div class={classes!("room-box", due.then_some("due"), props.live_now.then_some("quiet"))}>
            <h2>{ lang.t(title) }</h2>
            <p>{ lang.t(help) }</p>
            <input type="text" readonly=true class="link-field" data-friend-link="" data-signal={signal_kind(props.signal.as_ref())}
                   ref={field} value={props.link.clone()} aria-label={lang.t(title)} />
            <div class="row">
                <button type="button" class="btn primary" data-action="copy-friend-link" onclick={copy}>{ lang.t("room.copy-friend-link") }</button>
            </div>
        </div>
    }
}

#[derive(Properties, PartialEq, Debug)]
struct PasteProps {
    model: Rc<Model>,
    lang: Lang,
    /// This side's name in the room.
    name: AttrValue,
    live: Live,
    send: Callback<Action>,
}

/// The box for a reply or a link from the friend, and this side's name.
#[function_component(PasteBox)]
fn paste_box(props: &PasteProps) -> Html {
    let lang = props.lang;
    let paste = use_node_ref();
    let open = {
        let (paste, model, send, live) = (
            paste.clone(),
            props.model.clone(),
            props.send.clone(),
            props.live.clone(),
        );
        Callback::from(move |_: MouseEvent| {
            let Some(area) = paste.cast::<HtmlTextAreaElement>() else {
                return;
            };
            let text = area.value();
            let payload = room_payload(&text).unwrap_or(text.trim());
            follow_room_link(
                &model,
                payload,
                |a| send.emit(a),
                |code, signal| live.signal_from_link(&code, signal),
            );
            area.set_value("");
        })
    };
    let rename = {
        let send = props.send.clone();
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
            <label for="room-paste"><h2>{ lang.t("room.paste-title") }</h2></label>
            <textarea id="room-paste" rows="2" spellcheck="false" data-field="room-paste" ref={paste}
                      placeholder={lang.t("room.paste-placeholder")} />
            <div class="row">
                <button type="button" class="btn" data-action="open-room-paste" onclick={open}>{ lang.t("room.paste-open") }</button>
            </div>
            <label class="name-field">
                <span>{ lang.t("room.name") }</span>
                <input type="text" maxlength={MAX_NAME.to_string()} data-field="name"
                       value={props.name.clone()} onchange={rename} autocomplete="nickname" />
            </label>
        </div>
    }
}
