//! The openings a match starts its games from: a start position and the
//! turns played from it. Built in, they are short placement sequences drawn
//! deterministically for the variant (no mill closed, no side already
//! lost by a shallow search's judgement); from a file, one per line.

use std::sync::atomic::AtomicBool;

use morris_core::search::{Limits, NoClock, Score, Searcher};
use morris_core::{parse_turns, Game, Move, Position, Rules, MAX_RECORD_TURNS};

/// One opening.
#[derive(Clone, Debug)]
pub struct Opening {
    pub start: Position,
    pub moves: Vec<Move>,
}

/// How unbalanced (hundredths of a piece, for the side to move) a
/// built-in opening may be by a shallow search.
const MAX_IMBALANCE: i32 = 150;
const BALANCE_DEPTH: u32 = 4;
/// Fixed, so that every run draws the same openings.
const SEED: u64 = 0x4D75_6C69_6E6F;

impl Opening {
    /// The game after the opening.
    pub fn game(&self) -> Game {
        let mut game = Game::from_position(self.start);
        for &m in &self.moves {
            // The moves were checked when the opening was made.
            if game.play(m).is_err() {
                break;
            }
        }
        game
    }

    /// The turns in notation, or the position text when there are none.
    pub fn describe(&self) -> String {
        let texts = self.game().move_texts();
        if texts.is_empty() {
            self.start.to_string()
        } else if self.start == Position::new(*self.start.rules()) {
            texts.join(" ")
        } else {
            format!("{} moves {}", self.start, texts.join(" "))
        }
    }
}

/// `count` distinct openings for `rules`: random placements (four on the
/// big boards, two on the small ones) that close no mill and leave a
/// position a shallow search finds balanced. Fewer when the board does not
/// have that many.
pub fn built_in(rules: Rules, count: usize) -> Vec<Opening> {
    let start = Position::new(rules);
    let plies = if rules.geometry().len() >= 24 { 4 } else { 2 };
    let mut rng = SEED;
    let mut searcher = Searcher::new(1);
    let stop = AtomicBool::new(false);
    let mut seen = Vec::new();
    let mut openings = Vec::new();
    for _ in 0..count.saturating_mul(50).max(200) {
        if openings.len() >= count {
            break;
        }
        let mut pos = start;
        let mut moves = Vec::with_capacity(plies);
        for _ in 0..plies {
            let quiet: Vec<Move> = pos
                .legal_moves()
                .into_iter()
                .filter(|&m| m.removals().is_empty() && pos.play(m).outcome().is_none())
                .filter(|&m| {
                    let own = pos.pieces(pos.turn());
                    let own = m.from().map_or(own, |f| own.without(f)).with(m.to());
                    !pos.geometry().closes_mill(own, m.to())
                })
                .collect();
            let Some(&m) = quiet.get((next(&mut rng) % quiet.len().max(1) as u64) as usize) else {
                break;
            };
            moves.push(m);
            pos = pos.play(m);
        }
        if moves.len() < plies || seen.contains(&pos.key()) {
            continue;
        }
        seen.push(pos.key());
        searcher.clear();
        let score = searcher
            .search(&pos, &[], Limits::depth(BALANCE_DEPTH), &NoClock, &stop, |_| {})
            .score;
        if matches!(score, Score::Value(v) if v.abs() <= MAX_IMBALANCE) {
            openings.push(Opening { start, moves });
        }
    }
    openings
}

/// Reads openings, one a line: a position text, or turns played from the
/// start of `rules` (`d6 a1 f6`); `#` starts a comment line.
pub fn parse_file(text: &str, rules: Rules) -> Result<Vec<Opening>, String> {
    let mut openings = Vec::new();
    for (number, line) in text.lines().enumerate() {
        let line = line.trim();
        if line.is_empty() || line.starts_with('#') {
            continue;
        }
        let at = |e: String| format!("openings line {}: {e}", number + 1);
        if let Ok(start) = line.parse::<Position>() {
            openings.push(Opening {
                start,
                moves: Vec::new(),
            });
            continue;
        }
        let start = Position::new(rules);
        let list = parse_turns(line, MAX_RECORD_TURNS).map_err(|e| at(e.to_string()))?;
        let mut game = Game::from_position(start);
        for mt in &list.turns {
            if let Some(o) = game.outcome() {
                return Err(at(format!("the game is over after `{mt}`… ({o})")));
            }
            let m = game.position().resolve(mt).map_err(|e| at(e.to_string()))?;
            game.play(m).map_err(|e| at(e.to_string()))?;
        }
        if let Some(o) = game.outcome() {
            return Err(at(format!("the game is already over ({o})")));
        }
        openings.push(Opening {
            start,
            moves: game.moves().to_vec(),
        });
    }
    if openings.is_empty() {
        return Err("the openings file holds no opening".into());
    }
    Ok(openings)
}

/// SplitMix64: the next number of a small deterministic generator.
fn next(state: &mut u64) -> u64 {
    *state = state.wrapping_add(0x9E37_79B9_7F4A_7C15);
    let mut z = *state;
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

#[cfg(test)]
mod tests {
    #![allow(clippy::unwrap_used)]

    use morris_core::Variant;

    use super::*;

    #[test]
    fn built_in_openings_are_distinct_legal_and_repeatable() {
        for v in [Variant::Nine, Variant::Six, Variant::Three] {
            let a = built_in(v.rules(), 6);
            let b = built_in(v.rules(), 6);
            assert_eq!(a.len(), 6, "{v}");
            let keys: Vec<u64> = a.iter().map(|o| o.game().position().key()).collect();
            assert_eq!(
                keys,
                b.iter().map(|o| o.game().position().key()).collect::<Vec<_>>()
            );
            for (i, k) in keys.iter().enumerate() {
                assert!(!keys[..i].contains(k), "{v}: opening {i} repeats");
            }
            for o in &a {
                assert_eq!(o.game().moves().len(), o.moves.len());
                assert!(o.game().outcome().is_none());
            }
        }
    }

    #[test]
    fn a_file_holds_move_lists_and_positions() {
        let text = "# two openings\nd6 a1 f6\n\nnine L../.L./.../...L../D../.D./D.D L 0/0 0/0 -\n";
        let openings = parse_file(text, Variant::Nine.rules()).unwrap();
        assert_eq!(openings.len(), 2);
        assert_eq!(openings[0].describe(), "d6 a1 f6");
        assert!(parse_file("d6 d6", Variant::Nine.rules())
            .unwrap_err()
            .contains("line 1"));
        assert!(parse_file("# nothing", Variant::Nine.rules()).is_err());
    }
}
