//! Game review in the page: the game on the table gone through turn by
//! turn in a web worker of its own (`morris_engine::review` at
//! [`protocol::DEFAULT_DEPTH`]), each turn marked `?` (costs half a piece or
//! more) or `??` (changes the result), with the evaluation over the game.
//!
//! The review runs in its own instance of the computer's worker (the
//! `worker` binary dispatches a [`protocol::Start`] to [`protocol::review`]),
//! so that the game's own computer is never kept waiting, and cancelling
//! ends that worker at once, even in the middle of a search. [`Review`]
//! holds what came back, free of the browser so it is tested natively.

pub mod protocol;

use morris_core::{Color, Game, Move, Position};
use morris_engine::review::loses;
use morris_engine::{Mark, Score};

use protocol::{FromReview, TurnLine};

/// Where a review is.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    Running,
    /// Every turn reviewed, in this many milliseconds.
    Done(u64),
    Cancelled,
    /// The worker could not start or broke: the reason.
    Failed(String),
}

/// A review of a game: its turns as they come back.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Review {
    pub epoch: u32,
    /// The game reviewed: where it started and its turns.
    start: Position,
    moves: Vec<Move>,
    pub lines: Vec<TurnLine>,
    pub status: Status,
    pub started_ms: u64,
}

/// How far the graph reaches either way, in hundredths of a piece: a
/// forced result is drawn at the edge.
pub const GRAPH_CLAMP: i32 = 500;

impl Review {
    pub fn new(epoch: u32, game: &Game, started_ms: u64) -> Review {
        Review {
            epoch,
            start: *game.start(),
            moves: game.moves().to_vec(),
            lines: Vec::new(),
            status: Status::Running,
            started_ms,
        }
    }

    /// How many turns the review covers.
    pub fn total(&self) -> usize {
        self.moves.len()
    }

    /// Takes in a message of the worker's (one of another epoch is
    /// dropped); `now_ms` times the end.
    pub fn take(&mut self, msg: FromReview, now_ms: u64) {
        if self.status != Status::Running {
            return;
        }
        match msg {
            FromReview::Turn { epoch, line } if epoch == self.epoch && line.turn == self.lines.len() + 1 => {
                self.lines.push(line);
            }
            FromReview::Done { epoch } if epoch == self.epoch => {
                self.status = Status::Done(now_ms.saturating_sub(self.started_ms));
            }
            _ => {}
        }
    }

    /// Whether the review speaks of `game`: the same start, and the turns
    /// reviewed still the first of its turns (a game played on keeps the
    /// review of its beginning).
    pub fn fits(&self, game: &Game) -> bool {
        *game.start() == self.start && game.moves().starts_with(&self.moves)
    }

    /// Each turn's mark, in the game's order (as far as reviewed).
    pub fn marks(&self) -> Vec<Mark> {
        self.lines.iter().map(|l| l.mark).collect()
    }

    /// The marked turns.
    pub fn marked(&self) -> impl Iterator<Item = &TurnLine> {
        self.lines.iter().filter(|l| l.mark != Mark::None)
    }

    /// The marked turn that the position `shown_ply` explains: the turn
    /// played from it (the board then shows the better move), else the
    /// turn that led to it. `true` with the turn played from it.
    pub fn explained(&self, shown_ply: usize) -> Option<(&TurnLine, bool)> {
        let marked = |ply: usize| {
            ply.checked_sub(1)
                .and_then(|i| self.lines.get(i))
                .filter(|l| l.mark != Mark::None)
        };
        marked(shown_ply + 1)
            .map(|l| (l, true))
            .or_else(|| marked(shown_ply).map(|l| (l, false)))
    }

    /// The turn `turn` (from 1), when it was not the engine's choice but
    /// both it and the engine's lose: said so, and nothing marked.
    pub fn both_lose(&self, turn: usize) -> Option<&TurnLine> {
        let line = turn.checked_sub(1).and_then(|i| self.lines.get(i))?;
        let side = self.position_before(line.turn)?.turn();
        let own = |s: Score| if side == Color::Light { s } else { s.flip() };
        let lost = loses(own(line.before)) && loses(own(line.after));
        (line.mark == Mark::None && !line.best.is_empty() && lost).then_some(line)
    }

    /// The better move to show on the board at `shown_ply`, if a marked
    /// turn is played from there.
    pub fn better_move(&self, shown_ply: usize) -> Option<Move> {
        let (line, before) = self.explained(shown_ply)?;
        let pos = self.position_before(line.turn)?;
        before.then(|| pos.parse_move(&line.best).ok()).flatten()
    }

    /// The position a turn (from 1) was played from.
    pub fn position_before(&self, turn: usize) -> Option<Position> {
        let mut pos = self.start;
        for m in self.moves.get(..turn.checked_sub(1)?)? {
            pos = pos.play(*m);
        }
        Some(pos)
    }

    /// The graph's points: for each ply from 0, light's value, clamped to
    /// [`GRAPH_CLAMP`].
    pub fn graph(&self) -> Vec<i32> {
        let first = self.lines.first().map(|l| l.before);
        first
            .into_iter()
            .chain(self.lines.iter().map(|l| l.after))
            .map(clamped)
            .collect()
    }
}

/// The endgame table files a review of `game` needs: those of each of its
/// positions that the app's tables cover. With any, the review runs in the
/// worker with the tables, which loads them first, so that those positions
/// are valued exactly.
pub fn tables_for(game: &Game) -> Vec<&'static str> {
    let mut out = Vec::new();
    for pos in game.positions() {
        for f in crate::tablebase::files(pos).unwrap_or_default() {
            if !out.contains(&f) {
                out.push(f);
            }
        }
    }
    out
}

/// Whether a review of `game` runs in the worker with the tables: where
/// the tables cover one of its positions, Nine's tables for range reads
/// may (`crate::web_tables`), or the analysis solves one on the spot
/// (Three Men's Morris, Six once both hands are empty), so that the
/// review's judgement there is the analysis's exact one; and every game
/// of Nine's standard rules, which the review searches with the learned
/// evaluation as the analysis board does (`crate::network`).
pub fn needs_tables_worker(game: &Game) -> bool {
    crate::network::applies(game)
        || !tables_for(game).is_empty()
        || game
            .positions()
            .iter()
            .any(|p| crate::analysis::think::solvable(p) || crate::web_tables::moves_valued(p))
}

/// A score for the graph: a forced result at the edge.
pub fn clamped(s: Score) -> i32 {
    match s {
        Score::Value(v) => v.clamp(-GRAPH_CLAMP, GRAPH_CLAMP),
        Score::Win(_) => GRAPH_CLAMP,
        Score::Loss(_) => -GRAPH_CLAMP,
    }
}

#[cfg(test)]
mod tests {
    use super::protocol::Start;
    use super::*;
    use morris_engine::{NoClock, Searcher};
    use morris_solver::Value;

    fn blunder_game() -> Game {
        let text = "[Variant \"nine\"]\n[Position \"nine .../.L./L../.....D/..L/.../DD. L 0/0 0/0 -\"]\n\n1. c5-f2 g4-g1xe3 *\n";
        Game::from_record(text).unwrap_or_else(|e| unreachable!("{e}"))
    }

    #[test]
    fn a_review_judges_a_turn_by_the_values_read_before_it() {
        // Six against six (Nine's tables for range reads, read ahead by the
        // worker): say only the first legal move wins and the one played
        // loses.
        let Ok(pos) = "nine LD./DL./LLD/..L..L/.../DD./.D. D 0/0 0/0 -".parse::<Position>() else {
            unreachable!()
        };
        let legal = pos.legal_moves();
        let (good, played) = (legal[0], legal[1]);
        let mut game = Game::from_position(pos);
        assert!(game.play_text(&pos.notation(played)).is_ok());
        let far = morris_solver::FAR;
        let values = legal
            .iter()
            .map(|&m| {
                (
                    m,
                    if m == good {
                        Value::Win(far)
                    } else {
                        Value::Loss(far)
                    },
                )
            })
            .collect();
        let judge = |known: &protocol::Known| {
            let mut review = Review::new(1, &game, 0);
            protocol::review_solving(
                &Start::new(1, &game, 2),
                &mut Searcher::new(1),
                &NoClock,
                known,
                |m| review.take(m, 1),
            );
            review.lines
        };
        let lines = judge(&[(pos, values)]);
        assert_eq!(lines.len(), 1);
        assert_eq!(lines[0].mark, Mark::Blunder, "{lines:?}");
        assert_eq!(lines[0].best, pos.notation(good));
    }

    #[test]
    fn a_review_collects_its_turns_and_explains_the_blunder() {
        let game = blunder_game();
        let mut review = Review::new(3, &game, 1_000);
        let mut searcher = Searcher::new(1);
        let mut msgs = Vec::new();
        protocol::review(&Start::new(3, &game, 4), &mut searcher, &NoClock, |m| {
            msgs.push(m)
        });
        // A stale message of another review is dropped.
        review.take(FromReview::Done { epoch: 2 }, 1_100);
        for m in msgs {
            review.take(m, 1_500);
        }
        assert_eq!(review.status, Status::Done(500));
        assert_eq!(review.marks(), [Mark::Blunder, Mark::None]);
        assert_eq!(review.marked().count(), 1);
        // At the start the blunder is ahead: the block shows on the board.
        let better = review.better_move(0);
        assert_eq!(
            better.map(|m| game.start().notation(m).ends_with("-g1")),
            Some(true)
        );
        assert_eq!(
            review.explained(0).map(|(l, before)| (l.turn, before)),
            Some((1, true))
        );
        // After it, it is explained in words only; after the mill, nothing.
        assert_eq!(
            review.explained(1).map(|(l, before)| (l.turn, before)),
            Some((1, false))
        );
        assert_eq!(review.better_move(1), None);
        assert_eq!(review.explained(2), None);
        let graph = review.graph();
        assert_eq!(graph.len(), 3);
        assert_eq!(graph[2], -GRAPH_CLAMP, "light lost: {graph:?}");
        assert!(graph[0] > -GRAPH_CLAMP, "not lost before the blunder: {graph:?}");

        assert!(review.fits(&game));
        let mut shorter = game.clone();
        shorter.undo();
        assert!(!review.fits(&shorter));
        assert!(!review.fits(&Game::new(morris_core::Variant::Nine.rules())));
    }

    #[test]
    fn in_three_mens_morris_the_review_judges_by_the_solve_and_says_both_lose() {
        // Dark's 5… b2-b1 loses in 2 plies, and c3-c2, which a search to
        // depth 12 scores a draw, loses in 8: no mark, both lose.
        let text = "[Variant \"three\"]\n\n1. a3 b3 2. c1 c2 3. b1 c3 4. b1-a1 c2-b2 5. a1-a2 b2-b1 *\n";
        let game = Game::from_record(text).unwrap_or_else(|e| unreachable!("{e}"));
        assert!(needs_tables_worker(&game), "the worker that solves");
        let mut review = Review::new(1, &game, 0);
        let mut searcher = Searcher::new(1);
        protocol::review_solving(&Start::new(1, &game, 12), &mut searcher, &NoClock, &[], |m| {
            review.take(m, 9)
        });
        assert_eq!(review.lines.len(), 10);
        assert_eq!(review.lines[9].mark, Mark::None);
        let both = review.both_lose(10).map(|l| (l.turn, l.best.clone()));
        assert_eq!(both, Some((10, "c3-c2".to_string())));
        assert_eq!(review.both_lose(9), None);
        // The worker without the solver searches alone and marks it.
        let mut alone = Review::new(2, &game, 0);
        protocol::review(&Start::new(2, &game, 12), &mut Searcher::new(1), &NoClock, |m| {
            alone.take(m, 9)
        });
        assert_eq!(alone.lines[9].mark, Mark::Blunder);
        assert!(!needs_tables_worker(&Game::new(
            morris_core::Variant::Six.rules()
        )));
        let nine = Game::new(morris_core::Variant::Nine.rules());
        assert!(
            needs_tables_worker(&nine),
            "the worker with the learned evaluation"
        );
    }

    #[test]
    fn a_game_into_the_tables_is_reviewed_with_them() {
        // Three pieces each: 3v3 (a side left with two needs no table).
        assert_eq!(tables_for(&blunder_game()), ["nine-3v3.tb"]);
        let mut opening = Game::new(morris_core::Variant::Nine.rules());
        assert!(opening.play_text("d6").is_ok());
        assert!(tables_for(&opening).is_empty());
    }

    #[test]
    fn a_cancelled_review_takes_no_more() {
        let game = blunder_game();
        let mut review = Review::new(1, &game, 0);
        review.status = Status::Cancelled;
        review.take(FromReview::Done { epoch: 1 }, 5);
        assert_eq!(review.status, Status::Cancelled);
        assert_eq!(clamped(Score::Value(-9_000)), -GRAPH_CLAMP);
        assert_eq!(clamped(Score::Win(3)), GRAPH_CLAMP);
        assert_eq!(review.total(), 2);
    }
}
