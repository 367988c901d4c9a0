//! What the board is given: what to show and where its presses go.

use morris_core::{Bitboard, BoardKind, Color, Move, Point};
use yew::prelude::*;

/// What the board shows and where its presses go.
#[derive(Properties, Clone, PartialEq, Debug)]
pub struct BoardProps {
    pub board: BoardKind,
    /// The piece on each point, by point index.
    pub pieces: Vec<Option<Color>>,
    /// Dark at the bottom: the drawing is turned half a turn.
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
    /// A suggested turn (the hint).
    #[prop_or_default]
    pub suggestion: Option<Move>,
    /// The accessible label of each point ("d6, light piece").
    #[prop_or_default]
    pub labels: Vec<AttrValue>,
    /// The accessible name of the whole board.
    #[prop_or_default]
    pub label: AttrValue,
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
    /// The piece on `p`, if any.
    pub(crate) fn piece(&self, p: Point) -> Option<Color> {
        self.pieces.get(p.index()).copied().flatten()
    }
}
