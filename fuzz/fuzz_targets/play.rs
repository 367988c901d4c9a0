//! Random legal play chosen by the fuzz bytes under fuzzed rules: every
//! generated move is legal, resolves from its own notation, and the game's
//! record and every position text round-trip.
#![no_main]

use libfuzzer_sys::fuzz_target;
use morris_core::{BoardKind, Game, MillTakes, Removal, RuleKey, Rules, Variant};

fn rules_from(bytes: &[u8; 4]) -> Rules {
    // The classic variants first, so that a byte below 8 names the same
    // variant as before the §7 sets came.
    let variants: Vec<Variant> = Variant::every().collect();
    let mut r = variants[bytes[0] as usize % variants.len()].rules();
    let b = bytes[1];
    r.flying ^= b & 1 != 0;
    r.removal = [Removal::Protected, Removal::Always, Removal::Never][(b >> 1) as usize % 3];
    r.mill_takes = if b & 8 != 0 {
        MillTakes::Each
    } else {
        MillTakes::One
    };
    r.no_reform ^= b & 16 != 0;
    r.move_in_placing ^= b & 32 != 0;
    r.mill_wins ^= b & 64 != 0;
    r.threefold ^= b & 128 != 0;
    let c = bytes[2];
    if c & 1 != 0 {
        r.board = BoardKind::EVERY[(c >> 1) as usize % BoardKind::EVERY.len()];
        r.pieces = [3, 6, 9, 10, 11, 12, 5, 7][(c >> 4) as usize % 8];
    }
    if bytes[3] & 1 != 0 {
        let _ = r.set(RuleKey::First, "dark");
    }
    if bytes[3] & 2 != 0 {
        let _ = r.set(RuleKey::EndgameDraw, "2");
    }
    if bytes[3] & 4 != 0 {
        let _ = r.set(RuleKey::NMove, "3");
    }
    // The options of RULES.md §7, from the high bits.
    let w = bytes[3] >> 3;
    if w != 0 {
        let placing = ["remove", "hand", "hand-again", "mark", "count"];
        let blocked = ["loses", "draw", "pass", "remove-move", "remove-pass", "both-remove"];
        let full = ["draw", "loss", "light-dark", "dark-light", "first-mover"];
        let flying = ["on", "off", "four", "always"];
        let c = usize::from(bytes[2]);
        let _ = r.set(RuleKey::PlacingMill, placing[usize::from(w) % placing.len()]);
        let _ = r.set(RuleKey::Blocked, blocked[c % blocked.len()]);
        let _ = r.set(RuleKey::BoardFull, full[(c / 8) % full.len()]);
        let _ = r.set(RuleKey::Flying, flying[usize::from(w >> 2) % flying.len()]);
        for (bit, key) in [
            (1, RuleKey::OneTimeMill),
            (2, RuleKey::Custodian),
            (4, RuleKey::Intervention),
            (8, RuleKey::SecondMovesFirst),
            (16, RuleKey::Misere),
        ] {
            if usize::from(bytes[1]).wrapping_add(c) & bit != 0 {
                let _ = r.set(key, "on");
            }
        }
    }
    r
}

fuzz_target!(|data: &[u8]| {
    let Some((head, choices)) = data.split_first_chunk::<4>() else {
        return;
    };
    let rules = rules_from(head);
    if rules.validate().is_err() {
        return;
    }
    let mut game = Game::new(rules);
    for &c in choices {
        if game.outcome().is_some() {
            break;
        }
        let pos = *game.position();
        let legal = pos.legal_moves();
        assert_eq!(pos.count_moves(), legal.len() as u64);
        assert_eq!(legal.is_empty(), pos.terminal().is_some());
        if legal.is_empty() {
            break;
        }
        let m = legal[c as usize % legal.len()];
        assert!(pos.is_legal(m));
        let text = pos.notation(m);
        assert_eq!(pos.parse_move(&text), Ok(m), "{text} in {pos}");
        game.play_text(&text).expect("a generated move plays");
        let now = game.position();
        let reread: morris_core::Position = now.to_string().parse().expect("positions are writable");
        assert_eq!(&reread, now);
    }
    let record = game.record();
    let back = Game::from_record(&record).unwrap_or_else(|e| panic!("{e}\n{record}"));
    assert_eq!(back, game);
    let moves = game.moves().len();
    for _ in 0..moves {
        game.undo();
    }
    assert_eq!(game.position(), back.start());
});
