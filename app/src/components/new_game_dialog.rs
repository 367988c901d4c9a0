//! The new-game dialog: the variant, every rule option by name, and who
//! plays (a friend on this screen, or the computer at a level with the
//! colour you choose).

use morris_core::{BoardKind, Color, RuleKey, Rules, Variant};
use wasm_bindgen::JsCast;
use web_sys::{HtmlInputElement, HtmlSelectElement};
use yew::prelude::*;

use super::clock_picker;
use crate::clock::TimeControl;
use crate::i18n::Lang;
use crate::link::{Mode, DEFAULT_LEVEL, MAX_LEVEL};

#[derive(Properties, PartialEq, Debug)]
pub struct NewGameProps {
    pub lang: Lang,
    pub rules: Rules,
    pub mode: Mode,
    /// Open a room for a friend far away rather than a game here.
    #[prop_or_default]
    pub room: bool,
    /// The clocks of the game on the table, offered again.
    #[prop_or_default]
    pub clock: Option<TimeControl>,
    /// Rules, seats, whether to open a room (then the seats' bottom
    /// colour is the host's), and the clocks.
    pub on_start: Callback<(Rules, Mode, bool, Option<TimeControl>)>,
    pub on_close: Callback<()>,
}

#[derive(Clone, Copy, Debug, PartialEq)]
struct Choice {
    rules: Rules,
    engine: bool,
    level: u8,
    human: Color,
    room: bool,
    clock: Option<TimeControl>,
}

fn value_of(e: &Event) -> String {
    let Some(target) = e.target() else {
        return String::new();
    };
    if let Some(s) = target.dyn_ref::<HtmlSelectElement>() {
        return s.value();
    }
    if let Some(i) = target.dyn_ref::<HtmlInputElement>() {
        if i.type_() == "checkbox" {
            return if i.checked() { "on" } else { "off" }.into();
        }
        return i.value();
    }
    String::new()
}

/// The values of a key as the dialog offers them, with their catalogue keys.
fn choices(key: RuleKey) -> Vec<(String, String)> {
    let simple = |vals: &[&str], prefix: &str| {
        vals.iter()
            .map(|v| (v.to_string(), format!("{prefix}.{v}")))
            .collect::<Vec<_>>()
    };
    match key {
        RuleKey::Pieces => ["3", "6", "9", "10", "11", "12"]
            .iter()
            .map(|v| (v.to_string(), String::new()))
            .collect(),
        RuleKey::Board => BoardKind::ALL
            .iter()
            .map(|b| (b.id().to_string(), format!("opt.board.{}", b.id())))
            .collect(),
        RuleKey::Removal => simple(&["protected", "always", "never"], "opt.removal"),
        RuleKey::First => simple(&["light", "dark"], "color"),
        RuleKey::BoardFull => simple(&["draw", "loss"], "opt.board-full"),
        _ => Vec::new(),
    }
}

fn is_switch(key: RuleKey) -> bool {
    matches!(
        key,
        RuleKey::Flying
            | RuleKey::NoReform
            | RuleKey::Threefold
            | RuleKey::MoveInPlacing
            | RuleKey::MillWins
            | RuleKey::MillTakes
    )
}

/// A rule option changed: the rules change with it when they allow the value.
fn on_rule(choice: UseStateHandle<Choice>, key: RuleKey) -> Callback<Event> {
    Callback::from(move |e: Event| {
        let mut v = value_of(&e);
        if key == RuleKey::MillTakes {
            v = if v == "on" { "each" } else { "one" }.into();
        }
        if matches!(key, RuleKey::EndgameDraw | RuleKey::NMove) && v.trim().parse::<u32>().ok() == Some(0) {
            v = "off".into();
        }
        let mut rules = choice.rules;
        if rules.set(key, &v).is_ok() {
            choice.set(Choice { rules, ..*choice });
        }
    })
}

/// Starts the game chosen, if its rules hold together.
fn submit(c: Choice, on_start: Callback<(Rules, Mode, bool, Option<TimeControl>)>) -> Callback<SubmitEvent> {
    Callback::from(move |e: SubmitEvent| {
        e.prevent_default();
        if c.rules.validate().is_ok() {
            let mode = if c.room {
                Mode::TwoPlayers { bottom: c.human }
            } else if c.engine {
                Mode::VsEngine {
                    level: c.level,
                    human: c.human,
                }
            } else {
                Mode::TwoPlayers { bottom: Color::Light }
            };
            // No clocks against the computer.
            let clock = c.clock.filter(|_| c.room || !c.engine);
            on_start.emit((c.rules, mode, c.room, clock));
        }
    })
}

/// One rule option's field: a switch, a number, or a choice.
fn rule_field(lang: Lang, rules: &Rules, key: RuleKey, onchange: Callback<Event>) -> Html {
    let id = format!("rule-{}", key.key());
    let label = lang.t(&format!("opt.{}", key.key()));
    let current = rules.get(key);
    let input = if is_switch(key) {
        let on = if key == RuleKey::MillTakes {
            current == "each"
        } else {
            current == "on"
        };
        html! { <input type="checkbox" id={id.clone()} name={key.key()} data-rule={key.key()} checked={on} onchange={onchange.clone()} /> }
    } else if matches!(key, RuleKey::EndgameDraw | RuleKey::NMove) {
        let n = if current == "off" {
            "0".to_string()
        } else {
            current.clone()
        };
        html! { <input type="number" min="0" max="1000" id={id.clone()} name={key.key()} data-rule={key.key()} value={n} onchange={onchange.clone()} /> }
    } else {
        let opts = choices(key).into_iter().map(|(v, k)| {
            let text = if k.is_empty() { v.clone() } else { lang.t(&k) };
            html! { <option value={v.clone()} selected={v == current}>{ text }</option> }
        });
        html! { <select id={id.clone()} name={key.key()} data-rule={key.key()} onchange={onchange.clone()}>{ for opts }</select> }
    };
    let switch = is_switch(key);
    html! {
        <div class={classes!("field", switch.then_some("switch"))}>
            if switch { {input} <label for={id}>{ label }</label> }
            else { <label for={id}>{ label }</label> {input} }
        </div>
    }
}

/// The colour of the person (against the computer) or of the host.
fn color_field(lang: Lang, human: Color, onchange: Callback<Event>) -> Html {
    html! {
        <div class="field">
            <label for="ng-color">{ lang.t("dialog.color") }</label>
            <select id="ng-color" name="color" data-field="color" {onchange}>
                <option value="light" selected={human == Color::Light}>{ lang.t("color.light") }</option>
                <option value="dark" selected={human == Color::Dark}>{ lang.t("color.dark") }</option>
            </select>
        </div>
    }
}

#[function_component(NewGameDialog)]
pub fn new_game_dialog(props: &NewGameProps) -> Html {
    let lang = props.lang;
    let choice = use_state(|| {
        let (engine, level, human) = match props.mode {
            Mode::TwoPlayers { .. } => (false, DEFAULT_LEVEL, Color::Light),
            Mode::VsEngine { level, human } => (true, level, human),
        };
        Choice {
            rules: props.rules,
            engine: engine && !props.room,
            level,
            human,
            room: props.room,
            clock: props.clock,
        }
    });
    let c = *choice;
    let valid = c.rules.validate();
    // Focus moves into the dialog when it opens.
    let first_ref = use_node_ref();
    {
        let first_ref = first_ref.clone();
        use_effect_with((), move |_| {
            if let Some(el) = first_ref.cast::<web_sys::HtmlElement>() {
                let _ = el.focus();
            }
        });
    }

    let on_variant = {
        let choice = choice.clone();
        Callback::from(move |e: Event| {
            if let Ok(v) = value_of(&e).parse::<Variant>() {
                choice.set(Choice {
                    rules: v.rules(),
                    ..*choice
                });
            }
        })
    };
    let on_rule = |key: RuleKey| on_rule(choice.clone(), key);
    let on_mode = {
        let choice = choice.clone();
        Callback::from(move |e: Event| {
            let v = value_of(&e);
            choice.set(Choice {
                engine: v == "vs-engine",
                room: v == "room",
                ..*choice
            })
        })
    };
    let on_level = {
        let choice = choice.clone();
        Callback::from(move |e: Event| {
            if let Ok(level) = value_of(&e).parse::<u8>() {
                choice.set(Choice {
                    level: level.clamp(1, MAX_LEVEL),
                    ..*choice
                });
            }
        })
    };
    let on_color = {
        let choice = choice.clone();
        Callback::from(move |e: Event| {
            if let Some(human) = Color::from_name(&value_of(&e)) {
                choice.set(Choice { human, ..*choice });
            }
        })
    };
    let on_clock = {
        let choice = choice.clone();
        Callback::from(move |clock| choice.set(Choice { clock, ..*choice }))
    };
    let start = submit(c, props.on_start.clone());
    let close = {
        let on_close = props.on_close.clone();
        Callback::from(move |_: MouseEvent| on_close.emit(()))
    };
    let keydown = {
        let on_close = props.on_close.clone();
        Callback::from(move |e: KeyboardEvent| {
            if e.key() == "Escape" {
                e.stop_propagation();
                on_close.emit(());
            }
        })
    };

    let variants = Variant::ALL.iter().map(|v| {
        html! { <option value={v.id()} selected={c.rules.variant == *v}>{ lang.t(&format!("variant.{}", v.id())) }</option> }
    });
    let options = RuleKey::ALL
        .iter()
        .map(|&key| rule_field(lang, &c.rules, key, on_rule(key)));
    let levels = (1..=MAX_LEVEL)
        .map(|n| html! { <option value={n.to_string()} selected={n == c.level}>{ n }</option> });
    html! {
        <div class="dialog-backdrop" onkeydown={keydown}>
            <form class="dialog" role="dialog" aria-modal="true" aria-labelledby="new-game-title" onsubmit={start}>
                <h2 id="new-game-title">{ lang.t("dialog.title") }</h2>
                <div class="field">
                    <label for="ng-variant">{ lang.t("dialog.variant") }</label>
                    <select id="ng-variant" name="variant" data-field="variant" onchange={on_variant} ref={first_ref}>{ for variants }</select>
                </div>
                <div class="field">
                    <label for="ng-mode">{ lang.t("dialog.mode") }</label>
                    <select id="ng-mode" name="mode" data-field="mode" onchange={on_mode}>
                        <option value="two-players" selected={!c.engine && !c.room}>{ lang.t("dialog.mode.two") }</option>
                        <option value="vs-engine" selected={c.engine}>{ lang.t("dialog.mode.engine") }</option>
                        <option value="room" selected={c.room}>{ lang.t("room.dialog-mode") }</option>
                    </select>
                </div>
                if c.engine {
                    <div class="field">
                        <label for="ng-level">{ lang.t("dialog.level") }</label>
                        <select id="ng-level" name="level" data-field="level" onchange={on_level}>{ for levels }</select>
                        <small>{ lang.fmt("dialog.level.hint", &[&MAX_LEVEL.to_string()]) }</small>
                    </div>
                    { color_field(lang, c.human, on_color.clone()) }
                }
                if c.room {
                    { color_field(lang, c.human, on_color) }
                }
                if c.room || !c.engine { { clock_picker(lang, c.clock, on_clock) } }
                <fieldset class="rules">
                    <legend>{ lang.t("dialog.rules") }</legend>
                    { for options }
                </fieldset>
                if let Err(e) = &valid { <p class="error" role="alert">{ e.to_string() }</p> }
                <div class="dialog-buttons">
                    <button type="button" class="btn" data-action="cancel" onclick={close}>{ lang.t("action.cancel") }</button>
                    <button type="submit" class="btn primary" data-action="confirm" disabled={valid.is_err()}>{ lang.t(if c.room { "room.open-room" } else { "dialog.start" }) }</button>
                </div>
            </form>
        </div>
    }
}
