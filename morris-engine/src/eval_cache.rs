//! A small cache of static evaluations, one per search thread.
//!
//! The same position is evaluated at the horizon again and again: by the
//! iterations of iterative deepening, by re-searches after an aspiration
//! window or a reduced move fails, and by transpositions the table did not
//! keep. Remembering the last evaluation seen in each of 2^16 slots spares
//! about a quarter of the evaluations in `morris bench` without changing a
//! single node: a cached value is exactly what `evaluate` would return, so
//! results stay the same, deterministic at a fixed depth or node count.
//! Counted by callgrind over the whole bench: the evaluation's instructions
//! 1.51 G -> 1.14 G, 1.29 G with the cache's own; the bench 5.07 G -> 4.74 G.
//!
//! A slot is one `u64`: the key's upper 48 bits above the value's 16 (the
//! low 16 bits of the key pick the slot). The evaluation depends on the
//! pieces, the hands and the side to move, which [`Position::key`] covers,
//! and on the rules, which the key does not: the cache empties itself when
//! a search brings other rules ([`EvalCache::prepare`]).
//!
//! With a learned network ([`crate::net`]) the cache also runs it: where
//! the network applies the evaluation blends its value with the
//! hand-written one's (`params::NET_SHARE`), elsewhere it is the
//! hand-written one's. The search tells the cache each position of its
//! path ([`EvalCache::enter`]), so that the network's accumulators follow
//! the path move by move. Another network, or none, empties the cache.
//! The network runs only in builds with the cargo feature `learned`: a
//! program that never uses one (the web app's workers) carries none of
//! its code.

use std::sync::Arc;

use morris_core::{Position, Rules};

use super::eval::evaluate;
#[cfg(feature = "learned")]
use super::net::NetStack;
use super::net::Network;
#[cfg(feature = "learned")]
use super::params::NET_SHARE;

/// Slots in the cache, a power of two (512 KB of `u64`).
const SLOTS: usize = 1 << 16;
/// The key bits a slot keeps (the others pick the slot).
const TAG: u64 = !0xFFFF;

/// Evaluations remembered by position key.
#[derive(Debug)]
pub(super) struct EvalCache {
    slots: Vec<u64>,
    /// The rules the cached values were computed under.
    rules: Option<Rules>,
    /// The learned evaluation and its accumulators, if any.
    #[cfg(feature = "learned")]
    net: Option<NetStack>,
}

impl EvalCache {
    pub fn new() -> EvalCache {
        EvalCache {
            slots: vec![0; SLOTS],
            rules: None,
            #[cfg(feature = "learned")]
            net: None,
        }
    }

    /// Forgets every value.
    pub fn clear(&mut self) {
        self.slots.fill(0);
        self.rules = None;
    }

    /// Readies the cache for a search under `rules` with `net` (or the
    /// hand-written evaluation alone): values computed under other rules
    /// or by another evaluation are forgotten.
    pub fn prepare(&mut self, rules: &Rules, net: Option<&Arc<Network>>) {
        self.prepare_network(net);
        if self.rules.as_ref() != Some(rules) {
            self.clear();
            self.rules = Some(*rules);
        }
    }

    /// Runs `net` from now on (a new one empties the cache).
    #[cfg(feature = "learned")]
    fn prepare_network(&mut self, net: Option<&Arc<Network>>) {
        let same_net = match (&self.net, net) {
            (Some(stack), Some(net)) => Arc::ptr_eq(stack.network(), net),
            (None, None) => true,
            _ => false,
        };
        if !same_net {
            self.net = net.map(|n| NetStack::new(Arc::clone(n)));
            self.slots.fill(0);
        }
    }

    /// Without the feature `learned`: the hand-written evaluation only.
    #[cfg(not(feature = "learned"))]
    fn prepare_network(&mut self, _net: Option<&Arc<Network>>) {}

    /// The search has come to `pos`, `ply` plies below its root.
    #[inline]
    pub fn enter(&mut self, ply: usize, pos: &Position) {
        #[cfg(feature = "learned")]
        if let Some(stack) = &mut self.net {
            stack.enter(ply, pos);
        }
        #[cfg(not(feature = "learned"))]
        let _ = (ply, pos);
    }

    /// The evaluation of `pos`, `ply` plies below the root (the position
    /// last [`entered`](Self::enter) there): blended with the network's
    /// where it applies, else the hand-written one's.
    fn compute(&mut self, ply: usize, pos: &Position) -> i32 {
        #[cfg(feature = "learned")]
        if let Some(stack) = &mut self.net {
            let classic = evaluate(pos);
            return match stack.evaluate(ply, pos) {
                Some(net) => blend(net, classic),
                None => classic,
            };
        }
        let _ = ply;
        evaluate(pos)
    }

    /// The static evaluation of `pos`, the position entered at `ply`, from
    /// the cache when it holds it.
    #[inline]
    pub fn evaluate(&mut self, ply: usize, pos: &Position) -> i32 {
        let key = pos.key();
        let tag = key & TAG;
        let index = (key as usize) & (SLOTS - 1);
        // A tag of zero marks an empty slot; such keys (one in 2^48) are
        // simply never cached.
        if let Some(&slot) = self.slots.get(index) {
            if tag != 0 && slot & TAG == tag {
                return i32::from(slot as u16 as i16);
            }
        }
        let value = self.compute(ply, pos);
        if let (true, Ok(v), Some(slot)) = (tag != 0, i16::try_from(value), self.slots.get_mut(index)) {
            *slot = tag | u64::from(v as u16);
        }
        value
    }
}

/// The evaluation where the network applies: [`NET_SHARE`] percent of its
/// value, the rest the hand-written evaluation's.
#[cfg(feature = "learned")]
fn blend(net: i32, classic: i32) -> i32 {
    (NET_SHARE * net + (100 - NET_SHARE) * classic) / 100
}

/// The static evaluation of `pos` for its side to move as a search with
/// `network` sees it at its horizon: blended with the network's value
/// where the network applies, else the hand-written evaluation's.
#[cfg(feature = "learned")]
pub fn evaluate_with(network: Option<&Network>, pos: &Position) -> i32 {
    let classic = evaluate(pos);
    match network.and_then(|n| n.evaluate(pos)) {
        Some(net) => blend(net, classic),
        None => classic,
    }
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;
    use morris_core::Variant;

    /// The positions along a fixed line of legal moves from the start.
    fn positions(variant: Variant, plies: usize) -> Vec<Position> {
        let mut pos = Position::new(variant.rules());
        let mut out = vec![pos];
        for i in 0..plies {
            let moves = pos.legal_moves();
            let Some(&m) = moves.get((i * 7 + 3) % moves.len().max(1)) else {
                break;
            };
            pos = pos.play(m);
            out.push(pos);
        }
        out
    }

    #[test]
    fn a_cached_value_is_the_evaluation() {
        let mut cache = EvalCache::new();
        let all = positions(Variant::Nine, 60);
        cache.prepare(all[0].rules(), None);
        for _ in 0..2 {
            for pos in &all {
                cache.enter(0, pos);
                assert_eq!(cache.evaluate(0, pos), evaluate(pos), "{pos}");
            }
        }
        assert!(cache.slots.iter().filter(|&&s| s != 0).count() > all.len() / 2);
    }

    #[cfg(feature = "learned")]
    #[test]
    fn with_a_network_the_cache_gives_the_blended_evaluation() {
        let net = Arc::new(crate::net::built_in().unwrap());
        let mut cache = EvalCache::new();
        let all = positions(Variant::Nine, 80);
        cache.prepare(all[0].rules(), Some(&net));
        let mut blended = 0;
        for (ply, pos) in all.iter().enumerate() {
            cache.enter(ply, pos);
            let value = cache.evaluate(ply, pos);
            assert_eq!(value, evaluate_with(Some(&net), pos), "{pos}");
            if let Some(v) = net.evaluate(pos) {
                assert_eq!(value, (v + evaluate(pos)) / 2, "{pos}");
                blended += 1;
            } else {
                assert_eq!(value, evaluate(pos), "{pos}");
            }
        }
        assert!(blended > 10, "{blended} positions of the moving phase");
    }

    #[test]
    fn other_rules_empty_the_cache() {
        let mut cache = EvalCache::new();
        let nine = positions(Variant::Nine, 10);
        cache.prepare(nine[0].rules(), None);
        for pos in &nine {
            cache.enter(0, pos);
            cache.evaluate(0, pos);
        }
        cache.prepare(nine[0].rules(), None);
        assert!(
            cache.slots.iter().any(|&s| s != 0),
            "the same rules keep the values"
        );
        let six = positions(Variant::Six, 1);
        cache.prepare(six[0].rules(), None);
        assert!(cache.slots.iter().all(|&s| s == 0), "other rules forget them");
    }
}
