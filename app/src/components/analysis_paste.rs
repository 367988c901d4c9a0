//! The analysis board's foot: a field to paste a record, a position or a
//! link (a game link or an analysis link) and analyse it, a link to the
//! shown position, and the button that closes the board.

use morris_core::Game;
use yew::prelude::*;

use super::code_text::code_text;

use crate::browser::copy_text;
use crate::i18n::Lang;
use crate::link::{analysis_payload, parse, read_paste, Mode};

#[derive(Properties, PartialEq, Debug)]
pub struct PasteProps {
    pub lang: Lang,
    /// The analysis link of the shown position.
    pub link: AttrValue,
    pub on_open: Callback<Game>,
    pub on_close: Callback<()>,
}

/// A pasted text's game: an analysis link, a game link, a record or a position.
fn pasted(text: &str) -> Result<Game, String> {
    match analysis_payload(text) {
        Some(inner) => parse(inner).map(|o| o.game).map_err(|e| e.to_string()),
        None => read_paste(text, Mode::default()).map(|o| o.game),
    }
}

#[function_component(AnalysisPaste)]
pub fn analysis_paste(p: &PasteProps) -> Html {
    let lang = p.lang;
    let field = use_node_ref();
    let error = use_state(|| None::<String>);
    let on_open = {
        let (field, error, open) = (field.clone(), error.clone(), p.on_open.clone());
        Callback::from(move |_: MouseEvent| {
            let Some(area) = field.cast::<web_sys::HtmlTextAreaElement>() else {
                return;
            };
            // Nothing pasted yet: the box to paste into, not an empty board.
            let text = area.value();
            if text.trim().is_empty() {
                let _ = area.focus();
                return;
            }
            match pasted(&text) {
                Ok(game) => {
                    error.set(None);
                    open.emit(game);
                }
                Err(why) => error.set(Some(lang.fmt("record.bad", &[&why]))),
            }
        })
    };
    let copied = use_state(|| false);
    {
        // Another position's link is not copied yet.
        let copied = copied.clone();
        use_effect_with(p.link.clone(), move |_| copied.set(false));
    }
    let on_link = {
        let (field, copied, link) = (field.clone(), copied.clone(), p.link.clone());
        // A plain click copies the link (and leaves it in the field, to
        // copy by hand where the browser refuses); with a modifier key, or
        // from the menu, it is the link it is.
        Callback::from(move |e: MouseEvent| {
            if e.button() == 0 && !(e.ctrl_key() || e.meta_key() || e.shift_key() || e.alt_key()) {
                e.prevent_default();
                copy_text(&link, &field);
                copied.set(true);
            }
        })
    };
    html! {
        <>
            <textarea ref={field} class="analysis-paste" rows="2" aria-label={lang.t("analysis.paste")}
                      placeholder={lang.t("analysis.paste")} />
            if let Some(why) = &*error { <p class="error" role="alert">{ code_text(why) }</p> }
            <div class="dialog-buttons">
                <button class="btn" onclick={on_open} data-action="analyse-paste">{ lang.t("action.analyse") }</button>
                <a class="btn" href={p.link.clone()} onclick={on_link} data-analysis-link="">{ lang.t("analysis.link") }</a>
                <button class="btn" onclick={p.on_close.reform(|_: MouseEvent| ())} data-action="close-analysis">
                    { lang.t("analysis.close") }
                </button>
            </div>
            <p class="link-copied" role="status" data-link-copied={copied.then_some("")}>
                if *copied { { lang.t("record.copied") } }
            </p>
        </>
    }
}
