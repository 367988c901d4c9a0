//! `perft`: the rules' own test of move generation, counted from a
//! variant and a list of moves; `perftInWorker` for the engine worker,
//! where a count can be stopped. The rules alone: the board module, which
//! carries no search, has it too.

use wasm_bindgen::prelude::*;

use crate::clock::{stopped, Stop};
use crate::game::Game;
use crate::options::{bad_argument, entries, string_arg, whole_numbers, OptionValue};
use crate::ApiError;

/// The deepest perft the synchronous API runs: Nine Men's Morris at depth 5
/// is 5.1 million paths, a third of a second in Node; depth 6 is 99 million
/// (seconds), and each turn deeper about twenty times more. Deeper counts
/// belong in a worker (`perft` in the engine worker takes any depth to 32).
pub const MAX_PERFT_DEPTH: u64 = 5;
/// The deepest perft at all (the worker's limit).
pub const MAX_WORKER_PERFT_DEPTH: u64 = 32;

/// Counts the move paths of `depth` turns from the position after `moves`
/// in a new game of `variant` with rule options.
pub fn perft_count(
    variant: Option<&str>,
    options: &[(String, OptionValue)],
    moves: &[String],
    depth: u32,
) -> Result<u64, ApiError> {
    Ok(perft_until(variant, options, moves, depth, &|| false)?.unwrap_or(0))
}

/// `perft_count`, asking `stopped` between counts of at most
/// [`MAX_PERFT_DEPTH`] turns (a third of a second at most): `None` once it
/// says stop.
pub fn perft_until(
    variant: Option<&str>,
    options: &[(String, OptionValue)],
    moves: &[String],
    depth: u32,
    stopped: &dyn Fn() -> bool,
) -> Result<Option<u64>, ApiError> {
    let mut game = Game::create(variant, options)?;
    for (i, m) in moves.iter().enumerate() {
        game.play_text(m)
            .map_err(|e| e.within(format!("move {} of the list", i + 1)))?;
    }
    Ok(perft_split(game.core().position(), depth, stopped))
}

/// Perft split at the top until the subtrees are small enough to count at
/// once; the same count as `morris_core::perft`.
fn perft_split(pos: &morris_core::Position, depth: u32, stopped: &dyn Fn() -> bool) -> Option<u64> {
    if depth <= MAX_PERFT_DEPTH as u32 {
        return if stopped() {
            None
        } else {
            Some(morris_core::perft(pos, depth))
        };
    }
    pos.legal_moves()
        .into_iter()
        .map(|turn| perft_split(&pos.play(turn), depth - 1, stopped))
        .sum()
}

/// `perft(variant, moves, depth, options?)`: the number of move paths of
/// `depth` turns after `moves`, the rules' own test of move generation.
/// Throws a `MoveSyntaxError` or an `IllegalMoveError` for a move of the
/// list (its message says which), an `OptionError` for an unknown variant
/// or a bad option, an `ArgumentError` for a depth that is not a whole
/// number from 0 to 5 (deeper counts take minutes: the engine worker runs
/// them, off the page's thread).
///
/// @example
/// ```js
/// import { perft } from "morris-wasm";
/// perft("nine", [], 2); // 552
/// perft("nine", ["d6", "d5"], 1); // 22
/// perft("nine", [], 1, { pieces: 12, board: "diagonals" }); // 24
/// ```
#[wasm_bindgen(js_name = perft)]
pub fn perft(
    #[wasm_bindgen(unchecked_param_type = "VariantId")] variant: JsValue,
    #[wasm_bindgen(unchecked_param_type = "string[]")] moves: JsValue,
    #[wasm_bindgen(unchecked_param_type = "number")] depth: JsValue,
    #[wasm_bindgen(unchecked_optional_param_type = "GameOptions")] options: Option<JsValue>,
) -> Result<f64, JsValue> {
    let count = perft_upto(&variant, &moves, &depth, options, MAX_PERFT_DEPTH, None)?;
    Ok(count.unwrap_or(0.0))
}

/// `perft` for the engine worker's thread, where a long count blocks no
/// page: any depth to 32, ended early once `stop` says so (an `Int32Array`
/// on a `SharedArrayBuffer` another thread sets, or a function, as for
/// `Engine.think`), and then `null`. The engine worker's `perft` calls it, so it is no part of the
/// typings (the worker's `perft` is the API); on a page's thread use
/// `perft`.
#[wasm_bindgen(js_name = perftInWorker, skip_typescript)]
pub fn perft_in_worker(
    variant: JsValue,
    moves: JsValue,
    depth: JsValue,
    options: Option<JsValue>,
    stop: Option<JsValue>,
) -> Result<JsValue, JsValue> {
    let stop = Stop::from_js(stop);
    let count = perft_upto(
        &variant,
        &moves,
        &depth,
        options,
        MAX_WORKER_PERFT_DEPTH,
        stop.as_ref(),
    )?;
    Ok(count.map_or(JsValue::NULL, JsValue::from))
}

/// `perft`'s arguments read and counted, the depth at most `max`.
fn perft_upto(
    variant: &JsValue,
    moves: &JsValue,
    depth: &JsValue,
    options: Option<JsValue>,
    max: u64,
    stop: Option<&Stop>,
) -> Result<Option<f64>, JsValue> {
    let variant = string_arg(variant, "the variant")?;
    if !js_sys::Array::is_array(moves) {
        return Err(bad_argument(
            "the moves",
            "an array of moves in notation",
            &OptionValue::from_js(moves),
        )
        .into());
    }
    let list = js_sys::Array::from(moves)
        .iter()
        .enumerate()
        .map(|(i, m)| string_arg(&m, &format!("move {} of the list", i + 1)))
        .collect::<Result<Vec<_>, _>>()?;
    let depth = depth_arg(depth, max)?;
    let options = entries(&options.unwrap_or(JsValue::UNDEFINED), "the game options")?;
    let count = perft_until(Some(&variant), &options, &list, depth, &|| stopped(stop))?;
    Ok(count.map(|n| n as f64))
}

/// A perft depth from 0 to `max`; a deeper one that the engine worker
/// would take says where to run it.
pub(crate) fn depth_arg(depth: &JsValue, max: u64) -> Result<u32, ApiError> {
    let value = OptionValue::from_js(depth);
    if let Some(d) = value.whole_number(0, max) {
        return Ok(d as u32);
    }
    let mut err = misfit_depth(max, &value);
    if value.whole_number(0, MAX_WORKER_PERFT_DEPTH).is_some() {
        err.push_str(
            ": deeper counts can take minutes and run in the engine worker \
             (`await engine.perft(…)` of morris-wasm/worker)",
        );
    }
    Err(ApiError::Argument(err))
}

fn misfit_depth(max: u64, value: &OptionValue) -> String {
    bad_argument("the depth", &whole_numbers(0, max), value).to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn perft_from_the_start_and_after_moves() {
        let count = |moves: &[&str], depth| {
            let moves: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
            perft_count(Some("nine"), &[], &moves, depth).map_err(|e| (e.name(), e.to_string()))
        };
        assert_eq!(count(&[], 2), Ok(552));
        assert_eq!(count(&["d6", "d5"], 1), Ok(22));
        let (name, err) = count(&["d6", "d6"], 1).err().unwrap_or_default();
        assert_eq!(name, "IllegalMoveError");
        assert!(err.starts_with("move 2 of the list: illegal move `d6`"), "{err}");
        let (name, err) = count(&["d6", "z9"], 1).err().unwrap_or_default();
        assert_eq!(name, "MoveSyntaxError");
        assert!(err.starts_with("move 2 of the list: `z9` is not a move"), "{err}");
    }

    #[test]
    fn a_split_perft_counts_the_same_and_stops() {
        let game = morris_core::Game::new(morris_core::Variant::Three.rules());
        let pos = game.position();
        for depth in [6, 7] {
            assert_eq!(
                perft_split(pos, depth, &|| false),
                Some(morris_core::perft(pos, depth))
            );
        }
        let asked = std::cell::Cell::new(0);
        let stop_at_third = || {
            asked.set(asked.get() + 1);
            asked.get() >= 3
        };
        assert_eq!(perft_split(pos, 7, &stop_at_third), None);
        assert_eq!(asked.get(), 3);
    }
}
