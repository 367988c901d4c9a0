//! The worker's side of the analysis, free of the browser so that it is
//! tested natively: one search slice (a depth more than the last, with
//! the three best lines) and the exact value of every legal move, from the
//! endgame tables the worker loaded or from a solve made on the spot
//! (Three Men's Morris from any position, Six Men's Morris once both hands
//! are empty: their classes solve in seconds).

use std::sync::atomic::AtomicBool;

use morris_core::{Game, Move, Position, Rules, Variant};
use morris_engine::{Clock, Limits, Score, Searcher, Tablebases};
use morris_solver::{Tablebase, Value};

use super::protocol::PvLine;

/// How many lines the analysis shows.
pub const LINES: usize = 3;
/// The deepest the analysis searches; it stops there.
pub const MAX_DEPTH: u32 = 40;
/// The time of a first search slice; a slice that finished no new depth
/// gets twice the time next (at most `MAX_SLICE_MS`).
pub const SLICE_MS: u64 = 400;
const MAX_SLICE_MS: u64 = 3_200;

/// One finished slice: the best lines, the depth they reach, and whether
/// searching on would say nothing new.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Slice {
    pub depth: u32,
    pub done: bool,
    pub lines: Vec<PvLine>,
}

/// The time a slice gets after `stalls` slices that finished no new depth.
pub fn slice_ms(stalls: u32) -> u64 {
    (SLICE_MS << stalls.min(3)).min(MAX_SLICE_MS)
}

/// Searches `game`'s position one depth past `depth` (or as far as
/// `time_ms` allows), with the [`LINES`] best lines in notation.
pub fn slice(searcher: &mut Searcher, game: &Game, depth: u32, time_ms: u64, clock: &dyn Clock) -> Slice {
    let limits = Limits {
        depth: Some(depth + 1),
        movetime_ms: Some(time_ms),
        ..Limits::default()
    }
    .with_multi_pv(LINES);
    let result = searcher.search_game(game, limits, clock, &AtomicBool::new(false), |_| {});
    let root = game.position();
    let lines: Vec<PvLine> = result
        .lines
        .iter()
        .map(|l| PvLine {
            score: l.score,
            moves: notation(root, &l.pv),
        })
        .collect();
    let proven = matches!(result.score, Score::Win(n) | Score::Loss(n) if n <= result.depth);
    let table = searcher.tables().is_some_and(|t| t.probe(root).is_some());
    Slice {
        depth: result.depth,
        done: lines.is_empty() || proven || table || result.depth >= MAX_DEPTH,
        lines,
    }
}

/// A line's turns in notation, each read in the position it is played in.
fn notation(root: &Position, pv: &[Move]) -> Vec<String> {
    let mut pos = *root;
    pv.iter()
        .map(|&m| {
            let text = pos.notation(m);
            pos = pos.play(m);
            text
        })
        .collect()
}

/// Classes solved on the spot, one base per rule set, kept for the next
/// position.
#[derive(Debug, Default)]
pub struct Solves {
    bases: Vec<Tablebase>,
}

/// Whether a position is solved on the spot: standard Three Men's Morris
/// always, standard Six Men's Morris once both hands are empty.
pub fn solvable(pos: &Position) -> bool {
    let rules = *pos.rules();
    rules == Variant::Three.rules() || (rules == Variant::Six.rules() && pos.placements_left() == 0)
}

impl Solves {
    fn base(&mut self, rules: Rules) -> &mut Tablebase {
        let i = match self.bases.iter().position(|b| *b.rules() == rules) {
            Some(i) => i,
            None => {
                self.bases.push(Tablebase::new(rules));
                self.bases.len() - 1
            }
        };
        &mut self.bases[i]
    }

    /// Each legal move of a [`solvable`] position with its exact value for
    /// the side making it; `None` for another position (or a solve that
    /// fails).
    pub fn values(&mut self, pos: &Position) -> Option<Vec<(Move, Value)>> {
        if !solvable(pos) || pos.terminal().is_some() {
            return None;
        }
        let base = self.base(*pos.rules());
        pos.legal_moves()
            .into_iter()
            .map(|m| base.solve_position(&pos.play(m)).ok().map(|v| (m, v.back())))
            .collect()
    }
}

/// The exact value of every legal move, best first, from the loaded
/// tables or a solve, in notation; `None` where neither covers the position.
pub fn exact(
    tables: Option<&Tablebases>,
    solves: &mut Solves,
    pos: &Position,
) -> Option<Vec<(String, Value)>> {
    let moves = match tables.and_then(|t| t.root_moves(pos)) {
        Some(m) => m.into_iter().map(|t| (t.turn, t.value)).collect(),
        None => solves.values(pos)?,
    };
    Some(best_first(pos, moves))
}

/// Moves of `pos` with their exact values, best first, in notation.
pub fn best_first(pos: &Position, mut moves: Vec<(Move, Value)>) -> Vec<(String, Value)> {
    moves.sort_by_key(|(_, v)| std::cmp::Reverse(v.score()));
    moves.into_iter().map(|(m, v)| (pos.notation(m), v)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use morris_engine::NoClock;

    #[test]
    fn a_slice_gives_three_lines_in_notation() {
        let mut searcher = Searcher::new(1);
        let mut game = Game::new(Variant::Nine.rules());
        for m in ["d6", "d2", "f4"] {
            assert!(game.play_text(m).is_ok());
        }
        let first = slice(&mut searcher, &game, 0, 10_000, &NoClock);
        assert_eq!(first.depth, 1);
        assert_eq!(first.lines.len(), LINES);
        let deeper = slice(&mut searcher, &game, 3, 10_000, &NoClock);
        assert_eq!(deeper.depth, 4);
        assert!(!deeper.done);
        for line in &deeper.lines {
            let mut g = game.clone();
            for m in &line.moves {
                assert!(g.play_text(m).is_ok(), "{m} in {:?}", line.moves);
            }
        }
        let firsts: Vec<_> = deeper.lines.iter().map(|l| &l.moves[0]).collect();
        assert!(firsts[0] != firsts[1] && firsts[1] != firsts[2], "{firsts:?}");
        assert_eq!(slice_ms(0), SLICE_MS);
        assert_eq!(slice_ms(9), MAX_SLICE_MS);
    }

    #[test]
    fn a_finished_game_has_no_line() {
        let mut game = Game::new(Variant::Three.rules());
        for m in ["a1", "b2", "a2", "c3", "a3"] {
            assert!(game.play_text(m).is_ok());
        }
        let s = slice(&mut Searcher::new(1), &game, 0, 1_000, &NoClock);
        assert!(s.done && s.lines.is_empty());
    }

    #[test]
    fn three_mens_morris_is_exact_from_the_empty_board() {
        let mut solves = Solves::default();
        let empty = Position::new(Variant::Three.rules());
        let Some(values) = exact(None, &mut solves, &empty) else {
            unreachable!("Three is solvable")
        };
        assert_eq!(values.len(), 9);
        // Best first; the opening is a win for the first player.
        assert!(matches!(values[0].1, Value::Win(_)), "{values:?}");
        assert!(values.windows(2).all(|w| w[0].1.score() >= w[1].1.score()));
        // After b2 a corner loses and an edge midpoint holds.
        let mut game = Game::new(Variant::Three.rules());
        assert!(game.play_text("b2").is_ok());
        let Some(after) = exact(None, &mut solves, game.position()) else {
            unreachable!()
        };
        assert_eq!(after.len(), 8);
        // Six Men's Morris once both hands are empty: its classes solved here.
        let six: Position = "six D.L/.LD/D.../L../..D L 0/0 0/0 -"
            .parse()
            .unwrap_or_else(|e| unreachable!("{e}"));
        assert!(solvable(&six));
        let Some(values) = exact(None, &mut solves, &six) else {
            unreachable!()
        };
        assert_eq!(values.len(), six.legal_moves().len());
        let nine = Position::new(Variant::Nine.rules());
        assert_eq!(exact(None, &mut solves, &nine), None);
        assert!(!solvable(&Position::new(Variant::Six.rules())));
    }

    #[test]
    fn nine_endgames_are_exact_from_the_tables() {
        let pos: Position = "nine .D./DL./.../..L..L/.../.../.D. L 0/0 0/0 -"
            .parse()
            .unwrap_or_else(|e| unreachable!("{e}"));
        let mut tables = Tablebases::new();
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/static/tb/nine-3v3.tb");
        let read = std::fs::read(path).map_err(|e| e.to_string());
        assert!(read
            .and_then(|b| tables.load(&b).map_err(|e| e.to_string()))
            .is_ok());
        let mut solves = Solves::default();
        assert_eq!(exact(None, &mut solves, &pos), None);
        let Some(values) = exact(Some(&tables), &mut solves, &pos) else {
            unreachable!()
        };
        assert_eq!(values.len(), pos.legal_moves().len());
        assert_eq!(values[0].1, Value::Win(7));
        let mut searcher = Searcher::new(1);
        searcher.set_tables(Some(std::sync::Arc::new(tables)));
        let s = slice(&mut searcher, &Game::from_position(pos), 0, 1_000, &NoClock);
        assert!(s.done);
        assert_eq!(s.lines[0].score, Score::Win(7));
    }
}
