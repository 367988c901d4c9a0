//! Web table files read over HTTP, as a browser (a page, a worker) or
//! Node reads them from any static host (feature `remote`).
//!
//! [`RemoteReader`] does the reading: it fetches the manifest once, each
//! class's index once (checked against the manifest's SHA-256), and for a
//! batch of positions ([`RemoteReader::probe_many`]) every block they need
//! and no cache holds, all together, one range request a block, never a
//! whole part. Each block is checked (length, CRC-32, its entries) before
//! any value is read from it, also when it comes back from a cache.
//!
//! Blocks are kept in two caches, each bounded in bytes
//! ([`DEFAULT_CACHE_BYTES`] by default), the least recently used dropped
//! first: the inflated blocks in memory, and the blocks as fetched in a
//! [`BlockStore`] that outlives the page (the Cache API in browsers:
//! `RemoteTables`), with a journal of its keys in their order of use. The
//! lasting cache also keeps the manifest and each index fetched (outside
//! the bound: all of Nine's indexes are 454 KB), so that a page opened
//! offline answers the positions it cached before.
//!
//! The I/O is behind two traits, [`RangeSource`] (the host) and
//! [`BlockStore`] (the lasting cache), so the logic runs and is tested
//! natively; on wasm32, `RemoteTables` is the reader over `fetch` and
//! the Cache API, in a window, a worker or Node (which has no Cache API:
//! there it caches in memory only).

mod error;
#[cfg(target_arch = "wasm32")]
mod http;
mod join;
mod lru;
#[cfg(test)]
mod tests;

use std::future::Future;

use morris_core::Position;
use rustc_hash::FxHashMap;

pub use error::RemoteError;
#[cfg(target_arch = "wasm32")]
pub use http::{BrowserCache, Http, RemoteTables};

use super::{BlockRange, InflatedBlock, Manifest, WebTableError, WebTables, MANIFEST_FILE};
use crate::index::Class;
use crate::value::Value;
use join::join_all;
use lru::Lru;

/// The bytes each cache holds at most by default: 64 MiB.
pub const DEFAULT_CACHE_BYTES: usize = 64 << 20;

/// The key of the lasting cache's journal: every block it holds, the
/// least recently used first, one `BYTES KEY` a line.
pub const JOURNAL_KEY: &str = "mulino-web-tables.journal";

/// Where the files are: a static host answering `GET` and `Range:`.
pub trait RangeSource {
    /// The address of `file` (for messages).
    fn url(&self, file: &str) -> String;
    /// The whole of a small file (the manifest, an index).
    fn fetch_file(&self, file: &str) -> impl Future<Output = Result<Vec<u8>, RemoteError>>;
    /// Bytes `start..end` of `file`, by one range request; an error
    /// ([`RemoteError::NoRanges`]) when the host answers with the whole
    /// file, and [`RemoteError::WrongRange`] when it answers other bytes.
    fn fetch_range(
        &self,
        file: &str,
        start: u64,
        end: u64,
    ) -> impl Future<Output = Result<Vec<u8>, RemoteError>>;
}

/// A cache that outlives the reader: bytes by key. It may lose anything
/// at any time (a failure to save is no error); whatever it gives back
/// is checked before use.
pub trait BlockStore {
    fn load(&self, key: &str) -> impl Future<Output = Option<Vec<u8>>>;
    fn save(&self, key: &str, bytes: Vec<u8>) -> impl Future<Output = ()>;
    fn delete(&self, key: &str) -> impl Future<Output = ()>;
}

/// No lasting cache: the blocks are kept in memory only.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoStore;

impl BlockStore for NoStore {
    async fn load(&self, _key: &str) -> Option<Vec<u8>> {
        None
    }
    async fn save(&self, _key: &str, _bytes: Vec<u8>) {}
    async fn delete(&self, _key: &str) {}
}

/// The key of the manifest in the lasting cache.
pub const MANIFEST_KEY: &str = MANIFEST_FILE;

/// The manifest's bytes: fetched, and kept in the lasting cache; when the
/// host cannot be reached, the copy kept there (a page opened offline
/// reads what it cached before). The indexes are kept there too.
pub async fn manifest_bytes<S: RangeSource, C: BlockStore>(
    source: &S,
    store: &C,
) -> Result<Vec<u8>, RemoteError> {
    match source.fetch_file(MANIFEST_FILE).await {
        Ok(bytes) => {
            store.save(MANIFEST_KEY, bytes.clone()).await;
            Ok(bytes)
        }
        Err(e) if e.needs_network() => store.load(MANIFEST_KEY).await.ok_or(e),
        Err(e) => Err(e),
    }
}

/// A folder's address as its path, ending in `/`, and its query (`?…`,
/// or empty), which is asked with every file of the folder; a fragment
/// (`#…`) is dropped: `https://host/set?token=1` reads
/// `https://host/set/manifest.json?token=1`.
pub fn split_folder_url(url: &str) -> (String, String) {
    // Byte by byte: `str::find` would bring a searcher into the module.
    let at = |mark: u8, text: &str| text.bytes().position(|b| b == mark).unwrap_or(text.len());
    let url = url.get(..at(b'#', url)).unwrap_or(url);
    let q = at(b'?', url);
    let (path, query) = (url.get(..q).unwrap_or(url), url.get(q..).unwrap_or(""));
    let mut base = path.to_owned();
    if !base.ends_with('/') {
        base.push('/');
    }
    (base, query.to_owned())
}

/// What a reader has fetched and found so far.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RemoteStats {
    /// Range requests sent (one a block not cached).
    pub range_requests: u64,
    /// Bytes those requests answered.
    pub range_bytes: u64,
    /// Whole files fetched: the manifest and the indexes.
    pub file_requests: u64,
    /// Blocks read back from the lasting cache.
    pub store_hits: u64,
    /// Blocks read from memory.
    pub memory_hits: u64,
}

/// A block: its class and its number in the class.
type BlockKey = (Class, u32);

/// Web table files over HTTP (see the module's docs).
#[derive(Debug)]
pub struct RemoteReader<S, C> {
    source: S,
    store: C,
    manifest: Manifest,
    tables: WebTables,
    memory: Lru<BlockKey, InflatedBlock>,
    stored: Lru<String, ()>,
    stats: RemoteStats,
}

impl<S: RangeSource, C: BlockStore> RemoteReader<S, C> {
    /// Fetches and checks the manifest, and reads the lasting cache's
    /// journal; each cache holds at most `cache_bytes`.
    pub async fn open_with(source: S, store: C, cache_bytes: usize) -> Result<Self, RemoteError> {
        let url = source.url(MANIFEST_FILE);
        let bad = |why| RemoteError::BadManifest {
            url: url.clone(),
            why,
        };
        let bytes = manifest_bytes(&source, &store).await?;
        let text = String::from_utf8(bytes).map_err(|e| bad(WebTableError::Manifest(e.to_string())))?;
        let manifest = Manifest::parse(&text).map_err(bad)?;
        Self::with_manifest(source, store, manifest, cache_bytes).await
    }

    /// [`RemoteReader::open_with`] given the manifest, fetched and read
    /// by other means (a page's `JSON.parse`); it is checked here.
    pub async fn with_manifest(
        source: S,
        store: C,
        manifest: Manifest,
        cache_bytes: usize,
    ) -> Result<Self, RemoteError> {
        let bad = |why| RemoteError::BadManifest {
            url: source.url(MANIFEST_FILE),
            why,
        };
        manifest.check().map_err(bad)?;
        let tables = WebTables::new(&manifest).map_err(bad)?;
        let mut stored = Lru::new(cache_bytes);
        if let Some(journal) = store.load(JOURNAL_KEY).await {
            for line in String::from_utf8_lossy(&journal).lines() {
                if let Some((size, key)) = line.split_once(' ') {
                    if let Ok(size) = size.parse() {
                        stored.insert(key.to_owned(), (), size);
                    }
                }
            }
        }
        Ok(RemoteReader {
            source,
            store,
            manifest,
            tables,
            memory: Lru::new(cache_bytes),
            stored,
            stats: RemoteStats {
                file_requests: 1,
                ..RemoteStats::default()
            },
        })
    }

    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    pub fn tables(&self) -> &WebTables {
        &self.tables
    }

    pub fn stats(&self) -> RemoteStats {
        self.stats
    }

    /// The bytes of inflated blocks in memory, and of blocks in the
    /// lasting cache (as its journal counts them).
    pub fn cached_bytes(&self) -> (usize, usize) {
        (self.memory.used(), self.stored.used())
    }

    /// Whether the set covers `pos`: a moving or flying position of a
    /// class of the manifest (or its mirror), under its rules.
    pub fn covers(&self, pos: &Position) -> bool {
        self.tables.class_for(pos).is_some()
    }

    /// The value of `pos` if its block is in memory now, with no I/O:
    /// `None` when it is not, or the set does not cover it.
    pub fn cached_value(&mut self, pos: &Position) -> Option<Value> {
        let range = self.tables.locate(pos).ok()??;
        self.memory.get(&(range.class, range.block))?.value(range.entry)
    }

    /// The value of each position for its side to move (win, draw or loss,
    /// no distance), `Ok(None)` for one the set does not cover (another
    /// rule set, the placing, a class not made). Every index and block
    /// the batch needs and no cache holds is fetched together, each block
    /// once, by one range request.
    pub async fn probe_many(&mut self, positions: &[Position]) -> Vec<Result<Option<Value>, RemoteError>> {
        let mut classes: Vec<Class> = Vec::new();
        for class in positions.iter().filter_map(|p| self.tables.class_for(p)) {
            if !self.tables.is_loaded(class) && !classes.contains(&class) {
                classes.push(class);
            }
        }
        let failed = self.load_indexes(&classes).await;
        let located: Vec<Result<Option<BlockRange>, RemoteError>> = positions
            .iter()
            .map(|p| match self.tables.class_for(p) {
                None => Ok(None),
                Some(c) => match failed.iter().find(|(f, _)| *f == c) {
                    Some((_, e)) => Err(e.clone()),
                    None => self.tables.locate(p).map_err(RemoteError::from),
                },
            })
            .collect();
        let mut wanted = FxHashMap::default();
        for range in located.iter().flatten().flatten() {
            let key = (range.class, range.block);
            if self.memory.touch(&key) {
                self.stats.memory_hits += 1;
            } else {
                wanted.entry(key).or_insert_with(|| range.clone());
            }
        }
        let fresh = self.obtain(wanted).await;
        let answers = located.into_iter().map(|r| self.answer(r?, &fresh)).collect();
        for (key, block) in fresh {
            if let Ok(block) = block {
                let size = block.bytes();
                self.memory.insert(key, block, size);
            }
        }
        answers
    }

    /// The value at a located range, from memory or from the blocks just
    /// obtained.
    fn answer(
        &mut self,
        range: Option<BlockRange>,
        fresh: &FxHashMap<BlockKey, Result<InflatedBlock, RemoteError>>,
    ) -> Result<Option<Value>, RemoteError> {
        let Some(range) = range else {
            return Ok(None);
        };
        let key = (range.class, range.block);
        let block = match self.memory.get(&key) {
            Some(block) => block,
            None => match fresh.get(&key) {
                Some(Ok(block)) => block,
                Some(Err(e)) => return Err(e.clone()),
                None => return Err(WebTableError::IndexNotLoaded(super::class_name(range.class)).into()),
            },
        };
        let corrupt = || WebTableError::BlockCorrupt {
            class: super::class_name(range.class),
            block: range.block,
        };
        block.value(range.entry).map(Some).ok_or_else(|| corrupt().into())
    }

    /// Fetches the indexes of `classes` together; why each that failed did.
    async fn load_indexes(&mut self, classes: &[Class]) -> Vec<(Class, RemoteError)> {
        let files: Vec<(Class, String, String)> = self
            .tables
            .classes()
            .filter(|(c, _)| classes.contains(c))
            .map(|(c, listed)| {
                let sha = listed.index.sha256.get(..16).unwrap_or(&listed.index.sha256);
                (
                    c,
                    listed.index.file.clone(),
                    format!("{}?sha256={sha}", listed.index.file),
                )
            })
            .collect();
        let store = &self.store;
        let kept = join_all(files.iter().map(|(_, _, key)| store.load(key))).await;
        let mut missing = Vec::new();
        for ((class, file, key), bytes) in files.into_iter().zip(kept) {
            // Checked against the manifest's SHA-256 like a fetched one.
            let loaded = bytes.map(|b| self.tables.load_index(class, &b));
            if !matches!(loaded, Some(Ok(()))) {
                missing.push((class, file, key));
            }
        }
        let source = &self.source;
        let fetched = join_all(missing.iter().map(|(_, file, _)| source.fetch_file(file))).await;
        self.stats.file_requests += missing.len() as u64;
        let mut failed = Vec::new();
        for ((class, _, key), bytes) in missing.into_iter().zip(fetched) {
            let loaded = match bytes {
                Ok(b) => match self.tables.load_index(class, &b) {
                    Ok(()) => {
                        self.store.save(&key, b).await;
                        Ok(())
                    }
                    Err(e) => Err(e.into()),
                },
                Err(e) => Err(e),
            };
            if let Err(e) = loaded {
                failed.push((class, e));
            }
        }
        failed
    }

    /// The key of a block in the lasting cache: its file, its bytes and
    /// the file's SHA-256 (its first 16 digits), so that a set made again
    /// is not read from the old one's blocks.
    fn store_key(&self, range: &BlockRange) -> String {
        let part = self
            .manifest
            .classes
            .iter()
            .flat_map(|c| &c.parts)
            .find(|p| p.file == range.file);
        let sha = part.map_or("", |p| p.sha256.get(..16).unwrap_or(&p.sha256));
        format!("{}?bytes={}-{}&sha256={sha}", range.file, range.start, range.end)
    }

    /// The blocks of `wanted`, checked: from the lasting cache where it
    /// has them intact, else by one range request each, all together.
    async fn obtain(
        &mut self,
        wanted: FxHashMap<BlockKey, BlockRange>,
    ) -> FxHashMap<BlockKey, Result<InflatedBlock, RemoteError>> {
        let mut fresh = FxHashMap::default();
        let keyed: Vec<(BlockKey, BlockRange, String)> = wanted
            .into_iter()
            .map(|(k, r)| {
                let key = self.store_key(&r);
                (k, r, key)
            })
            .collect();
        let (store, stored) = (&self.store, &self.stored);
        let kept = join_all(keyed.iter().map(|(_, _, key)| async move {
            if stored.contains(key) {
                store.load(key).await
            } else {
                None
            }
        }))
        .await;
        let mut missing = Vec::new();
        let mut journal_changed = false;
        for ((k, range, key), bytes) in keyed.into_iter().zip(kept) {
            match bytes.map(|b| self.tables.inflate(&range, &b)) {
                Some(Ok(block)) => {
                    self.stats.store_hits += 1;
                    self.stored.touch(&key);
                    journal_changed = true;
                    fresh.insert(k, Ok(block));
                }
                Some(Err(_)) => {
                    // Damaged in the cache: dropped, and fetched again.
                    self.stored.remove(&key);
                    self.store.delete(&key).await;
                    journal_changed = true;
                    missing.push((k, range, key));
                }
                None => missing.push((k, range, key)),
            }
        }
        let source = &self.source;
        let fetched = join_all(
            missing
                .iter()
                .map(|(_, r, _)| source.fetch_range(&r.file, r.start, r.end)),
        )
        .await;
        self.stats.range_requests += missing.len() as u64;
        let mut to_save = Vec::new();
        for ((k, range, key), bytes) in missing.into_iter().zip(fetched) {
            let block = bytes.and_then(|b| {
                self.stats.range_bytes += b.len() as u64;
                let block = self.tables.inflate(&range, &b)?;
                to_save.push((key, b));
                Ok(block)
            });
            fresh.insert(k, block);
        }
        journal_changed |= !to_save.is_empty();
        self.save(to_save).await;
        if journal_changed {
            self.save_journal().await;
        }
        fresh
    }

    /// Keeps blocks in the lasting cache, dropping the least recently
    /// used past its bound.
    async fn save(&mut self, blocks: Vec<(String, Vec<u8>)>) {
        let mut dropped = Vec::new();
        for (key, bytes) in &blocks {
            dropped.extend(self.stored.insert(key.clone(), (), bytes.len()));
        }

        let store = &self.store;
        join_all(
            blocks
                .into_iter()
                .filter(|(key, _)| !dropped.contains(key))
                .map(|(key, bytes)| async move { store.save(&key, bytes).await }),
        )
        .await;
        join_all(dropped.iter().map(|key| store.delete(key))).await;
    }

    async fn save_journal(&self) {
        let journal: String = self
            .stored
            .oldest_first()
            .into_iter()
            .map(|(key, size)| format!("{size} {key}\n"))
            .collect();
        self.store.save(JOURNAL_KEY, journal.into_bytes()).await;
    }

    /// The blocks in memory and in the lasting cache.
    pub fn cached_blocks(&self) -> (usize, usize) {
        (self.memory.len(), self.stored.len())
    }
}
