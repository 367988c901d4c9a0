//! A bounded least-recently-used map, counted in bytes: the accounting of
//! both caches of [`super::RemoteReader`] (blocks in memory, blocks kept
//! across reloads).

use std::collections::BTreeMap;

/// Values by key, at most `cap` bytes of them; the least recently used
/// goes first when a new one does not fit.
#[derive(Debug)]
pub(super) struct Lru<K, V> {
    cap: usize,
    used: usize,
    tick: u64,
    entries: BTreeMap<K, Entry<V>>,
    /// Keys by their last use, oldest first.
    order: BTreeMap<u64, K>,
}

#[derive(Debug)]
struct Entry<V> {
    value: V,
    size: usize,
    tick: u64,
}

impl<K: Ord + Clone, V> Lru<K, V> {
    pub(super) fn new(cap: usize) -> Lru<K, V> {
        Lru {
            cap,
            used: 0,
            tick: 0,
            entries: BTreeMap::new(),
            order: BTreeMap::new(),
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
        self.touch(key);
        self.entries.get(key).map(|e| &e.value)
    }

    /// Makes `key` the most recently used; false when it is not there.
    pub(super) fn touch(&mut self, key: &K) -> bool {
        self.tick += 1;
        let tick = self.tick;
        let Some(entry) = self.entries.get_mut(key) else {
            return false;
        };
        self.order.remove(&entry.tick);
        entry.tick = tick;
        self.order.insert(tick, key.clone());
        true
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
        self.order.insert(self.tick, key.clone());
        self.entries.insert(
            key,
            Entry {
                value,
                size,
                tick: self.tick,
            },
        );
        self.used += size;
        let mut dropped = Vec::new();
        while self.used > self.cap {
            let Some((_, oldest)) = self.order.pop_first() else {
                break;
            };
            if let Some(e) = self.entries.remove(&oldest) {
                self.used -= e.size;
            }
            dropped.push(oldest);
        }
        dropped
    }

    /// Removes `key`; its value, if it had one.
    pub(super) fn remove(&mut self, key: &K) -> Option<V> {
        let entry = self.entries.remove(key)?;
        self.order.remove(&entry.tick);
        self.used -= entry.size;
        Some(entry.value)
    }

    /// Every key and its size, the least recently used first.
    pub(super) fn oldest_first(&self) -> impl Iterator<Item = (&K, usize)> {
        self.order
            .values()
            .filter_map(|k| self.entries.get(k).map(|e| (k, e.size)))
    }
}
