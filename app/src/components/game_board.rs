//! The board of the game on the table: what `morris-board`'s [`Board`] is
//! given (the shown position, the marks of the turn being put together,
//! the labels in the interface's language) and where its presses go.

use morris_board::Board;
use morris_core::{Color, Point, Position};
use yew::prelude::*;

use super::ui::Ui;
use crate::i18n::Lang;
use crate::model::{Action, Model};

/// The piece on each point as the board shows it: while removals are due,
/// the piece already stands where it went and the pieces picked so far
/// are gone.
fn pieces(t: &Model, pos: &Position) -> Vec<Option<Color>> {
    let mut pieces: Vec<Option<Color>> = pos.geometry().points().map(|p| pos.piece_at(p)).collect();
    if t.view.is_none() && t.turn.removing() {
        let mut put = |p: Point, c: Option<Color>| {
            if let Some(slot) = pieces.get_mut(p.index()) {
                *slot = c;
            }
        };
        if let Some(from) = t.turn.from {
            put(from, None);
        }
        if let Some(to) = t.turn.to {
            put(to, Some(pos.turn()));
        }
        for &r in &t.turn.removals {
            put(r, None);
        }
    }
    pieces
}

/// Each point's accessible label ("d6, light piece").
pub(super) fn labels(lang: Lang, pos: &Position, pieces: &[Option<Color>]) -> Vec<AttrValue> {
    let geometry = pos.geometry();
    geometry
        .points()
        .map(|p| {
            let name = geometry.coord(p).to_string();
            AttrValue::from(match pieces.get(p.index()).copied().flatten() {
                Some(Color::Light) => lang.fmt("point.light", &[&name]),
                Some(Color::Dark) => lang.fmt("point.dark", &[&name]),
                None => lang.fmt("point.empty", &[&name]),
            })
        })
        .collect()
}

/// The board of the model's game.
pub fn game_board(ui: &Ui) -> Html {
    let (t, lang, send) = (&ui.model, ui.lang, &ui.send);
    let pos = *t.shown();
    let at_live_ply = t.view.is_none();
    let hints = if at_live_ply {
        t.hints()
    } else {
        Default::default()
    };
    let pieces = pieces(t, &pos);
    let labels = labels(lang, &pos, &pieces);
    let variant_name = lang.t(&format!("variant.{}", t.game.rules().variant.id()));
    html! {
        <Board board={pos.geometry().kind()} {pieces} flipped={t.mode.bottom() == Color::Dark}
               targets={hints.targets} removable={hints.removable} movable={hints.movable}
               selected={if at_live_ply { t.turn.from } else { None }} cursor={t.cursor}
               last_move={t.shown_last_move()} suggestion={if at_live_ply { t.suggestion } else { None }}
               {labels} label={lang.fmt("board.label", &[&variant_name])}
               interactive={t.accepts_input()}
               on_press={send.reform(Action::Press)} on_cursor={send.reform(Action::Cursor)}
               on_cancel={send.reform(|()| Action::Cancel)} />
    }
}
