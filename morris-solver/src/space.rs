//! The numberings a class is solved in ([`Space`]): every position
//! ([`Indexer`]), or one entry per class of symmetric positions
//! ([`SymIndexer`]), as the retrograde passes see them.

use morris_core::{Bitboard, Color, Position};

use crate::index::{Class, Indexer, Numbering};
use crate::reduced::{LightPart, SymIndexer};

/// The numbering a class is solved in: every position, or one entry per
/// class of symmetric positions.
pub(crate) trait Space: Numbering {
    /// The class numbered.
    fn class(&self) -> Class;
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
    /// Whether entry `index`, of these pieces, is the one the solver
    /// works on among the entries of symmetric positions: the same as
    /// `canonical(light, dark, turn) == index`, answered without it where
    /// the numbering knows.
    fn is_canonical(&self, index: u64, light: Bitboard, dark: Bitboard, turn: Color) -> bool {
        self.canonical(light, dark, turn) == index
    }
    /// Whether the moves that remove nothing from entry `index` (of
    /// `dark` and `turn` to move) reach as many entries as there are
    /// moves: where no symmetry but the identity keeps the pieces that
    /// stay in place, no two moves reach symmetric positions, so the
    /// moves can be counted instead of indexed.
    fn moves_apart(&self, index: u64, dark: Bitboard, turn: Color) -> bool;
}

impl Space for Indexer {
    fn class(&self) -> Class {
        Indexer::class(self)
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
    /// Every position is its own entry.
    fn is_canonical(&self, _: u64, _: Bitboard, _: Bitboard, _: Color) -> bool {
        true
    }
    fn moves_apart(&self, _: u64, _: Bitboard, _: Color) -> bool {
        true
    }
}

impl Space for SymIndexer {
    fn class(&self) -> Class {
        SymIndexer::class(self)
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
    fn is_canonical(&self, index: u64, light: Bitboard, dark: Bitboard, turn: Color) -> bool {
        self.light_alone(index) || self.canonical(light, dark, turn) == index
    }
    fn moves_apart(&self, index: u64, dark: Bitboard, turn: Color) -> bool {
        match turn {
            Color::Light => self.dark_alone(dark),
            Color::Dark => self.light_alone(index),
        }
    }
}

#[cfg(test)]
mod tests {
    //! The first pass's shortcuts against the indexing they stand for.

    use super::*;
    use morris_core::Variant;

    /// `is_canonical` is `canonical(…) == index` on every entry, and where
    /// `moves_apart` says so, the moves that remove nothing reach as many
    /// entries as there are moves (each child played, then indexed).
    #[test]
    fn shortcuts_agree_with_the_indexing() {
        let classes = [
            (Variant::Nine, 3, 3),
            (Variant::Six, 5, 4),
            (Variant::Seven, 3, 3),
            (Variant::Three, 3, 3),
        ];
        let mut moves = Vec::new();
        for (variant, light, dark) in classes {
            let space = SymIndexer::new(variant.rules(), Class::moving(light, dark));
            assert!(space.is_some(), "{variant:?} {light}v{dark}");
            let Some(space) = space else { continue };
            let (mut apart, mut canonical) = (0u64, 0u64);
            for i in 0..space.len() {
                let (l, d, turn) = space.unrank(i);
                let is = space.canonical(l, d, turn) == i;
                assert_eq!(
                    space.is_canonical(i, l, d, turn),
                    is,
                    "{variant:?} {light}v{dark} entry {i}"
                );
                canonical += u64::from(is);
                if !is || !space.moves_apart(i, d, turn) {
                    continue;
                }
                apart += 1;
                let pos = space.make(l, d, turn);
                moves.clear();
                pos.generate(&mut moves);
                let mut next: Vec<u64> = moves
                    .iter()
                    .filter(|m| m.removals().is_empty())
                    .map(|&m| {
                        let child = pos.play(m);
                        space.canonical(
                            child.pieces(Color::Light),
                            child.pieces(Color::Dark),
                            child.turn(),
                        )
                    })
                    .collect();
                let n = next.len();
                next.sort_unstable();
                next.dedup();
                assert_eq!(next.len(), n, "{variant:?} {light}v{dark} entry {i}");
            }
            // Most entries take the shortcut; the test sees both kinds.
            assert!(
                2 * apart > canonical && apart < canonical,
                "{variant:?} {light}v{dark}: {apart} of {canonical}"
            );
        }
    }
}
