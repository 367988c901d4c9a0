//! What `mountBoard`'s options and `handle.set(config)` change about how a
//! board looks and who may press it: orientation, the side that may move,
//! the moves offered, the last move marked, coordinates, animation speed,
//! theme and the Pass button's text. The page's config is read key by key, so `set` changes only
//! what it names.

use morris_core::{Bitboard, Color, Coord, Move, MoveText, Position};

use crate::options::{bad_value, OptionValue};
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
    /// How long a piece takes to slide, in milliseconds (0: no animation).
    pub animation_ms: u32,
    pub theme: &'static str,
    /// The text of the Pass button the board shows when passing is the
    /// only move (default "Pass").
    pub pass_label: String,
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
            animation_ms: CSS_SLIDE_MS,
            theme: "wood",
            pass_label: "Pass".into(),
        }
    }

    /// Applies one config key; `pos` is the position on the board now.
    /// Returns false for a key that is not a config key.
    pub fn apply(
        &mut self,
        key: &str,
        value: &OptionValue,
        list: Option<Vec<String>>,
        pos: &Position,
    ) -> Result<bool, ApiError> {
        let label = format!("option `{key}`");
        match key {
            "orientation" => self.flipped = color(&label, value)? == Color::Dark,
            "movable" => self.movable = movable(&label, value)?,
            "dests" => self.dests = dests(&label, value, list, pos)?,
            "lastMove" => self.last_move = Some(last_move(&label, value, pos)?),
            "coordinates" => match value {
                OptionValue::Bool(b) => self.coordinates = *b,
                other => return Err(bad_value(&label, "true or false", other)),
            },
            "animation" => {
                self.animation_ms = value
                    .integer(&label, 0, 10_000)?
                    .unwrap_or(u64::from(CSS_SLIDE_MS)) as u32
            }
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
        let scale = f64::from(self.animation_ms) / f64::from(CSS_SLIDE_MS);
        format!("display: contents; --board-animation-scale: {scale};{coords}")
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
    list: Option<Vec<String>>,
    pos: &Position,
) -> Result<Option<Vec<String>>, ApiError> {
    if *value == OptionValue::Null {
        return Ok(None);
    }
    let list = list.ok_or_else(|| bad_value(label, "an array of moves or null", value))?;
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
