//! The puzzles of a variant, fetched from the site (`puzzles/<id>.txt`)
//! when the puzzle table opens; the service worker keeps them for offline
//! use once fetched.

use std::rc::Rc;

use yew::prelude::*;

use crate::browser::fetch_text;
use crate::puzzle::{parse, Puzzle};

/// The variants that have a puzzle file: the ones whose every endgame
/// class the project has solved and ships or can make in seconds.
pub const PUZZLE_VARIANTS: [&str; 3] = ["nine", "six", "three"];

/// Where a variant's puzzles are.
#[derive(Clone, Debug, PartialEq)]
pub enum Puzzles {
    Loading,
    /// They could not be had, and why (offline before the first visit, say).
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
                let read = fetch_text(&format!("puzzles/{variant}.txt"))
                    .await
                    .and_then(|text| parse(&text).map_err(|e| e.to_string()));
                state.set(match read {
                    Ok(list) if !list.is_empty() => Puzzles::Ready(Rc::new(list)),
                    Ok(_) => Puzzles::Failed(format!("puzzles/{variant}.txt has no puzzles")),
                    Err(e) => Puzzles::Failed(e),
                });
            });
        });
    }
    (*state).clone()
}
