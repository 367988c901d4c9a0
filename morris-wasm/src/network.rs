//! A learned evaluation's network file for an [`crate::Engine`]
//! (`engine.useNetwork(bytes)`): the bytes read into a
//! [`morris_engine::net::Network`], or a `NetworkFileError` saying why
//! they are not one.

use morris_engine::net::{NetError, Network, BUCKETS, INPUTS, MAX_HIDDEN};
use wasm_bindgen::prelude::wasm_bindgen;
use wasm_bindgen::{JsCast, JsValue};

use crate::options::{bad_argument, OptionValue};
use crate::ApiError;

/// The bytes before the weights: magic, version, inputs, hidden, buckets,
/// scale.
const HEADER: usize = 8 + 5 * 4;
/// The longest file the engine reads: a network of the widest hidden
/// layer (its weights `i16`, the output's biases `i32`, the checksum).
const MAX_BYTES: usize =
    HEADER + 2 * (INPUTS * MAX_HIDDEN + MAX_HIDDEN + BUCKETS * 2 * MAX_HIDDEN) + 4 * BUCKETS + 8;

/// Whether a network evaluates in `game`: Nine's standard rules, the only
/// ones it knows (the search keeps the hand-written evaluation in any
/// other game). The engine worker asks before it fetches the network, so
/// that a game of another variant downloads nothing; it is no part of the
/// typings.
#[wasm_bindgen(js_name = networkApplies, skip_typescript)]
pub fn network_applies(game: &crate::Game) -> bool {
    *game.inner.rules() == morris_core::Variant::Nine.rules()
}

/// The network in `value`, a `Uint8Array` (a Node `Buffer` is one) or an
/// `ArrayBuffer`. Bytes longer than any network are refused by their
/// header alone, before they are copied into the module's memory.
pub fn network_arg(value: &JsValue) -> Result<Network, ApiError> {
    let array = if let Some(a) = value.dyn_ref::<js_sys::Uint8Array>() {
        a.clone()
    } else if let Some(b) = value.dyn_ref::<js_sys::ArrayBuffer>() {
        js_sys::Uint8Array::new(b)
    } else {
        return Err(bad_argument(
            "the network file",
            "a Uint8Array or an ArrayBuffer",
            &OptionValue::from_js(value),
        ));
    };
    let found = array.length() as usize;
    if found > MAX_BYTES {
        let head = array.subarray(0, HEADER as u32).to_vec();
        return Err(too_long(&head, found).into());
    }
    Ok(Network::from_bytes(&array.to_vec())?)
}

/// Why a file of `found` bytes, longer than any network, is not one: what
/// its header says is wrong, or else the length its shape needs.
fn too_long(head: &[u8], found: usize) -> NetError {
    match Network::from_bytes(head) {
        Err(NetError::Length { expected, .. }) => NetError::Length { expected, found },
        Err(other) => other,
        Ok(_) => NetError::Length {
            expected: MAX_BYTES,
            found,
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A network of `hidden` neurons whose weights are all `w`.
    fn uniform(hidden: usize, w: i16) -> Result<Network, NetError> {
        Network::from_parts(
            hidden,
            100,
            vec![w; INPUTS * hidden],
            vec![0; hidden],
            vec![w; BUCKETS * 2 * hidden],
            vec![0; BUCKETS],
        )
    }

    #[test]
    fn the_longest_network_is_max_bytes_long() {
        let widest = uniform(MAX_HIDDEN, 1).map(|n| n.to_bytes().len());
        assert_eq!(widest, Ok(MAX_BYTES));
    }

    #[test]
    fn a_file_too_long_is_refused_by_what_its_header_says() {
        let bytes = uniform(4, 1).map(|n| n.to_bytes()).unwrap_or_default();
        let expected = bytes.len();
        let head = bytes.get(..HEADER).unwrap_or_default();
        assert_eq!(
            too_long(head, 1 << 30),
            NetError::Length {
                expected,
                found: 1 << 30
            }
        );
        assert_eq!(too_long(b"MULINOTB and more", 1 << 30), NetError::Magic);
        let message = ApiError::from(too_long(head, 1 << 30)).to_string();
        assert_eq!(
            message,
            format!(
                "not a usable network file: the file has 1073741824 bytes where its shape needs {expected}"
            )
        );
    }
}
