//! The computer opponent: a web worker that runs `morris_core::search`.
//!
//! A search is synchronous and long, so it runs in a worker of its own (the
//! second binary, `worker`) and the page never waits for it. The page sends
//! the game as link text with the `epoch` it was asked under; the answer
//! carries the epoch back so a stale answer is dropped (see
//! [`crate::state::Table::epoch`]). The search keeps its own time limit,
//! since messages cannot interrupt it.

use std::sync::atomic::AtomicBool;

use gloo_worker::{HandlerId, Worker, WorkerScope};
use morris_core::search::{Clock, Level, Score, Searcher};
use morris_core::{Game, Move};
use serde::{Deserialize, Serialize};

use crate::link::{self, Mode};

/// The strongest level offered (the search's own strongest).
pub const MAX_LEVEL: u8 = Level::MAX;
/// The longest the computer thinks about one turn, in milliseconds.
const MOVE_TIME_MS: u64 = 2_500;
/// The longest a hint takes.
const HINT_TIME_MS: u64 = 1_200;
/// The level hints are searched at.
const HINT_LEVEL: u8 = 8;
/// Transposition table size in the worker, in megabytes.
const TT_MB: usize = 16;

/// A question for the computer.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Request {
    pub epoch: u32,
    /// The game as link text (start position and moves).
    pub game: String,
    pub level: u8,
    /// A hint for the person rather than the computer's own move.
    pub hint: bool,
}

/// The computer's answer.
#[derive(Clone, Debug, Serialize, Deserialize, PartialEq, Eq)]
pub struct Reply {
    pub epoch: u32,
    pub hint: bool,
    /// The move in notation; `None` if there is none (the game is over).
    pub text: Option<String>,
    /// The evaluation for the side that moves, in hundredths of a piece.
    pub score: Option<i32>,
}

impl Request {
    pub fn new(epoch: u32, game: &Game, level: u8, hint: bool) -> Request {
        Request {
            epoch,
            game: link::format(Mode::default(), game, &[], None),
            level,
            hint,
        }
    }
}

/// A score as one number: wins and losses beyond every evaluation.
fn centipawns(score: Score) -> i32 {
    match score {
        Score::Value(v) => v,
        Score::Win(_) => 100_000,
        Score::Loss(_) => -100_000,
    }
}

/// Answers one request with `searcher`: the engine's side of the worker,
/// kept free of the browser so it is tested natively.
pub fn answer(searcher: &mut Searcher, request: &Request, clock: &dyn Clock, seed: u64) -> Reply {
    let mut reply = Reply {
        epoch: request.epoch,
        hint: request.hint,
        text: None,
        score: None,
    };
    let Ok(opened) = link::parse(&request.game) else {
        return reply;
    };
    let game = opened.game;
    let (level, time) = if request.hint {
        (HINT_LEVEL, HINT_TIME_MS)
    } else {
        (request.level, MOVE_TIME_MS)
    };
    let Some(level) = Level::new(level.clamp(Level::MIN, Level::MAX)) else {
        return reply;
    };
    let stop = AtomicBool::new(false);
    let result = searcher.play_level(&game, level, seed, Some(time), clock, &stop);
    let best: Option<Move> = result.best.or_else(|| game.legal_moves().first().copied());
    reply.text = best.map(|m| game.position().notation(m));
    reply.score = Some(centipawns(result.score));
    reply
}

/// The worker: one searcher kept across requests.
#[derive(Debug)]
pub struct EngineWorker {
    searcher: Searcher,
}

/// Milliseconds from the worker's clock.
#[derive(Clone, Copy, Debug)]
struct JsClock;

impl Clock for JsClock {
    fn now_ms(&self) -> u64 {
        js_sys::Date::now() as u64
    }
}

impl Worker for EngineWorker {
    type Message = ();
    type Input = Request;
    type Output = Reply;

    fn create(_scope: &WorkerScope<Self>) -> Self {
        EngineWorker {
            searcher: Searcher::new(TT_MB),
        }
    }

    fn update(&mut self, _scope: &WorkerScope<Self>, _msg: ()) {}

    fn received(&mut self, scope: &WorkerScope<Self>, request: Request, id: HandlerId) {
        let seed = (js_sys::Math::random() * 4_294_967_296.0) as u64;
        let reply = answer(&mut self.searcher, &request, &JsClock, seed);
        scope.respond(id, reply);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use morris_core::search::NoClock;
    use morris_core::{Rules, Variant};

    #[test]
    fn the_engine_answers_with_a_legal_move() {
        let mut searcher = Searcher::new(1);
        let mut game = Game::new(Rules::default());
        for m in ["a1", "b2", "d1"] {
            assert!(game.play_text(m).is_ok());
        }
        let weak = answer(&mut searcher, &Request::new(7, &game, 1, false), &NoClock, 1);
        assert_eq!(weak.epoch, 7);
        let Some(text) = weak.text else { unreachable!() };
        assert!(game.clone().play_text(&text).is_ok());
        // A stronger level stops the mill on g1.
        let strong = answer(&mut searcher, &Request::new(8, &game, 6, false), &NoClock, 1);
        assert_eq!(strong.text.as_deref(), Some("g1"));
    }

    #[test]
    fn a_finished_game_has_no_move() {
        let mut searcher = Searcher::new(1);
        let mut game = Game::new(Variant::Three.rules());
        for m in ["a1", "b2", "a2", "c3", "a3"] {
            assert!(game.play_text(m).is_ok());
        }
        let reply = answer(&mut searcher, &Request::new(1, &game, 3, true), &NoClock, 1);
        assert_eq!(reply.text, None);
    }
}
