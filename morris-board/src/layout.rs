//! Where each point of a board is drawn, and how the arrow keys walk the
//! board's lines.
//!
//! The board is drawn in a square of [`SIZE`] user units. The player at the
//! bottom sees their own side near them: when that is dark, the board is
//! turned half a turn, so screen directions and board directions differ and
//! keyboard navigation works in screen space.

use morris_core::{Geometry, Point};

/// The side of the drawing, in SVG user units.
pub const SIZE: f64 = 100.0;
/// The width of the frame around the wood; the coordinates are written
/// in it, where no piece or mark ever reaches.
pub const FRAME: f64 = 4.6;
/// How far the widest mark (the focus ring, with its stroke) reaches
/// beyond a piece's edge.
pub const MARK_REACH: f64 = 2.9;
/// The space kept between the widest mark and the frame.
const GAP: f64 = 0.4;
/// A piece's radius as a share of the distance between grid lines...
const PIECE_SHARE: f64 = 0.36;
/// ...and at most this (on the big cells of the 3×3 board).
const PIECE_MAX: f64 = 8.5;

/// An arrow key.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Arrow {
    Up,
    Down,
    Left,
    Right,
}

impl Arrow {
    /// The arrow for a `KeyboardEvent.key` value.
    pub fn from_key(key: &str) -> Option<Arrow> {
        match key {
            "ArrowUp" => Some(Arrow::Up),
            "ArrowDown" => Some(Arrow::Down),
            "ArrowLeft" => Some(Arrow::Left),
            "ArrowRight" => Some(Arrow::Right),
            _ => None,
        }
    }

    /// The unit vector on screen (y grows downwards).
    const fn vector(self) -> (f64, f64) {
        match self {
            Arrow::Up => (0.0, -1.0),
            Arrow::Down => (0.0, 1.0),
            Arrow::Left => (-1.0, 0.0),
            Arrow::Right => (1.0, 0.0),
        }
    }
}

/// The drawing of one board in one orientation.
#[derive(Clone, Copy, Debug)]
pub struct Layout {
    pub geometry: &'static Geometry,
    /// Turned half a turn: dark sits at the bottom.
    pub flipped: bool,
}

impl Layout {
    pub fn new(geometry: &'static Geometry, flipped: bool) -> Layout {
        Layout { geometry, flipped }
    }

    fn cells(&self) -> f64 {
        f64::from(self.geometry.grid_size().max(2) - 1)
    }

    /// The space between the drawing's edge and the outermost lines: the
    /// frame, then room for an edge piece with its widest mark.
    pub fn margin(&self) -> f64 {
        let inner = FRAME + GAP + MARK_REACH;
        // With the piece a share of the step, which the margin itself sets:
        // m = inner + share * (SIZE - 2m) / cells, solved for m.
        let c = self.cells();
        let shared = (inner * c + PIECE_SHARE * SIZE) / (c + 2.0 * PIECE_SHARE);
        let capped = inner + PIECE_MAX;
        if (SIZE - 2.0 * shared) / c * PIECE_SHARE > PIECE_MAX {
            capped
        } else {
            shared
        }
    }

    /// Distance between neighbouring grid lines.
    pub fn step(&self) -> f64 {
        (SIZE - 2.0 * self.margin()) / self.cells()
    }

    /// A piece's radius.
    pub fn piece_r(&self) -> f64 {
        (self.step() * PIECE_SHARE).min(PIECE_MAX)
    }

    /// The radius of a point's marker: a small dot where lines meet, a
    /// ring on the big cells of the 3×3 board.
    pub fn dot_r(&self) -> f64 {
        if self.rings() {
            2.4
        } else {
            1.35
        }
    }

    /// Whether points are marked with rings that the lines end at.
    pub fn rings(&self) -> bool {
        self.geometry.grid_size() <= 3
    }

    /// Where grid line `i` (0 = left or bottom as drawn) lies on screen.
    pub fn line_at(&self, i: f64) -> f64 {
        self.margin() + i * self.step()
    }

    /// The centre of a point on screen.
    pub fn xy(&self, p: Point) -> (f64, f64) {
        let c = self.geometry.coord(p);
        let last = self.cells();
        let (mut f, mut r) = (f64::from(c.file()), f64::from(c.rank()));
        if self.flipped {
            f = last - f;
            r = last - r;
        }
        (self.line_at(f), self.line_at(last - r))
    }

    /// The point a press at screen position `(x, y)` means, if one is near.
    pub fn point_near(&self, x: f64, y: f64) -> Option<Point> {
        let reach = self.step() * 0.5;
        self.geometry
            .points()
            .map(|p| {
                let (px, py) = self.xy(p);
                (p, (px - x).hypot(py - y))
            })
            .filter(|&(_, d)| d <= reach)
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(p, _)| p)
    }

    /// The neighbour of `from` along a drawn line in the direction of the
    /// arrow: the line closest to that direction, within 60° of it.
    pub fn step_along(&self, from: Point, arrow: Arrow) -> Option<Point> {
        let (ax, ay) = arrow.vector();
        let (fx, fy) = self.xy(from);
        self.geometry
            .adjacent(from)
            .iter()
            .filter_map(|q| {
                let (qx, qy) = self.xy(q);
                let (dx, dy) = (qx - fx, qy - fy);
                let len = dx.hypot(dy);
                let cos = (dx * ax + dy * ay) / len.max(f64::EPSILON);
                (cos > 0.5).then_some((q, cos, len))
            })
            .max_by(|a, b| a.1.total_cmp(&b.1).then(b.2.total_cmp(&a.2)))
            .map(|(q, _, _)| q)
    }

    /// Where the cursor starts: the point nearest the centre of the board.
    pub fn centre_point(&self) -> Option<Point> {
        let mid = SIZE / 2.0;
        self.geometry
            .points()
            .map(|p| {
                let (x, y) = self.xy(p);
                (p, (x - mid).hypot(y - mid + 0.01))
            })
            .min_by(|a, b| a.1.total_cmp(&b.1))
            .map(|(p, _)| p)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use morris_core::BoardKind;

    fn name(g: &Geometry, p: Option<Point>) -> String {
        p.map(|p| g.coord(p).to_string()).unwrap_or_default()
    }

    fn walk(kind: BoardKind, flipped: bool, start: &str, keys: &[Arrow]) -> Vec<String> {
        let g = kind.geometry();
        let l = Layout::new(g, flipped);
        let mut at = g.parse_point(start).ok();
        let mut seen = Vec::new();
        for &k in keys {
            at = at.and_then(|p| l.step_along(p, k).or(Some(p)));
            seen.push(name(g, at));
        }
        seen
    }

    #[test]
    fn arrows_follow_the_lines_of_the_mill_board() {
        use Arrow::*;
        // From d2 up the cross line to d3, then right along the inner square.
        assert_eq!(
            walk(BoardKind::Mill, false, "d2", &[Up, Right, Up, Up]),
            ["d3", "e3", "e4", "e5"]
        );
        // There is no line up from d3: the cursor stays.
        assert_eq!(walk(BoardKind::Mill, false, "d3", &[Up]), ["d3"]);
        // a1 has no line to the left.
        assert_eq!(
            walk(BoardKind::Mill, false, "a1", &[Left, Up, Right]),
            ["a1", "a4", "b4"]
        );
    }

    #[test]
    fn flipped_board_reverses_screen_directions() {
        use Arrow::*;
        assert_eq!(walk(BoardKind::Mill, true, "d2", &[Down]), ["d3"]);
        assert_eq!(walk(BoardKind::Mill, true, "a1", &[Left]), ["d1"]);
    }

    #[test]
    fn every_point_of_every_board_is_reachable_by_arrows() {
        for kind in BoardKind::EVERY {
            let g = kind.geometry();
            let l = Layout::new(g, false);
            let Some(start) = l.centre_point() else {
                unreachable!()
            };
            let mut seen = vec![start];
            let mut i = 0;
            while i < seen.len() {
                for a in [Arrow::Up, Arrow::Down, Arrow::Left, Arrow::Right] {
                    if let Some(q) = l.step_along(seen[i], a) {
                        if !seen.contains(&q) {
                            seen.push(q);
                        }
                    }
                }
                i += 1;
            }
            assert_eq!(seen.len(), g.len(), "{kind}");
        }
    }

    #[test]
    fn no_piece_or_mark_reaches_the_coordinates_in_the_frame() {
        for kind in BoardKind::EVERY {
            for flipped in [false, true] {
                let l = Layout::new(kind.geometry(), flipped);
                let reach = l.piece_r() + MARK_REACH;
                for p in kind.geometry().points() {
                    let (x, y) = l.xy(p);
                    for v in [x - reach, y - reach, SIZE - x - reach, SIZE - y - reach] {
                        assert!(v >= FRAME, "{kind} {}: {v:.2}", kind.geometry().coord(p));
                    }
                }
            }
        }
        // The pieces stay big enough to tap.
        let mill = Layout::new(BoardKind::Mill.geometry(), false);
        assert!(mill.piece_r() > 4.4, "{}", mill.piece_r());
        assert_eq!(
            Layout::new(BoardKind::Three.geometry(), false).piece_r(),
            PIECE_MAX
        );
    }

    #[test]
    fn a_press_near_a_point_finds_it() {
        let g = BoardKind::Three.geometry();
        let l = Layout::new(g, false);
        let Some(b2) = g.parse_point("b2").ok() else {
            unreachable!()
        };
        let (x, y) = l.xy(b2);
        assert_eq!(l.point_near(x + 3.0, y - 2.0), Some(b2));
        assert_eq!(
            l.point_near(x + l.step() / 2.0 + 1.0, y + l.step() / 2.0 + 1.0),
            None
        );
    }

    #[test]
    fn the_seven_board_has_its_centre_in_the_middle_joined_four_ways() {
        let g = BoardKind::Seven.geometry();
        let l = Layout::new(g, false);
        assert_eq!(g.len(), 17);
        let Ok(c3) = g.parse_point("c3") else {
            unreachable!()
        };
        let (x, y) = l.xy(c3);
        assert!((x - SIZE / 2.0).abs() < 1e-9 && (y - SIZE / 2.0).abs() < 1e-9);
        assert_eq!(l.centre_point(), Some(c3));
        let mut joined: Vec<String> = g
            .segments()
            .filter_map(|(a, b)| match (a == c3, b == c3) {
                (true, _) => Some(b),
                (_, true) => Some(a),
                _ => None,
            })
            .map(|p| g.coord(p).to_string())
            .collect();
        joined.sort();
        assert_eq!(joined, ["b3", "c2", "c4", "d3"]);
        use Arrow::*;
        assert_eq!(
            walk(BoardKind::Seven, false, "c3", &[Up, Down, Left, Right]),
            ["c4", "c3", "b3", "c3"]
        );
    }
}
