//! "Analyse" and "Review the game" under the game's buttons: the first
//! opens the analysis board on the position shown, the second reviews the
//! game (offered first when it is over).

use yew::prelude::*;

use crate::i18n::Lang;

/// The two buttons; `over` when the game has ended, `empty` when it has
/// no move to review yet.
pub fn analyse_buttons(
    lang: Lang,
    over: bool,
    empty: bool,
    on_analyse: Callback<MouseEvent>,
    on_review: Callback<MouseEvent>,
) -> Html {
    html! {
        <div class="controls analyse">
            <button type="button" class="btn" data-action="analyse" onclick={on_analyse}>
                { lang.t("action.analyse") }
            </button>
            <button type="button" class={classes!("btn", over.then_some("primary"))}
                    data-action="review" disabled={empty} onclick={on_review}>
                { lang.t("review.start") }
            </button>
        </div>
    }
}
