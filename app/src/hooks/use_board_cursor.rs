//! The keyboard's cursor on a board the page holds: `morris-board`'s
//! `Board` reports where the arrow keys take it (`on_cursor`) and draws it
//! where it is told (`cursor`); a board given neither keeps its cursor on
//! its first point.

use morris_core::Point;
use yew::prelude::*;

/// The point the cursor is on (none until the arrows first move it: the
/// board starts at its centre), and the callback that moves it, for a
/// `Board`'s `cursor` and `on_cursor`.
#[hook]
pub fn use_board_cursor() -> (Option<Point>, Callback<Point>) {
    let cursor = use_state(|| None::<Point>);
    let on_cursor = {
        let cursor = cursor.clone();
        Callback::from(move |p: Point| cursor.set(Some(p)))
    };
    (*cursor, on_cursor)
}
