//! Puzzles proved by the endgame tables: positions where exactly one move
//! keeps the win (or holds the draw), made by `morris tb puzzles` and
//! served with the app as `puzzles/<variant>.txt` (see docs/tables.md).
//!
//! The generator checked every puzzle against the tables, so an answer is
//! right exactly when it is the file's move: the tables' verdict travels
//! in the file and the app needs no table to judge it. What the player has
//! done ([`Progress`]) is kept in local storage as one short line.

use morris_core::{Move, Position};

/// What the player must find.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Kind {
    /// The only move that keeps the win, which comes in `plies` with best play.
    Win,
    /// The only move that keeps the draw; the quickest loss among the
    /// other moves comes in `plies`.
    Hold,
}

/// One puzzle of a file.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Puzzle {
    pub kind: Kind,
    pub plies: u16,
    pub position: Position,
    pub answer: Move,
}

/// Why a puzzle file cannot be read: the line (from 1) and what is wrong.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("puzzle file, line {line}: {reason}")]
pub struct PuzzleFileError {
    pub line: usize,
    pub reason: String,
}

/// The most puzzles a file may hold, and the longest line: a file is a
/// few hundred lines of under a hundred characters.
const MAX_PUZZLES: usize = 5_000;
const MAX_LINE: usize = 400;

/// The puzzles of a file, in its order (the easiest first); `#` lines and
/// blank lines are skipped.
pub fn parse(text: &str) -> Result<Vec<Puzzle>, PuzzleFileError> {
    let mut out = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let line = line.trim_end_matches('\r');
        if line.trim().is_empty() || line.starts_with('#') {
            continue;
        }
        let fail = |reason: String| PuzzleFileError { line: i + 1, reason };
        if out.len() == MAX_PUZZLES {
            return Err(fail(format!("more than {MAX_PUZZLES} puzzles")));
        }
        if line.len() > MAX_LINE {
            return Err(fail(format!("longer than {MAX_LINE} characters")));
        }
        out.push(parse_line(line).map_err(fail)?);
    }
    Ok(out)
}

fn parse_line(line: &str) -> Result<Puzzle, String> {
    let fields: Vec<&str> = line.split('\t').collect();
    let [kind, plies, answer, position] = fields[..] else {
        return Err(format!(
            "{} fields, not 4 (kind, plies, answer, position)",
            fields.len()
        ));
    };
    let kind = match kind {
        "win" => Kind::Win,
        "hold" => Kind::Hold,
        other => return Err(format!("`{other}` is neither `win` nor `hold`")),
    };
    let plies = plies
        .parse()
        .map_err(|_| format!("`{plies}` is not a number of plies"))?;
    let position: Position = position.parse().map_err(|e| format!("{e}"))?;
    if position.outcome().is_some() {
        return Err("the game is already over in this position".into());
    }
    let answer = position.parse_move(answer).map_err(|e| format!("{e}"))?;
    Ok(Puzzle {
        kind,
        plies,
        position,
        answer,
    })
}

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
    fn a_bad_line_is_refused_with_its_number_and_reason() {
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
