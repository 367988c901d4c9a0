//! Every reason a position editor gives for refusing a position
//! (`Setup::problems`), one test each, on positions a player could set up.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use morris_core::{Color, PositionError, Reason, Rules, Setup};

/// The setup under `rules` with these pieces, hands and side to move.
fn setup(rules: &str, light: &str, dark: &str, turn: Color, hands: (u8, u8)) -> Setup {
    let rules: Rules = rules.parse().unwrap();
    let mut s = Setup::start(rules);
    let geo = rules.geometry();
    for (c, names) in [(Color::Light, light), (Color::Dark, dark)] {
        for name in names.split_whitespace() {
            s.pieces[c] = s.pieces[c].with(geo.parse_point(name).unwrap());
        }
    }
    s.turn = turn;
    s.in_hand.light = hands.0;
    s.in_hand.dark = hands.1;
    s
}

fn problems(rules: &str, light: &str, dark: &str, turn: Color, hands: (u8, u8)) -> Vec<PositionError> {
    setup(rules, light, dark, turn, hands).problems()
}

use Color::{Dark, Light};

#[test]
fn the_start_and_a_middle_game_have_none() {
    assert_eq!(problems("nine", "", "", Light, (9, 9)), vec![]);
    assert_eq!(problems("nine", "a7 d6 g1", "b4 f2 d2", Light, (6, 6)), vec![]);
    // Dark opened (first=dark) and light answers.
    assert_eq!(problems("nine:first=dark", "", "d6", Light, (9, 8)), vec![]);
}

#[test]
fn every_problem_is_listed_not_only_the_first() {
    // Ten light pieces in Nine Men's Morris, and dark with too few.
    let s = setup("nine", "a7 d7 g7 b6 d6 f6 c5 d5 e5 a4", "g4 g1", Light, (0, 0));
    let found = s.problems();
    assert!(found.contains(&PositionError::TooManyPieces {
        color: Light,
        on_board: 10,
        in_hand: 0,
        pieces: 9,
    }));
    assert!(found.contains(&PositionError::FewerThanThree {
        color: Dark,
        pieces: 2
    }));
    // The first one is the one reading the text refuses.
    assert_eq!(s.position().err(), found.first().cloned());
}

#[test]
fn a_side_with_fewer_than_three_has_lost_already() {
    let found = problems("nine", "a7 d7", "a1 d1 g1", Light, (0, 0));
    assert_eq!(
        found,
        vec![PositionError::FewerThanThree {
            color: Light,
            pieces: 2
        }]
    );
    // Pieces in hand count: two on the board and one to place is three.
    let found = problems("nine", "a7 d7", "a1 d1 g1", Light, (1, 1));
    assert!(found
        .iter()
        .all(|e| !matches!(e, PositionError::FewerThanThree { .. })));
}

#[test]
fn hands_name_whose_turn_it_is_during_the_placing() {
    let out_of_turn = |rules: &str, light: &str, turn: Color, hands: (u8, u8)| {
        problems(rules, light, "", turn, hands)
            .into_iter()
            .any(|e| matches!(e, PositionError::HandsOutOfTurn { .. }))
    };
    // Light places first: equal hands, light to move; dark one more, dark.
    assert!(!out_of_turn("nine", "d6", Dark, (8, 9)));
    assert!(out_of_turn("nine", "d6", Light, (8, 9)));
    assert!(out_of_turn("nine", "", Dark, (9, 9)));
    assert!(out_of_turn("nine", "d6 d5", Dark, (7, 9)));
    // With first=dark the roles swap.
    assert!(!out_of_turn("nine:first=dark", "", Dark, (9, 9)));
    assert!(out_of_turn("nine:first=dark", "", Light, (9, 9)));
    // The second placer moving first (§7.7) changes only the moving phase.
    assert!(!out_of_turn("nerenchi", "", Light, (12, 12)));
    assert!(out_of_turn("nerenchi", "", Dark, (12, 12)));
    // Moves during the placing (Lasker) and captures from the hand (Dooz)
    // unbalance the hands: there they say nothing.
    assert!(!out_of_turn("lasker", "d6", Light, (9, 10)));
    assert!(!out_of_turn("dooz", "d6", Light, (11, 9)));
}

#[test]
fn pieces_lost_before_the_opponent_could_close_a_mill() {
    // Dark has lost pieces, but light has placed only two.
    let found = problems("nine", "a7 d7", "a1 d1", Light, (7, 3));
    assert!(found.contains(&PositionError::LostBeforeMill {
        color: Dark,
        lost: 4,
        placed: 2
    }));
    // Intervention takes with a single piece placed (§7.6).
    let found = problems("nine:intervention=on", "d6", "a7 g7", Dark, (8, 7));
    assert!(!found
        .iter()
        .any(|e| matches!(e, PositionError::LostBeforeMill { .. })));
}

#[test]
fn no_piece_is_lost_where_none_is_ever_taken() {
    let found = problems("three", "a3 c1", "a1 c3", Dark, (1, 0));
    assert!(found.contains(&PositionError::LostWithoutRemoval { color: Dark, lost: 1 }));
    let found = problems("nine:removal=never", "a7 d7 g7", "a1 d1", Light, (6, 6));
    assert!(
        found.contains(&PositionError::LostWithoutRemoval { color: Dark, lost: 1 }),
        "{found:?}"
    );
}

#[test]
fn a_removal_due_with_nothing_to_take() {
    // Light owes a removal of a dark piece next to one of its own: there is none.
    let mut s = setup("zhi-qi", "a7 d7 a4", "g1 f2 e3", Light, (0, 0));
    s.pending[0] = Some(morris_core::Due::NextTo);
    assert!(s.problems().contains(&PositionError::DueWithoutTarget(Light)));
    // Next to one: due as it should be.
    let mut s = setup("zhi-qi", "a7 d7 a4", "g7 f2 e3", Light, (0, 0));
    s.pending[0] = Some(morris_core::Due::NextTo);
    assert_eq!(s.problems(), vec![]);
}

#[test]
fn a_finished_game_is_no_start() {
    // Dark to move, its pieces shut in: blocked.
    let found = problems("nine:flying=off", "d7 a4 g4 d1 b6", "a7 g7 a1 g1", Dark, (0, 0));
    assert!(
        found
            .iter()
            .any(|e| matches!(e, PositionError::Over(o) if o.reason == Reason::Blocked)),
        "{found:?}"
    );
    // A mill standing where a mill wins.
    let found = problems("three", "a3 b3 c3", "a1 b2 c1", Dark, (0, 0));
    assert!(found
        .iter()
        .any(|e| matches!(e, PositionError::Over(o) if o.reason == Reason::MillWins)));
}
