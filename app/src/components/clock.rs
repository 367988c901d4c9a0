//! A side's clock, shown at its seat: the time left, counting down while
//! it runs, marked low under twenty seconds and fallen at zero. A view
//! function that reads the page's clock as it renders; while a clock runs
//! the table is drawn again a few times a second (`hooks::use_clock`),
//! which costs less of the first load than a component of its own.

use morris_core::Color;
use yew::prelude::*;

use super::status_text::color_name;
use crate::browser::clock_ms;
use crate::clock::{format_left, Clocks, LOW_MS};
use crate::i18n::Lang;

/// The clock of `color`, `turn` to move.
pub fn clock(lang: Lang, c: &Clocks, color: Color, turn: Color) -> Html {
    let running = c.since.is_some() && turn == color;
    let left = if running {
        c.left_at(color, turn, clock_ms())
    } else {
        c.left[color]
    };
    let shown = format_left(left, lang.decimal_separator());
    let label = lang.fmt("clock.label", &[&color_name(lang, color), &shown]);
    html! {
        <span class={classes!("clock", running.then_some("running"), (left < LOW_MS).then_some("low"), (left == 0).then_some("fallen"))}
              role="timer" aria-label={label} data-clock={color.name()} data-left-ms={left.to_string()}
              data-running={running.then_some("")}>
            { shown }
        </span>
    }
}
