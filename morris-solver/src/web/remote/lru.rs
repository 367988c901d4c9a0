//! A bounded least-recently-used map, counted in bytes: the accounting of
//! both caches of [`super::RemoteReader`] (blocks in memory, blocks kept
//! across reloads).

use std::hash::Hash;

use rustc_hash::FxHashMap;

/// Values by key, at most `cap` bytes of them; the least recently used
/// goes first when a new one does not fit. A cache holds a few thousand
/// blocks at most, so the least recently used is found by a scan when one
/// must go (one map, no second ordered one: less code in the wasm module).
#[derive(Debug)]
pub(super) struct Lru<K, V> {
    cap: usize,
    used: usize,
    tick: u64,
    entries: FxHashMap<K, Entry<V>>,
}

#[derive(Debug)]
struct Entry<V> {
    value: V,
    size: usize,
    tick: u64,
}

impl<K: Hash + Eq + Clone, V> Lru<K, V> {
    pub(super) fn new(cap: usize) -> Lru<K, V> {
        Lru {
            cap,
            used: 0,
            tick: 0,
            entries: FxHashMap::default(),
        }
    }

    /// The bytes the values hold.
    pub(super) fn used(&self) -> usize {
        self.used
    }

    pub(super) fn len(&self) -> usize {
        self.entries.len()
    }

    pub(super) fn contains(&self, key: &K) -> bool {
        self.entries.contains_key(key)
    }

    /// The value of `key`, now the most recently used.
    pub(super) fn get(&mut self, key: &K) -> Option<&V> {
        self.tick += 1;
        let entry = self.entries.get_mut(key)?;
        entry.tick = self.tick;
        Some(&entry.value)
    }

    /// Makes `key` the most recently used; false when it is not there.
    pub(super) fn touch(&mut self, key: &K) -> bool {
        self.get(key).is_some()
    }

    /// Adds `value` of `size` bytes as the most recently used (replacing
    /// the value `key` had), then drops the least recently used until
    /// the values fit; returns the keys dropped. A value larger than the
    /// bound is not kept (its key is returned).
    pub(super) fn insert(&mut self, key: K, value: V, size: usize) -> Vec<K> {
        self.remove(&key);
        if size > self.cap {
            return vec![key];
        }
        self.tick += 1;
        let tick = self.tick;
        self.entries.insert(key, Entry { value, size, tick });
        self.used += size;
        let mut dropped = Vec::new();
        while self.used > self.cap {
            let oldest = self
                .entries
                .iter()
                .min_by_key(|(_, e)| e.tick)
                .map(|(k, _)| k.clone());
            let Some(oldest) = oldest else {
                break;
            };
            self.remove(&oldest);
            dropped.push(oldest);
        }
        dropped
    }

    /// Removes `key`; its value, if it had one.
    pub(super) fn remove(&mut self, key: &K) -> Option<V> {
        let entry = self.entries.remove(key)?;
        self.used -= entry.size;
        Some(entry.value)
    }

    /// Every key and its size, the least recently used first.
    pub(super) fn oldest_first(&self) -> Vec<(&K, usize)> {
        let mut all: Vec<(&K, &Entry<V>)> = self.entries.iter().collect();
        all.sort_unstable_by_key(|(_, e)| e.tick);
        all.into_iter().map(|(k, e)| (k, e.size)).collect()
    }
}
