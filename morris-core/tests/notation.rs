//! Notation as players write it (docs/RULES.md §5): moves, position texts, game
//! records with tags, the removal-as-its-own-token and numbered imports,
//! and Sanmill's FEN.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use morris_core::{
    from_sanmill_fen, split_records, BoardKind, Color, Coord, Game, IllegalReason, MoveError, MoveText,
    ParseMoveError, Position, PositionError, PositionTextError, Record, RecordError, Rules, SanmillFenError,
    Variant,
};

fn c(s: &str) -> Coord {
    s.parse().unwrap()
}

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("`{text}`: {e}"))
}

fn at(p: &Position, s: &str) -> Option<Color> {
    p.piece_at(p.geometry().point_at(c(s)).unwrap())
}

fn syntax_error(text: &str) -> ParseMoveError {
    match text.parse::<MoveText>() {
        Ok(mt) => panic!("`{text}` should not parse, got {mt:?}"),
        Err(e) => e,
    }
}

#[test]
fn move_texts_parse_and_print() {
    let cases: [(&str, Option<&str>, &str, &[&str]); 5] = [
        ("d6", None, "d6", &[]),
        ("d6-d5", Some("d6"), "d5", &[]),
        ("d6xb4", None, "d6", &["b4"]),
        ("d6-d5xb4", Some("d6"), "d5", &["b4"]),
        ("d6-d5xb4xe4", Some("d6"), "d5", &["b4", "e4"]),
    ];
    for (text, from, to, removals) in cases {
        let mt: MoveText = text.parse().unwrap();
        assert_eq!(mt.from, from.map(c), "{text}");
        assert_eq!(mt.to, c(to), "{text}");
        assert_eq!(
            mt.removals,
            removals.iter().map(|r| c(r)).collect::<Vec<_>>(),
            "{text}"
        );
        assert_eq!(mt.to_string(), text);
        // Input is case-insensitive and may carry surrounding blanks.
        let shouted: MoveText = format!("  {}\t", text.to_ascii_uppercase()).parse().unwrap();
        assert_eq!(shouted, mt, "{text}");
    }
    let mixed: MoveText = "D6-d5Xb4".parse().unwrap();
    assert_eq!(mixed.to_string(), "d6-d5xb4");
}

#[test]
fn syntax_errors_name_the_token() {
    for bad in [
        "d",
        "d6-",
        "-d5",
        "d6--d5",
        "z9",
        "d0",
        "h1",
        "a8",
        "d6xb4x",
        "d6x",
        "66",
        "dd",
        "d6 d5",
        "d6-d5-d4",
        // Thirteen removals: more than any turn takes (RULES.md §7 allows twelve).
        "d6xb4xe4xa1xa4xg7xa7xd7xb6xd2xf2xf4xf6xg1",
    ] {
        let e = syntax_error(bad);
        assert_eq!(e.token, bad, "{bad}");
        assert!(e.to_string().contains(&format!("`{bad}`")), "{e}");
    }
    assert!(syntax_error("").to_string().contains("empty"));
    // `xb4` alone is a turn that only removes (RULES.md §7.9); `x` names nothing.
    assert!(syntax_error("x").problem.contains("removal"));
    let e = syntax_error("d6–d5"); // an en dash
    assert!(e.to_string().contains("d6–d5"), "{e}");
    // A long token is cut, not copied whole.
    let long = "d6".repeat(500);
    assert!(syntax_error(&long).token.len() <= 48);
}

#[test]
fn syntax_and_illegal_move_errors_are_different_types() {
    let mut game = Game::new(Variant::Nine.rules());
    game.play_text("d6").unwrap();
    match game.play_text("d6") {
        Err(MoveError::Illegal(e)) => {
            assert_eq!(e.reason, IllegalReason::Occupied(c("d6")));
            assert_eq!(e.to_string(), "illegal move `d6`: d6 is not empty");
        }
        other => panic!("{other:?}"),
    }
    match game.play_text("d9") {
        Err(MoveError::Syntax(e)) => assert_eq!(e.token, "d9"),
        other => panic!("{other:?}"),
    }
    // d4 is well written but no point of the mill board.
    match game.play_text("d4") {
        Err(MoveError::Illegal(e)) => {
            assert_eq!(e.reason, IllegalReason::NotOnBoard(c("d4")));
            assert!(e.to_string().contains("d4 is not a point"), "{e}");
        }
        other => panic!("{other:?}"),
    }
    match game.play_text("a4-a1") {
        Err(MoveError::Illegal(e)) => assert_eq!(e.reason, IllegalReason::MustPlace(Color::Dark)),
        other => panic!("{other:?}"),
    }
    // Nothing was played by the failed attempts.
    assert_eq!(game.moves().len(), 1);
}

#[test]
fn illegal_move_messages_say_what_is_wrong() {
    // The rule book's f2 example (see tests/rules.rs).
    let p = pos("nine L../.../DDD/.DLD../.../LL./..L L 4/4 0/0 -");
    let msg = |t: &str| p.parse_move(t).unwrap_err().to_string();
    assert!(
        msg("f2").starts_with("illegal move `f2`: it closes a mill: name the piece to remove, like `f2x"),
        "{}",
        msg("f2")
    );
    assert_eq!(
        msg("f2xd5"),
        "illegal move `f2xd5`: d5 is not an opposing piece that may be removed"
    );
    assert_eq!(
        msg("c3xb4"),
        "illegal move `c3xb4`: it closes no mill, so it removes nothing"
    );
    assert_eq!(
        msg("f2xb4xe4"),
        "illegal move `f2xb4xe4`: it removes 2 piece(s) but earns 1"
    );
    assert_eq!(
        msg("f2xb4xb4"),
        "illegal move `f2xb4xb4`: a point is named twice among the removals"
    );
    // Input in capitals is echoed in the notation's own spelling.
    assert_eq!(p.parse_move("F2XE4").unwrap(), p.parse_move("f2xe4").unwrap());
}

#[test]
fn start_positions_have_the_documented_text() {
    let expect = [
        (Variant::Nine, "nine .../.../.../....../.../.../... L 9/9 0/0 -"),
        (Variant::Three, "three .../.../... L 3/3 0/0 -"),
        (Variant::Six, "six .../.../..../.../... L 6/6 0/0 -"),
        (
            Variant::Twelve,
            "twelve .../.../.../....../.../.../... L 12/12 0/0 -",
        ),
        (
            Variant::MorabarabaSotho,
            "morabaraba-sotho .../.../.../......./.../.../... L 12/12 0/0 -",
        ),
        (
            Variant::Morabaraba11,
            "morabaraba-11 .../.../.../....../.../.../... L 11/11 0/0 -",
        ),
        (
            Variant::Lasker,
            "lasker .../.../.../....../.../.../... L 10/10 0/0 -",
        ),
    ];
    for (v, text) in expect {
        let p = Position::new(v.rules());
        assert_eq!(p.to_string(), text);
        assert_eq!(pos(text), p);
    }
    let dark_first: Rules = "nine:first=dark,mill-takes=each".parse().unwrap();
    assert_eq!(
        Position::new(dark_first).to_string(),
        "nine:mill-takes=each,first=dark .../.../.../....../.../.../... D 9/9 0/0 -"
    );
}

/// A small deterministic generator, so these round trips need no proptest.
struct Lcg(u64);

impl Lcg {
    fn next(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) as usize) % n
    }
}

#[test]
fn position_texts_round_trip_through_random_games() {
    let option_sets = [
        "",
        ":mill-takes=each",
        ":removal=always",
        ":removal=never,flying=off",
        ":first=dark,threefold=off",
        ":no-reform=on,endgame-draw=4,n-move=7",
        ":move-in-placing=on,board-full=draw",
    ];
    let mut rng = Lcg(7);
    let mut positions = 0;
    for v in Variant::ALL {
        for opts in option_sets {
            let rules: Rules = format!("{v}{opts}").parse().unwrap();
            for _ in 0..4 {
                let mut p = Position::new(rules);
                for _ in 0..rng.next(120) {
                    let legal = p.legal_moves();
                    if legal.is_empty() {
                        break;
                    }
                    p = p.play(legal[rng.next(legal.len())]);
                    let text = p.to_string();
                    let back = pos(&text);
                    assert_eq!(back, p, "{text}");
                    assert_eq!(back.key(), p.key(), "{text}");
                    assert_eq!(back.to_string(), text);
                    positions += 1;
                }
            }
        }
    }
    assert!(positions > 1000, "only {positions} positions");
}

fn text_error(text: &str) -> PositionTextError {
    match text.parse::<Position>() {
        Ok(p) => panic!("`{text}` should be rejected, got {p}"),
        Err(e) => e,
    }
}

fn syntax_message(text: &str) -> String {
    match text_error(text) {
        PositionTextError::Syntax(e) => e.to_string(),
        PositionTextError::Invalid(e) => panic!("`{text}` should be a syntax error, got {e}"),
    }
}

#[test]
fn malformed_position_texts_say_what_is_wrong() {
    let cases = [
        (
            "",
            "expected 6 fields (rules, board, side to move, in hand, counters, bans), found 0",
        ),
        ("nine .../.../.../....../.../.../... L 9/9 0/0", "found 5"),
        (
            "nine .../.../.../....../.../.../... L 9/9 0/0 - extra more",
            "found 8",
        ),
        (
            "ninety .../.../.../....../.../.../... L 9/9 0/0 -",
            "rules: unknown variant `ninety`",
        ),
        (
            "nine:flying=maybe .../.../.../....../.../.../... L 9/9 0/0 -",
            "rule option `flying` takes on|off|four|always, not `maybe`",
        ),
        (
            "nine:speed=3 .../.../.../....../.../.../... L 9/9 0/0 -",
            "unknown rule option `speed`",
        ),
        (
            "nine .../.../... L 9/9 0/0 -",
            "board: the mill board has 7 ranks, the text has 3",
        ),
        (
            "nine .../.../.../.../.../.../... L 9/9 0/0 -",
            "board: rank 4 from the top has 6 points, the text gives 3",
        ),
        (
            "nine ..../.../.../....../.../.../... L 9/9 0/0 -",
            "rank 1 from the top has 3 points, the text gives 4",
        ),
        (
            "nine .Q./.../.../....../.../.../... L 9/9 0/0 -",
            "board: `Q` is not L, D, X or .",
        ),
        (
            "nine .l./.../.../....../.../.../... L 9/9 0/0 -",
            "`l` is not L, D, X or .",
        ),
        (
            "nine .é./.../.../....../.../.../... L 9/9 0/0 -",
            "`é` is not L, D, X or .",
        ),
        (
            "nine .../.../.../....../.../.../... W 9/9 0/0 -",
            "side to move: expected L or D, found `W`",
        ),
        (
            "nine .../.../.../....../.../.../... L 9/x 0/0 -",
            "in hand: expected two numbers like 9/9, found `9/x`",
        ),
        (
            "nine .../.../.../....../.../.../... L 9 0/0 -",
            "in hand: expected two numbers like 9/9",
        ),
        ("nine .../.../.../....../.../.../... L 300/9 0/0 -", "in hand"),
        (
            "nine .../.../.../....../.../.../... L 9/9 0/-1 -",
            "counters: expected two numbers like 0/0",
        ),
        (
            "nine .../.../.../....../.../.../... L 9/9 0/0 L:d6",
            "bans: expected - or a ban like L:d6-d5",
        ),
        ("nine .../.../.../....../.../.../... L 9/9 0/0 X:d6-d5", "bans"),
        (
            "nine .../.../.../....../.../.../... L 9/9 0/0 L:d6-d4",
            "d4 is not a point of the mill board",
        ),
    ];
    for (text, want) in cases {
        let msg = syntax_message(text);
        assert!(msg.contains(want), "`{text}`: `{msg}` should contain `{want}`");
        assert!(msg.starts_with("bad position text"), "{msg}");
    }
    let huge = format!("nine {} L 9/9 0/0 -", ".".repeat(5000));
    assert!(syntax_message(&huge).contains("longer than"));
}

#[test]
fn impossible_positions_are_position_errors() {
    // Three light pieces on the board and seven in hand make ten.
    match text_error("nine LLL/.../.../....../.../.../... D 7/9 0/0 -") {
        PositionTextError::Invalid(e) => {
            assert_eq!(
                e,
                PositionError::TooManyPieces {
                    color: Color::Light,
                    on_board: 3,
                    in_hand: 7,
                    pieces: 9
                }
            );
            assert_eq!(
                e.to_string(),
                "light has 3 on the board and 7 in hand, more than the 9 pieces of the game"
            );
        }
        other => panic!("{other:?}"),
    }
    // Four pieces on the 3×3 board with three men.
    assert!(matches!(
        text_error("three DDD/D../... L 3/0 0/0 -"),
        PositionTextError::Invalid(PositionError::TooManyPieces {
            color: Color::Dark,
            ..
        })
    ));
    // A re-forming ban needs the rule, and a piece where it starts.
    assert_eq!(
        text_error("nine .../.L./.../....../.../.../... L 8/9 0/0 L:d6-d5"),
        PositionTextError::Invalid(PositionError::BanWithoutRule(Color::Light))
    );
    assert!(matches!(
        text_error("morabaraba .../.../.../....../.../.../... L 12/12 0/0 L:d6-d5"),
        PositionTextError::Invalid(PositionError::BanWithoutPiece {
            color: Color::Light,
            ..
        })
    ));
    // Pieces per side must fit the board: seven each is too many for 3×3.
    assert!(syntax_message("three:pieces=9 .../.../... L 9/9 0/0 -").contains("do not fit"));
}

/// Eighteen placements without a mill, then light's d6-d5 closes c5-d5-e5.
const PLACED: [&str; 18] = [
    "d6", "a4", "c5", "b4", "e5", "d1", "a1", "g4", "g7", "f4", "f2", "d3", "c3", "a7", "e3", "d7", "b6",
    "b2",
];

#[test]
fn removal_written_as_its_own_token_is_imported() {
    let mut numbered = String::new();
    for (i, pair) in PLACED.chunks(2).enumerate() {
        numbered.push_str(&format!("{}. {} {} ", i + 1, pair[0], pair[1]));
    }
    numbered.push_str("10. d6-d5 xb4");
    let game = Game::from_record(&numbered).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(game.moves().len(), 19);
    assert_eq!(game.move_texts().last().map(String::as_str), Some("d6-d5xb4"));
    assert_eq!(at(game.position(), "b4"), None);
    assert_eq!(at(game.position(), "d5"), Some(Color::Light));

    // The same without numbers, and with the removal joined on.
    let plain = format!("{} d6-d5xb4", PLACED.join(" "));
    assert_eq!(Game::from_record(&plain).unwrap(), game);
    // Capitals and an `X` removal token are read too.
    let loud = format!("{} D6-D5 XB4", PLACED.join(" ").to_uppercase());
    assert_eq!(Game::from_record(&loud).unwrap(), game);

    // Written back, the removal is joined to its move.
    let rec = game.record();
    assert!(rec.ends_with("10. d6-d5xb4 *\n"), "{rec}");
    assert_eq!(Game::from_record(&rec).unwrap(), game);
}

#[test]
fn record_errors_name_the_turn() {
    // A removal with no turn before it is a turn that only removes
    // (RULES.md §7.9), and none is due at the start of Nine Men's Morris.
    match Game::from_record("xb4 d6") {
        Err(e @ RecordError::Move { ply: 1, .. }) => {
            assert_eq!(
                e.to_string(),
                "turn 1: illegal move `xb4`: no turn that only removes is due here"
            )
        }
        other => panic!("{other:?}"),
    }
    match Game::from_record("1. d6 a4 2. d6") {
        Err(e @ RecordError::Move { ply: 3, .. }) => {
            assert_eq!(e.to_string(), "turn 3: illegal move `d6`: d6 is not empty")
        }
        other => panic!("{other:?}"),
    }
    match Game::from_record("1. d6 a4 2. q7") {
        Err(e @ RecordError::Syntax { ply: 3, .. }) => assert!(e.to_string().contains("`q7`"), "{e}"),
        other => panic!("{other:?}"),
    }
    assert!(matches!(
        Game::from_record("[Variant \"ten\"]\n1. d6"),
        Err(RecordError::Variant { .. })
    ));
    assert!(matches!(
        Game::from_record("[Flying \"sometimes\"]"),
        Err(RecordError::Rule { .. })
    ));
    assert!(matches!(
        Game::from_record("[Variant nine]"),
        Err(RecordError::Tag(_))
    ));
    assert!(matches!(
        Game::from_record("[Variant \"nine"),
        Err(RecordError::Tag(_))
    ));
    // A stated result the moves contradict: light's mill won Three Men's Morris.
    match Game::from_record("[Variant \"three\"]\n1. a1 b2 2. a2 c3 3. a3 0-1") {
        Err(RecordError::ResultMismatch { stated, .. }) => assert_eq!(stated, "0-1"),
        other => panic!("{other:?}"),
    }
    // Moves after the end are refused.
    assert!(matches!(
        Game::from_record("[Variant \"three\"]\n1. a1 b2 2. a2 c3 3. a3 b1"),
        Err(RecordError::Move { ply: 6, .. })
    ));
}

#[test]
fn records_with_tags_round_trip() {
    let text =
        "[Event \"Club \\\"night\\\"\"]\n[Variant \"twelve\"]\n[MillTakes \"each\"]\n[Light \"Ada\"]\n\
                [Dark \"Bo\"]\n[Result \"*\"]\n\n{opening} 1. d6 a4 2. d5 {a comment} a1 3. d7xa4 *\n";
    let rec: Record = text.parse().unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(rec.game.rules().variant, Variant::Twelve);
    assert_eq!(rec.game.rules().mill_takes, morris_core::MillTakes::Each);
    assert_eq!(
        rec.tags,
        [
            ("Event".to_string(), "Club \"night\"".to_string()),
            ("Light".to_string(), "Ada".to_string()),
            ("Dark".to_string(), "Bo".to_string()),
        ]
    );
    assert_eq!(rec.game.move_texts(), ["d6", "a4", "d5", "a1", "d7xa4"]);
    let written = rec.to_string();
    assert_eq!(
        written,
        "[Variant \"twelve\"]\n[MillTakes \"each\"]\n[Event \"Club \\\"night\\\"\"]\n[Light \"Ada\"]\n\
         [Dark \"Bo\"]\n[Result \"*\"]\n\n1. d6 a4 2. d5 a1 3. d7xa4 *\n"
    );
    let again: Record = written.parse().unwrap();
    assert_eq!(again, rec);

    // Game::record has no extra tags; a finished game carries its result.
    let mut game = Game::new(Variant::Three.rules());
    for m in ["a1", "b2", "a2", "c3", "a3"] {
        game.play_text(m).unwrap();
    }
    let rec = game.record();
    assert_eq!(
        rec,
        "[Variant \"three\"]\n[Result \"1-0\"]\n\n1. a1 b2 2. a2 c3 3. a3 1-0\n"
    );
    assert_eq!(Game::from_record(&rec).unwrap(), game);
}

#[test]
fn records_from_a_position_keep_it() {
    let start = pos("nine:n-move=20 .../L../D.D/L...../..D/.../.LL L 0/0 3/0 -");
    let mut game = Game::from_position(start);
    game.play_text("a4-a1xc5").unwrap();
    let rec = game.record();
    assert!(rec.contains("[NMove \"20\"]"), "{rec}");
    assert!(
        rec.contains("[Position \"nine:n-move=20 .../L../D.D/L...../..D/.../.LL L 0/0 3/0 -\"]"),
        "{rec}"
    );
    assert!(rec.contains("[Result \"1-0\"]"), "{rec}");
    assert_eq!(Game::from_record(&rec).unwrap(), game);
}

const SANMILL_START: &str = "********/********/******** w p p 0 9 0 9 0 0 0 0 0 0 0 0 1";

#[test]
fn sanmill_fen_start_and_point_order() {
    let nine = Variant::Nine.rules();
    assert_eq!(
        from_sanmill_fen(SANMILL_START, nine).unwrap(),
        Position::new(nine)
    );
    // The 1st point is d5, the 9th d6, the 17th d7; each ring runs clockwise
    // from 12 o'clock: the 2nd is e5, the 3rd e4, the 8th c5.
    let p = from_sanmill_fen("OO@****@/O*******/@******* b p p 3 6 3 6 0 0 0 0 0 0 0 0 4", nine).unwrap();
    assert_eq!(at(&p, "d5"), Some(Color::Light));
    assert_eq!(at(&p, "e5"), Some(Color::Light));
    assert_eq!(at(&p, "e4"), Some(Color::Dark));
    assert_eq!(at(&p, "c5"), Some(Color::Dark));
    assert_eq!(at(&p, "d6"), Some(Color::Light));
    assert_eq!(at(&p, "d7"), Some(Color::Dark));
    assert_eq!(p.turn(), Color::Dark);
    assert_eq!((p.in_hand(Color::Light), p.in_hand(Color::Dark)), (6, 6));
    assert_eq!(p.to_string(), "nine .D./.L./DLL/...D../.../.../... D 6/6 0/0 -");

    // Moving phase with the n-move counter (second to last field).
    let p = from_sanmill_fen(
        "O***O***/***@***@/O***@*** w m s 3 0 3 0 0 0 0 0 0 0 0 12 30",
        nine,
    )
    .unwrap();
    assert_eq!(p.quiet_plies(), 12);
    assert_eq!(p.in_hand(Color::Light), 0);
    assert_eq!(p.to_string(), "nine .L./D../.L./....../.L./..D/.D. L 0/0 12/0 -");

    // The diagonal board takes the same FEN.
    let twelve = Variant::Twelve.rules();
    assert_eq!(
        from_sanmill_fen(
            "********/********/******** w p p 0 12 0 12 0 0 0 0 0 0 0 0 1",
            twelve
        )
        .unwrap(),
        Position::new(twelve)
    );
}

#[test]
fn sanmill_fen_errors() {
    let nine = Variant::Nine.rules();
    let err = |fen: &str, rules: Rules| from_sanmill_fen(fen, rules).unwrap_err();
    assert_eq!(
        err(SANMILL_START, Variant::Six.rules()),
        SanmillFenError::WrongBoard(BoardKind::Small)
    );
    assert_eq!(
        err(SANMILL_START, Variant::MorabarabaSotho.rules()),
        SanmillFenError::WrongBoard(BoardKind::Sotho)
    );
    assert_eq!(
        err("OOO*****/********/******** b m r 3 0 0 0 0 0 0 0 0 0 0 1", nine),
        SanmillFenError::PendingRemoval
    );
    assert_eq!(
        err("O*******/********/******** b p p 2 8 0 9 0 0 0 0 0 0 0 0 1", nine),
        SanmillFenError::CountMismatch {
            color: Color::Light,
            counted: 1,
            stated: 2
        }
    );
    for (fen, want) in [
        ("", "at least 8 fields, found 0"),
        ("********/******** w p p 0 9 0 9", "three rings of eight"),
        ("*******/********/********* w p p 0 9 0 9", "three rings of eight"),
        ("**Z*****/********/******** w p p 0 9 0 9", "`Z` is not O, @ or *"),
        ("**X*****/********/******** w p p 0 9 0 9", "marked points"),
        (
            "********/********/******** x p p 0 9 0 9",
            "side to move must be w or b, not `x`",
        ),
        (
            "********/********/******** w p p 0 nine 0 9",
            "field 6 must be a number, not `nine`",
        ),
    ] {
        let e = err(fen, nine).to_string();
        assert!(e.contains(want), "`{fen}`: `{e}` should contain `{want}`");
    }
    // Ten in hand is more than nine pieces: a position error.
    assert!(matches!(
        err(
            "********/********/******** w p p 0 10 0 9 0 0 0 0 0 0 0 0 1",
            nine
        ),
        SanmillFenError::Invalid(PositionError::TooManyPieces { .. })
    ));
}

#[test]
fn records_with_a_sanmill_fen_tag() {
    let text = "[Variant \"nine\"]\n[FEN \"O*******/********/******** b p p 1 8 0 9 0 0 0 0 0 0 0 0 1\"]\n\n1... d6 2. d7 *";
    let game = Game::from_record(text).unwrap_or_else(|e| panic!("{e}"));
    assert_eq!(at(game.start(), "d5"), Some(Color::Light));
    assert_eq!(game.start().turn(), Color::Dark);
    assert_eq!(at(game.position(), "d6"), Some(Color::Dark));
    assert_eq!(at(game.position(), "d7"), Some(Color::Light));
    // Written back, the start is a position text.
    let rec = game.record();
    assert!(
        rec.contains("[Position \"nine .../.../.L./....../.../.../... D 8/9 0/0 -\"]"),
        "{rec}"
    );
    assert_eq!(Game::from_record(&rec).unwrap(), game);
    // A bad FEN in the tag is reported as such.
    assert!(matches!(
        Game::from_record("[FEN \"nonsense\"]\n"),
        Err(RecordError::Fen(SanmillFenError::Syntax(_)))
    ));
}

#[test]
fn a_file_of_records_splits_into_its_games() {
    let text = "[Variant \"nine\"]\n[Game \"1\"]\n[Result \"*\"]\n\n1. d6 a4 *\n\n\
                [Variant \"nine\"]\n[Game \"2\"]\n[Result \"*\"]\n\n1. f4 *\n";
    let games = split_records(text);
    assert_eq!(games.len(), 2);
    assert!(games[0].contains("d6 a4") && !games[0].contains("f4"));
    assert!(games[1].starts_with("[Variant") && games[1].contains("[Game \"2\"]"));
    assert_eq!(games.concat(), text);
    // Whitespace alone holds no game.
    assert!(split_records(" \n\n").is_empty());
}

#[test]
fn a_bracket_in_a_tag_value_or_a_comment_starts_no_game() {
    // A tag value over two lines whose second line starts with `[`, and a
    // comment in the moves holding a line that starts with `[`.
    let first = "[Variant \"nine\"]\n[Event \"a\n[b]\"]\n[Result \"*\"]\n\n1. d6 {see\n[note]} a4 *\n";
    let second = "[Variant \"nine\"]\n[Result \"*\"]\n\n1. f4 *\n";
    let text = format!("{first}\n{second}");
    let games = split_records(&text);
    assert_eq!(games, [format!("{first}\n"), second.to_string()]);
    let record: Record = games[0].parse().unwrap();
    assert_eq!(record.tags, [("Event".to_string(), "a\n[b]".to_string())]);
    assert_eq!(record.game.move_texts(), ["d6", "a4"]);
}
