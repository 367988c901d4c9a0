//! `mountBoard(element, options)`: the board component of `morris-board`
//! (`morris_board::Board`, the one implementation of the board, which the
//! app draws too) in any element of any page, with the game flow around it:
//! turns built press by press with `morris_board::PartialTurn`, two players on one screen,
//! a game against the engine, or a board that only shows.
//!
//! The page and the component share the game through an `Rc<RefCell<…>>`:
//! the handle's methods change it at once (so they can throw) and then ask
//! the component to draw again. No borrow is held while a page's callback
//! runs, since a callback may call the handle.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::AtomicBool;

use morris_board::{Board, BoardProps, PartialTurn, Press};
use morris_core::{Color, Move, Point, Position};
use morris_engine::{Level, Searcher};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;
use yew::prelude::*;
use yew::AppHandle;

use crate::clock::with_clock;
use crate::options::{bad_argument, bad_value, entries, rules_from_options, OptionValue};
use crate::views::{to_js, OutcomeView, StateView};
use crate::ApiError;

/// Who presses the points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Mode {
    TwoPlayers,
    VsEngine { engine: Color, level: Level },
    View,
}

/// The game behind one mounted board.
struct Model {
    game: morris_core::Game,
    turn: PartialTurn,
    mode: Mode,
    flipped: bool,
    searcher: Searcher,
    moves_by_engine: u64,
    on_move: Option<js_sys::Function>,
    on_end: Option<js_sys::Function>,
}

impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Model")
            .field("game", &self.game)
            .field("mode", &self.mode)
            .finish()
    }
}

impl Model {
    fn engine_to_move(&self) -> bool {
        matches!(self.mode, Mode::VsEngine { engine, .. } if engine == self.game.position().turn())
            && self.game.outcome().is_none()
    }

    fn accepts_presses(&self) -> bool {
        self.mode != Mode::View && !self.engine_to_move() && self.game.outcome().is_none()
    }

    /// Plays `m`; returns what the page's callbacks are told.
    fn play(&mut self, m: Move) -> Result<Played, ApiError> {
        let before = *self.game.position();
        self.game.play(m)?;
        self.turn = PartialTurn::default();
        Ok(self.played(before.notation(m)))
    }

    fn played(&self, text: String) -> Played {
        Played {
            text,
            state: StateView::of(&self.game),
            outcome: self.game.outcome().map(OutcomeView::from),
            on_move: self.on_move.clone(),
            on_end: self.on_end.clone(),
        }
    }

    fn engine_move(&mut self) -> Option<Move> {
        let Mode::VsEngine { level, .. } = self.mode else {
            return None;
        };
        let stop = AtomicBool::new(false);
        let seed = self.moves_by_engine;
        self.moves_by_engine += 1;
        let result = with_clock(|clock| {
            self.searcher
                .play_level(&self.game, level, seed, Some(ENGINE_MOVETIME_MS), clock, &stop)
        });
        result.best
    }

    fn props(&self, link: &yew::html::Scope<Embed>) -> BoardProps {
        let pos: &Position = self.game.position();
        let geo = pos.geometry();
        let interactive = self.accepts_presses();
        let legal = if interactive {
            self.game.legal_moves()
        } else {
            Vec::new()
        };
        let hints = self.turn.hints(pos, &legal);
        let points: Vec<Point> = (0..geo.len()).filter_map(|i| Point::new(i as u8)).collect();
        BoardProps {
            board: pos.rules().board,
            pieces: points.iter().map(|&p| pos.piece_at(p)).collect(),
            flipped: self.flipped,
            targets: hints.targets,
            removable: hints.removable,
            movable: hints.movable,
            selected: self.turn.from,
            cursor: None,
            last_move: self.game.moves().last().copied(),
            suggestion: None,
            labels: points
                .iter()
                .map(|&p| {
                    let piece = pos
                        .piece_at(p)
                        .map_or("empty".to_string(), |c| format!("{c} piece"));
                    AttrValue::from(format!("{}, {piece}", geo.coord(p)))
                })
                .collect(),
            label: AttrValue::from(format!("{} board", pos.rules().variant.name())),
            interactive,
            on_press: link.callback(Msg::Press),
            on_cursor: Callback::noop(),
            on_cancel: link.callback(|()| Msg::Cancel),
        }
    }
}

/// The engine's level on a mounted board when none is given.
const DEFAULT_LEVEL: u8 = 3;

/// The engine's thinking time on a mounted board, at most.
const ENGINE_MOVETIME_MS: u64 = 1500;

/// A move made, with what the page's callbacks get; they are called once
/// the model is no longer borrowed.
struct Played {
    text: String,
    state: StateView,
    outcome: Option<OutcomeView>,
    on_move: Option<js_sys::Function>,
    on_end: Option<js_sys::Function>,
}

impl Played {
    /// Tells the page. A callback that throws is the page's affair: the
    /// board goes on.
    fn tell(self) {
        if let (Some(f), Ok(state)) = (&self.on_move, to_js(&self.state)) {
            let _ = f.call2(&JsValue::NULL, &JsValue::from(self.text.as_str()), &state);
        }
        if let (Some(f), Some(outcome)) = (&self.on_end, &self.outcome) {
            if let Ok(o) = to_js(outcome) {
                let _ = f.call1(&JsValue::NULL, &o);
            }
        }
    }
}

#[derive(Properties, Clone, Debug)]
pub struct EmbedProps {
    model: Rc<RefCell<Model>>,
}

impl PartialEq for EmbedProps {
    fn eq(&self, other: &EmbedProps) -> bool {
        Rc::ptr_eq(&self.model, &other.model)
    }
}

#[derive(Debug)]
pub enum Msg {
    Press(Point),
    Cancel,
    /// The game changed from outside: draw again.
    Refresh,
    EngineMove,
}

/// The component around the board.
#[derive(Debug)]
pub struct Embed;

impl Component for Embed {
    type Message = Msg;
    type Properties = EmbedProps;

    fn create(_: &Context<Self>) -> Self {
        Embed
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        let model = &ctx.props().model;
        let played = match msg {
            Msg::Refresh => None,
            Msg::Cancel => {
                model.borrow_mut().turn = PartialTurn::default();
                None
            }
            Msg::Press(p) => {
                let mut m = model.borrow_mut();
                if !m.accepts_presses() {
                    return false;
                }
                let pos = *m.game.position();
                let legal = m.game.legal_moves();
                match m.turn.press(p, &pos, &legal) {
                    Press::Play(mv) => m.play(mv).ok(),
                    Press::Continue(t) => {
                        m.turn = t;
                        None
                    }
                    Press::Ignore => return false,
                }
            }
            Msg::EngineMove => {
                let mut m = model.borrow_mut();
                if !m.engine_to_move() {
                    return false;
                }
                m.engine_move().and_then(|mv| m.play(mv).ok())
            }
        };
        if let Some(p) = played {
            p.tell();
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let props = ctx.props().model.borrow().props(ctx.link());
        html! { <Board ..props /> }
    }

    fn rendered(&mut self, ctx: &Context<Self>, _first: bool) {
        if ctx.props().model.borrow().engine_to_move() {
            ctx.link().send_message(Msg::EngineMove);
        }
    }
}

/// A board mounted in a page, returned by `mountBoard`.
#[wasm_bindgen]
pub struct BoardHandle {
    model: Rc<RefCell<Model>>,
    app: Option<AppHandle<Embed>>,
}

impl std::fmt::Debug for BoardHandle {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("BoardHandle").field("model", &self.model).finish()
    }
}

impl BoardHandle {
    fn refresh(&self) {
        if let Some(app) = &self.app {
            app.send_message(Msg::Refresh);
        }
    }

    fn live(&self) -> Result<(), ApiError> {
        match self.app {
            Some(_) => Ok(()),
            None => Err(ApiError::State("the board was destroyed")),
        }
    }
}

#[wasm_bindgen]
impl BoardHandle {
    /// Plays a move in notation, as if pressed on the board.
    pub fn play(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<String, JsValue> {
        self.live()?;
        let text = crate::options::string_arg(&text, "the move")?;
        let played = {
            let mut m = self.model.borrow_mut();
            let mv = m.game.position().parse_move(&text).map_err(ApiError::from)?;
            m.play(mv)?
        };
        let text = played.text.clone();
        played.tell();
        self.refresh();
        Ok(text)
    }

    /// Takes back the last move (in a game against the engine, also the
    /// engine's reply, so that it is the person's turn again).
    pub fn undo(&mut self) -> Result<Option<String>, JsValue> {
        self.live()?;
        let undone = {
            let mut m = self.model.borrow_mut();
            m.turn = PartialTurn::default();
            let last = m.game.undo().map(|mv| m.game.position().notation(mv));
            while m.engine_to_move() && m.game.undo().is_some() {}
            last
        };
        self.refresh();
        Ok(undone)
    }

    /// Starts again from a position text.
    #[wasm_bindgen(js_name = setPosition)]
    pub fn set_position(
        &mut self,
        #[wasm_bindgen(unchecked_param_type = "string")] text: JsValue,
    ) -> Result<(), JsValue> {
        self.live()?;
        let text = crate::options::string_arg(&text, "the position text")?;
        let start: Position = text.parse().map_err(ApiError::from)?;
        {
            let mut m = self.model.borrow_mut();
            m.game = morris_core::Game::from_position(start);
            m.turn = PartialTurn::default();
            m.searcher.clear();
        }
        self.refresh();
        Ok(())
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
    pub fn destroy(&mut self) {
        if let Some(app) = self.app.take() {
            app.destroy();
        }
    }
}

#[wasm_bindgen(typescript_custom_section)]
const BOARD_TYPES: &str = r#"
/** `mountBoard(element, options)`: the game and any rule options, and who plays. */
export interface BoardOptions extends GameOptions {
  variant?: VariantId;
  /** Who presses the points: two people on one screen (default), a person against the engine, or nobody. */
  mode?: "two-players" | "vs-engine" | "view";
  /** The engine's level in "vs-engine", 1 to 10 (default 3). */
  level?: number;
  /** The side the engine plays in "vs-engine" (default "dark"). */
  engineColor?: Color;
  /** The side at the bottom (default "light"). */
  orientation?: Color;
  /** Start from this position text instead of the variant's empty board. */
  position?: string;
  /** Called after every move, by anyone, with the move and the new state. */
  onMove?: (move: string, state: GameState) => void;
  /** Called when the game ends. */
  onEnd?: (outcome: Outcome) => void;
}
"#;

/// `mountBoard(element, options)`: draws a board into `element`.
#[wasm_bindgen(js_name = mountBoard)]
pub fn mount_board(
    #[wasm_bindgen(unchecked_param_type = "Element")] element: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "BoardOptions")] options: Option<JsValue>,
) -> Result<BoardHandle, JsValue> {
    let element: web_sys::Element = element
        .dyn_into()
        .map_err(|v| bad_argument("the element", "a DOM element", &OptionValue::from_js(&v)))?;
    let options = options.unwrap_or(JsValue::UNDEFINED);
    let pairs = entries(&options, "the board options")?;
    let function = |key: &str| -> Result<Option<js_sys::Function>, ApiError> {
        match pairs.iter().find(|(k, _)| k == key) {
            None | Some((_, OptionValue::Unset)) => Ok(None),
            Some(_) => js_sys::Reflect::get(&options, &JsValue::from(key))
                .ok()
                .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
                .map(Some)
                .ok_or_else(|| ApiError::Option(format!("option `{key}` must be a function"))),
        }
    };
    let text = |key: &str, value: &OptionValue| match value {
        OptionValue::Text(s) => Ok(s.clone()),
        other => Err(bad_value(&format!("option `{key}`"), "a string", other)),
    };
    let (mut variant, mut mode, mut level, mut engine, mut flipped, mut position) =
        (None, "two-players".to_string(), None, Color::Dark, false, None);
    let mut game_options = Vec::new();
    for (key, value) in &pairs {
        if *value == OptionValue::Unset {
            continue;
        }
        match key.as_str() {
            "variant" => variant = Some(text(key, value)?),
            "mode" => mode = text(key, value)?,
            "level" => {
                level = value
                    .integer("option `level`", u64::from(Level::MIN), u64::from(Level::MAX))?
                    .and_then(|n| Level::new(n as u8))
            }
            "engineColor" | "orientation" => {
                let c = Some(text(key, value)?)
                    .filter(|t| t == "light" || t == "dark")
                    .and_then(|t| Color::from_name(&t))
                    .ok_or_else(|| bad_value(&format!("option `{key}`"), r#""light" or "dark""#, value))?;
                if key == "orientation" {
                    flipped = c == Color::Dark;
                } else {
                    engine = c;
                }
            }
            "position" => position = Some(text(key, value)?),
            "onMove" | "onEnd" => {}
            _ => game_options.push((key.clone(), value.clone())),
        }
    }
    let mode = match mode.as_str() {
        "two-players" => Mode::TwoPlayers,
        "view" => Mode::View,
        "vs-engine" => match level.or(Level::new(DEFAULT_LEVEL)) {
            Some(level) => Mode::VsEngine { engine, level },
            None => return Err(ApiError::Option("no engine level".into()).into()),
        },
        other => {
            return Err(bad_value(
                "option `mode`",
                r#""two-players", "vs-engine" or "view""#,
                &OptionValue::Text(other.into()),
            )
            .into())
        }
    };
    let game = match position {
        Some(text) => {
            let start: Position = text
                .parse()
                .map_err(|e| ApiError::from(e).within("option `position`"))?;
            morris_core::Game::from_position(start)
        }
        None => morris_core::Game::new(rules_from_options(variant.as_deref(), &game_options, "board")?),
    };
    let model = Rc::new(RefCell::new(Model {
        game,
        turn: PartialTurn::default(),
        mode,
        flipped,
        searcher: Searcher::new(4),
        moves_by_engine: 0,
        on_move: function("onMove")?,
        on_end: function("onEnd")?,
    }));
    let app =
        yew::Renderer::<Embed>::with_root_and_props(element, EmbedProps { model: model.clone() }).render();
    Ok(BoardHandle {
        model,
        app: Some(app),
    })
}
