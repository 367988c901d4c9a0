//! Options objects: the rule options of `new Game(variant, options)` under
//! their JavaScript names (`millTakes` for the core's `mill-takes`), and the
//! reading of any options object, where an unknown key or a value of the
//! wrong kind is an error that names the key.

use morris_core::{Color, RuleError, RuleKey, Rules, Variant};
use wasm_bindgen::prelude::*;
use wasm_bindgen::JsCast;

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
            OptionValue::Number(n) => n.to_string(),
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

/// What a whole number from `min` to `max` is called in errors.
pub fn whole_numbers(min: u64, max: u64) -> String {
    format!("a whole number from {min} to {max}")
}

fn misfit(label: &str, expected: &str, got: &OptionValue) -> String {
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

/// What a rule option takes, in JavaScript terms.
fn expected(key: RuleKey) -> &'static str {
    match key {
        RuleKey::Pieces => "3, 6, 9, 10, 11 or 12",
        RuleKey::Board => r#""mill", "diagonals", "sotho", "small" or "3x3""#,
        RuleKey::Flying
        | RuleKey::NoReform
        | RuleKey::Threefold
        | RuleKey::MoveInPlacing
        | RuleKey::MillWins => "true or false",
        RuleKey::Removal => r#""protected", "always" or "never""#,
        RuleKey::MillTakes => r#""one" or "each""#,
        RuleKey::First => r#""light" or "dark""#,
        RuleKey::BoardFull => r#""draw" or "loss""#,
        RuleKey::EndgameDraw | RuleKey::NMove => "a number of moves from 1 to 1000, or null for none",
        // The options of RULES.md §7 (not yet offered by name; see `RuleKey::WORLD`).
        RuleKey::OneTimeMill
        | RuleKey::Custodian
        | RuleKey::Intervention
        | RuleKey::SecondMovesFirst
        | RuleKey::Misere => "true or false",
        RuleKey::PlacingMill => r#""remove", "hand", "hand-again", "mark" or "count""#,
        RuleKey::Blocked => r#""loses", "draw", "pass", "remove-move", "remove-pass" or "both-remove""#,
    }
}

/// The words a rule option of words takes, exactly as written.
fn choices(key: RuleKey) -> &'static [&'static str] {
    match key {
        RuleKey::Board => &["mill", "diagonals", "sotho", "small", "3x3"],
        RuleKey::Removal => &["protected", "always", "never"],
        RuleKey::MillTakes => &["one", "each"],
        RuleKey::First => &["light", "dark"],
        RuleKey::BoardFull => &["draw", "loss"],
        _ => &[],
    }
}

/// The value as the core's `key=value` text (`None` when unset), or the
/// error for a value of the wrong kind, naming the option by `name`.
fn rule_text(key: RuleKey, name: &str, value: &OptionValue) -> Result<Option<String>, ApiError> {
    let limit = matches!(key, RuleKey::EndgameDraw | RuleKey::NMove);
    let flag = expected(key) == "true or false";
    match value {
        OptionValue::Unset => Ok(None),
        OptionValue::Bool(b) if flag => Ok(Some(if *b { "on" } else { "off" }.into())),
        OptionValue::Null | OptionValue::Bool(false) if limit => Ok(Some("off".into())),
        OptionValue::Number(n) if (limit || key == RuleKey::Pieces) && n.fract() == 0.0 && *n >= 0.0 => {
            Ok(Some(format!("{n}")))
        }
        // Only the values as the types write them (`"light"`, not `"white"` or `"LIGHT"`).
        OptionValue::Text(s)
            if !flag && !limit && key != RuleKey::Pieces && choices(key).contains(&s.as_str()) =>
        {
            Ok(Some(s.clone()))
        }
        _ => Err(bad_value(&format!("option `{name}`"), expected(key), value)),
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
    let names: Vec<String> = RuleKey::ALL.into_iter().map(js_name).collect();
    for (name, value) in options {
        let key = RuleKey::ALL
            .into_iter()
            .find(|&k| js_name(k) == *name)
            .ok_or_else(|| {
                let known: Vec<&str> = names.iter().map(String::as_str).collect();
                unknown_key(name, what, &known)
            })?;
        if let Some(text) = rule_text(key, name, value)? {
            rules
                .set(key, &text)
                .map_err(|_| bad_value(&format!("option `{name}`"), expected(key), value))?;
        }
    }
    rules.validate().map_err(|e| match e {
        RuleError::TooManyPieces { .. } => ApiError::Option(format!("options `pieces` and `board`: {e}")),
        other => ApiError::from(other),
    })?;
    Ok(rules)
}

/// A variant by its exact id (`"nine"`, not `"NINE"`: the types allow
/// only the ids as `variants()` writes them).
pub fn parse_variant(id: &str) -> Result<Variant, ApiError> {
    Variant::ALL.into_iter().find(|v| v.id() == id).ok_or_else(|| {
        let ids: Vec<&str> = Variant::ALL.iter().map(|v| v.id()).collect();
        ApiError::Option(format!(
            "unknown variant {:?}; the variants are: {}",
            id.chars().take(32).collect::<String>(),
            ids.join(", ")
        ))
    })
}

/// Every variant with its preset options.
pub fn variants() -> Vec<VariantView> {
    Variant::ALL.into_iter().map(VariantView::from).collect()
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

/// Bytes given as a `Uint8Array` (a Node `Buffer` is one) or an `ArrayBuffer`.
pub fn bytes_arg(value: &JsValue, what: &str) -> Result<Vec<u8>, ApiError> {
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
            wrong_kind.contains("`flying`") && wrong_kind.contains("true or false"),
            "{wrong_kind}"
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
    fn every_variant_has_its_options() {
        let all = variants();
        assert_eq!(all.len(), Variant::ALL.len());
        assert_eq!(all[0].id, "nine");
        assert_eq!(all[0].rules.pieces, 9);
    }
}
