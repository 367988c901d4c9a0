//! The rule book (docs/RULES.md) as tests: every example and edge case set up
//! from a position text or a move list, checked by what a player would see —
//! the exact legal moves, who wins, and why.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use morris_core::{
    BoardFull, Color, Game, IllegalReason, MoveError, Outcome, Phase, Position, Reason, Rules, Variant,
};

/// The position a text names; the test fails loudly if it does not parse.
fn pos(text: &str) -> Position {
    let p: Position = text.parse().unwrap_or_else(|e| panic!("`{text}`: {e}"));
    assert_eq!(p.to_string(), text, "the position text must round-trip");
    p
}

fn rules(text: &str) -> Rules {
    text.parse().unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

/// Plays a space-separated move list, each move required to be legal.
fn play(game: &mut Game, moves: &str) {
    for m in moves.split_whitespace() {
        if let Err(e) = game.play_text(m) {
            panic!("`{m}` in `{moves}`: {e}\nposition: {}", game.position());
        }
    }
}

/// The legal moves in notation, sorted.
fn moves(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().into_iter().map(|m| p.notation(m)).collect();
    v.sort();
    v
}

/// The legal moves in notation whose text starts with `prefix`, sorted.
fn moves_starting(p: &Position, prefix: &str) -> Vec<String> {
    moves(p).into_iter().filter(|m| m.starts_with(prefix)).collect()
}

/// The illegal-move reason for `text` in `p`; fails if the move is legal
/// or not even well written.
fn illegal(p: &Position, text: &str) -> IllegalReason {
    match p.parse_move(text) {
        Ok(m) => panic!("`{text}` should be illegal but is {m:?}"),
        Err(MoveError::Syntax(e)) => panic!("`{text}` should be well written: {e}"),
        Err(MoveError::Illegal(e)) => e.reason,
    }
}

fn coord(s: &str) -> morris_core::Coord {
    s.parse().unwrap()
}

/// The position from the seed text's figure 2 (docs/RULES.md §2 example):
/// placing, light to move; dark c5 d5 e5 form a mill, dark b4 and e4 do not;
/// light b2 d2 wait for f2. Light c4 makes c3 look tempting, but c3 closes
/// nothing (c5 is dark, d3 and e3 are empty).
const F2_EXAMPLE: &str = "nine L../.../DDD/.DLD../.../LL./..L L 4/4 0/0 -";

#[test]
fn f2_example_removes_b4_or_e4_but_not_the_mill() {
    let p = pos(F2_EXAMPLE);
    assert_eq!(p.phase(Color::Light), Phase::Placing);
    assert_eq!(moves_starting(&p, "f2"), ["f2xb4", "f2xe4"]);
    // c3 closes no mill: a plain placement.
    assert_eq!(moves_starting(&p, "c3"), ["c3"]);
    // 14 empty points: 13 plain placements and two ways to play f2.
    assert_eq!(p.legal_moves().len(), 15);
    for protected in ["c5", "d5", "e5"] {
        assert_eq!(
            illegal(&p, &format!("f2x{protected}")),
            IllegalReason::NotRemovable(coord(protected))
        );
    }
    assert!(matches!(illegal(&p, "f2"), IllegalReason::RemovalMissing { .. }));
    assert_eq!(illegal(&p, "c3xb4"), IllegalReason::NoMill);

    let after = p.play(p.parse_move("f2xe4").unwrap());
    assert_eq!(
        after.piece_at(after.geometry().point_at(coord("f2")).unwrap()),
        Some(Color::Light)
    );
    assert_eq!(
        after.piece_at(after.geometry().point_at(coord("e4")).unwrap()),
        None
    );
    assert_eq!(after.pieces(Color::Dark).count(), 4);
    assert_eq!(after.in_hand(Color::Light), 3);
    assert_eq!(after.turn(), Color::Dark);
}

#[test]
fn any_piece_may_go_when_every_opposing_piece_is_in_a_mill() {
    // Dark: mills c5-d5-e5 and g7-g4-g1, nothing else.
    let p = pos("nine ..D/.../DDD/..L..D/.../LL./..D L 6/3 0/0 -");
    assert_eq!(
        moves_starting(&p, "f2"),
        ["f2xc5", "f2xd5", "f2xe5", "f2xg1", "f2xg4", "f2xg7"]
    );
}

#[test]
fn removal_always_takes_pieces_from_mills_too() {
    let p = pos(&F2_EXAMPLE.replace("nine", "nine:removal=always"));
    assert_eq!(
        moves_starting(&p, "f2"),
        ["f2xb4", "f2xc5", "f2xd5", "f2xe4", "f2xe5"]
    );
    assert_eq!(p.legal_moves().len(), 13 + 5);
}

#[test]
fn removal_never_closes_mills_without_taking() {
    let p = pos(&F2_EXAMPLE.replace("nine", "nine:removal=never"));
    assert_eq!(moves_starting(&p, "f2"), ["f2"]);
    assert_eq!(p.legal_moves().len(), 14);
    // f2 does close a mill; b4 just may not be taken.
    assert_eq!(illegal(&p, "f2xb4"), IllegalReason::NotRemovable(coord("b4")));
    let after = p.play(p.parse_move("f2").unwrap());
    assert_eq!(after.pieces(Color::Dark).count(), 5);
}

/// Light's f2 closes b2-d2-f2 and f2-f4-f6 at once; dark has the mill
/// c5-d5-e5 and a free piece on b4.
const DOUBLE_MILL: &str = "nine L../..L/DDD/.D..L./.../LL./... L 4/4 0/0 -";

#[test]
fn closing_two_mills_removes_one_piece_by_default() {
    let p = pos(DOUBLE_MILL);
    assert_eq!(moves_starting(&p, "f2"), ["f2xb4"]);
    assert_eq!(
        illegal(&p, "f2xb4xc5"),
        IllegalReason::WrongRemovalCount { written: 2, due: 1 }
    );
}

#[test]
fn closing_two_mills_removes_two_with_mill_takes_each() {
    let p = pos(&DOUBLE_MILL.replace("nine", "nine:mill-takes=each"));
    // The first removal must take the free b4; after it every dark piece
    // stands in a mill, so the second may take any of them.
    assert_eq!(moves_starting(&p, "f2"), ["f2xb4xc5", "f2xb4xd5", "f2xb4xe5"]);
    assert_eq!(p.legal_moves().len(), 14 + 3);
    assert!(matches!(illegal(&p, "f2xc5xd5"), IllegalReason::NotRemovable(_)));
    assert_eq!(
        illegal(&p, "f2xb4"),
        IllegalReason::WrongRemovalCount { written: 1, due: 2 }
    );
    let after = p.play(p.parse_move("f2xb4xd5").unwrap());
    assert_eq!(after.pieces(Color::Dark).count(), 2);
    assert_eq!(after.material(Color::Dark), 6);
}

#[test]
fn two_mills_with_one_opposing_piece_take_just_that_one() {
    // mill-takes=each, but dark has a single piece on the board.
    let p = pos("nine:mill-takes=each L../..L/.../.D..L./.../LL./... L 4/8 0/0 -");
    assert_eq!(moves_starting(&p, "f2"), ["f2xb4"]);
}

/// Light on three pieces (a7 d2 e4), dark on six; no light pair shares a
/// mill line, so no flight closes a mill.
const THREE_VS_SIX: &str = "nine L../DDD/.../..DL.D/D../.L./... L 0/0 0/0 -";

#[test]
fn three_pieces_fly_when_flying_is_on() {
    let p = pos(THREE_VS_SIX);
    assert_eq!(p.phase(Color::Light), Phase::Flying);
    assert_eq!(p.phase(Color::Dark), Phase::Moving);
    // Each of the three pieces may go to any of the 15 empty points.
    assert_eq!(p.legal_moves().len(), 3 * 15);
    assert!(p.parse_move("a7-g1").is_ok());
}

#[test]
fn three_pieces_only_slide_when_flying_is_off() {
    let p = pos(&THREE_VS_SIX.replace("nine", "nine:flying=off"));
    assert_eq!(p.phase(Color::Light), Phase::Moving);
    assert_eq!(
        moves(&p),
        ["a7-a4", "a7-d7", "d2-b2", "d2-d1", "d2-d3", "d2-f2", "e4-e3", "e4-e5", "e4-f4"]
    );
    assert_eq!(
        illegal(&p, "a7-g1"),
        IllegalReason::NotAdjacent {
            from: coord("a7"),
            to: coord("g1")
        }
    );
}

#[test]
fn six_mens_morris_never_flies() {
    let r = Variant::Six.rules();
    assert!(!r.flying);
    // Small board, light on three pieces b2 c4 e5, dark on four.
    let p = pos("six D.L/.LD/D.../L../..D L 0/0 0/0 -");
    assert_eq!(p.phase(Color::Light), Phase::Moving);
    assert_eq!(moves(&p), ["b2-b3", "b2-c2", "c4-b4", "c4-c5", "e5-c5", "e5-e3"]);
}

#[test]
fn both_sides_fly() {
    // Three pieces each: light a7 d2 e4, dark b6 g4 c3.
    let p = pos("nine L../D../.../...L.D/D../.L./... L 0/0 0/0 -");
    assert_eq!(p.legal_moves().len(), 3 * 18);
    let q = p.play(p.parse_move("a7-g1").unwrap());
    assert_eq!(q.phase(Color::Dark), Phase::Flying);
    assert_eq!(q.legal_moves().len(), 3 * 18);
    assert!(q.parse_move("b6-a1").is_ok());
}

/// Morabaraba: light's a4 stands in the mill a4-b4-c4 and can close
/// a1-d1-g1 by stepping to a1; dark has five pieces, none in a mill.
const REFORM: &str = "morabaraba .DD/.D./.../LLL.D./..D/.../.LL L 0/0 0/0 -";

#[test]
fn morabaraba_bans_moving_straight_back_into_the_mill_for_one_turn() {
    let mut game = Game::from_position(pos(REFORM));
    play(&mut game, "a4-a1xf4");
    assert_eq!(
        game.position().to_string(),
        "morabaraba .DD/.D./.../.LL.../..D/.../LLL D 0/0 0/0 L:a1-a4"
    );
    play(&mut game, "d6-f6");
    // Back to a4 would close a4-b4-c4 again: banned this turn.
    let p = *game.position();
    assert!(moves_starting(&p, "a1-a4").is_empty());
    assert_eq!(illegal(&p, "a1-a4xd7"), IllegalReason::Reforming);
    assert!(game.play_text("a1-a4xd7").is_err());
    // Another move instead; the ban lapses with it.
    play(&mut game, "d1-d2 f6-d6");
    assert_eq!(game.position().reform_ban(Color::Light), None);
    assert_eq!(
        moves_starting(game.position(), "a1-a4"),
        ["a1-a4xd6", "a1-a4xd7", "a1-a4xe3", "a1-a4xg7"]
    );
    play(&mut game, "a1-a4xd7");
}

#[test]
fn morabaraba_allows_moving_back_when_it_closes_no_mill() {
    // As REFORM but without c4: moving back to a4 closes nothing.
    let mut game = Game::from_position(pos("morabaraba .DD/.D./.../LL..D./..D/.../.LL L 0/0 0/0 -"));
    play(&mut game, "a4-a1xf4 d6-f6");
    assert_eq!(moves_starting(game.position(), "a1-a4"), ["a1-a4"]);
    play(&mut game, "a1-a4");
}

#[test]
fn nine_has_no_reforming_ban() {
    let mut game = Game::from_position(pos(&REFORM.replace("morabaraba", "nine:board=diagonals")));
    play(&mut game, "a4-a1xf4 d6-f6 a1-a4xd7");
}

#[test]
fn reforming_ban_ends_when_the_piece_is_taken() {
    // The piece under the ban is removed before its owner moves again: the
    // ban is gone, and the position text still reads back.
    let mut game = Game::from_position(pos(
        "morabaraba:removal=always .DD/D../.../LLL.D./..D/.../.LL L 0/0 0/0 -",
    ));
    play(&mut game, "a4-a1xf4");
    assert!(game.position().reform_ban(Color::Light).is_some());
    play(&mut game, "b6-a7xa1");
    let p = *game.position();
    assert_eq!(p.reform_ban(Color::Light), None);
    assert_eq!(
        p.to_string(),
        "morabaraba:removal=always DDD/.../.../.LL.../..D/.../.LL L 0/0 0/0 D:a7-b6"
    );
    assert_eq!(pos(&p.to_string()), p);
}

/// A placing order that fills the 24 points with no mill on either
/// 24-point board: light a7 b6 c3 c4 d2 d3 d5 d7 e5 f2 g1 g4, dark the rest.
const FILL_WITHOUT_MILL: &str = "a7 a1 b6 a4 c3 b2 c4 b4 d2 c5 d3 d1 d5 d6 d7 e3 e5 e4 f2 f4 g1 f6 g4 g7";

fn fill_board(rules_text: &str) -> Game {
    let mut game = Game::new(rules(rules_text));
    play(&mut game, FILL_WITHOUT_MILL);
    let p = game.position();
    assert!(p.empty().is_empty());
    assert_eq!(p.turn(), Color::Light);
    assert!(p.legal_moves().is_empty());
    game
}

#[test]
fn twelve_board_full_is_a_draw() {
    let game = fill_board("twelve");
    assert_eq!(game.outcome(), Some(Outcome::draw(Reason::BoardFull)));
    assert_eq!(game.record().lines().last(), Some("1. a7 a1 2. b6 a4 3. c3 b2 4. c4 b4 5. d2 c5 6. d3 d1 7. d5 d6 8. d7 e3 9. e5 e4 10. f2 f4 11. g1 f6 12. g4 g7 1/2-1/2"));
}

#[test]
fn morabaraba_board_full_without_a_mill_is_a_draw() {
    for variant in ["morabaraba", "morabaraba-sotho"] {
        if variant == "morabaraba-sotho" {
            // The Sotho board has 25 points: 24 pieces leave d4 free.
            let mut game = Game::new(rules(variant));
            play(&mut game, FILL_WITHOUT_MILL);
            assert_eq!(game.outcome(), None);
            assert_eq!(
                moves(game.position()),
                ["c4-d4", "d3-d4", "d5-d4"],
                "only light pieces next to the free centre move"
            );
            continue;
        }
        let game = fill_board(variant);
        assert_eq!(game.outcome(), Some(Outcome::draw(Reason::BoardFull)));
    }
}

#[test]
fn board_full_with_loss_option_loses_for_the_side_to_move() {
    for r in [
        "twelve:board-full=loss",
        "nine:pieces=12",
        "morabaraba:board-full=loss",
    ] {
        let game = fill_board(r);
        assert_eq!(game.rules().board_full, BoardFull::SideToMoveLoses);
        assert_eq!(
            game.outcome(),
            Some(Outcome::win(Color::Dark, Reason::BoardFull)),
            "{r}"
        );
        assert!(game.record().ends_with("0-1\n"));
    }
}

#[test]
fn sotho_centre_joins_four_points_and_no_mill() {
    let r = Variant::MorabarabaSotho.rules();
    let geo = r.geometry();
    let d4 = geo.point_at(coord("d4")).unwrap();
    let mut adj: Vec<String> = geo
        .adjacent(d4)
        .iter()
        .map(|p| geo.coord(p).to_string())
        .collect();
    adj.sort();
    assert_eq!(adj, ["c4", "d3", "d5", "e4"]);
    assert!(geo.mills_through(d4).is_empty());
    assert_eq!(geo.mills().len(), 16);

    // Placing on d4 between own pieces on d3, d5, c4 and e4 closes nothing.
    let p = pos("morabaraba-sotho .D./.../.L./..L.L../.L./.../... L 8/11 0/0 -");
    assert_eq!(moves_starting(&p, "d4"), ["d4"]);

    // A piece on d4 moves to its four neighbours only; b2 takes the short
    // diagonal to a1 but there is no line b2-c3.
    let p = pos("morabaraba-sotho LD./..D/.../...L.../D.D/L../..L L 0/0 0/0 -");
    assert_eq!(moves_starting(&p, "d4"), ["d4-c4", "d4-d3", "d4-d5", "d4-e4"]);
    assert_eq!(moves_starting(&p, "b2"), ["b2-a1", "b2-b4", "b2-d2"]);
    assert_eq!(moves_starting(&p, "a7"), ["a7-a4", "a7-b6"]);
}

#[test]
fn diagonal_board_joins_and_mills_a1_b2_c3() {
    let twelve = pos("twelve .DD/.../.../....../.../L../L.. L 10/10 0/0 -");
    assert_eq!(moves_starting(&twelve, "c3"), ["c3xd7", "c3xg7"]);
    let geo = twelve.geometry();
    let b2 = geo.point_at(coord("b2")).unwrap();
    let mut adj: Vec<String> = geo
        .adjacent(b2)
        .iter()
        .map(|p| geo.coord(p).to_string())
        .collect();
    adj.sort();
    assert_eq!(adj, ["a1", "b4", "c3", "d2"]);

    let nine = pos("nine .DD/.../.../....../.../L../L.. L 7/7 0/0 -");
    assert_eq!(moves_starting(&nine, "c3"), ["c3"]);

    // Moving along the diagonal: a1-b2 is a slide on the diagonal board only.
    let twelve_moving = pos("twelve .DD/D../L../D..L../.../.D./LDL L 0/0 0/0 -");
    assert_eq!(moves_starting(&twelve_moving, "a1"), ["a1-b2"]);
    let nine_moving = pos("nine .DD/D../L../D..L../.../.D./LDL L 0/0 0/0 -");
    assert!(moves_starting(&nine_moving, "a1").is_empty());
    assert_eq!(
        illegal(&nine_moving, "a1-b2"),
        IllegalReason::NotAdjacent {
            from: coord("a1"),
            to: coord("b2")
        }
    );
}

#[test]
fn three_mens_morris_mill_wins_outright() {
    let mut game = Game::new(Variant::Three.rules());
    play(&mut game, "a1 b2 a2 c3");
    assert!(moves(game.position()).iter().all(|m| !m.contains('x')));
    play(&mut game, "a3");
    assert_eq!(game.outcome(), Some(Outcome::win(Color::Light, Reason::MillWins)));
    assert!(game.legal_moves().is_empty());
    assert_eq!(game.position().pieces(Color::Dark).count(), 2);
}

#[test]
fn three_mens_morris_slides_along_lines_and_diagonals_without_flying() {
    // Light a1 c1 b3, dark b1 a3 c3, all placed.
    let p = pos("three DLD/.../LDL L 0/0 0/0 -");
    assert_eq!(p.phase(Color::Light), Phase::Moving);
    assert_eq!(moves(&p), ["a1-a2", "a1-b2", "b3-b2", "c1-b2", "c1-c2"]);
    // No line a2-b1 or a2-b3: a2 joins a1, a3 and b2 only.
    let geo = p.geometry();
    let a2 = geo.point_at(coord("a2")).unwrap();
    let mut adj: Vec<String> = geo
        .adjacent(a2)
        .iter()
        .map(|p| geo.coord(p).to_string())
        .collect();
    adj.sort();
    assert_eq!(adj, ["a1", "a3", "b2"]);
    // A slide that closes a mill (here the diagonal a1-b2-c3) wins.
    let mut game = Game::from_position(pos("three D../.LL/LDD L 0/0 0/0 -"));
    play(&mut game, "c2-c3");
    assert_eq!(game.outcome(), Some(Outcome::win(Color::Light, Reason::MillWins)));
}

#[test]
fn lasker_may_move_while_pieces_are_in_hand() {
    let mut game = Game::new(Variant::Lasker.rules());
    play(&mut game, "d6 a4");
    let p = *game.position();
    assert_eq!(p.in_hand(Color::Light), 9);
    // 22 placements and d6 to b6, d5, d7 or f6.
    assert_eq!(p.legal_moves().len(), 26);
    assert_eq!(moves_starting(&p, "d6-"), ["d6-b6", "d6-d5", "d6-d7", "d6-f6"]);
    play(&mut game, "d6-d5");
    assert_eq!(game.position().in_hand(Color::Light), 9);

    let mut nine = Game::new(Variant::Nine.rules());
    play(&mut nine, "d6 a4");
    assert_eq!(nine.position().legal_moves().len(), 22);
    assert_eq!(
        illegal(nine.position(), "d6-d5"),
        IllegalReason::MustPlace(Color::Light)
    );
}

/// Moving phase; light shuffles a1-d1, dark g1-g4, no mill in reach.
const SHUFFLE: &str = "nine L.L/LD./.../....D./D../.../L.D L 0/0 0/0 -";

#[test]
fn threefold_repetition_draws() {
    let mut game = Game::from_position(pos(SHUFFLE));
    play(&mut game, "a1-d1 g1-g4 d1-a1 g4-g1");
    assert_eq!(game.repetitions(), 2);
    play(&mut game, "a1-d1 g1-g4 d1-a1");
    assert_eq!(game.outcome(), None);
    play(&mut game, "g4-g1");
    assert_eq!(game.repetitions(), 3);
    assert_eq!(game.outcome(), Some(Outcome::draw(Reason::Threefold)));
    assert!(game.legal_moves().is_empty());
    assert!(matches!(
        game.play_text("a1-d1"),
        Err(MoveError::Illegal(e)) if e.reason == IllegalReason::GameOver
    ));
    // Taking the last move back lifts the draw.
    game.undo();
    assert_eq!(game.outcome(), None);
}

#[test]
fn threefold_off_plays_on() {
    let mut game = Game::from_position(pos(&SHUFFLE.replace("nine", "nine:threefold=off")));
    play(&mut game, "a1-d1 g1-g4 d1-a1 g4-g1 a1-d1 g1-g4 d1-a1 g4-g1 a1-d1");
    assert_eq!(game.outcome(), None);
}

#[test]
fn n_move_rule_draws_after_2n_quiet_turns() {
    let mut game = Game::from_position(pos(&SHUFFLE.replace("nine", "nine:n-move=2")));
    play(&mut game, "a1-d1 g1-g4 d1-a1");
    assert_eq!(game.position().quiet_plies(), 3);
    assert_eq!(game.outcome(), None);
    play(&mut game, "g4-g1");
    assert_eq!(game.outcome(), Some(Outcome::draw(Reason::NMoveRule)));

    // The default 50 moves each: the 100th quiet turn draws.
    let p = pos("nine L.L/LD./.../....D./D../.../L.D L 0/0 99/0 -");
    assert_eq!(p.outcome(), None);
    let q = p.play(p.parse_move("a1-d1").unwrap());
    assert_eq!(q.outcome(), Some(Outcome::draw(Reason::NMoveRule)));
}

#[test]
fn n_move_rule_counts_neither_the_placing_nor_turns_with_a_mill() {
    let mut game = Game::new(Variant::Nine.rules());
    play(&mut game, "d6 a4 b6 a1");
    assert_eq!(game.position().quiet_plies(), 0);
    // A mill resets the count.
    let p = pos("nine .../L../D.D/L...../..D/.../.LL L 0/0 99/0 -");
    let q = p.play(p.parse_move("a4-a1xc5").unwrap());
    assert_eq!(q.quiet_plies(), 0);
    // After the last placement the count starts: the first moving turn is 1.
    let p = pos("nine L.L/LD./.../....D./D../.../L.D D 0/1 0/0 -");
    let q = p.play(p.parse_move("e5").unwrap());
    assert_eq!(q.quiet_plies(), 0);
    let r = q.play(q.parse_move("a1-d1").unwrap());
    assert_eq!(r.quiet_plies(), 1);
}

#[test]
fn morabaraba_endgame_rule_draws_after_ten_moves_each_on_three() {
    // Three pieces each, no pair on a common mill line.
    let start = pos("morabaraba:threefold=off L../D../.../...L.D/D../.L./... L 0/0 0/0 -");
    let mut game = Game::from_position(start);
    for ply in 0..20 {
        assert_eq!(game.outcome(), None, "ply {ply}");
        // A flight that closes no mill (no removal written).
        let p = *game.position();
        let m = p
            .legal_moves()
            .into_iter()
            .find(|m| {
                m.removals().is_empty() && {
                    let after = p.play(*m);
                    after.legal_moves().iter().any(|r| r.removals().is_empty())
                }
            })
            .unwrap();
        game.play(m).unwrap();
    }
    assert_eq!(game.position().endgame_plies(), 20);
    assert_eq!(game.outcome(), Some(Outcome::draw(Reason::EndgameRule)));

    // Nine has no endgame rule: the same moves play on.
    let mut nine = Game::from_position(pos(
        "nine:threefold=off L../D../.../...L.D/D../.L./... L 0/0 0/0 -",
    ));
    for &m in game.moves() {
        nine.play(m).unwrap();
    }
    assert_eq!(nine.outcome(), None);
}

#[test]
fn draw_by_agreement_and_resignation() {
    let mut game = Game::new(Variant::Nine.rules());
    play(&mut game, "d6 a4");
    assert_eq!(game.agree_draw(), Ok(Outcome::draw(Reason::Agreement)));
    assert_eq!(game.outcome(), Some(Outcome::draw(Reason::Agreement)));
    assert!(game.legal_moves().is_empty());
    assert!(game.play_text("d5").is_err());
    assert!(game.resign(Color::Light).is_err());
    assert!(game.record().contains("[Result \"1/2-1/2\"]"));

    let mut game = Game::new(Variant::Nine.rules());
    play(&mut game, "d6");
    assert_eq!(
        game.resign(Color::Dark),
        Ok(Outcome::win(Color::Light, Reason::Resignation))
    );
    assert_eq!(game.outcome().map(|o| o.result()), Some("1-0"));
    assert!(game.agree_draw().is_err());
    let back = Game::from_record(&game.record()).unwrap();
    assert_eq!(
        back.outcome(),
        Some(Outcome::win(Color::Light, Reason::Resignation))
    );
}

#[test]
fn a_flag_loses_whatever_is_on_the_board_and_records_say_so() {
    // Three pieces each, flying: whoever's flag falls loses (RULES.md §2.7:
    // no draw for want of material in a mill game).
    let mut end = Game::from_position(pos("nine L../D../.../...L.D/D../.L./... L 0/0 0/0 -"));
    assert_eq!(
        end.flag(Color::Light),
        Ok(Outcome::win(Color::Dark, Reason::Time))
    );
    let mut game = Game::new(Variant::Nine.rules());
    play(&mut game, "d6 a4 d5");
    assert_eq!(
        game.flag(Color::Dark),
        Ok(Outcome::win(Color::Light, Reason::Time))
    );
    assert!(game.legal_moves().is_empty());
    assert!(
        game.resign(Color::Light).is_err(),
        "nothing is declared after the flag"
    );
    let text = game.record();
    assert!(
        text.contains("[Termination \"time forfeit\"]\n[Result \"1-0\"]"),
        "{text}"
    );
    let back = Game::from_record(&text).unwrap();
    assert_eq!(back.outcome(), Some(Outcome::win(Color::Light, Reason::Time)));
    assert_eq!(back.record(), text);
    // Taking the last turn back lifts the loss on time, as a resignation.
    assert_eq!(game.undo().map(|_| ()), Some(()));
    assert_eq!(game.outcome(), None);
    // Another termination is only a tag, and the result a resignation.
    let other = "[Termination \"normal\"]\n[Result \"0-1\"]\n\n1. d6 *";
    let rec: morris_core::Record = other.parse().unwrap();
    assert_eq!(rec.tags, vec![("Termination".to_string(), "normal".to_string())]);
    assert_eq!(
        rec.game.outcome(),
        Some(Outcome::win(Color::Dark, Reason::Resignation))
    );
    assert_eq!(Reason::Time.id(), "time");
    assert!(back
        .outcome()
        .is_some_and(|o| o.to_string().contains("dark ran out of time")));
}

#[test]
fn first_dark_means_dark_places_first() {
    let r = rules("nine:first=dark");
    assert_eq!(r.first, Color::Dark);
    let mut game = Game::new(r);
    assert_eq!(game.position().turn(), Color::Dark);
    play(&mut game, "d6");
    let p = game.position();
    assert_eq!(
        p.piece_at(p.geometry().point_at(coord("d6")).unwrap()),
        Some(Color::Dark)
    );
    assert_eq!(p.in_hand(Color::Dark), 8);
    assert_eq!(p.in_hand(Color::Light), 9);
    assert_eq!(p.turn(), Color::Light);
    let back = Game::from_record(&game.record()).unwrap();
    assert_eq!(back, game);
}

#[test]
fn a_mill_removes_nothing_when_the_opponent_has_no_piece_on_the_board() {
    let p = pos("nine .../.../.../....../.../LL./... L 7/9 0/0 -");
    assert_eq!(moves_starting(&p, "f2"), ["f2"]);
    assert_eq!(illegal(&p, "f2xd6"), IllegalReason::NotRemovable(coord("d6")));
    let q = p.play(p.parse_move("f2").unwrap());
    assert_eq!(q.material(Color::Dark), 9);
}

#[test]
fn fewer_than_three_pieces_loses() {
    let mut game = Game::from_position(pos("nine .../L../D.D/L...../..D/.../.LL L 0/0 0/0 -"));
    play(&mut game, "a4-a1xc5");
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::Light, Reason::FewerThanThree))
    );
    assert!(game.legal_moves().is_empty());
}

#[test]
fn fewer_than_three_on_board_and_in_hand_loses_in_the_placing() {
    // Three pieces each, mills take: a mill in the placing leaves dark
    // one piece on the board and one in hand.
    let mut game = Game::new(rules("three:mill-wins=off"));
    play(&mut game, "a1 a3 b1 b3");
    assert_eq!(moves_starting(game.position(), "c1"), ["c1xa3", "c1xb3"]);
    play(&mut game, "c1xa3");
    assert_eq!(game.position().in_hand(Color::Dark), 1);
    assert_eq!(
        game.outcome(),
        Some(Outcome::win(Color::Light, Reason::FewerThanThree))
    );

    // A position text with two pieces left in the placing.
    let p = pos("nine .../.../.../L...../.../.../... L 1/7 0/0 -");
    assert_eq!(
        p.terminal(),
        Some(Outcome::win(Color::Dark, Reason::FewerThanThree))
    );
    assert_eq!(p.count_moves(), 0);
}

#[test]
fn blocked_side_loses() {
    // Light's four corners are each shut in by dark.
    let p = pos("nine LDL/.../.../D....D/.../.../LDL L 0/0 0/0 -");
    assert_eq!(p.terminal(), Some(Outcome::win(Color::Dark, Reason::Blocked)));
    assert!(p.legal_moves().is_empty());
    // Dark to move in the same position is not blocked.
    let q = pos("nine LDL/.../.../D....D/.../.../LDL D 0/0 0/0 -");
    assert_eq!(q.terminal(), None);
    assert_eq!(moves(&q), ["a4-b4", "d1-d2", "d7-d6", "g4-f4"]);
}
