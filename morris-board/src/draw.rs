//! The still parts of the drawing: the wood and the pieces' gradients, the
//! board's lines, the mills the last turn closed, the coordinates.

use morris_core::{Bitboard, Color, Point};
use yew::prelude::*;

use crate::layout::{self, Layout};
use crate::props::BoardProps;

/// A number for an SVG attribute, two decimals at most, trailing zeros
/// left out. Written from whole hundredths: Rust's float printing would
/// add about 4 KB gzip to the page's first load, which is on a budget.
pub fn f(v: f64) -> String {
    let c = (v * 100.0).round() as i64;
    let sign = if c < 0 { "-" } else { "" };
    let (whole, frac) = (c.unsigned_abs() / 100, c.unsigned_abs() % 100);
    match frac {
        0 => format!("{sign}{whole}"),
        t if t % 10 == 0 => format!("{sign}{whole}.{}", t / 10),
        t => format!("{sign}{whole}.{t:02}"),
    }
}

thread_local! {
    static BOARDS: std::cell::Cell<u32> = const { std::cell::Cell::new(0) };
}

/// A number of its own for each board drawn, for the ids of its gradients:
/// `url(#id)` looks in the whole document, so two boards with different
/// themes on one page must not share them.
pub(crate) fn next_board_uid() -> u32 {
    BOARDS.with(|n| {
        n.set(n.get().wrapping_add(1));
        n.get()
    })
}

/// The fill of a piece of colour `c` on board `uid`.
pub(crate) fn piece_fill(uid: u32, c: morris_core::Color) -> String {
    format!("url(#piece-{}-{uid})", c.name())
}

/// The wood's and the pieces' gradients of board `uid`; their colours come
/// from the stylesheet's theme variables.
pub(crate) fn defs(uid: u32) -> Html {
    html! {
        <defs>
            <linearGradient id={format!("wood-board-{uid}")} x1="0" y1="0" x2="1" y2="1">
                <stop class="wood-1" offset="0" />
                <stop class="wood-2" offset="0.45" />
                <stop class="wood-3" offset="1" />
            </linearGradient>
            <pattern id={format!("wood-grain-{uid}")} width="100" height="7" patternUnits="userSpaceOnUse" patternTransform="rotate(-4)">
                <path d="M0 2 C 25 0.6, 50 3.6, 100 1.8" class="grain" />
                <path d="M0 5.2 C 30 6.4, 60 4.1, 100 5.6" class="grain faint" />
            </pattern>
            <radialGradient id={format!("piece-light-{uid}")} cx="0.38" cy="0.32" r="0.75">
                <stop class="light-1" offset="0" />
                <stop class="light-2" offset="0.6" />
                <stop class="light-3" offset="1" />
            </radialGradient>
            <radialGradient id={format!("piece-dark-{uid}")} cx="0.38" cy="0.32" r="0.75">
                <stop class="dark-1" offset="0" />
                <stop class="dark-2" offset="0.55" />
                <stop class="dark-3" offset="1" />
            </radialGradient>
        </defs>
    }
}

/// A segment between two points' centres, cut back by `cut` at both ends.
fn cut_segment((x1, y1): (f64, f64), (x2, y2): (f64, f64), cut: f64) -> [f64; 4] {
    let len = (x2 - x1).hypot(y2 - y1).max(f64::EPSILON);
    let (ux, uy) = ((x2 - x1) / len * cut, (y2 - y1) / len * cut);
    [x1 + ux, y1 + uy, x2 - ux, y2 - uy]
}

/// A line of the board from marker to marker: on a board with ring
/// markers it ends at the rings instead of running through them.
fn segment(layout: Layout, (a, b): (Point, Point), class: &'static str) -> Html {
    let cut = if layout.rings() { layout.dot_r() } else { 0.0 };
    let [x1, y1, x2, y2] = cut_segment(layout.xy(a), layout.xy(b), cut);
    html! { <line {class} x1={f(x1)} y1={f(y1)} x2={f(x2)} y2={f(y2)} /> }
}

/// The board's lines.
pub(crate) fn lines(layout: Layout) -> Html {
    layout
        .geometry
        .segments()
        .map(|ab| segment(layout, ab, "line"))
        .collect()
}

/// The mills the last turn closed, traced in gold.
pub(crate) fn mill_lines(layout: Layout, props: &BoardProps) -> Html {
    let geometry = layout.geometry;
    let owned = |c: Color| -> Bitboard { geometry.points().filter(|&p| props.piece(p) == Some(c)).collect() };
    let closed: Vec<Bitboard> = props
        .last_move
        .filter(|m| m.is_play())
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
        .map(|ab| segment(layout, ab, "mill-line"))
        .collect()
}

/// File letters along the bottom edge and rank numbers along the left,
/// written in the frame, where no piece or mark reaches; on a flipped
/// board they run the other way, as the points do.
pub(crate) fn edge_labels(layout: &Layout) -> Vec<Html> {
    let n = layout.geometry.grid_size();
    let last = f64::from(n.max(2) - 1);
    let mid = layout::FRAME / 2.0;
    let mut out = Vec::new();
    for i in 0..n {
        let shown = if layout.flipped {
            last - f64::from(i)
        } else {
            f64::from(i)
        };
        let file = char::from(b'a' + i).to_string();
        let rank = (i + 1).to_string();
        let (x, y) = (layout.line_at(shown), layout.line_at(last - shown));
        out.push(html! { <text class="coord" x={f(x)} y={f(layout::SIZE - mid)}>{file}</text> });
        out.push(html! { <text class="coord" x={f(mid)} y={f(y)}>{rank}</text> });
    }
    out
}

/// A translation to a point of the drawing.
pub(crate) fn translate((x, y): (f64, f64)) -> String {
    format!("translate({} {})", f(x), f(y))
}

#[cfg(test)]
mod tests {
    use super::f;

    #[test]
    fn numbers_print_as_they_did_with_two_decimals() {
        for (v, s) in [
            (0.0, "0"),
            (3.0, "3"),
            (12.5, "12.5"),
            (7.25, "7.25"),
            (100.004, "100"),
            (0.05, "0.05"),
            (-2.5, "-2.5"),
            (-0.25, "-0.25"),
            (1234.567, "1234.57"),
        ] {
            assert_eq!(f(v), s, "{v}");
        }
    }
}
