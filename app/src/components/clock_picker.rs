//! The clocks' field of the new-game dialog: none, a preset (3+2, 5+3,
//! 10+5) or minutes and an increment of one's own. It holds no state: it
//! shows `value` and says every change through `on_change`.

use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use crate::clock::{TimeControl, MAX_INCREMENT, MAX_MINUTES, PRESETS};
use crate::i18n::Lang;

/// What "Custom" starts from: a control that is none of the presets.
const CUSTOM: (u32, u32) = (15, 10);

fn select_value(e: &Event) -> String {
    e.target_dyn_into::<HtmlSelectElement>()
        .map(|s| s.value())
        .unwrap_or_default()
}

fn number_value(e: &Event) -> Option<u32> {
    let input = e.target()?.dyn_into::<HtmlInputElement>().ok()?;
    input.value().trim().parse().ok()
}

/// The clocks' field: `value` shown, each change sent to `on_change`.
pub fn clock_picker(
    lang: Lang,
    value: Option<TimeControl>,
    on_change: Callback<Option<TimeControl>>,
) -> Html {
    let preset = value.map(|c| c.text());
    let custom = value.is_some_and(|c| !PRESETS.iter().any(|&(m, i)| TimeControl::new(m, i) == c));
    let on_select = on_change.reform(|e: Event| match select_value(&e).as_str() {
        "off" => None,
        "custom" => Some(TimeControl::new(CUSTOM.0, CUSTOM.1)),
        text => TimeControl::parse(text),
    });
    let (minutes, increment) = value.map_or((0, 0), |c| (c.minutes(), c.increment()));
    let on_minutes = {
        let on_change = on_change.clone();
        Callback::from(move |e: Event| {
            if let Some(m) = number_value(&e) {
                on_change.emit(Some(TimeControl::new(m, increment)));
            }
        })
    };
    let on_increment = Callback::from(move |e: Event| {
        if let Some(i) = number_value(&e) {
            on_change.emit(Some(TimeControl::new(minutes, i)));
        }
    });
    let presets = PRESETS.iter().map(|&(m, i)| {
        let text = format!("{m}+{i}");
        let label = lang.fmt("clock.preset", &[&m.to_string(), &i.to_string()]);
        html! { <option value={text.clone()} selected={!custom && preset.as_deref() == Some(text.as_str())}>{ label }</option> }
    });
    html! {
        <div class="field clock-picker">
            <label for="ng-clock">{ lang.t("clock.title") }</label>
            <select id="ng-clock" name="clock" data-field="clock" onchange={on_select}>
                <option value="off" selected={value.is_none()}>{ lang.t("clock.off") }</option>
                { for presets }
                <option value="custom" selected={custom}>{ lang.t("clock.custom") }</option>
            </select>
            if value.is_some() {
                <div class="clock-custom">
                    <label for="ng-clock-minutes">{ lang.t("clock.minutes") }</label>
                    <input type="number" id="ng-clock-minutes" data-field="clock-minutes" min="1" max={MAX_MINUTES.to_string()}
                           value={minutes.to_string()} onchange={on_minutes} />
                    <label for="ng-clock-increment">{ lang.t("clock.increment") }</label>
                    <input type="number" id="ng-clock-increment" data-field="clock-increment" min="0" max={MAX_INCREMENT.to_string()}
                           value={increment.to_string()} onchange={on_increment} />
                </div>
            }
        </div>
    }
}
