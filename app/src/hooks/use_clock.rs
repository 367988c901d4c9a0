//! The clocks' time: one timer for the moment the running clock reaches
//! zero, which ends the game there, and a display tick that draws the
//! table again while a clock runs. Neither runs while no clock does.

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
    let running = model.clock.as_ref().is_some_and(|c| c.since.is_some()) && model.outcome().is_none();
    use_tick(running);
    // Clocks opened with a game under way (a reload, a room kept) start
    // the side to move's clock as the page comes up.
    let stopped = model.clock.as_ref().is_some_and(|c| c.since.is_none())
        && !model.game.moves().is_empty()
        && model.outcome().is_none();
    {
        let dispatcher = model.dispatcher();
        use_effect_with(stopped, move |&stopped| {
            if stopped {
                dispatcher.dispatch(Action::Tick);
            }
        });
    }
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

/// Draws the caller again every [`TICK_MS`] while `running`.
#[hook]
fn use_tick(running: bool) {
    let redraw = use_force_update();
    use_effect_with(running, move |&running| {
        let timer = running.then(|| Interval::new(TICK_MS, move || redraw.force_update()));
        move || drop(timer)
    });
}
