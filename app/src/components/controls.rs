//! The game's buttons: each shown only when it applies (a rematch once the
//! game is over, offers and resigning in a room once the friend sat down;
//! undo, redo and hints only at one table).

use yew::prelude::*;

use super::button::{action_button, busy_button, sends};
use super::ui::Ui;
use crate::link::Mode;
use crate::model::{Action, Model};

/// Whether a turn can be taken back: against the computer only back to a
/// turn of the person's own (also while it thinks: its search is called
/// off), and not once the game is over.
fn can_undo(t: &Model) -> bool {
    match t.mode {
        Mode::TwoPlayers { .. } => !t.game.moves().is_empty(),
        Mode::VsEngine { human, .. } => {
            t.outcome().is_none()
                && t.game
                    .positions()
                    .split_last()
                    .is_some_and(|(_, before)| before.iter().any(|p| p.turn() == human))
        }
    }
}

/// The Pass button of a blocked player, marked as the hint's suggestion
/// (`data-suggested`) when the hint is to pass: a pass has no point on
/// the board to mark.
fn pass_button(ui: &Ui) -> Html {
    let suggested = ui.model.suggestion.is_some_and(|m| m.is_pass());
    html! {
        <button type="button" class={classes!("btn", "primary", suggested.then_some("suggested"))}
                data-action="pass" data-suggested={suggested.then_some("")}
                onclick={sends(&ui.send, Action::Pass)}>
            { ui.lang.t("action.pass") }
        </button>
    }
}

/// The Hint button. While the hint is worked out it is only marked
/// disabled (a second press changes nothing): a person who pressed Enter
/// on it keeps the focus there, and need not Tab round the whole page.
fn hint_button(ui: &Ui) -> Html {
    let t = &ui.model;
    let enabled = t.accepts_input() && t.engine_error.is_none();
    busy_button(
        ui.lang,
        "hint",
        enabled,
        t.hint_pending,
        sends(&ui.send, Action::AskHint),
        false,
    )
}

/// The buttons that apply now; `on_new_game` opens the new-game dialog.
pub fn controls(ui: &Ui, on_new_game: Callback<()>) -> Html {
    let (t, lang) = (&ui.model, ui.lang);
    let button = |name: &'static str, enabled: bool, action: Action, primary: bool| {
        action_button(lang, name, enabled, sends(&ui.send, action), primary)
    };
    let over = t.outcome().is_some();
    let draw_open = t.draw_offer.is_none();
    // At one table a draw is offered on one's own turn (against the
    // computer also while it thinks), and not to a computer that is down.
    let can_offer = (t.accepts_input() || t.engine_to_move()) && !t.confirm_resign;
    let computer_down = t.mode.engine().is_some() && t.engine_error.is_some();
    // While their matter waits (an offer open, resigning to confirm), the
    // buttons stay in their places, disabled: the row does not change
    // under the finger that pressed one.
    let resign = !t.confirm_resign;
    if let Some(room) = &t.room {
        // Offers and resigning wait for the friend to sit down.
        let seated = room.joined;
        return html! {
            <div class="controls">
                if over {
                    if room.rematch_by.is_none() { { button("rematch", true, Action::Rematch, true) } }
                } else {
                    if t.pass_due() { { pass_button(ui) } }
                    if seated { { button("offer-draw", draw_open && resign, Action::OfferDraw, false) } }
                    if seated { { button("resign", resign, Action::Resign, false) } }
                }
            </div>
        };
    }
    let new_game = action_button(
        lang,
        "new-game",
        true,
        on_new_game.reform(|_: MouseEvent| ()),
        false,
    );
    html! {
        <div class="controls">
            if over {
                if !t.rematch_offer { { button("rematch", true, Action::Rematch, true) } }
                // Against the computer a game over is not taken back: a
                // new game, or the analysis board below, is offered.
                if t.mode.engine().is_none() { { button("undo", can_undo(t), Action::Undo, false) } }
                { new_game }
            } else {
                if t.pass_due() { { pass_button(ui) } }
                { button("undo", can_undo(t), Action::Undo, false) }
                { button("redo", !t.redo.is_empty(), Action::Redo, false) }
                { hint_button(ui) }
                if !computer_down { { button("offer-draw", draw_open && can_offer, Action::OfferDraw, false) } }
                { button("resign", resign, Action::Resign, false) }
            }
        </div>
    }
}
