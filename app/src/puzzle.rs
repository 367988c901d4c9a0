//! Puzzles proved by the endgame tables: positions where exactly one move
//! keeps the win (or holds the draw), made by `morris tb puzzles` and
//! served with the app as `puzzles/<variant>.txt` (the format:
//! [`morris_solver::puzzle`]; how they were made: docs/tables.md).
//!
//! The generator checked every puzzle against the tables, so an answer is
//! right exactly when it is the file's move: the tables' verdict travels
//! in the file and the app needs no table to judge it. What the player has
//! done ([`Progress`]) is kept in local storage as one short line.

use morris_core::Move;
pub use morris_solver::puzzle::{parse, Kind, Puzzle, PuzzleFileError};

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

/// What an answer was.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Verdict {
    Right,
    /// Another move: it gives the win (or the draw) away.
    Wrong,
}

impl Progress {
    /// Judges `m` as the answer to `puzzle`: a right answer counts and
    /// moves on; a wrong one ends the streak and the puzzle stays, to be
    /// tried again.
    pub fn answer(&mut self, puzzle: &Puzzle, m: Move, count: usize) -> Verdict {
        if m == puzzle.answer {
            self.streak += 1;
            self.best = self.best.max(self.streak);
            self.solved += 1;
            self.skip(count);
            Verdict::Right
        } else {
            self.streak = 0;
            Verdict::Wrong
        }
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
    fn a_right_answer_counts_and_moves_on_a_wrong_one_ends_the_streak_and_stays() {
        let puzzles = parse(THREE).unwrap();
        let p = &puzzles[0];
        let wrong = p
            .position
            .legal_moves()
            .into_iter()
            .find(|&m| m != p.answer)
            .unwrap();
        let mut progress = Progress::default();
        assert_eq!(progress.answer(p, p.answer, puzzles.len()), Verdict::Right);
        assert_eq!((progress.next, progress.streak, progress.solved), (1, 1, 1));
        let q = &puzzles[1];
        let wrong_q = q
            .position
            .legal_moves()
            .into_iter()
            .find(|&m| m != q.answer)
            .unwrap();
        assert_eq!(progress.answer(q, wrong_q, puzzles.len()), Verdict::Wrong);
        assert_eq!((progress.next, progress.streak, progress.best), (1, 0, 1));
        assert_eq!(progress.answer(p, wrong, puzzles.len()), Verdict::Wrong);
        progress.next = puzzles.len() - 1;
        progress.skip(puzzles.len());
        assert_eq!(progress.next, 0, "after the last, the first again");
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
