//! Rule options: `Rules` text and `key=value` pairs never panic, and valid
//! rules print back to the same rules.
#![no_main]

use libfuzzer_sys::fuzz_target;
use morris_core::{Position, RuleKey, Rules};

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    if let Ok(rules) = text.parse::<Rules>() {
        let again: Rules = rules.to_string().parse().expect("printed rules parse");
        assert_eq!(again, rules);
        let _ = Position::new(rules).legal_moves();
    }
    let mut rules = Rules::default();
    for pair in text.split([',', ' ']) {
        if rules.apply(pair).is_ok() && rules.validate().is_ok() {
            for key in RuleKey::every() {
                let mut copy = rules;
                copy.set(key, &rules.get(key)).expect("a value read back sets");
                assert_eq!(copy, rules);
            }
            let again: Rules = rules.to_string().parse().expect("printed rules parse");
            assert_eq!(again, rules);
        }
    }
});
