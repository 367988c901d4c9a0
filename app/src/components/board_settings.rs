//! The board's look, as the player set it: turned half a turn or not, and
//! its theme (the wood, slate, or high-contrast paper). Two small buttons
//! beside the game's buttons; the choice is remembered.

use yew::prelude::*;

use super::button::icon;
use crate::board_look::BoardLook;
use crate::i18n::Lang;

/// Two arrows turning round: the board turned half a turn.
const FLIP: &str =
    "M4 12a8 8 0 0 1 13.7-5.6L20 8.7M20 4v4.7h-4.7M20 12a8 8 0 0 1-13.7 5.6L4 15.3M4 20v-4.7h4.7";

/// The flip switch and the theme switch (each press shows the next theme).
pub fn board_settings(lang: Lang, look: BoardLook, on_look: &Callback<BoardLook>) -> Html {
    let on_flip = on_look.reform(move |_: MouseEvent| BoardLook {
        flip: !look.flip,
        ..look
    });
    let on_theme = on_look.reform(move |_: MouseEvent| BoardLook {
        theme: look.theme.next(),
        ..look
    });
    let theme = lang.t(&format!("board.theme.{}", look.theme.id()));
    html! {
        <div class="board-settings">
            <button type="button" class="btn icon" data-action="flip-board" aria-pressed={if look.flip { "true" } else { "false" }}
                    title={lang.t("board.flip")} aria-label={lang.t("board.flip")} onclick={on_flip}>
                { icon(FLIP) }
            </button>
            <button type="button" class="btn" data-action="board-theme" data-theme={look.theme.id()} onclick={on_theme}>
                { lang.fmt("board.theme", &[&theme]) }
            </button>
        </div>
    }
}
