//! Small scenarios of §7 checked by hand against the reference itself.

use super::*;

fn texts(state: &State) -> Vec<String> {
    let mut out: Vec<String> = state.turns().iter().map(|t| normalized(&t.text)).collect();
    out.sort();
    out
}

fn played<'r>(rules: &'r Rules, moves: &str) -> State<'r> {
    moves
        .split_whitespace()
        .fold(State::start(rules), |state, m| state.play(m))
}

/// A full mill board but for `g1`, twelve pieces each, dark to place the
/// last piece on `g1`: light has two mills, dark closes one with `g1`.
const TWO_MILLS_TO_ONE: &str = "x LLL/LLL/DDL/LDDLLD/LDD/DLD/DD. D 0/1 0/0 -";
/// The same with no mill for either side, before and after `g1`.
const NO_MILLS: &str = "x LDL/LDL/DLL/LDDLLD/LDD/DLD/DL. D 0/1 0/0 -";

#[test]
fn el_filja_count_two_mills_to_one() {
    let rules = Rules::with_options("el-filja", &[]);
    let last = State::parse(&rules, TWO_MILLS_TO_ONE).play("g1");
    // Light moves first: its two mills against one take (1 + 1) pieces,
    // dark's one takes one; light's turn of removals names both.
    let first = last.turns();
    assert_eq!(first.len(), 66, "two of dark's twelve, any two (removal always)");
    assert!(first
        .iter()
        .all(|t| t.text.matches('x').count() == 2 && t.text.starts_with('x')));
    let second = first[0].next.turns();
    assert_eq!(second.len(), 12, "dark takes one of light's twelve");
    let moving = second[0].next.clone();
    assert_eq!(moving.d.turn, Side::Light);
    assert!(moving.turns().iter().all(|t| t.text.contains('-')));
}

#[test]
fn el_filja_count_no_mills_takes_own_pieces() {
    let rules = Rules::with_options("el-filja", &[]);
    let last = State::parse(&rules, NO_MILLS).play("g1");
    let light_own: Vec<String> = State::pieces(&last.d.cells, Side::Light)
        .iter()
        .map(|&p| format!("x{}", rules.board.names[p]))
        .collect();
    let mut got = texts(&last);
    got.sort();
    let mut want = light_own;
    want.sort();
    assert_eq!(got, want, "light removes one of its own");
    let after = last.play("xa4");
    assert!(texts(&after).iter().all(|t| t != "xa4"));
    assert_eq!(after.turns().len(), 12, "dark removes one of its own twelve");
}

#[test]
fn el_filja_count_table() {
    let rules = Rules::with_options("el-filja", &[]);
    let mut data = State::parse(&rules, NO_MILLS).d;
    data.hand = [0, 0];
    let state = State {
        rules: &rules,
        d: data,
    };
    // Mill counts of light and dark -> (light's removals, dark's).
    let cases = [
        ((0, 1), (1, 2)),
        ((1, 1), (1, 1)),
        ((2, 1), (2, 1)),
        ((1, 3), (1, 2)),
        ((3, 0), (2, 1)),
    ];
    for ((a, b), (ka, kb)) in cases {
        let mut cells = vec![Cell::Empty; 24];
        let mills = &rules.board.mills;
        // Disjoint mills: the three squares' sides and cross lines that share
        // no point, light's first, dark's after.
        let disjoint = [0usize, 2, 4, 6];
        for (i, &m) in disjoint.iter().enumerate().take(a + b) {
            let side = if i < a { Side::Light } else { Side::Dark };
            for &p in &mills[m] {
                cells[p] = Cell::Piece(side);
            }
        }
        let mut next = state.d.clone();
        next.cells = cells;
        next.turn = Side::Light;
        state.end_placing(&mut next);
        let counts: Vec<(Side, usize, bool)> =
            next.pending.iter().map(|s| (s.side, s.count, s.own)).collect();
        assert_eq!(
            counts,
            vec![(Side::Light, ka, false), (Side::Dark, kb, false)],
            "mills {a} against {b}"
        );
    }
}

#[test]
fn dooz_takes_from_the_hand_without_writing_it() {
    let rules = Rules::with_options("dooz", &[]);
    let state = played(&rules, "a1 a4 d1 b4 g1");
    assert_eq!(state.text_fields()[2], "9/9", "dark lost a piece from the hand");
    assert_eq!(state.text_fields()[1], "D");
    assert_eq!(State::pieces(&state.d.cells, Side::Dark).len(), 2);

    let again = Rules::with_options("dooz", &["placing-mill=hand-again"]);
    let state = played(&again, "a1 a4 d1 b4 g1");
    assert_eq!(state.text_fields()[1], "L", "the closer plays again");
    assert_eq!(state.turns().len(), 24 - 5);
}

#[test]
fn dooz_takes_from_the_board_when_the_hand_is_empty() {
    let rules = Rules::with_options("dooz", &[]);
    let state = State::parse(&rules, "x .../.../.../.DD.D./.../.../LL. L 1/0 0/0 -");
    let got = texts(&state);
    assert!(got.contains(&"g1xb4".to_string()) && got.contains(&"g1xf4".to_string()));
    assert!(!got.contains(&"g1".to_string()));
}

#[test]
fn custodian_takes_the_middle_piece() {
    let rules = Rules::with_options("nine", &["custodian=on"]);
    let state = played(&rules, "a1 d1 b6 c5");
    assert!(texts(&state).contains(&"g1xd1".to_string()));
    assert!(
        !texts(&state).contains(&"g1".to_string()),
        "capture is compulsory"
    );
    // A middle piece standing in a mill is protected while dark has a free one.
    let state = played(&rules, "a1 d1 b6 d2 f6 d3xb6 a7 c5");
    assert!(texts(&state).contains(&"g1".to_string()));
    let always = Rules::with_options("nine", &["custodian=on", "removal=always"]);
    let state = played(&always, "a1 d1 b6 d2 f6 d3xb6 a7 c5");
    assert!(texts(&state).contains(&"g1xd1".to_string()));
}

#[test]
fn intervention_takes_both_ends() {
    let rules = Rules::with_options("nine", &["intervention=on"]);
    let state = played(&rules, "a1 b6 g1");
    assert!(texts(&state).contains(&"d1xa1xg1".to_string()));
    let next = state.play("d1xg1xa1");
    assert!(State::pieces(&next.d.cells, Side::Light).is_empty());
}

#[test]
fn a_marker_blocks_its_point_until_the_placing_ends() {
    let rules = Rules::with_options("cheng-san-qi", &[]);
    let state = played(&rules, "a1 b4 d1 c4 g1xb4");
    let b4 = rules.board.point("b4");
    assert_eq!(state.d.cells[b4], Cell::Marker);
    assert!(!texts(&state).contains(&"b4".to_string()));
    assert_eq!(state.turns().len(), 24 - 5);
    assert_eq!(State::pieces(&state.d.cells, Side::Dark).len(), 1);
}

#[test]
fn markers_come_off_when_the_placing_ends() {
    let rules = Rules::with_options("cheng-san-qi", &["pieces=4"]);
    let state = played(&rules, "a1 b4 d1 c4 g1xb4 d6 f6");
    assert_eq!(state.d.cells[rules.board.point("b4")], Cell::Marker);
    let state = state.play("b2");
    assert!(!state.d.cells.contains(&Cell::Marker));
    assert_eq!(state.d.turn, Side::Light);
    let moves = texts(&state);
    assert!(!moves.is_empty() && moves.iter().all(|t| t.contains('-')));
    assert!(moves.contains(&"a1-a4".to_string()));
}

#[test]
fn a_one_time_mill_earns_once() {
    let once = Rules::with_options("lasker", &["one-time-mill=on"]);
    let state = played(&once, "a1 b6 d1 b4 g1xb6 f6 g1-g4 d6");
    assert!(texts(&state).contains(&"g4-g1".to_string()));
    assert!(!texts(&state).iter().any(|t| t.starts_with("g4-g1x")));
    let twice = Rules::with_options("lasker", &[]);
    let state = played(&twice, "a1 b6 d1 b4 g1xb6 f6 g1-g4 d6");
    assert!(texts(&state).contains(&"g4-g1xb4".to_string()));
}

/// Light on `a7 a1 d1 g1` with flying off, hemmed in by dark on `d7 a4 d2
/// g4`; dark has two more pieces and can move.
const LIGHT_BLOCKED: &str = "x LD./D.D/.../D....D/.../.D./LLL L 0/0 0/0 -";

#[test]
fn a_blocked_player_under_each_option() {
    let count = |blocked: &str, depth: u32| {
        let rules = Rules::with_options("nine", &["flying=off", &format!("blocked={blocked}")]);
        State::parse(&rules, LIGHT_BLOCKED).perft(depth)
    };
    assert_eq!(count("loses", 1), 0);
    assert_eq!(count("draw", 1), 0);
    assert_eq!(count("pass", 1), 1);
    assert_eq!(count("remove-move", 1), 4);
    assert_eq!(count("remove-pass", 1), 4);
    assert_eq!(count("both-remove", 1), 4);

    let rules = Rules::with_options("nine", &["flying=off", "blocked=remove-move"]);
    let state = State::parse(&rules, LIGHT_BLOCKED);
    assert_eq!(texts(&state), ["xa4", "xd2", "xd7", "xg4"]);
    assert_eq!(texts(&state.play("xa4")), ["a1-a4", "a7-a4"], "then light moves");

    let rules = Rules::with_options("nine", &["flying=off", "blocked=remove-pass"]);
    let state = State::parse(&rules, LIGHT_BLOCKED).play("xa4");
    assert_eq!(state.d.turn, Side::Dark);

    let rules = Rules::with_options("nine", &["flying=off", "blocked=both-remove"]);
    let state = State::parse(&rules, LIGHT_BLOCKED).play("xa4");
    assert_eq!(
        texts(&state),
        ["xa7", "xd1", "xg1"],
        "dark takes a light piece next to one of its own"
    );
    assert_eq!(texts(&state.play("xd1")), ["a1-a4", "a1-d1", "a7-a4", "g1-d1"]);
}

#[test]
fn a_pass_gives_the_turn_away() {
    let rules = Rules::with_options("nine", &["flying=off", "blocked=pass"]);
    let state = State::parse(&rules, LIGHT_BLOCKED).play("pass");
    assert_eq!(state.d.turn, Side::Dark);
    assert!(state.turns().iter().all(|t| t.text.contains('-')));
}

#[test]
fn flying_at_four_and_always() {
    // Light on four, dark on five, hands empty.
    let position = "x L.D/D.D/.../L....D/D../.L./L.. L 0/0 0/0 -";
    let flies = |flying: &str| {
        let rules = Rules::with_options("nine", &[&format!("flying={flying}")]);
        texts(&State::parse(&rules, position)).contains(&"a1-g1".to_string())
    };
    assert!(!flies("on") && !flies("off"));
    assert!(flies("four") && flies("always"));
    let rules = Rules::with_options("nine", &["flying=always"]);
    // Dark on five flies only where flying is always.
    let dark = State::parse(&rules, &position.replace(" L 0/0", " D 0/0"));
    assert!(texts(&dark).contains(&"g4-c5".to_string()));
    let rules = Rules::with_options("nine", &["flying=four"]);
    let dark = State::parse(&rules, &position.replace(" L 0/0", " D 0/0"));
    assert!(!texts(&dark).contains(&"g4-c5".to_string()));
}

#[test]
fn the_second_placer_moves_first() {
    let moves = "a1 b6 d7 f6 g4 d2";
    let on = Rules::with_options("nine", &["pieces=3", "second-moves-first=on"]);
    assert_eq!(played(&on, moves).d.turn, Side::Dark);
    let off = Rules::with_options("nine", &["pieces=3"]);
    assert_eq!(played(&off, moves).d.turn, Side::Light);
}

#[test]
fn a_full_board_under_each_option() {
    let count = |options: &[&str], depth: u32| {
        let mut all = vec!["pieces=12"];
        all.extend_from_slice(options);
        let rules = Rules::with_options("nine", &all);
        State::parse(&rules, NO_MILLS).play("g1").perft(depth)
    };
    assert_eq!(count(&["board-full=loss"], 1), 0);
    assert_eq!(count(&["board-full=draw"], 1), 0);
    assert_eq!(count(&["board-full=light-dark", "misere=on"], 1), 0);
    // Light takes one of dark's twelve (no dark mill: any), then dark one of light's.
    assert_eq!(count(&["board-full=light-dark"], 2), 12 * 12);
    assert_eq!(count(&["board-full=dark-light"], 2), 12 * 12);
    let rules = Rules::with_options("nine", &["pieces=12", "board-full=first-mover"]);
    let state = State::parse(&rules, NO_MILLS).play("g1");
    assert_eq!(state.turns().len(), 12);
    let after = state.play("xa1");
    assert_eq!(after.d.turn, Side::Dark, "then the other side moves");
    assert!(after.d.pending.is_empty());
    let rules = Rules::with_options("nine", &["pieces=12", "board-full=dark-light"]);
    let state = State::parse(&rules, NO_MILLS).play("g1");
    assert!(texts(&state).contains(&"xa4".to_string()), "dark removes first");
}

#[test]
fn the_seven_board() {
    let board = super::board::Board::named("seven");
    assert_eq!(board.names.len(), 17);
    assert_eq!(board.mills.len(), 14);
    let c3 = board.point("c3");
    let mut around: Vec<&str> = board.neighbours[c3].iter().map(|&p| board.names[p]).collect();
    around.sort_unstable();
    assert_eq!(around, ["b3", "c2", "c4", "d3"]);
}
