//! Where each turn of a move list sits: the side that began the game
//! writes in the first column, the other side in the second, and a turn
//! number starts each first-column entry. In the rule sets of
//! docs/RULES.md §7 a side may take two turns in a row (a removal, then a
//! move; a mill with another turn), so the column follows the mover, not
//! the turn's parity.

use morris_core::Game;
use yew::Classes;

/// One turn's place in the list.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Row {
    /// Made by the side that began the game.
    pub first: bool,
    /// The turn number, written before a first-column entry.
    pub number: Option<String>,
}

impl Row {
    /// The entry's class, which puts it in its column.
    pub fn class(&self) -> Classes {
        Classes::from(if self.first { "first-half" } else { "second-half" })
    }
}

/// Each turn's place in the list of `game`.
pub fn rows(game: &Game) -> Vec<Row> {
    let positions = game.positions();
    let opener = positions.first().map(|p| p.turn());
    let mut number = 0;
    positions
        .iter()
        .take(game.moves().len())
        .map(|p| {
            let first = Some(p.turn()) == opener;
            if first {
                number += 1;
            }
            Row {
                first,
                number: first.then(|| number.to_string()),
            }
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use morris_core::{Position, Rules};

    #[test]
    fn a_side_that_moves_twice_keeps_its_column() {
        let mut game = Game::new(Rules::default());
        for m in ["a1", "b2", "d1"] {
            assert!(game.play_text(m).is_ok());
        }
        let firsts: Vec<bool> = rows(&game).iter().map(|r| r.first).collect();
        assert_eq!(firsts, [true, false, true]);
        assert_eq!(rows(&game)[2].number.as_deref(), Some("2"));
        // Remove, then move: light takes two turns in a row.
        let blocked = "nine:blocked=remove-move LDL/.../.../D....D/.../.../LDL L 0/0 0/0 -";
        let Ok(pos) = blocked.parse::<Position>() else {
            unreachable!()
        };
        let mut game = Game::from_position(pos);
        for m in ["xd7", "a7-d7"] {
            assert!(game.play_text(m).is_ok(), "{m}");
        }
        let numbers: Vec<Option<String>> = rows(&game).into_iter().map(|r| r.number).collect();
        assert_eq!(numbers, [Some("1".to_string()), Some("2".to_string())]);
    }
}
