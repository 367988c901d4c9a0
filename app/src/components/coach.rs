//! The first-game coach's tip, beside the status line (below the board on
//! a phone, never over it), with "Got it" and "No more tips".

use yew::prelude::*;

use crate::hooks::CoachChoice;
use crate::i18n::Lang;
use crate::learn::coach::Coach;

/// The tip on show, if any.
pub fn coach_tip(lang: Lang, coach: &Coach, choose: &Callback<CoachChoice>) -> Html {
    let Some(tip) = coach.showing else {
        return html! {};
    };
    let on = |c: CoachChoice| choose.reform(move |_: MouseEvent| c);
    html! {
        <aside class="coach" data-coach={tip.id()} aria-label={lang.t("coach.title")}>
            <p>{ lang.t(&format!("coach.{}", tip.id())) }</p>
            <div class="row">
                <button type="button" class="btn" data-action="coach-ok" onclick={on(CoachChoice::Dismiss)}>{ lang.t("coach.ok") }</button>
                <button type="button" class="btn quiet" data-action="coach-off" onclick={on(CoachChoice::TurnOff)}>{ lang.t("coach.off") }</button>
            </div>
        </aside>
    }
}
