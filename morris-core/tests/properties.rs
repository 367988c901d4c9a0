//! Properties of random games under every variant and a spread of option
//! sets: every generated move is legal and does what its notation says,
//! texts and keys round-trip, and taking moves back restores everything.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use morris_core::{
    split_records, Color, Game, Move, MoveText, Position, PositionError, Removal, Rules, Setup,
};
use proptest::prelude::*;

/// Every preset plus option sets that reach the less travelled code paths.
const RULE_SETS: &[&str] = &[
    "nine",
    "three",
    "six",
    "twelve",
    "morabaraba",
    "morabaraba-sotho",
    "morabaraba-11",
    "lasker",
    "nine:mill-takes=each",
    "nine:removal=always",
    "nine:removal=never",
    "nine:flying=off,first=dark",
    "nine:pieces=3",
    "nine:pieces=12,n-move=10",
    "twelve:board-full=loss,mill-takes=each",
    "morabaraba:removal=always,mill-takes=each",
    "morabaraba-sotho:mill-takes=each,first=dark",
    "lasker:mill-takes=each,removal=always",
    "six:flying=on,mill-takes=each",
    "three:mill-wins=off,flying=on",
    "three:mill-wins=off,removal=always",
    "nine:board=sotho,no-reform=on,endgame-draw=3,threefold=off",
    "nine:board=small,pieces=6,move-in-placing=on",
    "twelve:n-move=5,endgame-draw=2",
];

/// The named sets and options of docs/RULES.md §7.
const WORLD_SETS: &[&str] = &[
    "five",
    "seven",
    "dooz",
    "one-time-mill",
    "cham-gonu",
    "zhi-qi",
    "cheng-san-qi",
    "da-san-qi",
    "mul-mulan",
    "nerenchi",
    "el-filja",
    "nine:flying=four,blocked=pass",
    "six:flying=always,blocked=both-remove",
    "nine:placing-mill=hand-again,custodian=on",
    "nine:placing-mill=count,board-full=dark-light,pieces=12",
    "twelve:board-full=light-dark,blocked=remove-pass,misere=on",
    "nine:intervention=on,custodian=on,mill-takes=each,one-time-mill=on",
    "seven:second-moves-first=on,placing-mill=mark,blocked=remove-move",
];

fn rules(i: usize) -> Rules {
    RULE_SETS[i].parse().unwrap()
}

/// Checks one position and every legal move in it.
fn check_position(p: &Position) {
    check_texts(p, true);
}

/// Checks one position of a §7 rule set and its legal moves: what the
/// notation names is what the move takes off the board.
fn check_world_position(p: &Position) {
    check_texts(p, false);
    for m in p.legal_moves() {
        let q = p.play(m);
        let gone = (p.pieces(Color::Light) | p.pieces(Color::Dark))
            .minus(q.pieces(Color::Light) | q.pieces(Color::Dark));
        let mt: MoveText = p.notation(m).parse().unwrap();
        let named: morris_core::Bitboard = mt
            .removals
            .iter()
            .map(|&c| p.geometry().point_at(c).unwrap())
            .collect();
        let moved_from = m
            .from()
            .filter(|_| m.is_play())
            .map_or(morris_core::Bitboard::EMPTY, morris_core::Bitboard::from_point);
        assert_eq!(gone.minus(moved_from), named, "{} in {p}", p.notation(m));
        if m.is_play() {
            assert!(q.pieces(p.turn()).contains(m.to()), "{} in {p}", p.notation(m));
        }
    }
}

/// The texts of a position and of every legal move round-trip; with
/// `effect`, what each move does is checked against the classic rules.
fn check_texts(p: &Position, effect: bool) {
    // The text round-trips to the same position and the same key.
    let text = p.to_string();
    let back: Position = text
        .parse()
        .unwrap_or_else(|e| panic!("`{text}` does not parse back: {e}"));
    assert_eq!(back, *p, "{text}");
    assert_eq!(back.to_string(), text);
    // The incrementally kept key equals one computed from scratch.
    let fresh = Setup::from(*p).position().unwrap();
    assert_eq!(fresh.key(), p.key(), "{text}");
    assert_eq!(fresh.full_key(), p.full_key(), "{text}");

    let legal = p.legal_moves();
    assert_eq!(p.count_moves(), legal.len() as u64, "{text}");
    let mut sorted = legal.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(sorted.len(), legal.len(), "duplicate moves in {text}");
    assert_eq!(legal.is_empty(), p.terminal().is_some(), "{text}");

    for &m in &legal {
        assert!(p.is_legal(m));
        let n = p.notation(m);
        assert_eq!(p.parse_move(&n), Ok(m), "{n} in {text}");
        assert_eq!(p.parse_move(&n.to_ascii_uppercase()), Ok(m), "{n} in {text}");
        let mt: MoveText = n.parse().unwrap();
        assert_eq!(mt.to_string(), n);
        if effect {
            check_effect(p, m);
        }
    }
}

/// What a player sees a move do, computed from the rule text rather than
/// the engine's own tables of removals.
fn check_effect(p: &Position, m: Move) {
    let r = p.rules();
    let geo = p.geometry();
    let (us, them) = (p.turn(), !p.turn());
    let q = p.play(m);
    let own_before = p.pieces(us);
    let own_after = q.pieces(us);

    match m.from() {
        None => {
            assert!(p.in_hand(us) > 0);
            assert_eq!(q.in_hand(us), p.in_hand(us) - 1);
            assert_eq!(own_after, own_before.with(m.to()));
        }
        Some(from) => {
            assert!(own_before.contains(from));
            assert!(p.in_hand(us) == 0 || r.move_in_placing);
            assert_eq!(q.in_hand(us), p.in_hand(us));
            assert_eq!(own_after, own_before.without(from).with(m.to()));
            let flies = r.flying && p.in_hand(us) == 0 && own_before.count() == 3;
            assert!(flies || geo.adjacent(from).contains(m.to()));
        }
    }
    assert!(p.empty().contains(m.to()));
    assert_eq!(q.in_hand(them), p.in_hand(them));
    assert_eq!(q.turn(), them);

    // Mills closed: those through the destination now complete.
    let closed = geo
        .mills()
        .iter()
        .filter(|&&mill| mill.contains(m.to()) && own_after.is_superset(mill))
        .count() as u32;
    let due = if closed == 0 || r.mill_wins || r.removal == Removal::Never {
        0
    } else {
        let wanted = match r.mill_takes {
            morris_core::MillTakes::One => 1,
            morris_core::MillTakes::Each => closed,
        };
        wanted.min(p.pieces(them).count())
    };
    assert_eq!(m.removals().count(), due, "{}", p.notation(m));
    assert!(p.pieces(them).is_superset(m.removals()));
    assert_eq!(q.pieces(them), p.pieces(them).minus(m.removals()));
    if due == 1 {
        // One removal: a piece outside the mills unless all are in mills.
        let theirs = p.pieces(them);
        let in_mills = geo
            .mills()
            .iter()
            .filter(|&&mill| theirs.is_superset(mill))
            .fold(morris_core::Bitboard::EMPTY, |a, &mill| a | mill);
        let r0 = m.removals().first().unwrap();
        if r.removal == Removal::Protected && theirs.minus(in_mills).any() {
            assert!(!in_mills.contains(r0), "{} takes from a mill", p.notation(m));
        }
    }
    // The notation names exactly the pieces that went.
    let n = p.notation(m);
    let mt: MoveText = n.parse().unwrap();
    assert_eq!(mt.removals.len() as u32, due);
    assert_eq!(mt.to, geo.coord(m.to()));
}

/// Plays a random game: each choice picks among the legal moves.
fn random_game(rules_index: usize, choices: &[u16]) -> Game {
    let mut game = Game::new(rules(rules_index));
    for &c in choices {
        if game.outcome().is_some() {
            break;
        }
        let legal = game.legal_moves();
        let m = legal[c as usize % legal.len()];
        game.play(m).unwrap();
    }
    game
}

proptest! {
    #![proptest_config(ProptestConfig {
        cases: 96,
        failure_persistence: None,
        ..ProptestConfig::default()
    })]

    #[test]
    fn random_games_keep_every_invariant(
        rules_index in 0..RULE_SETS.len(),
        choices in prop::collection::vec(any::<u16>(), 0..160),
    ) {
        let game = random_game(rules_index, &choices);
        for p in game.positions() {
            check_position(p);
        }
        // The game's end agrees with its last position.
        let last = game.position();
        if let Some(o) = last.terminal() {
            prop_assert_eq!(game.outcome(), Some(o));
            prop_assert!(game.legal_moves().is_empty());
        }
    }

    #[test]
    fn world_games_keep_every_invariant(
        set in 0..WORLD_SETS.len(),
        choices in prop::collection::vec(any::<u16>(), 0..200),
    ) {
        let game = played_out(WORLD_SETS[set].parse().unwrap(), &choices);
        for p in game.positions() {
            check_world_position(p);
        }
        let read = Game::from_record(&game.record()).unwrap();
        prop_assert_eq!(read.moves(), game.moves());
    }

    #[test]
    fn take_back_restores_position_and_key(
        rules_index in 0..RULE_SETS.len(),
        choices in prop::collection::vec(any::<u16>(), 0..160),
    ) {
        let mut game = random_game(rules_index, &choices);
        let positions = game.positions().to_vec();
        let moves = game.moves().to_vec();
        for i in (0..moves.len()).rev() {
            prop_assert_eq!(game.undo(), Some(moves[i]));
            prop_assert_eq!(*game.position(), positions[i]);
            prop_assert_eq!(game.position().key(), positions[i].key());
            // Playing it again gives the same position back.
            prop_assert_eq!(game.position().play(moves[i]), positions[i + 1]);
        }
        prop_assert_eq!(game.undo(), None);
        prop_assert_eq!(game.position(), &Position::new(rules(rules_index)));
    }

    /// The repetition count kept as the game goes agrees with counting the
    /// whole history, through random play and take-backs in small endgames
    /// where positions come back often.
    #[test]
    fn repetitions_agree_with_a_count_of_the_history(
        start in prop::sample::select(vec![
            "nine L.D/.../.D./.....L/.../.L./D.. L 0/0 0/0 -",
            "three LD./.L./D.D L 0/0 0/0 -",
            "six LL./LD./L.D./DD./... L 0/0 0/0 -",
        ]),
        steps in prop::collection::vec(any::<u16>(), 0..200),
    ) {
        let mut game = Game::from_position(start.parse().unwrap());
        for step in steps {
            if step % 7 == 0 {
                game.undo();
            } else {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    game.undo();
                } else {
                    game.play(moves[step as usize % moves.len()]).unwrap();
                }
            }
            let now = game.position();
            let same = |p: &&Position| {
                p.pieces(Color::Light) == now.pieces(Color::Light)
                    && p.pieces(Color::Dark) == now.pieces(Color::Dark)
                    && p.in_hand(Color::Light) == now.in_hand(Color::Light)
                    && p.in_hand(Color::Dark) == now.in_hand(Color::Dark)
                    && p.turn() == now.turn()
            };
            let counted = game.positions().iter().filter(same).count();
            prop_assert_eq!(game.repetitions(), counted);
            if now.outcome().is_none() {
                prop_assert_eq!(game.outcome().is_some(), counted >= 3);
            }
        }
    }

    #[test]
    fn records_round_trip(
        rules_index in 0..RULE_SETS.len(),
        choices in prop::collection::vec(any::<u16>(), 0..120),
        resign in any::<Option<bool>>(),
    ) {
        let mut game = random_game(rules_index, &choices);
        if game.outcome().is_none() {
            match resign {
                Some(true) => { game.resign(Color::Dark).unwrap(); }
                Some(false) => { game.agree_draw().unwrap(); }
                None => {}
            }
        }
        let text = game.record();
        let back = Game::from_record(&text).unwrap_or_else(|e| panic!("{text}\n{e}"));
        prop_assert_eq!(&back, &game);
        prop_assert_eq!(back.record(), text.clone());

        // Written one after another, as a match writes them, the records
        // split back into the same games.
        let file = format!("{text}\n{text}\n{text}");
        let pieces = split_records(&file);
        prop_assert_eq!(pieces.len(), 3);
        for piece in pieces {
            prop_assert_eq!(&Game::from_record(piece).unwrap(), &game);
        }

        // A game from the middle of this one keeps its start in the record.
        if game.positions().len() > 2 {
            let mid = game.positions()[game.positions().len() / 2];
            let mut from_mid = Game::from_position(mid);
            from_mid.play(game.moves()[game.positions().len() / 2]).unwrap_or_else(|e| panic!("{e}"));
            let text = from_mid.record();
            prop_assert!(text.contains("[Position \""));
            prop_assert_eq!(Game::from_record(&text).unwrap(), from_mid);
        }
    }
}

/// Whether `p`, reached by legal play, has only the problems of a game
/// that has ended, and those only if it has.
fn has_no_problem_before_the_end(p: &Position) -> Result<(), TestCaseError> {
    let problems = Setup::from(*p).problems();
    if p.outcome().is_none() {
        prop_assert!(problems.is_empty(), "{p}: {problems:?}");
    } else {
        for e in &problems {
            prop_assert!(
                matches!(e, PositionError::Over(_) | PositionError::FewerThanThree { .. }),
                "{p}: {e}"
            );
        }
    }
    Ok(())
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn positions_reached_by_play_have_no_problems(
        set in 0..RULE_SETS.len() + WORLD_SETS.len(),
        choices in prop::collection::vec(any::<u16>(), 0..200),
    ) {
        let rules: Rules = RULE_SETS.iter().chain(WORLD_SETS).nth(set).unwrap().parse().unwrap();
        let game = played_out(rules, &choices);
        for p in game.positions() {
            has_no_problem_before_the_end(p)?;
        }
    }
}

#[test]
fn every_rule_set_parses_and_prints_back() {
    for (i, text) in RULE_SETS.iter().enumerate() {
        let r = rules(i);
        let back: Rules = r.to_string().parse().unwrap();
        assert_eq!(back, r, "{text}");
    }
}

/// A game of `rules` with the legal turn each choice picks (modulo the
/// turns there are), until the choices run out or the game ends.
fn played_out(rules: Rules, choices: &[u16]) -> Game {
    let mut game = Game::new(rules);
    for &c in choices {
        if game.outcome().is_some() {
            break;
        }
        let legal = game.legal_moves();
        game.play(legal[c as usize % legal.len()]).unwrap();
    }
    game
}
