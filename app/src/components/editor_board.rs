//! The position editor's board: `morris-board`'s [`Board`], as the table
//! draws it, showing the position being set up (dead markers too, from a
//! link under mark and delay); every point takes presses.

use morris_board::{Board, Marking};
use morris_core::{Point, Setup};
use yew::prelude::*;

use super::game_board::labels;
use crate::i18n::Lang;

/// The board of `setup`; a press on any point goes to `on_press`; the
/// arrow keys move the keyboard's `cursor` (`use_board_cursor`).
pub fn editor_board(
    lang: Lang,
    setup: &Setup,
    on_press: Callback<Point>,
    cursor: (Option<Point>, Callback<Point>),
) -> Html {
    let (cursor, on_cursor) = cursor;
    let geometry = setup.rules.geometry();
    let pieces: Vec<_> = geometry
        .points()
        .map(|p| {
            morris_core::Color::ALL
                .into_iter()
                .find(|&c| setup.pieces[c].contains(p))
        })
        .collect();
    let marking = Marking {
        pieces: &pieces,
        targets: Default::default(),
        removable: Default::default(),
        selected: None,
        last_move: None,
        markers: setup.markers,
        suggestion: None,
    };
    let labels = labels(lang, geometry, &marking);
    html! {
        <div class="analysis-board editor-board" data-editor-board="">
            <Board board={geometry.kind()} {labels} {pieces} markers={setup.markers} label={lang.t("editor.title")} {cursor} {on_press} {on_cursor} />
        </div>
    }
}
