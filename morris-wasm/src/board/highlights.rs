//! The page's highlights on a board (`setHighlights`, and the
//! `highlights` key of `set` and `mountBoard`), as chessground's custom
//! highlights: points marked with CSS classes of the page's choosing,
//! `{ d2: "last", a1: "check" }`, each drawn as a disc under the point's
//! piece with the classes `board-highlight` and the page's. `board.css`
//! colours `last`, `check`, `good` and `bad`; the page styles any other.
//! They stay until the page sets others.

use morris_board::layout::Layout;
use morris_board::svg_number as f;
use morris_core::{Geometry, Point};
use wasm_bindgen::prelude::*;
use yew::prelude::*;

use super::shapes::{first_point, Given};
use crate::options::OptionValue;
use crate::ApiError;

/// A point and the classes it is marked with.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Highlight {
    point: Point,
    classes: String,
}

/// The highlights in `value`, an object from points of `geo`'s board to
/// class names; a point whose value is `null` is left out.
pub fn parse(value: &JsValue, geo: &Geometry, given: Given) -> Result<Vec<Highlight>, ApiError> {
    let is_object = value.is_object() && !js_sys::Array::is_array(value) && !value.is_function();
    if !is_object {
        let expected = r#"an object from points to CSS classes, like { d2: "last" }"#;
        return Err(given.misfit("", expected, &OptionValue::from_js(value)));
    }
    let mut out = Vec::new();
    for (key, classes) in crate::options::entries(value, "the highlights")? {
        let point = geo.parse_point(&key).map_err(|_| {
            let key: String = key.chars().take(32).collect();
            let (label, board, first) = (given.label, geo.kind(), first_point(geo));
            (given.error)(format!(
                "{label}: `{key}` is not a point of the {board} board (a key is a point, like \"{first}\")"
            ))
        })?;
        match classes {
            OptionValue::Null | OptionValue::Unset => {}
            OptionValue::Text(t) if is_class_list(&t) => out.push(Highlight { point, classes: t }),
            other => {
                let expected = "CSS class names (letters, digits, - and _, apart by spaces)";
                return Err(given.misfit(&format!(".{key}"), expected, &other));
            }
        }
    }
    Ok(out)
}

/// Whether `t` is one or more class names apart by spaces: nothing else
/// reaches the page's markup.
fn is_class_list(t: &str) -> bool {
    let ok = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    t.split(' ').all(|w| !w.is_empty() && w.chars().all(ok))
}

/// The highlights drawn under the points of a board of `layout`.
pub fn draw(highlights: &[Highlight], layout: Layout) -> Html {
    let r = layout.piece_r() * 1.25;
    highlights
        .iter()
        .map(|h| {
            let (x, y) = layout.xy(h.point);
            let class = format!("board-highlight {}", h.classes);
            let point = layout.geometry.coord(h.point).to_string();
            html! { <circle {class} data-highlight={point} cx={f(x)} cy={f(y)} r={f(r)} /> }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::is_class_list;

    #[test]
    fn class_lists_are_names_apart_by_single_spaces() {
        for good in ["last", "check mine", "a-b_c", "x1"] {
            assert!(is_class_list(good), "{good}");
        }
        for bad in ["", " last", "last ", "a  b", "a\"b", "a;b", "é", "a\tb"] {
            assert!(!is_class_list(bad), "{bad}");
        }
    }
}
