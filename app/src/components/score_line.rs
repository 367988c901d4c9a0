//! The score across rematches at the table ("You 2 – 1 Computer"), once a
//! game of the pairing has ended: the bottom seat first. At one screen the
//! seats are named as the seats name them, Player 1 at the bottom (colours
//! swap at each rematch, the score stays with the seat).

use yew::prelude::*;

use super::status_text::friend_name;
use super::ui::Ui;
use crate::i18n::Lang;
use crate::link::Mode;
use crate::model::{Model, Score};

/// The names of the bottom and the top seat.
fn seat_names(t: &Model, lang: Lang) -> (String, String) {
    if t.room.is_some() {
        let friend = friend_name(t).map_or_else(|| lang.t("room.friend"), str::to_string);
        return (lang.t("seat.you"), friend);
    }
    match t.mode {
        Mode::VsEngine { .. } => (lang.t("seat.you"), lang.t("score.computer")),
        Mode::TwoPlayers { .. } => (lang.t("seat.player1"), lang.t("seat.player2")),
    }
}

/// Half points as a machine reads them: `2.5`.
fn decimal(halves: u32) -> String {
    if halves % 2 == 0 {
        (halves / 2).to_string()
    } else {
        format!("{}.5", halves / 2)
    }
}

/// The score line, if a game of this pairing has ended.
pub fn score_line(ui: &Ui) -> Html {
    let (t, lang) = (&ui.model, ui.lang);
    let score = t.score();
    if score.games == 0 {
        return html! {};
    }
    let (bottom, top) = seat_names(t, lang);
    let [b, o] = score.halves.map(Score::points);
    let label = lang.fmt("score.label", &[&bottom, &b, &top, &o]);
    let machine = format!("{}-{}", decimal(score.halves[0]), decimal(score.halves[1]));
    let text = format!("{} {bottom} {b} – {o} {top}", lang.t("score.title"));
    html! {
        <p class="tally" data-tally={machine} aria-label={label}>{ text }</p>
    }
}
