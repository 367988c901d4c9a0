//! Perft: the number of move sequences of a given length, the standard
//! check of a move generator. One node per whole turn; a turn that closes
//! a mill counts once per legal choice of removals. Positions over by the
//! history-free rules have no children; repetition and counters are ignored.

use crate::{Bitboard, Move, Position};

/// The number of turn sequences of length `depth` from `pos`.
pub fn perft(pos: &Position, depth: u32) -> u64 {
    let mut buffers = vec![Vec::with_capacity(128); depth as usize];
    walk(pos, depth, &mut buffers)
}

fn walk(pos: &Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    match depth {
        0 => 1,
        1 => pos.count_moves(),
        _ => {
            let Some((moves, rest)) = buffers.split_first_mut() else {
                return 0;
            };
            moves.clear();
            pos.generate(moves);
            moves.iter().map(|&m| walk(&pos.play(m), depth - 1, rest)).sum()
        }
    }
}

/// The perft count below each legal turn, in generation order.
pub fn divide(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    pos.legal_moves()
        .into_iter()
        .map(|m| (m, perft(&pos.play(m), depth - 1)))
        .collect()
}

/// The number of ply sequences of length `depth` from `pos`, counting a
/// removal as its own ply, the way programs that take a piece in a second
/// step count: a mill-closing placement or slide is one ply, each removal
/// another, and a sequence may end between the mill and its removal.
/// Where no mill can be closed within `depth`, this equals [`perft`].
///
/// When a turn removes several pieces (`mill-takes=each`), each order of
/// the removals is its own sequence, and a removal may follow the ones
/// already made if some legal set of removals holds them all.
pub fn perft_plies(pos: &Position, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    actions(pos)
        .iter()
        .map(|group| plies_below_action(pos, group, depth - 1))
        .sum()
}

/// The ply count below each first ply, in generation order: the first
/// ply is a placement or slide without its removals.
pub fn divide_plies(pos: &Position, depth: u32) -> Vec<(Move, u64)> {
    if depth == 0 {
        return Vec::new();
    }
    actions(pos)
        .iter()
        .filter_map(|group| {
            let first = group.first()?;
            let action = match first.from() {
                Some(from) => Move::slide(from, first.to()),
                None => Move::place(first.to()),
            };
            Some((action, plies_below_action(pos, group, depth - 1)))
        })
        .collect()
}

/// The legal turns grouped by their placement or slide, in generation order.
fn actions(pos: &Position) -> Vec<Vec<Move>> {
    let mut groups: Vec<Vec<Move>> = Vec::new();
    for m in pos.legal_moves() {
        match groups.iter_mut().find(|g| {
            g.first()
                .is_some_and(|f| f.from() == m.from() && f.to() == m.to())
        }) {
            Some(group) => group.push(m),
            None => groups.push(vec![m]),
        }
    }
    groups
}

/// Sequences of `depth` plies after the placement or slide shared by
/// `group` (the turns that differ only in their removals).
fn plies_below_action(pos: &Position, group: &[Move], depth: u32) -> u64 {
    match group {
        [m] if m.removals().is_empty() => perft_plies(&pos.play(*m), depth),
        _ => removal_plies(pos, group, Bitboard::EMPTY, depth),
    }
}

/// Sequences of `depth` plies once the removals in `taken` are made.
fn removal_plies(pos: &Position, group: &[Move], taken: Bitboard, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    if let Some(done) = group.iter().find(|m| m.removals() == taken) {
        return perft_plies(&pos.play(*done), depth);
    }
    let next = group
        .iter()
        .filter(|m| m.removals().is_superset(taken))
        .fold(Bitboard::EMPTY, |acc, m| acc | m.removals())
        .minus(taken);
    next.iter()
        .map(|r| removal_plies(pos, group, taken.with(r), depth - 1))
        .sum()
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use super::*;
    use crate::Variant;

    #[test]
    fn plies_equal_turns_while_no_mill_can_close() {
        for v in Variant::ALL {
            let start = Position::new(v.rules());
            let deepest = if v == Variant::Nine { 4 } else { 3 };
            for depth in 0..=deepest {
                assert_eq!(
                    perft_plies(&start, depth),
                    perft(&start, depth),
                    "{v} depth {depth}"
                );
            }
        }
    }

    #[test]
    fn a_removal_is_its_own_ply() {
        // Light a7 d7 closes the top mill on g7 and may take a1 or g1.
        let pos: Position = "nine LL./.../.../....../.../.../D.D L 7/7 0/0 -".parse().unwrap();
        assert_eq!(perft(&pos, 1), 19 + 2);
        assert_eq!(perft_plies(&pos, 1), 20);
        // g7 then one of two removals; any other placement, then one of 19 replies.
        assert_eq!(perft_plies(&pos, 2), 2 + 19 * 19);
        let g7 = divide_plies(&pos, 3)
            .into_iter()
            .find(|(m, _)| pos.notation(*m) == "g7")
            .map(|(_, n)| n);
        // After either removal dark has 20 empty points to place on.
        assert_eq!(g7, Some(2 * 20));
        let sum: u64 = divide_plies(&pos, 3).iter().map(|(_, n)| n).sum();
        assert_eq!(sum, perft_plies(&pos, 3));
    }

    #[test]
    fn two_removals_are_counted_in_either_order() {
        // Light d6 f6 b4 b2: b6 closes two mills; with one piece per mill,
        // light takes two of dark's four loose pieces, in either order.
        let rules = crate::Rules::with_options(Variant::Nine, ["mill-takes=each"]).unwrap();
        let mut pos = Position::new(rules);
        for t in ["d6", "a1", "f6", "g1", "b4", "a7", "b2", "g7"] {
            pos = pos.play(pos.parse_move(t).unwrap());
        }
        let b6 = |depth| {
            divide_plies(&pos, depth)
                .into_iter()
                .find(|(m, _)| pos.notation(*m) == "b6")
                .map(|(_, n)| n)
        };
        assert_eq!(b6(2), Some(4));
        assert_eq!(b6(3), Some(4 * 3));
    }
}
