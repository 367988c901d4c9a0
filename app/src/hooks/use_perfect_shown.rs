//! Whether the endgame tables' value ("Perfect play: you win in 7
//! plies") shows during a game against the computer or in a room, where
//! it gives the game away: off until the player turns it on, then kept in
//! localStorage. Two people at one screen always see it.

use yew::prelude::*;

use crate::storage;

/// Whether the value is shown where it is a spoiler, and the callback
/// that turns it on or off (and remembers it).
#[hook]
pub fn use_perfect_shown() -> (bool, Callback<()>) {
    // A plain cell and a redraw: lighter in the first load than a state hook.
    let kept = use_mut_ref(storage::load_perfect_shown);
    let redraw = use_force_update();
    let now = *kept.borrow();
    let toggle = Callback::from(move |()| {
        let on = !*kept.borrow();
        *kept.borrow_mut() = on;
        storage::save_perfect_shown(on);
        redraw.force_update();
    });
    (now, toggle)
}
