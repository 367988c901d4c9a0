//! What the computer and the endgame tables have to say beside the
//! status line: the tables' exact value, the hint, and why the computer
//! is unavailable (said here when the status line does not say it).

use std::rc::Rc;

use yew::prelude::*;

use crate::hooks::Perfect;
use crate::i18n::Lang;
use crate::model::Model;
use crate::tablebase;

#[derive(Properties, PartialEq, Debug)]
pub struct EngineNotesProps {
    pub model: Rc<Model>,
    pub lang: Lang,
    /// The endgame tables' value of the position of an epoch.
    pub perfect: Perfect,
}

#[function_component(EngineNotes)]
pub fn engine_notes(props: &EngineNotesProps) -> Html {
    let (t, lang) = (&props.model, props.lang);
    let perfect = props
        .perfect
        .filter(|&(epoch, _)| epoch == t.epoch && t.outcome().is_none())
        .map(|(_, v)| tablebase::describe(lang, v));
    let hint = if t.hint_pending {
        Some(lang.t("hint.thinking"))
    } else {
        t.suggestion
            .map(|m| lang.fmt("hint.show", &[&t.game.position().notation(m)]))
    };
    // Said once: by the status line when the computer is to move, else here.
    let engine_error = t
        .engine_error
        .as_ref()
        .filter(|_| !t.engine_to_move())
        .map(|why| lang.fmt("engine.unavailable", &[why]));
    html! {
        <>
            if let Some((value, text)) = perfect { <p class="perfect" data-perfect={value}>{ text }</p> }
            if let Some(h) = hint { <p class="hint-text">{ h }</p> }
            if let Some(why) = engine_error { <p class="engine-error" role="alert" data-engine="unavailable">{ why }</p> }
        </>
    }
}
