//! The solver under the options of docs/RULES.md §7: the ones it refuses,
//! and the ones it solves, checked value by value against an independent
//! solve written here from `Position::legal_moves` and `Position::play`
//! alone (no solver code): the graph of every position a class reaches,
//! valued by layers of distance.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::collections::HashMap;

use morris_core::{Bitboard, ByColor, Color, Due, Position, RuleKey, Rules, Variant};
use morris_solver::{check_moving, check_placing, SolveError, Tablebase, Value};

fn rules(text: &str) -> Rules {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// Four pieces each on the 3×3 board, mills removing (no rules text
/// offers four pieces; the tables do not read the count): eight pieces on
/// nine points, where blocked positions are everywhere.
fn crowded(options: &str) -> Rules {
    Rules {
        pieces: 4,
        ..rules(&format!("three:mill-wins=off{options}"))
    }
}

/// What tells two positions apart in the history-free game.
type Key = (u32, u32, u8, u8, Color, [Option<Due>; 2]);

fn key(pos: &Position) -> Key {
    (
        pos.pieces(Color::Light).0,
        pos.pieces(Color::Dark).0,
        pos.in_hand(Color::Light),
        pos.in_hand(Color::Dark),
        pos.turn(),
        pos.pending(),
    )
}

/// Every set of `k` of the points in `free`.
fn subsets(free: &[u8], k: usize, out: &mut Vec<u32>) {
    fn go(free: &[u8], k: usize, from: usize, set: u32, out: &mut Vec<u32>) {
        if k == 0 {
            out.push(set);
            return;
        }
        for i in from..free.len() {
            go(free, k - 1, i + 1, set | 1 << free[i], out);
        }
    }
    go(free, k, 0, 0, out);
}

/// Every position with `light` and `dark` pieces on the board, hands
/// empty, either side to move.
fn class_positions(rules: Rules, light: usize, dark: usize) -> Vec<Position> {
    let n = rules.geometry().len() as u8;
    let all: Vec<u8> = (0..n).collect();
    let (mut lights, mut out) = (Vec::new(), Vec::new());
    subsets(&all, light, &mut lights);
    for &l in &lights {
        let free: Vec<u8> = all.iter().copied().filter(|p| l & 1 << p == 0).collect();
        let mut darks = Vec::new();
        subsets(&free, dark, &mut darks);
        for &d in &darks {
            for turn in [Color::Light, Color::Dark] {
                let pieces = ByColor::new(Bitboard(l), Bitboard(d));
                out.push(Position::from_parts_unchecked(
                    rules,
                    pieces,
                    ByColor::new(0, 0),
                    turn,
                ));
            }
        }
    }
    out
}

/// The exact value of every position reachable from `starts`, by
/// layers: a position wins in k plies when a move reaches a position its
/// opponent loses in k - 1 (or it wins itself in k - 1, when the same side
/// moves again), and loses in k when every move is decided against it and
/// the longest such loss is k; what no layer decides is a draw.
fn reference(starts: Vec<Position>) -> Vec<(Position, Value)> {
    let mut index: HashMap<Key, usize> = HashMap::new();
    let mut nodes: Vec<Position> = Vec::new();
    for pos in starts {
        if index.insert(key(&pos), nodes.len()).is_none() {
            nodes.push(pos);
        }
    }
    let mut children: Vec<Vec<(usize, bool)>> = Vec::new();
    let mut i = 0;
    while i < nodes.len() {
        let pos = nodes[i];
        let mut mine = Vec::new();
        for m in pos.legal_moves() {
            let child = pos.play(m);
            let next = nodes.len();
            let j = *index.entry(key(&child)).or_insert(next);
            if j == next {
                nodes.push(child);
            }
            mine.push((j, child.turn() == pos.turn()));
        }
        children.push(mine);
        i += 1;
    }
    let mut value: Vec<Option<Value>> = nodes
        .iter()
        .map(|p| p.terminal().map(|o| Value::of_outcome(o, p.turn())))
        .collect();
    for k in 1u16.. {
        let before = value.clone();
        let mut changed = false;
        for (n, moves) in children.iter().enumerate() {
            if before[n].is_some() || moves.is_empty() {
                continue;
            }
            // Each child's value for the mover, a ply later.
            let seen: Vec<Option<Value>> = moves
                .iter()
                .map(|&(j, same)| {
                    before[j].map(|v| match (v, same) {
                        (Value::Win(d), false) | (Value::Loss(d), true) => Value::Loss(d + 1),
                        (Value::Loss(d), false) | (Value::Win(d), true) => Value::Win(d + 1),
                        (Value::Draw, _) => Value::Draw,
                    })
                })
                .collect();
            if seen.contains(&Some(Value::Win(k))) {
                value[n] = Some(Value::Win(k));
                changed = true;
            } else if seen.iter().all(|v| matches!(v, Some(Value::Loss(_))))
                && seen.contains(&Some(Value::Loss(k)))
            {
                value[n] = Some(Value::Loss(k));
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    nodes
        .into_iter()
        .zip(value)
        .map(|(p, v)| (p, v.unwrap_or(Value::Draw)))
        .collect()
}

/// Solves the class under `text` and compares every position it reaches
/// (the class, the classes its removals lead to, the removal turns due
/// on the way) with [`reference`]; returns the positions compared and
/// how many of them are won, drawn and lost for the side to move.
fn agrees(rules: Rules, light: u8, dark: u8) -> [usize; 3] {
    let text = rules.to_string();
    let mut tb = Tablebase::new(rules);
    let solved = tb.solve(light, dark).map(|_| ());
    assert_eq!(solved, Ok(()), "{text}");
    let mut wdl = [0; 3];
    for (pos, want) in reference(class_positions(rules, light as usize, dark as usize)) {
        assert_eq!(tb.probe(&pos), Some(want), "{text}: {pos}");
        wdl[match want {
            Value::Win(_) => 0,
            Value::Draw => 1,
            Value::Loss(_) => 2,
        }] += 1;
    }
    eprintln!("{text} {light}v{dark}: won, drawn, lost {wdl:?}");
    wdl
}

#[test]
fn seven_mens_morris_3v3_agrees() {
    let wdl = agrees(rules("seven"), 3, 3);
    assert!(wdl[0] > 0 && wdl[2] > 0);
}

#[test]
fn flying_always_and_at_four_agree() {
    agrees(rules("six:flying=always"), 3, 3);
    // Four pieces on the crowded 3×3 board: a side of four flies.
    agrees(crowded(",flying=four"), 4, 3);
    agrees(crowded(",flying=always"), 4, 4);
}

#[test]
fn misere_agrees() {
    let normal = agrees(crowded(""), 4, 3);
    let misere = agrees(crowded(",misere=on"), 4, 3);
    assert_ne!(normal, misere, "misère changes who wins");
    agrees(rules("six:misere=on"), 3, 3);
}

/// The blocked options: on the 3×3 board with eight pieces, blocked
/// positions are everywhere.
#[test]
fn blocked_options_agree() {
    for blocked in ["draw", "pass", "remove-move", "remove-pass", "both-remove"] {
        let text = format!(",blocked={blocked}");
        agrees(crowded(&text), 4, 4);
        agrees(crowded(&format!("{text},misere=on")), 4, 3);
    }
}

#[test]
fn captures_without_a_mill_agree() {
    agrees(crowded(",custodian=on"), 4, 4);
    agrees(crowded(",intervention=on"), 4, 4);
    agrees(crowded(",custodian=on,intervention=on,removal=always"), 4, 4);
    agrees(rules("seven:custodian=on"), 3, 3);
}

fn refused(r: Rules, option: RuleKey) {
    let text = r.to_string();
    let mut tb = Tablebase::new(r);
    match tb.solve(3, 3) {
        Err(SolveError::Unsupported { option: o, why, .. }) => {
            assert_eq!(o, option, "{text}");
            assert!(!why.is_empty());
        }
        other => panic!("{text}: {:?}", other.map(|_| ())),
    }
    assert!(tb.table(morris_solver::Class::moving(3, 3)).is_none());
    assert!(matches!(
        tb.solve_unreduced(3, 3),
        Err(SolveError::Unsupported { .. })
    ));
    assert!(matches!(
        tb.solve_position(&Position::new(r)),
        Err(SolveError::Unsupported { .. })
    ));
}

#[test]
fn what_the_tables_cannot_hold_is_refused() {
    refused(rules("one-time-mill"), RuleKey::OneTimeMill);
    refused(rules("dooz"), RuleKey::BoardFull);
    refused(rules("zhi-qi"), RuleKey::BoardFull);
    refused(rules("twelve:board-full=first-mover"), RuleKey::BoardFull);
    let eight = Rules {
        pieces: 8,
        ..rules("six:board-full=light-dark")
    };
    refused(eight, RuleKey::BoardFull);
    let message = check_moving(&rules("one-time-mill")).unwrap_err().to_string();
    assert!(message.contains("one-time-mill=on"), "{message}");
}

/// A full-board outcome that removes never applies where the board
/// cannot fill.
#[test]
fn a_board_that_cannot_fill_ignores_the_full_board_option() {
    assert_eq!(check_moving(&rules("nine:board-full=dark-light")), Ok(()));
    agrees(crowded(",board-full=first-mover"), 4, 3);
}

#[test]
fn placing_options_are_refused_for_the_placing_only() {
    for (text, placing) in [
        ("six:placing-mill=hand", RuleKey::PlacingMill),
        ("six:placing-mill=hand-again", RuleKey::PlacingMill),
        ("cheng-san-qi", RuleKey::PlacingMill),
        ("el-filja", RuleKey::PlacingMill),
    ] {
        let r = rules(text);
        assert_eq!(
            check_moving(&r),
            Ok(()),
            "{text}: the moving phase is the classic one"
        );
        match check_placing(&r) {
            Err(SolveError::Unsupported { option, .. }) => assert_eq!(option, placing),
            other => panic!("{text}: {other:?}"),
        }
        let mut tb = Tablebase::new(r);
        assert!(matches!(
            tb.solve_position(&Position::new(r)),
            Err(SolveError::Unsupported { .. })
        ));
    }
}

/// Every named set of §7.8, supported or refused with a reason; none
/// is solved silently wrong.
#[test]
fn every_named_set_is_supported_or_refused() {
    let refused: Vec<&str> = Variant::WORLD
        .iter()
        .filter(|v| check_placing(&v.rules()).is_err())
        .map(|v| v.id())
        .collect();
    assert_eq!(
        refused,
        [
            "dooz",
            "one-time-mill",
            "cham-gonu",
            "zhi-qi",
            "cheng-san-qi",
            "da-san-qi",
            "el-filja"
        ]
    );
    let no_tables: Vec<&str> = Variant::WORLD
        .iter()
        .filter(|v| check_moving(&v.rules()).is_err())
        .map(|v| v.id())
        .collect();
    assert_eq!(no_tables, ["dooz", "one-time-mill", "zhi-qi"]);
    for v in ["five", "seven", "mul-mulan", "nerenchi"] {
        assert_eq!(check_placing(&rules(v)), Ok(()), "{v}");
    }
}

/// The placing solved forward where the second placer moves first (the
/// player who places last then moves again): every placing position
/// reached from the empty 3×3 board has the reference's value.
#[test]
fn second_moves_first_placing_agrees() {
    for text in [
        "three:mill-wins=off,second-moves-first=on",
        "three:mill-wins=off,flying=always,misere=on",
    ] {
        let r = rules(text);
        let mut tb = Tablebase::new(r);
        let mut placing = 0;
        for (pos, want) in reference(vec![Position::new(r)]) {
            if pos.placements_left() > 0 {
                assert_eq!(tb.solve_position(&pos), Ok(want), "{text}: {pos}");
                placing += 1;
            }
        }
        let start = tb.solve_position(&Position::new(r));
        eprintln!("{text}: {placing} placing positions agree; the start is {start:?}");
    }
}

/// Seven Men's Morris 4v3 and its removals into 3v3, every position
/// against the reference (about a minute):
/// `cargo test -p morris-solver --test world_rules -- --ignored`.
#[test]
#[ignore]
fn seven_mens_morris_4v3_agrees() {
    let wdl = agrees(rules("seven"), 4, 3);
    assert!(wdl[0] > 0 && wdl[2] > 0);
}
