//! The score across rematches at the table, as an online table keeps one:
//! the games of the same pairing (the same rules, and the same opponent:
//! the person across the screen, the computer at the same level, or the
//! same room) that ended before the one on the table. A win counts 1, a
//! draw ½ to each side. Seats, not colours, are counted: colours swap at
//! each rematch, the people stay in their seats (the person at the bottom
//! against the computer or in a room).
//!
//! Rematches and a new game against the same opponent with the same rules
//! carry the score on; another game (other rules, another opponent, a link,
//! a paste, a room) starts it again. The game on the table counts once it
//! is over, and stops counting if a take-back reopens it.

use morris_core::{Color, Rules};

use crate::link::Mode;

/// Who plays against the person at the bottom.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Opponent {
    /// A second person at this screen.
    AcrossTheScreen,
    /// The computer, at its level.
    Computer(u8),
    /// The friend in this room.
    Room(String),
}

/// The rules and the opponent: what stays the same across rematches.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Pairing {
    pub rules: Rules,
    pub opponent: Opponent,
}

/// Games ended before the one on the table, for the bottom and the top seat.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// The pairing counted; `None` before any game ended.
    pub pairing: Option<Pairing>,
    /// Wins of the bottom seat and of the top seat.
    pub wins: [u32; 2],
    pub draws: u32,
}

/// A score in half points.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Score {
    /// The bottom seat's and the top seat's points, doubled (a draw is 1).
    pub halves: [u32; 2],
    pub games: u32,
}

impl Score {
    /// A side's points as written: `2`, `½`, `2½`.
    pub fn points(halves: u32) -> String {
        match (halves / 2, halves % 2) {
            (0, 1) => "½".to_string(),
            (w, 1) => format!("{w}½"),
            (w, _) => w.to_string(),
        }
    }
}

impl Tally {
    /// The score a saved game carried (`[bottom wins, top wins, draws]`),
    /// for the table's pairing.
    pub fn restored(pairing: Pairing, [bottom, top, draws]: [u32; 3]) -> Tally {
        Tally {
            pairing: Some(pairing),
            wins: [bottom, top],
            draws,
        }
    }

    /// Adds a game that ended, `winner` its winning colour (`None` a draw),
    /// `bottom` the colour of the bottom seat in it.
    pub fn add(&mut self, winner: Option<Color>, bottom: Color) {
        match winner {
            Some(w) if w == bottom => self.wins[0] = self.wins[0].saturating_add(1),
            Some(_) => self.wins[1] = self.wins[1].saturating_add(1),
            None => self.draws = self.draws.saturating_add(1),
        }
    }

    /// The score, with the game on the table if it is over.
    pub fn score(&self, current: Option<Option<Color>>, bottom: Color) -> Score {
        let mut all = self.clone();
        if let Some(winner) = current {
            all.add(winner, bottom);
        }
        Score {
            halves: [all.wins[0] * 2 + all.draws, all.wins[1] * 2 + all.draws],
            games: all.wins[0] + all.wins[1] + all.draws,
        }
    }
}

/// The pairing of a table: its rules, its mode and its room's code.
pub fn pairing(rules: Rules, mode: Mode, room: Option<&str>) -> Pairing {
    let opponent = match (room, mode) {
        (Some(code), _) => Opponent::Room(code.to_string()),
        (None, Mode::VsEngine { level, .. }) => Opponent::Computer(level),
        (None, Mode::TwoPlayers { .. }) => Opponent::AcrossTheScreen,
    };
    Pairing { rules, opponent }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn seats_not_colours_are_counted_and_a_draw_is_half() {
        let mut t = Tally::default();
        t.add(Some(Color::Light), Color::Light);
        t.add(Some(Color::Light), Color::Dark);
        t.add(Some(Color::Dark), Color::Light);
        t.add(None, Color::Dark);
        let s = t.score(Some(Some(Color::Dark)), Color::Dark);
        assert_eq!(s.halves, [5, 5]);
        assert_eq!(s.games, 5);
        assert_eq!(Score::points(5), "2½");
        assert_eq!(Score::points(1), "½");
        assert_eq!(Score::points(4), "2");
    }
}
