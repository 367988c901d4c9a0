//! The first-game coach's tip, beside the status line (below the board on
//! a phone, never over it), with "Got it" and "No more tips".

use yew::prelude::*;

use super::button::action_button;
use crate::hooks::CoachChoice;
use crate::i18n::Lang;
use crate::learn::coach::Coach;
use crate::learn::coach_text::tip_keys;
use crate::model::Model;

/// The tip on show, if any, in the words of the rules on the table.
pub fn coach_tip(lang: Lang, coach: &Coach, model: &Model, choose: &Callback<CoachChoice>) -> Html {
    let Some(tip) = coach.showing else {
        return html! {};
    };
    let text: Vec<String> = tip_keys(tip, model).iter().map(|k| lang.t(k)).collect();
    let on = |c: CoachChoice| choose.reform(move |_| c);
    html! {
        <aside class="coach row" data-coach={tip.id()} aria-label={lang.t("coach.title")}>
            <p>{ text.join(" ") }</p>
            { action_button(lang, "coach-ok", true, on(CoachChoice::Dismiss), false) }
            { action_button(lang, "coach-off", true, on(CoachChoice::TurnOff), false) }
        </aside>
    }
}
