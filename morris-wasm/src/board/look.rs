//! What `mountBoard`'s options and `handle.set(config)` change about how a
//! board looks and who may press it: orientation, the side that may move,
//! the moves offered, the last move marked, coordinates, animations, theme,
//! the Pass button's text, the page's shapes and highlights, and whether
//! the person may draw shapes. The
//! page's config is read key by key, so `set` changes only what it names.

use morris_core::{Bitboard, Color, Coord, Move, MoveText, Position};
use wasm_bindgen::prelude::*;

use super::highlights::{self, Highlight};
use super::shapes::{self, Given, Shape};
use crate::options::{bad_value, entries, OptionValue};
use crate::ApiError;

/// The config keys `set` takes (and `mountBoard` too).
pub const KEYS: &[&str] = &[
    "orientation",
    "movable",
    "dests",
    "lastMove",
    "coordinates",
    "animation",
    "theme",
    "passLabel",
    "shapes",
    "highlights",
    "drawable",
];

/// Which sides the person at this board may move for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Movable {
    Both,
    One(Color),
    None,
}

impl Movable {
    pub fn allows(self, c: Color) -> bool {
        match self {
            Movable::Both => true,
            Movable::One(side) => side == c,
            Movable::None => false,
        }
    }
}

/// How a board looks and who may press it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Look {
    pub flipped: bool,
    pub movable: Movable,
    /// The moves the page offers in this position (None: every legal move);
    /// cleared by the next move.
    pub dests: Option<Vec<String>>,
    /// The last move the page marks (None: the game's own last move).
    pub last_move: Option<Option<Move>>,
    pub coordinates: bool,
    /// Whether pieces slide, fade and drop in.
    pub animated: bool,
    /// How long a piece takes to slide, in milliseconds (0: no animation).
    pub animation_ms: u32,
    pub theme: &'static str,
    /// The text of the Pass button the board shows when passing is the
    /// only move (default "Pass").
    pub pass_label: String,
    /// The page's arrows and circles, over the pieces.
    pub shapes: Vec<Shape>,
    /// The page's highlighted points, under the pieces.
    pub highlights: Vec<Highlight>,
    /// Whether the person may draw shapes with the right button.
    pub drawable: bool,
    /// The shapes the person drew, over the page's.
    pub drawn: Vec<Shape>,
}

/// A move's duration in board.css, which `animation` scales.
const CSS_SLIDE_MS: u32 = 300;
const THEMES: &[&str] = &["wood", "slate", "paper"];

impl Look {
    pub fn new(movable: Movable) -> Look {
        Look {
            flipped: false,
            movable,
            dests: None,
            last_move: None,
            coordinates: true,
            animated: true,
            animation_ms: CSS_SLIDE_MS,
            theme: "wood",
            pass_label: "Pass".into(),
            shapes: Vec::new(),
            highlights: Vec::new(),
            drawable: false,
            drawn: Vec::new(),
        }
    }

    /// Applies one config key, whose value is `raw` (read as `value`);
    /// `pos` is the position on the board now. Returns false for a key
    /// that is not a config key.
    pub fn apply(
        &mut self,
        key: &str,
        value: &OptionValue,
        raw: &JsValue,
        pos: &Position,
    ) -> Result<bool, ApiError> {
        let label = format!("option `{key}`");
        let given = Given {
            label: &label,
            error: ApiError::Option,
        };
        match key {
            "orientation" => self.flipped = color(&label, value)? == Color::Dark,
            "movable" => self.movable = movable(&label, value)?,
            "dests" => self.dests = dests(&label, value, raw, pos)?,
            "lastMove" => self.last_move = Some(last_move(&label, value, pos)?),
            "coordinates" => self.coordinates = flag(&label, value)?,
            "drawable" => {
                self.drawable = flag(&label, value)?;
                self.drawn.retain(|_| self.drawable);
            }
            "animation" => self.animation(&label, value, raw)?,
            "shapes" => self.shapes = shapes::parse(raw, pos.geometry(), given)?,
            "highlights" => self.highlights = highlights::parse(raw, pos.geometry(), given)?,
            "theme" => {
                self.theme = match value {
                    OptionValue::Text(t) => THEMES.iter().find(|n| *n == t).copied(),
                    _ => None,
                }
                .ok_or_else(|| bad_value(&label, r#""wood", "slate" or "paper""#, value))?
            }
            "passLabel" => match value {
                OptionValue::Text(t) if !t.trim().is_empty() => self.pass_label = t.clone(),
                other => return Err(bad_value(&label, "a text that is not empty", other)),
            },
            _ => return Ok(false),
        }
        Ok(true)
    }

    /// `animation`: `true` or `false`, a duration in milliseconds (0: none),
    /// or `{ enabled, duration }`, which changes only the keys it has.
    fn animation(&mut self, label: &str, value: &OptionValue, raw: &JsValue) -> Result<(), ApiError> {
        let duration =
            |label: &str, v: &OptionValue| v.integer(label, 0, 10_000).map(|n| n.map(|n| n as u32));
        match value {
            OptionValue::Bool(b) => self.animated = *b,
            OptionValue::Number(_) => {
                self.animation_ms = duration(label, value)?.unwrap_or(CSS_SLIDE_MS);
                self.animated = true;
            }
            OptionValue::Other("object") => {
                for (key, v) in entries(raw, label)? {
                    match (key.as_str(), &v) {
                        (_, OptionValue::Unset) => {}
                        ("enabled", OptionValue::Bool(b)) => self.animated = *b,
                        ("enabled", other) => {
                            return Err(bad_value(&format!("{label}.enabled"), "true or false", other))
                        }
                        ("duration", _) => {
                            self.animation_ms =
                                duration(&format!("{label}.duration"), &v)?.unwrap_or(CSS_SLIDE_MS)
                        }
                        _ => {
                            return Err(crate::options::unknown_key(
                                &key,
                                "animation",
                                &["enabled", "duration"],
                            ))
                        }
                    }
                }
            }
            other => {
                let expected = "true, false, milliseconds from 0 to 10000, or { enabled, duration }";
                return Err(bad_value(label, expected, other));
            }
        }
        Ok(())
    }

    /// The classes of the element around the board.
    pub fn classes(&self) -> String {
        let mut c = String::from("board-embed");
        if self.theme != "wood" {
            c.push_str(" board-theme-");
            c.push_str(self.theme);
        }
        c
    }

    /// The inline style of the element around the board: board.css reads
    /// the coordinates and the animations' speed from these variables.
    pub fn style(&self) -> String {
        let coords = if self.coordinates {
            ""
        } else {
            " --board-coords: none;"
        };
        let ms = if self.animated { self.animation_ms } else { 0 };
        // A quotient for CSS to work out: Rust's float printing would add
        // about 6 KB gzip to the module.
        format!("display: contents; --board-animation-scale: calc({ms} / {CSS_SLIDE_MS});{coords}")
    }
}

fn flag(label: &str, value: &OptionValue) -> Result<bool, ApiError> {
    match value {
        OptionValue::Bool(b) => Ok(*b),
        other => Err(bad_value(label, "true or false", other)),
    }
}

pub fn color(label: &str, value: &OptionValue) -> Result<Color, ApiError> {
    match value {
        OptionValue::Text(t) if t == "light" || t == "dark" => Color::from_name(t),
        _ => None,
    }
    .ok_or_else(|| bad_value(label, r#""light" or "dark""#, value))
}

fn movable(label: &str, value: &OptionValue) -> Result<Movable, ApiError> {
    match value {
        OptionValue::Text(t) if t == "both" => Ok(Movable::Both),
        OptionValue::Text(t) if t == "none" => Ok(Movable::None),
        OptionValue::Null => Ok(Movable::None),
        other => color(label, other)
            .map(Movable::One)
            .map_err(|_| bad_value(label, r#""light", "dark", "both" or "none""#, other)),
    }
}

/// `dests`: null (every legal move) or a list of moves legal here.
fn dests(
    label: &str,
    value: &OptionValue,
    raw: &JsValue,
    pos: &Position,
) -> Result<Option<Vec<String>>, ApiError> {
    if *value == OptionValue::Null {
        return Ok(None);
    }
    let list = raw
        .dyn_ref::<js_sys::Array>()
        .and_then(|a| a.iter().map(|v| v.as_string()).collect::<Option<Vec<String>>>())
        .ok_or_else(|| bad_value(label, "an array of moves or null", value))?;
    for text in &list {
        pos.parse_move(text)
            .map_err(|e| ApiError::from(e).within(label))?;
    }
    Ok(Some(list))
}

/// `lastMove`: null (nothing marked) or a move in notation, which need not
/// be legal anywhere: only its points matter.
fn last_move(label: &str, value: &OptionValue, pos: &Position) -> Result<Option<Move>, ApiError> {
    let text = match value {
        OptionValue::Null => return Ok(None),
        OptionValue::Text(t) => t,
        other => return Err(bad_value(label, "a move or null", other)),
    };
    let mt: MoveText = text.parse().map_err(|e| ApiError::from(e).within(label))?;
    let geo = pos.geometry();
    let point = |c: Coord| {
        geo.point_at(c)
            .ok_or_else(|| ApiError::Option(format!("{label}: {c} is not on this board")))
    };
    let to = point(mt.to)?;
    let mut removals = Bitboard::EMPTY;
    for &c in &mt.removals {
        removals = removals.with(point(c)?);
    }
    let base = match mt.from {
        Some(f) => Move::slide(point(f)?, to),
        None => Move::place(to),
    };
    Ok(Some(base.with_removals(removals)))
}
