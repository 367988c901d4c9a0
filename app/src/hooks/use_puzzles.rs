//! The puzzles of a variant, fetched from the site (`puzzles/<id>.txt`)
//! when the puzzle table opens (the service worker keeps them for offline
//! use once fetched), and the exact values of a position's moves, asked
//! of the tables' worker as a puzzle is played out ([`use_exact_values`]).

use std::cell::RefCell;
use std::rc::{Rc, Weak};

use morris_core::{Game, Move, Position};
use morris_solver::Value;
use yew::prelude::*;

use crate::analysis::protocol::{Exact, FromAnalysis, ToAnalysis};
use crate::browser::fetch_text;
use crate::engine::EngineLink;
use crate::link::{self, Mode};
use crate::on_demand::unreachable;
use crate::puzzle::{parse, Puzzle};

/// The variants that have a puzzle file: the ones whose every endgame
/// class the project has solved and ships or can make in seconds.
pub const PUZZLE_VARIANTS: [&str; 3] = ["nine", "six", "three"];

/// Where a variant's puzzles are.
#[derive(Clone, Debug, PartialEq)]
pub enum Puzzles {
    Loading,
    /// They could not be fetched for want of the network (offline before
    /// they were ever fetched).
    Offline,
    /// They could not be had, and why.
    Failed(String),
    Ready(Rc<Vec<Puzzle>>),
}

/// The puzzles of `variant` (one of [`PUZZLE_VARIANTS`]).
#[hook]
pub fn use_puzzles(variant: &'static str) -> Puzzles {
    let state = use_state(|| Puzzles::Loading);
    {
        let state = state.clone();
        use_effect_with(variant, move |&variant| {
            state.set(Puzzles::Loading);
            wasm_bindgen_futures::spawn_local(async move {
                let fetched = fetch_text(&format!("puzzles/{variant}.txt")).await;
                state.set(match fetched.map(|text| parse(&text)) {
                    Ok(Ok(list)) if !list.is_empty() => Puzzles::Ready(Rc::new(list)),
                    Ok(Ok(_)) => Puzzles::Failed(format!("puzzles/{variant}.txt has no puzzles")),
                    Ok(Err(e)) => Puzzles::Failed(e.to_string()),
                    Err(e) if unreachable(&e) => Puzzles::Offline,
                    Err(e) => Puzzles::Failed(e),
                });
            });
        });
    }
    (*state).clone()
}

/// What the tables' worker said of a position: each move with its exact
/// value for the side making it, or why it cannot say (offline, the
/// worker could not start).
#[derive(Clone, Debug, PartialEq)]
pub enum Told {
    Values(Rc<Vec<(Move, Value)>>),
    Missing(String),
}

type Asked = Rc<RefCell<Option<(u32, Position)>>>;

/// The last answer (with its question's number) and the way to ask.
pub type ExactValues = (Option<(u32, Told)>, Callback<(u32, Position)>);

/// Reads one message of the worker about the question `asked` (answered,
/// it is cleared); what to tell, if anything.
fn take_told(asked: &Asked, msg: FromAnalysis) -> Option<(u32, Told)> {
    let (epoch, pos) = (*asked.borrow())?;
    let told = match msg {
        FromAnalysis::Failed(why) => Told::Missing(why),
        FromAnalysis::Exact { epoch: e, exact } if e == epoch => match exact {
            Exact::Loading => return None,
            Exact::Missing => Told::Missing("no table".into()),
            Exact::Network => Told::Missing("needs the network".into()),
            Exact::Unserved => Told::Missing("no tables served".into()),
            Exact::Values(v) => Told::Values(Rc::new(
                v.iter()
                    .filter_map(|(text, value)| pos.parse_move(text).ok().map(|m| (m, *value)))
                    .collect(),
            )),
        },
        // Lines before any value: nothing covers the position.
        FromAnalysis::Lines { epoch: e, .. } if e == epoch => Told::Missing("no table".into()),
        _ => return None,
    };
    *asked.borrow_mut() = None;
    Some((epoch, told))
}

/// The exact values of the positions asked (`ask`: a question's number and
/// the position), from the tables' worker, started with the first question
/// and ended with the component; the answer comes with its question's
/// number. The worker is stopped as soon as it has answered, so that it
/// does not go on to search.
#[hook]
pub fn use_exact_values() -> ExactValues {
    let told = use_state(|| None::<(u32, Told)>);
    let link = use_mut_ref(|| None::<Result<EngineLink, String>>);
    let asked: Asked = use_mut_ref(|| None);
    let ask = {
        let (setter, link, asked) = (told.setter(), link.clone(), asked.clone());
        Callback::from(move |(epoch, pos): (u32, Position)| {
            *asked.borrow_mut() = Some((epoch, pos));
            if link.borrow().is_none() {
                // Weak: the worker's handler must not keep its own link alive.
                let (setter, asked, weak): (_, _, Weak<_>) =
                    (setter.clone(), asked.clone(), Rc::downgrade(&link));
                let on_message = move |msg: FromAnalysis| {
                    let Some(answer) = take_told(&asked, msg) else {
                        return;
                    };
                    if let Some(link) = weak.upgrade() {
                        if let Some(Ok(l)) = link.borrow().as_ref() {
                            l.send_text(ToAnalysis::Stop.encode());
                        }
                    }
                    setter.set(Some(answer));
                };
                let spawned = EngineLink::spawn_with(
                    "./worker-tables.js",
                    FromAnalysis::decode,
                    FromAnalysis::Failed,
                    on_message,
                );
                *link.borrow_mut() = Some(spawned);
            }
            match link.borrow().as_ref() {
                Some(Ok(l)) => l.send_text(
                    ToAnalysis::Analyse {
                        epoch,
                        game: link::format(Mode::default(), &Game::from_position(pos), &[], None),
                        web: true,
                    }
                    .encode(),
                ),
                Some(Err(why)) => setter.set(Some((epoch, Told::Missing(why.clone())))),
                None => {}
            }
        })
    };
    ((*told).clone(), ask)
}
