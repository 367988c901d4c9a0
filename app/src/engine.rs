//! The computer opponent: a web worker that runs `morris_engine`.
//!
//! A search is synchronous and long, so it runs in a worker of its own (the
//! second binary, `worker`) and the page never waits for it. The page sends
//! the game as link text with the `epoch` it was asked under; the answer
//! carries the epoch back so a stale answer is dropped (see
//! `Model::epoch`). The search keeps its own time limit,
//! since messages cannot interrupt it.
//!
//! The messages are plain text lines ([`Request::encode`], [`Reply::encode`],
//! [`FromWorker`]), so both sides are tested natively. The worker may fail
//! to start (no worker support, a blocked script, `worker.js` or its wasm
//! neither online nor cached): [`EngineLink::spawn`] turns every such failure
//! into an error value or a [`FromWorker::Failed`] message, never a panic,
//! and the table says the computer is unavailable.
//!
//! The worker also holds the endgame tables (`tablebase`): when a
//! request's position is in a class they cover, it loads the tables it
//! needs first (IndexedDB, else the network), answers a
//! [`Request::probe`] with the exact value ([`FromWorker::TablebaseValue`]), and
//! its search plays such positions perfectly at every level.

use std::cell::RefCell;
use std::rc::Rc;
use std::sync::atomic::AtomicBool;

use morris_core::{Game, Move};
use morris_engine::{Clock, Level, Score, Searcher, Tablebases};
use morris_solver::Value;
use wasm_bindgen::closure::Closure;
use wasm_bindgen::{JsCast, JsValue};

use crate::link::{self, Mode};
use crate::tablebase::Probe;
use crate::web_tables::{WEB_CHOSEN_GLOBAL, WEB_GLOBAL};

/// The strongest level offered (the search's own strongest).
pub const MAX_LEVEL: u8 = Level::MAX;
/// The longest the computer thinks about one turn, in milliseconds.
const MOVE_TIME_MS: u64 = 2_500;
/// How many times `MOVE_TIME_MS` the strongest level spends on a
/// placing turn: against perfect play its drawn games were all given away
/// in the placing, and a longer search there keeps more of them
/// (docs/strength.md, "More search in the placing").
pub const PLACING_EFFORT: u32 = 3;
/// The longest a hint takes.
const HINT_TIME_MS: u64 = 1_200;
/// The least a move on the clock is given, however little time is left.
const MIN_TIME_MS: u64 = 50;

/// The longest the computer thinks about a turn at `level`, in
/// milliseconds (`placing`: a turn of the placing, where the strongest level
/// spends [`PLACING_EFFORT`] times longer): what the level picker promises,
/// and the search's own hard limit.
pub fn think_limit_ms(level: u8, placing: bool) -> u64 {
    if level >= MAX_LEVEL && placing {
        MOVE_TIME_MS * u64::from(PLACING_EFFORT)
    } else {
        MOVE_TIME_MS
    }
}

/// The time a turn on the clock may take with `left` on the mover's clock
/// and `increment` after each turn: a twentieth of what is left and most of
/// the increment, so that the computer keeps time to the end.
pub fn clock_budget_ms(left: u64, increment: u64) -> u64 {
    (left / 20 + increment * 3 / 4).min(left / 2).max(MIN_TIME_MS)
}
/// The level hints are searched at, with the learned evaluation in
/// Nine (`crate::network`): at its depth, 10, it gives better hints than
/// the hand-written evaluation alone (docs/strength.md).
const HINT_LEVEL: u8 = 8;
/// Transposition table size in the worker, in megabytes.
#[cfg(target_arch = "wasm32")]
const TT_MB: usize = 16;

/// A question for the computer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Request {
    pub epoch: u32,
    /// The game as link text (start position and moves).
    pub game: String,
    pub level: u8,
    /// A hint for the person rather than the computer's own move.
    pub hint: bool,
    /// Only the tables' value of the position, no move.
    pub probe: bool,
    /// Only fetch ahead the tables the game may soon need, no answer.
    pub prefetch: bool,
    /// The most a move may take on the computer's clock, in milliseconds
    /// (none: the level's own time, [`think_limit_ms`]).
    pub budget_ms: Option<u64>,
}

/// The computer's answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Reply {
    pub epoch: u32,
    pub hint: bool,
    /// The move in notation; `None` if there is none (the game is over).
    pub text: Option<String>,
    /// The evaluation for the side that moves, in hundredths of a piece
    /// (the endgame tables' exact value where they cover the position: a
    /// draw 0, a win or a loss ±100 000). A draw offered to the computer is
    /// answered from it (`model::engine_accepts_draw`).
    pub score: Option<i32>,
}

impl Request {
    pub fn new(epoch: u32, game: &Game, level: u8, hint: bool) -> Request {
        Request {
            epoch,
            game: link::format(Mode::default(), game, &[], None),
            level,
            hint,
            probe: false,
            prefetch: false,
            budget_ms: None,
        }
    }

    /// The same request, its move to take at most `budget_ms` (the
    /// computer's clock, [`clock_budget_ms`]).
    pub fn within(self, budget_ms: Option<u64>) -> Request {
        Request { budget_ms, ..self }
    }

    /// Asks for the endgame tables' value of the game's position.
    pub fn probe(epoch: u32, game: &Game) -> Request {
        Request {
            probe: true,
            ..Request::new(epoch, game, Level::MIN, false)
        }
    }

    /// Asks the worker with the tables to fetch ahead (into IndexedDB)
    /// the tables the game's next capture may lead to.
    pub fn prefetch(epoch: u32, game: &Game) -> Request {
        Request {
            prefetch: true,
            ..Request::new(epoch, game, Level::MIN, false)
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

impl Request {
    /// The request as one line of text: `q`, epoch, level, what (0 a
    /// move, 1 a hint, 2 the tables' value, 3 fetch tables ahead), the
    /// budget on the clock (empty: none), game.
    pub fn encode(&self) -> String {
        let what = match (self.prefetch, self.probe) {
            (true, _) => 3,
            (false, true) => 2,
            (false, false) => u8::from(self.hint),
        };
        let budget = self.budget_ms.map(|b| b.to_string()).unwrap_or_default();
        format!(
            "q\t{}\t{}\t{what}\t{budget}\t{}",
            self.epoch, self.level, self.game
        )
    }

    pub fn decode(text: &str) -> Option<Request> {
        let mut f = text.splitn(6, '\t');
        if f.next()? != "q" {
            return None;
        }
        let epoch = f.next()?.parse().ok()?;
        let level = f.next()?.parse().ok()?;
        let what = f.next()?;
        let budget = f.next()?;
        let game = f.next()?.to_string();
        Some(Request {
            epoch,
            game,
            level,
            hint: what == "1",
            probe: what == "2",
            prefetch: what == "3",
            budget_ms: budget.parse().ok(),
        })
    }
}

impl Reply {
    /// The reply as one line of text: `r`, epoch, hint, move, score.
    pub fn encode(&self) -> String {
        format!(
            "r\t{}\t{}\t{}\t{}",
            self.epoch,
            u8::from(self.hint),
            self.text.as_deref().unwrap_or(""),
            self.score.map(|s| s.to_string()).unwrap_or_default()
        )
    }
}

/// What the worker says.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FromWorker {
    /// The worker's code has loaded: requests may be sent.
    Ready,
    /// The worker could not start, or broke: the reason, for the person.
    Failed(String),
    Reply(Reply),
    /// The tables' answer for the position a probe asked about: its
    /// value for the side to move, or that a table is loading or cannot
    /// be had; `None` when the tables do not cover it.
    TablebaseValue {
        epoch: u32,
        value: Option<Probe>,
    },
    /// A game review's progress (`crate::review`).
    Review(crate::review::protocol::FromReview),
}

impl FromWorker {
    pub const READY: &'static str = "ready";

    /// A [`FromWorker::TablebaseValue`] as one line: `t`, epoch, value.
    pub fn tablebase_value(epoch: u32, value: Option<Probe>) -> String {
        let v = value.map(crate::tablebase::encode).unwrap_or_default();
        format!("t\t{epoch}\t{v}")
    }

    pub fn decode(text: &str) -> Option<FromWorker> {
        if text == Self::READY {
            return Some(FromWorker::Ready);
        }
        if let Some(why) = text.strip_prefix("failed\t") {
            return Some(FromWorker::Failed(why.to_string()));
        }
        if let Some(review) = crate::review::protocol::FromReview::decode(text) {
            return Some(FromWorker::Review(review));
        }
        if let Some(rest) = text.strip_prefix("t\t") {
            let (epoch, value) = rest.split_once('\t')?;
            return Some(FromWorker::TablebaseValue {
                epoch: epoch.parse().ok()?,
                value: crate::tablebase::decode(value),
            });
        }
        let mut f = text.splitn(5, '\t');
        if f.next()? != "r" {
            return None;
        }
        let epoch = f.next()?.parse().ok()?;
        let hint = f.next()? == "1";
        let text = Some(f.next()?).filter(|t| !t.is_empty()).map(str::to_string);
        let score = f.next()?.parse().ok();
        Some(FromWorker::Reply(Reply {
            epoch,
            hint,
            text,
            score,
        }))
    }
}

/// Answers one request with `searcher`: the engine's side of the worker,
/// kept free of the browser so it is tested natively.
pub fn answer(searcher: &mut Searcher, request: &Request, clock: &dyn Clock, seed: u64) -> Reply {
    answer_kept(searcher, request, clock, seed, &[])
}

/// Whether a request's move keeps to the exact values of the root's moves
/// where they are known (Nine's tables for range reads,
/// `crate::web_tables`): the strongest level's move and a hint.
pub fn keeps_values(request: &Request) -> bool {
    !request.probe && !request.prefetch && (request.hint || request.level >= MAX_LEVEL)
}

/// Whether `request` is searched with the learned evaluation
/// (`crate::network`): a move of the strongest level, or a hint (not a
/// probe or a fetch ahead), in a game the network applies to.
pub fn takes_network(request: &Request) -> bool {
    !request.probe
        && !request.prefetch
        && (request.hint || request.level >= MAX_LEVEL)
        && link::parse(&request.game).is_ok_and(|o| crate::network::applies(&o.game))
}

/// [`answer`] with `kept`, every root move's exact value for the side
/// making it (none: unknown): a move that [`keeps_values`] is one of those
/// that keep the best value, the search choosing among them.
pub fn answer_kept(
    searcher: &mut Searcher,
    request: &Request,
    clock: &dyn Clock,
    seed: u64,
    kept: &[morris_engine::TableMove],
) -> Reply {
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
    let strongest = !request.hint && level.number() == Level::MAX;
    let effort = if strongest { PLACING_EFFORT } else { 1 };
    searcher.set_placing_effort(effort);
    // On the clock: within the budget, longer placing turns included.
    let placing = game.position().placements_left() > 0;
    let effort = u64::from(if placing { effort } else { 1 });
    let time = match request.budget_ms.filter(|_| !request.hint) {
        Some(budget) => time.min(budget / effort).max(MIN_TIME_MS),
        None => time,
    };
    let result = if kept.is_empty() || !keeps_values(request) {
        searcher.play_level(&game, level, seed, Some(time), clock, &stop)
    } else {
        let how = morris_engine::LevelMove {
            level,
            seed,
            movetime_ms: Some(time),
            lines: 0,
        };
        searcher.play_level_kept(&game, how, kept, clock, &stop)
    };
    let best: Option<Move> = result.best.or_else(|| game.legal_moves().first().copied());
    reply.text = best.map(|m| game.position().notation(m));
    reply.score = Some(centipawns(result.score));
    reply
}

/// The tables' value of a request's position, if they cover it.
pub fn probe(tablebase: Option<&Tablebases>, request: &Request) -> Option<Value> {
    tablebase?.probe(unfinished(request)?.position())
}

/// A request's game, if it reads and is not over.
fn unfinished(request: &Request) -> Option<Game> {
    link::parse(&request.game)
        .ok()
        .map(|o| o.game)
        .filter(|g| g.outcome().is_none())
}

/// The answer to a probe: the value, else "missing" when the position
/// needs tables that are not loaded (offline, a failed download, or no
/// worker with tables), else nothing (not covered).
pub fn probe_answer(tablebase: Option<&Tablebases>, request: &Request) -> Option<Probe> {
    probe(tablebase, request)
        .map(Probe::Value)
        .or_else(|| (!needs(request).is_empty()).then_some(Probe::Missing))
}

/// The table files worth fetching ahead for a request's game.
pub fn ahead(request: &Request) -> Vec<&'static str> {
    unfinished(request)
        .map(|g| crate::tablebase::soon(g.position()))
        .unwrap_or_default()
}

/// The table files a request's position needs, if the app's tables cover it.
pub fn needs(request: &Request) -> Vec<&'static str> {
    unfinished(request)
        .and_then(|g| crate::tablebase::files(g.position()))
        .unwrap_or_default()
}

/// Milliseconds from the worker's clock.
#[cfg(target_arch = "wasm32")]
#[derive(Clone, Copy, Debug)]
pub(crate) struct JsClock;

#[cfg(target_arch = "wasm32")]
impl Clock for JsClock {
    fn now_ms(&self) -> u64 {
        js_sys::Date::now() as u64
    }
}

/// The worker's state: one searcher kept across requests, the tables
/// loaded so far, and the requests waiting their turn (a request that needs
/// a table waits for its download, and those after it wait too).
#[cfg(target_arch = "wasm32")]
#[derive(Debug)]
pub struct WorkerState {
    pub(crate) searcher: Searcher,
    tablebase: std::sync::Arc<Tablebases>,
    /// Files loaded, or given up on (they do not read); a file that could
    /// not be fetched (offline) is tried again by the next request.
    pub(crate) tried: Vec<&'static str>,
    /// Files fetched ahead into IndexedDB (or being fetched).
    ahead: Vec<&'static str>,
    queue: std::collections::VecDeque<Request>,
    busy: bool,
    /// Nine's tables for range reads, for the classes the files above do
    /// not serve.
    pub(crate) web: crate::web_tables::WebSet,
    /// The learned evaluation's network (`crate::network`), shared by the
    /// game's requests, the review and the analysis.
    pub(crate) network: Rc<RefCell<crate::network::Slot>>,
}

/// Loads a table file (again from the network if the cached copy does not
/// read) into the worker's tables.
#[cfg(target_arch = "wasm32")]
pub(crate) async fn load_class(state: &RefCell<WorkerState>, base: &str, name: &'static str) {
    state.borrow_mut().tried.push(name);
    for fresh in [false, true] {
        let Ok(bytes) = crate::tablebase::fetch_class(base, name, fresh).await else {
            state.borrow_mut().tried.retain(|&f| f != name);
            return;
        };
        let mut s = state.borrow_mut();
        // The searcher lets go of the tables so that they grow in place.
        s.searcher.set_tables(None);
        let loaded = std::sync::Arc::make_mut(&mut s.tablebase).load(&bytes).is_ok();
        let shared = std::sync::Arc::clone(&s.tablebase);
        s.searcher.set_tables(Some(shared));
        if loaded {
            return;
        }
    }
}

/// Answers the waiting requests in order, loading the tables a request
/// needs first.
#[cfg(target_arch = "wasm32")]
async fn drain(state: Rc<RefCell<WorkerState>>, base: String, out: web_sys::DedicatedWorkerGlobalScope) {
    loop {
        let next = state.borrow_mut().queue.pop_front();
        let Some(request) = next else {
            state.borrow_mut().busy = false;
            return;
        };
        let request = with_network(&state, &base, request).await;
        if let Some(text) = web_reply(&state, &request, &out).await {
            let _ = out.post_message(&JsValue::from_str(&text));
            continue;
        }
        let missing: Vec<_> = needs(&request)
            .into_iter()
            .filter(|name| !state.borrow().tried.contains(name))
            .collect();
        if request.probe && !missing.is_empty() {
            let loading = FromWorker::tablebase_value(request.epoch, Some(Probe::Loading));
            let _ = out.post_message(&JsValue::from_str(&loading));
        }
        for name in missing {
            load_class(&state, &base, name).await;
        }
        let text = {
            let mut s = state.borrow_mut();
            if request.probe {
                FromWorker::tablebase_value(request.epoch, probe_answer(s.searcher.tables(), &request))
            } else {
                move_reply(&mut s.searcher, &request)
            }
        };
        let _ = out.post_message(&JsValue::from_str(&text));
    }
}

/// Gives the searcher the learned evaluation's network if `request`
/// [takes it](takes_network), else none. The time its first fetch
/// took is the move's: the request then asks for what is left of it (a
/// hint keeps its own time, the fetch before it).
#[cfg(target_arch = "wasm32")]
async fn with_network(state: &RefCell<WorkerState>, base: &str, request: Request) -> Request {
    if !takes_network(&request) {
        state.borrow_mut().searcher.set_network(None);
        return request;
    }
    let started = JsClock.now_ms();
    let slot = Rc::clone(&state.borrow().network);
    let net = crate::network::load(&slot, base).await;
    state.borrow_mut().searcher.set_network(net);
    let spent = JsClock.now_ms().saturating_sub(started);
    if spent == 0 || request.hint {
        return request;
    }
    let placing = unfinished(&request).is_some_and(|g| g.position().placements_left() > 0);
    let limit = request
        .budget_ms
        .unwrap_or(think_limit_ms(request.level, placing));
    let left = limit.saturating_sub(spent).max(MIN_TIME_MS);
    request.within(Some(left))
}

/// A request's answer from Nine's tables for range reads: a probe's value
/// where its position is for them (`crate::web_tables::wanted`; loading
/// first where a set is there, then the value, "needs the network", or missing for a block
/// refused), or the move of a request that [`keeps_values`] where they
/// value its moves (`crate::web_tables::moves_valued`: Nine's last
/// two placements too), among the moves that keep the value its successors'
/// blocks say (fetched together). `None`: answered as any other request.
#[cfg(target_arch = "wasm32")]
async fn web_reply(
    state: &RefCell<WorkerState>,
    request: &Request,
    out: &web_sys::DedicatedWorkerGlobalScope,
) -> Option<String> {
    use crate::web_tables::{self, Failure};
    let game = unfinished(request)?;
    let pos = *game.position();
    let asked = if request.probe {
        web_tables::wanted(&pos)
    } else {
        keeps_values(request) && web_tables::moves_valued(&pos)
    };
    if !asked {
        return None;
    }
    let web = state.borrow().web.clone();
    if request.probe {
        if web.present().await {
            let loading = FromWorker::tablebase_value(request.epoch, Some(Probe::Loading));
            let _ = out.post_message(&JsValue::from_str(&loading));
        }
        let answer = web
            .probe_many(&[pos])
            .await
            .pop()
            .unwrap_or(Err(Failure::NotCovered));
        let value = match answer {
            Ok(Some(v)) => Some(Probe::Value(v)),
            Ok(None) | Err(Failure::NotCovered) => None,
            Err(Failure::Network) => Some(Probe::Network),
            Err(Failure::Refused) => Some(Probe::Missing),
        };
        return Some(FromWorker::tablebase_value(request.epoch, value));
    }
    let started = JsClock.now_ms();
    let leaves = web_tables::Leaves::of(&pos);
    let answers = web.probe_many(leaves.positions()).await;
    let kept = leaves.values(answers).unwrap_or_default();
    // The blocks' time is the move's: the search gets what is left of it.
    let spent = JsClock.now_ms().saturating_sub(started);
    let left = request.budget_ms.unwrap_or(MOVE_TIME_MS).saturating_sub(spent);
    let request = request.clone().within(Some(left.max(MIN_TIME_MS)));
    let seed = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    let mut s = state.borrow_mut();
    Some(answer_kept(&mut s.searcher, &request, &JsClock, seed, &kept).encode())
}

/// Fetches into IndexedDB, one by one, the files a game may soon need
/// (not loaded: that waits until a position needs them). A failed fetch
/// is tried again by a later request.
#[cfg(target_arch = "wasm32")]
async fn fetch_ahead(state: Rc<RefCell<WorkerState>>, base: String, names: Vec<&'static str>) {
    for name in names {
        let fetched = crate::tablebase::fetch_class(&base, name, false).await.is_ok();
        if !fetched {
            state.borrow_mut().ahead.retain(|&f| f != name);
        }
    }
}

/// The computer's move (or hint) for a request, as the line the page reads,
/// with a fresh seed for the weaker levels' choice.
#[cfg(target_arch = "wasm32")]
fn move_reply(searcher: &mut Searcher, request: &Request) -> String {
    let seed = (js_sys::Math::random() * 4_294_967_296.0) as u64;
    answer(searcher, request, &JsClock, seed).encode()
}

/// Hands every request the page sends to `on_request` and any other line
/// to `on_other` (a game review's start, or the analysis), then tells the
/// page the worker is ready.
#[cfg(target_arch = "wasm32")]
fn listen(
    scope: &web_sys::DedicatedWorkerGlobalScope,
    on_request: impl Fn(Request) + 'static,
    on_other: impl Fn(&str) + 'static,
) {
    let on_message = Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
        let Some(text) = e.data().as_string() else { return };
        match Request::decode(&text) {
            Some(request) => on_request(request),
            None => on_other(&text),
        }
    });
    scope.set_onmessage(Some(on_message.as_ref().unchecked_ref()));
    on_message.forget();
    let _ = scope.post_message(&JsValue::from_str(FromWorker::READY));
}

/// Reviews a game with `searcher`, telling the page each turn as it is
/// reviewed, and then that it is done.
#[cfg(target_arch = "wasm32")]
/// `solving`: Three and Six Men's Morris solved as the analysis solves
/// them (the worker with the tables; the other carries no solver).
fn review_game(
    out: &web_sys::DedicatedWorkerGlobalScope,
    searcher: &mut Searcher,
    start: &crate::review::protocol::Start,
    solving: Option<&crate::review::protocol::Known>,
) {
    let post = |m: crate::review::protocol::FromReview| {
        let _ = out.post_message(&JsValue::from_str(&m.encode()));
    };
    match solving {
        Some(known) => crate::review::protocol::review_solving(start, searcher, &JsClock, known, post),
        None => crate::review::protocol::review(start, searcher, &JsClock, post),
    }
}

/// Every move's exact value in the positions of `game` that are for Nine's
/// tables for range reads, their blocks fetched together (a position
/// whose blocks cannot be had is left to the search).
#[cfg(target_arch = "wasm32")]
async fn web_known(
    web: &crate::web_tables::WebSet,
    game: &Game,
) -> Vec<(morris_core::Position, Vec<(Move, Value)>)> {
    use crate::web_tables;
    let roots: Vec<_> = game.positions()[..game.moves().len()]
        .iter()
        .copied()
        .filter(web_tables::moves_valued)
        .collect();
    let leaves: Vec<_> = roots.iter().map(web_tables::Leaves::of).collect();
    let all: Vec<_> = leaves
        .iter()
        .flat_map(|l| l.positions().iter().copied())
        .collect();
    if all.is_empty() {
        return Vec::new();
    }
    let mut answers = web.probe_many(&all).await.into_iter();
    let mut known = Vec::new();
    for (root, leaves) in roots.into_iter().zip(leaves) {
        let mine: Vec<_> = answers.by_ref().take(leaves.positions().len()).collect();
        if let Ok(moves) = leaves.values(mine) {
            known.push((root, moves.into_iter().map(|m| (m.turn, m.value)).collect()));
        }
    }
    known
}

/// The worker's side: answers every request with one searcher kept across
/// requests, and says it is ready. Called by the `worker` binary, which the
/// page starts first; it knows no tables, so that the first load carries
/// none of their code. It is asked for their value only when the worker
/// with the tables could not start: a covered position's tables are then
/// missing.
#[cfg(target_arch = "wasm32")]
pub fn run_worker() {
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    let searcher = Rc::new(RefCell::new(Searcher::new(TT_MB)));
    let out = scope.clone();
    let (review_searcher, review_out) = (searcher.clone(), scope.clone());
    listen(
        &scope,
        move |request| {
            let text = if request.prefetch {
                return;
            } else if request.probe {
                FromWorker::tablebase_value(request.epoch, probe_answer(None, &request))
            } else {
                move_reply(&mut searcher.borrow_mut(), &request)
            };
            let _ = out.post_message(&JsValue::from_str(&text));
        },
        move |text| {
            if let Some(start) = crate::review::protocol::Start::decode(text) {
                review_game(&review_out, &mut review_searcher.borrow_mut(), &start, None);
            }
        },
    );
}

/// The worker with the endgame tables, answering requests in turn (one
/// that needs a table waits for it): called by the `worker-tables`
/// binary, which the page starts in place of the other when a game reaches
/// a class the tables cover.
///
/// `other` makes the handler of the lines that are neither requests nor a
/// review's start (the analysis, `crate::analysis::worker`), from the
/// worker's state, the tables' folder and the scope: the binary passes it
/// in, so this module does not depend on the analysis, which depends on it.
#[cfg(target_arch = "wasm32")]
pub fn run_worker_with_tablebase<H: Fn(&str) + 'static>(
    other: impl FnOnce(Rc<RefCell<WorkerState>>, String, web_sys::DedicatedWorkerGlobalScope) -> H,
) {
    let scope: web_sys::DedicatedWorkerGlobalScope = js_sys::global().unchecked_into();
    // The folder of the table files, set by the loader (the worker itself
    // runs from a blob: address, against which nothing resolves).
    let base = js_sys::Reflect::get(&scope, &JsValue::from_str(TABLES_GLOBAL))
        .ok()
        .and_then(|v| v.as_string())
        .unwrap_or_default();

    let state = Rc::new(RefCell::new(WorkerState {
        searcher: Searcher::new(TT_MB),
        tablebase: std::sync::Arc::new(Tablebases::new()),
        tried: Vec::new(),
        ahead: Vec::new(),
        queue: std::collections::VecDeque::new(),
        busy: false,
        web: crate::web_tables::WebSet::from_loader(&scope),
        network: Rc::default(),
    }));
    // A review loads the tables of every covered position of its game
    // first (those that cannot be had are searched instead).
    let on_review = {
        let (state, base, out) = (state.clone(), base.clone(), scope.clone());
        move |start: crate::review::protocol::Start| {
            let (state, base, out) = (state.clone(), base.clone(), out.clone());
            wasm_bindgen_futures::spawn_local(async move {
                let Ok(game) = link::parse(&start.game).map(|o| o.game) else {
                    return review_game(&out, &mut state.borrow_mut().searcher, &start, Some(&[]));
                };
                for name in crate::review::tables_for(&game) {
                    if !state.borrow().tried.contains(&name) {
                        load_class(&state, &base, name).await;
                    }
                }
                let web = state.borrow().web.clone();
                let known = web_known(&web, &game).await;
                // Reviewed as the analysis board sees it, at full strength.
                let slot = Rc::clone(&state.borrow().network);
                let net = crate::network::for_game(&slot, &base, &game).await;
                let mut s = state.borrow_mut();
                s.searcher.set_network(net);
                review_game(&out, &mut s.searcher, &start, Some(&known));
            });
        }
    };
    let out = scope.clone();
    let analysis = other(state.clone(), base.clone(), scope.clone());
    listen(
        &scope,
        move |request| {
            if request.prefetch {
                // Beside the queue: a move never waits for a download ahead.
                let names: Vec<_> = {
                    let mut s = state.borrow_mut();
                    let new: Vec<_> = ahead(&request)
                        .into_iter()
                        .filter(|f| !s.ahead.contains(f))
                        .collect();
                    s.ahead.extend(&new);
                    new
                };
                if !names.is_empty() {
                    wasm_bindgen_futures::spawn_local(fetch_ahead(state.clone(), base.clone(), names));
                }
                return;
            }
            let start = {
                let mut s = state.borrow_mut();
                s.queue.push_back(request);
                !std::mem::replace(&mut s.busy, true)
            };
            if start {
                wasm_bindgen_futures::spawn_local(drain(state.clone(), base.clone(), out.clone()));
            }
        },
        move |text| match crate::review::protocol::Start::decode(text) {
            Some(start) => on_review(start),
            None => analysis(text),
        },
    );
}

/// The global the worker's loader sets to the tables' folder.
const TABLES_GLOBAL: &str = "mulinoTables";
/// Where Nine's tables for range reads are by default: beside the app
/// (`scripts/run.sh` serves them there when they have been made).
const WEB_TABLES_DIR: &str = "nine-web/";

/// What gets the worker's lines: a line, or why the worker failed.
type OnLine = dyn Fn(Result<&str, String>);

/// The page's side of the worker. Requests wait until the worker is ready;
/// dropping the link ends the worker.
pub struct EngineLink {
    worker: web_sys::Worker,
    /// Requests sent before the worker was ready (`None` once it is).
    queue: Rc<RefCell<Option<Vec<String>>>>,
    _on_message: Closure<dyn Fn(web_sys::MessageEvent)>,
    _on_error: Closure<dyn Fn(web_sys::Event)>,
}

impl std::fmt::Debug for EngineLink {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str("EngineLink")
    }
}

/// The reason in a thrown JS value or an error event, for the person.
fn js_reason(v: &JsValue) -> String {
    if let Some(e) = v.dyn_ref::<web_sys::ErrorEvent>() {
        let m = e.message();
        if !m.is_empty() {
            return m;
        }
    }
    if let Some(e) = v.dyn_ref::<js_sys::Error>() {
        return String::from(e.message());
    }
    v.as_string()
        .unwrap_or_else(|| "the worker did not start".to_string())
}

impl EngineLink {
    /// Starts the worker from `script` (its wasm is the `_bg.wasm` next to
    /// it). `on_message` gets every reply and, at most once, a failure: the
    /// worker's script or wasm could not be fetched, or it broke. An error
    /// value when the browser cannot start a worker at all.
    pub fn spawn(script: &str, on_message: impl Fn(FromWorker) + 'static) -> Result<EngineLink, String> {
        EngineLink::spawn_with(script, FromWorker::decode, FromWorker::Failed, on_message)
    }

    /// [`EngineLink::spawn`] for a worker that speaks other lines: `decode`
    /// reads them, `failed_msg` makes the failure message.
    pub fn spawn_with<M: 'static>(
        script: &str,
        decode: fn(&str) -> Option<M>,
        failed_msg: fn(String) -> M,
        on_message: impl Fn(M) + 'static,
    ) -> Result<EngineLink, String> {
        EngineLink::spawn_lines(
            script,
            Rc::new(move |line: Result<&str, String>| match line {
                Ok(text) => {
                    if let Some(msg) = decode(text) {
                        on_message(msg);
                    }
                }
                Err(why) => on_message(failed_msg(why)),
            }),
        )
    }

    /// The worker's lines (or, at most once, why it failed) to `on_line`:
    /// one body for every kind of message, so that it is in the page's
    /// code once.
    fn spawn_lines(script: &str, on_message: Rc<OnLine>) -> Result<EngineLink, String> {
        let window = web_sys::window().ok_or("no window")?;
        let base = window.location().href().map_err(|e| js_reason(&e))?;
        let js = web_sys::Url::new_with_base(script, &base)
            .map_err(|e| js_reason(&e))?
            .href();
        let wasm = match js.strip_suffix(".js") {
            Some(stem) => format!("{stem}_bg.wasm"),
            None => return Err(format!("not a script: {js}")),
        };
        let quote = |s: &str| {
            js_sys::JSON::stringify(&JsValue::from_str(s))
                .ok()
                .and_then(|q| q.as_string())
                .unwrap_or_default()
        };
        // A loader that reports its own failure: a script that cannot be
        // fetched throws in importScripts, a wasm that cannot be fetched or
        // compiled rejects the init promise. wasm-bindgen's init takes an
        // object (a bare path is deprecated and warns in the console).
        let tables = web_sys::Url::new_with_base("tb/", &js)
            .map_err(|e| js_reason(&e))?
            .href();
        // Nine's tables for range reads: where the settings say
        // (`mulino.tables`), else `nine-web/` beside the app.
        let chosen = crate::storage::load_tables_url();
        let web_chosen = chosen.is_some();
        let web = chosen.unwrap_or_else(|| WEB_TABLES_DIR.to_string());
        let web = web_sys::Url::new_with_base(&web, &js)
            .map_err(|e| js_reason(&e))?
            .href();
        let shim = format!(
            "self.{TABLES_GLOBAL}={tables};self.{WEB_GLOBAL}={web};self.{WEB_CHOSEN_GLOBAL}={web_chosen};\
             function fail(e){{postMessage('failed\\t'+((e&&e.message)||String(e)));}}\
             try{{importScripts({js});wasm_bindgen({{module_or_path:{wasm}}}).catch(fail);}}catch(e){{fail(e);}}",
            js = quote(&js),
            wasm = quote(&wasm),
            tables = quote(&tables),
            web = quote(&web),
        );
        let parts = js_sys::Array::of1(&JsValue::from_str(&shim));
        let opts = web_sys::BlobPropertyBag::new();
        opts.set_type("application/javascript");
        let blob =
            web_sys::Blob::new_with_str_sequence_and_options(&parts, &opts).map_err(|e| js_reason(&e))?;
        let url = web_sys::Url::create_object_url_with_blob(&blob).map_err(|e| js_reason(&e))?;
        let worker = web_sys::Worker::new(&url).map_err(|e| js_reason(&e));
        let _ = web_sys::Url::revoke_object_url(&url);
        let worker = worker?;

        let queue: Rc<RefCell<Option<Vec<String>>>> = Rc::new(RefCell::new(Some(Vec::new())));
        let failed = Rc::new(std::cell::Cell::new(false));
        let on_msg = {
            let queue = queue.clone();
            let worker = worker.clone();
            let failed = failed.clone();
            let on_message = on_message.clone();
            Closure::<dyn Fn(web_sys::MessageEvent)>::new(move |e: web_sys::MessageEvent| {
                let Some(text) = e.data().as_string() else { return };
                if text == FromWorker::READY {
                    let pending = queue.borrow_mut().take().unwrap_or_default();
                    for m in pending {
                        let _ = worker.post_message(&JsValue::from_str(&m));
                    }
                } else if let Some(why) = text.strip_prefix("failed\t") {
                    if !failed.replace(true) {
                        on_message(Err(why.to_string()));
                    }
                } else {
                    on_message(Ok(&text));
                }
            })
        };
        let on_err = {
            let on_message = on_message.clone();
            Closure::<dyn Fn(web_sys::Event)>::new(move |e: web_sys::Event| {
                e.prevent_default();
                if !failed.replace(true) {
                    on_message(Err(js_reason(&e)));
                }
            })
        };
        worker.set_onmessage(Some(on_msg.as_ref().unchecked_ref()));
        worker.set_onerror(Some(on_err.as_ref().unchecked_ref()));
        Ok(EngineLink {
            worker,
            queue,
            _on_message: on_msg,
            _on_error: on_err,
        })
    }

    pub fn send(&self, request: &Request) {
        self.send_text(request.encode());
    }

    /// Sends a line as it is (once the worker is ready).
    pub fn send_text(&self, text: String) {
        match self.queue.borrow_mut().as_mut() {
            Some(pending) => pending.push(text),
            None => {
                let _ = self.worker.post_message(&JsValue::from_str(&text));
            }
        }
    }
}

impl Drop for EngineLink {
    fn drop(&mut self) {
        self.worker.terminate();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use morris_core::{Rules, Variant};
    use morris_engine::NoClock;

    #[test]
    fn only_level_10_moves_and_hints_of_standard_nine_take_the_network() {
        let nine = Game::new(Variant::Nine.rules());
        assert!(takes_network(&Request::new(1, &nine, MAX_LEVEL, false)));
        assert!(
            !takes_network(&Request::new(1, &nine, MAX_LEVEL - 1, false)),
            "level 9"
        );
        for level in [1, 5, MAX_LEVEL] {
            assert!(
                takes_network(&Request::new(1, &nine, level, true)),
                "a hint at level {level}"
            );
        }
        assert!(!takes_network(&Request::probe(1, &nine)));
        assert!(!takes_network(&Request::prefetch(1, &nine)));
        let six = Game::new(Variant::Six.rules());
        assert!(!takes_network(&Request::new(1, &six, MAX_LEVEL, false)));
        assert!(
            !takes_network(&Request::new(1, &six, MAX_LEVEL, true)),
            "a hint in Six"
        );
        let mut rules = Variant::Nine.rules();
        rules.flying = false;
        let other = Game::new(rules);
        assert!(
            !takes_network(&Request::new(1, &other, MAX_LEVEL, false)),
            "its rules go by link"
        );
    }

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
    fn the_strongest_level_thinks_longer_in_the_placing_only() {
        // A clock that moves 100 ms each time the search reads it.
        let now = std::cell::Cell::new(0u64);
        let clock = morris_engine::FnClock(|| {
            now.set(now.get() + 100);
            now.get()
        });
        let thought = |game: &Game, level: u8, hint: bool| {
            let mut searcher = Searcher::new(1);
            let start = now.get();
            let reply = answer(&mut searcher, &Request::new(1, game, level, hint), &clock, 1);
            assert!(reply.text.is_some());
            now.get() - start
        };
        let mut placing = Game::new(Rules::default());
        assert!(placing.play_text("d6").is_ok());
        let longest = MOVE_TIME_MS * u64::from(PLACING_EFFORT);
        let strongest = thought(&placing, MAX_LEVEL, false);
        assert!(
            strongest > MOVE_TIME_MS && strongest <= longest + 200,
            "{strongest} ms"
        );
        let hint = thought(&placing, MAX_LEVEL, true);
        assert!(hint <= HINT_TIME_MS + 200, "a hint: {hint} ms");
        let Ok(pos) = "nine LLD/.D./L.D/LD..DL/.L./.D./D.L L 0/0 0/0 -".parse() else {
            unreachable!()
        };
        let moving = thought(&Game::from_position(pos), MAX_LEVEL, false);
        assert!(moving <= MOVE_TIME_MS + 200, "after the placing: {moving} ms");
        // What the level picker promises is what the search keeps to.
        assert_eq!(think_limit_ms(MAX_LEVEL, true), longest);
        assert_eq!(think_limit_ms(MAX_LEVEL, false), MOVE_TIME_MS);
        assert_eq!(think_limit_ms(9, true), MOVE_TIME_MS);
        // On the clock, the placing's longer search included, within the budget.
        let mut searcher = Searcher::new(1);
        let start = now.get();
        let request = Request::new(1, &placing, MAX_LEVEL, false).within(Some(1_500));
        assert!(answer(&mut searcher, &request, &clock, 1).text.is_some());
        let timed = now.get() - start;
        assert!(timed <= 1_500 + 200, "on the clock: {timed} ms");
    }

    #[test]
    fn the_computer_keeps_time_on_the_clock() {
        // Five minutes left, three seconds' increment: 15 s + 2.25 s.
        assert_eq!(clock_budget_ms(300_000, 3_000), 17_250);
        // Little left: never more than half of it, never nothing.
        assert_eq!(clock_budget_ms(1_000, 3_000), 500);
        assert_eq!(clock_budget_ms(0, 0), MIN_TIME_MS);
    }

    #[test]
    fn the_engine_plays_every_world_set_and_passes_or_only_removes_when_that_is_the_turn() {
        let mut searcher = Searcher::new(1);
        // Far enough into each game for the end of the placing (markers
        // coming off, the mill count, a full board) and some moves.
        for variant in Variant::WORLD {
            let mut game = Game::new(variant.rules());
            for ply in 0..60 {
                if game.outcome().is_some() {
                    break;
                }
                let request = Request::new(ply, &game, 1, false);
                let Some(text) = answer(&mut searcher, &request, &NoClock, 1).text else {
                    unreachable!("{variant:?} at ply {ply}: no move")
                };
                assert!(game.play_text(&text).is_ok(), "{variant:?}: {text}");
            }
        }
        let blocked = "LDL/.../.../D....D/.../.../LDL L 0/0 0/0 -";
        for (option, expected) in [("pass", "pass"), ("remove-move", "x")] {
            let Ok(pos) = format!("nine:blocked={option} {blocked}").parse() else {
                unreachable!()
            };
            let game = Game::from_position(pos);
            let reply = answer(&mut searcher, &Request::new(1, &game, 3, false), &NoClock, 1);
            let text = reply.text.unwrap_or_default();
            assert!(text.starts_with(expected), "{option}: {text}");
            assert!(game.clone().play_text(&text).is_ok());
        }
    }

    #[test]
    fn messages_survive_the_wire() {
        let mut game = Game::new(Rules::default());
        assert!(game.play_text("d6").is_ok());
        let request = Request::new(3, &game, 7, true);
        assert_eq!(Request::decode(&request.encode()), Some(request.clone()));
        let timed = request.within(Some(4_250));
        assert_eq!(Request::decode(&timed.encode()), Some(timed));
        for reply in [
            Reply {
                epoch: 9,
                hint: false,
                text: Some("d6-d5xb4".into()),
                score: Some(-120),
            },
            Reply {
                epoch: 0,
                hint: true,
                text: None,
                score: None,
            },
        ] {
            assert_eq!(
                FromWorker::decode(&reply.encode()),
                Some(FromWorker::Reply(reply))
            );
        }
        assert_eq!(FromWorker::decode(FromWorker::READY), Some(FromWorker::Ready));
        assert_eq!(
            FromWorker::decode("failed\tNetworkError: worker.js"),
            Some(FromWorker::Failed("NetworkError: worker.js".into()))
        );
        assert_eq!(FromWorker::decode("nonsense"), None);
        assert_eq!(Request::decode("r\t1"), None);
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

    #[test]
    fn the_strongest_level_and_the_hint_keep_the_values_they_are_given() {
        // Six against six: no file of the app's own; say only the last
        // legal move keeps the win.
        let game = from_position("nine LD./DL./LLD/..L..L/.../DD./.D. D 0/0 0/0 -");
        let legal = game.legal_moves();
        let only = legal[legal.len() - 1];
        let kept: Vec<_> = legal
            .iter()
            .map(|&turn| morris_engine::TableMove {
                turn,
                value: if turn == only {
                    Value::Win(morris_solver::FAR)
                } else {
                    Value::Draw
                },
            })
            .collect();
        let text = game.position().notation(only);
        let mut searcher = Searcher::new(1);
        for hint in [false, true] {
            let request = Request::new(1, &game, MAX_LEVEL, hint).within(Some(300));
            assert!(keeps_values(&request));
            let reply = answer_kept(&mut searcher, &request, &morris_engine::StdClock::new(), 1, &kept);
            assert_eq!(reply.text.as_deref(), Some(text.as_str()), "hint {hint}");
        }
        // The weaker levels play on their own.
        assert!(!keeps_values(&Request::new(1, &game, 5, false)));
        assert!(!keeps_values(&Request::probe(1, &game)));
    }

    /// A game from a position text, as a position link opens it.
    fn from_position(text: &str) -> Game {
        let pos: morris_core::Position = text.parse().unwrap_or_else(|e| unreachable!("{text}: {e}"));
        Game::from_position(pos)
    }

    #[test]
    fn the_worker_probes_and_plays_from_the_tables() {
        let game = from_position("nine .D./DL./.../..L..L/.../.../.D. L 0/0 0/0 -");
        let request = Request::probe(4, &game);
        assert_eq!(Request::decode(&request.encode()), Some(request.clone()));
        assert_eq!(needs(&request), ["nine-3v3.tb"]);
        assert_eq!(probe(None, &request), None);

        let mut tables = Tablebases::new();
        let path = concat!(env!("CARGO_MANIFEST_DIR"), "/static/tb/nine-3v3.tb");
        let loaded = std::fs::read(path)
            .map_err(|e| e.to_string())
            .and_then(|b| tables.load(&b).map_err(|e| e.to_string()));
        assert!(loaded.is_ok(), "{loaded:?}");
        let value = probe(Some(&tables), &request);
        assert_eq!(value, Some(Value::Win(7)));
        let value = value.map(Probe::Value);
        assert_eq!(probe_answer(Some(&tables), &request), value);
        assert_eq!(
            FromWorker::decode(&FromWorker::tablebase_value(4, value)),
            Some(FromWorker::TablebaseValue { epoch: 4, value })
        );
        // Without the table it needs the position's perfect play is missing.
        assert_eq!(probe_answer(None, &request), Some(Probe::Missing));
        assert_eq!(
            probe_answer(None, &Request::probe(2, &Game::new(Rules::default()))),
            None
        );
        let ahead_request = Request::prefetch(3, &game);
        assert_eq!(
            Request::decode(&ahead_request.encode()),
            Some(ahead_request.clone())
        );
        assert!(ahead(&ahead_request).is_empty(), "covered already: nothing ahead");
        assert_eq!(
            FromWorker::decode(&FromWorker::tablebase_value(5, None)),
            Some(FromWorker::TablebaseValue {
                epoch: 5,
                value: None
            })
        );

        // Level 1 with the tables plays the quickest win.
        let mut searcher = Searcher::new(1);
        searcher.set_tables(Some(std::sync::Arc::new(tables.clone())));
        let reply = answer(&mut searcher, &Request::new(6, &game, 1, false), &NoClock, 3);
        let Some(text) = reply.text else { unreachable!() };
        let mut after = game.clone();
        assert!(after.play_text(&text).is_ok());
        assert_eq!(tables.probe(after.position()), Some(Value::Loss(6)), "{text}");
        // Not covered: the opening needs no table.
        assert!(needs(&Request::probe(1, &Game::new(Rules::default()))).is_empty());
    }
}
