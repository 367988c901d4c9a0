//! What the computer and the endgame tables have to say beside the
//! status line: the tables' exact value (whose win, in how many plies) or
//! why it cannot be had, and why the computer is unavailable (said here
//! when the status line does not say it); and, under the game's buttons
//! (Analyse and Review too), the hint.

use yew::prelude::*;

use super::ui::Ui;
use crate::hooks::Perfect;
use crate::i18n::Lang;
use crate::link::Mode;
use crate::model::Model;
use crate::tablebase::{self, Winner};

/// Who wins, named for the person at the screen: the side to move if
/// `to_move_wins`, else the other.
fn winner(t: &Model, to_move_wins: bool) -> Winner {
    let to_move = t.game.position().turn();
    let w = if to_move_wins { to_move } else { !to_move };
    match (t.mode, &t.room) {
        (_, Some(r)) if r.my_color() == w => Winner::You,
        (Mode::VsEngine { human, .. }, None) if human == w => Winner::You,
        (Mode::VsEngine { .. }, None) => Winner::Computer,
        _ => Winner::Side(w),
    }
}

/// Whether the tables' value would give the game away: against the
/// computer, or against a friend in a room.
fn spoils(t: &Model) -> bool {
    t.room.is_some() || t.mode.engine().is_some()
}

/// The switch that shows or hides the tables' value where it spoils.
fn perfect_switch(lang: Lang, shown: bool, on_toggle: &Callback<()>) -> Html {
    let pressed = if shown { "true" } else { "false" };
    html! {
        <button type="button" class="btn perfect-switch" data-action="show-perfect" aria-pressed={pressed}
                onclick={on_toggle.reform(|_: MouseEvent| ())}>
            { lang.t(if shown { "perfect.hide" } else { "perfect.show" }) }
        </button>
    }
}

/// The notes, given the endgame tables' value of the position of an
/// epoch; where that value spoils the game, it shows only when `shown`
/// (and a switch turns it on or off).
pub fn engine_notes(ui: &Ui, perfect: Perfect, shown: bool, on_toggle: &Callback<()>) -> Html {
    let (t, lang) = (&ui.model, ui.lang);
    let perfect = perfect
        .filter(|&(epoch, _)| epoch == t.epoch && t.outcome().is_none())
        .map(|(_, v)| tablebase::describe(lang, v, |wins| winner(t, wins)));
    let switch = (perfect.is_some() && spoils(t)).then(|| perfect_switch(lang, shown, on_toggle));
    let perfect = perfect.filter(|_| shown || !spoils(t));
    // Said once: by the status line when the computer is to move, else here.
    let engine_error = t
        .engine_error
        .as_ref()
        .filter(|_| !t.engine_to_move())
        .map(|why| lang.fmt("engine.unavailable", &[why]));
    html! {
        <>
            if let Some((value, text)) = perfect { <p class="perfect" data-perfect={value}>{ text }</p> }
            if let Some(switch) = switch { { switch } }
            if let Some(why) = engine_error { <p class="engine-error" role="alert" data-engine="unavailable">{ why }</p> }
        </>
    }
}

/// The hint, worked out or shown, under the game's buttons: it comes and
/// goes below the Hint button that asked for it and its neighbours, and
/// moves none of them.
pub fn hint_line(ui: &Ui) -> Html {
    let (t, lang) = (&ui.model, ui.lang);
    let hint = if t.hint_pending {
        Some(lang.t("hint.thinking"))
    } else {
        t.suggestion
            .map(|m| lang.fmt("hint.show", &[&t.game.position().notation(m)]))
    };
    html! {
        if let Some(h) = hint { <p class="hint-text">{ h }</p> }
    }
}
