//! The analysis board's own board: the shown position, a turn played on
//! its points (piece by piece, through the turn so far), the last move,
//! the review's better move, and the exact value of each move on its
//! point (with a line saying for whom), where the tables reach.

use morris_board::{Board, Marking, PartialTurn, Press};
use morris_core::{Move, Point, Position};
use yew::prelude::*;

use super::analysis_moves::value_notes;
use super::game_board::labels;
use crate::analysis::protocol::Exact;
use crate::i18n::Lang;

/// What the board shows, and what a turn played on it does.
pub struct BoardView<'a> {
    pub lang: Lang,
    pub pos: Position,
    pub legal: &'a [Move],
    /// The turn so far (the piece picked up, the pieces removed).
    pub turn: &'a UseStateHandle<PartialTurn>,
    /// The keyboard's cursor on the board (the arrow keys walk its lines),
    /// and what moves it (`use_board_cursor`).
    pub cursor: (Option<Point>, Callback<Point>),
    pub exact: Option<&'a Exact>,
    pub last_move: Option<Move>,
    /// The review's better move, shown on the board.
    pub suggestion: Option<Move>,
    /// Plays a turn, in notation.
    pub play: &'a Callback<Vec<String>>,
}

pub fn analysis_board(v: &BoardView) -> Html {
    let (lang, pos, turn, last_move) = (v.lang, v.pos, v.turn, v.last_move);
    let on_press = {
        let (turn, play, legal) = (turn.clone(), v.play.clone(), v.legal.to_vec());
        Callback::from(move |point: Point| match turn.press(point, &pos, &legal) {
            Press::Continue(next) => turn.set(next),
            Press::Ignore => {}
            Press::Play(m) => play.emit(vec![pos.notation(m)]),
        })
    };
    let (cursor, on_cursor) = v.cursor.clone();
    let on_cancel = {
        let turn = turn.clone();
        Callback::from(move |()| turn.set(PartialTurn::default()))
    };
    let notes = if turn.from.is_none() && !turn.removing() {
        value_notes(&pos, v.exact)
    } else {
        Vec::new()
    };
    let has_notes = !notes.is_empty();
    let hints = turn.hints(&pos, v.legal);
    let pieces = turn.shown_pieces(&pos);
    let marking = Marking {
        pieces: &pieces,
        targets: hints.targets,
        removable: hints.removable,
        selected: turn.selected(),
        last_move,
        markers: pos.markers(),
        suggestion: None,
    };
    let labels = labels(lang, pos.geometry(), &marking);
    html! {
        <div class="analysis-board">
            <Board board={pos.geometry().kind()} {labels} {pieces} targets={hints.targets}
                   removable={hints.removable} movable={hints.movable} selected={turn.selected()} {last_move}
                   markers={pos.markers()} suggestion={v.suggestion}
                   {cursor} {notes} label={lang.t("analysis.title")} {on_press} {on_cursor} {on_cancel} />
            if has_notes {
                <p class="notes-legend" data-notes-legend="">
                    { lang.fmt("analysis.notes", &[&lang.t(&format!("color.{}", pos.turn().name()))]) }
                </p>
            }
        </div>
    }
}
