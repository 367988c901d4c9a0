//! The board's look (flipped or not, its theme): the one set before, kept
//! in localStorage.

use yew::prelude::*;

use crate::board_look::BoardLook;
use crate::storage;

/// The board's look and the callback that changes (and remembers) it.
#[hook]
pub fn use_board_look() -> (BoardLook, Callback<BoardLook>) {
    let look = use_state(storage::load_board_look);
    let now = *look;
    let set = Callback::from(move |l: BoardLook| {
        storage::save_board_look(l);
        look.set(l);
    });
    (now, set)
}
