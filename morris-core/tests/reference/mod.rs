//! A slow, independent move generator written straight from the rule text
//! of the rule book (docs/RULES.md, §1–§4 and §7), used to cross-check the
//! perft counts of the fast generator in `morris_core`.
//!
//! Nothing here calls the engine: the boards are the point names, lines and
//! mills of the rule book typed in as lists (`board.rs`), the options and
//! presets are those of §3, §4 and §7 (`rules.rs`), the position text and the
//! move notation have their own small readers, and a position is a plain
//! array of what stands on each point. Clarity wins over speed everywhere;
//! the cost is paid by a node limit. Where §7 leaves a case open, the
//! reference follows Mulino's rulings (docs/RULES.md §7.10), each cited where
//! it is applied.

mod board;
mod rules;
#[cfg(test)]
mod tests;

use std::collections::{BTreeSet, HashSet};

pub use rules::Rules;
use rules::{Blocked, BoardFull, Flying, PlacingMill, Removal};

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

/// What stands on a point: nothing, a piece, or a dead marker of §7.2,
/// which is neither empty nor anyone's piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Cell {
    Empty,
    Piece(Side),
    Marker,
}

/// A turn that only removes, due before anyone moves: the mill count of
/// §7.2, a full board's removals (§7.3), the opponent's removal of "both
/// remove" (§7.4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Step {
    /// Who removes.
    side: Side,
    /// How many pieces; fewer when fewer can be taken.
    count: usize,
    /// The remover's own pieces (the mill count with no mills on either side).
    own: bool,
    /// §7.4: only pieces next to one of the remover's own, no protection.
    next_to_own: bool,
}

/// Everything that decides the legal turns.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
struct Data {
    cells: Vec<Cell>,
    hand: [usize; 2],
    /// Who moves once the pending removals are made.
    turn: Side,
    pending: Vec<Step>,
    /// For each side, the slide it may not make next turn if that slide
    /// closes a mill (Morabaraba's re-forming ban).
    banned: [Option<(usize, usize)>; 2],
    /// For each side, the mills it has completed (the one-time mill of §7.5).
    used: [BTreeSet<usize>; 2],
}

/// A position under a set of rules.
#[derive(Clone, Debug)]
pub struct State<'r> {
    pub rules: &'r Rules,
    d: Data,
}

/// One legal whole turn: its move string and the position it leads to.
pub struct Turn<'r> {
    pub text: String,
    pub next: State<'r>,
}

/// A move string with its removals in name order, so that two spellings of
/// one turn compare equal.
fn normalized(text: &str) -> String {
    let mut parts: Vec<&str> = text.split('x').collect();
    parts[1..].sort_unstable();
    parts.join("x")
}

/// Every distinct way to take up to `left` pieces one after another, each
/// chosen among `targets` judged on the board just before it; a sequence
/// stops when nothing is left to take (§7.9). A taken piece becomes `becomes`
/// (empty, or a dead marker).
fn sequences(
    cells: &mut Vec<Cell>,
    left: usize,
    becomes: Cell,
    targets: &dyn Fn(&[Cell]) -> Vec<usize>,
    taken: &mut Vec<usize>,
    out: &mut Vec<(Vec<usize>, Vec<Cell>)>,
) {
    let now = if left == 0 { Vec::new() } else { targets(cells) };
    if now.is_empty() {
        out.push((taken.clone(), cells.clone()));
        return;
    }
    for p in now {
        let was = cells[p];
        cells[p] = becomes;
        taken.push(p);
        sequences(cells, left - 1, becomes, targets, taken, out);
        taken.pop();
        cells[p] = was;
    }
}

impl<'r> State<'r> {
    /// The empty board with both hands full.
    pub fn start(rules: &'r Rules) -> State<'r> {
        State {
            rules,
            d: Data {
                cells: vec![Cell::Empty; rules.board.names.len()],
                hand: [rules.pieces as usize; 2],
                turn: rules.first,
                pending: Vec::new(),
                banned: [None; 2],
                used: [BTreeSet::new(), BTreeSet::new()],
            },
        }
    }

    /// Reads the position text of `morris_core::Setup` (see setup.rs) for the
    /// rules of §1–§4: the rules, the board from the top rank down, the side
    /// to move, the hands, the counters (ignored here) and the re-forming
    /// bans. The rules must already have been read from the first field.
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
                state.d.cells[p] = match c {
                    'L' => Cell::Piece(Side::Light),
                    'D' => Cell::Piece(Side::Dark),
                    '.' => Cell::Empty,
                    _ => panic!("bad point `{c}` in `{text}`"),
                };
            }
        }
        state.d.turn = Side::from_letter(fields[2]);
        let (light, dark) = fields[3].split_once('/').expect("hands like 9/9");
        state.d.hand = [light.parse().expect("a hand"), dark.parse().expect("a hand")];
        if fields[5] != "-" {
            for ban in fields[5].split(',') {
                let (side, slide) = ban.split_once(':').expect("a ban like L:d6-d5");
                let (from, to) = slide.split_once('-').expect("a ban like L:d6-d5");
                let b = &rules.board;
                state.d.banned[Side::from_letter(side).index()] = Some((b.point(from), b.point(to)));
            }
        }
        state
    }

    /// The board, side to move, hands and bans as the position text of §1–§4
    /// writes them (fields 2, 3, 4 and 6), to compare with the engine's text.
    pub fn text_fields(&self) -> [String; 4] {
        let rows: Vec<String> = self
            .rules
            .board
            .text_order()
            .iter()
            .map(|row| {
                row.iter()
                    .map(|&p| match self.d.cells[p] {
                        Cell::Empty => '.',
                        Cell::Piece(s) => s.letter(),
                        Cell::Marker => 'x',
                    })
                    .collect()
            })
            .collect();
        let names = &self.rules.board.names;
        let bans: Vec<String> = [Side::Light, Side::Dark]
            .iter()
            .filter_map(|&s| {
                self.d.banned[s.index()].map(|(f, t)| format!("{}:{}-{}", s.letter(), names[f], names[t]))
            })
            .collect();
        [
            rows.join("/"),
            self.d.turn.letter().to_string(),
            format!("{}/{}", self.d.hand[0], self.d.hand[1]),
            if bans.is_empty() {
                "-".to_string()
            } else {
                bans.join(",")
            },
        ]
    }

    fn pieces(cells: &[Cell], side: Side) -> Vec<usize> {
        (0..cells.len())
            .filter(|&p| cells[p] == Cell::Piece(side))
            .collect()
    }

    /// The mills `side` fills on `cells`: those through `through`, or all.
    fn mills_of(&self, cells: &[Cell], side: Side, through: Option<usize>) -> Vec<usize> {
        let mills = &self.rules.board.mills;
        (0..mills.len())
            .filter(|&m| through.is_none_or(|p| mills[m].contains(&p)))
            .filter(|&m| mills[m].iter().all(|&q| cells[q] == Cell::Piece(side)))
            .collect()
    }

    /// The pieces of `victim` a removal may take (§2.6): with `protect`, not
    /// one standing in a mill unless all of them do.
    fn targets(&self, cells: &[Cell], victim: Side, protect: bool) -> Vec<usize> {
        let all = State::pieces(cells, victim);
        if !protect {
            return all;
        }
        let free: Vec<usize> = all
            .iter()
            .copied()
            .filter(|&p| self.mills_of(cells, victim, Some(p)).is_empty())
            .collect();
        if free.is_empty() {
            all
        } else {
            free
        }
    }

    /// Protection holds for every removal but the blocked player's (§7.9),
    /// unless `removal=always`; `removal=never` only stops mills (§7.10).
    fn protect(&self) -> bool {
        self.rules.removal != Removal::Always
    }

    fn step_targets(&self, cells: &[Cell], step: &Step) -> Vec<usize> {
        let victim = if step.own { step.side } else { step.side.other() };
        if step.next_to_own {
            let board = &self.rules.board;
            State::pieces(cells, victim)
                .into_iter()
                .filter(|&p| {
                    board.neighbours[p]
                        .iter()
                        .any(|&q| cells[q] == Cell::Piece(step.side))
                })
                .collect()
        } else {
            self.targets(cells, victim, self.protect())
        }
    }

    /// Over by the rules that need no history: fewer than three pieces on
    /// the board and in hand (markers not counted), or a mill standing where
    /// a mill wins.
    fn over(&self) -> bool {
        [Side::Light, Side::Dark].into_iter().any(|side| {
            State::pieces(&self.d.cells, side).len() + self.d.hand[side.index()] < 3
                || (self.rules.mill_wins && !self.mills_of(&self.d.cells, side, None).is_empty())
        })
    }

    /// §7.9: no empty point, both hands empty and no removal due.
    fn full(d: &Data) -> bool {
        d.pending.is_empty() && d.hand == [0, 0] && !d.cells.contains(&Cell::Empty)
    }

    /// Every legal whole turn, one per distinct move string head and
    /// resulting position (removal orders reaching one position are one turn).
    pub fn turns(&self) -> Vec<Turn<'r>> {
        if self.over() {
            return Vec::new();
        }
        let mut d = self.d.clone();
        // A removal step that has nothing to take is skipped (§7.9).
        while let Some(step) = d.pending.first() {
            if !self.step_targets(&d.cells, step).is_empty() {
                break;
            }
            d.pending.remove(0);
        }
        let all = if d.pending.is_empty() {
            let normal = self.placements_and_moves(&d);
            if normal.is_empty() && !State::full(&d) {
                self.blocked_turns(&d)
            } else {
                normal
            }
        } else {
            let step = d.pending.remove(0);
            self.removal_turns(&d, step)
        };
        let mut seen = HashSet::new();
        all.into_iter()
            .filter(|(text, next)| {
                let head = text.split('x').next().unwrap_or_default().to_string();
                seen.insert((head, next.clone()))
            })
            .map(|(text, d)| Turn {
                text,
                next: State { rules: self.rules, d },
            })
            .collect()
    }

    fn tokens(&self, points: &[usize]) -> String {
        points
            .iter()
            .map(|&p| format!("x{}", self.rules.board.names[p]))
            .collect()
    }

    /// A turn of removals alone by `step.side`, from `d` (which already says
    /// who moves and what is due after it).
    fn removal_turns(&self, d: &Data, step: Step) -> Vec<(String, Data)> {
        let mut outcomes = Vec::new();
        let targets = |cells: &[Cell]| self.step_targets(cells, &step);
        sequences(
            &mut d.cells.clone(),
            step.count,
            Cell::Empty,
            &targets,
            &mut Vec::new(),
            &mut outcomes,
        );
        outcomes
            .into_iter()
            .filter(|(taken, _)| !taken.is_empty())
            .map(|(taken, cells)| {
                let mut next = d.clone();
                next.cells = cells;
                next.banned[step.side.index()] = None;
                (self.tokens(&taken), next)
            })
            .collect()
    }

    /// §7.4: the turns of a player with no placement and no move.
    fn blocked_turns(&self, d: &Data) -> Vec<(String, Data)> {
        let us = d.turn;
        let them = us.other();
        let removal = Step {
            side: us,
            count: 1,
            own: false,
            next_to_own: true,
        };
        let mut next = d.clone();
        match self.rules.blocked {
            Blocked::Loses | Blocked::Draw => return Vec::new(),
            Blocked::Pass => {
                // §7.4: if the opponent could not move either, the game is
                // drawn here, with no pass.
                next.turn = them;
                if self.placements_and_moves(&next).is_empty() {
                    return Vec::new();
                }
                next.banned[us.index()] = None;
                return vec![("pass".to_string(), next)];
            }
            Blocked::RemoveMove => {}
            Blocked::RemovePass => next.turn = them,
            Blocked::BothRemove => {
                next.pending = vec![Step {
                    side: them,
                    ..removal
                }]
            }
        }
        // With nothing to take next to his pieces, he loses: no turn.
        self.removal_turns(&next, removal)
    }

    /// The custodian and intervention captures (§7.6) open to a piece of
    /// `us` just arrived on `to`: each choice of line as the pieces it takes,
    /// or one empty choice where nothing is captured.
    fn captures(&self, cells: &[Cell], us: Side, to: usize) -> Vec<Vec<usize>> {
        let them = Cell::Piece(us.other());
        let legal = self.targets(cells, us.other(), self.protect());
        let mut options: Vec<Vec<usize>> = Vec::new();
        for &[a, middle, b] in &self.rules.board.mills {
            if self.rules.custodian {
                for (end, far) in [(a, b), (b, a)] {
                    if to == end
                        && cells[middle] == them
                        && cells[far] == Cell::Piece(us)
                        && legal.contains(&middle)
                    {
                        options.push(vec![middle]);
                    }
                }
            }
            if self.rules.intervention && to == middle && cells[a] == them && cells[b] == them {
                let ends: Vec<usize> = [a, b].into_iter().filter(|p| legal.contains(p)).collect();
                if !ends.is_empty() {
                    options.push(ends);
                }
            }
        }
        if options.is_empty() {
            options.push(Vec::new());
        }
        options
    }

    fn flies(&self, d: &Data, us: Side) -> bool {
        let on_board = State::pieces(&d.cells, us).len();
        d.hand[us.index()] == 0
            && match self.rules.flying {
                Flying::Off => false,
                Flying::AtThree => on_board == 3,
                Flying::AtFour => on_board <= 4,
                Flying::Always => true,
            }
    }

    /// Every placement and move of the side to move with all the removals
    /// it earns.
    fn placements_and_moves(&self, d: &Data) -> Vec<(String, Data)> {
        let rules = self.rules;
        let names = &rules.board.names;
        let us = d.turn;
        let them = us.other();
        let empty: Vec<usize> = (0..d.cells.len())
            .filter(|&p| d.cells[p] == Cell::Empty)
            .collect();
        let in_hand = d.hand[us.index()] > 0;
        let mut steps: Vec<(Option<usize>, usize)> = Vec::new();
        if in_hand {
            steps.extend(empty.iter().map(|&p| (None, p)));
        }
        if !in_hand || rules.move_in_placing {
            let flying = self.flies(d, us);
            for from in State::pieces(&d.cells, us) {
                for &to in &empty {
                    if flying || rules.board.neighbours[from].contains(&to) {
                        steps.push((Some(from), to));
                    }
                }
            }
        }
        let mut out = Vec::new();
        for (from, to) in steps {
            let mut cells = d.cells.clone();
            if let Some(f) = from {
                cells[f] = Cell::Empty;
            }
            cells[to] = Cell::Piece(us);
            let closed = self.mills_of(&cells, us, Some(to));
            if !closed.is_empty()
                && rules.no_reform
                && from.is_some()
                && d.banned[us.index()] == from.zip(Some(to))
            {
                continue;
            }
            let fresh = closed
                .iter()
                .filter(|m| !rules.one_time_mill || !d.used[us.index()].contains(m))
                .count();
            let due = if fresh == 0 || rules.mill_wins || rules.removal == Removal::Never {
                0
            } else if rules.one_per_mill {
                fresh
            } else {
                1
            };
            // §7.9: "while placing" means a mill closed by a placement.
            let mode = if from.is_none() {
                rules.placing_mill
            } else {
                PlacingMill::Remove
            };
            let (from_hand, on_board, becomes) = match mode {
                PlacingMill::Remove => (0, due, Cell::Empty),
                PlacingMill::FromHand | PlacingMill::FromHandAgain => {
                    let h = due.min(d.hand[them.index()]);
                    (h, due - h, Cell::Empty)
                }
                PlacingMill::Mark => (0, due, Cell::Marker),
                PlacingMill::Count => (0, 0, Cell::Empty),
            };
            let mut base = d.clone();
            if from.is_none() {
                base.hand[us.index()] -= 1;
            }
            base.hand[them.index()] -= from_hand;
            if rules.one_time_mill {
                // §7.9: used even when it earned nothing.
                base.used[us.index()].extend(closed.iter().copied());
            }
            base.banned[us.index()] = match from {
                Some(f) if !closed.is_empty() && rules.no_reform => Some((to, f)),
                _ => None,
            };
            base.turn = if mode == PlacingMill::FromHandAgain && due > 0 {
                us
            } else {
                them
            };
            let head = match from {
                Some(f) => format!("{}-{}", names[f], names[to]),
                None => names[to].to_string(),
            };
            let mill_targets = |c: &[Cell]| self.targets(c, them, self.protect());
            for captured in self.captures(&cells, us, to) {
                let mut after = cells.clone();
                for &p in &captured {
                    after[p] = Cell::Empty;
                }
                let mut outcomes = Vec::new();
                sequences(
                    &mut after,
                    on_board,
                    becomes,
                    &mill_targets,
                    &mut Vec::new(),
                    &mut outcomes,
                );
                for (taken, final_cells) in outcomes {
                    let mut next = base.clone();
                    next.cells = final_cells;
                    if d.hand != [0, 0] && next.hand == [0, 0] {
                        self.end_placing(&mut next);
                    }
                    out.push((
                        format!("{head}{}{}", self.tokens(&captured), self.tokens(&taken)),
                        next,
                    ));
                }
            }
        }
        out
    }

    /// §7.9: the turn that leaves both hands empty ends the placing; then
    /// the markers come off, the mills are counted, and a full board has its
    /// outcome.
    fn end_placing(&self, next: &mut Data) {
        let rules = self.rules;
        for c in &mut next.cells {
            if *c == Cell::Marker {
                *c = Cell::Empty;
            }
        }
        if rules.second_moves_first {
            // §7.10: the side that did not place first moves first, even
            // after a `hand-again` mill that ended the placing.
            next.turn = rules.first.other();
        }
        let first = next.turn;
        let second = first.other();
        let step = |side: Side, count: usize, own: bool| Step {
            side,
            count,
            own,
            next_to_own: false,
        };
        if rules.placing_mill == PlacingMill::Count {
            let a = self.mills_of(&next.cells, first, None).len();
            let b = self.mills_of(&next.cells, second, None).len();
            let (ka, kb, own) = match (a, b) {
                (0, 0) => (1, 1, true),
                (_, 0) => (2, 1, false),
                (0, _) => (1, 2, false),
                _ if a == b => (a, a, false),
                _ if a > b => (b + 1, b, false),
                _ => (a, a + 1, false),
            };
            next.pending = vec![step(first, ka, own), step(second, kb, own)];
        }
        if State::full(next) && !rules.misere {
            let (light, dark) = (step(Side::Light, 1, false), step(Side::Dark, 1, false));
            match rules.board_full {
                BoardFull::Draw | BoardFull::Loss => {}
                BoardFull::LightThenDark => {
                    next.pending = vec![light, dark];
                    next.turn = Side::Light;
                }
                BoardFull::DarkThenLight => {
                    next.pending = vec![dark, light];
                    next.turn = Side::Dark;
                }
                BoardFull::FirstMover => {
                    next.pending = vec![step(first, 1, false)];
                    next.turn = second;
                }
            }
        }
    }

    /// Plays a move string (§5, §7.9), which must be legal; the removals
    /// may be written in any order.
    pub fn play(&self, text: &str) -> State<'r> {
        let turns = self.turns();
        let exact = turns.iter().find(|t| t.text == text);
        let same = turns.iter().find(|t| normalized(&t.text) == normalized(text));
        match exact.or(same) {
            Some(t) => t.next.clone(),
            None => panic!(
                "`{text}` is not legal for the reference generator in {:?}; legal: {:?}",
                self.text_fields(),
                turns.iter().map(|t| t.text.as_str()).collect::<Vec<_>>()
            ),
        }
    }

    /// The number of turn sequences of length `depth`.
    pub fn perft(&self, depth: u32) -> u64 {
        match depth {
            0 => 1,
            1 => self.turns().len() as u64,
            _ => self.turns().iter().map(|t| t.next.perft(depth - 1)).sum(),
        }
    }

    /// The turns with their removals in name order and the perft count
    /// below each, sorted: to compare with the engine's `divide`.
    pub fn divide(&self, depth: u32) -> Vec<(String, u64)> {
        let mut out: Vec<(String, u64)> = self
            .turns()
            .iter()
            .map(|t| (normalized(&t.text), t.next.perft(depth.saturating_sub(1))))
            .collect();
        out.sort();
        out
    }
}
