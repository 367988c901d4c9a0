//! `BoardHandle`, what `mountBoard` returns: the page's hold on one board.
//! Every method changes the shared model at once (so it can throw), asks
//! the component to draw again, and tells the listeners afterwards.

use std::cell::RefCell;
use std::rc::Rc;

use morris_board::PartialTurn;
use morris_core::{Color, Geometry, Position};
use wasm_bindgen::prelude::*;
use yew::AppHandle;

use super::events::{ChangeView, Told};
use super::look::{self, Look};
use super::shapes::Given;
use super::{highlights, shapes};
use super::{Embed, Mode, Model, Msg};
use crate::options::{color_arg, entries, unknown_key, OptionValue};
use crate::views::{to_js, OutcomeView, StateView};
use crate::ApiError;

/// A board mounted in a page, returned by `mountBoard`: its game
/// (`play`, `undo`, `setPosition`, `state`), its look (`set`,
/// `toggleOrientation`, `setShapes`, `setHighlights`) and its events
/// (`on`, `off`). `destroy()` takes it off the page.
///
/// @example
/// ```js
/// const board = mountBoard(document.querySelector("#board"), { variant: "nine" });
/// board.on("change", ({ cause, move, position }) => console.log(cause, move, position));
/// board.play("d6");
/// board.setShapes([{ orig: "a1", dest: "d1", brush: "green" }, { orig: "d2", brush: "red" }]);
/// board.setHighlights({ d6: "last" });
/// board.toggleOrientation();
/// board.orientation; // "dark"
/// board.destroy();
/// ```
#[wasm_bindgen]
pub struct BoardHandle {
    pub(super) model: Rc<RefCell<Model>>,
    /// Behind a `RefCell` so that every method takes `&self`: a listener
    /// called during `play` may call the handle again (even `destroy`).
    pub(super) app: RefCell<Option<AppHandle<Embed>>>,
    /// The element the app is mounted on, inside the page's (`mount`):
    /// removed with the board, and Yew's listeners with it.
    pub(super) root: web_sys::Element,
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

    /// Changes the look by `change` (given the board's points), then draws
    /// again; on an error nothing is drawn anew.
    fn relook(
        &self,
        change: impl FnOnce(&mut Look, &Geometry) -> Result<(), ApiError>,
    ) -> Result<(), JsValue> {
        self.live()?;
        {
            let mut m = self.model.borrow_mut();
            let geo = m.game.position().geometry();
            change(&mut m.look, geo)?;
        }
        self.refresh();
        Ok(())
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
        let raw = js_sys::Reflect::get(config, &JsValue::from(key.as_str())).unwrap_or(JsValue::UNDEFINED);
        if !next.apply(&key, &value, &raw, pos)? && strict {
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
    pub fn pass_due(&self) -> Result<bool, JsValue> {
        self.live()?;
        let m = self.model.borrow();
        Ok(m.game.legal_moves() == [morris_core::Move::PASS])
    }

    /// Takes back the last move (in a game against the engine, also the
    /// engine's reply, so that it is the person's turn again) and returns
    /// it, or `null` when no move was taken back: there was none, or a
    /// resignation or an agreed draw stood, which it takes back alone (as
    /// `Game.undo()` does; `state().outcome` says which).
    #[wasm_bindgen(unchecked_return_type = "string | null")]
    pub fn undo(&self) -> Result<JsValue, JsValue> {
        self.live()?;
        let (undone, told) = {
            let mut m = self.model.borrow_mut();
            m.turn = PartialTurn::default();
            m.look.dests = None;
            m.look.last_move = None;
            m.page_engine.forget();
            if m.game.withdraw().is_some() {
                (JsValue::NULL, Told::default())
            } else {
                let last = m.game.undo().map(|mv| m.game.position().notation(mv));
                while m.engine_to_move() && m.game.undo().is_some() {}
                let change = last.as_ref().map(|_| ChangeView::of("undo", None, &m.game));
                let undone = last.map_or(JsValue::NULL, |t| JsValue::from(t.as_str()));
                (undone, m.told(change.into_iter().collect()))
            }
        };
        self.done(told);
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
        let told = {
            let mut m = self.model.borrow_mut();
            // Shapes and highlights name points of the board they were set on.
            if m.game.position().rules().board != start.rules().board {
                (m.look.shapes, m.look.highlights, m.look.drawn) = (Vec::new(), Vec::new(), Vec::new());
            }
            m.game = morris_core::Game::from_position(start);
            m.page_engine.forget();
            m.turn = PartialTurn::default();
            m.look.dests = None;
            m.look.last_move = None;
            m.told(vec![ChangeView::of("position", None, &m.game)])
        };
        self.done(told);
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

    /// Draws arrows and circles over the board (`BoardShape`s), in place
    /// of those drawn before; `[]` clears them. Throws an `ArgumentError`
    /// naming the shape and its key for a bad one, and then draws nothing new.
    #[wasm_bindgen(js_name = setShapes)]
    pub fn set_shapes(
        &self,
        #[wasm_bindgen(unchecked_param_type = "BoardShape[]")] shapes: JsValue,
    ) -> Result<(), JsValue> {
        self.relook(|look, geo| {
            look.shapes = shapes::parse(&shapes, geo, argument("shapes"))?;
            Ok(())
        })
    }

    /// Marks points with CSS classes (`{ d2: "last", a1: "check" }`), in
    /// place of those marked before; `{}` clears them. Throws an
    /// `ArgumentError` for a point not on the board or a value that is not
    /// class names.
    #[wasm_bindgen(js_name = setHighlights)]
    pub fn set_highlights(
        &self,
        #[wasm_bindgen(unchecked_param_type = "BoardHighlights")] highlights: JsValue,
    ) -> Result<(), JsValue> {
        self.relook(|look, geo| {
            look.highlights = highlights::parse(&highlights, geo, argument("highlights"))?;
            Ok(())
        })
    }

    /// The side at the bottom of the board.
    #[wasm_bindgen(getter, unchecked_return_type = "Color")]
    pub fn orientation(&self) -> Result<String, JsValue> {
        self.live()?;
        let flipped = self.model.borrow().look.flipped;
        Ok((if flipped { "dark" } else { "light" }).into())
    }

    /// Turns the board half a turn: the other side at the bottom.
    #[wasm_bindgen(js_name = toggleOrientation)]
    pub fn toggle_orientation(&self) -> Result<(), JsValue> {
        self.relook(|look, _| {
            look.flipped = !look.flipped;
            Ok(())
        })
    }

    /// Calls `listener` at every `event`: "select", "move", "removal",
    /// "change" or "end" (typed per event in board.d.ts).
    #[wasm_bindgen(skip_typescript)]
    pub fn on(
        &self,
        #[wasm_bindgen(unchecked_param_type = "BoardEvent")] event: JsValue,
        #[wasm_bindgen(unchecked_param_type = "Function")] listener: JsValue,
    ) -> Result<(), JsValue> {
        self.live()?;
        let name = crate::options::string_arg(&event, "the event")?;
        let listener = crate::options::function_arg(listener, "the listener")?;
        Ok(self.model.borrow_mut().listeners.add(&name, listener)?)
    }

    /// Stops calling `listener` at `event`; false when it was not listening.
    #[wasm_bindgen(skip_typescript)]
    pub fn off(
        &self,
        #[wasm_bindgen(unchecked_param_type = "BoardEvent")] event: JsValue,
        listener: js_sys::Function,
    ) -> Result<bool, JsValue> {
        self.live()?;
        let name = event.as_string().unwrap_or_default();
        Ok(self.model.borrow_mut().listeners.remove(&name, &listener))
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
        self.live()?;
        Ok(to_js(&StateView::of(&self.model.borrow().game))?)
    }

    /// The position text.
    pub fn position(&self) -> Result<String, JsValue> {
        self.live()?;
        Ok(self.model.borrow().game.position().to_string())
    }

    /// The moves played, in notation.
    pub fn history(&self) -> Result<Vec<String>, JsValue> {
        self.live()?;
        Ok(self.model.borrow().game.move_texts())
    }

    /// Removes the board from the page, also before it is first drawn; the
    /// handle is dead afterwards (every call but `destroy()` and `free()`
    /// throws a `StateError`).
    pub fn destroy(&self) {
        // Yew draws a board once the page's code yields, and runs a
        // destruction asked before that first, then draws: a board not yet
        // drawn draws nothing, asks its engine nothing, and goes once drawn.
        let Some(app) = self.app.borrow_mut().take() else {
            return;
        };
        let shown = {
            let mut m = self.model.borrow_mut();
            m.gone = true;
            m.shown
        };
        let gone = Gone {
            app,
            root: self.root.clone(),
        };
        if shown {
            gone.take_off();
        } else {
            // The scheduler's main queue runs after the first render.
            yew::scheduler::push(Box::new(gone));
        }
    }
}

/// A board to take off the page: its app, then the element it was
/// mounted on. Run by the scheduler when `destroy()` was called before
/// the board's first drawing.
struct Gone {
    app: AppHandle<Embed>,
    root: web_sys::Element,
}

impl Gone {
    fn take_off(self) {
        self.app.destroy();
        self.root.remove();
    }
}

impl yew::scheduler::Runnable for Gone {
    fn run(self: Box<Self>) {
        self.take_off();
    }
}

/// How a handle's method names its argument: bad values are `ArgumentError`s.
fn argument(label: &str) -> Given<'_> {
    Given {
        label,
        error: ApiError::Argument,
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
