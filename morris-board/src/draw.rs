//! The still parts of the drawing: the wood and the pieces' gradients, the
//! board's lines, the mills the last turn closed, the coordinates.

use morris_core::{Bitboard, Color};
use yew::prelude::*;

use crate::layout::{self, Layout};
use crate::props::BoardProps;

/// A number for an SVG attribute, two decimals at most.
pub(crate) fn f(v: f64) -> String {
    let s = format!("{v:.2}");
    s.trim_end_matches('0').trim_end_matches('.').to_string()
}

/// The wood's and the pieces' gradients.
pub(crate) fn defs() -> Html {
    html! {
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
    }
}

/// The board's lines.
pub(crate) fn lines(layout: Layout) -> Html {
    layout
        .geometry
        .segments()
        .map(|(a, b)| {
            let ((x1, y1), (x2, y2)) = (layout.xy(a), layout.xy(b));
            html! { <line class="line" x1={f(x1)} y1={f(y1)} x2={f(x2)} y2={f(y2)} /> }
        })
        .collect()
}

/// The mills the last turn closed, traced in gold.
pub(crate) fn mill_lines(layout: Layout, props: &BoardProps) -> Html {
    let geometry = layout.geometry;
    let owned = |c: Color| -> Bitboard { geometry.points().filter(|&p| props.piece(p) == Some(c)).collect() };
    let closed: Vec<Bitboard> = props
        .last_move
        .and_then(|m| {
            let own = owned(props.piece(m.to())?);
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
    geometry
        .segments()
        .filter(|&(a, b)| closed.iter().any(|m| m.contains(a) && m.contains(b)))
        .map(|(a, b)| {
            let ((x1, y1), (x2, y2)) = (layout.xy(a), layout.xy(b));
            html! { <line class="mill-line" x1={f(x1)} y1={f(y1)} x2={f(x2)} y2={f(y2)} /> }
        })
        .collect()
}

/// File letters along the bottom edge and rank numbers along the left.
pub(crate) fn edge_labels(layout: &Layout) -> Vec<Html> {
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

/// A translation to a point of the drawing.
pub(crate) fn translate((x, y): (f64, f64)) -> String {
    format!("translate({} {})", f(x), f(y))
}
