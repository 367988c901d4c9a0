//! The new-game dialog: the variant (the classic games, then the mill
//! games of the world, with the rules of the one chosen), who plays (the
//! computer at a level with the colour you choose, a friend on this
//! screen, or a room for a friend far away), and the rule options folded
//! under "Rule options".
//! Its buttons stay in view however small the window: only the middle
//! scrolls.

mod choice;
mod conflict;
pub mod fields;
mod players;
mod rules;
mod variant;

use morris_core::Rules;
use yew::prelude::*;

pub(crate) use self::choice::Choice;
use self::players::players;
pub(crate) use self::rules::rules_fold;
pub(crate) use self::variant::variant_field;
use super::clock_picker;
use super::modal::Modal;
use crate::clock::TimeControl;
use crate::i18n::Lang;
use crate::link::Mode;

#[derive(Properties, PartialEq, Debug)]
pub struct NewGameProps {
    pub lang: Lang,
    pub rules: Rules,
    pub mode: Mode,
    /// Open a room for a friend far away rather than a game here.
    #[prop_or_default]
    pub room: bool,
    /// The clocks of the game on the table, offered again.
    #[prop_or_default]
    pub clock: Option<TimeControl>,
    /// Rules, seats, whether to open a room (then the seats' bottom
    /// colour is the host's), and the clocks.
    pub on_start: Callback<(Rules, Mode, bool, Option<TimeControl>)>,
    pub on_close: Callback<()>,
}

/// Starts the game chosen, if its rules hold together.
fn submit(c: Choice, on_start: Callback<(Rules, Mode, bool, Option<TimeControl>)>) -> Callback<SubmitEvent> {
    Callback::from(move |e: SubmitEvent| {
        e.prevent_default();
        if c.rules.validate().is_ok() {
            let c = c.drawn(js_sys::Math::random());
            on_start.emit((c.rules, c.mode(), c.room, c.clock));
        }
    })
}

#[function_component(NewGameDialog)]
pub fn new_game_dialog(props: &NewGameProps) -> Html {
    let lang = props.lang;
    let choice = use_state(|| Choice::open(props.rules, props.mode, props.room, props.clock));
    let c = *choice;
    let valid = c.rules.validate();
    // Focus moves into the dialog when it opens.
    let first_ref = use_node_ref();
    {
        let first_ref = first_ref.clone();
        use_effect_with((), move |_| {
            if let Some(el) = first_ref.cast::<web_sys::HtmlElement>() {
                let _ = el.focus();
            }
        });
    }
    let on_clock = {
        let choice = choice.clone();
        Callback::from(move |clock| choice.set(Choice { clock, ..*choice }))
    };
    let close = props.on_close.reform(|_: MouseEvent| ());
    let start_text = lang.t(if c.room { "room.open-room" } else { "dialog.start" });
    html! {
        <Modal labelled_by="new-game-title" on_close={props.on_close.clone()}>
            <form class="dialog" onsubmit={submit(c, props.on_start.clone())}>
                <h2 id="new-game-title">{ lang.t("dialog.title") }</h2>
                <div class="dialog-body">
                    { variant_field(lang, &choice, first_ref) }
                    { players(lang, &choice) }
                    { clock_picker(lang, c.clock, on_clock) }
                    { rules_fold(lang, &choice, valid.as_ref().err()) }
                </div>
                <div class="dialog-buttons">
                    <button type="button" class="btn" data-action="cancel" onclick={close}>{ lang.t("action.cancel") }</button>
                    <button type="submit" class="btn primary" data-action="confirm" disabled={valid.is_err()}
                            aria-describedby={valid.is_err().then_some("rule-conflict")}>{ start_text }</button>
                </div>
            </form>
        </Modal>
    }
}
