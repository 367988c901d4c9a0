//! The search: tactics it must see, limits it must respect, results that
//! must be legal and repeatable. No assertion depends on time.

#![allow(clippy::unwrap_used, clippy::expect_used, clippy::panic)]

use std::sync::atomic::AtomicBool;

use morris_core::{Color, Game, Move, Position, Rules, Variant};
use morris_engine::{bench_positions, Level, Limits, NoClock, Score, SearchResult, Searcher};

fn pos(text: &str) -> Position {
    match text.parse() {
        Ok(p) => p,
        Err(e) => panic!("{text}: {e}"),
    }
}

fn search(p: &Position, limits: Limits) -> SearchResult {
    Searcher::new(4).search(p, &[], limits, &NoClock, &AtomicBool::new(false), |_| {})
}

fn text(p: &Position, m: Option<Move>) -> String {
    m.map_or_else(|| "none".into(), |m| p.notation(m))
}

/// Every move of `line` is legal in turn from `p`.
fn assert_line_legal(p: &Position, line: &[Move]) {
    let mut cur = *p;
    for &m in line {
        assert!(cur.is_legal(m), "{} is illegal in {cur}", cur.notation(m));
        cur = cur.play(m);
    }
}

#[test]
fn finds_a_mill_in_one() {
    // Placing: light closes a7-d7-g7 on g7 and removes a dark piece. (From
    // depth 2 on the search prefers d6 first, a double threat on d5 and g7
    // that still wins the piece, as its line shows.)
    let p = pos("nine LL./D../..D/....../.../.../... L 7/7 0/0 -");
    let r = search(&p, Limits::depth(1));
    let best = r.best.unwrap();
    assert_eq!(p.notation(best).get(..2), Some("g7"), "{}", text(&p, r.best));
    assert!(best.removals().any());
    let r = search(&p, Limits::depth(3));
    assert!(
        r.pv.iter().take(3).any(|m| m.removals().any()),
        "depth 3 wins a piece within its line: {}",
        text(&p, r.best)
    );
    // Moving: g4-g7 closes the mill and leaves dark two pieces.
    let p = pos("nine LL./.../D../.....L/.LD/D../... L 0/0 0/0 -");
    for depth in 1..=6 {
        let r = search(&p, Limits::depth(depth));
        assert_eq!(text(&p, r.best).get(..5), Some("g4-g7"), "depth {depth}");
        assert_eq!(r.score, Score::Win(1), "depth {depth}");
    }
}

#[test]
fn blocks_the_opponents_mill_in_one() {
    // Dark threatens a7-d7-g7; light has no mill of its own and must block.
    let p = pos("nine DD./L../..L/....../.../.../... L 7/7 0/0 -");
    let r = search(&p, Limits::depth(4));
    let after = p.play(r.best.unwrap());
    assert!(
        after.legal_moves().iter().all(|m| m.removals().is_empty()),
        "{} leaves dark a mill",
        text(&p, r.best)
    );
}

#[test]
fn sees_a_win_by_blocking_and_its_distance() {
    // Dark's neighbours d7, b4 and g1 are light's; its only slide is
    // d1-d2, and b2-d2 leaves dark without a move.
    let p = pos("nine DL./.../.../DL..../.../L../DDL L 0/0 0/0 -");
    let r = search(&p, Limits::depth(3));
    assert_eq!(text(&p, r.best), "b2-d2");
    assert_eq!(r.score, Score::Win(1));
    let blocked = p.play(r.best.unwrap());
    assert!(blocked.legal_moves().is_empty());
}

#[test]
fn a_long_forced_win_plays_out_in_the_distance_it_reports() {
    // Dark (to move) runs a mill against a nearly blocked light.
    let p = pos("nine .D./L.D/LLL/..DDL./LDL/DDL/.D. D 0/0 1/0 -");
    let r = search(&p, Limits::depth(14));
    let Score::Win(n) = r.score else {
        panic!("no win found: {}", r.score);
    };
    assert!(n > 1 && n % 2 == 1, "win {n}");
    assert!(r.pv.len() >= n as usize, "win {n} but a pv of {}", r.pv.len());
    assert_line_legal(&p, &r.pv);
    let end = r.pv.iter().take(n as usize).fold(p, |cur, &m| cur.play(m));
    assert_eq!(end.outcome().and_then(|o| o.winner), Some(p.turn()));
    // One ply later, the other side sees the loss one ply nearer.
    let next = p.play(r.best.unwrap());
    assert_eq!(search(&next, Limits::depth(14)).score, Score::Loss(n - 1));
}

#[test]
fn returns_no_move_on_a_finished_game() {
    // Dark has two pieces after the placing: light has won.
    let p = pos("nine LLL/.D./.../....../.../L../D.. D 0/0 0/0 -");
    assert!(p.outcome().is_some());
    let r = search(&p, Limits::depth(5));
    assert_eq!(r.best, None);
    assert_eq!(r.score, Score::Loss(0));
    assert!(r.pv.is_empty());

    // A game over by resignation has no move either.
    let mut game = Game::new(Variant::Nine.rules());
    game.resign(morris_core::Color::Light).unwrap();
    let r = Searcher::new(1).search_game(&game, Limits::depth(3), &NoClock, &AtomicBool::new(false), |_| {});
    assert_eq!(r.best, None);
}

#[test]
fn a_threefold_repetition_ends_the_search() {
    // The position stood twice before: this is its third time.
    let p = pos("nine DL./.../.../DL..../.../L../DDL L 0/0 0/0 -");
    let q = p.play(p.parse_move("d7-g7").unwrap());
    let history = [p, q, q.play(q.parse_move("a7-d7").unwrap()), p, q];
    let r = Searcher::new(1).search(
        &p,
        &history[..4],
        Limits::depth(3),
        &NoClock,
        &AtomicBool::new(false),
        |_| {},
    );
    assert_eq!(r.best, None);
    assert_eq!(r.score, Score::DRAW);
    // Twice before is not yet over.
    let r = Searcher::new(1).search(
        &p,
        &history[..1],
        Limits::depth(3),
        &NoClock,
        &AtomicBool::new(false),
        |_| {},
    );
    assert!(r.best.is_some());
}

#[test]
fn searches_with_and_without_the_repetition_rule() {
    // Both sides can only shuffle pieces back and forth: the tree is full
    // of repetitions, drawn with the rule and merely cut by depth without.
    let p = pos("nine DL./.../.../DL..../.../L../D.L L 0/0 0/0 -");
    let r = search(&p, Limits::depth(12));
    assert!(p.is_legal(r.best.unwrap()));
    let mut rules = *p.rules();
    rules.threefold = false;
    let q = pos(&p.to_string().replacen("nine", "nine:threefold=off", 1));
    assert_eq!(q.rules(), &rules);
    let r = search(&q, Limits::depth(12));
    assert!(q.is_legal(r.best.unwrap()));
}

#[test]
fn respects_node_and_depth_limits() {
    let start = Position::new(Variant::Nine.rules());
    for nodes in [1, 10, 1000, 20_000] {
        let r = search(&start, Limits::nodes(nodes));
        assert!(r.nodes <= nodes, "{} nodes for a limit of {nodes}", r.nodes);
        assert!(start.is_legal(r.best.unwrap()));
    }
    for depth in 1..=6 {
        let mut deepest = 0;
        let r = Searcher::new(1).search(
            &start,
            &[],
            Limits::depth(depth),
            &NoClock,
            &AtomicBool::new(false),
            |i| deepest = deepest.max(i.depth),
        );
        assert_eq!(r.depth, depth);
        assert_eq!(deepest, depth);
    }
}

#[test]
fn placing_effort_multiplies_the_nodes_in_the_placing_only() {
    // With effort 3, a search of a placing position visits up to three
    // times the nodes asked, and more than it would at effort 1; one after
    // the placing visits no more than asked, at any effort.
    let placing = pos("nine .../.LL/.../....../.../.../D.. D 7/8 0/0 -");
    let moving = pos("nine LLD/.D./L.D/LD..DL/.L./.D./D.L L 0/0 0/0 -");
    assert_eq!(moving.placements_left(), 0);
    let nodes = 20_000;
    let with = |p: &Position, effort: u32| {
        let mut s = Searcher::new(4);
        s.set_placing_effort(effort);
        assert_eq!(s.placing_effort(), effort);
        s.search(
            p,
            &[],
            Limits::nodes(nodes),
            &NoClock,
            &AtomicBool::new(false),
            |_| {},
        )
    };
    let plain = with(&placing, 1);
    let longer = with(&placing, 3);
    assert!(plain.nodes <= nodes, "{}", plain.nodes);
    assert!(
        longer.nodes > nodes && longer.nodes <= 3 * nodes,
        "{}",
        longer.nodes
    );
    assert!(longer.depth >= plain.depth);
    for effort in [1, 3] {
        let r = with(&moving, effort);
        assert!(
            r.nodes <= nodes,
            "effort {effort}: {} nodes after the placing",
            r.nodes
        );
        assert!(moving.is_legal(r.best.unwrap()));
    }
    // Out of range: clamped to 1 ..= MAX_PLACING_EFFORT.
    let mut s = Searcher::new(1);
    s.set_placing_effort(0);
    assert_eq!(s.placing_effort(), 1);
    s.set_placing_effort(u32::MAX);
    assert_eq!(s.placing_effort(), morris_engine::MAX_PLACING_EFFORT);
}

#[test]
fn a_search_cut_short_plays_a_move_the_unfinished_iteration_proved_better() {
    // With its node budget spent inside an iteration, the search plays the
    // last finished iteration's move, or a root move the unfinished one
    // already searched in full and found better (reported by an info line
    // of the unfinished depth). Sweeping the budget over the bench
    // positions must meet the second case, or this test proves nothing.
    let mut adopted = 0;
    for p in bench_positions().iter().take(8) {
        for nodes in (1..=16).map(|k| k * 3_000) {
            let mut infos = Vec::new();
            let r = Searcher::new(4).search(
                p,
                &[],
                Limits::nodes(nodes),
                &NoClock,
                &AtomicBool::new(false),
                |i| infos.push((i.depth, i.pv.first().copied(), i.score)),
            );
            let best = r.best.unwrap();
            assert!(p.is_legal(best), "{p}");
            assert_eq!(r.pv.first(), Some(&best), "{p}");
            let finished = infos.iter().rev().find(|i| i.0 == r.depth).unwrap();
            if finished.1 == Some(best) && finished.0 == infos.last().unwrap().0 {
                continue;
            }
            let last = infos.last().unwrap();
            if last.0 == r.depth + 1 {
                assert_eq!(last.1, Some(best), "{p} at {nodes} nodes");
                assert_eq!(last.2, r.score, "{p} at {nodes} nodes");
                adopted += usize::from(finished.1 != Some(best));
            } else {
                assert_eq!(finished.1, Some(best), "{p} at {nodes} nodes");
            }
        }
    }
    assert!(
        adopted > 0,
        "no budget ended inside an iteration that had found a better move"
    );
}

#[test]
fn a_raised_stop_flag_still_gives_a_legal_move() {
    let p = bench_positions()[3];
    let r = Searcher::new(1).search(
        &p,
        &[],
        Limits::default(),
        &NoClock,
        &AtomicBool::new(true),
        |_| {},
    );
    assert!(p.is_legal(r.best.unwrap()));
}

#[test]
fn deterministic_at_fixed_depth_and_nodes() {
    for p in bench_positions().iter().step_by(4) {
        for limits in [Limits::depth(6), Limits::nodes(30_000)] {
            let a = search(p, limits);
            let b = search(p, limits);
            assert_eq!(
                a,
                SearchResult {
                    time_ms: a.time_ms,
                    ..b.clone()
                },
                "{p}"
            );
            // A used searcher, cleared, searches the same way.
            let mut s = Searcher::new(4);
            s.search(
                p,
                &[],
                Limits::depth(3),
                &NoClock,
                &AtomicBool::new(false),
                |_| {},
            );
            s.clear();
            let c = s.search(p, &[], limits, &NoClock, &AtomicBool::new(false), |_| {});
            assert_eq!(c.nodes, a.nodes, "{p}");
            assert_eq!(c.best, a.best, "{p}");
        }
    }
}

#[test]
fn multi_pv_gives_distinct_legal_moves_best_first() {
    for p in bench_positions().iter().step_by(3) {
        let r = search(p, Limits::depth(4).with_multi_pv(4));
        let n = p.legal_moves().len().min(4);
        assert_eq!(r.lines.len(), n, "{p}");
        let firsts: Vec<Move> = r.lines.iter().filter_map(|l| l.first()).collect();
        for (i, m) in firsts.iter().enumerate() {
            assert!(p.is_legal(*m));
            assert!(!firsts[..i].contains(m), "{p}: {} twice", p.notation(*m));
        }
        for w in r.lines.windows(2) {
            assert!(
                w[0].score >= w[1].score,
                "{p}: {} before {}",
                w[0].score,
                w[1].score
            );
        }
        assert_eq!(r.best, r.lines[0].first());
        assert_eq!(r.score, r.lines[0].score);
    }
}

#[test]
fn every_returned_move_and_line_is_legal() {
    for p in bench_positions() {
        let r = search(&p, Limits::depth(5));
        assert!(p.is_legal(r.best.unwrap()), "{p}");
        assert_eq!(r.pv.first().copied(), r.best);
        assert_line_legal(&p, &r.pv);
    }
}

#[test]
fn plays_whole_games_legally_in_every_variant() {
    for v in Variant::ALL {
        let mut game = Game::new(v.rules());
        let mut s = Searcher::new(1);
        for _ in 0..60 {
            let r = s.search_game(&game, Limits::depth(3), &NoClock, &AtomicBool::new(false), |_| {});
            match r.best {
                Some(m) => game.play(m).unwrap(),
                None => {
                    assert!(game.outcome().is_some(), "{v}: no move in a game not over");
                    break;
                }
            }
        }
    }
}

#[test]
fn plays_whole_games_legally_in_every_world_set() {
    let mut sets: Vec<Rules> = Variant::WORLD.iter().map(|v| v.rules()).collect();
    for opts in [
        "nine:blocked=pass,flying=off",
        "nine:blocked=both-remove,flying=off",
        "nine:placing-mill=hand-again",
        "nine:board-full=dark-light,pieces=12,removal=never",
        "nine:misere=on,custodian=on",
        "six:flying=always",
    ] {
        sets.push(opts.parse().unwrap());
    }
    for rules in sets {
        let mut game = Game::new(rules);
        let mut s = Searcher::new(1);
        for _ in 0..80 {
            let r = s.search_game(&game, Limits::depth(2), &NoClock, &AtomicBool::new(false), |_| {});
            match r.best {
                Some(m) => {
                    assert!(game.position().is_legal(m), "{rules}: {}", game.position());
                    game.play(m).unwrap();
                }
                None => {
                    assert!(game.outcome().is_some(), "{rules}: no move in a game not over");
                    break;
                }
            }
        }
    }
}

#[test]
fn wins_a_won_ending_under_world_rules() {
    // Zhi Qi (removal always): g4-g7 closes the top mill and takes one of
    // dark's three pieces, which wins at once.
    let p: Position = "zhi-qi LL./.../.../.....L/.../.../DDD L 0/0 0/0 -"
        .parse()
        .unwrap();
    let r = search(&p, Limits::depth(3));
    let best = r.best.unwrap();
    assert_eq!(
        p.play(best).outcome().and_then(|o| o.winner),
        Some(Color::Light),
        "{}",
        p.notation(best)
    );
    // Blocked, removing: light must take a piece next to one of his, and
    // then moves again (RULES.md §7.4).
    let p: Position = "nine:blocked=remove-move,flying=off LD./.../.../D....D/.../.../LDL L 0/0 0/0 -"
        .parse()
        .unwrap();
    let r = search(&p, Limits::depth(3));
    assert!(r.best.is_some_and(|m| m.is_removal_only()), "{:?}", r.best);
}

#[test]
fn levels_play_legal_moves_and_the_weak_ones_vary() {
    let mut game = Game::new(Variant::Nine.rules());
    for t in ["d6", "d2", "f4", "b4"] {
        game.play_text(t).unwrap();
    }
    let p = *game.position();
    let mut s = Searcher::new(1);
    for n in Level::MIN..=Level::MAX {
        let level = Level::new(n).unwrap();
        let limits = Limits {
            nodes: Some(50_000),
            ..level.limits()
        };
        let r = s.search_game(&game, limits, &NoClock, &AtomicBool::new(false), |_| {});
        let line = level.choose(&r.lines, 7).unwrap();
        assert!(p.is_legal(line.first().unwrap()), "level {n}");
    }
    let weak = Level::new(1).unwrap();
    let mut seen = Vec::new();
    for seed in 0..20 {
        s.clear();
        let r = s.play_level(&game, weak, seed, None, &NoClock, &AtomicBool::new(false));
        let m = r.best.unwrap();
        assert!(p.is_legal(m));
        // The same seed picks the same move.
        s.clear();
        let again = s.play_level(&game, weak, seed, None, &NoClock, &AtomicBool::new(false));
        assert_eq!(again.best, Some(m));
        if !seen.contains(&m) {
            seen.push(m);
        }
    }
    assert!(
        seen.len() > 1,
        "level 1 always plays {}",
        text(&p, seen.first().copied())
    );
    assert!(Level::new(0).is_none() && Level::new(Level::MAX + 1).is_none());
}

#[test]
fn weak_levels_never_pick_a_lost_move_when_a_better_one_exists() {
    // Dark threatens a mill; every move but the block loses material,
    // which is beyond every margin.
    let game = Game::from_position(pos("nine DD./L../..L/....../.../.../... L 7/7 0/0 -"));
    let mut s = Searcher::new(1);
    for seed in 0..10 {
        let r = s.play_level(
            &game,
            Level::new(1).unwrap(),
            seed,
            None,
            &NoClock,
            &AtomicBool::new(false),
        );
        let after = game.position().play(r.best.unwrap());
        assert!(
            after.legal_moves().iter().all(|m| m.removals().is_empty()),
            "seed {seed}"
        );
    }
}

#[test]
fn bench_positions_are_games_in_progress() {
    let ps = bench_positions();
    assert!(ps.len() >= 24);
    for v in Variant::ALL {
        assert!(ps.iter().any(|p| p.rules().variant == v), "no {v} position");
    }
    for p in &ps {
        assert!(p.outcome().is_none(), "{p}");
    }
}

#[test]
fn two_threads_search_to_the_depth_asked_and_agree_on_a_forced_mill() {
    // The helper thread shares the table; the main thread's answer must
    // still be a whole iteration of the depth asked, with a legal line.
    let mut s = Searcher::new(4);
    s.set_threads(2);
    assert_eq!(s.threads(), 2);
    let stop = AtomicBool::new(false);
    let mut to_depth = |p: &Position, d| s.search(p, &[], Limits::depth(d), &NoClock, &stop, |_| {});
    for p in bench_positions().iter().step_by(5) {
        let r = to_depth(p, 7);
        // (A forced result seen sooner ends the deepening sooner.)
        let forced = matches!(r.score, Score::Win(_) | Score::Loss(_));
        assert!(r.depth == 7 || forced, "{p}: depth {}", r.depth);
        assert_line_legal(p, &r.pv);
    }
    let p = pos("nine LL./.../D../.....L/.LD/D../... L 0/0 0/0 -");
    let r = to_depth(&p, 6);
    assert_eq!(text(&p, r.best).get(..5), Some("g4-g7"));
    assert_eq!(r.score, Score::Win(1));
}

#[test]
fn the_evaluation_counts_mills_running_mills_blocked_pieces_and_slides() {
    use morris_core::Phase;
    use morris_engine::{evaluate, terms};
    // Light a7 d7 g7 (a mill) b6 f6: d7 slides to d6 and closes b6 d6 f6,
    // with no dark piece near. Dark a1 d1 g1 (a mill) d2: d1 cannot move.
    let p = pos("nine LLL/L.L/.../....../.../.D./DDD L 0/0 0/0 -");
    let t = terms(&p);
    let [light, dark] = t.sides;
    assert_eq!((light.phase, dark.phase), (Phase::Moving, Phase::Moving));
    assert_eq!((light.material, dark.material), (5, 4));
    assert_eq!((light.mills, dark.mills), (1, 1));
    assert_eq!((light.running, light.free_running, dark.running), (1, 1, 0));
    // b6 _ f6 is closable (d7 reaches d6) and no dark piece can block it;
    // d1 d2 _ has no piece to fill d3.
    assert_eq!((light.twos, light.closable, light.unblockable), (1, 1, 1));
    assert_eq!((dark.twos, dark.closable), (1, 0));
    assert_eq!((light.slides, light.blocked, light.liberties), (7, 0, 5));
    assert_eq!((dark.slides, dark.blocked, dark.liberties), (5, 1, 5));
    assert_eq!(evaluate(&p), t.value());
    assert!(
        evaluate(&p) > 300,
        "a piece and a running mill up: {}",
        evaluate(&p)
    );

    // The same board with dark to move: the sides swap, the value turns.
    let q = pos("nine LLL/L.L/.../....../.../.D./DDD D 0/0 0/0 -");
    let u = terms(&q);
    assert_eq!(u.sides, [dark, light]);
    assert!(evaluate(&q) < -300, "{}", evaluate(&q));
}
