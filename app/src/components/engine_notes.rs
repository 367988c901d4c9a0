//! What the computer and the endgame tables have to say beside the
//! status line: the tables' exact value (whose win, in how many plies) or
//! why it cannot be had, the hint, and why the computer is unavailable
//! (said here when the status line does not say it).

use yew::prelude::*;

use super::ui::Ui;
use crate::hooks::Perfect;
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

/// The notes, given the endgame tables' value of the position of an epoch.
pub fn engine_notes(ui: &Ui, perfect: Perfect) -> Html {
    let (t, lang) = (&ui.model, ui.lang);
    let perfect = perfect
        .filter(|&(epoch, _)| epoch == t.epoch && t.outcome().is_none())
        .map(|(_, v)| tablebase::describe(lang, v, |wins| winner(t, wins)));
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
