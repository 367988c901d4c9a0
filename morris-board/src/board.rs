//! The board component: what it is given ([`BoardProps`]) and how its
//! parts are put together.

use morris_core::{Bitboard, BoardKind, Color, Move, Point};
use yew::prelude::*;

use crate::drag::{use_drag, DragProps};
use crate::draw::{defs, edge_labels, f, lines, mill_lines};
use crate::keys::{focus_cursor, on_keydown};
use crate::layout::{Layout, SIZE};
use crate::point::Scene;

/// What the board shows and where its presses go.
#[derive(Properties, Clone, PartialEq, Debug)]
pub struct BoardProps {
    pub board: BoardKind,
    /// The piece on each point, by point index.
    pub pieces: Vec<Option<Color>>,
    /// Dark at the bottom: the drawing is turned half a turn.
    #[prop_or_default]
    pub flipped: bool,
    /// Legal destinations or placements (blue).
    #[prop_or(Bitboard::EMPTY)]
    pub targets: Bitboard,
    /// Pieces that may be removed (red); when any, only they take presses.
    #[prop_or(Bitboard::EMPTY)]
    pub removable: Bitboard,
    /// Pieces that may be picked up (and dragged).
    #[prop_or(Bitboard::EMPTY)]
    pub movable: Bitboard,
    #[prop_or_default]
    pub selected: Option<Point>,
    #[prop_or_default]
    pub cursor: Option<Point>,
    /// The turn that led here: its squares are marked and its piece slides in.
    #[prop_or_default]
    pub last_move: Option<Move>,
    /// A suggested turn (the hint).
    #[prop_or_default]
    pub suggestion: Option<Move>,
    /// The accessible label of each point ("d6, light piece").
    #[prop_or_default]
    pub labels: Vec<AttrValue>,
    /// The accessible name of the whole board.
    #[prop_or_default]
    pub label: AttrValue,
    /// Whether presses mean anything now.
    #[prop_or(true)]
    pub interactive: bool,
    #[prop_or_default]
    pub on_press: Callback<Point>,
    #[prop_or_default]
    pub on_cursor: Callback<Point>,
    #[prop_or_default]
    pub on_cancel: Callback<()>,
}

impl BoardProps {
    /// The piece on `p`, if any.
    pub(crate) fn piece(&self, p: Point) -> Option<Color> {
        self.pieces.get(p.index()).copied().flatten()
    }
}

/// The board.
#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    let geometry = props.board.geometry();
    let layout = Layout::new(geometry, props.flipped);
    let svg_ref = use_node_ref();
    let cursor = props.cursor.filter(|p| p.index() < geometry.len());

    // Keep keyboard focus on the cursor's point while the board has focus.
    {
        let svg_ref = svg_ref.clone();
        use_effect_with((cursor, props.board, props.flipped), move |(cursor, board, _)| {
            focus_cursor(&svg_ref, *cursor, *board);
        });
    }
    let drag = use_drag(
        svg_ref.clone(),
        layout,
        DragProps {
            movable: props.movable,
            interactive: props.interactive,
            selected: props.selected,
            on_press: props.on_press.clone(),
        },
    );
    let onkeydown = on_keydown(layout, cursor, props);

    let scene = Scene::new(props, layout, cursor, drag.lifted(), drag.gesture.clone());
    let points = geometry.points().map(|p| scene.point(p));
    let ghost_piece = drag.ghost_piece(props, scene.piece_r);
    let removing = props.removable.any();
    let class = classes!(
        "board",
        format!("board-{}", props.board.id()),
        removing.then_some("removing"),
        props.selected.is_some().then_some("has-selection"),
        (!props.interactive).then_some("idle"),
    );
    html! {
        <svg ref={svg_ref} {class} viewBox={format!("0 0 {SIZE} {SIZE}")} role="group" aria-label={props.label.clone()}
             data-board={props.board.id()} data-flipped={props.flipped.then_some("")}
             onpointerdown={drag.onpointerdown} onpointermove={drag.onpointermove}
             onpointerup={drag.onpointerup} onpointercancel={drag.onpointercancel} {onkeydown}>
            { defs() }
            <rect class="board-frame" x="0.8" y="0.8" width="98.4" height="98.4" rx="3.2" />
            <rect class="board-wood" x="2.4" y="2.4" width="95.2" height="95.2" rx="2" fill="url(#wood-board)" />
            <rect class="board-grain" x="2.4" y="2.4" width="95.2" height="95.2" rx="2" fill="url(#wood-grain)" />
            <g class="lines">{ lines(layout) }{ mill_lines(layout, props) }</g>
            <g class="coords" aria-hidden="true">{ for edge_labels(&layout) }</g>
            <g class="points">{ for points }</g>
            { for ghost_piece }
        </svg>
    }
}

/// A translation to a point of the drawing.
pub(crate) fn translate((x, y): (f64, f64)) -> String {
    format!("translate({} {})", f(x), f(y))
}
