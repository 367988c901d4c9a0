//! How a game ended: the winner, if any, and the rule that ended it.

use std::fmt;

use crate::Color;

/// The rule that ended a game (docs/RULES.md §2.7–2.8 and §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reason {
    /// The loser has fewer than three pieces on the board and in hand.
    FewerThanThree,
    /// The loser has no legal move.
    Blocked,
    /// The winner closed a mill where a mill wins outright.
    MillWins,
    /// The board is full after placing and nobody can move.
    BoardFull,
    /// The same position arose for the third time.
    Threefold,
    /// Too many moves after the placing without a mill.
    NMoveRule,
    /// Both sides on three pieces too long without a mill.
    EndgameRule,
    /// The players agreed to a draw.
    Agreement,
    /// The loser resigned.
    Resignation,
    /// The loser's clock ran out (the clock itself is the app's business).
    Time,
}

impl Reason {
    /// A short id: `fewer-than-three`, `blocked`, …
    pub const fn id(self) -> &'static str {
        match self {
            Reason::FewerThanThree => "fewer-than-three",
            Reason::Blocked => "blocked",
            Reason::MillWins => "mill-wins",
            Reason::BoardFull => "board-full",
            Reason::Threefold => "threefold-repetition",
            Reason::NMoveRule => "n-move-rule",
            Reason::EndgameRule => "endgame-rule",
            Reason::Agreement => "agreement",
            Reason::Resignation => "resignation",
            Reason::Time => "time",
        }
    }
}

/// The end of a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Outcome {
    /// `None` for a draw.
    pub winner: Option<Color>,
    pub reason: Reason,
}

impl Outcome {
    pub const fn win(winner: Color, reason: Reason) -> Outcome {
        Outcome {
            winner: Some(winner),
            reason,
        }
    }

    pub const fn draw(reason: Reason) -> Outcome {
        Outcome { winner: None, reason }
    }

    /// The result as written in records: `1-0`, `0-1` or `1/2-1/2`.
    pub const fn result(self) -> &'static str {
        match self.winner {
            Some(Color::Light) => "1-0",
            Some(Color::Dark) => "0-1",
            None => "1/2-1/2",
        }
    }
}

impl fmt::Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let why = match (self.reason, self.winner) {
            (Reason::FewerThanThree, Some(w)) => format!("{} is left with fewer than three pieces", !w),
            (Reason::Blocked, Some(w)) => format!("{} cannot move", !w),
            (Reason::MillWins, Some(w)) => format!("{w} closed a mill"),
            (Reason::BoardFull, Some(w)) => format!("the board is full and {} cannot move", !w),
            (Reason::Resignation, Some(w)) => format!("{} resigned", !w),
            (Reason::Time, Some(w)) => format!("{} ran out of time", !w),
            (Reason::BoardFull, None) => "the board is full and nobody can move".into(),
            (Reason::Blocked, None) => "a blocked player cannot go on".into(),
            (Reason::Threefold, _) => "the same position arose three times".into(),
            (Reason::NMoveRule, _) => "too many moves without a mill".into(),
            (Reason::EndgameRule, _) => "both sides on three pieces without a mill".into(),
            (Reason::Agreement, _) => "the players agreed".into(),
            (r, _) => r.id().into(),
        };
        match self.winner {
            Some(w) => write!(f, "{} ({w} wins: {why})", self.result()),
            None => write!(f, "1/2-1/2 (draw: {why})"),
        }
    }
}
