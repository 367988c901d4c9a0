//! The rule sets of docs/RULES.md §7: boards, options, named sets, their
//! position text, notation and records.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use morris_core::{
    perft, BoardKind, Color, Due, Game, Move, Outcome, Position, Reason, RuleKey, Rules, Variant,
};

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

fn rules(text: &str) -> Rules {
    text.parse().unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

fn play(p: &Position, moves: &[&str]) -> Position {
    moves.iter().fold(*p, |p, t| {
        let m = p.parse_move(t).unwrap_or_else(|e| panic!("`{t}` in {p}: {e}"));
        p.play(m)
    })
}

fn texts(p: &Position) -> Vec<String> {
    let mut v: Vec<String> = p.legal_moves().into_iter().map(|m| p.notation(m)).collect();
    v.sort();
    v
}

#[test]
fn every_named_set_reads_and_writes_its_rules() {
    for v in Variant::WORLD {
        let r = v.rules();
        r.validate().unwrap();
        assert_eq!(r.to_string(), v.id());
        assert_eq!(v.id().parse::<Variant>(), Ok(v));
        assert_eq!(rules(v.id()), r);
    }
    let r = rules("nine:flying=four,placing-mill=hand-again,board-full=first-mover,blocked=both-remove,one-time-mill=on,custodian=on,intervention=on,second-moves-first=on,misere=on");
    let text = r.to_string();
    assert_eq!(rules(&text), r);
    for (key, value) in r.changes() {
        assert_eq!(RuleKey::from_tag(&key.tag()), Some(key));
        assert_eq!(r.get(key), value);
    }
    assert_eq!(RuleKey::PlacingMill.tag(), "PlacingMill");
    assert!("nine:placing-mill=mark,custodian=on".parse::<Rules>().is_err());
    assert!("nine:flying=sometimes".parse::<Rules>().is_err());
    assert!("six:board=seven,pieces=9".parse::<Rules>().is_err());
    // The classic lists are unchanged; the world's are apart.
    assert_eq!(Variant::ALL.len(), 8);
    assert_eq!(Variant::every().count(), 19);
}

#[test]
fn the_seven_board() {
    let g = BoardKind::Seven.geometry();
    assert_eq!((g.len(), g.mills().len()), (17, 14));
    let c3 = g.parse_point("c3").unwrap();
    let names: Vec<String> = g.adjacent(c3).iter().map(|p| g.coord(p).to_string()).collect();
    assert_eq!(names.len(), 4, "{names:?}");
    assert_eq!(g.mills_through(c3).len(), 6);
    let start = Position::new(Variant::Seven.rules());
    assert_eq!(start.to_string(), "seven .../.../...../.../... L 7/7 0/0 -");
    assert_eq!(perft(&start, 1), 17);
    assert_eq!(perft(&start, 2), 17 * 16);
    let five = Position::new(Variant::Five.rules());
    assert_eq!(perft(&five, 2), 16 * 15);
    // Seven's centre closes a mill down the middle file.
    let p = play(&start, &["c5", "a1", "c4", "e1"]);
    assert!(texts(&p).contains(&"c3xa1".to_string()));
}

#[test]
fn a_mill_from_the_hand() {
    let start = Position::new(rules("nine:placing-mill=hand"));
    let p = play(&start, &["a7", "a1", "d7", "d1"]);
    // g7 closes the top mill: dark's hand pays, nothing is written.
    assert!(texts(&p).contains(&"g7".to_string()));
    let after = play(&p, &["g7"]);
    assert_eq!((after.in_hand(Color::Dark), after.turn()), (6, Color::Dark));
    let again = play(
        &Position::new(rules("nine:placing-mill=hand-again")),
        &["a7", "a1", "d7", "d1", "g7"],
    );
    assert_eq!((again.in_hand(Color::Dark), again.turn()), (6, Color::Light));
    // Dooz: an empty hand moves while the other still places.
    let dooz = pos("dooz LLL/.../.../D....D/.../.../D.. D 5/0 0/0 -");
    assert!(dooz.legal_moves().iter().all(|m| m.from().is_some()));
    let next = dooz.play(dooz.legal_moves()[0]);
    assert!(next.legal_moves().iter().all(|m| m.is_placement()));
}

#[test]
fn a_mill_that_marks() {
    let start = Position::new(rules("cheng-san-qi"));
    let p = play(&start, &["a7", "a1", "d7", "d1", "g7xa1"]);
    assert!(p.markers().any());
    let text = p.to_string();
    assert!(text.contains('X'), "{text}");
    assert_eq!(pos(&text), p);
    // Nobody may place on a marker.
    assert!(p.parse_move("a1").is_err());
    // The markers come off when the placing ends.
    let mut q = p;
    while q.placements_left() > 0 && q.outcome().is_none() {
        let m = q.legal_moves()[0];
        q = q.play(m);
        if q.placements_left() > 0 {
            assert!(q.markers().any());
        }
    }
    assert_eq!((q.placements_left(), q.markers().count()), (0, 0), "{q}");
}

#[test]
fn the_mill_count() {
    // El Filja rules on 3 pieces: light ends the placing with one mill,
    // dark with none: light takes two, dark one (RULES.md §7.2).
    let start = Position::new(rules("el-filja:pieces=3,removal=protected"));
    let p = play(&start, &["a7", "a1", "d7", "b2", "g7", "f2"]);
    assert_eq!(p.due(), Some(Due::Opposing(2)));
    assert_eq!(p.turn(), Color::Light);
    assert_eq!(p.legal_moves().len(), 3);
    assert!(p.legal_moves().iter().all(|m| m.is_removal_only()));
    let text = p.to_string();
    assert!(text.ends_with(" remove:2,remove:1"), "{text}");
    assert_eq!(pos(&text), p);
    let m = p.parse_move("xb2xa1").unwrap();
    assert_eq!(p.notation(m), "xb2xa1");
    let q = p.play(m);
    assert_eq!(
        q.outcome(),
        Some(Outcome::win(Color::Light, Reason::FewerThanThree))
    );
    // Both without a mill: each removes one of its own.
    let p = play(&start, &["a7", "a1", "d7", "d1", "b6", "b2"]);
    assert_eq!(p.due(), Some(Due::Own(1)));
}

#[test]
fn a_full_board_with_removals() {
    for (option, first_remover, mover) in [
        ("light-dark", Color::Light, Color::Light),
        ("dark-light", Color::Dark, Color::Dark),
        ("first-mover", Color::Light, Color::Dark),
    ] {
        let start = Position::new(rules(&format!("twelve:removal=never,board-full={option}")));
        let mut p = start;
        while p.placements_left() > 0 {
            let m = p.legal_moves()[0];
            p = p.play(m);
        }
        assert_eq!(
            (p.due(), p.turn()),
            (Some(Due::Opposing(1)), first_remover),
            "{option}: {p}"
        );
        assert_eq!(pos(&p.to_string()), p);
        p = p.play(p.legal_moves()[0]);
        if option != "first-mover" {
            assert_eq!(p.due(), Some(Due::Opposing(1)));
            p = p.play(p.legal_moves()[0]);
        }
        assert_eq!((p.due(), p.turn()), (None, mover), "{option}");
        assert!(p.legal_moves().iter().all(|m| m.is_play()));
    }
}

const BLOCKED: &str = "LDL/.../.../D....D/.../.../LDL L 0/0 0/0 -";

#[test]
fn a_blocked_player() {
    let p = pos(&format!("nine:blocked=pass {BLOCKED}"));
    assert_eq!(p.legal_moves(), vec![Move::PASS]);
    assert_eq!(p.notation(Move::PASS), "pass");
    let q = p.play(p.parse_move("pass").unwrap());
    assert_eq!(q.turn(), Color::Dark);
    let p = pos(&format!("nine:blocked=draw {BLOCKED}"));
    assert_eq!(p.terminal(), Some(Outcome::draw(Reason::Blocked)));
    let p = pos(&format!("nine:misere=on {BLOCKED}"));
    assert_eq!(p.terminal(), Some(Outcome::win(Color::Light, Reason::Blocked)));
    for (option, next, due) in [
        ("remove-move", Color::Light, None),
        ("remove-pass", Color::Dark, None),
        ("both-remove", Color::Dark, Some(Due::NextTo)),
    ] {
        let p = pos(&format!("nine:blocked={option} {BLOCKED}"));
        assert_eq!(texts(&p), ["xa4", "xd1", "xd7", "xg4"], "{option}");
        let q = p.play(p.parse_move("xd7").unwrap());
        assert_eq!((q.turn(), q.due()), (next, due), "{option}");
        assert_eq!(pos(&q.to_string()), q);
        if let Some(Due::NextTo) = due {
            // Dark takes a light piece next to one of his: all four are.
            assert_eq!(q.legal_moves().len(), 4);
            let r = q.play(q.parse_move("xa1").unwrap());
            assert_eq!((r.turn(), r.due()), (Color::Light, None));
        }
    }
}

#[test]
fn one_time_mills() {
    let start = Position::new(rules("one-time-mill"));
    let p = play(&start, &["a7", "a1", "d7", "d1", "g7xa1"]);
    assert!(p.to_string().ends_with(" used:L:a7-d7-g7"), "{p}");
    assert_eq!(pos(&p.to_string()), p);
    assert_eq!(p.used_lines(Color::Light).count_ones(), 1);
    // Closing a used line again takes nothing; a fresh one takes.
    let used = pos("one-time-mill LL./.../.../.....L/.../.../DDD L 0/0 0/0 - used:L:a7-d7-g7");
    assert!(texts(&used).contains(&"g4-g7".to_string()));
    let fresh = pos("one-time-mill LL./.../.../.....L/.../.../DDD L 0/0 0/0 -");
    assert!(!texts(&fresh).contains(&"g4-g7".to_string()));
    assert!(texts(&fresh).contains(&"g4-g7xa1".to_string()));
    // Closed again, the line stays used and nothing else is.
    let again = play(&used, &["g4-g7"]);
    assert_eq!(again.used_lines(Color::Light), used.used_lines(Color::Light));
}

#[test]
fn custodian_and_intervention() {
    // Custodian: light moves to g7 flanking d7 with a7; dark's bottom
    // mill protects its pieces, d7 is free.
    let p = pos("nine:custodian=on LD./.../.../.LL..L/.../.../DDD L 0/0 0/0 -");
    let ts = texts(&p);
    assert!(ts.contains(&"g4-g7xd7".to_string()), "{ts:?}");
    assert!(
        !ts.contains(&"g4-g7".to_string()),
        "capture is compulsory: {ts:?}"
    );
    // Intervention: light moves into d7 between a7 and g7, taking both.
    let p = pos("mul-mulan D.D/.L./.../LL..D./.../.../DLD L 0/0 0/0 -");
    let m = p.parse_move("d6-d7xa7xg7").unwrap();
    assert_eq!(p.parse_move("d6-d7xg7xa7"), Ok(m));
    assert!(p.parse_move("d6-d7").is_err());
    let q = p.play(m);
    assert_eq!(q.pieces(Color::Dark).count(), 3);
}

#[test]
fn second_mover_and_flying() {
    let mut p = Position::new(rules("nerenchi:removal=never"));
    while p.placements_left() > 0 {
        p = p.play(p.legal_moves()[0]);
    }
    // Dark makes the first move, so a full board is lost by dark.
    assert_eq!(p.turn(), Color::Dark);
    assert_eq!(p.terminal(), Some(Outcome::win(Color::Light, Reason::BoardFull)));
    let four = pos("nine:flying=four L../.../.../L....D/.../.../L.L L 0/0 0/0 -");
    assert!(four.can_fly(Color::Light));
    let always = pos("nine:flying=always L../.../.../L....D/.../.../L.L D 0/0 0/0 -");
    assert!(always.can_fly(Color::Dark));
}

#[test]
fn misere_wins_with_two_pieces() {
    let p = pos("nine:misere=on LL./.../.../.....L/.../D../DD. L 0/0 0/0 -");
    let q = play(&p, &["g4-g7xb2"]);
    assert_eq!(
        q.terminal(),
        Some(Outcome::win(Color::Dark, Reason::FewerThanThree))
    );
    // A full board is a draw whatever the board-full option says.
    let mut f = Position::new(rules("twelve:removal=never,misere=on,board-full=light-dark"));
    while f.placements_left() > 0 {
        f = f.play(f.legal_moves()[0]);
    }
    assert_eq!(f.terminal(), Some(Outcome::draw(Reason::BoardFull)));
}

/// A small deterministic random number generator.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// Random games under every §7 set and option: every generated turn is
/// legal, its notation reads back to it, the position text reads back to
/// the position, and the game's record reads back to the game.
#[test]
fn random_games_round_trip() {
    let mut sets: Vec<String> = Variant::WORLD.iter().map(|v| v.id().to_string()).collect();
    for opt in [
        "flying=four",
        "flying=always",
        "placing-mill=hand",
        "placing-mill=hand-again",
        "placing-mill=mark",
        "placing-mill=count",
        "board-full=light-dark",
        "board-full=dark-light",
        "board-full=first-mover",
        "blocked=draw",
        "blocked=pass",
        "blocked=remove-move",
        "blocked=remove-pass",
        "blocked=both-remove",
        "one-time-mill=on",
        "custodian=on",
        "intervention=on",
        "custodian=on,intervention=on,mill-takes=each",
        "second-moves-first=on",
        "misere=on",
    ] {
        sets.push(format!("nine:{opt}"));
        sets.push(format!("twelve:{opt},removal=always"));
    }
    let mut rng = Rng(0x9E37_79B9_7F4A_7C15);
    let mut plies = 0;
    for set in &sets {
        let r = rules(set);
        for _ in 0..6 {
            let mut game = Game::new(r);
            for _ in 0..160 {
                let p = *game.position();
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                assert_eq!(p.count_moves(), p.legal_moves().len() as u64, "{p}");
                let m = moves[rng.below(moves.len())];
                let text = p.notation(m);
                assert_eq!(p.parse_move(&text), Ok(m), "{set}: `{text}` in {p}");
                let back: Position = p.to_string().parse().unwrap_or_else(|e| panic!("{p}: {e}"));
                assert_eq!(back, p, "{set}");
                assert_eq!(back.key(), p.key());
                game.play(m).unwrap();
                plies += 1;
            }
            let rec = game.record();
            let read = Game::from_record(&rec).unwrap_or_else(|e| {
                let at = game
                    .positions()
                    .iter()
                    .map(|p| p.to_string())
                    .collect::<Vec<_>>()
                    .join("\n");
                panic!("{set}: {e}\n{rec}\n{at}")
            });
            assert_eq!(read.moves(), game.moves(), "{set}");
        }
    }
    assert!(plies > 10_000, "{plies}");
}

/// Prints the perft counts from the start of every §7 set (run with
/// `--ignored --nocapture`; the counts are checked in tests/perft/).
#[test]
#[ignore]
fn print_start_counts() {
    for v in Variant::WORLD {
        let start = Position::new(v.rules());
        let counts: Vec<u64> = (1..=4).map(|d| perft(&start, d)).collect();
        println!("{v}: {counts:?}");
    }
}

/// Dooz's full board (`board-full=first-mover`): the 24th placement fills
/// the board and the first mover's removal is a turn of its own. Written
/// as tokens, `f4 xf4` is that placement then that removal (the position
/// decides, §7.9), as a host's move list sends it; `f4xf4` is no turn.
#[test]
fn a_removal_token_after_the_filling_placement_is_a_turn_of_its_own() {
    const FILL: &str = "g7 b2 b6 a4 e5 f6 f2 c4 b4 g1 d5 c5 c3 d3 d7 d6 e4 a7 a1 e3 d2 d1 g4 f4";
    let mut game = Game::new(Variant::Dooz.rules());
    let list = morris_core::parse_turns(&format!("{FILL} xf4"), 100).unwrap();
    game.play_turns(&list).unwrap();
    assert_eq!(game.moves().len(), 25);
    let before = &game.positions()[24];
    assert_eq!(before.notation(game.moves()[24]), "xf4");

    let mut joined = Game::new(Variant::Dooz.rules());
    let list = morris_core::parse_turns(&format!("{FILL}xf4"), 100).unwrap();
    let err = joined.play_turns(&list).unwrap_err();
    assert_eq!(err.ply, 24, "{err}");
}

/// Random games of every §7 set written as other programs write them,
/// each removal of a placement or move as a token of its own
/// (`d5-e5 xc4`): read back with [`Game::play_turns`] they are the same
/// games, whether a token is the turn's own removal, the full board's
/// removal or a blocked player's (§7.9).
#[test]
fn split_removal_tokens_read_back_to_the_same_games() {
    let mut rng = Rng(0x2545_F491_4F6C_DD1D);
    let mut splits = 0;
    let mut sets: Vec<String> = Variant::WORLD.iter().map(|v| v.id().to_string()).collect();
    for blocked in ["remove-move", "remove-pass", "both-remove"] {
        sets.push(format!("six:blocked={blocked}"));
        sets.push(format!(
            "twelve:blocked={blocked},board-full=light-dark,removal=always"
        ));
    }
    for set in &sets {
        let r = rules(set);
        for _ in 0..30 {
            let mut game = Game::new(r);
            let mut tokens = Vec::new();
            for _ in 0..200 {
                let moves = game.legal_moves();
                if moves.is_empty() {
                    break;
                }
                let m = moves[rng.below(moves.len())];
                let text = game.position().notation(m);
                match text.find('x').filter(|&i| i > 0) {
                    Some(i) => {
                        tokens.push(text[..i].to_string());
                        tokens.extend(
                            text[i..]
                                .split('x')
                                .filter(|t| !t.is_empty())
                                .map(|t| format!("x{t}")),
                        );
                        splits += 1;
                    }
                    None => tokens.push(text),
                }
                game.play(m).unwrap();
            }
            let mut read = Game::new(r);
            let list = morris_core::parse_turns(&tokens.join(" "), 1000).unwrap();
            read.play_turns(&list)
                .unwrap_or_else(|e| panic!("{set}: {e}\n{}", tokens.join(" ")));
            assert_eq!(read.moves(), game.moves(), "{set}");
        }
    }
    assert!(splits > 500, "{splits}");
}
