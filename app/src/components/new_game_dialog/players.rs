//! Who plays: the opponent (the computer, a friend on this screen, a
//! friend far away), the computer's level, and your colour, on one or two
//! rows at the top of the dialog.

use morris_core::Color;
use yew::prelude::*;

use super::choice::{on_change, set_color, set_level, set_opponent, Choice};
use crate::engine::think_limit_ms;
use crate::i18n::Lang;
use crate::link::MAX_LEVEL;

/// The colour of the person (against the computer) or of the host, or
/// one drawn by lot as the game starts.
fn color_field(lang: Lang, c: Choice, onchange: Callback<Event>) -> Html {
    let (human, random) = (c.human, c.random);
    html! {
        <div class="field">
            <label for="ng-color">{ lang.t("dialog.color") }</label>
            <select id="ng-color" name="color" data-field="color" {onchange}>
                <option value="light" selected={!random && human == Color::Light}>{ lang.t("color.light") }</option>
                <option value="dark" selected={!random && human == Color::Dark}>{ lang.t("color.dark") }</option>
                <option value="random" selected={random}>{ lang.t("dialog.color.random") }</option>
            </select>
        </div>
    }
}

/// The computer's level, 1 to the strongest.
fn level_field(lang: Lang, level: u8, onchange: Callback<Event>) -> Html {
    let levels =
        (1..=MAX_LEVEL).map(|n| html! { <option value={n.to_string()} selected={n == level}>{ n }</option> });
    html! {
        <div class="field">
            <label for="ng-level">{ lang.t("dialog.level") }</label>
            <select id="ng-level" name="level" data-field="level" {onchange} aria-describedby="ng-level-hint">{ for levels }</select>
        </div>
    }
}

/// How long the computer thinks at `level` at most, as the search keeps
/// it: in words, and in milliseconds (the longest turn) for the hint's
/// `data-think-ms`.
fn think_time(lang: Lang, level: u8) -> (String, String) {
    let (placing, after) = (think_limit_ms(level, true), think_limit_ms(level, false));
    let secs = |ms: u64| lang.tenths(ms / 100);
    let text = if placing == after {
        lang.fmt("dialog.level.time", &[&secs(after)])
    } else {
        lang.fmt("dialog.level.time-placing", &[&secs(placing), &secs(after)])
    };
    (text, placing.max(after).to_string())
}

/// The opponent (each choice a few words, so that the one chosen reads
/// whole in the closed picker on a phone; what a room is, under it), then
/// the level and colour that go with it.
pub fn players(lang: Lang, choice: &UseStateHandle<Choice>) -> Html {
    let c = **choice;
    let on_mode = on_change(choice, set_opponent);
    let on_color = on_change(choice, set_color);
    let time = think_time(lang, c.level);
    html! {
        <>
            <div class="field mode-field">
                <label for="ng-mode">{ lang.t("dialog.mode") }</label>
                <select id="ng-mode" name="mode" data-field="mode" onchange={on_mode}
                        aria-describedby={c.room.then_some("ng-mode-hint")}>
                    <option value="vs-engine" selected={c.engine}>{ lang.t("dialog.mode.engine") }</option>
                    <option value="two-players" selected={!c.engine && !c.room}>{ lang.t("dialog.mode.two") }</option>
                    <option value="room" selected={c.room}>{ lang.t("dialog.mode.room") }</option>
                </select>
                if c.room {
                    <small id="ng-mode-hint" data-mode-hint="">{ lang.t("dialog.mode.room-hint") }</small>
                }
            </div>
            if c.engine || c.room {
                <div class="field-row">
                    if c.engine { { level_field(lang, c.level, on_change(choice, set_level)) } }
                    { color_field(lang, c, on_color) }
                </div>
                if c.engine {
                    <small class="field-hint" id="ng-level-hint" data-think-ms={time.1}>
                        { lang.fmt("dialog.level.hint", &[&MAX_LEVEL.to_string()]) }
                        <br />
                        { time.0 }
                    </small>
                }
            }
        </>
    }
}
