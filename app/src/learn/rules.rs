//! The rules card: the variant's card and a card for each rule option in
//! force that differs from the variant's preset (docs/RULES.md §3, §4 and
//! the world's other mill games of §7),
//! as catalogue keys (`learn.variant.<id>`, `learn.opt.<key>.<value>`).

use morris_core::{RuleKey, Rules, Variant};

/// One option's card: the catalogue key of its text, and what fills it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionCard {
    pub key: RuleKey,
    pub text_key: String,
    pub args: Vec<String>,
}

/// The rules in force on the table, as cards.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Card {
    pub variant: Variant,
    /// The catalogue key of the variant's text.
    pub text_key: String,
    /// The options that differ from the variant's preset, in canonical order.
    pub changed: Vec<OptionCard>,
}

/// The card of the rules in force.
pub fn card(rules: &Rules) -> Card {
    let preset = rules.variant.rules();
    let changed = RuleKey::every()
        .filter(|&k| rules.get(k) != preset.get(k))
        .map(|k| option_card(k, &rules.get(k)))
        .collect();
    Card {
        variant: rules.variant,
        text_key: format!("learn.variant.{}", rules.variant.id()),
        changed,
    }
}

/// An option's card for its value as written (`on`, `each`, `12`, …):
/// numbers fill one text, every other value has its own.
pub fn option_card(key: RuleKey, value: &str) -> OptionCard {
    let numeric = value.bytes().all(|b| b.is_ascii_digit()) && !value.is_empty();
    let (text_key, args) = if numeric {
        (format!("learn.opt.{}", key.key()), vec![value.to_string()])
    } else {
        (format!("learn.opt.{}.{value}", key.key()), Vec::new())
    };
    OptionCard { key, text_key, args }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every option value the new-game dialog can set, as written: the texts
    /// the catalogues must hold.
    fn every_option_value() -> Vec<(RuleKey, String)> {
        let mut out = Vec::new();
        for key in RuleKey::every() {
            let values: Vec<String> = match key {
                RuleKey::Pieces => vec!["5".into()],
                RuleKey::EndgameDraw | RuleKey::NMove => vec!["off".into(), "10".into()],
                _ => key.values().split('|').map(str::to_string).collect(),
            };
            out.extend(values.into_iter().map(|v| (key, v)));
        }
        out
    }

    fn rules(text: &str) -> Rules {
        let (variant, opts) = text.split_once(':').unwrap_or((text, ""));
        let Ok(v) = variant.parse::<Variant>() else {
            unreachable!("{text}")
        };
        let mut r = v.rules();
        for kv in opts.split(',').filter(|s| !s.is_empty()) {
            assert!(r.apply(kv).is_ok(), "{kv}");
        }
        r
    }

    #[test]
    fn a_preset_shows_its_variant_card_alone() {
        for v in Variant::every() {
            let c = card(&v.rules());
            assert_eq!(c.variant, v);
            assert_eq!(c.text_key, format!("learn.variant.{}", v.id()));
            assert!(c.changed.is_empty(), "{v:?}: {:?}", c.changed);
        }
    }

    #[test]
    fn only_the_options_that_differ_from_the_preset_are_shown() {
        let c = card(&rules("nine:flying=off,mill-takes=each"));
        let keys: Vec<&str> = c.changed.iter().map(|o| o.text_key.as_str()).collect();
        assert_eq!(keys, ["learn.opt.flying.off", "learn.opt.mill-takes.each"]);
        // Flying on is a change for Three Men's Morris, not for Nine.
        let three = card(&rules("three:flying=on"));
        assert_eq!(three.changed[0].text_key, "learn.opt.flying.on");
        let m = card(&rules("morabaraba:endgame-draw=off,n-move=20,pieces=11"));
        let shown: Vec<(&str, Vec<String>)> = m
            .changed
            .iter()
            .map(|o| (o.text_key.as_str(), o.args.clone()))
            .collect();
        assert_eq!(
            shown,
            [
                ("learn.opt.pieces", vec!["11".to_string()]),
                ("learn.opt.endgame-draw.off", vec![]),
                ("learn.opt.n-move", vec!["20".to_string()]),
            ]
        );
    }

    #[test]
    fn a_world_set_changed_shows_the_options_of_section_7() {
        let c = card(&rules("dooz:blocked=pass,misere=on,flying=four"));
        let keys: Vec<&str> = c.changed.iter().map(|o| o.text_key.as_str()).collect();
        assert_eq!(
            keys,
            [
                "learn.opt.flying.four",
                "learn.opt.blocked.pass",
                "learn.opt.misere.on"
            ]
        );
        assert_eq!(c.text_key, "learn.variant.dooz");
        let el_filja = card(&rules("el-filja:placing-mill=remove"));
        assert_eq!(el_filja.changed[0].text_key, "learn.opt.placing-mill.remove");
    }

    #[test]
    fn every_card_has_its_text_in_every_language() {
        use crate::i18n::Lang;
        let mut keys: Vec<String> = Variant::every()
            .map(|v| format!("learn.variant.{}", v.id()))
            .collect();
        keys.extend(
            every_option_value()
                .iter()
                .map(|(k, v)| option_card(*k, v).text_key),
        );
        for lang in Lang::ALL {
            for k in &keys {
                let text = lang.fmt(k, &["12"]);
                assert_ne!(&text, k, "{lang:?} has no text for {k}");
                assert!(!text.contains('{'), "{lang:?} {k}: {text}");
            }
        }
    }

    #[test]
    fn the_world_texts_are_translated_not_copied() {
        use crate::i18n::Lang;
        let mut keys: Vec<String> = Variant::WORLD
            .iter()
            .map(|v| format!("learn.variant.{}", v.id()))
            .collect();
        keys.extend(
            every_option_value()
                .iter()
                .filter(|(k, _)| RuleKey::WORLD.contains(k))
                .map(|(k, v)| option_card(*k, v).text_key),
        );
        keys.extend(RuleKey::WORLD.iter().map(|k| format!("opt.{}", k.key())));
        for lang in Lang::ALL.into_iter().filter(|&l| l != Lang::En) {
            for k in &keys {
                assert_ne!(lang.t(k), Lang::En.t(k), "{lang:?}: {k} is the English text");
            }
        }
    }
}
