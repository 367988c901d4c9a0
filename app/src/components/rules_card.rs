//! The rules of the game on the table, one tap away: the "Rules" button
//! and the card it opens (the variant's rules, then the options changed
//! for this game; see `learn::rules`). A view function, not a component:
//! a component of its own cost about 3 KB gzip of the first load.

use gloo_timers::callback::Timeout;
use morris_core::Rules;
use yew::prelude::*;

use super::button::action_button;
use super::modal::Modal;
use crate::browser;
use crate::i18n::Lang;
use crate::learn::rules::card;

/// Moves focus into the card once it is drawn, so that Escape reaches it.
fn focus_close() {
    browser::focus_first("[data-action=close-rules]");
}

/// The button that opens the card.
pub fn rules_button(lang: Lang, open: &Callback<()>) -> Html {
    let open = open.clone();
    let onclick = Callback::from(move |_: MouseEvent| {
        open.emit(());
        Timeout::new(0, focus_close).forget();
    });
    action_button(lang, "rules", true, onclick, false)
}

/// The card, as a dialog over the table: "Close" or Escape closes it.
pub fn rules_card(lang: Lang, rules: &Rules, close: &Callback<()>) -> Html {
    let c = card(rules);
    let name = lang.t(&format!("variant.{}", c.variant.id()));
    let changed = c.changed.iter().map(|o| {
        let args: Vec<&str> = o.args.iter().map(String::as_str).collect();
        html! { <li data-rule-card={o.key.key()}>{ lang.fmt(&o.text_key, &args) }</li> }
    });
    html! {
        <Modal labelled_by="rules-title" on_close={close.clone()}>
            <section class="dialog rules-card" data-rules-card={c.variant.id()}>
                <h2 id="rules-title">{ lang.fmt("learn.title", &[&name]) }</h2>
                <div class="dialog-body">
                    <p>{ lang.t(&c.text_key) }</p>
                    if !c.changed.is_empty() {
                        <h3>{ lang.t("learn.changed") }</h3>
                        <ul>{ for changed }</ul>
                    }
                </div>
                <div class="dialog-buttons">{ action_button(lang, "close-rules", true, close.reform(|_| ()), true) }</div>
            </section>
        </Modal>
    }
}
