//! The analysis in the worker with the tables: it thinks about the asked
//! position in slices (`think::slice`), one depth more each, and between
//! two slices gives the worker's event loop a turn, so that a new
//! position or a stop is read within a slice's time (a search itself
//! cannot be interrupted by messages). First it loads the tables the
//! position needs, or solves its class, and sends each move's exact value.

use std::cell::RefCell;
use std::rc::Rc;

use morris_core::{Game, Position};
use wasm_bindgen::JsValue;
use web_sys::DedicatedWorkerGlobalScope;

use super::protocol::{Exact, FromAnalysis, ToAnalysis};
use super::think::{self, Solves};
use crate::engine::{load_class, JsClock, WorkerState};
use crate::link;

/// The position being thought about and how far the thinking got.
struct Job {
    epoch: u32,
    game: Game,
    depth: u32,
    stalls: u32,
    exact_sent: bool,
    /// Whether the values of Nine's tables for range reads are asked here.
    web: bool,
}

#[derive(Default)]
struct Thinking {
    job: Option<Job>,
    running: bool,
    solves: Solves,
}

/// The analysis's side of the worker.
#[derive(Clone)]
pub struct Analysis {
    state: Rc<RefCell<WorkerState>>,
    thinking: Rc<RefCell<Thinking>>,
    /// The folder of the table files.
    base: String,
    out: DedicatedWorkerGlobalScope,
}

impl std::fmt::Debug for Analysis {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("Analysis")
    }
}

/// Gives the worker's event loop a turn (messages waiting are read).
async fn pause() {
    crate::browser::worker_pause(0).await;
}

impl Analysis {
    /// The worker's handler of analysis lines, for
    /// `engine::run_worker_with_tablebase`.
    pub fn handler(
        state: Rc<RefCell<WorkerState>>,
        base: String,
        out: DedicatedWorkerGlobalScope,
    ) -> impl Fn(&str) {
        let analysis = Analysis::new(state, base, out);
        move |text: &str| analysis.on_message(text)
    }

    pub(crate) fn new(
        state: Rc<RefCell<WorkerState>>,
        base: String,
        out: DedicatedWorkerGlobalScope,
    ) -> Analysis {
        Analysis {
            state,
            thinking: Rc::default(),
            base,
            out,
        }
    }

    /// Reads a line from the page: a position to think about, or a stop.
    pub fn on_message(&self, text: &str) {
        let Some(msg) = ToAnalysis::decode(text) else {
            return;
        };
        let start = {
            let mut t = self.thinking.borrow_mut();
            t.job = match msg {
                ToAnalysis::Analyse { epoch, game, web } => link::parse(&game).ok().map(|o| Job {
                    epoch,
                    game: o.game,
                    depth: 0,
                    stalls: 0,
                    exact_sent: false,
                    web,
                }),
                ToAnalysis::Stop => None,
            };
            t.job.is_some() && !std::mem::replace(&mut t.running, true)
        };
        if start {
            wasm_bindgen_futures::spawn_local(self.clone().run());
        }
    }

    fn post(&self, msg: &FromAnalysis) {
        let _ = self.out.post_message(&JsValue::from_str(&msg.encode()));
    }

    /// Whether `epoch` is still the position asked about.
    fn current(&self, epoch: u32) -> bool {
        self.thinking
            .borrow()
            .job
            .as_ref()
            .is_some_and(|j| j.epoch == epoch)
    }

    /// Thinks until there is nothing left to think about.
    async fn run(self) {
        loop {
            let next = {
                let mut t = self.thinking.borrow_mut();
                let job = t.job.as_mut();
                job.map(|j| {
                    let first = !std::mem::replace(&mut j.exact_sent, true);
                    (j.epoch, j.game.clone(), j.depth, j.stalls, first.then_some(j.web))
                })
            };
            let Some((epoch, game, depth, stalls, first)) = next else {
                self.thinking.borrow_mut().running = false;
                return;
            };
            if let Some(web) = first {
                self.send_exact(epoch, &game, web).await;
                self.take_network(&game).await;
                if !self.current(epoch) {
                    continue;
                }
            }
            let slice = {
                let mut s = self.state.borrow_mut();
                think::slice(&mut s.searcher, &game, depth, think::slice_ms(stalls), &JsClock)
            };
            let report = {
                let mut t = self.thinking.borrow_mut();
                match t.job.as_mut().filter(|j| j.epoch == epoch) {
                    Some(job) if slice.depth > job.depth || slice.done => {
                        (job.depth, job.stalls) = (slice.depth, 0);
                        if slice.done {
                            t.job = None;
                        }
                        true
                    }
                    Some(job) => {
                        job.stalls += 1;
                        false
                    }
                    None => false,
                }
            };
            if report {
                self.post(&FromAnalysis::Lines {
                    epoch,
                    depth: slice.depth,
                    done: slice.done,
                    lines: slice.lines,
                });
            }
            pause().await;
        }
    }

    /// Searches `game` with the learned evaluation where it applies
    /// (`crate::network`), fetching it the first time.
    async fn take_network(&self, game: &Game) {
        let slot = std::rc::Rc::clone(&self.state.borrow().network);
        let net = crate::network::for_game(&slot, &self.base, game).await;
        self.state.borrow_mut().searcher.set_network(net);
    }

    /// Loads the tables the position needs (or solves its class) and sends
    /// the exact value of each move, if anything covers it; Nine's tables
    /// for range reads only when `web` (else the page asks them itself).
    async fn send_exact(&self, epoch: u32, game: &Game, web: bool) {
        let pos = *game.position();
        if crate::web_tables::moves_valued(&pos) {
            if web {
                self.send_web_exact(epoch, &pos).await;
            }
            return;
        }
        let files = crate::tablebase::files(&pos).unwrap_or_default();
        let missing: Vec<_> = {
            let s = self.state.borrow();
            files.iter().copied().filter(|f| !s.tried.contains(f)).collect()
        };
        if !missing.is_empty() || think::solvable(&pos) {
            self.post(&FromAnalysis::Exact {
                epoch,
                exact: Exact::Loading,
            });
            pause().await;
        }
        for name in missing {
            load_class(&self.state, &self.base, name).await;
        }
        if !self.current(epoch) {
            return;
        }
        let values = {
            let s = self.state.borrow();
            think::exact(s.searcher.tables(), &mut self.thinking.borrow_mut().solves, &pos)
        };
        let exact = match values {
            Some(v) => Exact::Values(v),
            None if !files.is_empty() => Exact::Missing,
            None if think::solvable(&pos) => Exact::Values(Vec::new()),
            None => return,
        };
        self.post(&FromAnalysis::Exact { epoch, exact });
    }

    /// The exact value of each move from Nine's tables for range reads
    /// ([`web_exact`]).
    async fn send_web_exact(&self, epoch: u32, pos: &Position) {
        let web = self.state.borrow().web.clone();
        if web.present().await {
            self.post(&FromAnalysis::Exact {
                epoch,
                exact: Exact::Loading,
            });
        }
        let exact = web_exact(&web, pos).await;
        if self.current(epoch) {
            self.post(&FromAnalysis::Exact { epoch, exact });
        }
    }
}

/// The exact value of each move of `pos` from Nine's tables for range
/// reads, their blocks fetched together: or that they need the network,
/// or (a block refused) that they cannot be had; no values where the set
/// does not cover the position.
pub async fn web_exact(web: &crate::web_tables::WebSet, pos: &Position) -> Exact {
    use crate::web_tables::{Failure, Leaves};
    let leaves = Leaves::of(pos);
    let answers = web.probe_many(leaves.positions()).await;
    match leaves.values(answers) {
        Ok(moves) => Exact::Values(think::best_first(
            pos,
            moves.into_iter().map(|m| (m.turn, m.value)).collect(),
        )),
        Err(Failure::Network) => Exact::Network,
        Err(Failure::Refused) => Exact::Missing,
        Err(Failure::NotCovered) if web.absent() => Exact::Unserved,
        Err(Failure::NotCovered) => Exact::Values(Vec::new()),
    }
}
