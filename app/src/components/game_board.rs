//! The board of the game on the table: what `morris-board`'s [`Board`] is
//! given (the shown position, the marks of the turn being put together,
//! the labels in the interface's language) and where its presses go.

use morris_board::{Board, Marking, PointWords};
use morris_core::{Bitboard, Color, Geometry, Position};
use yew::prelude::*;

use super::ui::Ui;
use crate::board_look::BoardLook;
use crate::i18n::Lang;
use crate::model::{Action, Model};

/// The piece on each point as the board shows it: the turn being put
/// together on the game itself (`PartialTurn::shown_pieces`), none on a
/// position of the past.
fn pieces(t: &Model, pos: &Position) -> Vec<Option<Color>> {
    if t.view.is_none() {
        return t.turn.shown_pieces(pos);
    }
    pos.geometry().points().map(|p| pos.piece_at(p)).collect()
}

/// The words for the points' marks in the interface's language.
fn words(lang: Lang) -> PointWords {
    let t = |k: &str| lang.t(&format!("point.{k}"));
    PointWords {
        selected: t("selected"),
        target: t("target"),
        removable: t("removable"),
        last_from: t("last-from"),
        last_to: t("last-to"),
        removed: t("removed"),
        marker: t("marker"),
        suggested: t("suggested"),
        ..PointWords::default()
    }
}

/// Each point's accessible name: its name and piece ("d6, light piece")
/// and everything marked on it ("selected", "legal destination"...).
pub(super) fn labels(lang: Lang, geometry: &Geometry, marking: &Marking) -> Vec<AttrValue> {
    labels_with_premove(lang, geometry, marking, Bitboard::EMPTY)
}

/// [`labels`], the points of a premove said as such.
fn labels_with_premove(
    lang: Lang,
    geometry: &Geometry,
    marking: &Marking,
    premove: Bitboard,
) -> Vec<AttrValue> {
    let words = words(lang);
    let queued = lang.t("point.premove");
    geometry
        .points()
        .map(|p| {
            let name = geometry.coord(p).to_string();
            let state = marking.state(p);
            let base = match state.piece {
                Some(Color::Light) => lang.fmt("point.light", &[&name]),
                Some(Color::Dark) => lang.fmt("point.dark", &[&name]),
                None => lang.fmt("point.empty", &[&name]),
            };
            let label = words.describe(&base, &state);
            AttrValue::from(if premove.contains(p) {
                format!("{label}, {queued}")
            } else {
                label
            })
        })
        .collect()
}

/// The points of the premove, as a set.
fn premove_points(t: &Model) -> Bitboard {
    t.premove.iter().copied().collect()
}

/// The colour of the pieces the shown position's last turn took (a turn
/// that only removes may take one's own, and moves no piece to tell by).
fn taken(t: &Model) -> Option<Color> {
    let last = t.shown_last_move()?;
    let before = t.game.positions().get(t.shown_ply().checked_sub(1)?)?;
    last.removals().iter().find_map(|p| before.piece_at(p))
}

/// The board of the model's game, turned and themed as the player set it.
pub fn game_board(ui: &Ui, look: BoardLook) -> Html {
    let (t, lang, send) = (&ui.model, ui.lang, &ui.send);
    let pos = *t.shown();
    let at_live_ply = t.view.is_none();
    let hints = if at_live_ply {
        t.hints()
    } else {
        Default::default()
    };
    let pieces = pieces(t, &pos);
    let selected = if at_live_ply { t.turn.selected() } else { None };
    let last_move = t.shown_last_move();
    let suggestion = if at_live_ply { t.suggestion } else { None };
    let marking = Marking {
        pieces: &pieces,
        targets: hints.targets,
        removable: hints.removable,
        selected,
        last_move,
        markers: pos.markers(),
        suggestion,
    };
    let premove = premove_points(t);
    let labels = labels_with_premove(lang, pos.geometry(), &marking, premove);
    let variant_name = lang.t(&format!("variant.{}", t.game.rules().variant.id()));
    let flipped = (t.mode.bottom() == Color::Dark) != look.flip;
    html! {
        <div class={classes!("board-look", look.theme.class())}>
            <Board board={pos.geometry().kind()} {pieces} {flipped}
                   targets={hints.targets} removable={hints.removable} movable={hints.movable}
                   {selected} cursor={t.cursor}
                   {last_move} taken={taken(t)} markers={pos.markers()} {suggestion}
                   {premove} {labels} label={lang.fmt("board.label", &[&variant_name])}
                   interactive={t.accepts_input() || t.takes_premove()}
                   on_press={send.reform(Action::Press)} on_cursor={send.reform(Action::Cursor)}
                   on_cancel={send.reform(|()| Action::Cancel)} />
        </div>
    }
}
