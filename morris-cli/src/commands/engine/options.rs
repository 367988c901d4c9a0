//! The engine's number and switch options: one table that `uci` prints
//! and `setoption` reads, so what is advertised is what is accepted (the
//! files `Tablebases` and `Book`, the `Variant` and the rules are read by
//! `setoption` beside it, as they load files or set the rules).

use morris_engine::{Level, PlacingLimits, MAX_PLACING_EFFORT, MAX_THREADS};

use crate::setup::MAX_HASH_MB;

/// The most lines `MultiPV` reports.
pub(super) const MAX_MULTI_PV: usize = 64;

/// The engine options that are not rules.
#[derive(Clone, Copy, Debug)]
pub(super) struct Options {
    pub hash_mb: usize,
    pub threads: usize,
    pub level: Level,
    pub multi_pv: usize,
    pub seed: u64,
    pub ultra_strong: bool,
    pub placing: PlacingLimits,
    pub placing_effort: u32,
    /// The levels from `network_from_level` up evaluate Nine's moving
    /// phase with the learned network.
    pub use_network: bool,
    pub network_from_level: u8,
}

/// What values an option takes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Kind {
    /// A whole number from `min` to `max`.
    Spin { min: u64, max: u64 },
    /// `true` or `false` (held as 1 or 0).
    Check,
}

/// One option: its UCI name, its values, and where it is kept.
pub(super) struct EngineOption {
    pub name: &'static str,
    pub kind: Kind,
    get: fn(&Options) -> u64,
    /// Takes only values `kind` allows.
    set: fn(&mut Options, u64),
}

/// `n`, known to be at most `T::MAX`, as a `T`.
fn fit<T: TryFrom<u64> + Copy>(n: u64, max: T) -> T {
    T::try_from(n).unwrap_or(max)
}

/// Every number and switch option, in the order `uci` lists them.
pub(super) const OPTIONS: [EngineOption; 11] = [
    EngineOption {
        name: "Hash",
        kind: Kind::Spin {
            min: 1,
            max: MAX_HASH_MB as u64,
        },
        get: |o| o.hash_mb as u64,
        set: |o, n| o.hash_mb = fit(n, usize::MAX),
    },
    EngineOption {
        name: "Threads",
        kind: Kind::Spin {
            min: 1,
            max: MAX_THREADS as u64,
        },
        get: |o| o.threads as u64,
        set: |o, n| o.threads = fit(n, usize::MAX),
    },
    EngineOption {
        name: "Level",
        kind: Kind::Spin {
            min: Level::MIN as u64,
            max: Level::MAX as u64,
        },
        get: |o| u64::from(o.level.number()),
        set: |o, n| o.level = Level::new(fit(n, u8::MAX)).unwrap_or(o.level),
    },
    EngineOption {
        name: "MultiPV",
        kind: Kind::Spin {
            min: 1,
            max: MAX_MULTI_PV as u64,
        },
        get: |o| o.multi_pv as u64,
        set: |o, n| o.multi_pv = fit(n, usize::MAX),
    },
    EngineOption {
        name: "Seed",
        kind: Kind::Spin {
            min: 0,
            max: u64::MAX,
        },
        get: |o| o.seed,
        set: |o, n| o.seed = n,
    },
    EngineOption {
        name: "UltraStrong",
        kind: Kind::Check,
        get: |o| u64::from(o.ultra_strong),
        set: |o, n| o.ultra_strong = n == 1,
    },
    EngineOption {
        name: "PlacingSolvePlies",
        kind: Kind::Spin {
            min: 0,
            max: u8::MAX as u64,
        },
        get: |o| u64::from(o.placing.plies),
        set: |o, n| o.placing.plies = fit(n, u8::MAX),
    },
    EngineOption {
        name: "PlacingSolveNodes",
        kind: Kind::Spin {
            min: 1,
            max: u64::MAX,
        },
        get: |o| o.placing.nodes,
        set: |o, n| o.placing.nodes = n,
    },
    EngineOption {
        name: "PlacingEffort",
        kind: Kind::Spin {
            min: 1,
            max: MAX_PLACING_EFFORT as u64,
        },
        get: |o| u64::from(o.placing_effort),
        set: |o, n| o.placing_effort = fit(n, MAX_PLACING_EFFORT),
    },
    EngineOption {
        name: "UseNetwork",
        kind: Kind::Check,
        get: |o| u64::from(o.use_network),
        set: |o, n| o.use_network = n == 1,
    },
    EngineOption {
        name: "NetworkFromLevel",
        kind: Kind::Spin {
            min: Level::MIN as u64,
            max: Level::MAX as u64,
        },
        get: |o| u64::from(o.network_from_level),
        set: |o, n| o.network_from_level = fit(n, Level::MAX),
    },
];

impl EngineOption {
    /// The option named `name` (in any case), if it is in the table.
    pub fn find(name: &str) -> Option<&'static EngineOption> {
        OPTIONS.iter().find(|o| o.name.eq_ignore_ascii_case(name))
    }

    /// The `option name …` line `uci` prints, with `options`' value as the default.
    pub fn line(&self, options: &Options) -> String {
        let value = (self.get)(options);
        match self.kind {
            Kind::Spin { min, max } => {
                format!(
                    "option name {} type spin default {value} min {min} max {max}",
                    self.name
                )
            }
            Kind::Check => format!("option name {} type check default {}", self.name, value == 1),
        }
    }

    /// Sets the option in `options` from `text`, or says why not (and
    /// leaves `options` as they were).
    pub fn set(&self, options: &mut Options, text: &str) -> Result<(), String> {
        let what = format!("setoption {}", self.name);
        let n = match self.kind {
            Kind::Spin { min, max } => number(&what, text, min, max)?,
            Kind::Check => match text.to_ascii_lowercase().as_str() {
                "true" => 1,
                "false" => 0,
                v => return Err(format!("{what}: `{}` is not true or false", cut(v))),
            },
        };
        (self.set)(options, n);
        Ok(())
    }
}

/// `text` as a number from `min` to `max`, or an error that names `what`.
pub(super) fn number(what: &str, text: &str, min: u64, max: u64) -> Result<u64, String> {
    match text.trim().parse::<u64>() {
        Ok(n) if (min..=max).contains(&n) => Ok(n),
        _ => Err(format!(
            "{}: `{}` is not a number from {min} to {max}",
            cut(what),
            cut(text)
        )),
    }
}

/// A user's text cut to a length that fits in a one-line message.
pub(super) fn cut(s: &str) -> String {
    s.chars().take(32).collect()
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn defaults() -> Options {
        Options {
            hash_mb: 16,
            threads: 1,
            level: Level::new(Level::MAX).unwrap(),
            multi_pv: 1,
            seed: 0,
            ultra_strong: false,
            placing: PlacingLimits::default(),
            placing_effort: 1,
            use_network: false,
            network_from_level: Level::MAX,
        }
    }

    #[test]
    fn every_option_takes_its_bounds_and_refuses_past_them() {
        for option in &OPTIONS {
            let mut o = defaults();
            match option.kind {
                Kind::Spin { min, max } => {
                    for n in [min, max] {
                        option.set(&mut o, &n.to_string()).unwrap();
                        assert_eq!((option.get)(&o), n, "{}", option.name);
                        assert!(option
                            .line(&o)
                            .contains(&format!("default {n} min {min} max {max}")));
                    }
                    let past = u128::from(max) + 1;
                    assert!(option.set(&mut o, &past.to_string()).is_err(), "{}", option.name);
                    if let Some(below) = min.checked_sub(1) {
                        assert!(option.set(&mut o, &below.to_string()).is_err(), "{}", option.name);
                    }
                    assert!(option.set(&mut o, "-1").is_err(), "{}", option.name);
                    assert_eq!((option.get)(&o), max, "a refused value leaves {}", option.name);
                }
                Kind::Check => {
                    for (text, n) in [("true", 1), ("FALSE", 0)] {
                        option.set(&mut o, text).unwrap();
                        assert_eq!((option.get)(&o), n);
                    }
                    assert!(option.set(&mut o, "2").is_err());
                }
            }
        }
    }

    #[test]
    fn every_name_is_found_in_any_case() {
        for option in &OPTIONS {
            let found = EngineOption::find(&option.name.to_ascii_uppercase()).unwrap();
            assert_eq!(found.name, option.name);
        }
        assert!(EngineOption::find("Tablebases").is_none());
    }
}
