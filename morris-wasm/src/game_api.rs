//! The rest of `Game`'s API, after chess.js: the side to move and the end
//! asked plainly, verbose moves (those at one point too), `play` giving a
//! move object with the positions before and after it, the piece at a
//! point, loading and editing a position, the record's headers, a
//! legality check that does not throw and `perft`.
//! Objects are built with `Reflect`, not serde, to keep the module small;
//! `turn`, `isGameOver`, `isDraw`, `isLegal`, `reset` and `toJSON`, made
//! of other methods,, are
//! JavaScript (`patch-glue.mjs`) and cost the module nothing.

use morris_core::{Color, Move, Point, Position, Rules, Setup};
use wasm_bindgen::prelude::*;

use crate::game::Game;
use crate::options::{bad_value, color_arg, entries, string_arg, unknown_key, OptionValue};
use crate::perft::{depth_arg, MAX_PERFT_DEPTH};
use crate::ApiError;

/// `m`, a legal move of `pos`, described: `{ from, to, removes, kind,
/// notation }` (`MoveInfo` in `types.d.ts`). A turn that only removes
/// (`kind: "remove"`) and a pass (`"pass"`, RULES.md §7.4) move no piece:
/// their `from` and `to` are `null`.
pub fn move_info(pos: &Position, m: Move) -> JsValue {
    let geo = pos.geometry();
    let name = |p| JsValue::from_str(&geo.coord(p).to_string());
    let kind = match m.from() {
        _ if m.is_pass() => "pass",
        _ if m.is_removal_only() => "remove",
        None => "place",
        Some(_) if pos.can_fly(pos.turn()) => "fly",
        Some(_) => "move",
    };
    let removes: js_sys::Array = m.removals().iter().map(name).collect();
    let to = if m.is_play() { name(m.to()) } else { JsValue::NULL };
    object(&[
        ("from", m.from().map_or(JsValue::NULL, name)),
        ("to", to),
        ("removes", removes.into()),
        ("kind", JsValue::from_str(kind)),
        ("notation", JsValue::from_str(&pos.notation(m))),
    ])
}

/// A plain object with these properties.
fn object(props: &[(&str, JsValue)]) -> JsValue {
    let o = js_sys::Object::new();
    for (k, v) in props {
        // Setting a property of a fresh plain object cannot fail.
        let _ = js_sys::Reflect::set(&o, &JsValue::from_str(k), v);
    }
    o.into()
}

/// A move list's options: `{ verbose }`, and for `legalMoves` a `point`.
#[derive(Debug, Default)]
struct ListOptions {
    verbose: bool,
    /// Only the moves from, to or removing at this point.
    point: Option<Point>,
}

impl ListOptions {
    /// Whether `m` touches the point asked for (every move when none was).
    fn keeps(&self, m: Move) -> bool {
        self.point
            .is_none_or(|p| m.from() == Some(p) || (m.is_play() && m.to() == p) || m.removals().contains(p))
    }
}

/// Reads a move list's options; `pos` is given where `point` is taken.
fn list_options(options: &JsValue, pos: Option<&Position>) -> Result<ListOptions, ApiError> {
    let known: &[&str] = if pos.is_some() {
        &["verbose", "point"]
    } else {
        &["verbose"]
    };
    let mut out = ListOptions::default();
    for (key, value) in entries(options, "the options")? {
        match (key.as_str(), value, pos) {
            (_, OptionValue::Unset, _) if known.contains(&key.as_str()) => {}
            ("verbose", OptionValue::Bool(b), _) => out.verbose = b,
            ("verbose", other, _) => return Err(bad_value("option `verbose`", "a boolean", &other)),
            ("point", OptionValue::Text(t), Some(pos)) => out.point = Some(option_point(pos, &t)?),
            ("point", other, Some(_)) => {
                // A point of the wrong kind, like one not on the board: an
                // ArgumentError, as `get` and `put` say it.
                let error = bad_value("option `point`", "a point, like \"d6\"", &other);
                return Err(ApiError::Argument(error.to_string()));
            }
            _ => return Err(unknown_key(&key, "moves", known)),
        }
    }
    Ok(out)
}

/// A point of `pos`'s board named in an option; one not on the board is
/// an `ArgumentError`, wherever it is given.
fn option_point(pos: &Position, text: &str) -> Result<Point, ApiError> {
    pos.geometry()
        .parse_point(text)
        .map_err(|e| ApiError::Argument(format!("option `point`: {e}")))
}

/// `play`'s options: whether it returns the move described.
fn play_verbose(options: &JsValue) -> Result<bool, ApiError> {
    list_options(options, None).map(|o| o.verbose)
}

/// The move `m` played from `before`, described with the positions around
/// it, as chess.js's move objects have them (`PlayedMove`).
fn played_info(before: &Position, m: Move, after: &Position) -> JsValue {
    let info = move_info(before, m);
    for (k, v) in [("before", before), ("after", after)] {
        // Setting a property of a fresh plain object cannot fail.
        let _ = js_sys::Reflect::set(&info, &JsValue::from_str(k), &JsValue::from_str(&v.to_string()));
    }
    info
}

/// The moves `(position, move)` in notation, or described with the
/// positions before and after each (`PlayedMove`, as chess.js's verbose
/// lists give them).
fn move_list<'a>(moves: impl Iterator<Item = (&'a Position, Move)>, verbose: bool) -> JsValue {
    let list: js_sys::Array = moves
        .map(|(pos, m)| {
            if verbose {
                played_info(pos, m, &pos.play(m))
            } else {
                JsValue::from_str(&pos.notation(m))
            }
        })
        .collect();
    list.into()
}

impl Game {
    /// A position text or a record: a text whose first word names rules
    /// (`nine`, `six+flying=no`) is a position, anything else a record.
    pub fn parse_any(text: &str) -> Result<Game, ApiError> {
        let first = text.split_whitespace().next().unwrap_or_default();
        if first.parse::<Rules>().is_ok() {
            Game::parse_position(text)
        } else {
            Game::parse_record(text)
        }
    }

    /// Puts a `color` piece on `point` (`None`: empties it), taken from the
    /// hand while the hand has one; the edited position starts the game
    /// anew. A position the rules cannot have is refused and the game kept.
    pub fn edit(&mut self, point: &str, color: Option<Color>) -> Result<(), ApiError> {
        let pos = *self.inner.position();
        let p = pos
            .geometry()
            .parse_point(point)
            .map_err(|e| ApiError::Argument(format!("the point: {e}")))?;
        let mut setup = Setup::from(pos);
        if let Some(old) = pos.piece_at(p) {
            setup.pieces[old] = setup.pieces[old].without(p);
            if setup.ban[old].is_some_and(|(from, _)| from == p) {
                setup.ban[old] = None;
            }
        }
        if let Some(c) = color {
            if setup.in_hand[c] > 0 && pos.piece_at(p) != Some(c) {
                setup.in_hand[c] -= 1;
            }
            setup.pieces[c] = setup.pieces[c].with(p);
        }
        let start = setup
            .position()
            .map_err(|e| ApiError::from(morris_core::PositionTextError::from(e)))?;
        self.inner = morris_core::Game::from_position(start);
        Ok(())
    }

    /// Sets the tag `key` (`None`: removes it). A tag the game writes
    /// itself (`Variant`, a rule, `Position`, `Result`, …) or one a record
    /// cannot hold is refused.
    pub fn set_tag(&mut self, key: &str, value: Option<&str>) -> Result<(), ApiError> {
        let mut tags = self.tags.clone();
        tags.retain(|(k, _)| k != key);
        if let Some(v) = value {
            tags.push((key.to_string(), v.to_string()));
        }
        // The tags alone, with the rules, read back as they were written.
        let record = morris_core::Record {
            tags: tags.clone(),
            game: morris_core::Game::new(*self.inner.rules()),
        };
        let back = record
            .to_string()
            .parse::<morris_core::Record>()
            .ok()
            .map(|r| r.tags);
        let ok = key.chars().all(|c| c.is_ascii_alphanumeric() || c == '_') && !key.is_empty();
        if !ok || back.as_ref() != Some(&tags) {
            return Err(ApiError::Argument(format!(
                "the header `{}` is written by the game itself or cannot be written in a record",
                key.chars().take(32).collect::<String>()
            )));
        }
        self.tags = tags;
        Ok(())
    }

    /// Paths of `depth` turns from the position now; none once it is over.
    pub fn perft_here(&self, depth: u32) -> u64 {
        if depth > 0 && self.inner.outcome().is_some() {
            return 0;
        }
        morris_core::perft(self.inner.position(), depth)
    }
}

#[wasm_bindgen]
impl Game {
    /// `legalMoves(options?)`; typed in `types.d.ts`.
    #[wasm_bindgen(js_name = legalMoves, skip_typescript)]
    pub fn legal_moves(&self, options: Option<JsValue>) -> Result<JsValue, JsValue> {
        let pos = self.inner.position();
        let options = list_options(&options.unwrap_or(JsValue::UNDEFINED), Some(pos))?;
        let legal = self.inner.legal_moves().into_iter();
        let moves = legal.filter(|&m| options.keeps(m)).map(|m| (pos, m));
        Ok(move_list(moves, options.verbose))
    }

    /// `play(move, options?)`; typed in `types.d.ts`.
    #[wasm_bindgen(skip_typescript)]
    pub fn play(&mut self, text: JsValue, options: Option<JsValue>) -> Result<JsValue, JsValue> {
        let verbose = play_verbose(&options.unwrap_or(JsValue::UNDEFINED))?;
        let (before, m) = self.play_checked(&string_arg(&text, "the move")?)?;
        Ok(match verbose {
            true => played_info(&before, m, self.inner.position()),
            false => JsValue::from_str(&before.notation(m)),
        })
    }

    /// The piece on `point`: `"light"`, `"dark"`, or `null` for an empty
    /// point. Throws an `ArgumentError` for a point not on the board.
    #[wasm_bindgen(unchecked_return_type = "Color | null")]
    pub fn get(
        &self,
        #[wasm_bindgen(unchecked_param_type = "Point")] point: JsValue,
    ) -> Result<JsValue, JsValue> {
        let pos = self.inner.position();
        let p = pos
            .geometry()
            .parse_point(&string_arg(&point, "the point")?)
            .map_err(|e| ApiError::Argument(format!("the point: {e}")))?;
        Ok(pos
            .piece_at(p)
            .map_or(JsValue::NULL, |c| JsValue::from_str(c.name())))
    }

    /// `history(options?)`; typed in `types.d.ts`.
    #[wasm_bindgen(skip_typescript)]
    pub fn history(&self, options: Option<JsValue>) -> Result<JsValue, JsValue> {
        let verbose = list_options(&options.unwrap_or(JsValue::UNDEFINED), None)?.verbose;
        let moves = self
            .inner
            .positions()
            .iter()
            .zip(self.inner.moves().iter().copied());
        Ok(move_list(moves, verbose))
    }

    /// Replaces the game by a position text or a record; throws a
    /// `PositionError` or a `RecordError` and keeps the game on failure.
    pub fn load(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<(), JsValue> {
        *self = Game::parse_any(&string_arg(&text, "the text")?)?;
        Ok(())
    }

    /// Puts a piece on a point (from the hand while it has one); the game
    /// starts anew from there. Throws a `PositionError` for a position the
    /// rules cannot have, an `ArgumentError` for a bad point or colour.
    pub fn put(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Point")] point: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Color")] color: JsValue,
    ) -> Result<(), JsValue> {
        let color = color_arg(&color, "the color")?;
        Ok(self.edit(&string_arg(&point, "the point")?, Some(color))?)
    }

    /// Empties a point; the game starts anew from there.
    pub fn remove(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Point")] point: JsValue,
    ) -> Result<(), JsValue> {
        Ok(self.edit(&string_arg(&point, "the point")?, None)?)
    }

    /// The record's headers other than those the game writes itself.
    #[wasm_bindgen(unchecked_return_type = "Record<string, string>")]
    pub fn headers(&self) -> JsValue {
        let props: Vec<(&str, JsValue)> = self
            .tags
            .iter()
            .map(|(k, v)| (k.as_str(), JsValue::from_str(v)))
            .collect();
        object(&props)
    }

    /// Sets a header (`null` removes it). Throws an `ArgumentError` for a
    /// header the game writes itself or one a record cannot hold.
    #[wasm_bindgen(js_name = setHeader)]
    pub fn set_header(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] key: JsValue,
        #[wasm_bindgen(unchecked_param_type = "string | null")] value: JsValue,
    ) -> Result<(), JsValue> {
        let key = string_arg(&key, "the header")?;
        let value = crate::options::optional_string_arg(&value, "the header's value")?;
        Ok(self.set_tag(&key, value.as_deref())?)
    }

    /// Paths of `depth` turns (0 to 5) from the position now.
    #[wasm_bindgen(js_name = perft)]
    pub fn perft_js(
        &self,
        #[wasm_bindgen(unchecked_param_type = "number")] depth: JsValue,
    ) -> Result<f64, JsValue> {
        Ok(self.perft_here(depth_arg(&depth, MAX_PERFT_DEPTH)?) as f64)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn load_reads_a_position_by_its_rules_and_anything_else_as_a_record() {
        let start = Game::create(Some("six"), &[]).map(|g| g.position());
        let Ok(start) = start else {
            return assert!(start.is_ok());
        };
        assert_eq!(Game::parse_any(&start).map(|g| g.position()).ok(), Some(start));
        let record = Game::parse_any("[Variant \"nine\"]\n[Event \"club\"]\n\n1. d6 a4 *");
        assert_eq!(
            record.as_ref().map(|g| g.tags.clone()).ok(),
            Some(vec![("Event".into(), "club".into())])
        );
        assert_eq!(
            Game::parse_any("nine junk").err().map(|e| e.name()),
            Some("PositionError")
        );
        assert_eq!(
            Game::parse_any("1. d6 d6").err().map(|e| e.name()),
            Some("RecordError")
        );
    }

    #[test]
    fn an_edit_that_the_rules_cannot_have_changes_nothing() {
        let Ok(mut g) = Game::create(Some("three"), &[]) else {
            return;
        };
        for p in ["a1", "a2", "a3"] {
            assert_eq!(g.edit(p, Some(Color::Light)), Ok(()));
        }
        let before = g.position();
        let err = g
            .edit("c3", Some(Color::Light))
            .err()
            .map(|e| (e.name(), e.to_string()));
        assert_eq!(
            err,
            Some((
                "PositionError",
                "light has 4 on the board and 0 in hand, more than the 3 pieces of the game".into()
            ))
        );
        assert_eq!(g.position(), before);
        assert_eq!(g.edit("d4", None).err().map(|e| e.name()), Some("ArgumentError"));
    }

    #[test]
    fn headers_the_game_writes_are_refused_and_others_round_trip() {
        let Ok(mut g) = Game::create(None, &[]) else {
            return;
        };
        assert_eq!(g.set_tag("Event", Some("a \"quoted\" \\ name")), Ok(()));
        for bad in ["Variant", "Result", "Position", "MillTakes", "two words", ""] {
            assert_eq!(
                g.set_tag(bad, Some("x")).err().map(|e| e.name()),
                Some("ArgumentError"),
                "{bad}"
            );
        }
        let back = Game::parse_record(&g.record()).map(|b| b.tags);
        assert_eq!(back, Ok(g.tags.clone()));
        assert_eq!(g.set_tag("Event", None), Ok(()));
        assert!(g.tags.is_empty());
    }

    #[test]
    fn perft_counts_from_the_position_now_and_nothing_after_the_end() {
        let Ok(mut g) = Game::create(None, &[]) else {
            return;
        };
        assert_eq!(g.play_text("d6").map(|_| g.perft_here(1)), Ok(23));
        assert!(g.inner.resign(Color::Dark).is_ok());
        assert_eq!((g.perft_here(0), g.perft_here(1)), (1, 0));
    }
}
