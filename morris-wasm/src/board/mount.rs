//! `mountBoard(element, options)`: reads the options (the game, who plays,
//! the look, the listeners) and draws the board into the element.

use std::cell::RefCell;
use std::rc::Rc;

use morris_core::{Color, Position};
use morris_engine::Level;
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

use super::events::{Listeners, EVENTS};
use super::handle::{configure, BoardHandle};
use super::look::{self, Look, Movable};
use super::page_engine::PageEngine;
use super::{EmbedProps, Mode, Model};
use crate::options::{
    bad_argument, bad_value, entries, js_name, rule_key, rules_from_options, unknown_key, OptionValue,
};
use crate::ApiError;

#[wasm_bindgen(typescript_custom_section)]
const BOARD_TYPES: &str = include_str!("board.d.ts");

/// The options that are not rule options, the look's or listeners.
struct Setup {
    variant: Option<String>,
    mode: String,
    engine: Color,
    position: Option<String>,
    game_options: Vec<(String, OptionValue)>,
}

fn setup(pairs: &[(String, OptionValue)]) -> Result<Setup, ApiError> {
    let text = |key: &str, value: &OptionValue| match value {
        OptionValue::Text(s) => Ok(s.clone()),
        other => Err(bad_value(&format!("option `{key}`"), "a string", other)),
    };
    let mut s = Setup {
        variant: None,
        mode: "two-players".into(),
        engine: Color::Dark,
        position: None,
        game_options: Vec::new(),
    };
    for (key, value) in pairs {
        let k = key.as_str();
        if *value == OptionValue::Unset || look::KEYS.contains(&k) || EVENTS.iter().any(|(_, o)| *o == k) {
            continue;
        }
        match k {
            "variant" => s.variant = Some(text(key, value)?),
            "mode" => s.mode = text(key, value)?,
            // The level of the engine worker that `morris-wasm/board`'s
            // entry starts; checked here so that a bad one is refused.
            "level" => {
                value.integer("option `level`", u64::from(Level::MIN), u64::from(Level::MAX))?;
            }
            "engineColor" => s.engine = look::color("option `engineColor`", value)?,
            "position" => s.position = Some(text(key, value)?),
            "engine" => {}
            _ if rule_key(k).is_some() => s.game_options.push((key.clone(), value.clone())),
            _ => return Err(unknown_board_option(k)),
        }
    }
    Ok(s)
}

/// The board's own options, beside the look's, the listeners and the rules'.
const OWN_KEYS: &[&str] = &["variant", "mode", "level", "engineColor", "position", "engine"];

/// The error for a key no board option has, naming every one there is.
fn unknown_board_option(key: &str) -> ApiError {
    let rules: Vec<String> = morris_core::RuleKey::every().map(js_name).collect();
    let known: Vec<&str> = OWN_KEYS
        .iter()
        .chain(look::KEYS)
        .copied()
        .chain(EVENTS.iter().map(|(_, option)| *option))
        .chain(rules.iter().map(String::as_str))
        .collect();
    unknown_key(key, "board", &known)
}

/// Who plays; a board against the engine needs the page's engine (the
/// module has no search of its own: `morris-wasm/board`'s entry gives one).
fn mode(s: &Setup, engine_given: bool) -> Result<Mode, ApiError> {
    match s.mode.as_str() {
        "two-players" => Ok(Mode::TwoPlayers),
        "view" => Ok(Mode::View),
        "vs-engine" if engine_given => Ok(Mode::VsEngine { engine: s.engine }),
        "vs-engine" => Err(ApiError::Option(
            "a \"vs-engine\" board needs option `engine` (an object with a `bestMove(record)` method, \
             like an `EngineWorker`); `mountBoard` of morris-wasm/board gives one of its own"
                .into(),
        )),
        other => Err(bad_value(
            "option `mode`",
            r#""two-players", "vs-engine" or "view""#,
            &OptionValue::Text(other.into()),
        )),
    }
}

fn game(s: &Setup) -> Result<morris_core::Game, ApiError> {
    Ok(match &s.position {
        Some(text) => {
            let start: Position = text
                .parse()
                .map_err(|e| ApiError::from(e).within("option `position`"))?;
            morris_core::Game::from_position(start)
        }
        None => morris_core::Game::new(rules_from_options(
            s.variant.as_deref(),
            &s.game_options,
            "board",
        )?),
    })
}

/// The listeners of the options `onSelect`, `onMove`, ….
fn listeners(options: &JsValue, pairs: &[(String, OptionValue)]) -> Result<Listeners, ApiError> {
    let mut out = Listeners::default();
    for (event, key) in EVENTS {
        if !pairs.iter().any(|(k, v)| k == key && *v != OptionValue::Unset) {
            continue;
        }
        let f = js_sys::Reflect::get(options, &JsValue::from(*key))
            .ok()
            .and_then(|f| f.dyn_into::<js_sys::Function>().ok())
            .ok_or_else(|| ApiError::Option(format!("option `{key}` must be a function")))?;
        out.add(event, f)?;
    }
    Ok(out)
}

/// The `engine` option: an object with a `bestMove` method.
fn page_engine(options: &JsValue, pairs: &[(String, OptionValue)]) -> Result<Option<JsValue>, ApiError> {
    if !pairs
        .iter()
        .any(|(k, v)| k == "engine" && !matches!(v, OptionValue::Unset | OptionValue::Null))
    {
        return Ok(None);
    }
    let engine = js_sys::Reflect::get(options, &JsValue::from("engine")).unwrap_or(JsValue::UNDEFINED);
    let has_best_move =
        js_sys::Reflect::get(&engine, &JsValue::from("bestMove")).is_ok_and(|f| f.is_function());
    match has_best_move {
        true => Ok(Some(engine)),
        false => Err(ApiError::Option(
            "option `engine` must be an object with a `bestMove(record)` method, like an `EngineWorker`"
                .into(),
        )),
    }
}

/// `mountBoard(element, options)`: draws a board into `element` (link
/// `board.css` too) and returns its handle. Throws an `OptionError` for an
/// option it does not know or a value it does not take, a `PositionError`
/// for a bad `position`, an `ArgumentError` when `element` is no element
/// (`null` too, as `document.querySelector` gives it when nothing matches).
///
/// @example
/// ```js
/// import init, { mountBoard } from "morris-wasm/board";
/// await init();
/// const board = mountBoard(document.querySelector("#board"), {
///   variant: "nine",
///   mode: "vs-engine",
///   level: 3,
///   animation: { duration: 200 },
///   onMove: (move, state) => console.log(move, state.sideToMove),
/// });
/// ```
#[wasm_bindgen(js_name = mountBoard)]
pub fn mount_board(
    #[wasm_bindgen(unchecked_param_type = "Element | null")] element: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "BoardOptions")] options: Option<JsValue>,
) -> Result<BoardHandle, JsValue> {
    let element: web_sys::Element = element
        .dyn_into()
        .map_err(|v| bad_argument("the element", "a DOM element", &OptionValue::from_js(&v)))?;
    let options = options.unwrap_or(JsValue::UNDEFINED);
    let pairs = entries(&options, "the board options")?;
    let s = setup(&pairs)?;
    let engine = page_engine(&options, &pairs)?;
    let mode = mode(&s, engine.is_some())?;
    let game = game(&s)?;
    let mut look = Look::new(match mode {
        Mode::TwoPlayers => Movable::Both,
        Mode::VsEngine { engine, .. } => Movable::One(!engine),
        Mode::View => Movable::None,
    });
    configure(&mut look, &options, "the board options", game.position(), false)?;
    let model = Rc::new(RefCell::new(Model {
        game,
        turn: Default::default(),
        mode,
        look,
        listeners: listeners(&options, &pairs)?,
        page_engine: PageEngine::new(engine),
        shown: false,
        gone: false,
    }));
    let root = board_root(&element)?;
    let app =
        yew::Renderer::<super::Embed>::with_root_and_props(root.clone(), EmbedProps { model: model.clone() })
            .render();
    Ok(BoardHandle {
        model,
        app: RefCell::new(Some(app)),
        root,
    })
}

/// The element the board's Yew app is mounted on, in place of what
/// `element` held: a `<div>` of the board's own, laid out as if absent
/// (`display: contents`). Yew listens for the board's events on the
/// element it is mounted on and never takes those listeners off, so they
/// go with this element, which `destroy()` removes, and never stay on the
/// page's.
fn board_root(element: &web_sys::Element) -> Result<web_sys::Element, ApiError> {
    let root = element
        .owner_document()
        .and_then(|document| document.create_element("div").ok())
        .ok_or_else(|| ApiError::Argument("the element must be in a document".into()))?;
    root.set_attribute("style", "display: contents")
        .map_err(|_| ApiError::Argument("the element must be in a document".into()))?;
    element.replace_children_with_node_1(&root);
    Ok(root)
}
