//! A game: the start position, the turns played, and the ends that need
//! history (repetition) or the players' word (agreement, resignation) or
//! their clocks (a loss on time, declared by whoever keeps the clocks).

use thiserror::Error;

use crate::notation::{IllegalMoveError, IllegalReason, MoveError};
use crate::{Bitboard, ByColor, Color, Move, Outcome, Position, Reason, Rules};

/// What makes two positions the same for the repetition rule: the pieces,
/// the hands and the side to move (not the counters, not a re-forming ban),
/// and the §7 state that changes the legal turns (used lines, removals due).
type Repeats = (
    ByColor<Bitboard>,
    ByColor<u8>,
    Color,
    ByColor<u32>,
    [Option<crate::Due>; 2],
);

fn repeats(p: &Position) -> Repeats {
    (p.pieces, p.in_hand, p.turn, p.used, p.pending)
}

/// A game in progress or finished.
///
/// How often each position has arisen is kept as the game goes: a turn
/// looks back only over the turns since the last placement or removal
/// (nothing before one can come back), and only until the last time its
/// position stood, whose count it carries on. Asking for the outcome is
/// then free, and replaying a game costs nothing like the whole history
/// per turn, which made a long game's replay quadratic. (A map of the
/// positions would bound even the look-back, but its code cost 2.7 KB of
/// every WebAssembly module; with the n-move rule, on by default, the
/// look-back is at most 100 turns, and game links and records are bounded.)
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    positions: Vec<Position>,
    moves: Vec<Move>,
    declared: Option<Outcome>,
    /// For each position: how often it had arisen when it arose (1 the
    /// first time), and where the run of reversible turns it is in began.
    arisen: Vec<(u32, usize)>,
}

/// A request that needs a game still in progress.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[error("the game is already over: {0}")]
pub struct GameOverError(pub Outcome);

impl Game {
    /// A new game from the empty board.
    pub fn new(rules: Rules) -> Game {
        Game::from_position(Position::new(rules))
    }

    /// A game that starts from `start`.
    pub fn from_position(start: Position) -> Game {
        Game {
            positions: vec![start],
            moves: Vec::new(),
            declared: None,
            arisen: vec![(1, 0)],
        }
    }

    pub fn rules(&self) -> &Rules {
        self.position().rules()
    }

    /// The position the game started from.
    pub fn start(&self) -> &Position {
        &self.positions[0]
    }

    /// The current position.
    pub fn position(&self) -> &Position {
        self.positions.last().unwrap_or(&self.positions[0])
    }

    /// Every position so far, the start first and the current one last.
    pub fn positions(&self) -> &[Position] {
        &self.positions
    }

    /// The turns played.
    pub fn moves(&self) -> &[Move] {
        &self.moves
    }

    /// The number a move list gives the next turn: every turn of the side
    /// that began the game starts a new move, and the other side's turn
    /// after it has the same number (1 at the start; after `a1 b2 d1`, 2).
    /// In the rule sets where a side may take two turns in a row
    /// (docs/RULES.md §7) the count follows the mover, not the parity.
    pub fn move_number(&self) -> usize {
        let opener = self.start().turn();
        let begun = self.positions[..self.moves.len()]
            .iter()
            .filter(|p| p.turn() == opener)
            .count();
        if self.position().turn() == opener {
            begun + 1
        } else {
            begun.max(1)
        }
    }

    /// The moves a move list numbers so far (the number of its last entry;
    /// 2 after `a1 b2 d1` and after `a1 b2 d1 d2`, 0 before any turn).
    pub fn moves_numbered(&self) -> usize {
        let opener = self.start().turn();
        self.positions[..self.moves.len()]
            .iter()
            .filter(|p| p.turn() == opener)
            .count()
    }

    /// The turns played, in notation.
    pub fn move_texts(&self) -> Vec<String> {
        self.moves
            .iter()
            .zip(&self.positions)
            .map(|(&m, p)| p.notation(m))
            .collect()
    }

    /// How often the current position has arisen (1 the first time).
    pub fn repetitions(&self) -> usize {
        self.arisen.last().map_or(1, |&(n, _)| n as usize)
    }

    /// The end of the game, by any rule: the players' word, then the
    /// position's own rules, then threefold repetition.
    pub fn outcome(&self) -> Option<Outcome> {
        self.declared.or_else(|| self.position().outcome()).or_else(|| {
            (self.rules().threefold && self.repetitions() >= 3).then_some(Outcome::draw(Reason::Threefold))
        })
    }

    /// The legal turns now; none once the game is over by any rule.
    pub fn legal_moves(&self) -> Vec<Move> {
        if self.outcome().is_some() {
            return Vec::new();
        }
        self.position().legal_moves()
    }

    /// Plays a turn, if it is legal and the game is not over.
    pub fn play(&mut self, m: Move) -> Result<(), IllegalMoveError> {
        let pos = *self.position();
        if self.outcome().is_some() {
            return Err(IllegalMoveError {
                text: pos.notation(m),
                reason: IllegalReason::GameOver,
            });
        }
        if !pos.is_legal(m) {
            let text = pos.notation(m);
            // Resolving the text again finds the precise reason.
            return Err(match text.parse().map(|mt| pos.resolve(&mt)) {
                Ok(Err(e)) => e,
                _ => IllegalMoveError {
                    text,
                    reason: IllegalReason::NotLegal,
                },
            });
        }
        let next = pos.play(m);
        self.arisen.push(self.arising(&pos, &next));
        self.positions.push(next);
        self.moves.push(m);
        Ok(())
    }

    /// Reads a move in notation and plays it.
    pub fn play_text(&mut self, text: &str) -> Result<Move, MoveError> {
        let mt = text.parse()?;
        if self.outcome().is_some() {
            return Err(IllegalMoveError {
                text: text.trim().to_string(),
                reason: IllegalReason::GameOver,
            }
            .into());
        }
        let m = self.position().resolve(&mt)?;
        self.play(m)?;
        Ok(m)
    }

    /// Takes back the last turn (and any resignation or agreed draw).
    pub fn undo(&mut self) -> Option<Move> {
        self.declared = None;
        let m = self.moves.pop()?;
        if self.positions.len() > 1 {
            self.positions.pop();
            self.arisen.pop();
        }
        Some(m)
    }

    /// How often `next`, about to follow `prev`, will have arisen, and
    /// where its run of reversible turns began.
    fn arising(&self, prev: &Position, next: &Position) -> (u32, usize) {
        let at = self.positions.len();
        // A placement or a removal changes the hands or the pieces' count
        // for good: nothing before it can stand again.
        let reversible = prev.in_hand == next.in_hand
            && prev.pieces[Color::Light].count() == next.pieces[Color::Light].count()
            && prev.pieces[Color::Dark].count() == next.pieces[Color::Dark].count();
        let start = match (reversible, self.arisen.last()) {
            (true, Some(&(_, start))) => start,
            _ => at,
        };
        let key = repeats(next);
        let earlier = self.positions.get(start..).unwrap_or_default();
        let last = earlier.iter().rposition(|p| repeats(p) == key);
        let count = last
            .and_then(|j| self.arisen.get(start + j))
            .map_or(1, |&(n, _)| n.saturating_add(1));
        (count, start)
    }

    /// `color` resigns.
    pub fn resign(&mut self, color: Color) -> Result<Outcome, GameOverError> {
        self.declare(Outcome::win(!color, Reason::Resignation))
    }

    /// `color`'s clock ran out: `color` loses on time (RULES.md §2.7),
    /// whatever is left on the board, and a turn half made does not count.
    pub fn flag(&mut self, color: Color) -> Result<Outcome, GameOverError> {
        self.declare(Outcome::win(!color, Reason::Time))
    }

    /// The players agree to a draw.
    pub fn agree_draw(&mut self) -> Result<Outcome, GameOverError> {
        self.declare(Outcome::draw(Reason::Agreement))
    }

    /// Withdraws a resignation or an agreed draw and nothing else: the
    /// turns stay. Returns the outcome withdrawn, `None` if none stood.
    pub fn withdraw(&mut self) -> Option<Outcome> {
        self.declared.take()
    }

    fn declare(&mut self, o: Outcome) -> Result<Outcome, GameOverError> {
        if let Some(done) = self.outcome() {
            return Err(GameOverError(done));
        }
        self.declared = Some(o);
        Ok(o)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{Rules, Variant};

    #[test]
    fn moves_are_numbered_as_a_move_list_numbers_them() -> Result<(), Box<dyn std::error::Error>> {
        let mut game = Game::new(Rules::default());
        assert_eq!((game.move_number(), game.moves_numbered()), (1, 0));
        let mut seen = Vec::new();
        for m in ["a1", "b2", "d1", "d2"] {
            assert!(game.play_text(m).is_ok(), "{m}");
            seen.push((game.move_number(), game.moves_numbered()));
        }
        assert_eq!(seen, [(1, 1), (2, 1), (2, 2), (3, 2)]);
        // Light removes, then moves: two turns of one side, two numbers;
        // dark answers in the second.
        let blocked: Position =
            "nine:blocked=remove-move LDL/.../.../D....D/.../.../LDL L 0/0 0/0 -".parse()?;
        let mut game = Game::from_position(blocked);
        let played = ["xd7", "a7-d7"].map(|m| game.play_text(m).is_ok());
        assert_eq!(played, [true, true]);
        assert_eq!((game.move_number(), game.moves_numbered()), (2, 2));
        Ok(())
    }

    #[test]
    fn withdrawing_a_resignation_keeps_the_turns() {
        let mut game = Game::new(Variant::Nine.rules());
        assert_eq!(game.withdraw(), None);
        let _ = game.play_text("d6");
        let resigned = game.resign(Color::Dark);
        assert_eq!(resigned.map(|o| o.reason), Ok(Reason::Resignation));
        assert_eq!(game.withdraw().map(|o| o.reason), Some(Reason::Resignation));
        assert_eq!((game.outcome(), game.moves().len()), (None, 1));
        let _ = game.agree_draw();
        assert_eq!(game.withdraw().map(|o| o.reason), Some(Reason::Agreement));
        assert_eq!((game.outcome(), game.moves().len()), (None, 1));
    }
}
