//! The review's graph: light's evaluation after each turn, as inline SVG
//! (light's advantage up, clamped so that a forced result sits at the
//! edge), the marked turns as dots, the shown position as a line. A click
//! goes to the turn under the pointer; the graph is one stop for the keys,
//! where Left and Right step through the game.

use yew::prelude::*;

use crate::i18n::Lang;
use crate::review::{Review, GRAPH_CLAMP};
use morris_engine::Mark;

// Whole numbers only: formatting floats would cost the first load kilobytes.
const W: i64 = 600;
const H: i64 = 160;
/// A dot's radius (in the graph's units; on the screen it is lab.css's
/// `.review-dot` stroke, in pixels), and the margin that keeps a whole dot
/// inside the graph where its turn sits at an edge (the last turn, a
/// forced result).
const R: i64 = 5;
const PAD: i64 = R + 1;

/// The graph's x for `ply` of `plies`, and y for a clamped value, inside
/// the margin.
fn xy(ply: usize, plies: usize, value: i32) -> (i64, i64) {
    let x = PAD + (W - 2 * PAD) * ply as i64 / plies.max(1) as i64;
    let half = H / 2 - PAD;
    let y = H / 2 - half * i64::from(value) / i64::from(GRAPH_CLAMP);
    (x, y)
}

/// The ply under the fraction `frac` of the graph's width.
fn ply_at(frac: f64, plies: usize) -> usize {
    let (w, pad) = (W as f64, PAD as f64);
    let inner = (frac * w - pad) / (w - 2.0 * pad);
    (inner * plies as f64).round().clamp(0.0, plies as f64) as usize
}

/// The graph of `review` over a game of `plies` turns, `shown` marked (the
/// last ply is the game itself, not a view of it).
pub fn review_graph(lang: Lang, review: &Review, plies: usize, shown: usize, go: &Callback<usize>) -> Html {
    let values = review.graph();
    let line: Vec<String> = values
        .iter()
        .enumerate()
        .map(|(i, &v)| {
            let (x, y) = xy(i, plies, v);
            format!("{x},{y}")
        })
        .collect();
    let (first, last) = (xy(0, plies, 0).0, xy(values.len().saturating_sub(1), plies, 0).0);
    let area = format!("{first},{} {} {last},{}", H / 2, line.join(" "), H / 2);
    let dots = review.marked().map(|l| {
        let (x, y) = xy(l.turn, plies, values.get(l.turn).copied().unwrap_or(0));
        // A dot is a line of no length with round ends, its width in the
        // screen's pixels: round however the graph is stretched.
        let d = format!("M{x} {y}h0");
        html! { <path class={classes!("review-dot", (l.mark == Mark::Blunder).then_some("blunder"))} {d} /> }
    });
    let at = xy(shown, plies, 0).0;
    let on_click = {
        let go = go.clone();
        Callback::from(move |e: MouseEvent| {
            let Some(el) = e
                .current_target()
                .and_then(|t| wasm_bindgen::JsCast::dyn_into::<web_sys::Element>(t).ok())
            else {
                return;
            };
            let rect = el.get_bounding_client_rect();
            let frac = (f64::from(e.client_x()) - rect.left()) / rect.width().max(1.0);
            go.emit(ply_at(frac, plies));
        })
    };
    let on_key = {
        let go = go.clone();
        Callback::from(move |e: KeyboardEvent| {
            let ply = match e.key().as_str() {
                "ArrowLeft" => shown.saturating_sub(1),
                "ArrowRight" => (shown + 1).min(plies),
                _ => return,
            };
            e.prevent_default();
            go.emit(ply);
        })
    };
    html! {
        <svg class="review-graph" viewBox={format!("0 0 {W} {H}")} preserveAspectRatio="none" role="img" tabindex="0"
             aria-label={lang.t("review.graph")} data-review-graph={values.len().to_string()}
             onclick={on_click} onkeydown={on_key}>
            <rect class="review-dark" x="0" y={(H / 2).to_string()} width={W.to_string()} height={(H / 2).to_string()} />
            <polygon class="review-area" points={area} />
            <polyline class="review-line" points={line.join(" ")} />
            <line class="review-at" x1={at.to_string()} x2={at.to_string()} y1="0" y2={H.to_string()} />
            { for dots }
        </svg>
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_dot_at_an_edge_stays_whole_inside_the_graph() {
        for (ply, value) in [(40, GRAPH_CLAMP), (40, -GRAPH_CLAMP), (1, GRAPH_CLAMP)] {
            let (x, y) = xy(ply, 40, value);
            assert!(
                (R..=W - R).contains(&x) && (R..=H - R).contains(&y),
                "{ply} {value}: {x},{y}"
            );
        }
    }

    #[test]
    fn a_click_goes_to_the_turn_drawn_under_it() {
        for ply in [0, 1, 17, 40] {
            let frac = xy(ply, 40, 0).0 as f64 / W as f64;
            assert_eq!(ply_at(frac, 40), ply);
        }
    }
}
