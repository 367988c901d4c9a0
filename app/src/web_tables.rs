//! Nine's tables for range reads (docs/tables.md, "Nine for any static
//! host") in the worker with the tables: a Nine position under the
//! standard rules, both hands empty, of a class the app's own files
//! (`crate::tablebase`) do not serve, is answered from a web set, a block
//! at a time by `Range:` requests (`morris_solver::web::remote`), the
//! blocks kept in the browser's Cache API across reloads.
//!
//! The set is read from the folder the page names (`mulino.tables` in
//! the settings, else `nine-web/` beside the app: `crate::engine`). A
//! value is a win, a draw or a loss, no distance, marked exact as a
//! `.wdl` table's. The manifest and the block indexes are kept in the
//! Cache API too, so that a page opened again offline reads the blocks
//! it keeps. A set never opened while the host is out of reach answers
//! nothing (there may be none), and is tried again later. Once it is
//! open, a block not cached while the page is offline gives
//! [`Failure::Network`] ("needs the network"), a block that does not check
//! out [`Failure::Refused`]: never a value.

use morris_core::{Position, Variant};
// The worker's side only (and the tests): the page asks only [`wanted`].
#[cfg(any(target_arch = "wasm32", test))]
use {morris_core::Move, morris_engine::TableMove, morris_solver::Value};

/// Why the set gives no value for a position.
#[cfg(any(target_arch = "wasm32", test))]
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Failure {
    /// A block (or the manifest, or an index) is not cached and cannot be
    /// fetched: the page is offline or the host out of reach.
    Network,
    /// The host answered, but not with a value: a corrupt block, an HTTP
    /// error, no byte ranges, or no set there at all.
    Refused,
    /// The set has no table for the position.
    NotCovered,
}

/// The global a worker's loader (`crate::engine`) sets to the folder of
/// Nine's tables for range reads (its `manifest.json`).
pub const WEB_GLOBAL: &str = "mulinoWeb";
/// The global the worker's loader sets to `true` when that folder is the
/// one chosen in the settings, not the default: then a set that cannot be
/// read there is said, where the default's absence (most sites have no
/// set) says nothing.
pub const WEB_CHOSEN_GLOBAL: &str = "mulinoWebChosen";

/// Whether a position is asked of the web set: Nine under its standard
/// rules, both hands empty, not over, of a class the app's own files do
/// not serve.
pub fn wanted(pos: &Position) -> bool {
    *pos.rules() == Variant::Nine.rules()
        && pos.placements_left() == 0
        && pos.terminal().is_none()
        && crate::tablebase::files(pos).is_none()
}

/// Whether a position's moves are valued from the web set: a position
/// [`wanted`] of it, or one of Nine's two last placements (each side's
/// last piece), every move of which ends the placing in a position of the
/// set, or leads to the other side's last placement, each of whose moves
/// does. Referee's decision: the placing is read so only there; the
/// light's last placement asks for the positions two plies on (about 100,
/// against 9 for the dark's: docs/tables.md), a placement earlier would
/// ask for about a thousand.
pub fn moves_valued(pos: &Position) -> bool {
    wanted(pos) || last_placements(pos)
}

/// Whether `pos` is one of the last two placements of Nine under its
/// standard rules.
fn last_placements(pos: &Position) -> bool {
    *pos.rules() == Variant::Nine.rules()
        && (1..=2).contains(&pos.placements_left())
        && pos.terminal().is_none()
}

/// The positions to probe for a root's moves: each legal move's, in the
/// order of [`Position::legal_moves`].
#[cfg(any(target_arch = "wasm32", test))]
pub fn children(pos: &Position) -> Children {
    pos.legal_moves().into_iter().map(|m| (m, pos.play(m))).collect()
}

/// Moves with the positions after them.
#[cfg(any(target_arch = "wasm32", test))]
type Children = Vec<(Move, Position)>;

/// What the set is asked for a root's moves ([`moves_valued`]): the
/// position after each move, and where that is still the placing (the
/// light's last placement is the root), the positions after each of its
/// moves; every position once.
#[cfg(any(target_arch = "wasm32", test))]
#[derive(Clone, Debug)]
pub struct Leaves {
    root: Position,
    /// Each root move, its position and that position's own moves (none
    /// where it is probed itself).
    moves: Vec<(Move, Position, Children)>,
    probes: Vec<Position>,
}

#[cfg(any(target_arch = "wasm32", test))]
impl Leaves {
    pub fn of(root: &Position) -> Leaves {
        let mut probes = Vec::new();
        let mut seen = std::collections::HashSet::new();
        let mut ask = |p: Position| {
            if p.terminal().is_none() && seen.insert(p) {
                probes.push(p);
            }
        };
        let moves = children(root)
            .into_iter()
            .map(|(m, child)| {
                let on = if child.placements_left() > 0 && child.terminal().is_none() {
                    children(&child)
                } else {
                    Vec::new()
                };
                if on.is_empty() {
                    ask(child);
                }
                on.iter().for_each(|&(_, p)| ask(p));
                (m, child, on)
            })
            .collect();
        Leaves {
            root: *root,
            moves,
            probes,
        }
    }

    /// The positions to probe, each once.
    pub fn positions(&self) -> &[Position] {
        &self.probes
    }

    /// Each root move with its value for the side making it, from the
    /// answers for [`Leaves::positions`] (in their order): a position two
    /// plies on valued by its best move. The first failure if any move
    /// has no value (the network's before a refusal).
    pub fn values(&self, answers: Vec<Result<Option<Value>, Failure>>) -> Result<Vec<TableMove>, Failure> {
        let found: std::collections::HashMap<Position, Result<Option<Value>, Failure>> =
            self.probes.iter().copied().zip(answers).collect();
        let answer = |p: &Position| found.get(p).copied().unwrap_or(Err(Failure::NotCovered));
        let children: Vec<(Move, Position)> = self.moves.iter().map(|(m, c, _)| (*m, *c)).collect();
        let answers = self
            .moves
            .iter()
            .map(|(_, child, on)| {
                if on.is_empty() {
                    return answer(child);
                }
                let probed = on.iter().map(|(_, p)| answer(p)).collect();
                let moves = root_moves(child, on, probed)?;
                Ok(moves.into_iter().map(|m| m.value).max_by_key(|v| v.score()))
            })
            .collect();
        root_moves(&self.root, &children, answers)
    }
}

/// The value of one move's position for the side that moved into it: a
/// finished game's by its outcome, else the set's `probed` value.
#[cfg(any(target_arch = "wasm32", test))]
fn for_mover(
    pos: &Position,
    child: &Position,
    probed: Result<Option<Value>, Failure>,
) -> Result<Value, Failure> {
    let value = match child.terminal() {
        Some(o) => Value::of_outcome(o, child.turn()),
        None => probed?.ok_or(Failure::NotCovered)?,
    };
    Ok(value.for_mover(child, pos.turn()))
}

/// Each move of `pos` with its value for the side making it, from the
/// answers for its [`children`] (in their order: [`Leaves::values`] for a
/// root): the first failure if
/// any move has no value (a network failure before a refusal, so that
/// what the network may mend is said).
#[cfg(any(target_arch = "wasm32", test))]
fn root_moves(
    pos: &Position,
    children: &[(Move, Position)],
    answers: Vec<Result<Option<Value>, Failure>>,
) -> Result<Vec<TableMove>, Failure> {
    let mut failure = None;
    let mut moves = Vec::with_capacity(children.len());
    for ((turn, child), probed) in children.iter().zip(answers) {
        match for_mover(pos, child, probed) {
            Ok(value) => moves.push(TableMove { turn: *turn, value }),
            Err(f) => failure = Some(failure.map_or(f, |g: Failure| worse(g, f))),
        }
    }
    match failure {
        Some(f) => Err(f),
        None if moves.len() == children.len() && !moves.is_empty() => Ok(moves),
        None => Err(Failure::NotCovered),
    }
}

/// Of two failures the one to say: the network's first, then a refusal.
#[cfg(any(target_arch = "wasm32", test))]
fn worse(a: Failure, b: Failure) -> Failure {
    match (a, b) {
        (Failure::Network, _) | (_, Failure::Network) => Failure::Network,
        (Failure::Refused, _) | (_, Failure::Refused) => Failure::Refused,
        _ => Failure::NotCovered,
    }
}

#[cfg(target_arch = "wasm32")]
pub use browser::WebSet;

#[cfg(target_arch = "wasm32")]
mod browser {
    //! The set over `fetch` and the Cache API, one reader a worker.

    use std::cell::{Cell, RefCell};
    use std::rc::Rc;

    use super::Failure;
    use morris_core::Position;
    use morris_solver::web::remote::{RemoteError, RemoteTables};
    use morris_solver::Value;

    /// What became of opening the set.
    enum Opened {
        Not,
        Open(Box<RemoteTables>),
        /// The host answered, with no set this build reads: asked no more.
        Absent,
    }

    /// The web set of a worker: opened at its first probe (again after a
    /// failure of the network, until then answering nothing), one probe at
    /// a time.
    #[derive(Clone)]
    pub struct WebSet {
        base: Rc<str>,
        /// The folder was chosen in the settings: a set that cannot be
        /// read there is said (refused, or needing the network), not
        /// taken for no set at all.
        chosen: bool,
        reader: Rc<RefCell<Opened>>,
        busy: Rc<Cell<bool>>,
    }

    impl std::fmt::Debug for WebSet {
        fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
            write!(f, "WebSet({})", self.base)
        }
    }

    fn failure(e: &RemoteError) -> Failure {
        if e.needs_network() {
            Failure::Network
        } else {
            Failure::Refused
        }
    }

    impl WebSet {
        /// The set in the folder `base` (its `manifest.json`); nothing
        /// is fetched until a probe.
        pub fn new(base: &str, chosen: bool) -> WebSet {
            WebSet {
                base: base.into(),
                chosen,
                reader: Rc::new(RefCell::new(Opened::Not)),
                busy: Rc::default(),
            }
        }

        /// The set the worker's loader names (`crate::engine`'s globals:
        /// the folder, and whether the settings chose it).
        pub fn from_loader(scope: &web_sys::DedicatedWorkerGlobalScope) -> WebSet {
            use super::{WEB_CHOSEN_GLOBAL, WEB_GLOBAL};
            use wasm_bindgen::JsValue;
            let global = |name: &str| js_sys::Reflect::get(scope, &JsValue::from_str(name)).ok();
            let base = global(WEB_GLOBAL).and_then(|v| v.as_string()).unwrap_or_default();
            let chosen = global(WEB_CHOSEN_GLOBAL).is_some_and(|v| v.as_bool() == Some(true));
            WebSet::new(&base, chosen)
        }

        /// Whether a set is open here: opened now if it was not yet
        /// (where the host is out of reach, not yet, and tried again by
        /// the next call). A probe says "loading" only then, so a site
        /// without a set never flashes it.
        pub async fn present(&self) -> bool {
            self.lock().await;
            if matches!(*self.reader.borrow(), Opened::Not) {
                let opened = Self::opened(&self.base).await;
                *self.reader.borrow_mut() = opened;
            }
            self.busy.set(false);
            matches!(*self.reader.borrow(), Opened::Open(_))
        }

        /// Whether the host answered that it has no set this build reads.
        pub fn absent(&self) -> bool {
            matches!(*self.reader.borrow(), Opened::Absent)
        }

        /// The set in `base` opened: `Not` where the host is out of reach
        /// (whether there is a set is not known; tried again later),
        /// `Absent` where it answered with no set this build reads.
        async fn opened(base: &str) -> Opened {
            match RemoteTables::open(base).await {
                Ok(reader) => Opened::Open(Box::new(reader)),
                Err(e) if e.needs_network() => Opened::Not,
                Err(_) => Opened::Absent,
            }
        }

        /// Waits until no other call reads the set, then holds it.
        async fn lock(&self) {
            while self.busy.replace(true) {
                crate::browser::worker_pause(5).await;
            }
        }

        /// The value of each position for its side to move.
        pub async fn probe_many(&self, positions: &[Position]) -> Vec<Result<Option<Value>, Failure>> {
            self.lock().await;
            let answers = self.probe_now(positions).await;
            self.busy.set(false);
            answers
        }

        async fn probe_now(&self, positions: &[Position]) -> Vec<Result<Option<Value>, Failure>> {
            let all = |f: Failure| positions.iter().map(|_| Err(f)).collect();
            // No set where the settings chose one is said; at the default
            // folder it is no set at all.
            let (unreachable, absent) = if self.chosen {
                (Failure::Network, Failure::Refused)
            } else {
                (Failure::NotCovered, Failure::NotCovered)
            };
            let mut current = std::mem::replace(&mut *self.reader.borrow_mut(), Opened::Not);
            if matches!(current, Opened::Not) {
                current = Self::opened(&self.base).await;
            }
            let mut reader = match current {
                Opened::Open(reader) => reader,
                Opened::Absent => {
                    *self.reader.borrow_mut() = Opened::Absent;
                    return all(absent);
                }
                // Never opened here, and out of reach: at the default
                // folder whether there is a set at all is not known, so
                // nothing is said (a site without one says nothing
                // offline). Tried again later.
                Opened::Not => return all(unreachable),
            };
            let answers = reader.probe_many(positions).await;
            *self.reader.borrow_mut() = Opened::Open(reader);
            answers.into_iter().map(|a| a.map_err(|e| failure(&e))).collect()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn pos(text: &str) -> Position {
        text.parse().unwrap_or_else(|e| unreachable!("{text}: {e}"))
    }

    /// Six against six, hands empty: no file of the app's own serves it.
    const SIX_SIX: &str = "nine LD./DL./LLD/..L..L/.../DD./.D. D 0/0 0/0 -";

    #[test]
    fn only_nine_classes_the_app_does_not_serve_are_asked_of_the_set() {
        assert!(wanted(&pos(SIX_SIX)));
        assert!(wanted(&pos("nine LDL/DLD/LDL/DL..LL/.../.../... D 0/0 0/0 -")));
        // Served by the app's own files: 3v3, 6v5.
        assert!(!wanted(&pos("nine .D./DL./.../..L..L/.../.../.D. L 0/0 0/0 -")));
        assert!(!wanted(&pos("nine LD./DL./LLD/..L..L/.../D../.D. D 0/0 0/0 -")));
        // Other rules, the placing, the start.
        assert!(!wanted(&pos(&SIX_SIX.replace("nine ", "nine:flying=off "))));
        assert!(!wanted(&pos("nine LD./DL./LLD/..L..L/.../DD./... D 0/1 0/0 -")));
        assert!(!wanted(&Position::new(Variant::Nine.rules())));
    }

    #[test]
    fn the_last_placements_have_their_moves_valued_from_the_set() {
        // Dark places its last piece: every move ends the placing.
        let last = pos("nine LDL/DLD/L.D/DL..DL/LD./.L./D.L D 0/1 0/0 -");
        assert!(last.placements_left() == 1 && !wanted(&last) && moves_valued(&last));
        let leaves = Leaves::of(&last);
        assert_eq!(leaves.positions().len(), children(&last).len());
        assert!(leaves.positions().iter().all(|c| c.placements_left() == 0));
        // Light's last: the positions two plies on, every one once.
        let light = pos("nine LDL/DLD/L.D/DL..DL/L../.../D.L L 1/1 0/0 -");
        assert!(moves_valued(&light));
        let leaves = Leaves::of(&light);
        let two_on: std::collections::HashSet<Position> = children(&light)
            .iter()
            .flat_map(|(_, c)| children(c).into_iter().map(|(_, p)| p))
            .collect();
        assert_eq!(leaves.positions().len(), two_on.len());
        assert!(two_on.len() > 30 && leaves.positions().iter().all(|p| two_on.contains(p)));
        // Two placements earlier, and another rule set: not.
        let earlier = pos("nine LDL/DLD/L.D/DL..DL/L../.../D.. L 1/2 0/0 -");
        assert!(!moves_valued(&earlier));
        assert!(!moves_valued(&pos(&SIX_SIX.replace("nine ", "nine:flying=off "))));
        assert!(moves_valued(&pos(SIX_SIX)));
    }

    #[test]
    fn light_s_last_placement_is_valued_by_dark_s_best_reply() {
        let root = pos("nine LDL/DLD/L.D/DL..DL/L../.../D.L L 1/1 0/0 -");
        let leaves = Leaves::of(&root);
        let kids = children(&root);
        // Every position two plies on a draw: every move draws.
        let draws = leaves.values(leaves.positions().iter().map(|_| Ok(Some(Value::Draw))).collect());
        let Ok(draws) = draws else {
            unreachable!("{draws:?}")
        };
        assert_eq!(draws.len(), kids.len());
        assert!(draws.iter().all(|m| m.value == Value::Draw), "{draws:?}");
        // One reply of dark's to the first move leaves light lost: that move
        // loses, and only it (no other move allows that position).
        let (first, after_first) = kids[0];
        let lost = children(&after_first)[0].1;
        let others: Vec<Position> = kids[1..]
            .iter()
            .flat_map(|(_, c)| children(c).into_iter().map(|(_, p)| p))
            .collect();
        assert!(!others.contains(&lost));
        let answers = leaves
            .positions()
            .iter()
            .map(|p| Ok(Some(if *p == lost { Value::Loss(40) } else { Value::Draw })))
            .collect();
        let Ok(moves) = leaves.values(answers) else {
            unreachable!()
        };
        for m in &moves {
            let loses = matches!(m.value, Value::Loss(_));
            assert_eq!(loses, m.turn == first, "{m:?}");
        }
        // A position two plies on that needs the network: so does the root.
        let mut answers: Vec<_> = leaves.positions().iter().map(|_| Ok(Some(Value::Draw))).collect();
        answers[3] = Err(Failure::Network);
        assert_eq!(leaves.values(answers), Err(Failure::Network));
    }

    #[test]
    fn a_roots_moves_take_their_values_for_the_mover_or_the_first_failure() {
        let root = pos(SIX_SIX);
        let kids = children(&root);
        assert!(kids.len() > 3, "{}", kids.len());
        // Every child a loss for its side to move: every move wins.
        let answers = kids
            .iter()
            .map(|(_, c)| {
                Ok(Some(if c.turn() == root.turn() {
                    Value::Win(900)
                } else {
                    Value::Loss(900)
                }))
            })
            .collect();
        let moves = root_moves(&root, &kids, answers);
        let Ok(moves) = moves else {
            unreachable!("{moves:?}")
        };
        assert_eq!(moves.len(), kids.len());
        assert!(
            moves.iter().all(|m| matches!(m.value, Value::Win(_))),
            "{moves:?}"
        );
        // One child needs the network, another is refused: the network is said.
        let mut answers: Vec<_> = kids.iter().map(|_| Ok(Some(Value::Draw))).collect();
        answers[0] = Err(Failure::Refused);
        answers[2] = Err(Failure::Network);
        assert_eq!(root_moves(&root, &kids, answers), Err(Failure::Network));
        let mut answers: Vec<_> = kids.iter().map(|_| Ok(Some(Value::Draw))).collect();
        answers[1] = Err(Failure::Refused);
        assert_eq!(root_moves(&root, &kids, answers), Err(Failure::Refused));
        let mut answers: Vec<_> = kids.iter().map(|_| Ok(Some(Value::Draw))).collect();
        answers[1] = Ok(None);
        assert_eq!(root_moves(&root, &kids, answers), Err(Failure::NotCovered));
        let answers = kids.iter().map(|_| Ok(Some(Value::Draw))).collect();
        let draws = root_moves(&root, &kids, answers).unwrap_or_default();
        assert!(draws.len() == kids.len() && draws.iter().all(|m| m.value == Value::Draw));
    }
}
