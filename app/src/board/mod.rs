//! The board: an SVG drawing of any of the five boards, with its pieces,
//! the marks of the turn being put together, and every way to press a
//! point (click, tap, drag, keyboard).
//!
//! The component knows nothing of the game flow: it is given what to show
//! ([`BoardProps`]) and reports presses, cursor moves and Escape. The app
//! and any page that embeds the board share this one implementation.

pub mod layout;

use morris_core::{Bitboard, BoardKind, Color, Move, Point};
use wasm_bindgen::JsCast;
use web_sys::{Element, KeyboardEvent, PointerEvent, SvgElement};
use yew::prelude::*;

pub use layout::{Arrow, Layout, SIZE};

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

/// A piece being dragged.
#[derive(Clone, Copy, Debug)]
struct Drag {
    from: Point,
    start: (f64, f64),
    moved: bool,
}

#[derive(Default, Debug)]
struct Gesture {
    drag: Option<Drag>,
    /// The click that ends a drag must not count as a second press.
    swallow_click: bool,
}

/// The board.
#[function_component(Board)]
pub fn board(props: &BoardProps) -> Html {
    let geometry = props.board.geometry();
    let layout = Layout::new(geometry, props.flipped);
    let step = layout.step();
    let piece_r = (step * 0.36).min(8.5);
    let hit_r = (step * 0.5).min(14.0);
    let svg_ref = use_node_ref();
    let gesture = use_mut_ref(Gesture::default);
    let ghost = use_state(|| None::<(f64, f64)>);
    let cursor = props.cursor.filter(|p| p.index() < geometry.len());

    // Keep keyboard focus on the cursor's point while the board has focus.
    {
        let svg_ref = svg_ref.clone();
        use_effect_with((cursor, props.board, props.flipped), move |(cursor, board, _)| {
            focus_cursor(&svg_ref, *cursor, *board);
        });
    }

    let to_svg = {
        let svg_ref = svg_ref.clone();
        move |e: &PointerEvent| -> Option<(f64, f64)> {
            let svg = svg_ref.cast::<Element>()?;
            let r = svg.get_bounding_client_rect();
            if r.width() <= 0.0 || r.height() <= 0.0 {
                return None;
            }
            Some((
                (f64::from(e.client_x()) - r.left()) / r.width() * SIZE,
                (f64::from(e.client_y()) - r.top()) / r.height() * SIZE,
            ))
        }
    };

    let onpointerdown = {
        let gesture = gesture.clone();
        let to_svg = to_svg.clone();
        let movable = props.movable;
        let interactive = props.interactive;
        Callback::from(move |e: PointerEvent| {
            let mut g = gesture.borrow_mut();
            g.drag = None;
            if !interactive || e.button() != 0 {
                return;
            }
            if let Some((x, y)) = to_svg(&e) {
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
        let gesture = gesture.clone();
        let ghost = ghost.clone();
        let to_svg = to_svg.clone();
        let on_press = props.on_press.clone();
        let selected = props.selected;
        Callback::from(move |e: PointerEvent| {
            let mut g = gesture.borrow_mut();
            let Some(d) = g.drag.as_mut() else { return };
            let Some((x, y)) = to_svg(&e) else { return };
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
    let end_drag = {
        let gesture = gesture.clone();
        let ghost = ghost.clone();
        let to_svg = to_svg.clone();
        let on_press = props.on_press.clone();
        Callback::from(move |e: PointerEvent| {
            let mut g = gesture.borrow_mut();
            let Some(d) = g.drag.take() else { return };
            ghost.set(None);
            if !d.moved {
                return;
            }
            g.swallow_click = true;
            if let Some(p) = to_svg(&e).and_then(|(x, y)| layout.point_near(x, y)) {
                if p != d.from {
                    on_press.emit(p);
                }
            }
        })
    };
    let onpointercancel = {
        let gesture = gesture.clone();
        let ghost = ghost.clone();
        Callback::from(move |_: PointerEvent| {
            gesture.borrow_mut().drag = None;
            ghost.set(None);
        })
    };

    let onkeydown = {
        let on_press = props.on_press.clone();
        let on_cursor = props.on_cursor.clone();
        let on_cancel = props.on_cancel.clone();
        Callback::from(move |e: KeyboardEvent| {
            let key = e.key();
            let at = cursor.or_else(|| layout.centre_point());
            if let Some(arrow) = Arrow::from_key(&key) {
                e.prevent_default();
                match cursor {
                    None => {
                        if let Some(p) = at {
                            on_cursor.emit(p);
                        }
                    }
                    Some(p) => {
                        if let Some(q) = layout.step_along(p, arrow) {
                            on_cursor.emit(q);
                        }
                    }
                }
                return;
            }
            match key.as_str() {
                "Enter" | " " => {
                    e.prevent_default();
                    if let Some(p) = at {
                        on_press.emit(p);
                    }
                }
                "Escape" => {
                    e.prevent_default();
                    e.stop_propagation();
                    on_cancel.emit(());
                }
                _ => {}
            }
        })
    };

    let removing = props.removable.any();
    let dragging_from = gesture.borrow().drag.filter(|d| d.moved).map(|d| d.from);
    let last = props.last_move;
    let slide = last.and_then(|m| m.from().map(|f| (f, m.to())));
    // A removed piece fades away where it stood: it was the mover's opponent's.
    let vanished = last
        .and_then(|m| props.pieces.get(m.to().index()).copied().flatten())
        .map(|mover| !mover);

    let lines = geometry.segments().map(|(a, b)| {
        let ((x1, y1), (x2, y2)) = (layout.xy(a), layout.xy(b));
        html! { <line class="line" x1={f(x1)} y1={f(y1)} x2={f(x2)} y2={f(y2)} /> }
    });

    // The mills the last turn closed are traced in gold.
    let owned = |c: Color| -> Bitboard {
        geometry
            .points()
            .filter(|p| props.pieces.get(p.index()).copied().flatten() == Some(c))
            .collect()
    };
    let closed: Vec<Bitboard> = last
        .and_then(|m| {
            let mover = props.pieces.get(m.to().index()).copied().flatten()?;
            let own = owned(mover);
            Some(
                geometry
                    .mills_through(m.to())
                    .iter()
                    .copied()
                    .filter(|&mill| own.is_superset(mill))
                    .collect(),
            )
        })
        .unwrap_or_default();
    let mill_lines = geometry
        .segments()
        .filter(|&(a, b)| closed.iter().any(|m| m.contains(a) && m.contains(b)))
        .map(|(a, b)| {
            let ((x1, y1), (x2, y2)) = (layout.xy(a), layout.xy(b));
            html! { <line class="mill-line" x1={f(x1)} y1={f(y1)} x2={f(x2)} y2={f(y2)} /> }
        });

    let coords = edge_labels(&layout);
    let tab_point = cursor.or_else(|| layout.centre_point());

    let points = geometry.points().map(|p| {
        let (x, y) = layout.xy(p);
        let name = geometry.coord(p).to_string();
        let piece = props.pieces.get(p.index()).copied().flatten();
        let target = props.targets.contains(p) && !removing;
        let removable = props.removable.contains(p);
        let selected = props.selected == Some(p);
        let is_cursor = cursor == Some(p);
        let was_from = last.and_then(Move::from) == Some(p);
        let was_to = last.map(Move::to) == Some(p);
        let was_removed = last.is_some_and(|m| m.removals().contains(p));
        let suggested = props.suggestion.is_some_and(|m| m.to() == p || m.from() == Some(p));
        let pressable = props.interactive && (!removing || removable);
        let hint = if removable {
            Some("removable")
        } else if target {
            Some("target")
        } else {
            None
        };
        let onclick = {
            let on_press = props.on_press.clone();
            let gesture = gesture.clone();
            Callback::from(move |e: MouseEvent| {
                e.stop_propagation();
                let mut g = gesture.borrow_mut();
                if std::mem::take(&mut g.swallow_click) {
                    return;
                }
                on_press.emit(p);
            })
        };
        let onfocus = {
            let on_cursor = props.on_cursor.clone();
            Callback::from(move |_: FocusEvent| {
                if cursor != Some(p) {
                    on_cursor.emit(p);
                }
            })
        };
        let label = props.labels.get(p.index()).cloned().unwrap_or_else(|| AttrValue::from(name.clone()));
        let mut class = classes!("point");
        if pressable {
            class.push("pressable");
        }
        if props.movable.contains(p) && !removing {
            class.push("movable");
        }
        if dragging_from == Some(p) {
            class.push("lifted");
        }
        // A piece that just arrived slides in from where it came from.
        let arrive = match slide {
            Some((from, to)) if to == p => {
                let (fx, fy) = layout.xy(from);
                format!("--dx:{}px;--dy:{}px", f(fx - x), f(fy - y))
            }
            _ => String::new(),
        };
        let piece_class = match (piece, was_to, slide.is_some()) {
            (Some(c), true, true) => classes!("piece", c.name(), "arrived"),
            (Some(c), true, false) => classes!("piece", c.name(), "placed"),
            (Some(c), _, _) => classes!("piece", c.name()),
            (None, _, _) => classes!("piece"),
        };
        html! {
            <g key={name.clone()} class={class}
               transform={format!("translate({} {})", f(x), f(y))}
               data-point={name.clone()}
               data-piece={piece.map(|c| c.name())}
               data-cursor={is_cursor.then_some("")}
               data-hint={hint}
               data-selected={selected.then_some("")}
               data-last={(was_from || was_to).then_some("")}
               data-removed={was_removed.then_some("")}
               data-suggested={suggested.then_some("")}
               role="button"
               tabindex={if tab_point == Some(p) { "0" } else { "-1" }}
               aria-label={label}
               aria-disabled={(!pressable).then_some("true")}
               {onclick} {onfocus}>
                <circle class="hit" r={f(hit_r)} />
                <circle class="dot" r="1.35" />
                if was_from || was_to { <circle class="last-mark" r={f(piece_r + 1.4)} /> }
                if let Some(c) = vanished.filter(|_| was_removed && piece.is_none()) {
                    <g class={classes!("piece", "vanish", c.name())}>
                        <circle class="piece-body" r={f(piece_r)} fill={format!("url(#piece-{})", c.name())} />
                    </g>
                }
                if was_removed && piece.is_none() {
                    <g class="removed-mark">
                        <line x1="-2.4" y1="-2.4" x2="2.4" y2="2.4" />
                        <line x1="-2.4" y1="2.4" x2="2.4" y2="-2.4" />
                    </g>
                }
                if target { <circle class="target-mark" r={f(if props.selected.is_some() { piece_r * 0.42 } else { piece_r * 0.3 })} /> }
                if let Some(c) = piece {
                    <g class={piece_class} style={arrive}>
                        <circle class="piece-shadow" cx="0.5" cy="0.9" r={f(piece_r)} />
                        <circle class="piece-body" r={f(piece_r)} fill={format!("url(#piece-{})", c.name())} />
                        <circle class="piece-ring" r={f(piece_r * 0.62)} />
                        <circle class="piece-eye" r={f(piece_r * 0.18)} />
                    </g>
                }
                if suggested { <circle class="suggest-mark" r={f(piece_r + 2.4)} /> }
                if removable { <circle class="removable-mark" r={f(piece_r + 1.6)} /> }
                if selected { <circle class="selected-mark" r={f(piece_r + 1.8)} /> }
                <circle class="cursor-mark" r={f(piece_r + 3.2)} />
            </g>
        }
    });

    let ghost_piece = match (*ghost, dragging_from) {
        (Some((x, y)), Some(from)) => props.pieces.get(from.index()).copied().flatten().map(|c| {
            html! {
                <g class={classes!("piece", "ghost", c.name())} transform={format!("translate({} {})", f(x), f(y))}>
                    <circle class="piece-body" r={f(piece_r * 1.08)} fill={format!("url(#piece-{})", c.name())} />
                    <circle class="piece-ring" r={f(piece_r * 0.66)} />
                </g>
            }
        }),
        _ => None,
    };

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
             {onpointerdown} {onpointermove} onpointerup={end_drag} {onpointercancel} {onkeydown}>
            <defs>
                <linearGradient id="wood-board" x1="0" y1="0" x2="1" y2="1">
                    <stop offset="0" stop-color="#e2b877" />
                    <stop offset="0.45" stop-color="#d7a65f" />
                    <stop offset="1" stop-color="#c58f4a" />
                </linearGradient>
                <pattern id="wood-grain" width="100" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(-4)">
                    <path d="M0 2 C 25 0.6, 50 3.6, 100 1.8" class="grain" />
                    <path d="M0 5.2 C 30 6.4, 60 4.1, 100 5.6" class="grain faint" />
                </pattern>
                <radialGradient id="piece-light" cx="0.38" cy="0.32" r="0.75">
                    <stop offset="0" stop-color="#fffdf6" />
                    <stop offset="0.6" stop-color="#efe3c8" />
                    <stop offset="1" stop-color="#c9b48c" />
                </radialGradient>
                <radialGradient id="piece-dark" cx="0.38" cy="0.32" r="0.75">
                    <stop offset="0" stop-color="#6b4a36" />
                    <stop offset="0.55" stop-color="#3b2519" />
                    <stop offset="1" stop-color="#1c110b" />
                </radialGradient>
            </defs>
            <rect class="board-frame" x="0.8" y="0.8" width="98.4" height="98.4" rx="3.2" />
            <rect class="board-wood" x="2.4" y="2.4" width="95.2" height="95.2" rx="2" fill="url(#wood-board)" />
            <rect class="board-grain" x="2.4" y="2.4" width="95.2" height="95.2" rx="2" fill="url(#wood-grain)" />
            <g class="lines">{ for lines }{ for mill_lines }</g>
            <g class="coords" aria-hidden="true">{ for coords }</g>
            <g class="points">{ for points }</g>
            { for ghost_piece }
        </svg>
    }
}

/// File letters along the bottom edge and rank numbers along the left.
fn edge_labels(layout: &Layout) -> Vec<Html> {
    let g = layout.geometry;
    let n = g.grid_size();
    let last = f64::from(n.max(2) - 1);
    let mut out = Vec::new();
    for i in 0..n {
        let shown = if layout.flipped {
            last - f64::from(i)
        } else {
            f64::from(i)
        };
        let at = layout::MARGIN + shown * layout.step();
        let file = char::from(b'a' + i).to_string();
        let rank = (i + 1).to_string();
        out.push(html! { <text class="coord" x={f(at)} y="98.9">{file}</text> });
        let y = layout::MARGIN + (last - shown) * layout.step();
        out.push(html! { <text class="coord" x="1.6" y={f(y + 1.0)}>{rank}</text> });
    }
    out
}

/// A number for an SVG attribute, two decimals at most.
fn f(v: f64) -> String {
    let s = format!("{v:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// Moves focus to the cursor's point when focus is already on the board.
fn focus_cursor(svg_ref: &NodeRef, cursor: Option<Point>, board: BoardKind) {
    let (Some(svg), Some(p)) = (svg_ref.cast::<Element>(), cursor) else {
        return;
    };
    let Some(doc) = web_sys::window().and_then(|w| w.document()) else {
        return;
    };
    let Some(active) = doc.active_element() else {
        return;
    };
    if !svg.contains(Some(&active)) {
        return;
    }
    let name = board.geometry().coord(p).to_string();
    if active.get_attribute("data-point").as_deref() == Some(name.as_str()) {
        return;
    }
    let selector = format!("[data-point=\"{name}\"]");
    if let Ok(Some(el)) = svg.query_selector(&selector) {
        if let Ok(el) = el.dyn_into::<SvgElement>() {
            let _ = el.focus();
        }
    }
}
