//! The first screen, beside the board: what this is, and one tap each to
//! play the computer (the new-game dialog opens on it, to choose the
//! level, colour and clocks), a friend on this screen (the dialog opens on
//! it, to choose clocks), a friend far away (a room), or to continue the
//! game in progress. The board stays live: a
//! press on it plays the game on the table (a newcomer's: against the
//! computer).

use yew::prelude::*;

use super::ui::Ui;
use crate::link::MAX_LEVEL;

/// Where the first screen's choices go.
#[derive(Debug)]
pub struct WelcomeProps<'a> {
    pub ui: &'a Ui,
    /// Opens the new-game dialog set to play the computer.
    pub on_engine: Callback<()>,
    /// Opens the new-game dialog set to a friend on this screen.
    pub on_two: Callback<()>,
    /// Opens the new-game dialog set to a room.
    pub on_room: Callback<()>,
    /// Puts the first screen away.
    pub on_continue: Callback<()>,
}

/// One choice: a big button with a line under its name.
fn choice(
    name: &'static str,
    title: String,
    sub: String,
    primary: bool,
    onclick: Callback<MouseEvent>,
) -> Html {
    html! {
        <button type="button" class={classes!("btn", "choice", primary.then_some("primary"))} data-welcome={name} {onclick}>
            <span class="choice-title">{ title }</span>
            <small class="choice-sub">{ sub }</small>
        </button>
    }
}

/// The first screen.
pub fn welcome(props: &WelcomeProps) -> Html {
    let (t, lang) = (&props.ui.model, props.ui.lang);
    let variant = lang.t(&format!("variant.{}", t.game.rules().variant.id()));
    let begun = t.room.is_some() || (!t.game.moves().is_empty() && t.outcome().is_none());
    let resume = match &t.room {
        Some(room) => lang.fmt("welcome.continue-room", &[&room.code]),
        None => lang.fmt(
            "welcome.continue-sub",
            &[&variant, &t.game.move_number().to_string()],
        ),
    };
    let tap = t.room.is_none() && t.mode.engine().is_some() && t.game.moves().is_empty();
    html! {
        <section class="welcome" data-welcome-screen="" aria-labelledby="welcome-title">
            <h2 id="welcome-title">{ lang.t("welcome.title") }</h2>
            <p class="welcome-text">{ lang.t("welcome.text") }</p>
            <div class="choices">
                if begun {
                    { choice("continue", lang.t("welcome.continue"), resume, true, props.on_continue.reform(|_: MouseEvent| ())) }
                }
                { choice("engine", lang.t("welcome.engine"), lang.fmt("welcome.engine-sub", &[&variant, &MAX_LEVEL.to_string()]), !begun, props.on_engine.reform(|_: MouseEvent| ())) }
                { choice("two", lang.t("welcome.two"), lang.t("welcome.two-sub"), false, props.on_two.reform(|_: MouseEvent| ())) }
                { choice("room", lang.t("welcome.room"), lang.t("welcome.room-sub"), false, props.on_room.reform(|_: MouseEvent| ())) }
            </div>
            if tap { <p class="welcome-tap">{ lang.t("welcome.tap") }</p> }
        </section>
    }
}
