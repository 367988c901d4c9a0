//! The boards of docs/RULES.md §1 and §7.1, typed in from the rule text as
//! lists of point names, drawn lines and mills.

use std::collections::HashMap;

/// One board: its points, which points a drawn line joins, and its mills,
/// each written with its middle point in the middle (the custodian and
/// intervention captures of §7.6 need it).
#[derive(Debug)]
pub struct Board {
    pub names: Vec<&'static str>,
    by_name: HashMap<&'static str, usize>,
    pub neighbours: Vec<Vec<usize>>,
    pub mills: Vec<[usize; 3]>,
}

/// The mill board of §1.1: three rings and four cross lines.
const MILL_POINTS: &str = "a1 d1 g1 g4 g7 d7 a7 a4 b2 d2 f2 f4 f6 d6 b6 b4 c3 d3 e3 e4 e5 d5 c5 c4";
const MILL_LINES: [&str; 7] = [
    "a1 d1 g1 g4 g7 d7 a7 a4 a1",
    "b2 d2 f2 f4 f6 d6 b6 b4 b2",
    "c3 d3 e3 e4 e5 d5 c5 c4 c3",
    "d1 d2 d3",
    "a4 b4 c4",
    "g4 f4 e4",
    "d7 d6 d5",
];
const MILL_MILLS: [&str; 16] = [
    "a1 d1 g1", "g1 g4 g7", "g7 d7 a7", "a7 a4 a1", // outer square
    "b2 d2 f2", "f2 f4 f6", "f6 d6 b6", "b6 b4 b2", // middle square
    "c3 d3 e3", "e3 e4 e5", "e5 d5 c5", "c5 c4 c3", // inner square
    "d1 d2 d3", "a4 b4 c4", "g4 f4 e4", "d7 d6 d5", // cross lines
];
/// §1.2: the four diagonals, each a line and a mill.
const DIAGONALS: [&str; 4] = ["a1 b2 c3", "g1 f2 e3", "g7 f6 e5", "a7 b6 c5"];
/// §1.3: the centre and the short diagonals of the Sotho board.
const SOTHO_LINES: [&str; 6] = ["d3 d4 d5", "c4 d4 e4", "a1 b2", "g1 f2", "g7 f6", "a7 b6"];
/// §1.4: the small board.
const SMALL_POINTS: &str = "a1 c1 e1 e3 e5 c5 a5 a3 b2 c2 d2 d3 d4 c4 b4 b3";
const SMALL_LINES: [&str; 6] = [
    "a1 c1 e1 e3 e5 c5 a5 a3 a1",
    "b2 c2 d2 d3 d4 c4 b4 b3 b2",
    "c1 c2",
    "a3 b3",
    "e3 d3",
    "c5 c4",
];
const SMALL_MILLS: [&str; 8] = [
    "a1 c1 e1", "e1 e3 e5", "e5 c5 a5", "a5 a3 a1", "b2 c2 d2", "d2 d3 d4", "d4 c4 b4", "b4 b3 b2",
];
/// §7.1: the centre of Seven Men's Morris, joined to c4, b3, d3 and c2.
const SEVEN_LINES: [&str; 2] = ["c4 c3 c2", "b3 c3 d3"];
/// §7.1: the six mills through that centre.
const SEVEN_MILLS: [&str; 6] = [
    "c5 c4 c3", "c4 c3 c2", "c3 c2 c1", "a3 b3 c3", "b3 c3 d3", "c3 d3 e3",
];
/// §1.5: the 3×3 board; its lines are its mills.
const THREE_POINTS: &str = "a1 b1 c1 a2 b2 c2 a3 b3 c3";
const THREE_LINES: [&str; 8] = [
    "a1 b1 c1", "a2 b2 c2", "a3 b3 c3", "a1 a2 a3", "b1 b2 b3", "c1 c2 c3", "a1 b2 c3", "c1 b2 a3",
];

fn joined<'a>(a: &[&'a str], b: &[&'a str]) -> Vec<&'a str> {
    a.iter().chain(b).copied().collect()
}

impl Board {
    /// The board named as the `board` option names it: `mill`,
    /// `diagonals`, `sotho`, `small`, `seven`, `3x3`.
    pub fn named(kind: &str) -> Board {
        match kind {
            "mill" => Board::build(MILL_POINTS, &MILL_LINES, &MILL_MILLS),
            "diagonals" => Board::build(
                MILL_POINTS,
                &joined(&MILL_LINES, &DIAGONALS),
                &joined(&MILL_MILLS, &DIAGONALS),
            ),
            "sotho" => Board::build(
                format!("{MILL_POINTS} d4").leak(),
                &joined(&MILL_LINES, &SOTHO_LINES),
                &MILL_MILLS,
            ),
            "small" => Board::build(SMALL_POINTS, &SMALL_LINES, &SMALL_MILLS),
            "seven" => Board::build(
                format!("{SMALL_POINTS} c3").leak(),
                &joined(&SMALL_LINES, &SEVEN_LINES),
                &joined(&SMALL_MILLS, &SEVEN_MILLS),
            ),
            "3x3" => Board::build(THREE_POINTS, &THREE_LINES, &THREE_LINES),
            other => panic!("unknown board `{other}`"),
        }
    }

    fn build(points: &'static str, lines: &[&'static str], mills: &[&'static str]) -> Board {
        let names: Vec<&'static str> = points.split_whitespace().collect();
        let by_name: HashMap<&'static str, usize> = names.iter().enumerate().map(|(i, &n)| (n, i)).collect();
        let point = |n: &str| *by_name.get(n).unwrap_or_else(|| panic!("{n} is not a point"));
        let mut neighbours = vec![Vec::new(); names.len()];
        for line in lines {
            let pts: Vec<usize> = line.split_whitespace().map(point).collect();
            for pair in pts.windows(2) {
                if !neighbours[pair[0]].contains(&pair[1]) {
                    neighbours[pair[0]].push(pair[1]);
                    neighbours[pair[1]].push(pair[0]);
                }
            }
        }
        let mills = mills
            .iter()
            .map(|m| {
                let pts: Vec<usize> = m.split_whitespace().map(point).collect();
                [pts[0], pts[1], pts[2]]
            })
            .collect();
        Board {
            names,
            by_name,
            neighbours,
            mills,
        }
    }

    pub fn point(&self, name: &str) -> usize {
        *self
            .by_name
            .get(name)
            .unwrap_or_else(|| panic!("{name} is not a point of this board"))
    }

    /// The points rank by rank from the top, each rank from left to right:
    /// the order of the position text.
    pub fn text_order(&self) -> Vec<Vec<usize>> {
        let file = |i: usize| self.names[i].as_bytes()[0];
        let rank = |i: usize| self.names[i][1..].parse::<u32>().unwrap_or(0);
        let mut ranks: Vec<u32> = (0..self.names.len()).map(rank).collect();
        ranks.sort_unstable();
        ranks.dedup();
        ranks
            .iter()
            .rev()
            .map(|&r| {
                let mut row: Vec<usize> = (0..self.names.len()).filter(|&i| rank(i) == r).collect();
                row.sort_by_key(|&i| file(i));
                row
            })
            .collect()
    }
}
