//! What is true of each point, and how a screen reader says it: a point's
//! accessible name carries everything a sighted player sees on it (the
//! piece, the selection, a legal destination, a piece that can be taken,
//! the last turn's squares, a dead marker), in the words the page gives.

use morris_core::{Bitboard, Color, Move, Point};

/// What the board marks, as the board's props give it.
#[derive(Clone, Copy, Debug)]
pub struct Marking<'a> {
    /// The piece on each point, by point index.
    pub pieces: &'a [Option<Color>],
    /// Legal destinations or placements.
    pub targets: Bitboard,
    /// Pieces that may be removed; while any, there are no destinations.
    pub removable: Bitboard,
    pub selected: Option<Point>,
    /// The turn that led here.
    pub last_move: Option<Move>,
    /// Dead points (docs/RULES.md §7.2 "mark and delay"): nobody may place
    /// there until the placing ends.
    pub markers: Bitboard,
    /// A suggested turn (the hint).
    pub suggestion: Option<Move>,
}

/// What is true of one point now.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PointState {
    pub piece: Option<Color>,
    pub selected: bool,
    /// A legal destination or placement of the turn under way.
    pub target: bool,
    /// Its piece can be taken now.
    pub removable: bool,
    /// The last turn's piece came from here.
    pub last_from: bool,
    /// The last turn's piece went (or was placed) here.
    pub last_to: bool,
    /// The last turn took a piece from here.
    pub removed: bool,
    /// A dead marker stands here.
    pub marker: bool,
    /// A point of the suggested turn: where its piece goes from or to, or
    /// a piece its mill takes.
    pub suggested: bool,
}

impl Marking<'_> {
    /// What is true of `p`.
    pub fn state(&self, p: Point) -> PointState {
        let last = self.last_move;
        PointState {
            piece: self.pieces.get(p.index()).copied().flatten(),
            selected: self.selected == Some(p),
            target: self.targets.contains(p) && !self.removable.any(),
            removable: self.removable.contains(p),
            last_from: last.and_then(Move::from) == Some(p),
            // A turn that only removes, or a pass, goes to no point.
            last_to: last.filter(|m| m.is_play()).map(Move::to) == Some(p),
            removed: last.is_some_and(|m| m.removals().contains(p)),
            marker: self.markers.contains(p),
            suggested: self.suggestion.is_some_and(|m| {
                m.removals().contains(p) || (m.is_play() && (m.to() == p || m.from() == Some(p)))
            }),
        }
    }
}

/// The words for a point's marks, in the page's language.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PointWords {
    pub light: String,
    pub dark: String,
    pub empty: String,
    pub selected: String,
    pub target: String,
    pub removable: String,
    pub last_from: String,
    pub last_to: String,
    pub removed: String,
    pub marker: String,
    pub suggested: String,
}

impl Default for PointWords {
    /// English.
    fn default() -> PointWords {
        PointWords {
            light: "light piece".into(),
            dark: "dark piece".into(),
            empty: "empty point".into(),
            selected: "selected".into(),
            target: "legal destination".into(),
            removable: "can be taken".into(),
            last_from: "last move from here".into(),
            last_to: "last move to here".into(),
            removed: "taken in the last move".into(),
            marker: "marked: no piece may go here until the placing ends".into(),
            suggested: "part of the hint".into(),
        }
    }
}

impl PointWords {
    /// The point's name and piece: "e3, light piece".
    pub fn base(&self, name: &str, piece: Option<Color>) -> String {
        let piece = match piece {
            Some(Color::Light) => &self.light,
            Some(Color::Dark) => &self.dark,
            None => &self.empty,
        };
        format!("{name}, {piece}")
    }

    /// `base` ("e3, light piece") followed by the point's marks:
    /// "e3, light piece, selected, last move to here".
    pub fn describe(&self, base: &str, s: &PointState) -> String {
        let marks = [
            (s.selected, &self.selected),
            (s.target, &self.target),
            (s.removable, &self.removable),
            (s.last_from, &self.last_from),
            (s.last_to, &self.last_to),
            (s.removed, &self.removed),
            (s.marker, &self.marker),
            (s.suggested, &self.suggested),
        ];
        let mut out = base.to_string();
        for (_, word) in marks.iter().filter(|(on, _)| *on) {
            out.push_str(", ");
            out.push_str(word);
        }
        out
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use morris_core::BoardKind;

    fn pt(s: &str) -> Point {
        match BoardKind::Mill.geometry().parse_point(s) {
            Ok(p) => p,
            Err(e) => unreachable!("{e}"),
        }
    }

    fn says(m: &Marking, s: &str) -> String {
        let w = PointWords::default();
        let st = m.state(pt(s));
        w.describe(&w.base(s, st.piece), &st)
    }

    #[test]
    fn a_point_says_what_a_sighted_player_sees() {
        let mut pieces = vec![None; 24];
        pieces[pt("d2").index()] = Some(Color::Light);
        pieces[pt("g7").index()] = Some(Color::Dark);
        let m = Marking {
            pieces: &pieces,
            targets: [pt("d1"), pt("d3")].into_iter().collect(),
            removable: Bitboard::EMPTY,
            selected: Some(pt("d2")),
            last_move: Some(Move::slide(pt("a7"), pt("g7"))),
            markers: Bitboard::EMPTY,
            suggestion: None,
        };
        assert_eq!(says(&m, "d2"), "d2, light piece, selected");
        assert_eq!(says(&m, "d1"), "d1, empty point, legal destination");
        assert_eq!(says(&m, "a7"), "a7, empty point, last move from here");
        assert_eq!(says(&m, "g7"), "g7, dark piece, last move to here");
        assert_eq!(says(&m, "a1"), "a1, empty point");
    }

    #[test]
    fn while_removing_only_the_removable_pieces_are_marked() {
        let mut pieces = vec![None; 24];
        pieces[pt("b2").index()] = Some(Color::Dark);
        let placed = Move::place(pt("g1")).with_removals([pt("d7")].into_iter().collect());
        let m = Marking {
            pieces: &pieces,
            targets: [pt("a1")].into_iter().collect(),
            removable: [pt("b2")].into_iter().collect(),
            selected: None,
            last_move: Some(placed),
            markers: Bitboard::EMPTY,
            suggestion: None,
        };
        assert_eq!(says(&m, "b2"), "b2, dark piece, can be taken");
        assert_eq!(says(&m, "a1"), "a1, empty point");
        assert_eq!(says(&m, "d7"), "d7, empty point, taken in the last move");
    }

    #[test]
    fn a_marker_is_said_and_a_turn_that_only_removes_goes_to_no_point() {
        let pieces = vec![None; 24];
        let m = Marking {
            pieces: &pieces,
            targets: Bitboard::EMPTY,
            removable: Bitboard::EMPTY,
            selected: None,
            last_move: Some(Move::remove([pt("b4")].into_iter().collect())),
            markers: [pt("d7")].into_iter().collect(),
            suggestion: None,
        };
        assert_eq!(
            says(&m, "d7"),
            "d7, empty point, marked: no piece may go here until the placing ends"
        );
        assert_eq!(says(&m, "b4"), "b4, empty point, taken in the last move");
        let origin = Point::ORIGIN;
        let name = BoardKind::Mill.geometry().coord(origin).to_string();
        assert!(!says(&m, &name).contains("last move"), "{}", says(&m, &name));
    }

    #[test]
    fn the_hint_is_said_on_each_of_its_points() {
        let mut pieces = vec![None; 24];
        pieces[pt("d2").index()] = Some(Color::Light);
        pieces[pt("b2").index()] = Some(Color::Dark);
        let m = Marking {
            pieces: &pieces,
            targets: Bitboard::EMPTY,
            removable: Bitboard::EMPTY,
            selected: None,
            last_move: None,
            markers: Bitboard::EMPTY,
            suggestion: Some(Move::slide(pt("d2"), pt("d3")).with_removals([pt("b2")].into_iter().collect())),
        };
        assert_eq!(says(&m, "d2"), "d2, light piece, part of the hint");
        assert_eq!(says(&m, "d3"), "d3, empty point, part of the hint");
        assert_eq!(says(&m, "b2"), "b2, dark piece, part of the hint");
        assert_eq!(says(&m, "d1"), "d1, empty point");
    }
}
