//! What the board is given: what to show and where its presses go.

use morris_core::{Bitboard, BoardKind, Color, Move, Point};
use yew::prelude::*;

use crate::describe::Marking;

/// A short text on a point, with a tone the stylesheet colours
/// (`board.css` knows `good`, `even` and `bad`; `--board-note-good` and
/// the like set their colours).
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct PointNote {
    pub point: Point,
    pub text: AttrValue,
    pub tone: &'static str,
}

/// What the board shows and where its presses go.
#[derive(Properties, Clone, PartialEq, Debug)]
pub struct BoardProps {
    pub board: BoardKind,
    /// The piece on each point, by point index.
    pub pieces: Vec<Option<Color>>,
    /// The board turned half a turn (dark at the bottom, or a player who
    /// flipped it): points, coordinates and arrow keys all follow.
    #[prop_or_default]
    pub flipped: bool,
    /// Legal destinations or placements (blue).
    #[prop_or(Bitboard::EMPTY)]
    pub targets: Bitboard,
    /// Pieces that may be removed (red); when any, only they take presses.
    #[prop_or(Bitboard::EMPTY)]
    pub removable: Bitboard,
    /// Pieces that may be picked up (and dragged).
    #[prop_or(Bitboard::EMPTY)]
    pub movable: Bitboard,
    #[prop_or_default]
    pub selected: Option<Point>,
    #[prop_or_default]
    pub cursor: Option<Point>,
    /// The turn that led here: its squares are marked and its piece slides in.
    #[prop_or_default]
    pub last_move: Option<Move>,
    /// The colour of the pieces the last turn took, which fade away; when
    /// not given, the opponent of the piece the last turn moved (a turn
    /// that only removes moves none, and may take one's own pieces).
    #[prop_or_default]
    pub taken: Option<Color>,
    /// Dead points, each drawn with an X (docs/RULES.md §7.2 "mark and
    /// delay"): the pieces a mill took while placing, until the placing ends.
    #[prop_or(Bitboard::EMPTY)]
    pub markers: Bitboard,
    /// A suggested turn (the hint).
    #[prop_or_default]
    pub suggestion: Option<Move>,
    /// Points pressed for a turn queued while the opponent moves (a
    /// premove): marked, each `data-premove`.
    #[prop_or(Bitboard::EMPTY)]
    pub premove: Bitboard,
    /// The accessible name of each point, with everything marked on it
    /// ("d6, light piece, selected"), best made with
    /// [`PointWords::describe`](crate::PointWords::describe) in the page's
    /// language. Without them the board says it all in English.
    #[prop_or_default]
    pub labels: Vec<AttrValue>,
    /// The accessible name of the whole board.
    #[prop_or_default]
    pub label: AttrValue,
    /// Short notes drawn on points (an analysis's value of the move that
    /// ends there, say), over everything else and never pressed.
    #[prop_or_default]
    pub notes: Vec<PointNote>,
    /// The page's own drawing under the points and pieces (highlights),
    /// in the board's units (`layout`); never pressed. Feature `layers`.
    #[cfg(feature = "layers")]
    #[prop_or_default]
    pub underlay: Html,
    /// The page's own drawing over the pieces (arrows and circles), in
    /// the board's units; never pressed. Feature `layers`.
    #[cfg(feature = "layers")]
    #[prop_or_default]
    pub overlay: Html,
    /// Whether presses mean anything now.
    #[prop_or(true)]
    pub interactive: bool,
    #[prop_or_default]
    pub on_press: Callback<Point>,
    #[prop_or_default]
    pub on_cursor: Callback<Point>,
    #[prop_or_default]
    pub on_cancel: Callback<()>,
}

impl BoardProps {
    /// What the board marks, point by point.
    pub fn marking(&self) -> Marking<'_> {
        Marking {
            pieces: &self.pieces,
            targets: self.targets,
            removable: self.removable,
            selected: self.selected,
            last_move: self.last_move,
            markers: self.markers,
            suggestion: self.suggestion,
        }
    }

    /// The piece on `p`, if any.
    pub(crate) fn piece(&self, p: Point) -> Option<Color> {
        self.pieces.get(p.index()).copied().flatten()
    }
}
