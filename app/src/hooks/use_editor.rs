//! The position editor's place over the table: the position it is open on
//! (none while closed; an editor link the page opened with opens it), and
//! what its buttons do to the table and to the analysis board.

use std::rc::Rc;

use morris_core::{Game, Position, Setup};
use yew::prelude::*;

use crate::link::{Mode, Opened};
use crate::model::Action;
use crate::opening::take_first_editor;

/// The analysis board's state: a game and the turn shown first.
pub type Analysis = UseStateHandle<Option<Rc<(Game, usize)>>>;

/// The editor: the position it is open on, and what opens it.
pub struct Editor {
    pub setup: Option<Rc<Setup>>,
    pub open: Callback<Setup>,
    state: UseStateHandle<Option<Rc<Setup>>>,
}

#[hook]
pub fn use_editor() -> Editor {
    let state = use_state(|| take_first_editor().map(Rc::new));
    let open = {
        let state = state.clone();
        Callback::from(move |s: Setup| state.set(Some(Rc::new(s))))
    };
    Editor {
        setup: (*state).clone(),
        open,
        state,
    }
}

/// What the editor's buttons do; each closes the editor.
pub struct EditorCalls {
    /// A game on the table from the position, with the table's seats.
    pub play: Callback<Position>,
    /// The analysis board on the position.
    pub analyse: Callback<Position>,
    pub close: Callback<()>,
}

impl Editor {
    /// The buttons' calls; `started` is told when a game starts (the first
    /// screen gives way to it).
    pub fn calls(
        &self,
        analysis: &Analysis,
        send: &Callback<Action>,
        mode: Mode,
        started: Callback<()>,
    ) -> EditorCalls {
        let play = {
            let (state, send) = (self.state.clone(), send.clone());
            Callback::from(move |pos: Position| {
                state.set(None);
                let opened = Opened {
                    mode,
                    game: Game::from_position(pos),
                    redo: Vec::new(),
                    clock: None,
                    score: None,
                };
                send.emit(Action::Open(Box::new(opened)));
                started.emit(());
            })
        };
        let analyse = {
            let (state, analysis) = (self.state.clone(), analysis.clone());
            Callback::from(move |pos: Position| {
                state.set(None);
                analysis.set(Some(Rc::new((Game::from_position(pos), 0))));
            })
        };
        let state = self.state.clone();
        EditorCalls {
            play,
            analyse,
            close: Callback::from(move |()| state.set(None)),
        }
    }
}
