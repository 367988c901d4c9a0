//! The numberings a class is solved in ([`Space`]): every position
//! ([`Indexer`]), or one entry per class of symmetric positions
//! ([`SymIndexer`]), as the retrograde passes see them.

use morris_core::{Bitboard, Color, Position};

use crate::index::{Class, Indexer};
use crate::reduced::{LightPart, SymIndexer};

/// The numbering a class is solved in: every position, or one entry per
/// class of symmetric positions.
pub(crate) trait Space {
    fn len(&self) -> u64;
    /// The class numbered.
    fn class(&self) -> Class;
    fn unrank(&self, index: u64) -> (Bitboard, Bitboard, Color);
    /// The one entry the solver works on among those of symmetric positions.
    fn canonical(&self, light: Bitboard, dark: Bitboard, turn: Color) -> u64 {
        self.canonical_beside(&self.light_part(light), dark, turn)
    }
    /// What `canonical` reads of the light pieces alone ...
    type Light: Copy;
    fn light_part(&self, light: Bitboard) -> Self::Light;
    /// ... so that the positions with the same light pieces read it once.
    fn canonical_beside(&self, light: &Self::Light, dark: Bitboard, turn: Color) -> u64;
    fn make(&self, light: Bitboard, dark: Bitboard, turn: Color) -> Position;
}

impl Space for Indexer {
    fn len(&self) -> u64 {
        Indexer::len(self)
    }
    fn class(&self) -> Class {
        Indexer::class(self)
    }
    fn unrank(&self, index: u64) -> (Bitboard, Bitboard, Color) {
        Indexer::unrank(self, index)
    }
    type Light = Bitboard;
    fn light_part(&self, light: Bitboard) -> Bitboard {
        light
    }
    fn canonical_beside(&self, light: &Bitboard, dark: Bitboard, turn: Color) -> u64 {
        self.rank(*light, dark, turn)
    }
    fn make(&self, light: Bitboard, dark: Bitboard, turn: Color) -> Position {
        Indexer::make(self, light, dark, turn)
    }
}

impl Space for SymIndexer {
    fn len(&self) -> u64 {
        SymIndexer::len(self)
    }
    fn class(&self) -> Class {
        SymIndexer::class(self)
    }
    fn unrank(&self, index: u64) -> (Bitboard, Bitboard, Color) {
        SymIndexer::unrank(self, index)
    }
    type Light = LightPart;
    fn light_part(&self, light: Bitboard) -> LightPart {
        SymIndexer::light_part(self, light)
    }
    fn canonical_beside(&self, light: &LightPart, dark: Bitboard, turn: Color) -> u64 {
        SymIndexer::canonical_beside(self, light, dark, turn)
    }
    fn make(&self, light: Bitboard, dark: Bitboard, turn: Color) -> Position {
        SymIndexer::make(self, light, dark, turn)
    }
}
