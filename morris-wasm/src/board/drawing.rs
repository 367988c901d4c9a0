//! Shapes the person at a board draws with the right mouse button, as on
//! chessground (`drawable: true`): a right-drag from one point to another
//! draws an arrow, a right-click on a point a circle, the same shape again
//! takes it away, and a left click on the board erases them all. Shift or
//! Ctrl draws in red, Alt or Meta in blue, both in yellow. The page hears
//! of every change (the `draw` event, with the shapes drawn now).

use morris_board::layout::Layout;
use morris_core::{Point, Position};
use wasm_bindgen::JsCast;
use yew::html::Scope;
use yew::prelude::*;

use super::events::{Event, Told};
use super::model::Model;
use super::shapes::Shape;
use super::{Embed, Msg};

/// The handlers of a drawable board's wrapper.
pub struct Handlers {
    pub down: Callback<PointerEvent>,
    pub up: Callback<PointerEvent>,
    /// Keeps the browser's context menu shut over the board.
    pub menu: Callback<MouseEvent>,
}

/// The handlers for a board showing `pos`, turned round when `flipped`.
pub fn handlers(link: &Scope<Embed>, pos: Position, flipped: bool) -> Handlers {
    let down = link.batch_callback(move |e: PointerEvent| match e.button() {
        0 => board_of(&e).map(|_| Msg::Erase),
        2 => point_at(&e, &pos, flipped).map(Msg::DrawFrom),
        _ => None,
    });
    let up = link.batch_callback(move |e: PointerEvent| {
        let to = point_at(&e, &pos, flipped).filter(|_| e.button() == 2)?;
        Some(Msg::DrawTo(to, brush(&e)))
    });
    let menu = Callback::from(|e: MouseEvent| e.prevent_default());
    Handlers { down, up, menu }
}

/// The brush a gesture draws with, an index into `shapes::BRUSHES`.
fn brush(e: &MouseEvent) -> usize {
    let red = e.shift_key() || e.ctrl_key();
    let blue = e.alt_key() || e.meta_key();
    usize::from(red) + 2 * usize::from(blue)
}

/// The board's `<svg>` where the event happened, if it was on the board.
fn board_of(e: &MouseEvent) -> Option<web_sys::Element> {
    let target = e.target()?.dyn_into::<web_sys::Element>().ok()?;
    target.closest("svg.board").ok()?
}

/// The point under the mouse on the board around the event's target.
fn point_at(e: &MouseEvent, pos: &Position, flipped: bool) -> Option<Point> {
    let (x, y) = morris_board::board_units(&board_of(e)?, e)?;
    Layout::new(pos.geometry(), flipped).point_near(x, y)
}

impl Model {
    /// Adds `shape` to those drawn; one between the same points goes
    /// away, and `shape` takes its place unless it was the same.
    pub(super) fn draw(&mut self, shape: Shape) -> Told {
        let drawn = &mut self.look.drawn;
        let old = drawn.iter().position(|s| s.same_points(&shape));
        if old.map(|i| drawn.remove(i)) != Some(shape.clone()) {
            drawn.push(shape);
        }
        self.drawn()
    }

    /// Erases every shape drawn; nothing to tell when there was none.
    pub(super) fn erase(&mut self) -> Option<Told> {
        if self.look.drawn.is_empty() {
            return None;
        }
        self.look.drawn.clear();
        Some(self.drawn())
    }

    /// The `draw` event, with the shapes drawn now.
    fn drawn(&self) -> Told {
        let geo = self.game.position().geometry();
        let shapes = self.look.drawn.iter().map(|s| s.view(geo)).collect();
        self.told(vec![Event::Draw { shapes }])
    }
}
