//! Puzzles proved by the endgame tables: positions where exactly one move
//! keeps the win (or holds the draw), made by `morris tb puzzles` and
//! served with the app as `puzzles/<variant>.txt` (the format:
//! [`morris_solver::puzzle`]; how they were made: docs/tables.md).
//!
//! The generator checked every puzzle against the tables, so the first
//! answer is right exactly when it is the file's move: the tables' verdict
//! travels in the file and the app needs no table to judge it. Then the
//! puzzle is played out as a [`Line`]: the other side answers with its
//! best reply and the player goes on until the goal is reached, each move
//! judged by the exact values of the position's moves (from the tables'
//! worker). What the player has done ([`Progress`]) is kept in local
//! storage as one short line.

use morris_core::{Move, Position};
pub use morris_solver::puzzle::{parse, Kind, Puzzle, PuzzleFileError};
use morris_solver::Value;

/// What the player has done with a variant's puzzles.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Progress {
    /// The puzzle to show next (an index into the file).
    pub next: usize,
    /// Puzzles solved in a row, first try each.
    pub streak: u32,
    pub best: u32,
    pub solved: u32,
}

/// What a move in a puzzle was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Right,
    /// Another move: after it the win (or the draw) is lost.
    Wrong,
    /// Another win, but not within the plies the task gives.
    Slower,
}

/// A puzzle played out: the turns played from its position, the player's
/// and the other side's.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Line {
    pub puzzle: Puzzle,
    pub moves: Vec<Move>,
}

impl Line {
    pub fn new(puzzle: Puzzle) -> Line {
        Line {
            puzzle,
            moves: Vec::new(),
        }
    }

    /// The position after the turns played.
    pub fn position(&self) -> Position {
        self.moves
            .iter()
            .fold(self.puzzle.position, |pos, &m| pos.play(m))
    }

    /// Whether the player is to move (the other side answers in between).
    pub fn players_turn(&self) -> bool {
        self.moves.len() % 2 == 0
    }

    /// Whether the goal is reached: a win played to the game's end; a
    /// draw held through the plies of the trap (the quickest loss the
    /// other moves allowed), or to the game's end.
    pub fn done(&self) -> bool {
        let over = self.position().terminal().is_some();
        match self.puzzle.kind {
            Kind::Win => over,
            Kind::Hold => over || self.moves.len() >= usize::from(self.puzzle.plies),
        }
    }

    /// Judges the player's move `m`. The first is judged by the puzzle's
    /// answer; a later one by `values`, the exact values of the position's
    /// moves for the player (a win must stay within the task's plies, a
    /// draw must stay held).
    pub fn judge(&self, m: Move, values: Option<&[(Move, Value)]>) -> Verdict {
        if self.moves.is_empty() {
            return if m == self.puzzle.answer {
                Verdict::Right
            } else {
                Verdict::Wrong
            };
        }
        let Some(value) = values
            .and_then(|v| v.iter().find(|(x, _)| *x == m))
            .map(|(_, v)| *v)
        else {
            return Verdict::Wrong;
        };
        let left = usize::from(self.puzzle.plies).saturating_sub(self.moves.len());
        match (self.puzzle.kind, value) {
            (Kind::Win, Value::Win(n)) if usize::from(n) <= left => Verdict::Right,
            (Kind::Win, Value::Win(_)) => Verdict::Slower,
            (Kind::Hold, Value::Win(_) | Value::Draw) => Verdict::Right,
            _ => Verdict::Wrong,
        }
    }

    /// The move the player should play now: the puzzle's answer first,
    /// then the best of `values`.
    pub fn best(&self, values: Option<&[(Move, Value)]>) -> Option<Move> {
        if self.moves.is_empty() {
            return Some(self.puzzle.answer);
        }
        best_of(values?)
    }
}

/// The best move by `values` (each for the side making it): the other
/// side's reply, the longest resistance to a loss.
pub fn best_of(values: &[(Move, Value)]) -> Option<Move> {
    values.iter().max_by_key(|(_, v)| v.score()).map(|(m, _)| *m)
}

impl Progress {
    /// A wrong move: the streak ends; the puzzle stays, to be tried again.
    pub fn miss(&mut self) {
        self.streak = 0;
    }

    /// The puzzle solved: it counts (after a miss the streak starts again
    /// from it) and the next one comes.
    pub fn solve(&mut self, count: usize) {
        self.streak += 1;
        self.best = self.best.max(self.streak);
        self.solved += 1;
        self.skip(count);
    }

    /// Goes on to the next puzzle of `count`, back to the first after the last.
    pub fn skip(&mut self, count: usize) {
        self.next = if count == 0 { 0 } else { (self.next + 1) % count };
    }

    /// The line local storage keeps: `v1 next streak best solved`.
    pub fn to_line(self) -> String {
        format!("v1 {} {} {} {}", self.next, self.streak, self.best, self.solved)
    }

    /// Reads [`Progress::to_line`]; anything else (another version, a
    /// damaged value) starts afresh rather than failing.
    pub fn from_line(line: &str) -> Progress {
        let mut it = line.split_whitespace();
        if it.next() != Some("v1") {
            return Progress::default();
        }
        let mut num = || it.next().and_then(|s| s.parse::<u64>().ok());
        match (num(), num(), num(), num()) {
            (Some(next), Some(streak), Some(best), Some(solved)) => Progress {
                next: usize::try_from(next).unwrap_or(0),
                streak: u32::try_from(streak).unwrap_or(0),
                best: u32::try_from(best)
                    .unwrap_or(0)
                    .max(u32::try_from(streak).unwrap_or(0)),
                solved: u32::try_from(solved).unwrap_or(0),
            },
            _ => Progress::default(),
        }
    }
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]
    use super::*;

    const NINE: &str = include_str!("../static/puzzles/nine.txt");
    const SIX: &str = include_str!("../static/puzzles/six.txt");
    const THREE: &str = include_str!("../static/puzzles/three.txt");

    #[test]
    fn the_shipped_files_read_whole_and_each_answer_is_legal_in_its_position() {
        for (text, at_least) in [(NINE, 200), (SIX, 250), (THREE, 100)] {
            let puzzles = parse(text).unwrap();
            assert!(puzzles.len() >= at_least, "{} puzzles", puzzles.len());
            for p in &puzzles {
                assert!(p.position.is_legal(p.answer));
                assert!(p.position.legal_moves().len() >= 2, "a puzzle has a choice");
            }
        }
    }

    #[test]
    fn a_bad_line_is_refused_with_its_number_and_reason_by_the_solvers_reader() {
        let good = NINE.lines().find(|l| !l.starts_with('#')).unwrap();
        let (kind, rest) = good.split_once('\t').unwrap();
        assert_eq!(kind, "win");
        let cases = [
            format!("# header\nlose\t{rest}"),
            format!("# header\n\n{}", good.replacen('\t', " ", 1)),
            format!("# header\n{}", good.replace("nine", "nein")),
            format!("# header\nwin\tmany\t{}", rest.split_once('\t').unwrap().1),
        ];
        for text in cases {
            let e = parse(&text).unwrap_err();
            assert!(e.line >= 2, "{e}");
            assert!(!e.reason.is_empty());
        }
        let (head, position) = good.rsplit_once('\t').unwrap();
        let illegal = format!("{}\ta1\t{position}", head.rsplit_once('\t').unwrap().0);
        assert!(parse(&illegal).is_err(), "an answer that is no legal move");
    }

    #[test]
    fn a_solved_puzzle_counts_and_moves_on_a_miss_ends_the_streak() {
        let mut progress = Progress::default();
        progress.solve(10);
        progress.solve(10);
        assert_eq!((progress.next, progress.streak, progress.solved), (2, 2, 2));
        progress.miss();
        assert_eq!((progress.next, progress.streak, progress.best), (2, 0, 2));
        progress.solve(10);
        assert_eq!(
            (progress.next, progress.streak, progress.best, progress.solved),
            (3, 1, 2, 3)
        );
        progress.next = 9;
        progress.skip(10);
        assert_eq!(progress.next, 0, "after the last, the first again");
    }

    /// Every move of `pos` with its exact value for the mover, solved.
    fn values(base: &mut morris_solver::Tablebase, pos: &Position) -> Vec<(Move, Value)> {
        pos.legal_moves()
            .into_iter()
            .map(|m| (m, base.solve_position(&pos.play(m)).unwrap().back()))
            .collect()
    }

    #[test]
    fn a_line_is_played_out_by_the_values_to_its_goal() {
        let puzzles = parse(THREE).unwrap();
        let p = puzzles
            .iter()
            .find(|p| p.kind == Kind::Win && p.plies >= 5)
            .unwrap();
        let mut base = morris_solver::Tablebase::new(*p.position.rules());
        let mut line = Line::new(p.clone());
        let wrong = p
            .position
            .legal_moves()
            .into_iter()
            .find(|&m| m != p.answer)
            .unwrap();
        assert_eq!(line.judge(wrong, None), Verdict::Wrong);
        assert_eq!(line.best(None), Some(p.answer));
        assert_eq!(line.judge(p.answer, None), Verdict::Right);
        line.moves.push(p.answer);
        let mut turns = 1;
        while !line.done() {
            let v = values(&mut base, &line.position());
            let m = if line.players_turn() {
                // Every other move is refused: a loss or draw as wrong, a
                // slower win as slower.
                for &(x, value) in &v {
                    let verdict = line.judge(x, Some(&v));
                    match value {
                        Value::Win(n) if usize::from(n) <= usize::from(p.plies) - line.moves.len() => {
                            assert_eq!(verdict, Verdict::Right)
                        }
                        Value::Win(_) => assert_eq!(verdict, Verdict::Slower),
                        _ => assert_eq!(verdict, Verdict::Wrong),
                    }
                }
                line.best(Some(&v)).unwrap()
            } else {
                best_of(&v).unwrap()
            };
            line.moves.push(m);
            turns += 1;
            assert!(
                turns <= usize::from(p.plies),
                "the win comes within the task's plies"
            );
        }
        assert_eq!(
            turns,
            usize::from(p.plies),
            "best play on both sides takes the task's plies"
        );
        assert!(line.position().terminal().is_some());
        // A draw to hold is held through the trap's plies.
        let hold = puzzles.iter().find(|p| p.kind == Kind::Hold).unwrap();
        let mut line = Line::new(hold.clone());
        line.moves.push(hold.answer);
        let v = values(&mut base, &line.position());
        line.moves.push(best_of(&v).unwrap());
        assert_eq!(line.done(), hold.plies <= 2);
    }

    #[test]
    fn progress_survives_its_line_and_a_damaged_line_starts_afresh() {
        let p = Progress {
            next: 17,
            streak: 4,
            best: 9,
            solved: 30,
        };
        assert_eq!(Progress::from_line(&p.to_line()), p);
        for bad in ["", "v2 1 2 3 4", "v1 1 2", "v1 a b c d", "v1 -1 0 0 0"] {
            assert_eq!(Progress::from_line(bad), Progress::default(), "{bad}");
        }
    }
}
