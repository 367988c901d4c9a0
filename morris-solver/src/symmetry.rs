//! The symmetries of a board, derived from its geometry.
//!
//! A symmetry is a permutation of the points that maps lines to lines and
//! mills to mills, so it maps every position to one with the same value.
//! They are found by a backtracking search over the points (each next point
//! joined to one already mapped, so a wrong choice fails early), which gives
//! the 16 of the mill board (rotations, reflections and the exchange of the
//! inner and outer squares) and the 8 of the 3×3 board without a table
//! written by hand for either.

use morris_core::{Bitboard, Color, Geometry, Point, Position, MAX_POINTS};

use super::{Indexer, Numbering};

/// A placing position up to the board's symmetries (see
/// [`Symmetries::placing_key`]).
pub type PlacingKey = (u32, u32, u8, u8, Color);

/// The symmetries of one board, the identity first.
#[derive(Clone, Debug)]
pub struct Symmetries {
    perms: Vec<[u8; MAX_POINTS]>,
    /// Per symmetry and nibble of a set (points `4j` to `4j + 3`): the
    /// image of each of the 16 subsets of that nibble, for
    /// [`Symmetries::map`].
    nibbles: Vec<[[u32; 16]; NIBBLES]>,
}

/// Four-point pieces of a set of points.
const NIBBLES: usize = MAX_POINTS.div_ceil(4);

impl Symmetries {
    /// Every permutation of the points of `geo` that keeps its lines and mills.
    pub fn of(geo: &Geometry) -> Symmetries {
        let n = geo.len();
        // Points in breadth-first order from point 0, so that each point
        // after the first of its component touches one placed before it.
        let mut order: Vec<usize> = Vec::with_capacity(n);
        for start in 0..n {
            if order.contains(&start) {
                continue;
            }
            order.push(start);
            let mut head = order.len() - 1;
            while head < order.len() {
                let p = order[head];
                for q in geo.adjacent(point(p)) {
                    if !order.contains(&q.index()) {
                        order.push(q.index());
                    }
                }
                head += 1;
            }
        }
        let mut found = Vec::new();
        let mut image = [u8::MAX; MAX_POINTS];
        search(geo, &order, 0, &mut image, 0, &mut found);
        // The identity goes first, so symmetry 0 leaves a position alone.
        found.retain(|p| *p != identity());
        found.insert(0, identity());
        Symmetries::from_perms(found)
    }

    /// The identity alone: a group of one, for a board whose symmetries
    /// are not used.
    pub fn identity_only() -> Symmetries {
        Symmetries::from_perms(vec![identity()])
    }

    fn from_perms(perms: Vec<[u8; MAX_POINTS]>) -> Symmetries {
        let nibbles = perms
            .iter()
            .map(|perm| {
                let mut table = [[0u32; 16]; NIBBLES];
                for (j, images) in table.iter_mut().enumerate() {
                    for (x, image) in images.iter_mut().enumerate() {
                        *image = (0..4)
                            .filter(|b| x & (1 << b) != 0)
                            .filter_map(|b| perm.get(4 * j + b))
                            .fold(0, |acc, &to| acc | 1 << to);
                    }
                }
                table
            })
            .collect();
        Symmetries { perms, nibbles }
    }

    /// How many symmetries there are (at least one, the identity).
    pub fn len(&self) -> usize {
        self.perms.len()
    }

    /// Never true: the identity is always a symmetry.
    pub fn is_empty(&self) -> bool {
        self.perms.is_empty()
    }

    /// Symmetry `k` as the image of each point (`u8::MAX` past the board).
    pub(crate) fn permutation(&self, k: usize) -> &[u8; MAX_POINTS] {
        &self.perms[k]
    }

    /// The image of point `p` under symmetry `k`.
    #[inline]
    pub fn map_point(&self, k: usize, p: Point) -> Point {
        self.perms
            .get(k)
            .map_or(p, |perm| point(perm[p.index()] as usize))
    }

    /// The image of a set of points under symmetry `k`: a table read per
    /// four points, without a branch on the set.
    #[inline]
    pub fn map(&self, k: usize, set: Bitboard) -> Bitboard {
        let Some(table) = self.nibbles.get(k) else {
            return set;
        };
        let mut out = 0u32;
        for (j, images) in table.iter().enumerate() {
            out |= images[((set.0 >> (4 * j)) & 15) as usize];
        }
        Bitboard(out)
    }

    /// The smallest image of a position's pieces under every symmetry:
    /// the same for all positions that are rotations or reflections of
    /// each other (the side to move is not part of it).
    pub fn smallest_image(&self, light: Bitboard, dark: Bitboard) -> (Bitboard, Bitboard) {
        (0..self.len())
            .map(|k| (self.map(k, light), self.map(k, dark)))
            .min()
            .unwrap_or((light, dark))
    }

    /// A placing position's key in a memo shared by symmetric positions:
    /// the smallest image of the pieces, the hands and the side to move.
    pub fn placing_key(&self, pos: &Position) -> PlacingKey {
        let (light, dark) = self.smallest_image(pos.pieces(Color::Light), pos.pieces(Color::Dark));
        (
            light.0,
            dark.0,
            pos.in_hand(Color::Light),
            pos.in_hand(Color::Dark),
            pos.turn(),
        )
    }

    /// The smallest index of the images of a position under every
    /// symmetry: the same for all positions that are symmetric to each other.
    pub fn canonical_index(&self, indexer: &Indexer, light: Bitboard, dark: Bitboard, turn: Color) -> u64 {
        (0..self.len())
            .map(|k| indexer.rank(self.map(k, light), self.map(k, dark), turn))
            .min()
            .unwrap_or_else(|| indexer.rank(light, dark, turn))
    }
}

/// The identity permutation; points a board lacks stay fixed.
fn identity() -> [u8; MAX_POINTS] {
    let mut perm = [0u8; MAX_POINTS];
    for (i, v) in perm.iter_mut().enumerate() {
        *v = i as u8;
    }
    perm
}

fn point(i: usize) -> Point {
    Point::new(i as u8).unwrap_or(Point::ORIGIN)
}

fn search(
    geo: &Geometry,
    order: &[usize],
    depth: usize,
    image: &mut [u8; MAX_POINTS],
    used: u32,
    found: &mut Vec<[u8; MAX_POINTS]>,
) {
    let Some(&p) = order.get(depth) else {
        if keeps_mills(geo, image) {
            let mut perm = identity();
            perm[..geo.len()].copy_from_slice(&image[..geo.len()]);
            found.push(perm);
        }
        return;
    };
    let adj = geo.adjacent(point(p));
    for q in 0..geo.len() {
        if used & (1 << q) != 0 || geo.adjacent(point(q)).count() != adj.count() {
            continue;
        }
        let qadj = geo.adjacent(point(q));
        let fits = order[..depth]
            .iter()
            .all(|&a| adj.contains(point(a)) == qadj.contains(point(image[a] as usize)));
        if fits {
            image[p] = q as u8;
            search(geo, order, depth + 1, image, used | 1 << q, found);
            image[p] = u8::MAX;
        }
    }
}

fn keeps_mills(geo: &Geometry, image: &[u8; MAX_POINTS]) -> bool {
    geo.mills().iter().all(|&m| {
        let mapped = m.iter().fold(Bitboard::EMPTY, |acc, p| {
            acc.with(point(image[p.index()] as usize))
        });
        geo.mills().contains(&mapped)
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use morris_core::Variant;

    #[test]
    fn a_set_maps_point_by_point() {
        for variant in Variant::ALL {
            let geo = variant.rules().board.geometry();
            let syms = Symmetries::of(geo);
            let all = (1u32 << geo.len()) - 1;
            let mut x = 0x1234_5677u32;
            for _ in 0..20_000 {
                x ^= x << 13;
                x ^= x >> 17;
                x ^= x << 5;
                let set = Bitboard(x & all);
                for k in 0..syms.len() {
                    let by_points = set
                        .iter()
                        .fold(Bitboard::EMPTY, |acc, p| acc.with(syms.map_point(k, p)));
                    assert_eq!(syms.map(k, set), by_points, "{variant:?} symmetry {k} of {set:?}");
                }
            }
        }
    }
}
