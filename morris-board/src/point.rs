//! One point of the board: its hit area, its piece, and the marks of the
//! turn under way and of the last one (the DOM contract's `data-*`
//! attributes live here).

use std::cell::RefCell;
use std::rc::Rc;

use morris_core::{Color, Point};
use yew::prelude::*;

use crate::describe::{PointState, PointWords};
use crate::drag::Gesture;
use crate::draw::translate;
use crate::draw::{f, piece_fill};
use crate::layout::Layout;
use crate::props::BoardProps;

/// What every point is drawn from.
#[derive(Debug)]
pub(crate) struct Scene<'a> {
    props: &'a BoardProps,
    layout: Layout,
    cursor: Option<Point>,
    /// The one point in the tab order.
    tab_point: Option<Point>,
    removing: bool,
    lifted: Option<Point>,
    /// The last turn's piece came from, and went to.
    slide: Option<(Point, Point)>,
    /// The colour of a piece the last turn removed: the mover's opponent's.
    vanished: Option<Color>,
    pub(crate) piece_r: f64,
    /// The board's own number, in its gradients' ids.
    uid: u32,
    hit_r: f64,
    dot_r: f64,
    gesture: Rc<RefCell<Gesture>>,
}

/// What is true of one point now, and what only the drawing needs.
#[derive(Clone, Copy, Debug)]
struct Marks {
    state: PointState,
    pressable: bool,
}

impl<'a> Scene<'a> {
    pub(crate) fn new(
        props: &'a BoardProps,
        layout: Layout,
        cursor: Option<Point>,
        lifted: Option<Point>,
        gesture: Rc<RefCell<Gesture>>,
        uid: u32,
    ) -> Scene<'a> {
        let step = layout.step();
        let last = props.last_move;
        Scene {
            props,
            layout,
            cursor,
            tab_point: cursor.or_else(|| layout.centre_point()),
            removing: props.removable.any(),
            lifted,
            slide: last.and_then(|m| m.from().map(|f| (f, m.to()))),
            vanished: props.taken.or_else(|| {
                last.filter(|m| m.is_play())
                    .and_then(|m| props.piece(m.to()))
                    .map(|mover| !mover)
            }),
            piece_r: layout.piece_r(),
            hit_r: (step * 0.5).min(14.0),
            dot_r: layout.dot_r(),
            gesture,
            uid,
        }
    }

    fn marks(&self, p: Point) -> Marks {
        let props = self.props;
        let state = props.marking().state(p);
        Marks {
            state,
            pressable: props.interactive && (!self.removing || state.removable),
        }
    }

    fn onclick(&self, p: Point) -> Callback<MouseEvent> {
        let on_press = self.props.on_press.clone();
        let gesture = self.gesture.clone();
        Callback::from(move |e: MouseEvent| {
            e.stop_propagation();
            let mut g = gesture.borrow_mut();
            if std::mem::take(&mut g.swallow_click) {
                return;
            }
            on_press.emit(p);
        })
    }

    fn onfocus(&self, p: Point) -> Callback<FocusEvent> {
        let on_cursor = self.props.on_cursor.clone();
        let cursor = self.cursor;
        Callback::from(move |_: FocusEvent| {
            if cursor != Some(p) {
                on_cursor.emit(p);
            }
        })
    }

    /// The point's piece; one that just arrived slides in from where it
    /// came from, or drops in when placed.
    fn piece(&self, p: Point, m: Marks) -> Html {
        let Some(c) = m.state.piece else { return html! {} };
        let r = self.piece_r;
        let arrive = match self.slide {
            Some((from, to)) if to == p => {
                let ((fx, fy), (x, y)) = (self.layout.xy(from), self.layout.xy(p));
                format!("--dx:{}px;--dy:{}px", f(fx - x), f(fy - y))
            }
            _ => String::new(),
        };
        let class = match (m.state.last_to, self.slide.is_some()) {
            (true, true) => classes!("piece", c.name(), "arrived"),
            (true, false) => classes!("piece", c.name(), "placed"),
            _ => classes!("piece", c.name()),
        };
        html! {
            <g {class} style={arrive}>
                <circle class="piece-shadow" cx="0.5" cy="0.9" r={f(r)} />
                <circle class="piece-body" r={f(r)} fill={piece_fill(self.uid, c)} />
                <circle class="piece-ring" r={f(r * 0.62)} />
                <circle class="piece-eye" r={f(r * 0.18)} />
            </g>
        }
    }

    /// A piece the last turn removed from here: it fades away, and a
    /// cross stays (unless a marker takes its place).
    fn removed(&self, m: Marks) -> Html {
        if !m.state.removed || m.state.piece.is_some() {
            return html! {};
        }
        html! {
            <>
                if let Some(c) = self.vanished {
                    <g class={classes!("piece", "vanish", c.name())}>
                        <circle class="piece-body" r={f(self.piece_r)} fill={piece_fill(self.uid, c)} />
                    </g>
                }
                if !m.state.marker {
                    <g class="removed-mark">
                        <line x1="-2.4" y1="-2.4" x2="2.4" y2="2.4" />
                        <line x1="-2.4" y1="2.4" x2="2.4" y2="-2.4" />
                    </g>
                }
            </>
        }
    }

    /// A dead marker: a bold X across the point, as big as a piece.
    fn marker(&self, m: Marks) -> Html {
        if !m.state.marker {
            return html! {};
        }
        let a = f(self.piece_r * 0.72);
        let b = f(-self.piece_r * 0.72);
        html! {
            <g class="marker-mark">
                <circle class="marker-disc" r={f(self.piece_r * 0.95)} />
                <line x1={b.clone()} y1={b.clone()} x2={a.clone()} y2={a.clone()} />
                <line x1={b.clone()} y1={a.clone()} x2={a} y2={b} />
            </g>
        }
    }

    /// The point's accessible name: the page's label for it, else one in
    /// English with everything marked on it.
    fn label(&self, p: Point, name: &str, state: &PointState) -> AttrValue {
        if let Some(label) = self.props.labels.get(p.index()) {
            return label.clone();
        }
        let words = PointWords::default();
        AttrValue::from(words.describe(&words.base(name, state.piece), state))
    }

    /// One point, with its piece and marks.
    pub(crate) fn point(&self, p: Point) -> Html {
        let props = self.props;
        let m = self.marks(p);
        let s = m.state;
        let r = self.piece_r;
        let name = self.layout.geometry.coord(p).to_string();
        let hint = if s.removable {
            Some("removable")
        } else if s.target {
            Some("target")
        } else {
            None
        };
        let class = classes!(
            "point",
            m.pressable.then_some("pressable"),
            (props.movable.contains(p) && !self.removing).then_some("movable"),
            (self.lifted == Some(p)).then_some("lifted"),
        );
        let target_r = if props.selected.is_some() {
            r * 0.42
        } else {
            r * 0.3
        };
        let last = s.last_from || s.last_to;
        let premove = props.premove.contains(p);
        // The hint's ring goes round the keyboard's focus ring on the
        // cursor's point, which would otherwise cover it.
        let suggest_r = if self.cursor == Some(p) { r + 4.0 } else { r + 2.2 };
        html! {
            <g key={name.clone()} {class}
               transform={translate(self.layout.xy(p))}
               data-point={name.clone()}
               data-piece={s.piece.map(|c| c.name())}
               data-cursor={(self.cursor == Some(p)).then_some("")}
               data-hint={hint}
               data-selected={s.selected.then_some("")}
               data-last={last.then_some("")}
               data-removed={s.removed.then_some("")}
               data-marker={s.marker.then_some("")}
               data-suggested={s.suggested.then_some("")}
               data-premove={premove.then_some("")}
               role="button"
               tabindex={if self.tab_point == Some(p) { "0" } else { "-1" }}
               aria-label={self.label(p, &name, &s)}
               aria-disabled={(!m.pressable).then_some("true")}
               onclick={self.onclick(p)} onfocus={self.onfocus(p)}>
                <circle class="hit" r={f(self.hit_r)} />
                <circle class="dot" r={f(self.dot_r)} />
                if last { <circle class="last-mark" r={f(r + 1.4)} /> }
                { self.removed(m) }
                { self.marker(m) }
                if s.target { <circle class="target-mark" r={f(target_r)} /> }
                { self.piece(p, m) }
                if s.suggested { <circle class="suggest-mark" r={f(suggest_r)} /> }
                if s.removable { <circle class="removable-mark" r={f(r + 1.6)} /> }
                if s.selected || premove {
                    <circle class={if premove { "premove-mark" } else { "selected-mark" }} r={f(r + 1.8)} />
                }
                <circle class="focus-halo" r={f(r + 2.4)} />
                <circle class="cursor-mark" r={f(r + 2.4)} />
            </g>
        }
    }
}
