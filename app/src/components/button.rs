//! The buttons' looks: a button that sends an action, named by its
//! `data-action`, and the small icons drawn from one SVG path.

use yew::prelude::*;

use crate::i18n::Lang;
use crate::model::Action;

/// A button that sends an action, with its `data-action` name.
pub fn action_button(
    lang: Lang,
    name: &'static str,
    enabled: bool,
    onclick: Callback<MouseEvent>,
    primary: bool,
) -> Html {
    busy_button(lang, name, enabled, false, onclick, primary)
}

/// [`action_button`] that may be `busy` with what it asked: then only
/// marked disabled (`aria-disabled`, `aria-busy`; its own action ignores a
/// second press), since a button that turned `disabled` would throw the
/// keyboard's focus off to the page.
pub fn busy_button(
    lang: Lang,
    name: &'static str,
    enabled: bool,
    busy: bool,
    onclick: Callback<MouseEvent>,
    primary: bool,
) -> Html {
    let busy = busy.then_some("true");
    html! {
        <button type="button" class={classes!("btn", primary.then_some("primary"))} data-action={name}
                disabled={!enabled} aria-disabled={busy} aria-busy={busy} {onclick}>
            { lang.t(&format!("action.{name}")) }
        </button>
    }
}

/// A click that sends `action`.
pub fn sends(send: &Callback<Action>, action: Action) -> Callback<MouseEvent> {
    let send = send.clone();
    Callback::from(move |_: MouseEvent| send.emit(action.clone()))
}

/// A small icon drawn from one SVG path (no icon font, no images).
pub fn icon(d: &'static str) -> Html {
    html! {
        <svg class="icon" viewBox="0 0 24 24" aria-hidden="true" focusable="false"><path d={d} /></svg>
    }
}
