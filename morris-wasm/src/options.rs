//! Options objects: the rule options of `new Game(variant, options)` under
//! their JavaScript names (`millTakes` for the core's `mill-takes`), and the
//! reading of any options object, where an unknown key or a value of the
//! wrong kind is an error that names the key.

use morris_core::{Color, RuleError, RuleKey, Rules, Variant};
use wasm_bindgen::prelude::*;

use crate::views::VariantView;
use crate::ApiError;

/// A value read from a JavaScript options object.
#[derive(Clone, Debug, PartialEq)]
pub enum OptionValue {
    /// `undefined`: the option is not set.
    Unset,
    Null,
    Bool(bool),
    Number(f64),
    Text(String),
    /// Anything else (an object, an array, a function), by its kind.
    Other(&'static str),
}

impl OptionValue {
    /// The value as the error messages quote it.
    fn describe(&self) -> String {
        match self {
            OptionValue::Unset => "undefined".into(),
            OptionValue::Null => "null".into(),
            OptionValue::Bool(b) => b.to_string(),
            OptionValue::Number(n) => number_text(*n),
            OptionValue::Text(s) => format!("{:?}", s.chars().take(32).collect::<String>()),
            OptionValue::Other(kind) => format!("an {kind}"),
        }
    }

    /// A whole number between `min` and `max`, or `None` when unset;
    /// `label` names the value in the error.
    pub fn integer(&self, label: &str, min: u64, max: u64) -> Result<Option<u64>, ApiError> {
        match self {
            OptionValue::Unset => Ok(None),
            _ => self
                .whole_number(min, max)
                .map(Some)
                .ok_or_else(|| bad_value(label, &whole_numbers(min, max), self)),
        }
    }

    /// The value if it is a whole number between `min` and `max`.
    pub fn whole_number(&self, min: u64, max: u64) -> Option<u64> {
        match *self {
            OptionValue::Number(n) if n.fract() == 0.0 && n >= min as f64 && n <= max as f64 => {
                Some(n as u64)
            }
            _ => None,
        }
    }

    /// A value read from JavaScript.
    pub fn from_js(v: &JsValue) -> OptionValue {
        if v.is_undefined() {
            OptionValue::Unset
        } else if v.is_null() {
            OptionValue::Null
        } else if let Some(b) = v.as_bool() {
            OptionValue::Bool(b)
        } else if let Some(n) = v.as_f64() {
            OptionValue::Number(n)
        } else if let Some(s) = v.as_string() {
            OptionValue::Text(s)
        } else if js_sys::Array::is_array(v) {
            OptionValue::Other("array")
        } else if v.is_function() {
            OptionValue::Other("function")
        } else {
            OptionValue::Other("object")
        }
    }
}

/// A number as JavaScript writes it (`1.5`, `NaN`, `Infinity`): in wasm,
/// JavaScript's own `toString` (Rust would write `inf`).
#[cfg(target_arch = "wasm32")]
fn number_text(n: f64) -> String {
    String::from(
        js_sys::Number::from(n)
            .to_string_with_radix(10)
            .unwrap_or_else(|_| "a number".into()),
    )
}

/// A number as JavaScript writes it, for native tests.
#[cfg(not(target_arch = "wasm32"))]
fn number_text(n: f64) -> String {
    match n {
        n if n.is_nan() => "NaN".into(),
        n if n.is_infinite() => (if n > 0.0 { "Infinity" } else { "-Infinity" }).into(),
        n => n.to_string(),
    }
}

/// What a whole number from `min` to `max` is called in errors.
pub fn whole_numbers(min: u64, max: u64) -> String {
    format!("a whole number from {min} to {max}")
}

/// `label must be expected, not got`: the words of every misfit's error.
pub fn misfit(label: &str, expected: &str, got: &OptionValue) -> String {
    format!("{label} must be {expected}, not {}", got.describe())
}

/// The `OptionError` for an option's value that does not fit: `label`
/// names it, like ``option `flying` ``.
pub fn bad_value(label: &str, expected: &str, got: &OptionValue) -> ApiError {
    ApiError::Option(misfit(label, expected, got))
}

/// The `ArgumentError` for an argument of a kind the call does not take:
/// `label` names it, like `the move`.
pub fn bad_argument(label: &str, expected: &str, got: &OptionValue) -> ApiError {
    ApiError::Argument(misfit(label, expected, got))
}

/// The error for a key no option has.
pub fn unknown_key(key: &str, what: &str, known: &[&str]) -> ApiError {
    ApiError::Option(format!(
        "unknown {what} option `{}`; the options are: {}",
        key.chars().take(32).collect::<String>(),
        known.join(", ")
    ))
}

/// The rule option whose JavaScript name is `name`, if one is.
pub fn rule_key(name: &str) -> Option<RuleKey> {
    RuleKey::every().find(|&k| js_name(k) == name)
}

/// The JavaScript name of a rule option: `mill-takes` is `millTakes`.
pub fn js_name(key: RuleKey) -> String {
    let mut out = String::new();
    let mut upper = false;
    for c in key.key().chars() {
        if c == '-' {
            upper = true;
        } else if upper {
            out.push(c.to_ascii_uppercase());
            upper = false;
        } else {
            out.push(c);
        }
    }
    out
}

/// What kind of JavaScript value a rule option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Takes {
    /// `true` or `false`.
    Flag,
    /// A number of moves, or `null` for none.
    Limit,
    /// One of the numbers the core lists (`pieces`).
    Number,
    /// `true`, `false` or a word (`flying`: `"four"`, `"always"`).
    FlagOrWord,
    /// One of the words the core lists.
    Word,
}

fn takes(key: RuleKey) -> Takes {
    match key {
        RuleKey::Pieces => Takes::Number,
        RuleKey::EndgameDraw | RuleKey::NMove => Takes::Limit,
        RuleKey::Flying => Takes::FlagOrWord,
        _ if key.values() == "on|off" => Takes::Flag,
        _ => Takes::Word,
    }
}

/// The words (or numbers) an option takes, as the core lists them, less
/// the `on` and `off` that JavaScript writes as `true` and `false`.
fn choices(key: RuleKey) -> Vec<&'static str> {
    key.values()
        .split('|')
        .filter(|v| !matches!(*v, "on" | "off"))
        .collect()
}

/// `a, b or c`.
fn one_of(items: &[String]) -> String {
    match items.split_last() {
        Some((last, [])) => last.clone(),
        Some((last, rest)) => format!("{} or {last}", rest.join(", ")),
        None => String::new(),
    }
}

/// What a rule option takes, in JavaScript terms, from the values the
/// core lists, so that a value the core adds is named here too.
fn expected(key: RuleKey) -> String {
    let quoted = || choices(key).iter().map(|w| format!("{w:?}")).collect::<Vec<_>>();
    match takes(key) {
        Takes::Flag => "true or false".into(),
        Takes::Limit => "a number of moves from 1 to 1000, or null for none".into(),
        Takes::Number => one_of(&choices(key).iter().map(|n| n.to_string()).collect::<Vec<_>>()),
        Takes::FlagOrWord => one_of(&[vec!["true".into(), "false".into()], quoted()].concat()),
        Takes::Word => one_of(&quoted()),
    }
}

/// The value as the core's `key=value` text (`None` when unset), or the
/// error for a value of the wrong kind, naming the option by `name`.
fn rule_text(key: RuleKey, name: &str, value: &OptionValue) -> Result<Option<String>, ApiError> {
    let kind = takes(key);
    let flag = matches!(kind, Takes::Flag | Takes::FlagOrWord);
    match value {
        OptionValue::Unset => Ok(None),
        OptionValue::Bool(b) if flag => Ok(Some(if *b { "on" } else { "off" }.into())),
        OptionValue::Null | OptionValue::Bool(false) if kind == Takes::Limit => Ok(Some("off".into())),
        // Written as an integer: formatting a float would bring Rust's
        // float printing into the module (7 KB gzip). A number past
        // `u64::MAX` saturates there, and the core refuses it as out of
        // range either way; the error shows the value as JavaScript does.
        OptionValue::Number(n)
            if matches!(kind, Takes::Limit | Takes::Number) && n.fract() == 0.0 && *n >= 0.0 =>
        {
            Ok(Some((*n as u64).to_string()))
        }
        // Only the values as the types write them (`"light"`, not `"white"` or `"LIGHT"`).
        OptionValue::Text(s)
            if matches!(kind, Takes::Word | Takes::FlagOrWord) && choices(key).contains(&s.as_str()) =>
        {
            Ok(Some(s.clone()))
        }
        _ => Err(bad_value(&format!("option `{name}`"), &expected(key), value)),
    }
}

/// The rules of `variant` (an id, `"nine"` when `None`) with the options
/// set; `what` names the options object in errors (`game`, `board`).
pub fn rules_from_options(
    variant: Option<&str>,
    options: &[(String, OptionValue)],
    what: &str,
) -> Result<Rules, ApiError> {
    let variant = parse_variant(variant.unwrap_or("nine"))?;
    let mut rules = variant.rules();
    // Every option, those of RULES.md §7 too (`RuleKey::every()`): a
    // world set's rules are options for another game.
    let names: Vec<String> = RuleKey::every().map(js_name).collect();
    for (name, value) in options {
        let key = rule_key(name).ok_or_else(|| {
            let known: Vec<&str> = names.iter().map(String::as_str).collect();
            unknown_key(name, what, &known)
        })?;
        if let Some(text) = rule_text(key, name, value)? {
            rules
                .set(key, &text)
                .map_err(|_| bad_value(&format!("option `{name}`"), &expected(key), value))?;
        }
    }
    rules.validate().map_err(|e| match e {
        RuleError::TooManyPieces { .. } => ApiError::Option(format!("options `pieces` and `board`: {e}")),
        other => ApiError::from(other),
    })?;
    Ok(rules)
}

/// A variant by its exact id (`"nine"`, not `"NINE"`: the types allow
/// only the ids as `variants()` writes them), the world's sets of RULES.md
/// §7.8 among them (`Variant::every()`).
pub fn parse_variant(id: &str) -> Result<Variant, ApiError> {
    Variant::every().find(|v| v.id() == id).ok_or_else(|| {
        let ids: Vec<&str> = Variant::every().map(|v| v.id()).collect();
        ApiError::Option(format!(
            "unknown variant {:?}; the variants are: {}",
            id.chars().take(32).collect::<String>(),
            ids.join(", ")
        ))
    })
}

/// Every variant with its preset options: the classic ones, then the
/// world's sets of RULES.md §7.8 (`Variant::every()`), since `new Game`
/// takes them all.
pub fn variants() -> Vec<VariantView> {
    Variant::every().map(VariantView::from).collect()
}

/// The key and value pairs of a JavaScript options object (`undefined`
/// and `null` have none); `what` names the object in errors.
pub fn entries(value: &JsValue, what: &str) -> Result<Vec<(String, OptionValue)>, ApiError> {
    if value.is_undefined() || value.is_null() {
        return Ok(Vec::new());
    }
    if !value.is_object() || js_sys::Array::is_array(value) || value.is_function() {
        return Err(bad_argument(what, "an object", &OptionValue::from_js(value)));
    }
    let object = js_sys::Object::from(value.clone());
    js_sys::Object::entries(&object)
        .iter()
        .map(|pair| {
            let pair = js_sys::Array::from(&pair);
            let key = pair.get(0).as_string().unwrap_or_default();
            Ok((key, OptionValue::from_js(&pair.get(1))))
        })
        .collect()
}

/// A string argument, or an error naming what it should be.
pub fn string_arg(value: &JsValue, what: &str) -> Result<String, ApiError> {
    value
        .as_string()
        .ok_or_else(|| bad_argument(what, "a string", &OptionValue::from_js(value)))
}

/// A function given as a listener or a callback.
#[cfg(feature = "board")]
pub fn function_arg(value: JsValue, what: &str) -> Result<js_sys::Function, ApiError> {
    use wasm_bindgen::JsCast;
    let described = OptionValue::from_js(&value);
    value
        .dyn_into::<js_sys::Function>()
        .map_err(|_| bad_argument(what, "a function", &described))
}

/// Bytes given as a `Uint8Array` (a Node `Buffer` is one) or an `ArrayBuffer`.
#[cfg(feature = "engine")]
pub fn bytes_arg(value: &JsValue, what: &str) -> Result<Vec<u8>, ApiError> {
    use wasm_bindgen::JsCast;
    if let Some(a) = value.dyn_ref::<js_sys::Uint8Array>() {
        return Ok(a.to_vec());
    }
    if let Some(b) = value.dyn_ref::<js_sys::ArrayBuffer>() {
        return Ok(js_sys::Uint8Array::new(b).to_vec());
    }
    Err(bad_argument(
        what,
        "a Uint8Array or an ArrayBuffer",
        &OptionValue::from_js(value),
    ))
}

/// A colour, written exactly `"light"` or `"dark"`.
pub fn color_arg(value: &JsValue, what: &str) -> Result<Color, ApiError> {
    match value.as_string().as_deref() {
        Some("light") => Ok(Color::Light),
        Some("dark") => Ok(Color::Dark),
        _ => Err(bad_argument(
            what,
            r#""light" or "dark""#,
            &OptionValue::from_js(value),
        )),
    }
}

/// An optional string argument: `undefined` and `null` are `None`.
pub fn optional_string_arg(value: &JsValue, what: &str) -> Result<Option<String>, ApiError> {
    if value.is_undefined() || value.is_null() {
        Ok(None)
    } else {
        string_arg(value, what).map(Some)
    }
}

/// `variants()`: every variant with its preset options, as
/// `[{ id, name, pieces, board, flying, … }]`.
///
/// @example
/// ```js
/// import { variants, Game } from "morris-wasm";
/// variants().map((v) => v.id).slice(0, 4); // ["nine", "three", "six", "twelve"]
/// const lasker = variants().find((v) => v.id === "lasker");
/// new Game(lasker.id).rules().moveInPlacing; // true
/// ```
#[wasm_bindgen(js_name = variants, unchecked_return_type = "VariantInfo[]")]
pub fn variants_js() -> Result<JsValue, JsValue> {
    Ok(crate::views::to_js(&variants())?)
}

#[cfg(test)]
mod tests {
    use super::*;
    use morris_core::{MillTakes, Removal};

    fn opts(pairs: &[(&str, OptionValue)]) -> Vec<(String, OptionValue)> {
        pairs.iter().map(|(k, v)| (k.to_string(), v.clone())).collect()
    }

    #[test]
    fn camel_case_options_set_the_rules() {
        let rules = rules_from_options(
            Some("nine"),
            &opts(&[
                ("flying", OptionValue::Bool(false)),
                ("millTakes", OptionValue::Text("each".into())),
                ("removal", OptionValue::Text("always".into())),
                ("nMove", OptionValue::Null),
                ("endgameDraw", OptionValue::Number(10.0)),
                ("threefold", OptionValue::Unset),
            ]),
            "game",
        )
        .map_err(|e| e.to_string());
        let rules = rules
            .as_ref()
            .map(|r| (r.flying, r.mill_takes, r.removal, r.n_move_rule, r.endgame_draw));
        assert_eq!(
            rules,
            Ok((false, MillTakes::Each, Removal::Always, None, Some(10)))
        );
    }

    #[test]
    fn errors_name_the_key_and_are_option_errors() {
        // Every one is an `OptionError`; its message is returned to check.
        let err = |variant: Option<&str>, pairs: &[(&str, OptionValue)]| match rules_from_options(
            variant,
            &opts(pairs),
            "game",
        ) {
            Err(e) if e.name() == "OptionError" => e.to_string(),
            other => format!("not an OptionError: {other:?}"),
        };
        let unknown = err(None, &[("fly", OptionValue::Bool(true))]);
        assert!(
            unknown.contains("`fly`") && unknown.contains("millTakes"),
            "{unknown}"
        );
        let wrong_kind = err(None, &[("flying", OptionValue::Text("on".into()))]);
        assert!(
            wrong_kind.contains(r#"option `flying` must be true, false, "four" or "always", not "on""#),
            "{wrong_kind}"
        );
        let pieces = err(None, &[("pieces", OptionValue::Number(8.0))]);
        assert!(
            pieces.contains("must be 3, 5, 6, 7, 9, 10, 11 or 12, not 8"),
            "{pieces}"
        );
        let blocked = err(None, &[("blocked", OptionValue::Text("wins".into()))]);
        assert!(
            blocked.contains(r#""loses", "draw", "pass", "remove-move", "remove-pass" or "both-remove""#),
            "{blocked}"
        );
        let bad = err(None, &[("millTakes", OptionValue::Text("two".into()))]);
        assert!(bad.contains("`millTakes`") && bad.contains("\"two\""), "{bad}");
        let big = err(
            None,
            &[
                ("pieces", OptionValue::Number(12.0)),
                ("board", OptionValue::Text("small".into())),
            ],
        );
        assert!(big.contains("`pieces`"), "{big}");
        let variant = err(Some("ten"), &[]);
        assert!(
            variant.contains("\"ten\"") && variant.contains("morabaraba"),
            "{variant}"
        );
    }

    #[test]
    fn an_argument_of_the_wrong_kind_is_an_argument_error() {
        let err = bad_argument("the move", "a string", &OptionValue::Number(42.0));
        assert_eq!(
            (err.name(), err.to_string().as_str()),
            ("ArgumentError", "the move must be a string, not 42")
        );
    }

    #[test]
    fn every_option_of_the_world_is_taken_by_its_javascript_name() {
        let rules = rules_from_options(
            Some("nine"),
            &opts(&[
                ("pieces", OptionValue::Number(7.0)),
                ("board", OptionValue::Text("seven".into())),
                ("flying", OptionValue::Text("four".into())),
                ("boardFull", OptionValue::Text("first-mover".into())),
                ("placingMill", OptionValue::Text("hand-again".into())),
                ("blocked", OptionValue::Text("remove-pass".into())),
                ("oneTimeMill", OptionValue::Bool(true)),
                ("custodian", OptionValue::Bool(true)),
                ("intervention", OptionValue::Bool(true)),
                ("secondMovesFirst", OptionValue::Bool(true)),
                ("misere", OptionValue::Bool(true)),
            ]),
            "game",
        )
        .map_err(|e| e.to_string());
        let written = rules.map(|r| RuleKey::every().map(|k| r.get(k)).collect::<Vec<_>>().join(" "));
        assert_eq!(
            written.as_deref(),
            Ok("7 seven four protected one light first-mover off off 50 on off off hand-again remove-pass on on on on on")
        );
    }

    #[test]
    fn every_variant_has_its_options() {
        let all = variants();
        assert_eq!(all.len(), Variant::ALL.len() + Variant::WORLD.len());
        assert_eq!(all[0].id, "nine");
        assert_eq!(all[0].rules.pieces, 9);
    }
}
