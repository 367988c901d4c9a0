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
//! The game behind a board is `model`; how the board looks and who may
//! press it is `look`, with the page's `shapes` and `highlights` and the
//! person's `drawing`; `mount` reads the options.

mod drawing;
mod events;
mod handle;
mod highlights;
mod look;
mod model;
mod mount;
mod page_engine;
mod shapes;

use std::cell::RefCell;
use std::rc::Rc;

use morris_board::{Board, PartialTurn, Press};
use morris_core::Point;
use wasm_bindgen::JsValue;
use yew::prelude::*;

use events::{Event, Told};
use model::{Mode, Model};
use shapes::Shape;

pub use handle::BoardHandle;
pub use mount::mount_board;

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
    /// The board's Pass button was pressed.
    Pass,
    /// The page's engine answered question `generation`.
    Reply {
        generation: u64,
        answer: JsValue,
    },
    /// The right button went down on a point of a drawable board.
    DrawFrom(Point),
    /// ... and up on this one, with a brush (`drawing`).
    DrawTo(Point, usize),
    /// A left click on a drawable board: the drawn shapes go.
    Erase,
}

/// The component around the board.
#[derive(Debug, Default)]
pub struct Embed {
    /// Where the shape being drawn starts.
    drawing_from: Option<Point>,
}

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

    /// Plays the page engine's answer. An answer that names no legal move
    /// plays nothing: the engine is asked again when the board next draws
    /// (`morris-wasm/board`'s entry never gives such answers: where the
    /// page's engine fails, it asks the engine module on the page's thread).
    fn reply(model: &RefCell<Model>, generation: u64, answer: &JsValue) -> Option<Told> {
        let mut m = model.borrow_mut();
        let pos = *m.game.position();
        let answered = m
            .page_engine
            .answered(generation, answer, |t| pos.parse_move(t).ok())??;
        if !m.engine_to_move() {
            return None;
        }
        m.play(answered).ok()
    }
}

impl Component for Embed {
    type Message = Msg;
    type Properties = EmbedProps;

    fn create(_: &Context<Self>) -> Self {
        Embed::default()
    }

    fn update(&mut self, ctx: &Context<Self>, msg: Msg) -> bool {
        let model = &ctx.props().model;
        if model.borrow().gone {
            return false;
        }
        let told = match msg {
            Msg::Refresh => None,
            Msg::Cancel => {
                model.borrow_mut().turn = PartialTurn::default();
                None
            }
            Msg::Press(p) => Embed::press(model, p),
            Msg::Pass => {
                let mut m = model.borrow_mut();
                if !m.pass_due() {
                    return false;
                }
                m.play(morris_core::Move::PASS).ok()
            }
            Msg::Reply { generation, answer } => match Embed::reply(model, generation, &answer) {
                Some(told) => Some(told),
                // Nothing played: drawing again would ask again at once.
                None => return false,
            },
            Msg::DrawFrom(p) => {
                self.drawing_from = Some(p);
                return false;
            }
            Msg::DrawTo(to, brush) => {
                let Some(from) = self.drawing_from.take() else {
                    return false;
                };
                Some(model.borrow_mut().draw(Shape::new(from, Some(to), brush)))
            }
            Msg::Erase => model.borrow_mut().erase(),
        };
        if let Some(t) = told {
            t.tell();
        }
        true
    }

    fn view(&self, ctx: &Context<Self>) -> Html {
        let model = ctx.props().model.borrow();
        if model.gone {
            return html! {};
        }
        let props = model.props(ctx.link());
        let pos = *model.game.position();
        let drawing = model
            .look
            .drawable
            .then(|| drawing::handlers(ctx.link(), pos, model.look.flipped));
        let (down, up, menu) = match drawing {
            Some(h) => (Some(h.down), Some(h.up), Some(h.menu)),
            None => (None, None, None),
        };
        html! {
            <div class={model.look.classes()} style={model.look.style()}
                 onpointerdown={down} onpointerup={up} oncontextmenu={menu}>
                <Board ..props />
                if model.pass_due() {
                    <button type="button" class="board-pass" data-action="pass"
                            onclick={ctx.link().callback(|_: MouseEvent| Msg::Pass)}>
                        { model.look.pass_label.clone() }
                    </button>
                }
            </div>
        }
    }

    fn rendered(&mut self, ctx: &Context<Self>, _first: bool) {
        let question = {
            let mut m = ctx.props().model.borrow_mut();
            m.shown = true;
            if m.gone || !m.engine_to_move() {
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
