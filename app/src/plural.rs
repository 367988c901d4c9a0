//! Plural categories for counts, after the Unicode CLDR plural rules
//! (<https://www.unicode.org/cldr/charts/latest/supplemental/language_plural_rules.html>,
//! `common/supplemental/plurals.xml`), for whole numbers only: every count the
//! interface shows is one (pieces, moves, rooms). With no fraction digits the
//! CLDR operands reduce to `n = i` and `v = 0`, so each rule below is that
//! language's rule with the fraction conditions dropped.

/// A CLDR plural category: which form of a counted phrase a number takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Plural {
    Zero,
    One,
    Two,
    Few,
    Many,
    Other,
}

impl Plural {
    /// The category's CLDR name, as the catalogues write it: `key[few]`.
    pub const fn name(self) -> &'static str {
        match self {
            Plural::Zero => "zero",
            Plural::One => "one",
            Plural::Two => "two",
            Plural::Few => "few",
            Plural::Many => "many",
            Plural::Other => "other",
        }
    }
}

/// A language's rule, shared by the languages that have the same one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Rule {
    /// en, de, nl, tr: one `n = 1`.
    OneOther,
    /// it, es, pt-PT: one `n = 1`; many for whole millions ("1 milione di").
    OneManyOther,
    /// fr, pt (Brazil): one `i = 0,1`; many for whole millions.
    ZeroOneManyOther,
    /// pl: one `i = 1`; few `i % 10 = 2..4 and i % 100 != 12..14`; many the rest.
    Polish,
    /// ru: one `i % 10 = 1 and i % 100 != 11`; few as Polish; many the rest.
    Russian,
    /// ar: zero, one, two by value; few `n % 100 = 3..10`; many `n % 100 = 11..99`.
    Arabic,
}

use Plural::{Few, Many, One, Other, Two, Zero};

impl Rule {
    /// The category of the count `n`.
    pub const fn category(self, n: u64) -> Plural {
        let (m10, m100) = (n % 10, n % 100);
        let million = n != 0 && n % 1_000_000 == 0;
        match self {
            Rule::OneOther => {
                if n == 1 {
                    One
                } else {
                    Other
                }
            }
            Rule::OneManyOther => match n {
                1 => One,
                _ if million => Many,
                _ => Other,
            },
            Rule::ZeroOneManyOther => match n {
                0 | 1 => One,
                _ if million => Many,
                _ => Other,
            },
            Rule::Polish => match n {
                1 => One,
                _ if matches!(m10, 2..=4) && !matches!(m100, 12..=14) => Few,
                _ => Many,
            },
            Rule::Russian => match n {
                _ if m10 == 1 && m100 != 11 => One,
                _ if matches!(m10, 2..=4) && !matches!(m100, 12..=14) => Few,
                _ => Many,
            },
            Rule::Arabic => match n {
                0 => Zero,
                1 => One,
                2 => Two,
                _ if matches!(m100, 3..=10) => Few,
                _ if matches!(m100, 11..=99) => Many,
                _ => Other,
            },
        }
    }

    /// Every category a whole number can fall in: the forms a catalogue
    /// must give for each counted phrase (checked by the catalogue tests).
    #[cfg(test)]
    pub const fn categories(self) -> &'static [Plural] {
        match self {
            Rule::OneOther => &[One, Other],
            Rule::OneManyOther | Rule::ZeroOneManyOther => &[One, Many, Other],
            Rule::Polish | Rule::Russian => &[One, Few, Many],
            Rule::Arabic => &[Zero, One, Two, Few, Many, Other],
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn forms(rule: Rule, ns: &[u64]) -> Vec<&'static str> {
        ns.iter().map(|&n| rule.category(n).name()).collect()
    }

    #[test]
    fn cldr_examples() {
        // The integer samples of CLDR's plurals.xml for each rule.
        assert_eq!(
            forms(Rule::OneOther, &[0, 1, 2, 11]),
            ["other", "one", "other", "other"]
        );
        assert_eq!(
            forms(Rule::OneManyOther, &[0, 1, 2, 1_000_000]),
            ["other", "one", "other", "many"]
        );
        assert_eq!(
            forms(Rule::ZeroOneManyOther, &[0, 1, 2, 2_000_000]),
            ["one", "one", "other", "many"]
        );
        assert_eq!(
            forms(Rule::Polish, &[1, 2, 4, 5, 11, 12, 14, 21, 22, 25, 102, 112]),
            ["one", "few", "few", "many", "many", "many", "many", "many", "few", "many", "few", "many"]
        );
        assert_eq!(
            forms(Rule::Russian, &[1, 2, 5, 11, 12, 21, 22, 25, 101, 111, 0]),
            ["one", "few", "many", "many", "many", "one", "few", "many", "one", "many", "many"]
        );
        assert_eq!(
            forms(Rule::Arabic, &[0, 1, 2, 3, 10, 11, 99, 100, 102, 103, 111]),
            ["zero", "one", "two", "few", "few", "many", "many", "other", "other", "few", "many"]
        );
    }

    #[test]
    fn categories_are_exactly_those_reached() {
        for rule in [
            Rule::OneOther,
            Rule::OneManyOther,
            Rule::ZeroOneManyOther,
            Rule::Polish,
            Rule::Russian,
            Rule::Arabic,
        ] {
            let mut seen: Vec<Plural> = Vec::new();
            for n in (0..=1200).chain([1_000_000, 3_000_000]) {
                let c = rule.category(n);
                if !seen.contains(&c) {
                    seen.push(c);
                }
            }
            for c in rule.categories() {
                assert!(seen.contains(c), "{rule:?} never reaches {c:?}");
            }
            for c in &seen {
                assert!(rule.categories().contains(c), "{rule:?} reaches {c:?} unlisted");
            }
        }
    }
}
