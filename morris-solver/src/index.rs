//! Perfect indexing of the positions of one piece-count class.
//!
//! A class fixes how many pieces each side has on the board and in hand.
//! Its positions are numbered densely: the side to move, then the light
//! pieces ranked as a combination of the board's points, then the dark
//! pieces ranked as a combination of the points light leaves free. Every
//! number below [`Numbering::len`] is one position and back.

use morris_core::{Bitboard, ByColor, Color, Position, Rules};

const MAX_N: usize = morris_core::MAX_POINTS + 1;

/// `BINOMIAL[n][k]` is n choose k.
const BINOMIAL: [[u64; MAX_N]; MAX_N] = {
    let mut t = [[0u64; MAX_N]; MAX_N];
    let mut n = 0;
    while n < MAX_N {
        t[n][0] = 1;
        let mut k = 1;
        while k <= n {
            t[n][k] = t[n - 1][k - 1] + t[n - 1][k];
            k += 1;
        }
        n += 1;
    }
    t
};

/// n choose k, zero when k > n.
#[inline]
pub(crate) fn binomial(n: u32, k: u32) -> u64 {
    if k > n || n as usize >= MAX_N {
        0
    } else {
        BINOMIAL[n as usize][k as usize]
    }
}

/// Four-bit pieces ("nibbles") of a set of points.
pub(super) const NIBBLES: usize = morris_core::MAX_POINTS.div_ceil(4);

/// `RANK_NIBBLE[j][c][x]`: what the points of nibble `x` at `4 * j` add to
/// the rank of a set that has `c` points below them.
const RANK_NIBBLE: [[[u32; 16]; MAX_N]; NIBBLES] = {
    let mut t = [[[0u32; 16]; MAX_N]; NIBBLES];
    let mut j = 0;
    while j < NIBBLES {
        let mut c = 0;
        while c < MAX_N {
            let mut x = 0;
            while x < 16 {
                let mut sum = 0u64;
                let mut i = c as u64 + 1;
                let mut b = 0;
                while b < 4 {
                    if x & (1 << b) != 0 {
                        let p = 4 * j + b;
                        if p < MAX_N && (i as usize) < MAX_N {
                            sum += BINOMIAL[p][i as usize];
                        }
                        i += 1;
                    }
                    b += 1;
                }
                t[j][c][x] = sum as u32;
                x += 1;
            }
            c += 1;
        }
        j += 1;
    }
    t
};

/// The rank of a set of indices among the sets of its size (the
/// combinatorial number system: the sum of C(p_i, i + 1) over the indices
/// in increasing order), a nibble at a time: seven table reads, without
/// a branch on the set (the solver ranks billions of sets).
#[inline]
pub(super) fn rank_set(bits: u32) -> u64 {
    let mut rank = 0;
    for (j, by_count) in RANK_NIBBLE.iter().enumerate() {
        let below = (bits & ((1u32 << (4 * j)) - 1)).count_ones() as usize;
        let x = ((bits >> (4 * j)) & 15) as usize;
        rank += u64::from(by_count[below.min(MAX_N - 1)][x]);
    }
    rank
}

/// [`rank_set`] a point at a time, the definition the tables are tested
/// against.
#[cfg(test)]
fn rank_set_by_points(bits: u32) -> u64 {
    let mut rank = 0;
    let mut rest = bits;
    let mut i = 1;
    while rest != 0 {
        rank += binomial(rest.trailing_zeros(), i);
        rest &= rest - 1;
        i += 1;
    }
    rank
}

/// The set of `k` indices below `n` with rank `rank`.
#[inline]
pub(super) fn unrank_set(mut rank: u64, k: u32, n: u32) -> u32 {
    let mut bits = 0;
    let mut p = n;
    for i in (1..=k).rev() {
        // The largest p with C(p, i) <= rank.
        p -= 1;
        while binomial(p, i) > rank {
            p -= 1;
        }
        rank -= binomial(p, i);
        bits |= 1 << p;
    }
    bits
}

/// The nibble tables of [`compress`] and [`expand`]: for each nibble
/// `keep` and each `x`, the bits of `x` where `keep` has one moved down
/// next to each other (`deposit == false`), or the low bits of `x`, one
/// for each bit of `keep`, moved up to those bits (`deposit == true`).
const fn nibble_table(deposit: bool) -> [[u8; 16]; 16] {
    let mut t = [[0u8; 16]; 16];
    let mut keep = 0;
    while keep < 16 {
        let mut x = 0;
        while x < 16 {
            // `dense` counts the bits of `keep` below `b`.
            let (mut out, mut dense, mut b) = (0u8, 0, 0);
            while b < 4 {
                if keep & (1 << b) != 0 {
                    let (src, dst) = if deposit { (dense, b) } else { (b, dense) };
                    if x & (1 << src) != 0 {
                        out |= 1 << dst;
                    }
                    dense += 1;
                }
                b += 1;
            }
            t[keep][x] = out;
            x += 1;
        }
        keep += 1;
    }
    t
}

/// `EXTRACT[keep][x]`: the bits of the nibble `x` where `keep` has one,
/// moved down next to each other.
const EXTRACT: [[u8; 16]; 16] = nibble_table(false);

/// The points of `set` renumbered among the points not in `skip` (the two
/// sets apart), a nibble at a time, without a branch on the sets.
#[inline]
pub(super) fn compress(set: u32, skip: u32) -> u32 {
    let keep = !skip;
    let mut out = 0;
    for j in 0..NIBBLES {
        let low = (1u32 << (4 * j)) - 1;
        let k = ((keep >> (4 * j)) & 15) as usize;
        let x = ((set >> (4 * j)) & 15) as usize;
        out |= u32::from(EXTRACT[k][x]) << (keep & low).count_ones();
    }
    out
}

/// [`compress`] a point at a time, the definition it is tested against.
#[cfg(test)]
fn compress_by_points(set: u32, skip: u32) -> u32 {
    let mut out = 0;
    let mut rest = set;
    while rest != 0 {
        let p = rest.trailing_zeros();
        out |= 1 << (p - (skip & ((1 << p) - 1)).count_ones());
        rest &= rest - 1;
    }
    out
}

/// `DEPOSIT[keep][x]`: the low bits of `x`, one for each bit of the
/// nibble `keep`, moved to those bits (the inverse of `EXTRACT`).
const DEPOSIT: [[u8; 16]; 16] = nibble_table(true);

/// The inverse of [`compress`] on a board of `n` points, a nibble at a
/// time: unranking a dark set in the passes back does it once per
/// decided entry.
#[inline]
pub(super) fn expand(set: u32, skip: u32, n: u32) -> u32 {
    let keep = !skip & 1u32.checked_shl(n).map_or(u32::MAX, |b| b - 1);
    let (mut out, mut used) = (0u32, 0u32);
    for j in 0..NIBBLES {
        let k = ((keep >> (4 * j)) & 15) as usize;
        let x = (set.checked_shr(used).unwrap_or(0) & 15) as usize;
        out |= u32::from(DEPOSIT[k][x]) << (4 * j);
        used += k.count_ones();
    }
    out
}

/// [`expand`] a point at a time, the definition it is tested against.
#[cfg(test)]
fn expand_by_points(set: u32, skip: u32, n: u32) -> u32 {
    let mut out = 0;
    let mut j = 0;
    for p in 0..n {
        if skip & (1 << p) != 0 {
            continue;
        }
        if set & (1 << j) != 0 {
            out |= 1 << p;
        }
        j += 1;
    }
    out
}

/// A piece-count class: pieces on the board and in hand for each side.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Class {
    pub light: u8,
    pub dark: u8,
    pub light_hand: u8,
    pub dark_hand: u8,
}

impl Class {
    /// The class of the moving and flying phases: both hands empty.
    pub const fn moving(light: u8, dark: u8) -> Class {
        Class {
            light,
            dark,
            light_hand: 0,
            dark_hand: 0,
        }
    }

    /// The class a position belongs to.
    pub fn of(pos: &Position) -> Class {
        Class {
            light: pos.pieces(Color::Light).count() as u8,
            dark: pos.pieces(Color::Dark).count() as u8,
            light_hand: pos.in_hand(Color::Light),
            dark_hand: pos.in_hand(Color::Dark),
        }
    }

    /// Pieces on the board of `c`.
    pub const fn on_board(self, c: Color) -> u8 {
        match c {
            Color::Light => self.light,
            Color::Dark => self.dark,
        }
    }
}

/// Numbers the positions of one class under one rule set.
#[derive(Clone, Copy, Debug)]
pub struct Indexer {
    rules: Rules,
    class: Class,
    points: u32,
    /// The number of placements of the dark pieces (the stride of a light rank).
    dark_sets: u64,
    /// The positions with one side to move.
    per_turn: u64,
}

impl Indexer {
    /// The indexer of `class`, or `None` when the pieces do not fit the board.
    pub fn new(rules: Rules, class: Class) -> Option<Indexer> {
        let points = rules.geometry().len() as u32;
        let (l, d) = (class.light as u32, class.dark as u32);
        if l + d > points {
            return None;
        }
        let dark_sets = binomial(points - l, d);
        Some(Indexer {
            rules,
            class,
            points,
            dark_sets,
            per_turn: binomial(points, l) * dark_sets,
        })
    }

    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    pub fn class(&self) -> Class {
        self.class
    }

    /// The placements of the dark pieces among the points light leaves free.
    pub(super) fn dark_sets(&self) -> u64 {
        self.dark_sets
    }

    /// The dark pieces with a rank among the points `light` leaves free.
    #[inline]
    pub(super) fn dark_set(&self, rank: u64, light: u32) -> Bitboard {
        self.dark_among(self.free_set(rank), light)
    }

    /// The set of the dark count with rank `rank` among the points light
    /// leaves free, numbered `0..` (before [`Indexer::dark_among`]).
    #[inline]
    pub(super) fn free_set(&self, rank: u64) -> u32 {
        unrank_set(
            rank,
            self.class.dark as u32,
            self.points - self.class.light as u32,
        )
    }

    /// The dark pieces whose places among the points `light` leaves free
    /// are `free`.
    #[inline]
    pub(super) fn dark_among(&self, free: u32, light: u32) -> Bitboard {
        Bitboard(expand(free, light, self.points))
    }

    /// Whether a position belongs to this class and rule set.
    pub(super) fn fits(&self, pos: &Position) -> bool {
        *pos.rules() == self.rules && Class::of(pos) == self.class
    }

    /// The position of the class with these pieces and side to move.
    pub(crate) fn make(&self, light: Bitboard, dark: Bitboard, turn: Color) -> Position {
        position(
            self.rules,
            ByColor::new(light, dark),
            ByColor::new(self.class.light_hand, self.class.dark_hand),
            turn,
        )
    }
}

/// How the positions of one class under one rule set are numbered: the
/// pieces and side to move to a number and back. [`Indexer`] numbers
/// every position, [`SymIndexer`](crate::SymIndexer) one of each set the
/// board's symmetries map onto each other; a position's number and the
/// position of a number follow the same way for both.
pub trait Numbering {
    /// The numbering of every position of the class (for [`Indexer`], itself).
    fn every(&self) -> &Indexer;

    /// How many numbers there are (both sides to move).
    fn len(&self) -> u64;

    /// Never true: every class has at least the positions of one arrangement.
    fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// The number of the pieces and the side to move, which must fit the
    /// class (the counts are not checked here; see [`Numbering::index`]).
    fn rank(&self, light: Bitboard, dark: Bitboard, turn: Color) -> u64;

    /// The pieces and side to move of a number below [`Numbering::len`].
    fn unrank(&self, index: u64) -> (Bitboard, Bitboard, Color);

    /// The number of a position, if it belongs to this class and rule set.
    fn index(&self, pos: &Position) -> Option<u64> {
        self.every()
            .fits(pos)
            .then(|| self.rank(pos.pieces(Color::Light), pos.pieces(Color::Dark), pos.turn()))
    }

    /// The position with a number, if it is below [`Numbering::len`].
    fn position(&self, index: u64) -> Option<Position> {
        if index >= self.len() {
            return None;
        }
        let (light, dark, turn) = self.unrank(index);
        Some(self.every().make(light, dark, turn))
    }
}

impl Numbering for Indexer {
    fn every(&self) -> &Indexer {
        self
    }

    /// How many positions the class has (both sides to move).
    fn len(&self) -> u64 {
        2 * self.per_turn
    }

    #[inline]
    fn rank(&self, light: Bitboard, dark: Bitboard, turn: Color) -> u64 {
        let l = rank_set(light.0);
        let d = rank_set(compress(dark.0, light.0));
        turn.index() as u64 * self.per_turn + l * self.dark_sets + d
    }

    #[inline]
    fn unrank(&self, index: u64) -> (Bitboard, Bitboard, Color) {
        let (turn, rest) = split_turn(index, self.per_turn);
        let light = unrank_set(rest / self.dark_sets, self.class.light as u32, self.points);
        (Bitboard(light), self.dark_set(rest % self.dark_sets, light), turn)
    }
}

/// The side to move of a number and the number's place among the
/// `per_turn` numbers of that side: light's come first.
#[inline]
pub(crate) fn split_turn(index: u64, per_turn: u64) -> (Color, u64) {
    let turn = if index >= per_turn {
        Color::Dark
    } else {
        Color::Light
    };
    (turn, index % per_turn.max(1))
}

/// A position with no history: counters at zero, no re-forming ban.
pub(crate) fn position(
    rules: Rules,
    pieces: ByColor<Bitboard>,
    in_hand: ByColor<u8>,
    turn: Color,
) -> Position {
    Position::from_parts_unchecked(rules, pieces, in_hand, turn)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sets_round_trip() {
        for n in [9u32, 16, 24] {
            for k in 0..=3 {
                for r in 0..binomial(n, k) {
                    let s = unrank_set(r, k, n);
                    assert_eq!(s.count_ones(), k);
                    assert!(s < 1 << n);
                    assert_eq!(rank_set(s), r);
                }
            }
        }
    }

    #[test]
    fn rank_by_nibbles_is_rank_by_points() {
        // Every set of up to four of the 25 points, every set of the low
        // 16, and a spread of larger sets over all of them.
        let mut sets: Vec<u32> = (0..1u32 << 16).collect();
        for k in 0..=4 {
            sets.extend((0..binomial(25, k)).map(|r| unrank_set(r, k, 25)));
        }
        let mut x = 0x9E37_79B9u32;
        for _ in 0..200_000 {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            sets.push(x & ((1 << 25) - 1));
        }
        for s in sets {
            assert_eq!(rank_set(s), rank_set_by_points(s), "{s:#x}");
        }
    }

    #[test]
    fn compress_by_nibbles_is_compress_by_points() {
        let mut x = 0x2545_F491u32;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x & ((1 << 25) - 1)
        };
        for _ in 0..200_000 {
            let skip = next() & next();
            let set = next() & !skip;
            assert_eq!(
                compress(set, skip),
                compress_by_points(set, skip),
                "{set:#x} {skip:#x}"
            );
        }
        for skip in 0..1u32 << 9 {
            for set in 0..1u32 << 9 {
                let set = set & !skip;
                assert_eq!(compress(set, skip), compress_by_points(set, skip));
            }
        }
    }

    #[test]
    fn expand_by_nibbles_is_expand_by_points() {
        let mut x = 0x1234_5677u32;
        let mut next = || {
            x ^= x << 13;
            x ^= x >> 17;
            x ^= x << 5;
            x
        };
        for _ in 0..200_000 {
            let n = next() % 26;
            let skip = next() & next() & ((1 << n) - 1);
            let set = next() & next() & ((1 << (n - skip.count_ones())) - 1);
            assert_eq!(
                expand(set, skip, n),
                expand_by_points(set, skip, n),
                "{set:#x} {skip:#x} {n}"
            );
        }
        for skip in 0..1u32 << 9 {
            for set in 0..1u32 << (9 - skip.count_ones()) {
                assert_eq!(expand(set, skip, 9), expand_by_points(set, skip, 9));
            }
        }
    }

    #[test]
    fn compress_inverts_expand() {
        let skip = 0b1010_0110;
        for set in 0..(1u32 << 8) {
            let e = expand(set, skip, 16);
            assert_eq!(e & skip, 0);
            assert_eq!(compress(e, skip), set);
        }
    }
}
