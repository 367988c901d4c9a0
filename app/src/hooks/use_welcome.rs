//! Whether the first screen is up: it is when the page opened without a
//! link, until the player makes a choice, presses the board, or another
//! game takes the table (a link, the dialog, another tab).

use yew::prelude::*;

use crate::model::{Action, Model};
use crate::opening::greets;

/// The first screen's state.
#[derive(Clone, Debug, PartialEq)]
pub struct Welcome {
    pub shown: bool,
    /// The first screen went away at a press on the board, and the table
    /// still holds that game: the board keeps the size it had under the
    /// finger (the first screen's), and grows only with the next game.
    pub held: bool,
    /// Puts the first screen away.
    pub close: Callback<()>,
    /// Puts it away at a press on the board.
    pressed: Callback<()>,
}

impl Welcome {
    /// `send`, which also puts the first screen away when the board is
    /// pressed: a press on the board means playing the game on it.
    pub fn closing_on_press(&self, send: Callback<Action>) -> Callback<Action> {
        if !self.shown {
            return send;
        }
        let pressed = self.pressed.clone();
        Callback::from(move |a: Action| {
            if matches!(a, Action::Press(_)) {
                pressed.emit(());
            }
            send.emit(a);
        })
    }
}

/// The first screen stays up while the table holds the game it greeted
/// (`Model::replaced` unchanged) and nobody closed it.
#[hook]
pub fn use_welcome(model: &Model) -> Welcome {
    let greeted = use_state(|| greets().then_some(model.replaced));
    let held = use_state(|| None);
    let close = {
        let greeted = greeted.clone();
        Callback::from(move |()| greeted.set(None))
    };
    let pressed = {
        let (greeted, held) = (greeted.clone(), held.clone());
        Callback::from(move |()| {
            held.set(*greeted);
            greeted.set(None);
        })
    };
    Welcome {
        shown: *greeted == Some(model.replaced),
        held: *held == Some(model.replaced),
        close,
        pressed,
    }
}
