//! The engine's lines hold still while the focus is on one of them: the
//! search goes on, but a keyboard user (or a screen reader) reads, and
//! Enter plays, each line as it was when the focus came, not one that
//! changed under it. They follow the engine again once the focus leaves
//! them, or at once for another position.

use std::rc::Rc;

use morris_core::Position;
use wasm_bindgen::JsCast;
use web_sys::{FocusEvent, Node};
use yew::prelude::*;

use crate::analysis::protocol::PvLine;

/// The lines held, and the position they are of.
type Held = Option<(Position, Rc<Vec<PvLine>>)>;

/// The lines panel's hold (`use_line_hold`).
#[derive(Clone, PartialEq)]
pub struct LineHold(UseStateHandle<Held>);

impl LineHold {
    /// The lines to show at `pos`: those held for it, else `live`.
    pub fn shown(&self, pos: Position, live: Rc<Vec<PvLine>>) -> Rc<Vec<PvLine>> {
        match &*self.0 {
            Some((at, held)) if *at == pos => held.clone(),
            _ => live,
        }
    }

    /// As the focus comes into the lines: holds `lines` (those shown) at
    /// `pos`, unless they are held already.
    pub fn on_focus_in(&self, pos: Position, lines: Rc<Vec<PvLine>>) -> Callback<FocusEvent> {
        let hold = self.0.clone();
        Callback::from(move |_: FocusEvent| {
            if !matches!(&*hold, Some((at, _)) if *at == pos) {
                hold.set(Some((pos, lines.clone())));
            }
        })
    }

    /// As the focus leaves the lines for somewhere else: lets them go.
    pub fn on_focus_out(&self) -> Callback<FocusEvent> {
        let hold = self.0.clone();
        Callback::from(move |e: FocusEvent| {
            let list = e.current_target().and_then(|t| t.dyn_into::<Node>().ok());
            let to = e.related_target().and_then(|t| t.dyn_into::<Node>().ok());
            let within = list.zip(to).is_some_and(|(list, to)| list.contains(Some(&to)));
            if !within {
                hold.set(None);
            }
        })
    }
}

/// The hold of the analysis board's lines (nothing held at first).
#[hook]
pub fn use_line_hold() -> LineHold {
    LineHold(use_state(|| None))
}
