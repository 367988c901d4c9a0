//! The learned evaluation (`morris_engine::net`) in the app's strongest
//! play of Nine's standard rules: level 10's moves, the hints, the
//! analysis board and the review. The search then evaluates with the
//! committed network blended with the hand-written evaluation, which keeps
//! more drawn placings than the hand-written evaluation alone in the same
//! time, and gives hints that beat the hand-written evaluation's at their
//! depth (docs/strength.md, "The learned evaluation"); the levels below
//! the strongest keep the hand-written one, so that they still rise one by
//! one.
//!
//! The network is a file beside the app, `nets/nine.nnue` (42 KB, 27 KB
//! gzip; index.html copies it from `morris-engine/nets`), out of the first
//! load: the worker with the tables fetches it at its first search that
//! takes it (so a hint in a game of Nine is asked of that worker), and the
//! service worker keeps it for offline play. Only that
//! worker is built with the network's code (the cargo feature `learned`,
//! given to it in index.html); the worker of the first load carries none.
//! A network that cannot be had leaves the hand-written evaluation, which
//! plays on: offline before its first fetch (tried again at the next
//! search), or a file that is not one (not tried again). The worker says
//! which on its global `mulinoNetwork`: `"loaded"`, or why not.

use morris_core::{Game, Variant};
use morris_engine::Level;

/// Whether the strongest play of `game` searches with the network: Nine's
/// standard rules, the only ones it was trained on.
pub fn applies(game: &Game) -> bool {
    *game.rules() == Variant::Nine.rules()
}

/// Whether the level playing `game` takes the network: the strongest, in
/// a game it [`applies`] to (`crate::engine::takes_network` says it of a
/// request to the worker).
pub fn at_level(game: &Game, level: u8) -> bool {
    level >= Level::MAX && applies(game)
}

#[cfg(target_arch = "wasm32")]
pub use worker::{for_game, load, Slot};

#[cfg(target_arch = "wasm32")]
mod worker {
    //! The network in the worker with the tables: fetched once, kept.

    use std::cell::RefCell;
    use std::sync::Arc;

    use morris_engine::net::Network;

    /// The network's file, from the folder of the tables (`tb/`).
    const FILE: &str = "../nets/nine.nnue";

    /// The worker's network: not fetched yet, loaded, or refused for good.
    #[derive(Debug, Default)]
    pub enum Slot {
        #[default]
        Untried,
        Loaded(Arc<Network>),
        Refused,
    }

    /// The network, fetched from beside the tables' folder `base` the
    /// first time it is needed; `None` when it cannot be had. A fetch that
    /// fails (offline) is tried again by the next call; a file that is not
    /// a network is not.
    pub async fn load(slot: &RefCell<Slot>, base: &str) -> Option<Arc<Network>> {
        // A build without the network's code would fetch it for nothing.
        if !cfg!(feature = "learned") {
            return None;
        }
        match &*slot.borrow() {
            Slot::Loaded(net) => return Some(Arc::clone(net)),
            Slot::Refused => return None,
            Slot::Untried => {}
        }
        let url = format!("{base}{FILE}");
        let (slot_now, said) = match fetched(&url).await {
            Ok(net) => (Slot::Loaded(Arc::new(net)), "loaded".to_string()),
            Err(Failure::Fetch(why)) => (Slot::Untried, why),
            Err(Failure::Refused(why)) => (Slot::Refused, why),
        };
        tell(&said);
        let net = match &slot_now {
            Slot::Loaded(net) => Some(Arc::clone(net)),
            _ => None,
        };
        *slot.borrow_mut() = slot_now;
        net
    }

    /// The network for the strongest play of `game`, [`load`]ed where it
    /// [applies](super::applies), else `None`: the analysis board's and
    /// the review's evaluation.
    pub async fn for_game(
        slot: &RefCell<Slot>,
        base: &str,
        game: &morris_core::Game,
    ) -> Option<Arc<Network>> {
        if super::applies(game) {
            load(slot, base).await
        } else {
            None
        }
    }

    /// Why the network could not be had.
    enum Failure {
        /// No answer (offline): worth another try.
        Fetch(String),
        /// An answer that is no network: an HTTP error, or bytes that do
        /// not read as one.
        Refused(String),
    }

    async fn fetched(url: &str) -> Result<Network, Failure> {
        let bytes = crate::tablebase::download(url).await.map_err(|e| match e {
            crate::tablebase::Download::Unreachable(why) => Failure::Fetch(why),
            crate::tablebase::Download::Status(status) => Failure::Refused(format!("{url}: HTTP {status}")),
        })?;
        Network::from_bytes(&bytes).map_err(|e| Failure::Refused(format!("{url}: {e}")))
    }

    /// Sets the worker's global `mulinoNetwork` to `said`.
    fn tell(said: &str) {
        let scope = js_sys::global();
        let _ = js_sys::Reflect::set(
            &scope,
            &wasm_bindgen::JsValue::from_str("mulinoNetwork"),
            &wasm_bindgen::JsValue::from_str(said),
        );
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_the_strongest_level_of_standard_nine_takes_the_network() {
        let nine = Game::new(Variant::Nine.rules());
        assert!(at_level(&nine, Level::MAX));
        assert!(
            !at_level(&nine, Level::MAX - 1),
            "level 9 keeps the hand-written evaluation"
        );
        for variant in [Variant::Six, Variant::Twelve, Variant::Three] {
            assert!(!at_level(&Game::new(variant.rules()), Level::MAX), "{variant:?}");
        }
        let mut rules = Variant::Nine.rules();
        rules.flying = !rules.flying;
        assert!(!applies(&Game::new(rules)), "Nine with another rule");
    }
}
