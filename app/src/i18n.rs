//! The words of the interface, one catalogue per language.
//!
//! Each catalogue is a text file beside this module (`i18n/en.txt`, …),
//! one `key = text` a line, `{0}`, `{1}` filled in by [`Lang::fmt`]. A
//! counted phrase gives one line per plural category of its language,
//! `key[one] = {0} piece`, `key[other] = {0} pieces` (the categories are
//! CLDR's, see [`crate::plural`]); its `{0}` is the count, which picks
//! the form. English is the reference: a key missing elsewhere
//! falls back to it, and a test checks that every catalogue has every key,
//! the same placeholders and the forms its language needs.
//!
//! Only English is inside the app's WebAssembly: the first load is small.
//! The others are files the page fetches (`i18n/<file>.txt`, copied by
//! Trunk) and hands to [`Lang::install`]; native builds (the tests) carry
//! them all.

use std::collections::HashMap;
use std::sync::OnceLock;

use crate::plural::Rule;

type Catalogue = HashMap<&'static str, &'static str>;

/// A language of the interface.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Lang {
    En,
    De,
    Es,
    Fr,
    It,
    Nl,
    Pl,
    PtBr,
    PtPt,
    Ru,
    Tr,
    Ar,
}

const COUNT: usize = 12;

impl Lang {
    /// In the picker's order: by the name each gives itself, Latin script first.
    pub const ALL: [Lang; COUNT] = [
        Lang::De,
        Lang::En,
        Lang::Es,
        Lang::Fr,
        Lang::It,
        Lang::Nl,
        Lang::Pl,
        Lang::PtBr,
        Lang::PtPt,
        Lang::Tr,
        Lang::Ru,
        Lang::Ar,
    ];

    /// The BCP 47 code, as `<html lang>` wants it and as the choice is saved.
    pub const fn code(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::De => "de",
            Lang::Es => "es",
            Lang::Fr => "fr",
            Lang::It => "it",
            Lang::Nl => "nl",
            Lang::Pl => "pl",
            Lang::PtBr => "pt-BR",
            Lang::PtPt => "pt-PT",
            Lang::Ru => "ru",
            Lang::Tr => "tr",
            Lang::Ar => "ar",
        }
    }

    /// The catalogue's file name in `i18n/`, without `.txt`.
    pub const fn file(self) -> &'static str {
        match self {
            Lang::PtPt => "pt",
            l => l.code(),
        }
    }

    /// The language's name in itself, as the picker shows it: it is there
    /// before the language's catalogue is.
    pub const fn native_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::De => "Deutsch",
            Lang::Es => "Español",
            Lang::Fr => "Français",
            Lang::It => "Italiano",
            Lang::Nl => "Nederlands",
            Lang::Pl => "Polski",
            Lang::PtBr => "Português (Brasil)",
            Lang::PtPt => "Português (Portugal)",
            Lang::Ru => "Русский",
            Lang::Tr => "Türkçe",
            Lang::Ar => "العربية",
        }
    }

    /// The writing direction, as `<html dir>` wants it.
    pub const fn dir(self) -> &'static str {
        match self {
            Lang::Ar => "rtl",
            _ => "ltr",
        }
    }

    /// The decimal separator (CLDR's, with the Latin digits the app writes
    /// in every language).
    pub const fn decimal_separator(self) -> char {
        match self {
            Lang::En | Lang::Ar => '.',
            _ => ',',
        }
    }

    /// A number of tenths written with one decimal as the language writes
    /// it: 30 is "3.0" in English, "3,0" in German.
    pub fn tenths(self, tenths: u64) -> String {
        format!("{}{}{}", tenths / 10, self.decimal_separator(), tenths % 10)
    }

    /// The CLDR plural rule of the language.
    pub const fn plural_rule(self) -> Rule {
        match self {
            Lang::En | Lang::De | Lang::Nl | Lang::Tr => Rule::OneOther,
            Lang::It | Lang::Es | Lang::PtPt => Rule::OneManyOther,
            Lang::Fr | Lang::PtBr => Rule::ZeroOneManyOther,
            Lang::Pl => Rule::Polish,
            Lang::Ru => Rule::Russian,
            Lang::Ar => Rule::Arabic,
        }
    }

    /// The language for a code such as `de-AT`; `None` if not offered. Any
    /// region takes the language; Portuguese goes by it: `pt-BR` and a bare
    /// `pt` (CLDR's `pt` is Brazil's) are Brazilian, `pt-PT`, `pt-AO` and
    /// the other regions, which follow Portugal's spelling, European.
    pub fn from_code(code: &str) -> Option<Lang> {
        let mut parts = code.split(['-', '_']);
        let primary = parts.next().unwrap_or("").to_ascii_lowercase();
        match (primary.as_str(), parts.next()) {
            ("pt", None) => Some(Lang::PtBr),
            ("pt", Some(region)) if region.eq_ignore_ascii_case("br") => Some(Lang::PtBr),
            ("pt", Some(_)) => Some(Lang::PtPt),
            (p, _) => Lang::ALL.into_iter().find(|l| l.code() == p),
        }
    }

    /// A saved choice: its code, except that a plain `pt` was saved when
    /// European Portuguese was the only one.
    pub fn from_saved(code: &str) -> Option<Lang> {
        match code {
            "pt" => Some(Lang::PtPt),
            c => Lang::from_code(c),
        }
    }

    /// The first offered language among the browser's, English otherwise.
    pub fn pick<'a>(preferred: impl IntoIterator<Item = &'a str>) -> Lang {
        preferred
            .into_iter()
            .find_map(Lang::from_code)
            .unwrap_or(Lang::En)
    }

    /// The catalogue built into this program: English always, the others
    /// only in native builds (tests); the app fetches them.
    fn bundled(self) -> Option<&'static str> {
        #[cfg(not(target_arch = "wasm32"))]
        {
            Some(match self {
                Lang::En => include_str!("i18n/en.txt"),
                Lang::De => include_str!("i18n/de.txt"),
                Lang::Es => include_str!("i18n/es.txt"),
                Lang::Fr => include_str!("i18n/fr.txt"),
                Lang::It => include_str!("i18n/it.txt"),
                Lang::Nl => include_str!("i18n/nl.txt"),
                Lang::Pl => include_str!("i18n/pl.txt"),
                Lang::PtBr => include_str!("i18n/pt-BR.txt"),
                Lang::PtPt => include_str!("i18n/pt.txt"),
                Lang::Ru => include_str!("i18n/ru.txt"),
                Lang::Tr => include_str!("i18n/tr.txt"),
                Lang::Ar => include_str!("i18n/ar.txt"),
            })
        }
        #[cfg(target_arch = "wasm32")]
        {
            (self == Lang::En).then_some(include_str!("i18n/en.txt"))
        }
    }

    fn slot(self) -> &'static OnceLock<Catalogue> {
        static CATALOGUES: [OnceLock<Catalogue>; COUNT] = [const { OnceLock::new() }; COUNT];
        &CATALOGUES[self as usize]
    }

    fn catalogue(self) -> Option<&'static Catalogue> {
        let slot = self.slot();
        if let Some(c) = slot.get() {
            return Some(c);
        }
        let source = self.bundled()?;
        Some(slot.get_or_init(|| parse(source)))
    }

    /// Whether the language's words are here (built in or installed).
    pub fn is_ready(self) -> bool {
        self.catalogue().is_some()
    }

    /// Takes the fetched text of the language's catalogue; false if it is
    /// not one (a server's error page, say). The text lives as long as the
    /// page: a language is installed once.
    pub fn install(self, text: String) -> bool {
        if self.is_ready() {
            return true;
        }
        let catalogue = parse(Box::leak(text.into_boxed_str()));
        if !catalogue.contains_key("app.title") {
            return false;
        }
        let _ = self.slot().set(catalogue);
        true
    }

    /// The text for `key`; English's if this language's words are not
    /// here or lack it, the key itself if no catalogue has it.
    pub fn t(self, key: &str) -> String {
        self.fmt(key, &[])
    }

    /// The text for `key` with `{0}`, `{1}`, … filled in. For a counted
    /// phrase, `{0}` is the count and picks the form.
    pub fn fmt(self, key: &str, args: &[&str]) -> String {
        let count = args.first().and_then(|a| a.parse().ok());
        let template = self.text(key, count).or_else(|| Lang::En.text(key, count));
        fill(template.unwrap_or(key), args)
    }

    fn text(self, key: &str, count: Option<u64>) -> Option<&'static str> {
        let catalogue = self.catalogue()?;
        if let Some(plain) = catalogue.get(key) {
            return Some(plain);
        }
        let form = |c: &str| catalogue.get(format!("{key}[{c}]").as_str()).copied();
        count
            .and_then(|n| form(self.plural_rule().category(n).name()))
            .or_else(|| form("other"))
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
    #[test]
    fn decimals_are_written_as_each_language_writes_them() {
        assert_eq!(super::Lang::En.tenths(30), "3.0");
        assert_eq!(super::Lang::De.tenths(30), "3,0");
        assert_eq!(super::Lang::Fr.tenths(75), "7,5");
        assert_eq!(super::Lang::Ru.tenths(5), "0,5");
    }

    use super::*;
    use crate::plural::Plural;

    /// `key[form]` split; a plain key has no form.
    fn split(key: &str) -> (&str, Option<&str>) {
        match key.strip_suffix(']').and_then(|k| k.split_once('[')) {
            Some((base, form)) => (base, Some(form)),
            None => (key, None),
        }
    }

    /// The placeholders of a text, `{0}`, `{1}`, … as numbers, sorted.
    fn placeholders(text: &str) -> Vec<usize> {
        let mut out: Vec<usize> = text
            .split('{')
            .skip(1)
            .filter_map(|s| s.split_once('}'))
            .filter_map(|(n, _)| n.parse().ok())
            .collect();
        out.sort_unstable();
        out.dedup();
        out
    }

    /// Whether a category holds a single whole number ("one" in English is
    /// 1 alone, in Russian also 21): only then may a form leave the count out.
    fn single_number(lang: Lang, form: Plural) -> bool {
        (0..=1200)
            .filter(|&n| lang.plural_rule().category(n) == form)
            .count()
            == 1
    }

    /// A catalogue as native builds carry it (empty if missing, which the
    /// tests then report key by key).
    fn bundled(lang: Lang) -> Catalogue {
        lang.bundled().map(parse).unwrap_or_default()
    }

    fn problems(lang: Lang) -> Vec<String> {
        let (en, cat) = (bundled(Lang::En), bundled(lang));
        let mut out = Vec::new();
        let plural_in_en = |base: &str| en.contains_key(format!("{base}[other]").as_str());
        for key in en.keys() {
            match split(key) {
                (_, None) if !cat.contains_key(key) => out.push(format!("misses {key}")),
                (base, Some("other")) => {
                    for form in lang.plural_rule().categories() {
                        let k = format!("{base}[{}]", form.name());
                        if !cat.contains_key(k.as_str()) {
                            out.push(format!("misses {k}"));
                        }
                    }
                }
                _ => {}
            }
        }
        for (key, text) in &cat {
            let (base, form) = split(key);
            let wanted = match form {
                None if en.contains_key(key) => placeholders(en[key]),
                Some(f) if plural_in_en(base) => {
                    let Some(f) = lang.plural_rule().categories().iter().find(|c| c.name() == f) else {
                        out.push(format!("has {key}: not a form of its language"));
                        continue;
                    };
                    let mut want = placeholders(en[format!("{base}[other]").as_str()]);
                    if single_number(lang, *f) && !placeholders(text).contains(&0) {
                        want.retain(|&p| p != 0);
                    }
                    want
                }
                _ => {
                    out.push(format!(
                        "has {key}, which English lacks (or has in another shape)"
                    ));
                    continue;
                }
            };
            if placeholders(text) != wanted {
                out.push(format!(
                    "{key} has placeholders {:?}, English {wanted:?}",
                    placeholders(text)
                ));
            }
        }
        out.sort();
        out
    }

    #[test]
    fn every_catalogue_has_every_key_form_and_placeholder() {
        for lang in Lang::ALL {
            assert_eq!(
                problems(lang),
                Vec::<String>::new(),
                "{lang:?} ({}.txt)",
                lang.file()
            );
        }
    }

    #[test]
    fn english_counted_phrases_have_both_forms() {
        let en = bundled(Lang::En);
        for key in en.keys() {
            if let (base, Some(_)) = split(key) {
                for form in ["one", "other"] {
                    assert!(
                        en.contains_key(format!("{base}[{form}]").as_str()),
                        "{base}[{form}]"
                    );
                }
                assert!(!en.contains_key(base), "{base} is both plain and counted");
            }
        }
    }

    #[test]
    fn keys_made_from_names_exist() {
        use morris_core::{RuleKey, Variant};
        let en = bundled(Lang::En);
        let mut keys: Vec<String> = Vec::new();
        keys.extend(Variant::every().map(|v| format!("variant.{}", v.id())));
        keys.extend(RuleKey::every().map(|k| format!("opt.{}", k.key())));
        keys.extend(["dialog.classic", "dialog.world", "dialog.world-options"].map(String::from));
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
                "pass",
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
    fn counts_take_their_language_form() {
        let lost = |lang: Lang, n: u64| lang.fmt("seat.lost", &[&n.to_string()]);
        assert_eq!(lost(Lang::PtPt, 1), "1 perdida");
        assert_eq!(lost(Lang::PtPt, 0), "0 perdidas");
        assert_eq!(lost(Lang::PtBr, 0), "0 perdida");
        assert_eq!(lost(Lang::En, 1), "1 lost");
        let ru: Vec<String> = [1, 2, 5, 21].map(|n| lost(Lang::Ru, n)).into();
        assert_eq!(ru, ["1 потеряна", "2 потеряны", "5 потеряно", "21 потеряна"]);
        let pl: Vec<String> = [1, 3, 7, 22].map(|n| lost(Lang::Pl, n)).into();
        assert_eq!(pl, ["1 stracony", "3 stracone", "7 straconych", "22 stracone"]);
        for n in [0, 1, 2, 3, 11, 100] {
            let text = lost(Lang::Ar, n);
            assert!(!text.contains('{') && !text.is_empty(), "{n}: {text}");
        }
        assert_ne!(
            lost(Lang::Ar, 3),
            lost(Lang::Ar, 11),
            "few and many differ in Arabic"
        );
        assert_eq!(
            Lang::En.fmt("recent.line", &["1", "Two players"]),
            "Two players · 1 move played"
        );
        assert_eq!(Lang::En.fmt("no.such.key", &["3"]), "no.such.key");
        assert_eq!(
            Lang::PtPt.fmt("seat.lost", &["x"]),
            "x perdidas",
            "not a number: the other form"
        );
    }

    #[test]
    fn picks_from_the_browser_languages() {
        assert_eq!(Lang::pick(["ja", "de-DE", "pt-BR", "en"]), Lang::De);
        assert_eq!(Lang::pick(["pt-BR", "pt"]), Lang::PtBr);
        assert_eq!(Lang::pick(["pt-PT", "pt"]), Lang::PtPt);
        assert_eq!(Lang::pick(["pt_AO"]), Lang::PtPt);
        assert_eq!(Lang::pick(["pt"]), Lang::PtBr);
        assert_eq!(Lang::pick(["ar-EG"]), Lang::Ar);
        assert_eq!(Lang::pick(["fr-CA"]), Lang::Fr);
        assert_eq!(Lang::pick(["ja"]), Lang::En);
        assert_eq!(
            Lang::from_saved("pt"),
            Some(Lang::PtPt),
            "saved when pt-PT was the only one"
        );
        for lang in Lang::ALL {
            assert_eq!(Lang::from_saved(lang.code()), Some(lang));
            assert_eq!(Lang::from_code(lang.code()), Some(lang));
        }
        assert_eq!(Lang::It.fmt("seat.computer", &["3"]), "Computer · livello 3");
    }

    #[test]
    fn only_real_catalogues_install() {
        assert!(Lang::En.is_ready());
        assert!(Lang::Ar.install(String::new()), "a language already here stays");
        assert_eq!(Lang::Ar.dir(), "rtl");
        assert_eq!(Lang::PtBr.file(), "pt-BR");
        assert_eq!(Lang::PtPt.file(), "pt");
    }
}
