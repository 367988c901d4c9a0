//! The live region for screen readers: each move as it is played, and the
//! outcome when the game ends.

use yew::prelude::*;

use super::status_text::color_name;
use super::ui::Ui;

/// The live region with the last move (and the outcome).
pub fn announce(ui: &Ui) -> Html {
    let (t, lang) = (&ui.model, ui.lang);
    let status_text = ui.status.1.clone();
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
