//! `Game`: a game in progress, with its history, for JavaScript.

use morris_core::Position;
use wasm_bindgen::prelude::*;

use crate::options::{color_arg, entries, optional_string_arg, rules_from_options, string_arg, OptionValue};
use crate::views::{to_js, OutcomeView, RulesView, StateView};
use crate::ApiError;

/// A game: its rules, the turns played and the position now. Every
/// method that fails throws an `Error` named for the kind of failure
/// (`MorrisErrorName`) and leaves the game as it was.
///
/// @example
/// ```js
/// import { Game } from "morris-wasm";
/// const game = new Game("nine");
/// game.play("d6");
/// game.play("d5", { verbose: true }).after; // the position text after d5
/// game.get("d6"); // "light"
/// game.legalMoves().length; // 22
/// Game.fromRecord(game.record()).history(); // ["d6", "d5"]
/// ```
#[wasm_bindgen]
#[derive(Clone, Debug)]
pub struct Game {
    pub(crate) inner: morris_core::Game,
    /// The record's tags other than the ones the game determines
    /// (players, event, date, …), written by `record()`.
    pub(crate) tags: Vec<(String, String)>,
}

impl Game {
    /// A game with no tags.
    pub fn of(inner: morris_core::Game) -> Game {
        Game {
            inner,
            tags: Vec::new(),
        }
    }

    /// A new game of `variant` (`"nine"` if `None`) with rule options set.
    pub fn create(variant: Option<&str>, options: &[(String, OptionValue)]) -> Result<Game, ApiError> {
        let rules = rules_from_options(variant, options, "game")?;
        Ok(Game::of(morris_core::Game::new(rules)))
    }

    /// A game starting from a position text.
    pub fn parse_position(text: &str) -> Result<Game, ApiError> {
        let start: Position = text.parse()?;
        Ok(Game::of(morris_core::Game::from_position(start)))
    }

    /// A game read from a record; a text with nothing in it is no record.
    pub fn parse_record(text: &str) -> Result<Game, ApiError> {
        if text.trim().is_empty() {
            return Err(ApiError::EmptyRecord);
        }
        let record: morris_core::Record = text.parse()?;
        Ok(Game {
            inner: record.game,
            tags: record.tags,
        })
    }

    /// Plays a move in notation, written exactly (no spaces around it);
    /// returns it as the game writes it.
    pub fn play_text(&mut self, text: &str) -> Result<String, ApiError> {
        let (before, m) = self.play_checked(text)?;
        Ok(before.notation(m))
    }

    /// Plays a move in notation, written exactly; returns the position
    /// before it and the move.
    pub fn play_checked(&mut self, text: &str) -> Result<(Position, morris_core::Move), ApiError> {
        if text.trim() != text {
            return Err(ApiError::from(morris_core::ParseMoveError {
                token: text.chars().take(32).collect(),
                problem: "it has spaces around it",
            }));
        }
        if text.chars().any(|c| c.is_ascii_uppercase()) {
            return Err(ApiError::from(morris_core::ParseMoveError {
                token: text.chars().take(32).collect(),
                problem: "points are written in lower case, like d6",
            }));
        }
        let before = *self.inner.position();
        let m = self.inner.play_text(text)?;
        Ok((before, m))
    }

    pub fn core(&self) -> &morris_core::Game {
        &self.inner
    }

    /// Takes back the last thing done: a resignation or an agreed draw
    /// alone if one stands (`Undone::Declaration`), else the last turn.
    pub fn undo_last(&mut self) -> Undone {
        if self.inner.withdraw().is_some() {
            return Undone::Declaration;
        }
        match self.inner.undo() {
            Some(m) => Undone::Turn(self.inner.position().notation(m)),
            None => Undone::Nothing,
        }
    }
}

/// What `undo()` took back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Undone {
    /// A turn, in notation.
    Turn(String),
    /// A resignation or an agreed draw; the turns stay.
    Declaration,
    /// Nothing: no turn played and nothing declared.
    Nothing,
}

#[wasm_bindgen]
impl Game {
    /// A new game of `variant` (default `"nine"`), with rule options.
    /// Throws an `OptionError` for an unknown variant or option or a bad
    /// value, an `ArgumentError` for options that are not an object.
    #[wasm_bindgen(constructor)]
    pub fn new(
        #[wasm_bindgen(unchecked_optional_param_type = "VariantId")] variant: Option<JsValue>,
        #[wasm_bindgen(unchecked_optional_param_type = "GameOptions")] options: Option<JsValue>,
    ) -> Result<Game, JsValue> {
        let variant = optional_string_arg(&variant.unwrap_or(JsValue::UNDEFINED), "the variant")?;
        let options = entries(&options.unwrap_or(JsValue::UNDEFINED), "the game options")?;
        Ok(Game::create(variant.as_deref(), &options)?)
    }

    /// A game that starts from a position text (as `position()` writes it).
    /// Throws a `PositionError` for a bad text or an impossible position.
    #[wasm_bindgen(js_name = fromPosition)]
    pub fn from_position(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<Game, JsValue> {
        Ok(Game::parse_position(&string_arg(&text, "the position text")?)?)
    }

    /// A game read from a record (as `record()` writes it). Throws a
    /// `RecordError`.
    #[wasm_bindgen(js_name = fromRecord)]
    pub fn from_record(
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<Game, JsValue> {
        Ok(Game::parse_record(&string_arg(&text, "the game record")?)?)
    }

    /// The variant's id.
    #[wasm_bindgen(getter, unchecked_return_type = "VariantId")]
    pub fn variant(&self) -> String {
        self.inner.rules().variant.id().to_string()
    }

    /// The rules, every option under its JavaScript name.
    #[wasm_bindgen(unchecked_return_type = "Rules")]
    pub fn rules(&self) -> Result<JsValue, JsValue> {
        Ok(to_js(&RulesView::from(self.inner.rules()))?)
    }

    /// Takes back the last thing done. After a resignation or an agreed
    /// draw it withdraws only that and returns `null` (the turns stay);
    /// otherwise it takes back the last turn and returns it, or returns
    /// `undefined` when there is nothing to take back.
    #[wasm_bindgen(unchecked_return_type = "string | null | undefined")]
    pub fn undo(&mut self) -> JsValue {
        match self.undo_last() {
            Undone::Turn(m) => JsValue::from_str(&m),
            Undone::Declaration => JsValue::NULL,
            Undone::Nothing => JsValue::UNDEFINED,
        }
    }

    /// The board, the side to move, the hands and the outcome.
    #[wasm_bindgen(unchecked_return_type = "GameState")]
    pub fn state(&self) -> Result<JsValue, JsValue> {
        Ok(to_js(&StateView::of(&self.inner))?)
    }

    /// The position text of the position now.
    pub fn position(&self) -> String {
        self.inner.position().to_string()
    }

    /// The game record, with its tags (`headers()`).
    pub fn record(&self) -> String {
        morris_core::Record {
            tags: self.tags.clone(),
            game: self.inner.clone(),
        }
        .to_string()
    }

    /// The end of the game, or `null` while it goes on.
    #[wasm_bindgen(unchecked_return_type = "Outcome | null")]
    pub fn outcome(&self) -> Result<JsValue, JsValue> {
        Ok(to_js(&self.inner.outcome().map(OutcomeView::from))?)
    }

    /// `color` (`"light"` or `"dark"`) resigns. Throws a `GameOverError`
    /// once the game is over.
    #[wasm_bindgen(unchecked_return_type = "Outcome")]
    pub fn resign(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "Color")] color: JsValue,
    ) -> Result<JsValue, JsValue> {
        let color = color_arg(&color, "the color")?;
        let outcome = self.inner.resign(color).map_err(ApiError::from)?;
        Ok(to_js(&OutcomeView::from(outcome))?)
    }

    /// The players agree to a draw. Throws a `GameOverError` once the game
    /// is over.
    #[wasm_bindgen(js_name = agreeDraw, unchecked_return_type = "Outcome")]
    pub fn agree_draw(&mut self) -> Result<JsValue, JsValue> {
        let outcome = self.inner.agree_draw().map_err(ApiError::from)?;
        Ok(to_js(&OutcomeView::from(outcome))?)
    }

    /// An independent copy of the game.
    #[wasm_bindgen(js_name = clone)]
    pub fn duplicate(&self) -> Game {
        self.clone()
    }
}
