//! The rules of docs/RULES.md §7 (the world's other mill games): move
//! generation, the end of the game and playing a turn for positions whose
//! rules use any §7 option. Positions under the classic rules never come
//! here, so the classic generator keeps its speed.

use std::collections::HashSet;

use crate::position::Due;
use crate::{
    Bitboard, Blocked, BoardFull, Color, Geometry, MillTakes, Move, Outcome, PlacingMill, Point, Position,
    Reason, Removal,
};

/// Every set of `n` pieces of `pool` that `n` removals in a row may take,
/// each legal under `rule` when it is made; each set once.
pub(crate) fn removal_sets(geo: &Geometry, rule: Removal, pool: Bitboard, n: u32, out: &mut Vec<Bitboard>) {
    fn go(
        geo: &Geometry,
        rule: Removal,
        pool: Bitboard,
        left: u32,
        taken: Bitboard,
        seen: &mut HashSet<u32>,
        out: &mut Vec<Bitboard>,
    ) {
        if !seen.insert(taken.0) {
            return;
        }
        if left == 0 {
            out.push(taken);
            return;
        }
        let rest = pool.minus(taken);
        for p in rule.removable(geo, rest) {
            go(geo, rule, pool, left - 1, taken.with(p), seen, out);
        }
    }
    let n = n.min(pool.count());
    let mut seen = HashSet::new();
    go(geo, rule, pool, n, Bitboard::EMPTY, &mut seen, out);
}

/// The points next to any point of `set`.
fn neighbours(geo: &Geometry, set: Bitboard) -> Bitboard {
    set.iter().fold(Bitboard::EMPTY, |acc, p| acc | geo.adjacent(p))
}

impl Position {
    /// The protection rule of the removals that no mill earns (§7.2 mill
    /// counts, §7.3): as the rules say, with `never` read as `protected`.
    fn step_rule(&self) -> Removal {
        match self.rules.removal {
            Removal::Never => Removal::Protected,
            r => r,
        }
    }

    /// The pieces `who` may take by the due turn `due`, the rule each
    /// removal is judged by, and how many the turn takes.
    fn due_targets(&self, due: Due, who: Color) -> (Bitboard, Removal, u32) {
        let geo = self.geometry();
        match due {
            Due::Opposing(n) => (self.pieces[!who], self.step_rule(), n as u32),
            Due::Own(n) => (self.pieces[who], self.step_rule(), n as u32),
            Due::NextTo => (
                self.pieces[!who] & neighbours(geo, self.pieces[who]),
                Removal::Always,
                1,
            ),
        }
    }

    /// Whether the due turn can take anything.
    fn due_possible(&self, due: Due, who: Color) -> bool {
        let (pool, _, n) = self.due_targets(due, who);
        n > 0 && pool.any()
    }

    /// Whether `c`, to move in a normal turn, has a placement or a move.
    fn has_action(&self, c: Color) -> bool {
        if c == self.turn {
            return self.has_any_move();
        }
        let mut other = *self;
        other.turn = c;
        other.has_any_move()
    }

    /// The end of the game for a position whose rules use §7 options,
    /// after the material check.
    pub(crate) fn world_terminal(&self) -> Option<Outcome> {
        if self.pending[0].is_some() || self.has_any_move() {
            return None;
        }
        let (us, them) = (self.turn, !self.turn);
        let misere = self.rules.misere;
        let lost = |reason| Some(Outcome::win(if misere { us } else { them }, reason));
        if self.empty().is_empty() && self.placements_left() == 0 {
            if misere {
                return Some(Outcome::draw(Reason::BoardFull));
            }
            return match self.rules.board_full {
                BoardFull::SideToMoveLoses => lost(Reason::BoardFull),
                // The removal outcomes are set up when the board fills
                // (see `settle_full`); a full board left without one draws.
                _ => Some(Outcome::draw(Reason::BoardFull)),
            };
        }
        match self.rules.blocked {
            Blocked::Loses => lost(Reason::Blocked),
            Blocked::Draw => Some(Outcome::draw(Reason::Blocked)),
            Blocked::Pass => {
                if self.has_action(them) {
                    None
                } else {
                    Some(Outcome::draw(Reason::Blocked))
                }
            }
            Blocked::RemoveMove | Blocked::RemovePass | Blocked::BothRemove => {
                if self.due_possible(Due::NextTo, us) {
                    None
                } else {
                    lost(Reason::Blocked)
                }
            }
        }
    }

    /// How many pieces a mill of `mills` lines earns from the board, after
    /// what the hand supplies, with `avail` opposing pieces on the board;
    /// and how many it takes from the opponent's hand.
    fn mill_dues(&self, mills: u32, placement: bool, avail: u32) -> (u32, u32) {
        if mills == 0 || self.rules.mill_wins || self.rules.removal == Removal::Never {
            return (0, 0);
        }
        let wanted = match self.rules.mill_takes {
            MillTakes::One => 1,
            MillTakes::Each => mills,
        };
        let (board, hand) = if placement {
            match self.rules.placing_mill {
                PlacingMill::Remove | PlacingMill::Mark => (wanted, 0),
                PlacingMill::Hand | PlacingMill::HandAgain => {
                    let hand = wanted.min(self.in_hand[!self.turn] as u32);
                    (wanted - hand, hand)
                }
                PlacingMill::Count => (0, 0),
            }
        } else {
            (wanted, 0)
        };
        (board.min(avail), hand)
    }

    /// How many mills a piece arriving on `to` closes for the side to move
    /// (`own` already holding it), and the mask of the lines it completes.
    fn mills_made(&self, own: Bitboard, to: Point) -> (u32, u32) {
        let geo = self.geometry();
        if self.rules.one_time_mill {
            let lines = geo.lines_closed(own, to);
            ((lines & !self.used[self.turn]).count_ones(), lines)
        } else {
            (geo.mills_closed(own, to), 0)
        }
    }

    /// The custodian and intervention captures open to a piece arriving on
    /// `to` (`own` already holding it): each a set of opposing pieces, at
    /// least one; the mover picks one.
    fn capture_options(&self, own: Bitboard, to: Point, out: &mut Vec<Bitboard>) {
        out.clear();
        if !(self.rules.custodian || self.rules.intervention) {
            return;
        }
        let geo = self.geometry();
        let theirs = self.pieces[!self.turn];
        let legal = match self.rules.removal {
            Removal::Always => theirs,
            _ => Removal::Protected.removable(geo, theirs),
        };
        for (i, &line) in geo.mills().iter().enumerate() {
            if !line.contains(to) {
                continue;
            }
            let mid = geo.mill_middle(i);
            let ends = line.without(mid);
            let taken = if mid == to {
                if self.rules.intervention && theirs.is_superset(ends) {
                    ends & legal
                } else {
                    Bitboard::EMPTY
                }
            } else if self.rules.custodian && theirs.contains(mid) && own.is_superset(ends) {
                Bitboard::from_point(mid) & legal
            } else {
                Bitboard::EMPTY
            };
            if taken.any() && !out.contains(&taken) {
                out.push(taken);
            }
        }
    }

    /// Every legal turn of a position whose rules use §7 options.
    pub(crate) fn world_generate(&self, out: &mut Vec<Move>) {
        let geo = self.geometry();
        let mut sets = Vec::new();
        if let Some(due) = self.pending[0] {
            let (pool, rule, n) = self.due_targets(due, self.turn);
            removal_sets(geo, rule, pool, n, &mut sets);
            out.extend(sets.iter().filter(|s| s.any()).map(|&s| Move::remove(s)));
            return;
        }
        let start = out.len();
        let theirs = self.pieces[!self.turn];
        let mut captures = Vec::new();
        self.for_each_action(|from, to, _| {
            let own = match from {
                Some(f) => self.pieces[self.turn].without(f).with(to),
                None => self.pieces[self.turn].with(to),
            };
            let m = match from {
                None => Move::place(to),
                Some(f) => Move::slide(f, to),
            };
            let (mills, _) = self.mills_made(own, to);
            self.capture_options(own, to, &mut captures);
            if captures.is_empty() {
                captures.push(Bitboard::EMPTY);
            }
            let first = out.len();
            for &c in &captures {
                let rest = theirs.minus(c);
                let (board, _) = self.mill_dues(mills, from.is_none(), rest.count());
                if board == 0 {
                    push_new(out, first, m.with_removals(c));
                    continue;
                }
                sets.clear();
                removal_sets(geo, self.rules.removal, rest, board, &mut sets);
                for &r in &sets {
                    push_new(out, first, m.with_removals(c | r));
                }
            }
        });
        if out.len() > start || !self.empty().any() {
            return;
        }
        match self.rules.blocked {
            Blocked::Pass => out.push(Move::PASS),
            Blocked::RemoveMove | Blocked::RemovePass | Blocked::BothRemove => {
                let (pool, _, _) = self.due_targets(Due::NextTo, self.turn);
                out.extend(pool.iter().map(|p| Move::remove(Bitboard::from_point(p))));
            }
            Blocked::Loses | Blocked::Draw => {}
        }
    }

    /// The capture part of a legal turn `m` (which pieces of its removals
    /// a custodian or intervention capture took), and how many pieces its
    /// mills took from the opponent's hand and from the board.
    fn split_turn(&self, m: Move, own: Bitboard, mills: u32) -> (Bitboard, u32, u32) {
        let theirs = self.pieces[!self.turn];
        let placement = m.from().is_none();
        let mut captures = Vec::new();
        self.capture_options(own, m.to(), &mut captures);
        if captures.is_empty() {
            captures.push(Bitboard::EMPTY);
        }
        for &c in &captures {
            if !m.removals().is_superset(c) {
                continue;
            }
            let (board, hand) = self.mill_dues(mills, placement, theirs.minus(c).count());
            if m.removals().minus(c).count() == board {
                return (c, hand, board);
            }
        }
        let (board, hand) = self.mill_dues(mills, placement, theirs.count());
        (Bitboard::EMPTY, hand, board)
    }

    /// The custodian or intervention capture among the removals of the
    /// legal turn `m`.
    pub(crate) fn captured_by(&self, m: Move) -> Bitboard {
        let own = match m.from() {
            Some(f) => self.pieces[self.turn].without(f).with(m.to()),
            None => self.pieces[self.turn].with(m.to()),
        };
        let (mills, _) = self.mills_made(own, m.to());
        self.split_turn(m, own, mills).0
    }

    /// The pieces a turn that only removes takes from here, and the rule
    /// each removal is judged by.
    pub(crate) fn removal_pool(&self) -> (Bitboard, Removal) {
        let (pool, rule, _) = self.due_targets(self.pending[0].unwrap_or(Due::NextTo), self.turn);
        (pool, rule)
    }

    /// Plays a legal turn under §7 rules.
    pub(crate) fn world_play(&mut self, m: Move) {
        let (us, them) = (self.turn, !self.turn);
        let was_placing = self.placements_left() > 0;
        let both_on_three = !was_placing && self.pieces.light.count() == 3 && self.pieces.dark.count() == 3;
        if m.is_pass() {
            self.quiet_plies = self.quiet_plies.saturating_add(u16::from(!was_placing));
            self.endgame_plies = if both_on_three {
                self.endgame_plies.saturating_add(1)
            } else {
                0
            };
            self.ban[us] = None;
            self.turn = them;
        } else if m.is_removal_only() {
            match self.pending[0] {
                Some(due) => {
                    let victim = if matches!(due, Due::Own(_)) { us } else { them };
                    self.pieces[victim] = self.pieces[victim].minus(m.removals());
                    self.pending = [self.pending[1], None];
                    self.turn = them;
                }
                None => {
                    self.pieces[them] = self.pieces[them].minus(m.removals());
                    match self.rules.blocked {
                        Blocked::RemovePass => self.turn = them,
                        Blocked::BothRemove => {
                            self.pending = [Some(Due::NextTo), None];
                            self.turn = them;
                        }
                        _ => {}
                    }
                }
            }
            // The turn was its maker's next one: a re-forming ban ends.
            self.ban[us] = None;
            self.drop_bans();
            self.quiet_plies = 0;
            self.endgame_plies = 0;
            self.advance();
        } else {
            self.play_piece(m, us, was_placing, both_on_three);
        }
        self.key = self.compute_key();
    }

    /// A placement or a move with its captures and removals.
    fn play_piece(&mut self, m: Move, us: Color, was_placing: bool, both_on_three: bool) {
        let them = !us;
        let geo = self.geometry();
        let to = m.to();
        let own = match m.from() {
            Some(f) => self.pieces[us].without(f).with(to),
            None => self.pieces[us].with(to),
        };
        let (mills, lines) = self.mills_made(own, to);
        let (captured, hand_take, board_due) = self.split_turn(m, own, mills);
        if m.from().is_none() {
            self.in_hand[us] = self.in_hand[us].saturating_sub(1);
        }
        self.pieces[us] = own;
        let closed = geo.closes_mill(own, to);
        self.used[us] |= lines;
        let removed = m.removals() & self.pieces[them];
        self.pieces[them] = self.pieces[them].minus(removed);
        let marks = m.from().is_none() && self.rules.placing_mill == PlacingMill::Mark;
        if marks {
            self.markers |= removed.minus(captured);
        }
        self.in_hand[them] = self.in_hand[them].saturating_sub(hand_take as u8);
        self.drop_bans();
        self.ban[us] = match m.from() {
            Some(from) if self.rules.no_reform && closed => Some((to, from)),
            _ => None,
        };
        let reset = closed || removed.any() || hand_take > 0;
        self.quiet_plies = if !was_placing && !reset {
            self.quiet_plies.saturating_add(1)
        } else {
            0
        };
        self.endgame_plies = if both_on_three && !reset {
            self.endgame_plies.saturating_add(1)
        } else {
            0
        };
        let again = m.from().is_none()
            && self.rules.placing_mill == PlacingMill::HandAgain
            && hand_take + board_due > 0;
        self.turn = if again { us } else { them };
        if was_placing && self.placements_left() == 0 {
            self.end_placing();
        }
    }

    /// A ban on a piece that is no longer there can never apply.
    fn drop_bans(&mut self) {
        for c in Color::ALL {
            if self.ban[c].is_some_and(|(from, _)| !self.pieces[c].contains(from)) {
                self.ban[c] = None;
            }
        }
    }

    /// The placing has just ended (§7.9): the markers come off, the side
    /// that moves first is settled, the mills are counted, and a full
    /// board gets its outcome.
    fn end_placing(&mut self) {
        self.markers = Bitboard::EMPTY;
        if self.rules.second_moves_first {
            self.turn = !self.rules.first;
        }
        if self.rules.placing_mill == PlacingMill::Count {
            let geo = self.geometry();
            let first = geo.mill_count(self.pieces[self.turn]);
            let second = geo.mill_count(self.pieces[!self.turn]);
            let clamp = |n: u32| n.min(30) as u8;
            let (a, b) = match (first, second) {
                (0, 0) => (Due::Own(1), Due::Own(1)),
                (_, 0) => (Due::Opposing(2), Due::Opposing(1)),
                (0, _) => (Due::Opposing(1), Due::Opposing(2)),
                (f, s) if f == s => (Due::Opposing(clamp(f)), Due::Opposing(clamp(s))),
                (f, s) if f > s => (Due::Opposing(clamp(s + 1)), Due::Opposing(clamp(s))),
                (f, _) => (Due::Opposing(clamp(f)), Due::Opposing(clamp(f + 1))),
            };
            self.pending = [Some(a), Some(b)];
        }
        self.advance();
    }

    /// Skips the due turns that can take nothing; once none is left, a
    /// full board gets its outcome.
    pub(crate) fn advance(&mut self) {
        while let Some(due) = self.pending[0] {
            if self.due_possible(due, self.turn) {
                return;
            }
            self.pending = [self.pending[1], None];
            self.turn = !self.turn;
        }
        self.settle_full();
    }

    /// A full board after the placing with a removal outcome (§7.3): the
    /// removals due are set up. Nothing happens otherwise.
    pub(crate) fn settle_full(&mut self) {
        if self.pending[0].is_some()
            || self.placements_left() > 0
            || self.empty().any()
            || self.rules.misere
            || self.pieces.light.is_empty()
            || self.pieces.dark.is_empty()
        {
            return;
        }
        let one = Some(Due::Opposing(1));
        match self.rules.board_full {
            BoardFull::LightDark => {
                self.turn = Color::Light;
                self.pending = [one, one];
            }
            BoardFull::DarkLight => {
                self.turn = Color::Dark;
                self.pending = [one, one];
            }
            BoardFull::FirstMover => self.pending = [one, None],
            BoardFull::Draw | BoardFull::SideToMoveLoses => {}
        }
    }
}

/// Pushes `m` unless a turn from `first` on is the same.
fn push_new(out: &mut Vec<Move>, first: usize, m: Move) {
    if !out[first..].contains(&m) {
        out.push(m);
    }
}
