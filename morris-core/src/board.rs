//! The five boards as data: points, lines (adjacency) and mills.
//!
//! Every table is computed at compile time from the point names and the
//! drawn lines, so a board is a value, not a code path. The mill boards list
//! their points ring by ring, inner ring first, each from 12 o'clock
//! clockwise (the order Sanmill's FEN uses); the Sotho board adds its centre
//! `d4` as the 25th point, so the 24 shared points have the same index on
//! the mill board, the diagonal board and the Sotho board.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::point::{ParseCoordError, MAX_POINTS};
use crate::{Bitboard, Coord, Point};

/// The most mills through one point on the boards of [`BoardKind::ALL`]
/// (the centre of 3×3). The Seven Men's Morris board's centre has
/// six.
pub const MAX_MILLS_THROUGH: usize = 4;
/// The most mills through one point on any board, the centre `c3` of the
/// Seven Men's Morris board.
const THROUGH_CAP: usize = 6;
/// The most mills on any board (the mill board with diagonals).
pub const MAX_MILLS: usize = 20;

/// Which board a game is played on (docs/RULES.md §1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum BoardKind {
    /// 24 points, three squares joined at the midpoints (§1.1).
    Mill,
    /// The mill board with four diagonals (§1.2).
    MillDiagonals,
    /// The Sotho board: 25 points, centre `d4`, short diagonals (§1.3).
    Sotho,
    /// 16 points, two squares (§1.4).
    Small,
    /// The 3×3 grid with both diagonals (§1.5).
    Three,
    /// The small board with a centre `c3` (§7.1): Seven Men's Morris.
    Seven,
}

impl BoardKind {
    pub const ALL: [BoardKind; 5] = [
        BoardKind::Mill,
        BoardKind::MillDiagonals,
        BoardKind::Sotho,
        BoardKind::Small,
        BoardKind::Three,
    ];

    /// Every board: [`BoardKind::ALL`] then the Seven Men's Morris board
    /// of docs/RULES.md §7.1 (kept out of `ALL` like [`crate::Variant::WORLD`]).
    pub const EVERY: [BoardKind; 6] = [
        BoardKind::Mill,
        BoardKind::MillDiagonals,
        BoardKind::Sotho,
        BoardKind::Small,
        BoardKind::Three,
        BoardKind::Seven,
    ];

    /// The id used in option values: `mill`, `diagonals`, `sotho`, `small`, `3x3`.
    pub const fn id(self) -> &'static str {
        match self {
            BoardKind::Mill => "mill",
            BoardKind::MillDiagonals => "diagonals",
            BoardKind::Sotho => "sotho",
            BoardKind::Small => "small",
            BoardKind::Three => "3x3",
            BoardKind::Seven => "seven",
        }
    }

    /// The board's tables.
    #[inline]
    pub const fn geometry(self) -> &'static Geometry {
        match self {
            BoardKind::Mill => &MILL,
            BoardKind::MillDiagonals => &MILL_DIAGONALS,
            BoardKind::Sotho => &SOTHO,
            BoardKind::Small => &SMALL,
            BoardKind::Three => &THREE,
            BoardKind::Seven => &SEVEN,
        }
    }
}

impl fmt::Display for BoardKind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.id())
    }
}

/// An unknown board id.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("unknown board `{0}`: use mill, diagonals, sotho, small, 3x3 or seven")]
pub struct ParseBoardKindError(pub String);

impl FromStr for BoardKind {
    type Err = ParseBoardKindError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.to_ascii_lowercase().as_str() {
            "mill" => Ok(BoardKind::Mill),
            "diagonals" | "mill-diagonals" | "mill+diagonals" => Ok(BoardKind::MillDiagonals),
            "sotho" => Ok(BoardKind::Sotho),
            "small" | "16" => Ok(BoardKind::Small),
            "3x3" | "three" => Ok(BoardKind::Three),
            "seven" | "17" => Ok(BoardKind::Seven),
            _ => Err(ParseBoardKindError(s.chars().take(24).collect())),
        }
    }
}

/// A coordinate that is fine as text but names no point of this board.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum PointError {
    #[error(transparent)]
    Syntax(#[from] ParseCoordError),
    #[error("{coord} is not a point of the {board} board")]
    NotOnBoard { coord: Coord, board: BoardKind },
}

/// The tables of one board.
#[derive(Debug)]
pub struct Geometry {
    kind: BoardKind,
    len: u8,
    grid: u8,
    coords: [Coord; MAX_POINTS],
    adjacent: [Bitboard; MAX_POINTS],
    mills: [Bitboard; MAX_MILLS],
    mill_count: u8,
    mills_through: [[Bitboard; THROUGH_CAP]; MAX_POINTS],
    through_count: [u8; MAX_POINTS],
    /// For each point, the indices (into `mills`) of the mills through it, as bits.
    through_mask: [u32; MAX_POINTS],
    /// The middle point of each mill line.
    middles: [Point; MAX_MILLS],
}

impl Geometry {
    pub const fn kind(&self) -> BoardKind {
        self.kind
    }

    /// How many points the board has.
    #[inline]
    pub const fn len(&self) -> usize {
        self.len as usize
    }

    /// Never true: every board has points. (Here for the `len` convention.)
    pub const fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// The side of the square grid the board is drawn on (7, 5 or 3).
    pub const fn grid_size(&self) -> u8 {
        self.grid
    }

    /// Every point of the board.
    #[inline]
    pub const fn all(&self) -> Bitboard {
        Bitboard((1u32 << self.len) - 1)
    }

    /// The points in index order.
    pub fn points(&self) -> impl Iterator<Item = Point> + '_ {
        (0..self.len).map(Point::new_unchecked)
    }

    /// The written coordinate of a point.
    #[inline]
    pub fn coord(&self, p: Point) -> Coord {
        self.coords[p.index()]
    }

    /// The point at a coordinate, if the board has one there.
    pub fn point_at(&self, c: Coord) -> Option<Point> {
        self.coords[..self.len()]
            .iter()
            .position(|&k| k == c)
            .map(|i| Point::new_unchecked(i as u8))
    }

    /// Parses a point name such as `d6`, checking that it is on this board.
    pub fn parse_point(&self, s: &str) -> Result<Point, PointError> {
        let coord: Coord = s.parse()?;
        self.point_at(coord).ok_or(PointError::NotOnBoard {
            coord,
            board: self.kind,
        })
    }

    /// The points joined to `p` by a drawn line.
    #[inline]
    pub fn adjacent(&self, p: Point) -> Bitboard {
        self.adjacent[p.index()]
    }

    /// Every mill line of the board.
    #[inline]
    pub fn mills(&self) -> &[Bitboard] {
        &self.mills[..self.mill_count as usize]
    }

    /// The mill lines through `p`.
    #[inline]
    pub fn mills_through(&self, p: Point) -> &[Bitboard] {
        &self.mills_through[p.index()][..self.through_count[p.index()] as usize]
    }

    /// Whether the pieces `own` complete a mill through `p`.
    #[inline]
    pub fn closes_mill(&self, own: Bitboard, p: Point) -> bool {
        self.mills_through(p).iter().any(|&m| own.is_superset(m))
    }

    /// How many mills through `p` the pieces `own` complete.
    #[inline]
    pub fn mills_closed(&self, own: Bitboard, p: Point) -> u32 {
        self.mills_through(p)
            .iter()
            .filter(|&&m| own.is_superset(m))
            .count() as u32
    }

    /// The points where one more piece of `own` would complete a mill: the
    /// third point of every line that holds two of `own`'s pieces and not
    /// the third. A point outside this set closes no mill for `own` or for
    /// any subset of it, which is what lets move generation skip the line
    /// check for most targets.
    #[inline]
    pub fn closing_points(&self, own: Bitboard) -> Bitboard {
        let mut closing = 0;
        for &m in self.mills() {
            let rest = m.0 & !own.0;
            // Exactly one point of the line is not `own`'s.
            if rest != 0 && rest & (rest - 1) == 0 {
                closing |= rest;
            }
        }
        Bitboard(closing)
    }

    /// The indices (as bits of a mask, into [`Geometry::mills`]) of the
    /// mills through `p` that the pieces `own` complete.
    pub fn lines_closed(&self, own: Bitboard, p: Point) -> u32 {
        let mut mask = self.through_mask[p.index()];
        let mut closed = 0;
        while mask != 0 {
            let i = mask.trailing_zeros();
            mask &= mask - 1;
            if own.is_superset(self.mills[i as usize]) {
                closed |= 1 << i;
            }
        }
        closed
    }

    /// The middle point of the mill line with index `i` (into
    /// [`Geometry::mills`]); [`Point::ORIGIN`] for an index past the end.
    pub fn mill_middle(&self, i: usize) -> Point {
        self.middles.get(i).copied().unwrap_or(Point::ORIGIN)
    }

    /// How many complete mills the pieces `own` stand in.
    pub fn mill_count(&self, own: Bitboard) -> u32 {
        self.mills().iter().filter(|&&m| own.is_superset(m)).count() as u32
    }

    /// The pieces of `own` that stand in a complete mill.
    pub fn in_mills(&self, own: Bitboard) -> Bitboard {
        self.mills()
            .iter()
            .filter(|&&m| own.is_superset(m))
            .fold(Bitboard::EMPTY, |acc, &m| acc | m)
    }

    /// The drawn lines between neighbouring points, each pair once.
    pub fn segments(&self) -> impl Iterator<Item = (Point, Point)> + '_ {
        self.points().flat_map(move |a| {
            self.adjacent(a)
                .iter()
                .filter(move |b| b.index() > a.index())
                .map(move |b| (a, b))
        })
    }

    /// The points of each rank, top rank first, each left to right: the
    /// layout of the board part of the position text.
    pub fn ranks(&self) -> Vec<Vec<Point>> {
        (0..self.grid)
            .rev()
            .map(|rank| {
                let mut row: Vec<Point> = self.points().filter(|&p| self.coord(p).rank() == rank).collect();
                row.sort_unstable_by_key(|&p| self.coord(p).file());
                row
            })
            .filter(|row| !row.is_empty())
            .collect()
    }
}

const fn same(a: &str, b: &str) -> bool {
    let (a, b) = (a.as_bytes(), b.as_bytes());
    if a.len() != b.len() {
        return false;
    }
    let mut i = 0;
    while i < a.len() {
        if a[i] != b[i] {
            return false;
        }
        i += 1;
    }
    true
}

/// Compile-time lookup of a point name; a typo in a table stops the build.
#[allow(clippy::panic)]
const fn index_of(names: &[&str], name: &str) -> usize {
    let mut i = 0;
    while i < names.len() {
        if same(names[i], name) {
            return i;
        }
        i += 1;
    }
    panic!("board table names a point that the board does not list")
}

#[allow(clippy::panic)]
const fn build(
    kind: BoardKind,
    grid: u8,
    names: &[&str],
    lines: &[&[&str]],
    mills: &[[&str; 3]],
) -> Geometry {
    assert!(names.len() <= MAX_POINTS && mills.len() <= MAX_MILLS);
    let mut coords = [Coord::ORIGIN; MAX_POINTS];
    let mut i = 0;
    while i < names.len() {
        coords[i] = match Coord::from_ascii(names[i].as_bytes()) {
            Some(c) => c,
            None => panic!("malformed point name in a board table"),
        };
        i += 1;
    }

    let mut adjacent = [Bitboard::EMPTY; MAX_POINTS];
    let mut l = 0;
    while l < lines.len() {
        let line = lines[l];
        let mut j = 0;
        while j + 1 < line.len() {
            let a = index_of(names, line[j]);
            let b = index_of(names, line[j + 1]);
            adjacent[a] = adjacent[a].with(Point::new_unchecked(b as u8));
            adjacent[b] = adjacent[b].with(Point::new_unchecked(a as u8));
            j += 1;
        }
        l += 1;
    }

    let mut mill_bbs = [Bitboard::EMPTY; MAX_MILLS];
    let mut mills_through = [[Bitboard::EMPTY; THROUGH_CAP]; MAX_POINTS];
    let mut through_count = [0u8; MAX_POINTS];
    let mut through_mask = [0u32; MAX_POINTS];
    let mut middles = [Point::ORIGIN; MAX_MILLS];
    let mut m = 0;
    while m < mills.len() {
        let mut bb = Bitboard::EMPTY;
        let mut k = 0;
        while k < 3 {
            bb = bb.with(Point::new_unchecked(index_of(names, mills[m][k]) as u8));
            k += 1;
        }
        mill_bbs[m] = bb;
        middles[m] = Point::new_unchecked(index_of(names, mills[m][1]) as u8);
        let mut k = 0;
        while k < 3 {
            let p = index_of(names, mills[m][k]);
            assert!((through_count[p] as usize) < THROUGH_CAP);
            mills_through[p][through_count[p] as usize] = bb;
            through_count[p] += 1;
            through_mask[p] |= 1 << m;
            k += 1;
        }
        m += 1;
    }

    Geometry {
        kind,
        len: names.len() as u8,
        grid,
        coords,
        adjacent,
        mills: mill_bbs,
        mill_count: mills.len() as u8,
        mills_through,
        through_count,
        through_mask,
        middles,
    }
}

/// The 24 points of the mill boards, inner ring first, each ring from
/// 12 o'clock clockwise; then the Sotho centre.
const MILL_POINTS: [&str; 25] = [
    "d5", "e5", "e4", "e3", "d3", "c3", "c4", "c5", // inner
    "d6", "f6", "f4", "f2", "d2", "b2", "b4", "b6", // middle
    "d7", "g7", "g4", "g1", "d1", "a1", "a4", "a7", // outer
    "d4", // Sotho centre
];

const SQUARE_SIDES: [[&str; 3]; 12] = [
    ["c5", "d5", "e5"],
    ["e5", "e4", "e3"],
    ["e3", "d3", "c3"],
    ["c3", "c4", "c5"],
    ["b6", "d6", "f6"],
    ["f6", "f4", "f2"],
    ["f2", "d2", "b2"],
    ["b2", "b4", "b6"],
    ["a7", "d7", "g7"],
    ["g7", "g4", "g1"],
    ["g1", "d1", "a1"],
    ["a1", "a4", "a7"],
];

const CROSS_MILLS: [[&str; 3]; 4] = [
    ["d7", "d6", "d5"],
    ["d3", "d2", "d1"],
    ["a4", "b4", "c4"],
    ["e4", "f4", "g4"],
];

const DIAGONAL_MILLS: [[&str; 3]; 4] = [
    ["a1", "b2", "c3"],
    ["g1", "f2", "e3"],
    ["g7", "f6", "e5"],
    ["a7", "b6", "c5"],
];

const fn concat<const A: usize, const B: usize, const N: usize>(
    a: [[&'static str; 3]; A],
    b: [[&'static str; 3]; B],
) -> [[&'static str; 3]; N] {
    assert!(A + B == N);
    let mut out = [[""; 3]; N];
    let mut i = 0;
    while i < A {
        out[i] = a[i];
        i += 1;
    }
    while i < N {
        out[i] = b[i - A];
        i += 1;
    }
    out
}

const MILL_MILLS: [[&str; 3]; 16] = concat(SQUARE_SIDES, CROSS_MILLS);
const DIAGONALS_MILLS: [[&str; 3]; 20] = concat(MILL_MILLS, DIAGONAL_MILLS);

const fn as_lines<const N: usize>(mills: &'static [[&'static str; 3]; N]) -> [&'static [&'static str]; N] {
    let mut out: [&'static [&'static str]; N] = [&[]; N];
    let mut i = 0;
    while i < N {
        out[i] = &mills[i];
        i += 1;
    }
    out
}

const MILL_LINES: [&[&str]; 16] = as_lines(&MILL_MILLS);
const DIAGONALS_LINES: [&[&str]; 20] = as_lines(&DIAGONALS_MILLS);

/// The Sotho board's lines. THE place to correct its geometry (docs/RULES.md §1.3):
/// square sides, the two cross lines running through the centre, and the
/// short diagonals between the outer and the middle square only.
const SOTHO_LINES: [&[&str]; 18] = [
    &SQUARE_SIDES[0],
    &SQUARE_SIDES[1],
    &SQUARE_SIDES[2],
    &SQUARE_SIDES[3],
    &SQUARE_SIDES[4],
    &SQUARE_SIDES[5],
    &SQUARE_SIDES[6],
    &SQUARE_SIDES[7],
    &SQUARE_SIDES[8],
    &SQUARE_SIDES[9],
    &SQUARE_SIDES[10],
    &SQUARE_SIDES[11],
    &["d1", "d2", "d3", "d4", "d5", "d6", "d7"],
    &["a4", "b4", "c4", "d4", "e4", "f4", "g4"],
    &["a1", "b2"],
    &["g1", "f2"],
    &["g7", "f6"],
    &["a7", "b6"],
];

const SMALL_POINTS: [&str; 16] = [
    "c4", "d4", "d3", "d2", "c2", "b2", "b3", "b4", // inner
    "c5", "e5", "e3", "e1", "c1", "a1", "a3", "a5", // outer
];

const SMALL_MILLS: [[&str; 3]; 8] = [
    ["b4", "c4", "d4"],
    ["d4", "d3", "d2"],
    ["d2", "c2", "b2"],
    ["b2", "b3", "b4"],
    ["a5", "c5", "e5"],
    ["e5", "e3", "e1"],
    ["e1", "c1", "a1"],
    ["a1", "a3", "a5"],
];

const SMALL_LINES: [&[&str]; 12] = [
    &SMALL_MILLS[0],
    &SMALL_MILLS[1],
    &SMALL_MILLS[2],
    &SMALL_MILLS[3],
    &SMALL_MILLS[4],
    &SMALL_MILLS[5],
    &SMALL_MILLS[6],
    &SMALL_MILLS[7],
    &["c1", "c2"],
    &["a3", "b3"],
    &["e3", "d3"],
    &["c5", "c4"],
];

/// The small board's points, then the Seven Men's Morris centre `c3`.
const SEVEN_POINTS: [&str; 17] = [
    "c4", "d4", "d3", "d2", "c2", "b2", "b3", "b4", // inner
    "c5", "e5", "e3", "e1", "c1", "a1", "a3", "a5", // outer
    "c3", // centre
];

/// The centre's six mills.
const SEVEN_CENTRE_MILLS: [[&str; 3]; 6] = [
    ["c5", "c4", "c3"],
    ["c4", "c3", "c2"],
    ["c3", "c2", "c1"],
    ["a3", "b3", "c3"],
    ["b3", "c3", "d3"],
    ["c3", "d3", "e3"],
];

const SEVEN_MILLS: [[&str; 3]; 14] = concat(SMALL_MILLS, SEVEN_CENTRE_MILLS);

/// The Seven Men's Morris board's lines (docs/RULES.md §7.1): every mill
/// is drawn, which joins the centre to its four neighbours.
const SEVEN_LINES: [&[&str]; 14] = as_lines(&SEVEN_MILLS);

const THREE_POINTS: [&str; 9] = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"];

const THREE_MILLS: [[&str; 3]; 8] = [
    ["a1", "b1", "c1"],
    ["a2", "b2", "c2"],
    ["a3", "b3", "c3"],
    ["a1", "a2", "a3"],
    ["b1", "b2", "b3"],
    ["c1", "c2", "c3"],
    ["a1", "b2", "c3"],
    ["c1", "b2", "a3"],
];

const THREE_LINES: [&[&str]; 8] = as_lines(&THREE_MILLS);

static MILL: Geometry = build(
    BoardKind::Mill,
    7,
    MILL_POINTS.split_at(24).0,
    &MILL_LINES,
    &MILL_MILLS,
);
static MILL_DIAGONALS: Geometry = build(
    BoardKind::MillDiagonals,
    7,
    MILL_POINTS.split_at(24).0,
    &DIAGONALS_LINES,
    &DIAGONALS_MILLS,
);
static SOTHO: Geometry = build(BoardKind::Sotho, 7, &MILL_POINTS, &SOTHO_LINES, &MILL_MILLS);
static SMALL: Geometry = build(BoardKind::Small, 5, &SMALL_POINTS, &SMALL_LINES, &SMALL_MILLS);
static THREE: Geometry = build(BoardKind::Three, 3, &THREE_POINTS, &THREE_LINES, &THREE_MILLS);
static SEVEN: Geometry = build(BoardKind::Seven, 5, &SEVEN_POINTS, &SEVEN_LINES, &SEVEN_MILLS);
