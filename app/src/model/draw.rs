//! When the computer takes a draw. A draw offered to the computer waits for
//! its turn: the search it runs for its move scores exactly the position it
//! is asked in, and with the endgame tables loaded that score is the tables'
//! value (a draw scores 0, a win or a loss beyond every evaluation). The
//! computer then accepts only when that score says it is not better:
//!
//! - once both sides have placed every piece, a score of 0 or less (level,
//!   drawn by the tables, or worse for it);
//! - while pieces are still being placed, only a score of
//!   [`PLACING_DRAW_SCORE`] or less. The placing phase of Nine Men's Morris
//!   is a draw with best play and every evaluation of it hovers about 0:
//!   "level" there means undecided, not drawn, and no player takes a draw
//!   at the second turn of a game that has not begun.
//!
//! Every level decides the same way, from its own search.

use morris_core::{Color, Position};

/// The score (hundredths of a piece, for the computer) at or below which it
/// takes a draw while pieces are still being placed: a whole piece behind.
pub const PLACING_DRAW_SCORE: i32 = -100;

/// Whether the computer, playing `engine` in `pos` (its turn) and scoring it
/// `score` from its own side, accepts a draw.
pub fn engine_accepts_draw(pos: &Position, engine: Color, score: i32) -> bool {
    let placing = pos.in_hand(engine) > 0 || pos.in_hand(!engine) > 0;
    if placing {
        score <= PLACING_DRAW_SCORE
    } else {
        score <= 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use morris_core::{Game, Rules};

    #[test]
    fn level_at_the_start_is_no_reason_for_a_draw_but_a_lost_piece_is() {
        let mut game = Game::new(Rules::default());
        for m in ["d2", "b4"] {
            assert!(game.play_text(m).is_ok());
        }
        let pos = game.position();
        assert!(!engine_accepts_draw(pos, Color::Light, 0));
        assert!(!engine_accepts_draw(pos, Color::Light, -40));
        assert!(engine_accepts_draw(pos, Color::Light, -120));
    }

    #[test]
    fn after_the_placing_a_level_or_worse_score_takes_the_draw() {
        let pos: Position = match "nine .D./DL./.../..L..L/.../.../.D. L 0/0 0/0 -".parse() {
            Ok(p) => p,
            Err(e) => unreachable!("{e}"),
        };
        assert!(engine_accepts_draw(&pos, Color::Light, 0));
        assert!(engine_accepts_draw(&pos, Color::Light, -100_000));
        assert!(!engine_accepts_draw(&pos, Color::Light, 5));
        assert!(!engine_accepts_draw(&pos, Color::Light, 100_000));
    }
}
