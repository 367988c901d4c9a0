//! The rules of the game on the table, one tap away: the "Rules" button
//! and the card it opens (the variant's rules, then the options changed
//! for this game; see `learn::rules`).

use morris_core::Rules;
use yew::prelude::*;

use crate::i18n::Lang;
use crate::learn::rules::card;

/// The button that opens the card.
pub fn rules_button(lang: Lang, open: &Callback<()>) -> Html {
    html! {
        <button type="button" class="btn" data-action="rules" aria-haspopup="dialog" onclick={open.reform(|_: MouseEvent| ())}>
            { lang.t("learn.rules") }
        </button>
    }
}

#[derive(Properties, PartialEq, Debug)]
pub struct RulesCardProps {
    pub lang: Lang,
    pub rules: Rules,
    pub on_close: Callback<()>,
}

/// The card, as a dialog over the table; focus moves to "Close", and
/// Escape closes it.
#[function_component(RulesCard)]
pub fn rules_card(props: &RulesCardProps) -> Html {
    let (lang, close) = (props.lang, &props.on_close);
    let close_ref = use_node_ref();
    {
        let close_ref = close_ref.clone();
        use_effect_with((), move |_| {
            if let Some(el) = close_ref.cast::<web_sys::HtmlElement>() {
                let _ = el.focus();
            }
        });
    }
    let c = card(&props.rules);
    let name = lang.t(&format!("variant.{}", c.variant.id()));
    let changed = c.changed.iter().map(|o| {
        let args: Vec<&str> = o.args.iter().map(String::as_str).collect();
        html! { <li data-rule-card={o.key.key()}>{ lang.fmt(&o.text_key, &args) }</li> }
    });
    let keydown = {
        let close = close.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                e.stop_propagation();
                close.emit(());
            }
        })
    };
    html! {
        <div class="dialog-backdrop" onkeydown={keydown} onclick={close.reform(|_: MouseEvent| ())}>
            <section class="dialog rules-card" role="dialog" aria-modal="true" aria-labelledby="rules-title"
                     data-rules-card={c.variant.id()} onclick={Callback::from(|e: MouseEvent| e.stop_propagation())}>
                <h2 id="rules-title">{ lang.fmt("learn.title", &[&name]) }</h2>
                <p>{ lang.t(&c.text_key) }</p>
                if !c.changed.is_empty() {
                    <h3>{ lang.t("learn.changed") }</h3>
                    <ul>{ for changed }</ul>
                }
                <div class="dialog-buttons">
                    <button type="button" class="btn primary" data-action="close-rules" ref={close_ref}
                            onclick={close.reform(|_: MouseEvent| ())}>{ lang.t("learn.close") }</button>
                </div>
            </section>
        </div>
    }
}
