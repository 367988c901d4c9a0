//! The page's shapes on a board (`setShapes`, and the `shapes` key of
//! `set` and `mountBoard`), as chessground draws them for an analysis or a
//! lesson: an arrow from one point to another, or a circle round a point
//! when no `dest` is given, in a named brush (`board.css`: green, red,
//! blue, yellow, each a `--board-brush-*` variable) or a colour of the
//! page's. They are drawn over the pieces, never pressed, and stay until
//! the page sets others.

use morris_board::layout::Layout;
use morris_board::svg_number as f;
use morris_core::{Geometry, Point};
use serde::Serialize;
use wasm_bindgen::prelude::*;
use yew::prelude::*;

use crate::options::{misfit, OptionValue};
use crate::ApiError;

/// The brushes board.css colours, the first the default.
pub const BRUSHES: &[&str] = &["green", "red", "blue", "yellow"];

/// A shape's colour: a brush of board.css, or the page's own `#rrggbb`.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Brush {
    Named(&'static str),
    Colour(String),
}

/// An arrow from `orig` to `dest`, or a circle round `orig`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Shape {
    orig: Point,
    dest: Option<Point>,
    brush: Brush,
}

impl Shape {
    /// An arrow (a circle when `dest` is `orig` or none) in the brush
    /// `BRUSHES[brush]` (green past the end).
    pub fn new(orig: Point, dest: Option<Point>, brush: usize) -> Shape {
        let dest = dest.filter(|&d| d != orig);
        let brush = Brush::Named(BRUSHES.get(brush).copied().unwrap_or(BRUSHES[0]));
        Shape { orig, dest, brush }
    }

    /// Whether `other` joins the same points (or rings the same one).
    pub fn same_points(&self, other: &Shape) -> bool {
        (self.orig, self.dest) == (other.orig, other.dest)
    }

    /// The shape as the page writes it, `{ orig, dest, brush }`, on `geo`'s board.
    pub fn view(&self, geo: &Geometry) -> ShapeView {
        let name = |p: Point| geo.coord(p).to_string();
        let brush = match &self.brush {
            Brush::Named(n) => n.to_string(),
            Brush::Colour(c) => c.clone(),
        };
        ShapeView {
            orig: name(self.orig),
            dest: self.dest.map(name),
            brush,
        }
    }
}

/// A shape for the page (`BoardShape`), in the `draw` event.
#[derive(Debug, Serialize)]
pub struct ShapeView {
    orig: String,
    dest: Option<String>,
    brush: String,
}

/// How the caller names what it was given, and the kind of error a bad
/// value is (`ApiError::Argument` for `setShapes`, `ApiError::Option` for
/// a config key).
#[derive(Clone, Copy)]
pub struct Given<'a> {
    pub label: &'a str,
    pub error: fn(String) -> ApiError,
}

impl Given<'_> {
    /// The error for `got` at `place`, which should have been `expected`.
    pub fn misfit(&self, place: &str, expected: &str, got: &OptionValue) -> ApiError {
        (self.error)(misfit(&format!("{}{place}", self.label), expected, got))
    }

    /// The error for a point that is not on `geo`'s board.
    pub fn point(&self, geo: &Geometry, place: &str, got: &OptionValue) -> Result<Point, ApiError> {
        match got {
            OptionValue::Text(t) => geo.parse_point(t).ok(),
            _ => None,
        }
        .ok_or_else(|| {
            let expected = format!(
                "a point of the {} board, like \"{}\"",
                geo.kind(),
                first_point(geo)
            );
            self.misfit(place, &expected, got)
        })
    }
}

/// The board's first point in the alphabet (`a1` on every board), to
/// name as an example.
pub fn first_point(geo: &Geometry) -> String {
    let first = geo
        .points()
        .map(|p| geo.coord(p))
        .min_by_key(|c| (c.file(), c.rank()));
    first.map(|c| c.to_string()).unwrap_or_default()
}

/// The shapes in `value`, an array of `{ orig, dest?, brush? }` whose
/// points are on `geo`'s board.
pub fn parse(value: &JsValue, geo: &Geometry, given: Given) -> Result<Vec<Shape>, ApiError> {
    let Some(list) = value.dyn_ref::<js_sys::Array>() else {
        return Err(given.misfit("", "an array of shapes", &OptionValue::from_js(value)));
    };
    list.iter()
        .enumerate()
        .map(|(i, item)| shape(&item, geo, given, &format!("[{i}]")))
        .collect()
}

fn shape(item: &JsValue, geo: &Geometry, given: Given, at: &str) -> Result<Shape, ApiError> {
    let is_object = item.is_object() && !js_sys::Array::is_array(item) && !item.is_function();
    if !is_object {
        let expected = "a shape, { orig, dest?, brush? }";
        return Err(given.misfit(at, expected, &OptionValue::from_js(item)));
    }
    let (mut orig, mut dest, mut brush) = (None, None, Brush::Named(BRUSHES[0]));
    for (key, value) in crate::options::entries(item, "a shape")? {
        let place = format!("{at}.{key}");
        match (key.as_str(), &value) {
            (_, OptionValue::Unset) | ("dest", OptionValue::Null) => {}
            ("orig", _) => orig = Some(given.point(geo, &place, &value)?),
            ("dest", _) => dest = Some(given.point(geo, &place, &value)?),
            ("brush", _) => {
                brush = brush_of(&value).ok_or_else(|| given.misfit(&place, BRUSH_WORDS, &value))?
            }
            _ => {
                let known = "the keys of a shape are orig, dest and brush";
                return Err((given.error)(format!(
                    "{}{at} has a key `{key}`: {known}",
                    given.label
                )));
            }
        }
    }
    let orig = orig.ok_or_else(|| given.misfit(&format!("{at}.orig"), "a point", &OptionValue::Unset))?;
    Ok(Shape { orig, dest, brush })
}

const BRUSH_WORDS: &str = r##""green", "red", "blue", "yellow" or a colour like "#1e90ff""##;

/// A brush by name, or a colour written `#rgb`, `#rgba`, `#rrggbb` or
/// `#rrggbbaa` (nothing else reaches the page's style).
fn brush_of(value: &OptionValue) -> Option<Brush> {
    let OptionValue::Text(t) = value else {
        return None;
    };
    if let Some(name) = BRUSHES.iter().find(|b| *b == t) {
        return Some(Brush::Named(name));
    }
    let hex = t.strip_prefix('#')?;
    let fits = matches!(hex.len(), 3 | 4 | 6 | 8) && hex.chars().all(|c| c.is_ascii_hexdigit());
    fits.then(|| Brush::Colour(t.clone()))
}

/// The shapes drawn over a board of `layout`.
pub fn draw(shapes: &[Shape], layout: Layout) -> Html {
    shapes.iter().map(|s| s.draw(layout)).collect()
}

impl Shape {
    fn draw(&self, layout: Layout) -> Html {
        let (class, style) = match &self.brush {
            Brush::Named(name) => (format!("shape brush-{name}"), None),
            Brush::Colour(c) => ("shape".to_string(), Some(format!("--board-brush: {c}"))),
        };
        let geo = layout.geometry;
        let orig = geo.coord(self.orig).to_string();
        let r = layout.piece_r();
        let (x1, y1) = layout.xy(self.orig);
        let Some(dest) = self.dest.filter(|&d| d != self.orig) else {
            return html! {
                <circle {class} {style} data-shape={orig} cx={f(x1)} cy={f(y1)} r={f(r + 0.9)} stroke-width={f(r * 0.2)} />
            };
        };
        let (x2, y2) = layout.xy(dest);
        let len = (x2 - x1).hypot(y2 - y1);
        let (ux, uy) = ((x2 - x1) / len, (y2 - y1) / len);
        // From beside the first piece's centre to the tip, a little short
        // of the second's; the head is a triangle, so no marker is needed.
        let (head, half) = (r * 0.95, r * 0.6);
        let (tx, ty) = (x2 - ux * r * 0.3, y2 - uy * r * 0.3);
        let (bx, by) = (tx - ux * head, ty - uy * head);
        let (sx, sy) = (x1 + ux * r * 0.4, y1 + uy * r * 0.4);
        let corners = [
            (tx, ty),
            (bx - uy * half, by + ux * half),
            (bx + uy * half, by - ux * half),
        ];
        let points: Vec<String> = corners
            .iter()
            .map(|(x, y)| format!("{},{}", f(*x), f(*y)))
            .collect();
        let name = format!("{orig}-{}", geo.coord(dest));
        html! {
            <g {class} {style} data-shape={name}>
                <line x1={f(sx)} y1={f(sy)} x2={f(bx)} y2={f(by)} stroke-width={f(r * 0.36)} />
                <polygon points={points.join(" ")} />
            </g>
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn brushes_are_the_named_ones_or_a_hex_colour_and_nothing_else() {
        let text = |t: &str| OptionValue::Text(t.into());
        assert_eq!(brush_of(&text("red")), Some(Brush::Named("red")));
        assert_eq!(brush_of(&text("#1e90ff")), Some(Brush::Colour("#1e90ff".into())));
        assert_eq!(brush_of(&text("#abc")), Some(Brush::Colour("#abc".into())));
        for bad in ["pink", "#12", "#12345", "#ggg", "#abc; x: y", "1e90ff", "RED"] {
            assert_eq!(brush_of(&text(bad)), None, "{bad}");
        }
        assert_eq!(brush_of(&OptionValue::Number(1.0)), None);
    }
}
