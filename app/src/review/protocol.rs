//! The review's messages between the page and its worker, as plain text
//! lines (tested natively, like the engine's `Request` and `Reply`).
//!
//! The page sends one [`Start`]; the worker answers each turn as it is
//! reviewed with a [`FromReview::Turn`], then [`FromReview::Done`]. The
//! worker reviews in a loop of its own: the page stops it by ending it.

use std::sync::atomic::AtomicBool;

use morris_core::{Game, Move, Position};
use morris_engine::{Clock, ExactMoves, Limits, Mark, Reviewer, Score, Searcher, TurnReview};
use morris_solver::Value;

use crate::analysis::think::Solves;
use crate::link::{self, Mode};

/// The depth each position is searched to (the turn played is searched one
/// ply shallower from the position after it), as `morris review` does by
/// default: a 60-turn game of Nine took 4.9 to 5.5 s in headless Chromium
/// on a two-core machine with a load average of 1 to 3 (the review test
/// prints it).
pub const DEFAULT_DEPTH: u32 = 12;
/// The deepest a review may ask for.
const MAX_DEPTH: u32 = 32;

/// "Review this game": `v`, epoch, depth, the game as link text.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Start {
    pub epoch: u32,
    pub depth: u32,
    pub game: String,
}

impl Start {
    pub fn new(epoch: u32, game: &Game, depth: u32) -> Start {
        Start {
            epoch,
            depth,
            game: link::format(Mode::default(), game, &[], None),
        }
    }

    pub fn encode(&self) -> String {
        format!("v\t{}\t{}\t{}", self.epoch, self.depth, self.game)
    }

    pub fn decode(text: &str) -> Option<Start> {
        let mut f = text.splitn(4, '\t');
        if f.next()? != "v" {
            return None;
        }
        Some(Start {
            epoch: f.next()?.parse().ok()?,
            depth: f.next()?.parse().ok()?,
            game: f.next()?.to_string(),
        })
    }
}

/// One turn reviewed, as the page shows it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TurnLine {
    /// The turn's number, from 1.
    pub turn: usize,
    pub mark: Mark,
    /// The better turn in notation; empty when the turn played was the
    /// engine's choice.
    pub best: String,
    /// The position's value before the turn, from light's side.
    pub before: Score,
    /// The value after the turn played, from light's side.
    pub after: Score,
    /// Both values are exact (endgame tables, a solve), not a search's.
    pub exact: bool,
}

impl TurnLine {
    /// The line for a reviewed turn played from `pos`.
    pub fn new(t: &TurnReview, pos: &Position) -> TurnLine {
        TurnLine {
            turn: t.turn,
            mark: t.mark,
            best: if t.best == t.played {
                String::new()
            } else {
                pos.notation(t.best)
            },
            before: t.light_score_before(),
            after: seen_after(t.light_score()),
            exact: t.exact,
        }
    }
}

/// A turn's score, found from the position before it (the turn counted
/// in a win's or a loss's plies), as the position after it stands: the
/// same plies the analysis board says there, one fewer. A win/draw/loss
/// table's win, of no known length, stays.
fn seen_after(score: Score) -> Score {
    match score {
        Score::Win(n) if n < u32::from(morris_solver::FAR) => Score::Win(n.saturating_sub(1)),
        Score::Loss(n) if n < u32::from(morris_solver::FAR) => Score::Loss(n.saturating_sub(1)),
        score => score,
    }
}

/// What the review's worker says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FromReview {
    Turn {
        epoch: u32,
        line: TurnLine,
    },
    /// Every turn is reviewed (or the game could not be read).
    Done {
        epoch: u32,
    },
}

/// `v35`, `w5`, `l4`.
fn score_text(s: Score) -> String {
    match s {
        Score::Value(v) => format!("v{v}"),
        Score::Win(n) => format!("w{n}"),
        Score::Loss(n) => format!("l{n}"),
    }
}

fn read_score(text: &str) -> Option<Score> {
    Some(match text.split_at_checked(1)? {
        ("v", v) => Score::Value(v.parse().ok()?),
        ("w", n) => Score::Win(n.parse().ok()?),
        ("l", n) => Score::Loss(n.parse().ok()?),
        _ => return None,
    })
}

fn read_mark(text: &str) -> Option<Mark> {
    [Mark::None, Mark::Mistake, Mark::Blunder]
        .into_iter()
        .find(|m| m.as_str() == text)
}

impl FromReview {
    /// `vt`, epoch, turn, mark, best, before, after, exact (`1` or `0`);
    /// or `vd`, epoch.
    pub fn encode(&self) -> String {
        match self {
            FromReview::Turn { epoch, line } => format!(
                "vt\t{epoch}\t{}\t{}\t{}\t{}\t{}\t{}",
                line.turn,
                line.mark.as_str(),
                line.best,
                score_text(line.before),
                score_text(line.after),
                u8::from(line.exact)
            ),
            FromReview::Done { epoch } => format!("vd\t{epoch}"),
        }
    }

    pub fn decode(text: &str) -> Option<FromReview> {
        if let Some(epoch) = text.strip_prefix("vd\t") {
            return Some(FromReview::Done {
                epoch: epoch.parse().ok()?,
            });
        }
        let f: Vec<&str> = text.strip_prefix("vt\t")?.split('\t').collect();
        let [epoch, turn, mark, best, before, after, exact] = f.as_slice() else {
            return None;
        };
        let exact = match *exact {
            "1" => true,
            "0" => false,
            _ => return None,
        };
        Some(FromReview::Turn {
            epoch: epoch.parse().ok()?,
            line: TurnLine {
                turn: turn.parse().ok()?,
                mark: read_mark(mark)?,
                best: (*best).to_string(),
                before: read_score(before)?,
                after: read_score(after)?,
                exact,
            },
        })
    }
}

/// Reviews the game of `start` turn by turn with `searcher`, handing each
/// message to `emit` as it is ready, the last one `Done`: the worker's side,
/// kept free of the browser so it is tested natively. Exact values come
/// from the searcher's tables only (the worker without the solver's code).
pub fn review(start: &Start, searcher: &mut Searcher, clock: &dyn Clock, emit: impl FnMut(FromReview)) {
    review_with(start, searcher, clock, &mut |_| None, emit);
}

/// Positions with every move's exact value for the side making it, read
/// before a review (Nine's tables for range reads, `crate::web_tables`).
pub type Known = [(Position, Vec<(Move, Value)>)];

/// [`review`] with the analysis board's own exact judge where it reaches:
/// besides the tables, Three Men's Morris, and Six once both hands are
/// empty, solved here as the analysis solves them (the worker with the
/// tables, `crate::engine::run_worker_with_tablebase`), and the positions
/// `known`.
pub fn review_solving(
    start: &Start,
    searcher: &mut Searcher,
    clock: &dyn Clock,
    known: &Known,
    emit: impl FnMut(FromReview),
) {
    let mut solves = Solves::default();
    let mut exact = |pos: &Position| {
        solves
            .values(pos)
            .or_else(|| known.iter().find(|(p, _)| p == pos).map(|(_, v)| v.clone()))
    };
    review_with(start, searcher, clock, &mut exact, emit);
}

fn review_with(
    start: &Start,
    searcher: &mut Searcher,
    clock: &dyn Clock,
    exact: ExactMoves,
    mut emit: impl FnMut(FromReview),
) {
    let epoch = start.epoch;
    if let Ok(opened) = link::parse(&start.game) {
        let game = opened.game;
        let positions = game.positions().to_vec();
        let depth = start.depth.clamp(1, MAX_DEPTH);
        let mut reviewer = Reviewer::new(game, Limits::depth(depth), morris_engine::review::DEFAULT_MARGIN);
        let stop = AtomicBool::new(false);
        while let Some(t) = reviewer.step_with(searcher, clock, &stop, exact) {
            let Some(pos) = positions.get(t.turn - 1) else {
                break;
            };
            emit(FromReview::Turn {
                epoch,
                line: TurnLine::new(&t, pos),
            });
        }
    }
    emit(FromReview::Done { epoch });
}

#[cfg(test)]
mod tests {
    use super::*;
    use morris_engine::NoClock;

    /// Light on three flies c5-f2 instead of blocking g1, and loses.
    pub const BLUNDER: &str =
        "[Variant \"nine\"]\n[Position \"nine .../.L./L../.....D/..L/.../DD. L 0/0 0/0 -\"]\n\n1. c5-f2 g4-g1xe3 *\n";

    #[test]
    fn messages_survive_the_wire() {
        let game = Game::from_record(BLUNDER).unwrap_or_else(|e| unreachable!("{e}"));
        let start = Start::new(4, &game, 6);
        assert_eq!(Start::decode(&start.encode()), Some(start));
        assert_eq!(Start::decode("q\t1\t2\tvariant=nine"), None);
        for msg in [
            FromReview::Done { epoch: 7 },
            FromReview::Turn {
                epoch: 3,
                line: TurnLine {
                    turn: 12,
                    mark: Mark::Blunder,
                    best: "c5-g1".into(),
                    before: Score::Value(-35),
                    after: Score::Loss(2),
                    exact: false,
                },
            },
            FromReview::Turn {
                epoch: 3,
                line: TurnLine {
                    turn: 1,
                    mark: Mark::None,
                    best: String::new(),
                    before: Score::Win(9),
                    after: Score::Value(0),
                    exact: true,
                },
            },
        ] {
            assert_eq!(FromReview::decode(&msg.encode()), Some(msg));
        }
        assert_eq!(FromReview::decode("vt\t1\t2\t!\t\tv0\tv0\t0"), None);
        assert_eq!(FromReview::decode("vt\t1\t2\t?\t\tv0\tv0"), None);
        assert_eq!(FromReview::decode("vt\t1\t2\t?\t\tv0\tv0\tx"), None);
        assert_eq!(FromReview::decode("r\t1"), None);
    }

    #[test]
    fn the_worker_marks_the_blunder_and_names_the_block() {
        let game = Game::from_record(BLUNDER).unwrap_or_else(|e| unreachable!("{e}"));
        let mut searcher = Searcher::new(1);
        let mut got = Vec::new();
        review(&Start::new(2, &game, 4), &mut searcher, &NoClock, |m| got.push(m));
        assert_eq!(got.last(), Some(&FromReview::Done { epoch: 2 }));
        let lines: Vec<&TurnLine> = got
            .iter()
            .filter_map(|m| match m {
                FromReview::Turn { epoch: 2, line } => Some(line),
                _ => None,
            })
            .collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0].mark, Mark::Blunder);
        assert!(lines[0].best.ends_with("-g1"), "the block: {:?}", lines[0]);
        // Counted from after c5-f2, as the analysis board counts there:
        // dark wins with the next move.
        assert_eq!(lines[0].after, Score::Loss(1), "light lost: {:?}", lines[0]);
        assert_eq!(seen_after(Score::Win(12)), Score::Win(11));
        let far = u32::from(morris_solver::FAR);
        assert_eq!(
            seen_after(Score::Loss(far)),
            Score::Loss(far),
            "a length not known stays"
        );
        // The winning mill is not marked (which piece it takes, any wins).
        assert_eq!(lines[1].mark, Mark::None);
        assert!(lines[1].after.is_loss(), "{:?}", lines[1]);

        let mut none = Vec::new();
        let bad = Start {
            epoch: 5,
            depth: 3,
            game: "moves=zz".into(),
        };
        review(&bad, &mut searcher, &NoClock, |m| none.push(m));
        assert_eq!(none, [FromReview::Done { epoch: 5 }]);
    }
}
