//! `BoardHandle`, what `mountBoard` returns: the page's hold on one board.
//! Every method changes the shared model at once (so it can throw), asks
//! the component to draw again, and tells the listeners afterwards.

use std::cell::RefCell;
use std::rc::Rc;

use morris_board::PartialTurn;
use morris_core::{Color, Position};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::AppHandle;

use super::events::Told;
use super::look::{self, Look};
use super::{Embed, Mode, Model, Msg};
use crate::options::{color_arg, entries, unknown_key, OptionValue};
use crate::views::{to_js, OutcomeView, StateView};
use crate::ApiError;

/// A board mounted in a page, returned by `mountBoard`.
#[wasm_bindgen]
pub struct BoardHandle {
    pub(super) model: Rc<RefCell<Model>>,
    /// Behind a `RefCell` so that every method takes `&self`: a listener
    /// called during `play` may call the handle again (even `destroy`).
    pub(super) app: RefCell<Option<AppHandle<Embed>>>,
}

impl std::fmt::Debug for BoardHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BoardHandle").field("model", &self.model).finish()
    }
}

impl BoardHandle {
    fn refresh(&self) {
        if let Some(app) = &*self.app.borrow() {
            app.send_message(Msg::Refresh);
        }
    }

    fn live(&self) -> Result<(), ApiError> {
        match &*self.app.borrow() {
            Some(_) => Ok(()),
            None => Err(ApiError::State("the board was destroyed")),
        }
    }

    /// Draws again, then tells the listeners.
    fn done(&self, told: Told) {
        self.refresh();
        told.tell();
    }
}

/// Applies the config object `config` to `look`, key by key; the board's
/// position is `pos`. Unknown keys and bad values throw, and then nothing
/// changes. With `strict` false, keys that are not the look's are left
/// to others (`mountBoard`'s options hold the game's too).
pub(super) fn configure(
    look: &mut Look,
    config: &JsValue,
    what: &str,
    pos: &Position,
    strict: bool,
) -> Result<(), ApiError> {
    let mut next = look.clone();
    for (key, value) in entries(config, what)? {
        if value == OptionValue::Unset {
            continue;
        }
        let list = js_sys::Reflect::get(config, &JsValue::from(key.as_str()))
            .ok()
            .and_then(|v| v.dyn_into::<js_sys::Array>().ok())
            .and_then(|a| a.iter().map(|v| v.as_string()).collect::<Option<Vec<String>>>());
        if !next.apply(&key, &value, list, pos)? && strict {
            return Err(unknown_key(&key, "board config", look::KEYS));
        }
    }
    *look = next;
    Ok(())
}

#[wasm_bindgen]
impl BoardHandle {
    /// Plays a move in notation, as if pressed on the board.
    pub fn play(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<String, JsValue> {
        self.live()?;
        let text = crate::options::string_arg(&text, "the move")?;
        let (played, told) = {
            let mut m = self.model.borrow_mut();
            let before = *m.game.position();
            let mv = before.parse_move(&text).map_err(ApiError::from)?;
            (before.notation(mv), m.play(mv)?)
        };
        self.done(told);
        Ok(played)
    }

    /// Passes the turn, as the board's Pass button does: legal only when
    /// the side to move has no move and the rules say it passes
    /// (`blocked=pass`); otherwise it throws, as `play` does. Returns
    /// "pass".
    pub fn pass(&self) -> Result<String, JsValue> {
        self.play(JsValue::from_str("pass"))
    }

    /// Whether passing is the only move of the side to move, whoever may
    /// press; where the person at the board is that side, the board shows
    /// its Pass button.
    #[wasm_bindgen(getter, js_name = passDue)]
    pub fn pass_due(&self) -> bool {
        let m = self.model.borrow();
        m.game.legal_moves() == [morris_core::Move::PASS]
    }

    /// Takes back the last move (in a game against the engine, also the
    /// engine's reply, so that it is the person's turn again) and returns
    /// it, or `undefined` when there is none. After a resignation or an
    /// agreed draw it takes back only that and returns `null`, as
    /// `Game.undo()` does.
    #[wasm_bindgen(unchecked_return_type = "string | null | undefined")]
    pub fn undo(&self) -> Result<JsValue, JsValue> {
        self.live()?;
        let undone = {
            let mut m = self.model.borrow_mut();
            m.turn = PartialTurn::default();
            m.look.dests = None;
            m.look.last_move = None;
            m.page_engine.forget();
            if m.game.withdraw().is_some() {
                JsValue::NULL
            } else {
                let last = m.game.undo().map(|mv| m.game.position().notation(mv));
                while m.engine_to_move() && m.game.undo().is_some() {}
                last.map_or(JsValue::UNDEFINED, |t| JsValue::from(t.as_str()))
            }
        };
        self.refresh();
        Ok(undone)
    }

    /// Starts again from a position text.
    #[wasm_bindgen(js_name = setPosition)]
    pub fn set_position(
        &self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<(), JsValue> {
        self.live()?;
        let text = crate::options::string_arg(&text, "the position text")?;
        let start: Position = text.parse().map_err(ApiError::from)?;
        {
            let mut m = self.model.borrow_mut();
            m.game = morris_core::Game::from_position(start);
            m.page_engine.forget();
            m.turn = PartialTurn::default();
            m.look.dests = None;
            m.look.last_move = None;
            m.searcher.clear();
        }
        self.refresh();
        Ok(())
    }

    /// Changes how the board looks and who may press it: only the keys
    /// given (`BoardConfig`).
    pub fn set(
        &self,
        #[wasm_bindgen(unchecked_param_type = "BoardConfig")] config: JsValue,
    ) -> Result<(), JsValue> {
        self.live()?;
        {
            let mut m = self.model.borrow_mut();
            let pos = *m.game.position();
            configure(&mut m.look, &config, "the board config", &pos, true)?;
            if !m.accepts_presses() || m.look.dests.is_some() {
                m.turn = PartialTurn::default();
            }
        }
        self.refresh();
        Ok(())
    }

    /// Calls `listener` at every `event`: "select", "move", "removal" or
    /// "end" (typed per event in board.d.ts).
    #[wasm_bindgen(skip_typescript)]
    pub fn on(
        &self,
        #[wasm_bindgen(unchecked_param_type = "BoardEvent")] event: JsValue,
        listener: js_sys::Function,
    ) -> Result<(), JsValue> {
        self.live()?;
        let name = crate::options::string_arg(&event, "the event")?;
        Ok(self.model.borrow_mut().listeners.add(&name, listener)?)
    }

    /// Stops calling `listener` at `event`; false when it was not listening.
    #[wasm_bindgen(skip_typescript)]
    pub fn off(
        &self,
        #[wasm_bindgen(unchecked_param_type = "BoardEvent")] event: JsValue,
        listener: js_sys::Function,
    ) -> bool {
        let name = event.as_string().unwrap_or_default();
        self.model.borrow_mut().listeners.remove(&name, &listener)
    }

    /// `color` resigns: by default the person against the engine, or the
    /// side to move. Throws a `GameOverError` once the game is over.
    #[wasm_bindgen(unchecked_return_type = "Outcome")]
    pub fn resign(
        &self,
        #[wasm_bindgen(unchecked_optional_param_type = "Color")] color: Option<JsValue>,
    ) -> Result<JsValue, JsValue> {
        self.live()?;
        let (outcome, told) = {
            let mut m = self.model.borrow_mut();
            let color = match color.filter(|c| !c.is_undefined() && !c.is_null()) {
                Some(c) => color_arg(&c, "the colour")?,
                None => match m.mode {
                    Mode::VsEngine { engine, .. } => !engine,
                    _ => m.game.position().turn(),
                },
            };
            let outcome = OutcomeView::from(m.game.resign(color).map_err(ApiError::from)?);
            m.turn = PartialTurn::default();
            (to_js(&outcome)?, m.told(Vec::new()).and_end(&m))
        };
        self.done(told);
        Ok(outcome)
    }

    /// Offers a draw and returns whether it was taken: against the engine,
    /// when its evaluation does not favour it; between two people at one
    /// board, always (the page asked them both). Throws a `GameOverError`
    /// once the game is over.
    #[wasm_bindgen(js_name = offerDraw)]
    pub fn offer_draw(&self) -> Result<bool, JsValue> {
        self.live()?;
        let told = {
            let mut m = self.model.borrow_mut();
            if let Some(o) = m.game.outcome() {
                return Err(ApiError::from(morris_core::GameOverError(o)).into());
            }
            if let Mode::VsEngine { engine, .. } = m.mode {
                if engine_value(m.game.position(), engine) > 0 {
                    return Ok(false);
                }
            }
            m.game.agree_draw().map_err(ApiError::from)?;
            m.turn = PartialTurn::default();
            m.told(Vec::new()).and_end(&m)
        };
        self.done(told);
        Ok(true)
    }

    /// The game's state, as `Game.state()` gives it.
    #[wasm_bindgen(unchecked_return_type = "GameState")]
    pub fn state(&self) -> Result<JsValue, JsValue> {
        Ok(to_js(&StateView::of(&self.model.borrow().game))?)
    }

    /// The position text.
    pub fn position(&self) -> String {
        self.model.borrow().game.position().to_string()
    }

    /// The moves played, in notation.
    pub fn history(&self) -> Vec<String> {
        self.model.borrow().game.move_texts()
    }

    /// Removes the board from the page; the handle is dead afterwards.
    pub fn destroy(&self) {
        let app = self.app.borrow_mut().take();
        if let Some(app) = app {
            app.destroy();
        }
    }
}

/// The static evaluation of `pos` for `side`.
fn engine_value(pos: &Position, side: Color) -> i32 {
    let v = morris_engine::evaluate(pos);
    if pos.turn() == side {
        v
    } else {
        -v
    }
}
