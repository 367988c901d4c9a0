//! The board component: how its parts are put together.

use yew::prelude::*;

use crate::drag::{use_drag, DragProps};
use crate::draw::{defs, edge_labels, f, lines, mill_lines, next_board_uid};
use crate::keys::{focus_cursor, on_keydown};
use crate::layout::{Layout, FRAME, SIZE};
use crate::point::Scene;
use crate::props::{BoardProps, PointNote};

/// A note on its point, in a pill at the point's lower right.
fn note(layout: Layout, n: &PointNote) -> Html {
    let (x, y) = layout.xy(n.point);
    let r = layout.piece_r();
    let width = 2.6 + 2.1 * n.text.chars().count() as f64;
    html! {
        <g class={classes!("point-note", n.tone)} transform={format!("translate({} {})", f(x + r * 0.35), f(y + r * 0.45))}
           data-note={n.text.clone()}>
            <rect x="0" y="-2.6" width={f(width)} height="5.2" rx="2.6" />
            <text x={f(width / 2.0)} y="0">{ n.text.clone() }</text>
        </g>
    }
}

/// The page's drawings under and over the points (feature `layers`).
#[cfg(feature = "layers")]
fn layers(props: &BoardProps) -> [Option<Html>; 2] {
    let layer = |class: &'static str, drawing: &Html| {
        Some(html! { <g {class} aria-hidden="true" pointer-events="none">{ drawing.clone() }</g> })
    };
    [
        layer("underlay", &props.underlay),
        layer("overlay", &props.overlay),
    ]
}

/// Without the feature `layers`, no drawings of the page's.
#[cfg(not(feature = "layers"))]
fn layers(_: &BoardProps) -> [Option<Html>; 2] {
    [None, None]
}

/// The board.
#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    let geometry = props.board.geometry();
    let layout = Layout::new(geometry, props.flipped);
    let svg_ref = use_node_ref();
    let uid = *use_memo((), |_| next_board_uid());
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
    let [underlay, overlay] = layers(props);

    let scene = Scene::new(props, layout, cursor, drag.lifted(), drag.gesture.clone(), uid);
    let points = geometry.points().map(|p| scene.point(p));
    let ghost_piece = drag.ghost_piece(props, scene.piece_r, uid);
    let removing = props.removable.any();
    let (inset, wood) = (f(FRAME), f(SIZE - 2.0 * FRAME));
    let class = classes!(
        "board",
        format!("board-{}", props.board.id()),
        removing.then_some("removing"),
        props.selected.is_some().then_some("has-selection"),
        (!props.interactive).then_some("idle"),
    );
    html! {
        <svg ref={svg_ref} {class} viewBox={format!("0 0 {0} {0}", f(SIZE))} role="group" aria-label={props.label.clone()}
             data-board={props.board.id()} data-flipped={props.flipped.then_some("")}
             onpointerdown={drag.onpointerdown} onpointermove={drag.onpointermove}
             onpointerup={drag.onpointerup} onpointercancel={drag.onpointercancel} {onkeydown}>
            { defs(uid) }
            <rect class="board-frame" x="0.3" y="0.3" width="99.4" height="99.4" rx="3.2" />
            <rect class="board-wood" x={inset.clone()} y={inset.clone()} width={wood.clone()} height={wood.clone()} rx="1.6" fill={format!("url(#wood-board-{uid})")} />
            <rect class="board-grain" x={inset.clone()} y={inset} width={wood.clone()} height={wood} rx="1.6" fill={format!("url(#wood-grain-{uid})")} />
            <g class="lines">{ lines(layout) }{ mill_lines(layout, props) }</g>
            <g class="coords" aria-hidden="true">{ for edge_labels(&layout) }</g>
            { for underlay }
            <g class="points">{ for points }</g>
            { for overlay }
            <g class="notes" aria-hidden="true">{ for props.notes.iter().map(|n| note(layout, n)) }</g>
            { for ghost_piece }
        </svg>
    }
}
