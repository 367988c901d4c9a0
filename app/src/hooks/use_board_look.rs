//! The board's look (flipped or not, its theme): the one set before, kept
//! in localStorage.

use yew::prelude::*;

use crate::board_look::BoardLook;
use crate::storage;

/// The board's look and the callback that changes (and remembers) it.
#[hook]
pub fn use_board_look() -> (BoardLook, Callback<BoardLook>) {
    // A plain cell and a redraw: lighter in the first load than a state hook.
    let kept = use_mut_ref(storage::load_board_look);
    let redraw = use_force_update();
    let now = *kept.borrow();
    let set = Callback::from(move |l: BoardLook| {
        *kept.borrow_mut() = l;
        storage::save_board_look(l);
        redraw.force_update();
    });
    (now, set)
}
