//! Dragging a piece: pointer down on a movable piece, moved a little, up on
//! a destination. A drag presses the piece (if it is not picked up yet)
//! and then the point it is dropped on, so the game flow sees the same
//! presses as from two clicks.

use std::cell::RefCell;
use std::rc::Rc;

use morris_core::{Bitboard, Point};
use web_sys::{Element, MouseEvent, PointerEvent};
use yew::prelude::*;

use crate::draw::{f, translate};
use crate::layout::{Layout, SIZE};
use crate::props::BoardProps;

/// A piece being dragged.
#[derive(Clone, Copy, Debug)]
struct Drag {
    from: Point,
    start: (f64, f64),
    moved: bool,
}

/// The pointer gesture under way.
#[derive(Default, Debug)]
pub(crate) struct Gesture {
    drag: Option<Drag>,
    /// The click that ends a drag must not count as a second press.
    pub(crate) swallow_click: bool,
}

/// The pointer handlers of the board and what a drag shows.
#[derive(Debug)]
pub(crate) struct DragHandlers {
    pub(crate) gesture: Rc<RefCell<Gesture>>,
    /// Where the dragged piece is drawn, in SVG units.
    ghost: Option<(f64, f64)>,
    pub(crate) onpointerdown: Callback<PointerEvent>,
    pub(crate) onpointermove: Callback<PointerEvent>,
    pub(crate) onpointerup: Callback<PointerEvent>,
    pub(crate) onpointercancel: Callback<PointerEvent>,
}

impl DragHandlers {
    /// The point whose piece is lifted by a drag under way.
    pub(crate) fn lifted(&self) -> Option<Point> {
        self.gesture.borrow().drag.filter(|d| d.moved).map(|d| d.from)
    }

    /// The dragged piece, following the pointer.
    pub(crate) fn ghost_piece(&self, props: &BoardProps, piece_r: f64, uid: u32) -> Option<Html> {
        let at = self.ghost?;
        let c = props.piece(self.lifted()?)?;
        Some(html! {
            <g class={classes!("piece", "ghost", c.name())} transform={translate(at)}>
                <circle class="piece-body" r={f(piece_r * 1.08)} fill={crate::draw::piece_fill(uid, c)} />
                <circle class="piece-ring" r={f(piece_r * 0.66)} />
            </g>
        })
    }
}

/// Where a pointer event falls in the drawing's units.
fn to_svg(svg_ref: &NodeRef, e: &PointerEvent) -> Option<(f64, f64)> {
    board_units(&svg_ref.cast::<Element>()?, e)
}

/// Where a mouse or pointer event falls in the units of the board drawn
/// by `svg` (the board's `<svg>`): `Layout::point_near` finds its point.
pub fn board_units(svg: &Element, e: &MouseEvent) -> Option<(f64, f64)> {
    let r = svg.get_bounding_client_rect();
    if r.width() <= 0.0 || r.height() <= 0.0 {
        return None;
    }
    Some((
        (f64::from(e.client_x()) - r.left()) / r.width() * SIZE,
        (f64::from(e.client_y()) - r.top()) / r.height() * SIZE,
    ))
}

/// What a drag needs to know of the board's props.
#[derive(Clone, Debug)]
pub(crate) struct DragProps {
    pub(crate) movable: Bitboard,
    pub(crate) interactive: bool,
    pub(crate) selected: Option<Point>,
    pub(crate) on_press: Callback<Point>,
}

/// The board's drag gestures.
#[hook]
pub(crate) fn use_drag(svg_ref: NodeRef, layout: Layout, props: DragProps) -> DragHandlers {
    let gesture = use_mut_ref(Gesture::default);
    let ghost = use_state(|| None::<(f64, f64)>);

    let onpointerdown = {
        let (gesture, svg_ref) = (gesture.clone(), svg_ref.clone());
        let (movable, interactive) = (props.movable, props.interactive);
        Callback::from(move |e: PointerEvent| {
            let mut g = gesture.borrow_mut();
            g.drag = None;
            if !interactive || e.button() != 0 {
                return;
            }
            if let Some((x, y)) = to_svg(&svg_ref, &e) {
                if let Some(p) = layout.point_near(x, y).filter(|&p| movable.contains(p)) {
                    g.drag = Some(Drag {
                        from: p,
                        start: (x, y),
                        moved: false,
                    });
                }
            }
        })
    };
    let onpointermove = {
        let (gesture, ghost, svg_ref) = (gesture.clone(), ghost.clone(), svg_ref.clone());
        let (on_press, selected) = (props.on_press.clone(), props.selected);
        Callback::from(move |e: PointerEvent| {
            let mut g = gesture.borrow_mut();
            let Some(d) = g.drag.as_mut() else { return };
            let Some((x, y)) = to_svg(&svg_ref, &e) else {
                return;
            };
            if !d.moved && (x - d.start.0).hypot(y - d.start.1) > 2.5 {
                d.moved = true;
                if selected != Some(d.from) {
                    on_press.emit(d.from);
                }
            }
            if d.moved {
                e.prevent_default();
                ghost.set(Some((x, y)));
            }
        })
    };
    let onpointerup = {
        let (gesture, ghost) = (gesture.clone(), ghost.clone());
        let on_press = props.on_press;
        Callback::from(move |e: PointerEvent| {
            let mut g = gesture.borrow_mut();
            let Some(d) = g.drag.take() else { return };
            ghost.set(None);
            if !d.moved {
                return;
            }
            g.swallow_click = true;
            if let Some(p) = to_svg(&svg_ref, &e).and_then(|(x, y)| layout.point_near(x, y)) {
                if p != d.from {
                    on_press.emit(p);
                }
            }
        })
    };
    let onpointercancel = {
        let (gesture, ghost) = (gesture.clone(), ghost.clone());
        Callback::from(move |_: PointerEvent| {
            gesture.borrow_mut().drag = None;
            ghost.set(None);
        })
    };
    DragHandlers {
        gesture,
        ghost: *ghost,
        onpointerdown,
        onpointermove,
        onpointerup,
        onpointercancel,
    }
}
