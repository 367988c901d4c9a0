//! A side's clock, shown at its seat: the time left, counting down while
//! it runs, marked low under twenty seconds and fallen at zero. A
//! component of its own, so that only the clock is drawn again as it
//! ticks (`hooks::use_now`), not the table.

use morris_core::Color;
use yew::prelude::*;

use super::status_text::color_name;
use crate::clock::{format_left, Clocks, LOW_MS};
use crate::hooks::use_now;
use crate::i18n::Lang;

#[derive(Properties, PartialEq, Debug)]
pub struct ClockProps {
    pub lang: Lang,
    pub clock: Clocks,
    /// Whose clock this is.
    pub color: Color,
    /// The side to move.
    pub turn: Color,
}

#[function_component(Clock)]
pub fn clock(props: &ClockProps) -> Html {
    let (c, color) = (&props.clock, props.color);
    let running = c.since.is_some() && props.turn == color;
    let now = use_now(running);
    let left = c.left_at(color, props.turn, now);
    let shown = format_left(left);
    let label = props
        .lang
        .fmt("clock.label", &[&color_name(props.lang, color), &shown]);
    html! {
        <span class={classes!("clock", running.then_some("running"), (left < LOW_MS).then_some("low"), (left == 0).then_some("fallen"))}
              role="timer" aria-label={label} data-clock={color.name()} data-left-ms={left.to_string()}
              data-running={running.then_some("")}>
            { shown }
        </span>
    }
}
