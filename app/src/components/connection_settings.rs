//! "Connection settings": where rooms meet the friend (the public
//! WebTorrent trackers, the player's own relays, or none), whether a
//! public STUN server is asked, and a TURN server of the player's own
//! (optionally the only way), and where Nine's endgame tables for range
//! reads are (this site's `nine-web/` by default). A dialog of the lab (`lab::LabView::
//! Connection`), so the table's first load carries none of it. The form
//! is [`crate::room::settings`]: nothing is stored unless all of it is
//! right, and what is wrong is said with the text that is.

use web_sys::{HtmlInputElement, HtmlTextAreaElement};
use yew::prelude::*;

use super::modal::Modal;
use crate::browser;
use crate::i18n::Lang;
use crate::room::settings::{Relays, Settings, SettingsError};
use crate::storage;

#[derive(Properties, PartialEq, Debug)]
pub struct ConnectionProps {
    pub lang: Lang,
    pub on_close: Callback<()>,
    /// Opened for the tables' address (from the analysis board): that
    /// field takes the focus, in view.
    #[prop_or_default]
    pub tables_first: bool,
}

/// The form's node; the tables' address field takes the focus at once
/// if `tables_first`.
#[hook]
fn use_tables_first(tables_first: bool) -> NodeRef {
    let form = use_node_ref();
    {
        let form = form.clone();
        use_effect_with((), move |_| {
            if !tables_first {
                return;
            }
            let field = form
                .cast::<web_sys::Element>()
                .and_then(|f| f.query_selector("[data-field=\"tables-url\"]").ok().flatten());
            if let Some(field) = field {
                browser::focus(&field);
            }
        });
    }
    form
}

/// The form's text for a fault: its key and what to fill in.
fn fault(e: &SettingsError) -> (&'static str, String) {
    use crate::room::{ice, relay};
    match e {
        SettingsError::RelayAddress(t) => ("conn.err-relay", t.clone()),
        SettingsError::NoRelay => ("conn.err-no-relay", String::new()),
        SettingsError::TooManyRelays => ("conn.err-too-many", relay::MAX_RELAYS.to_string()),
        SettingsError::TurnAddress(t) => ("conn.err-turn", t.clone()),
        SettingsError::TooManyTurn => ("conn.err-too-many", ice::MAX_TURN_URLS.to_string()),
        SettingsError::TurnIncomplete => ("conn.err-turn-incomplete", String::new()),
        SettingsError::TurnOnlyWithoutTurn => ("conn.err-turn-only", String::new()),
        SettingsError::TablesAddress(t) => ("conn.err-tables", t.clone()),
    }
}

#[function_component(ConnectionSettings)]
pub fn connection_settings(p: &ConnectionProps) -> Html {
    let lang = p.lang;
    let form = use_state(|| Settings::from_stored(&storage::load_connection()));
    let error = use_state(|| None::<SettingsError>);
    let edit = |f: fn(&mut Settings, String)| {
        let form = form.clone();
        Callback::from(move |value: String| {
            let mut next = (*form).clone();
            f(&mut next, value);
            form.set(next);
        })
    };
    let save = {
        let (form, error, close) = (form.clone(), error.clone(), p.on_close.clone());
        Callback::from(move |e: SubmitEvent| {
            e.prevent_default();
            match form.to_stored() {
                Ok(stored) => {
                    storage::save_connection(&stored);
                    close.emit(());
                }
                Err(why) => error.set(Some(why)),
            }
        })
    };
    let cancel = p.on_close.reform(|_: MouseEvent| ());
    let node = use_tables_first(p.tables_first);
    html! {
        <Modal labelled_by="conn-title" on_close={p.on_close.clone()}>
            <form class="dialog connection" data-connection-settings="" onsubmit={save} ref={node}>
                <h2 id="conn-title">{ lang.t("conn.title") }</h2>
                <div class="dialog-body">
                    { relay_fields(lang, &form.relays, edit(|s, v| s.relays = relays_choice(&v, &s.relays)),
                                   edit(|s, v| s.relays = Relays::Own(v))) }
                    { check(lang, "conn.stun", "stun", form.stun, edit(|s, v| s.stun = v == "on")) }
                    <fieldset>
                        <legend>{ lang.t("conn.turn") }</legend>
                        { text(lang, "conn.turn-urls", "turn-urls", &form.turn_urls, edit(|s, v| s.turn_urls = v)) }
                        { text(lang, "conn.turn-user", "turn-user", &form.turn_user, edit(|s, v| s.turn_user = v)) }
                        { text(lang, "conn.turn-password", "turn-password", &form.turn_password, edit(|s, v| s.turn_password = v)) }
                        { check(lang, "conn.turn-only", "turn-only", form.turn_only, edit(|s, v| s.turn_only = v == "on")) }
                    </fieldset>
                    <fieldset>
                        <legend>{ lang.t("conn.tables") }</legend>
                        { text(lang, "conn.tables-url", "tables-url", &form.tables, edit(|s, v| s.tables = v)) }
                    </fieldset>
                    <p class="hint">{ lang.t("conn.applies") }</p>
                </div>
                // Above the buttons, in view whatever the body's scroll.
                if let Some(e) = &*error {
                    <p class="field-error" role="alert" data-conn-error="">{ { let (k, a) = fault(e); lang.fmt(k, &[&a]) } }</p>
                }
                <div class="dialog-buttons">
                    <button type="submit" class="btn primary" data-action="save-connection">{ lang.t("conn.save") }</button>
                    <button type="button" class="btn" onclick={cancel}>{ lang.t("action.cancel") }</button>
                </div>
            </form>
        </Modal>
    }
}

/// The relays' choice from a radio's value (`public`, `own`, `off`).
fn relays_choice(value: &str, now: &Relays) -> Relays {
    match (value, now) {
        ("public", _) => Relays::Public,
        ("off", _) => Relays::Off,
        (_, Relays::Own(list)) => Relays::Own(list.clone()),
        _ => Relays::Own(String::new()),
    }
}

/// Where rooms meet: three choices (`on_choice`) and the own list (`on_list`).
fn relay_fields(lang: Lang, relays: &Relays, on_choice: Callback<String>, on_list: Callback<String>) -> Html {
    let radio = |value: &'static str, key: &'static str, checked: bool| {
        let onchange = on_choice.reform(move |_: Event| value.to_string());
        html! {
            <label class="check"><input type="radio" name="relays" value={value} {checked} {onchange} data-field={format!("relays-{value}")} />
                { lang.t(key) }</label>
        }
    };
    let own = match relays {
        Relays::Own(list) => Some(list.clone()),
        _ => None,
    };
    let mine = own.is_some();
    let oninput = on_list.reform(|e: InputEvent| e.target_unchecked_into::<HtmlTextAreaElement>().value());
    html! {
        <fieldset>
            <legend>{ lang.t("conn.relays") }</legend>
            { radio("public", "conn.relays-public", *relays == Relays::Public) }
            { radio("own", "conn.relays-own", mine) }
            <textarea rows="2" spellcheck="false" data-field="relays-list" aria-label={lang.t("conn.relays-own")}
                      disabled={!mine} value={own.unwrap_or_default()} {oninput} />
            { radio("off", "conn.relays-off", *relays == Relays::Off) }
        </fieldset>
    }
}

/// A checkbox: `on` gets `on` or `off`.
fn check(lang: Lang, key: &'static str, field: &'static str, checked: bool, on: Callback<String>) -> Html {
    let onchange = on.reform(|e: Event| {
        let box_ = e.target_unchecked_into::<HtmlInputElement>();
        (if box_.checked() { "on" } else { "off" }).to_string()
    });
    html! {
        <label class="check"><input type="checkbox" {checked} {onchange} data-field={field} />{ lang.t(key) }</label>
    }
}

/// A line of text.
fn text(lang: Lang, key: &'static str, field: &'static str, value: &str, on: Callback<String>) -> Html {
    let oninput = on.reform(|e: InputEvent| e.target_unchecked_into::<HtmlInputElement>().value());
    let kind = if field == "turn-password" {
        "password"
    } else {
        "text"
    };
    // What an address of the tables looks like: a folder with its manifest.json.
    let placeholder = (field == "tables-url").then_some("https://example.org/nine-web/");
    html! {
        <label class="field"><span>{ lang.t(key) }</span>
            <input type={kind} spellcheck="false" autocomplete="off" value={value.to_string()} {oninput} data-field={field} {placeholder} />
        </label>
    }
}
