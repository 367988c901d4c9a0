//! The computer's life in the page: its web worker, started on first need
//! (or with the first render when the computer sits at the table, so that
//! starting it never holds up a turn), asked for a move, a hint, or the
//! endgame tables' value when one is due, and its replies turned into
//! actions. When a game needs the endgame tables, the worker that has
//! them takes the other's place and stays (see `tablebase`); if that
//! worker cannot start (offline before it was ever fetched), the other
//! one plays on without them. The strongest level's games of Nine start
//! with the worker with the tables, the one with the learned evaluation
//! (`crate::network`).

use std::cell::RefCell;
use std::rc::Rc;

use gloo_timers::callback::Timeout;
use yew::prelude::*;

use crate::browser::now_ms;
use crate::engine::{clock_budget_ms, EngineLink, FromWorker, Request};
use crate::first_screen::when_drawn;
use crate::link::{self, Mode};
use crate::model::{Action, Model};
use crate::network;
use crate::tablebase::{self, Probe};

/// The shortest time between the person's turn and the computer's answer,
/// so the eye can follow both.
const ENGINE_PAUSE_MS: f64 = 350.0;

/// What the endgame tables say of the position of an epoch.
pub type Perfect = Option<(u32, Probe)>;

/// The running worker and what it was asked, shared by the hook's
/// effects and the worker's replies.
#[derive(Clone)]
struct Worker {
    link: Rc<RefCell<Option<EngineLink>>>,
    /// The running worker is the one with the endgame tables.
    has_tablebase: Rc<RefCell<bool>>,
    /// The worker with the endgame tables could not start.
    tablebase_broken: Rc<RefCell<bool>>,
    /// The last move or hint asked, to ask again of a replacing worker.
    last_asked: Rc<RefCell<Option<Request>>>,
    /// The last probe of the tables, likewise (the replacing worker says
    /// they are missing).
    last_probe: Rc<RefCell<Option<Request>>>,
    asked_at: Rc<RefCell<f64>>,
    /// The epoch of the computer's move being searched, until it answers.
    thinking: Rc<RefCell<Option<u32>>>,
    dispatcher: UseReducerDispatcher<Model>,
    perfect: UseStateHandle<Perfect>,
}

impl Worker {
    /// Starts the worker (the one with the tables if `tablebase`) unless a
    /// fitting one runs.
    fn ensure(&self, tablebase: bool) {
        let mut slot = self.link.borrow_mut();
        let broken = *self.tablebase_broken.borrow();
        let tablebase = tablebase && !broken;
        let has = *self.has_tablebase.borrow();
        if slot.is_some() && ((has && !broken) || !tablebase && !has) {
            return;
        }
        // A worker that cannot start is an error on the table, never a
        // panic: two people still play.
        let script = if tablebase {
            "./worker-tables.js"
        } else {
            "./worker.js"
        };
        // The worker it replaces ends with its link.
        *slot = None;
        let me = self.clone();
        match EngineLink::spawn(script, move |msg| me.on_message(tablebase, msg)) {
            Ok(link) => {
                *slot = Some(link);
                *self.has_tablebase.borrow_mut() = tablebase;
            }
            Err(why) => self.dispatcher.dispatch(Action::EngineFailed(why)),
        }
    }

    /// The worker with the tables broke: the other one takes over and is
    /// asked again what was asked.
    fn fall_back(&self) {
        *self.tablebase_broken.borrow_mut() = true;
        let me = self.clone();
        // Later: the failing link's own handler is running now.
        Timeout::new(0, move || {
            me.ensure(false);
            if let Some(b) = me.link.borrow().as_ref() {
                let asked = [&me.last_probe, &me.last_asked];
                asked
                    .iter()
                    .filter_map(|r| r.borrow().clone())
                    .for_each(|r| b.send(&r));
            }
        })
        .forget();
    }

    fn on_message(&self, tablebase: bool, msg: FromWorker) {
        let d = self.dispatcher.clone();
        let reply = match msg {
            FromWorker::Reply(reply) => reply,
            FromWorker::Failed(_) if tablebase => return self.fall_back(),
            FromWorker::Failed(why) => return d.dispatch(Action::EngineFailed(why)),
            FromWorker::Ready | FromWorker::Review(_) => return,
            FromWorker::TablebaseValue { epoch, value } => {
                return self.perfect.set(value.map(|v| (epoch, v)))
            }
        };
        if !reply.hint {
            self.answered(reply.epoch);
        }
        let action = match (reply.hint, reply.text) {
            (true, Some(text)) => Action::Suggestion {
                epoch: reply.epoch,
                text,
            },
            (false, Some(text)) => Action::EngineMove {
                epoch: reply.epoch,
                text,
                score: reply.score,
            },
            (_, None) => return,
        };
        let wait = ENGINE_PAUSE_MS - (now_ms() - *self.asked_at.borrow());
        if wait > 0.0 && matches!(action, Action::EngineMove { .. }) {
            Timeout::new(wait as u32, move || d.dispatch(action)).forget();
        } else {
            d.dispatch(action);
        }
    }

    /// A move for `epoch` came: its search is over.
    fn answered(&self, epoch: u32) {
        let mut thinking = self.thinking.borrow_mut();
        if *thinking == Some(epoch) {
            *thinking = None;
        }
    }

    /// Calls off a search for a game that has changed since (a take-back
    /// or a new game while the computer thinks): a search cannot be
    /// interrupted by a message, so its worker ends and another starts,
    /// and the next request does not wait for the stale answer.
    fn cancel_stale(&self, epoch: u32) {
        let stale = self.thinking.borrow().is_some_and(|e| e != epoch);
        if stale {
            *self.thinking.borrow_mut() = None;
            *self.last_asked.borrow_mut() = None;
            self.link.borrow_mut().take();
        }
    }

    fn send(&self, request: &Request) {
        if let Some(b) = self.link.borrow().as_ref() {
            b.send(request);
        }
    }
}

/// The computer for the model on the table; gives the endgame tables'
/// value of the position, when they have one.
#[hook]
pub fn use_engine(model: &UseReducerHandle<Model>) -> Perfect {
    let perfect = use_state(|| None::<(u32, Probe)>);
    let worker = Worker {
        link: use_mut_ref(|| None),
        has_tablebase: use_mut_ref(|| false),
        tablebase_broken: use_mut_ref(|| false),
        last_asked: use_mut_ref(|| None),
        last_probe: use_mut_ref(|| None),
        asked_at: use_mut_ref(|| 0.0),
        thinking: use_mut_ref(|| None),
        dispatcher: model.dispatcher(),
        perfect: perfect.clone(),
    };
    let level = match model.mode {
        Mode::VsEngine { level, .. } => level,
        Mode::TwoPlayers { .. } => link::DEFAULT_LEVEL,
    };
    // The strongest level plays Nine with the learned evaluation, which only
    // the worker with the tables carries (`crate::network`).
    let learned = network::at_level(&model.game, level);
    {
        let worker = worker.clone();
        // Started ahead of its first move, once the first screen is drawn.
        use_effect_with(
            (model.mode.engine().is_some(), learned),
            move |&(seated, learned)| {
                if seated {
                    when_drawn(move || worker.ensure(learned));
                }
            },
        );
    }
    // Ask for the computer's move or a hint when one is due, and the
    // tables for their value.
    let wants_move = model.engine_to_move() && model.view.is_none();
    let game = model.game.clone();
    // On the clock the computer keeps to its time.
    let turn = model.game.position().turn();
    let budget = model.clock.as_ref().map(|c| {
        let left = c.left_at(turn, turn, crate::browser::clock_ms());
        clock_budget_ms(left, c.control.increment_ms)
    });
    // A position the tables cover: their value is asked of the worker
    // that has them (which then loads them, once); so is a position of
    // Nine's other classes, which its tables for range reads may cover.
    let tablebase =
        tablebase::files(model.game.position()).is_some() || crate::web_tables::wanted(model.game.position());
    let covered = tablebase && model.outcome().is_none();
    // Level 10's move and the hint at Nine's last placement read its
    // moves' values there too.
    let valued = tablebase || crate::web_tables::moves_valued(model.game.position());
    // A game one capture from the tables fetches them ahead, for offline.
    let ahead = !tablebase::soon(model.game.position()).is_empty();
    use_effect_with(
        (model.epoch, wants_move, model.hint_pending),
        move |&(epoch, wants_move, wants_hint)| {
            worker.cancel_stale(epoch);
            if covered {
                worker.ensure(true);
                let probe = Request::probe(epoch, &game);
                worker.send(&probe);
                *worker.last_probe.borrow_mut() = Some(probe);
            }
            // Also where the tables for range reads are asked: a capture
            // may lead into the app's own files.
            if ahead {
                worker.ensure(true);
                worker.send(&Request::prefetch(epoch, &game));
            }
            if wants_move || wants_hint {
                let request = Request::new(epoch, &game, level, !wants_move).within(budget);
                let values = valued && crate::engine::keeps_values(&request);
                worker.ensure(tablebase || values || crate::engine::takes_network(&request));
                if worker.link.borrow().is_some() {
                    *worker.asked_at.borrow_mut() = now_ms();
                    worker.send(&request);
                    if wants_move {
                        *worker.thinking.borrow_mut() = Some(epoch);
                    }
                }
                *worker.last_asked.borrow_mut() = Some(request);
            }
        },
    );
    *perfect
}
