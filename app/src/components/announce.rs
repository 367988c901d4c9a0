//! The live region for screen readers: each move as it is played, and the
//! outcome when the game ends.

use std::rc::Rc;

use yew::prelude::*;

use super::status::{color_name, status};
use crate::i18n::Lang;
use crate::model::Model;

#[derive(Properties, PartialEq, Debug)]
pub struct AnnounceProps {
    pub model: Rc<Model>,
    pub lang: Lang,
}

#[function_component(Announce)]
pub fn announce(props: &AnnounceProps) -> Html {
    let (t, lang) = (&props.model, props.lang);
    let (_, status_text) = status(t, lang);
    let text = match (t.game.moves().last(), t.game.positions().iter().rev().nth(1)) {
        (Some(&m), Some(before)) => {
            let who = color_name(lang, before.turn());
            let s = lang.fmt("announce.move", &[&who, &before.notation(m)]);
            if t.outcome().is_some() {
                format!("{s}. {status_text}")
            } else {
                s
            }
        }
        _ => status_text,
    };
    html! { <div class="sr-only" aria-live="polite" data-announce="">{ text }</div> }
}
