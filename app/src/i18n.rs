//! The words of the interface, one catalogue per language.
//!
//! Each catalogue is a text file beside this module (`i18n/en.txt`, …),
//! one `key = text` a line, `{0}`, `{1}` filled in by [`Lang::fmt`]. English
//! is the reference: a key missing elsewhere falls back to it, and a test
//! checks that no catalogue misses one.

use std::collections::HashMap;
use std::sync::OnceLock;

/// A language of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
    It,
    Pt,
}

impl Lang {
    pub const ALL: [Lang; 3] = [Lang::En, Lang::It, Lang::Pt];

    /// The BCP 47 code, as `<html lang>` wants it.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::It => "it",
            Lang::Pt => "pt",
        }
    }

    /// The language for a code such as `pt-BR`; `None` if not offered.
    pub fn from_code(code: &str) -> Option<Lang> {
        let primary = code.split(['-', '_']).next().unwrap_or("").to_ascii_lowercase();
        Lang::ALL.into_iter().find(|l| l.code() == primary)
    }

    /// The first offered language among the browser's, English otherwise.
    pub fn pick<'a>(preferred: impl IntoIterator<Item = &'a str>) -> Lang {
        preferred
            .into_iter()
            .find_map(Lang::from_code)
            .unwrap_or(Lang::En)
    }

    const fn source(self) -> &'static str {
        match self {
            Lang::En => include_str!("i18n/en.txt"),
            Lang::It => include_str!("i18n/it.txt"),
            Lang::Pt => include_str!("i18n/pt.txt"),
        }
    }

    fn catalogue(self) -> &'static HashMap<&'static str, &'static str> {
        static CATALOGUES: OnceLock<[HashMap<&'static str, &'static str>; 3]> = OnceLock::new();
        let all = CATALOGUES.get_or_init(|| Lang::ALL.map(|l| parse(l.source())));
        &all[self as usize]
    }

    /// The text for `key`; the key itself if no catalogue has it.
    pub fn t(self, key: &str) -> String {
        self.catalogue()
            .get(key)
            .or_else(|| Lang::En.catalogue().get(key))
            .map_or_else(|| key.to_string(), |s| s.to_string())
    }

    /// The text for `key` with `{0}`, `{1}`, … filled in.
    pub fn fmt(self, key: &str, args: &[&str]) -> String {
        fill(&self.t(key), args)
    }
}

/// Fills `{0}`, `{1}`, … in one pass over the template: what an argument
/// brings (a name holding `{1}`, say) is never read as a placeholder. A
/// placeholder without an argument stays as written.
fn fill(template: &str, args: &[&str]) -> String {
    let mut out = String::with_capacity(template.len());
    let mut rest = template;
    while let Some(open) = rest.find('{') {
        out.push_str(&rest[..open]);
        let after = &rest[open + 1..];
        let arg = after.split_once('}').and_then(|(n, tail)| {
            let i: usize = n.parse().ok().filter(|_| n.bytes().all(|b| b.is_ascii_digit()))?;
            Some((args.get(i)?, tail))
        });
        match arg {
            Some((a, tail)) => {
                out.push_str(a);
                rest = tail;
            }
            None => {
                out.push('{');
                rest = after;
            }
        }
    }
    out.push_str(rest);
    out
}

fn parse(source: &'static str) -> HashMap<&'static str, &'static str> {
    source
        .lines()
        .map(str::trim)
        .filter(|l| !l.is_empty() && !l.starts_with('#'))
        .filter_map(|l| l.split_once('='))
        .map(|(k, v)| (k.trim(), v.trim()))
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_catalogue_has_every_key() {
        let en = Lang::En.catalogue();
        for lang in Lang::ALL {
            let cat = lang.catalogue();
            let mut missing: Vec<_> = en.keys().filter(|k| !cat.contains_key(*k)).collect();
            missing.sort();
            assert!(missing.is_empty(), "{lang:?} misses {missing:?}");
            let mut extra: Vec<_> = cat.keys().filter(|k| !en.contains_key(*k)).collect();
            extra.sort();
            assert!(extra.is_empty(), "{lang:?} has unknown {extra:?}");
        }
    }

    #[test]
    fn keys_made_from_names_exist() {
        use morris_core::{RuleKey, Variant};
        let en = Lang::En.catalogue();
        let mut keys: Vec<String> = Vec::new();
        keys.extend(Variant::ALL.iter().map(|v| format!("variant.{}", v.id())));
        keys.extend(RuleKey::ALL.iter().map(|k| format!("opt.{}", k.key())));
        keys.extend(
            [
                "new-game",
                "undo",
                "redo",
                "hint",
                "offer-draw",
                "accept-draw",
                "decline-draw",
                "resign",
                "confirm",
                "cancel",
                "rematch",
                "accept-rematch",
            ]
            .iter()
            .map(|a| format!("action.{a}")),
        );
        let missing: Vec<_> = keys.iter().filter(|k| !en.contains_key(k.as_str())).collect();
        assert!(missing.is_empty(), "{missing:?}");
    }

    #[test]
    fn placeholders_are_filled_in_one_pass() {
        assert_eq!(fill("{0} and {1}", &["{1}", "x"]), "{1} and x");
        assert_eq!(fill("{1}{0}", &["a", "{0}"]), "{0}a");
        assert_eq!(fill("{2} {x} {", &["a"]), "{2} {x} {");
        assert_eq!(fill("{+0}{00}", &["a"]), "{+0}a");
        assert_eq!(
            Lang::En.fmt("room.you-named", &["{0}{1}"]),
            "You ({0}{1})",
            "a name that looks like a placeholder is shown as typed"
        );
    }

    #[test]
    fn picks_from_the_browser_languages() {
        assert_eq!(Lang::pick(["de-DE", "pt-BR", "en"]), Lang::Pt);
        assert_eq!(Lang::pick(["it"]), Lang::It);
        assert_eq!(Lang::pick(["fr"]), Lang::En);
        assert_eq!(Lang::It.fmt("seat.computer", &["3"]), "Computer · livello 3");
    }
}
