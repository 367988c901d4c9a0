//! The clocks' time: one timer for the moment the running clock reaches
//! zero ([`use_clock`], which ends the game there), and a display tick for
//! a running clock ([`use_now`]). Neither runs while no clock does.

use gloo_timers::callback::{Interval, Timeout};
use yew::prelude::*;

use crate::browser::clock_ms;
use crate::model::{Action, Model};

/// How often a running clock's display is brought up to date.
pub const TICK_MS: u32 = 200;

/// Ends the game when the running clock reaches zero: a timer for that
/// moment, set again whenever the clocks change. In a room only this
/// side's clock is watched (the friend's page ends the game for theirs).
#[hook]
pub fn use_clock(model: &UseReducerHandle<Model>) {
    let turn = model.game.position().turn();
    let mine = model.room.as_ref().is_none_or(|r| r.my_color() == turn);
    let deadline = model
        .clock
        .as_ref()
        .filter(|_| mine && model.outcome().is_none())
        .and_then(|c| c.deadline(turn));
    let dispatcher = model.dispatcher();
    use_effect_with(deadline, move |&deadline| {
        let timer = deadline.map(|at| {
            let wait = at.saturating_sub(clock_ms()).saturating_add(1);
            Timeout::new(u32::try_from(wait).unwrap_or(u32::MAX), move || {
                dispatcher.dispatch(Action::Tick)
            })
        });
        move || drop(timer)
    });
}

/// The time now, brought up to date every [`TICK_MS`] while `running`.
#[hook]
pub fn use_now(running: bool) -> u64 {
    let now = use_state(clock_ms);
    {
        let now = now.clone();
        use_effect_with(running, move |&running| {
            now.set(clock_ms());
            let tick = running.then(|| Interval::new(TICK_MS, move || now.set(clock_ms())));
            move || drop(tick)
        });
    }
    *now
}
