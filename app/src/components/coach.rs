//! The first-game coach's tip, beside the status line (below the board on
//! a phone, never over it), with "Got it" and "No more tips".

use yew::prelude::*;

use super::button::action_button;
use crate::hooks::CoachChoice;
use crate::i18n::Lang;
use crate::learn::coach::Coach;

/// The tip on show, if any.
pub fn coach_tip(lang: Lang, coach: &Coach, choose: &Callback<CoachChoice>) -> Html {
    let Some(tip) = coach.showing else {
        return html! {};
    };
    let on = |c: CoachChoice| choose.reform(move |_| c);
    html! {
        <aside class="coach row" data-coach={tip.id()} aria-label={lang.t("coach.title")}>
            <p>{ lang.t(&format!("coach.{}", tip.id())) }</p>
            { action_button(lang, "coach-ok", true, on(CoachChoice::Dismiss), false) }
            { action_button(lang, "coach-off", true, on(CoachChoice::TurnOff), false) }
        </aside>
    }
}
