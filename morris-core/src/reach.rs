//! Whether a [`Setup`] is a position worth starting from: every problem
//! it has, not only the first, for a position editor that explains them
//! all while the player edits (docs/RULES.md §5, "The position editor").
//!
//! [`Setup::position`] refuses what no position text may say (two pieces
//! on a point, more pieces than the game gives). [`Setup::problems`] adds
//! what a referee sees at a glance that no game can reach, and a position
//! whose game is already over. Each check is one no legal game can fail
//! (a property test plays random games under every rule set and finds no
//! problem before their end), so a position it refuses is one that cannot
//! arise; the converse does not hold: a position with no problem may still
//! be one no game reaches.

use crate::{Color, PlacingMill, PositionError, Reason, Removal, Setup};

impl Setup {
    /// Every reason this setup is not a playable position, in a stable
    /// order: the problems of [`Setup::position`], then
    ///
    /// - [`PositionError::FewerThanThree`]: a side has fewer than three
    ///   pieces on the board and in hand (markers do not count). The game
    ///   ended before this position, by §2.7 even during the placing.
    /// - [`PositionError::HandsOutOfTurn`]: during the placing the sides
    ///   place in turn, the side the rules name `first` first, so the side
    ///   to move follows from the hands: with equal hands `first` is to
    ///   move, with the other side holding one more, the other side. Not
    ///   checked where a turn can be something else than a placement
    ///   (`move-in-placing`) or a placing mill takes from a hand (§7.2
    ///   `hand`, `hand-again`), which unbalance the hands.
    /// - [`PositionError::LostBeforeMill`]: a side has lost pieces, but
    ///   its opponent has placed fewer than a capture needs: three for a
    ///   mill, two for a custodian capture, one for intervention (§7.6).
    /// - [`PositionError::LostWithoutRemoval`]: a side has lost pieces
    ///   under classic rules that never take one (`removal=never`, or a
    ///   mill that wins outright).
    /// - [`PositionError::DueWithoutTarget`]: the side to move owes a
    ///   removal-only turn that can take nothing; a game skips such a
    ///   turn (§7.10), so it never stands due.
    /// - [`PositionError::Over`]: the game is over by another rule a
    ///   position alone decides (blocked, a full board, a mill that wins,
    ///   a draw counter run out). A position whose game has ended is no
    ///   start for a game or an analysis.
    ///
    /// Empty for every position a game reaches before its end.
    pub fn problems(&self) -> Vec<PositionError> {
        let mut out = Vec::new();
        self.written_problems(&mut out);
        let written = out.len();
        for c in Color::ALL {
            let pieces = self.material(c);
            if pieces < 3 {
                out.push(PositionError::FewerThanThree { color: c, pieces });
            }
        }
        if let Some(e) = self.hands_out_of_turn() {
            out.push(e);
        }
        self.lost_pieces(&mut out);
        if written == 0 {
            let pos = self.build();
            if self.pending[0].is_some() && pos.pending() != self.pending {
                out.push(PositionError::DueWithoutTarget(self.turn));
            }
            if let Some(o) = pos.outcome().filter(|o| o.reason != Reason::FewerThanThree) {
                out.push(PositionError::Over(o));
            }
        }
        out
    }

    /// Pieces on the board and in hand.
    fn material(&self, c: Color) -> u32 {
        self.pieces[c].count() + u32::from(self.in_hand[c])
    }

    /// Pieces `c` has placed: those that left its hand.
    fn placed(&self, c: Color) -> u32 {
        u32::from(self.rules.pieces.saturating_sub(self.in_hand[c]))
    }

    /// Whether the hands disagree with the side to move during a placing
    /// in strict turns.
    fn hands_out_of_turn(&self) -> Option<PositionError> {
        let rules = &self.rules;
        let placing = self.in_hand.light > 0 || self.in_hand.dark > 0;
        let strict = !rules.move_in_placing
            && matches!(
                rules.placing_mill,
                PlacingMill::Remove | PlacingMill::Mark | PlacingMill::Count
            );
        if !placing || !strict {
            return None;
        }
        let first = rules.first;
        let (hf, ho) = (self.in_hand[first], self.in_hand[!first]);
        let fits = if self.turn == first {
            hf == ho
        } else {
            u16::from(ho) == u16::from(hf) + 1
        };
        (!fits).then_some(PositionError::HandsOutOfTurn {
            turn: self.turn,
            first,
            light: self.in_hand.light,
            dark: self.in_hand.dark,
        })
    }

    /// Pieces lost that the opponent cannot have taken.
    fn lost_pieces(&self, out: &mut Vec<PositionError>) {
        let rules = &self.rules;
        // The fewest pieces of its own a side needs on the board to take one.
        let needed = if rules.intervention {
            1
        } else if rules.custodian {
            2
        } else {
            3
        };
        let never = rules.classic() && (rules.removal == Removal::Never || rules.mill_wins);
        for c in Color::ALL {
            let lost = u32::from(rules.pieces).saturating_sub(self.material(c));
            if lost == 0 {
                continue;
            }
            let placed = self.placed(!c);
            if never {
                out.push(PositionError::LostWithoutRemoval { color: c, lost });
            } else if placed < needed {
                out.push(PositionError::LostBeforeMill {
                    color: c,
                    lost,
                    placed,
                });
            }
        }
    }
}
