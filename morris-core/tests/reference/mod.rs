//! A slow, independent move generator written straight from the rule text
//! of the rule book (docs/RULES.md), used to cross-check the perft counts of the
//! fast generator in `morris_core`.
//!
//! Nothing here calls the engine: the boards are the point names, lines and
//! mills of docs/RULES.md §1 typed in as lists, the rule options and variant
//! presets are those of §3 and §4, the position text and the move notation
//! have their own small readers, and a position is a plain array of owners.
//! Clarity wins over speed everywhere; the cost is paid by a node limit.

use std::collections::{BTreeSet, HashMap};

/// A player.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Side {
    Light,
    Dark,
}

impl Side {
    fn other(self) -> Side {
        match self {
            Side::Light => Side::Dark,
            Side::Dark => Side::Light,
        }
    }

    fn index(self) -> usize {
        match self {
            Side::Light => 0,
            Side::Dark => 1,
        }
    }

    fn letter(self) -> char {
        match self {
            Side::Light => 'L',
            Side::Dark => 'D',
        }
    }

    fn from_letter(s: &str) -> Side {
        match s {
            "L" => Side::Light,
            "D" => Side::Dark,
            _ => panic!("`{s}` is not a side (L or D)"),
        }
    }
}

/// One board of docs/RULES.md §1: its points, which points are joined by a drawn
/// line, and its mills.
#[derive(Debug)]
pub struct Board {
    names: Vec<&'static str>,
    by_name: HashMap<&'static str, usize>,
    neighbours: Vec<Vec<usize>>,
    mills: Vec<[usize; 3]>,
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
/// §1.5: the 3×3 board; its lines are its mills.
const THREE_POINTS: &str = "a1 b1 c1 a2 b2 c2 a3 b3 c3";
const THREE_LINES: [&str; 8] = [
    "a1 b1 c1", "a2 b2 c2", "a3 b3 c3", "a1 a2 a3", "b1 b2 b3", "c1 c2 c3", "a1 b2 c3", "c1 b2 a3",
];

impl Board {
    /// The board named as the `board` option names it: `mill`,
    /// `diagonals`, `sotho`, `small`, `3x3`.
    pub fn named(kind: &str) -> Board {
        match kind {
            "mill" => Board::build(MILL_POINTS, &MILL_LINES, &MILL_MILLS),
            "diagonals" => {
                let lines: Vec<&str> = MILL_LINES.iter().chain(&DIAGONALS).copied().collect();
                let mills: Vec<&str> = MILL_MILLS.iter().chain(&DIAGONALS).copied().collect();
                Board::build(MILL_POINTS, &lines, &mills)
            }
            "sotho" => {
                let points = format!("{MILL_POINTS} d4").leak();
                let lines: Vec<&str> = MILL_LINES.iter().chain(&SOTHO_LINES).copied().collect();
                Board::build(points, &lines, &MILL_MILLS)
            }
            "small" => Board::build(SMALL_POINTS, &SMALL_LINES, &SMALL_MILLS),
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
    fn text_order(&self) -> Vec<Vec<usize>> {
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

/// Which opposing pieces a mill may take (§3).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Removal {
    ProtectedUnlessAll,
    Always,
    Never,
}

/// The rule options that decide which turns are legal. The draw rules
/// (n-move, endgame, repetition) and the meaning of a full board do not
/// change the perft count and are read but not kept.
#[derive(Debug)]
pub struct Rules {
    pub board: Board,
    pub pieces: u32,
    pub flying: bool,
    pub removal: Removal,
    pub one_per_mill: bool,
    pub first: Side,
    pub no_reform: bool,
    pub move_in_placing: bool,
    pub mill_wins: bool,
}

fn on(value: &str) -> bool {
    match value {
        "on" => true,
        "off" => false,
        _ => panic!("expected on or off, found `{value}`"),
    }
}

impl Rules {
    /// Reads `nine` or `nine:flying=off,mill-takes=each` (the rules field of
    /// the position text), or the same with the options as separate
    /// `key=value` words.
    pub fn parse(text: &str) -> Rules {
        let (variant, options) = text.split_once(':').unwrap_or((text, ""));
        let options: Vec<&str> = options.split(',').filter(|o| !o.is_empty()).collect();
        Rules::with_options(variant, &options)
    }

    /// The variant's preset (§4) with `key=value` options (§3) applied.
    pub fn with_options(variant: &str, options: &[&str]) -> Rules {
        // (board, pieces, flying, no re-forming, move in placing, mill wins)
        let (board, pieces, flying, no_reform, move_in_placing, mill_wins) = match variant {
            "nine" => ("mill", 9, true, false, false, false),
            "three" => ("3x3", 3, false, false, false, true),
            "six" => ("small", 6, false, false, false, false),
            "twelve" => ("diagonals", 12, true, false, false, false),
            "morabaraba" => ("diagonals", 12, true, true, false, false),
            "morabaraba-sotho" => ("sotho", 12, true, true, false, false),
            "morabaraba-11" => ("diagonals", 11, true, true, false, false),
            "lasker" => ("mill", 10, true, false, true, false),
            other => panic!("unknown variant `{other}`"),
        };
        let mut board = board.to_string();
        let mut rules = Rules {
            board: Board::named("mill"),
            pieces,
            flying,
            removal: Removal::ProtectedUnlessAll,
            one_per_mill: false,
            first: Side::Light,
            no_reform,
            move_in_placing,
            mill_wins,
        };
        for option in options {
            let (key, value) = option
                .split_once('=')
                .unwrap_or_else(|| panic!("option `{option}` has no value"));
            match key {
                "pieces" => rules.pieces = value.parse().expect("a number of pieces"),
                "board" => board = value.to_string(),
                "flying" => rules.flying = on(value),
                "removal" => {
                    rules.removal = match value {
                        "protected" => Removal::ProtectedUnlessAll,
                        "always" => Removal::Always,
                        "never" => Removal::Never,
                        _ => panic!("bad removal `{value}`"),
                    }
                }
                "mill-takes" => {
                    rules.one_per_mill = match value {
                        "one" => false,
                        "each" => true,
                        _ => panic!("bad mill-takes `{value}`"),
                    }
                }
                "first" => {
                    rules.first = match value {
                        "light" => Side::Light,
                        "dark" => Side::Dark,
                        _ => panic!("bad first `{value}`"),
                    }
                }
                "no-reform" => rules.no_reform = on(value),
                "move-in-placing" => rules.move_in_placing = on(value),
                "mill-wins" => rules.mill_wins = on(value),
                "board-full" | "endgame-draw" | "n-move" | "threefold" => {}
                _ => panic!("unknown option `{key}`"),
            }
        }
        rules.board = Board::named(&board);
        rules
    }
}

/// One whole turn: a placement (`from` is `None`) or a move, and the set of
/// opposing pieces its mills remove.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub struct Turn {
    pub from: Option<usize>,
    pub to: usize,
    pub removed: BTreeSet<usize>,
}

/// A position: who stands where, the hands, the side to move, and for each
/// side the slide it may not make next turn if that slide closes a mill.
#[derive(Clone, Debug)]
pub struct State<'r> {
    pub rules: &'r Rules,
    owner: Vec<Option<Side>>,
    hand: [u32; 2],
    turn: Side,
    banned: [Option<(usize, usize)>; 2],
}

impl<'r> State<'r> {
    /// The empty board with both hands full.
    pub fn start(rules: &'r Rules) -> State<'r> {
        State {
            rules,
            owner: vec![None; rules.board.names.len()],
            hand: [rules.pieces; 2],
            turn: rules.first,
            banned: [None; 2],
        }
    }

    /// Reads the position text of `morris_core::Setup` (see setup.rs): the
    /// rules, the board from the top rank down, the side to move, the hands,
    /// the counters (ignored here) and the re-forming bans. The rules
    /// must already have been read from the first field.
    pub fn parse(rules: &'r Rules, text: &str) -> State<'r> {
        let fields: Vec<&str> = text.split_whitespace().collect();
        assert_eq!(fields.len(), 6, "a position text has six fields: `{text}`");
        let mut state = State::start(rules);
        let rows: Vec<&str> = fields[1].split('/').collect();
        let order = rules.board.text_order();
        assert_eq!(rows.len(), order.len(), "wrong number of ranks in `{text}`");
        for (row, points) in rows.iter().zip(&order) {
            assert_eq!(row.len(), points.len(), "wrong rank length in `{text}`");
            for (c, &p) in row.chars().zip(points) {
                state.owner[p] = match c {
                    'L' => Some(Side::Light),
                    'D' => Some(Side::Dark),
                    '.' => None,
                    _ => panic!("bad point `{c}` in `{text}`"),
                };
            }
        }
        state.turn = Side::from_letter(fields[2]);
        let (light, dark) = fields[3].split_once('/').expect("hands like 9/9");
        state.hand = [light.parse().expect("a hand"), dark.parse().expect("a hand")];
        if fields[5] != "-" {
            for ban in fields[5].split(',') {
                let (side, slide) = ban.split_once(':').expect("a ban like L:d6-d5");
                let (from, to) = slide.split_once('-').expect("a ban like L:d6-d5");
                let b = &rules.board;
                state.banned[Side::from_letter(side).index()] = Some((b.point(from), b.point(to)));
            }
        }
        state
    }

    /// The board, side to move, hands and bans as the position text writes
    /// them (fields 2, 3, 4 and 6), to compare with the engine's text.
    pub fn text_fields(&self) -> [String; 4] {
        let rows: Vec<String> = self
            .rules
            .board
            .text_order()
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&p| self.owner[p].map_or('.', Side::letter))
                    .collect()
            })
            .collect();
        let names = &self.rules.board.names;
        let bans: Vec<String> = [Side::Light, Side::Dark]
            .iter()
            .filter_map(|&s| {
                self.banned[s.index()].map(|(f, t)| format!("{}:{}-{}", s.letter(), names[f], names[t]))
            })
            .collect();
        [
            rows.join("/"),
            self.turn.letter().to_string(),
            format!("{}/{}", self.hand[0], self.hand[1]),
            if bans.is_empty() {
                "-".to_string()
            } else {
                bans.join(",")
            },
        ]
    }

    fn count(&self, side: Side) -> u32 {
        self.owner.iter().filter(|&&o| o == Some(side)).count() as u32
    }

    /// How many mills `side` fills on the board `owner`: those through
    /// `through`, or all of them.
    fn mills_of(&self, owner: &[Option<Side>], side: Side, through: Option<usize>) -> usize {
        self.rules
            .board
            .mills
            .iter()
            .filter(|m| through.is_none_or(|p| m.contains(&p)))
            .filter(|m| m.iter().all(|&q| owner[q] == Some(side)))
            .count()
    }

    fn in_a_mill(&self, owner: &[Option<Side>], point: usize) -> bool {
        let side = owner[point].expect("a piece");
        self.mills_of(owner, side, Some(point)) > 0
    }

    /// Over by the rules that need no history (§2.7, the mill-wins option):
    /// fewer than three pieces on the board and in hand, or a mill standing
    /// where a mill wins. Blocked and full boards simply have no turns.
    fn over(&self) -> bool {
        for side in [Side::Light, Side::Dark] {
            if self.count(side) + self.hand[side.index()] < 3 {
                return true;
            }
            if self.rules.mill_wins && self.mills_of(&self.owner, side, None) > 0 {
                return true;
            }
        }
        false
    }

    /// Every legal whole turn, each removal choice a separate turn.
    pub fn turns(&self) -> Vec<Turn> {
        if self.over() {
            return Vec::new();
        }
        let us = self.turn;
        let empty: Vec<usize> = (0..self.owner.len())
            .filter(|&p| self.owner[p].is_none())
            .collect();
        let mut steps: Vec<(Option<usize>, usize)> = Vec::new();
        let in_hand = self.hand[us.index()] > 0;
        if in_hand {
            steps.extend(empty.iter().map(|&p| (None, p)));
        }
        if !in_hand || self.rules.move_in_placing {
            let flying = self.rules.flying && !in_hand && self.count(us) == 3;
            for from in (0..self.owner.len()).filter(|&p| self.owner[p] == Some(us)) {
                for &to in &empty {
                    if flying || self.rules.board.neighbours[from].contains(&to) {
                        steps.push((Some(from), to));
                    }
                }
            }
        }
        let mut turns = Vec::new();
        for (from, to) in steps {
            let mut owner = self.owner.clone();
            if let Some(f) = from {
                owner[f] = None;
            }
            owner[to] = Some(us);
            let closed = self.mills_of(&owner, us, Some(to));
            if closed > 0
                && self.rules.no_reform
                && from.is_some()
                && self.banned[us.index()] == from.zip(Some(to))
            {
                continue;
            }
            let due = if closed == 0 || self.rules.mill_wins || self.rules.removal == Removal::Never {
                0
            } else if self.rules.one_per_mill {
                closed
            } else {
                1
            };
            let mut sets = BTreeSet::new();
            self.removal_sets(&mut owner, due, &mut BTreeSet::new(), &mut sets);
            turns.extend(sets.into_iter().map(|removed| Turn { from, to, removed }));
        }
        turns
    }

    /// Makes `left` removals one after another from `owner`, each one legal
    /// when it is made (§2.6), collecting the distinct sets taken. A removal
    /// due when the opponent has no piece left removes nothing.
    fn removal_sets(
        &self,
        owner: &mut Vec<Option<Side>>,
        left: usize,
        taken: &mut BTreeSet<usize>,
        out: &mut BTreeSet<BTreeSet<usize>>,
    ) {
        let them = self.turn.other();
        let theirs: Vec<usize> = (0..owner.len()).filter(|&p| owner[p] == Some(them)).collect();
        if left == 0 || theirs.is_empty() {
            out.insert(taken.clone());
            return;
        }
        let free: Vec<usize> = theirs
            .iter()
            .copied()
            .filter(|&p| !self.in_a_mill(owner, p))
            .collect();
        let allowed = match self.rules.removal {
            Removal::Always => theirs,
            Removal::ProtectedUnlessAll if free.is_empty() => theirs,
            Removal::ProtectedUnlessAll => free,
            Removal::Never => Vec::new(),
        };
        for p in allowed {
            owner[p] = None;
            taken.insert(p);
            self.removal_sets(owner, left - 1, taken, out);
            taken.remove(&p);
            owner[p] = Some(them);
        }
    }

    /// The position after `turn`.
    pub fn after(&self, turn: &Turn) -> State<'r> {
        let us = self.turn;
        let mut next = self.clone();
        match turn.from {
            Some(f) => next.owner[f] = None,
            None => next.hand[us.index()] -= 1,
        }
        next.owner[turn.to] = Some(us);
        let closed = self.mills_of(&next.owner, us, Some(turn.to)) > 0;
        for &r in &turn.removed {
            next.owner[r] = None;
        }
        // §4, Morabaraba: the piece that just closed a mill by moving may not
        // go straight back to close one there on its owner's next turn.
        next.banned[us.index()] = match turn.from {
            Some(f) if closed && self.rules.no_reform => Some((turn.to, f)),
            _ => None,
        };
        next.turn = us.other();
        next
    }

    /// Plays a move written in the notation of docs/RULES.md §5 (`d6`, `d6-d5`,
    /// `d6xb4`, `d6-d5xb4xe4`), which must be legal.
    pub fn play(&self, text: &str) -> State<'r> {
        let board = &self.rules.board;
        let mut parts = text.split('x');
        let head = parts.next().unwrap_or_default();
        let (from, to) = match head.split_once('-') {
            Some((f, t)) => (Some(board.point(f)), board.point(t)),
            None => (None, board.point(head)),
        };
        let removed: BTreeSet<usize> = parts.map(|r| board.point(r)).collect();
        let wanted = Turn { from, to, removed };
        assert!(
            self.turns().contains(&wanted),
            "`{text}` is not legal for the reference generator in {:?}",
            self.text_fields()
        );
        self.after(&wanted)
    }

    /// The number of turn sequences of length `depth`.
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.turns().len() as u64,
            _ => self.turns().iter().map(|t| self.after(t).perft(depth - 1)).sum(),
        }
    }

    /// The turns written in the notation, with the perft count below each,
    /// sorted: to compare with the engine's `divide` when they disagree.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let names = &self.rules.board.names;
        let mut out: Vec<(String, u64)> = self
            .turns()
            .iter()
            .map(|t| {
                let mut s = String::new();
                if let Some(f) = t.from {
                    s.push_str(names[f]);
                    s.push('-');
                }
                s.push_str(names[t.to]);
                let mut removed: Vec<&str> = t.removed.iter().map(|&r| names[r]).collect();
                removed.sort_unstable();
                for r in removed {
                    s.push('x');
                    s.push_str(r);
                }
                (s, self.after(t).perft(depth.saturating_sub(1)))
            })
            .collect();
        out.sort();
        out
    }
}
