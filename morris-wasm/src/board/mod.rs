//! `mountBoard(element, options)`: the board component of `morris-board`
//! (`morris_board::Board`, the one implementation of the board, which the
//! app draws too) in any element of any page, with the game flow around it:
//! turns built press by press with `morris_board::PartialTurn`, two players on one screen,
//! a game against the engine, or a board that only shows.
//!
//! The page and the component share the game through an `Rc<RefCell<…>>`:
//! the handle's methods (`handle`) change it at once (so they can throw)
//! and then ask the component to draw again. No borrow is held while a
//! page's listener runs (`events`), since a listener may call the handle.
//! How the board looks and who may press it is `look`; `mount` reads the
//! options.

mod events;
mod handle;
mod look;
mod mount;
mod page_engine;

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::AtomicBool;

use morris_board::{Board, BoardProps, PartialTurn, Press};
use morris_core::{Color, Move, Point, Position};
use morris_engine::{Level, Searcher};
use wasm_bindgen::JsValue;
use yew::prelude::*;

use crate::clock::with_clock;
use crate::views::{OutcomeView, StateView};
use crate::ApiError;
use events::{Event, Listeners, Told};
use look::Look;
use page_engine::PageEngine;

pub use handle::BoardHandle;
pub use mount::mount_board;

/// Who plays at the board.
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
    look: Look,
    searcher: Searcher,
    moves_by_engine: u64,
    listeners: Listeners,
    page_engine: PageEngine,
}

impl std::fmt::Debug for Model {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Model")
            .field("game", &self.game)
            .field("mode", &self.mode)
            .field("look", &self.look)
            .finish()
    }
}

impl Model {
    fn engine_to_move(&self) -> bool {
        matches!(self.mode, Mode::VsEngine { engine, .. } if engine == self.game.position().turn())
            && self.game.outcome().is_none()
    }

    fn accepts_presses(&self) -> bool {
        self.game.outcome().is_none()
            && !self.engine_to_move()
            && self.look.movable.allows(self.game.position().turn())
    }

    /// The moves the person may make: the legal ones, or those of them the
    /// page offers.
    fn offered(&self) -> Vec<Move> {
        let mut legal = self.game.legal_moves();
        if let Some(dests) = &self.look.dests {
            let pos = self.game.position();
            legal.retain(|m| dests.iter().any(|d| pos.parse_move(d).ok() == Some(*m)));
        }
        legal
    }

    /// Plays `m`; returns what the page's listeners are told.
    fn play(&mut self, m: Move) -> Result<Told, ApiError> {
        let before = *self.game.position();
        self.game.play(m)?;
        self.page_engine.forget();
        self.turn = PartialTurn::default();
        self.look.dests = None;
        self.look.last_move = None;
        let text = before.notation(m);
        let geo = before.geometry();
        let mut events = vec![Event::Move {
            text: text.clone(),
            state: StateView::of(&self.game),
        }];
        for p in m.removals() {
            events.push(Event::Removal {
                point: geo.coord(p).to_string(),
                text: text.clone(),
            });
        }
        Ok(self.told(events).and_end(self))
    }

    fn told(&self, events: Vec<Event>) -> Told {
        Told {
            events,
            listeners: self.listeners.clone(),
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
        let interactive = self.accepts_presses();
        let legal = if interactive { self.offered() } else { Vec::new() };
        let hints = self.turn.hints(pos, &legal);
        let geo = pos.geometry();
        BoardProps {
            board: pos.rules().board,
            pieces: geo.points().map(|p| pos.piece_at(p)).collect(),
            flipped: self.look.flipped,
            targets: hints.targets,
            removable: hints.removable,
            movable: hints.movable,
            selected: self.turn.from,
            cursor: None,
            last_move: self
                .look
                .last_move
                .unwrap_or_else(|| self.game.moves().last().copied()),
            suggestion: None,
            // The board names each point in full by itself ("d6, light
            // piece, selected", morris_board::PointWords).
            labels: Vec::new(),
            label: AttrValue::from(format!("{} board", pos.rules().variant.name())),
            interactive,
            on_press: link.callback(Msg::Press),
            on_cursor: Callback::noop(),
            on_cancel: link.callback(|()| Msg::Cancel),
        }
    }
}

impl Told {
    /// Adds the end of the game, when it is over.
    fn and_end(mut self, model: &Model) -> Told {
        if let Some(o) = model.game.outcome() {
            self.events.push(Event::End {
                outcome: OutcomeView::from(o),
            });
        }
        self
    }
}

/// The engine's level on a mounted board when none is given.
const DEFAULT_LEVEL: u8 = 3;

/// The engine's thinking time on a mounted board, at most.
const ENGINE_MOVETIME_MS: u64 = 1500;

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
    /// The page's engine answered question `generation`.
    Reply {
        generation: u64,
        answer: JsValue,
    },
}

/// The component around the board.
#[derive(Debug)]
pub struct Embed;

impl Embed {
    fn press(model: &RefCell<Model>, p: Point) -> Option<Told> {
        let mut m = model.borrow_mut();
        if !m.accepts_presses() {
            return None;
        }
        let pos = *m.game.position();
        let legal = m.offered();
        match m.turn.press(p, &pos, &legal) {
            Press::Play(mv) => m.play(mv).ok(),
            Press::Continue(t) => {
                m.turn = t;
                let point = pos.geometry().coord(p).to_string();
                Some(m.told(vec![Event::Select { point }]))
            }
            Press::Ignore => None,
        }
    }

    /// Plays the page engine's answer; an answer that names no legal move
    /// leaves the move to the board's own engine, so the game goes on.
    fn reply(model: &RefCell<Model>, generation: u64, answer: &JsValue) -> Option<Told> {
        let mut m = model.borrow_mut();
        let pos = *m.game.position();
        let answered = m
            .page_engine
            .answered(generation, answer, |t| pos.parse_move(t).ok())?;
        if !m.engine_to_move() {
            return None;
        }
        let mv = answered.or_else(|| m.engine_move())?;
        m.play(mv).ok()
    }
}

impl Component for Embed {
    type Message = Msg;
    type Properties = EmbedProps;

    fn create(_: &Context<Self>) -> Self {
        Embed
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        let model = &ctx.props().model;
        let told = match msg {
            Msg::Refresh => None,
            Msg::Cancel => {
                model.borrow_mut().turn = PartialTurn::default();
                None
            }
            Msg::Press(p) => Embed::press(model, p),
            Msg::EngineMove => {
                let mut m = model.borrow_mut();
                if !m.engine_to_move() {
                    return false;
                }
                m.engine_move().and_then(|mv| m.play(mv).ok())
            }
            Msg::Reply { generation, answer } => Embed::reply(model, generation, &answer),
        };
        if let Some(t) = told {
            t.tell();
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let model = ctx.props().model.borrow();
        let props = model.props(ctx.link());
        html! {
            <div class={model.look.classes()} style={model.look.style()}>
                <Board ..props />
            </div>
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, _first: bool) {
        let question = {
            let mut m = ctx.props().model.borrow_mut();
            if !m.engine_to_move() {
                return;
            }
            if !m.page_engine.given() {
                ctx.link().send_message(Msg::EngineMove);
                return;
            }
            m.page_engine
                .question()
                .map(|(engine, generation)| (engine, generation, m.game.record()))
        };
        if let Some((engine, generation, record)) = question {
            page_engine::ask(&engine, generation, record, ctx.link());
        }
    }
}
