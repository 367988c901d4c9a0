//! The remote reader against a host in memory: values equal the tables'
//! on every entry of small classes; a block not cached costs one range
//! request and a cached one none; damaged blocks and indexes are refused;
//! offline, cached positions answer and the others need the network; the
//! lasting cache serves a reader opened again and stays in its bound.

#![allow(clippy::panic)]

use std::cell::{Cell, RefCell};
use std::collections::{BTreeSet, HashMap};
use std::future::Future;
use std::pin::pin;
use std::rc::Rc;
use std::sync::OnceLock;
use std::task::{Context, Poll, Waker};

use morris_core::{Position, Variant};

use super::lru::Lru;
use super::*;
use crate::index::Numbering;
use crate::table::Table;
use crate::web::tests::{files_of, nine_up_to_4v4, wdl, Files};
use crate::web::WebOptions;

/// Runs a future whose I/O is all in memory: it is ready when first polled.
fn ready<F: Future>(f: F) -> F::Output {
    let mut f = pin!(f);
    match f.as_mut().poll(&mut Context::from_waker(Waker::noop())) {
        Poll::Ready(out) => out,
        Poll::Pending => panic!("a future in memory waited"),
    }
}

/// A static host in memory: its files, every request it answered, and
/// whether it is out of reach.
#[derive(Debug, Default)]
struct Host {
    files: RefCell<HashMap<String, Vec<u8>>>,
    ranges: RefCell<Vec<(String, u64, u64)>>,
    offline: Cell<bool>,
}

impl RangeSource for Rc<Host> {
    fn url(&self, file: &str) -> String {
        format!("http://host/{file}")
    }

    async fn fetch_file(&self, file: &str) -> Result<Vec<u8>, RemoteError> {
        if self.offline.get() {
            return Err(RemoteError::Offline {
                url: self.url(file),
                why: "offline".into(),
            });
        }
        let files = self.files.borrow();
        files.get(file).cloned().ok_or_else(|| RemoteError::Http {
            url: self.url(file),
            status: 404,
        })
    }

    async fn fetch_range(&self, file: &str, start: u64, end: u64) -> Result<Vec<u8>, RemoteError> {
        self.ranges.borrow_mut().push((file.to_owned(), start, end));
        let whole = self.fetch_file(file).await?;
        Ok(whole
            .get(start as usize..end as usize)
            .unwrap_or_default()
            .to_vec())
    }
}

/// A lasting cache in memory, shared by the readers opened on it.
#[derive(Clone, Debug, Default)]
struct Store(Rc<RefCell<HashMap<String, Vec<u8>>>>);

impl BlockStore for Store {
    async fn load(&self, key: &str) -> Option<Vec<u8>> {
        self.0.borrow().get(key).cloned()
    }
    async fn save(&self, key: &str, bytes: Vec<u8>) {
        self.0.borrow_mut().insert(key.to_owned(), bytes);
    }
    async fn delete(&self, key: &str) {
        self.0.borrow_mut().remove(key);
    }
}

impl Store {
    /// The bytes of each block kept (the journal, the manifest and the
    /// indexes left out).
    fn block_sizes(&self) -> Vec<usize> {
        let map = self.0.borrow();
        map.iter()
            .filter(|(k, _)| k.contains("?bytes="))
            .map(|(_, b)| b.len())
            .collect()
    }
}

struct Fixture {
    tables: &'static [Table],
    files: &'static Files,
    host: Rc<Host>,
}

/// Nine's classes up to 4v4 and their files, solved once for every test;
/// a host of its own for each.
fn fixture() -> Fixture {
    static SOLVED: OnceLock<(Vec<Table>, Files)> = OnceLock::new();
    let (tables, files) = SOLVED.get_or_init(|| {
        let tables = nine_up_to_4v4();
        let files = files_of(&tables, &WebOptions::default());
        (tables, files)
    });
    let host = Rc::new(Host::default());
    let mut all = files.bytes.clone();
    all.insert(MANIFEST_FILE.into(), files.manifest.to_json().into_bytes());
    *host.files.borrow_mut() = all;
    Fixture { tables, files, host }
}

fn open<C: BlockStore>(host: &Rc<Host>, store: C, cap: usize) -> RemoteReader<Rc<Host>, C> {
    let opened = ready(RemoteReader::open_with(Rc::clone(host), store, cap));
    match opened {
        Ok(reader) => reader,
        Err(e) => panic!("{e}"),
    }
}

/// Every entry of a table as a position.
fn positions(table: &Table) -> Vec<Position> {
    (0..table.len() as u64)
        .filter_map(|i| table.indexer().position(i))
        .collect()
}

fn requests(host: &Host) -> usize {
    host.ranges.borrow().len()
}

/// Every entry of 3v3, 4v3 and 4v4 (as positions and as their mirrors)
/// gets the table's value, each block of the files fetched exactly once,
/// by one range request of that block; a second pass fetches nothing.
#[test]
fn every_entry_equals_the_tables_and_each_block_is_fetched_once() {
    let f = fixture();
    let mut reader = open(&f.host, NoStore, DEFAULT_CACHE_BYTES);
    for pass in 0..2 {
        for table in f.tables {
            let all = positions(table);
            assert_eq!(all.len(), table.len());
            for (chunk_at, chunk) in all.chunks(4096).enumerate() {
                let values = ready(reader.probe_many(chunk));
                for (j, (pos, got)) in chunk.iter().zip(values).enumerate() {
                    let i = (chunk_at * 4096 + j) as u64;
                    assert_eq!(got, Ok(table.value(i).map(wdl)), "{pos} pass {pass}");
                }
            }
        }
        let blocks: u64 = f.files.manifest.classes.iter().map(|c| c.blocks).sum();
        assert_eq!(reader.stats().range_requests, blocks, "pass {pass}");
        assert_eq!(requests(&f.host) as u64, blocks);
    }
    let distinct: BTreeSet<_> = f.host.ranges.borrow().iter().cloned().collect();
    assert_eq!(distinct.len(), requests(&f.host), "a block asked for twice");
    // 1 manifest + 3 indexes.
    assert_eq!(reader.stats().file_requests, 4);
}

/// A batch asks for each block it needs once, all in one go; positions
/// the set does not cover answer `None` and cost nothing.
#[test]
fn a_batch_fetches_each_block_once_and_skips_what_the_set_does_not_cover() {
    let f = fixture();
    let mut reader = open(&f.host, NoStore, DEFAULT_CACHE_BYTES);
    let table = &f.tables[2];
    let mut batch: Vec<Position> = positions(table).into_iter().step_by(97).take(200).collect();
    batch.extend(batch.clone());
    let placing = Position::new(Variant::Nine.rules());
    let six = Position::new(Variant::Six.rules());
    batch.push(placing);
    batch.push(six);
    let values = ready(reader.probe_many(&batch));
    assert_eq!(values.len(), batch.len());
    assert_eq!(values[batch.len() - 2], Ok(None));
    assert_eq!(values[batch.len() - 1], Ok(None));
    let blocks: BTreeSet<_> = batch
        .iter()
        .filter_map(|p| reader.tables().locate(p).ok().flatten())
        .map(|r| (r.file, r.start, r.end))
        .collect();
    let asked: Vec<_> = f.host.ranges.borrow().clone();
    assert_eq!(asked.iter().cloned().collect::<BTreeSet<_>>(), blocks);
    assert_eq!(asked.len(), blocks.len());
    // Once in memory, a position's value is there without I/O.
    assert_eq!(reader.cached_value(&batch[0]), values[0].clone().ok().flatten());
}

/// A block changed on the host is refused by its checksum: an error,
/// never a value; the other blocks still answer.
#[test]
fn a_corrupted_block_is_an_error_never_a_value() {
    let f = fixture();
    let mut reader = open(&f.host, NoStore, DEFAULT_CACHE_BYTES);
    let table = &f.tables[2];
    let all = positions(table);
    let warm = ready(reader.probe_many(&all[..1]));
    assert!(matches!(warm[0], Ok(Some(_))));
    let first = reader.tables().locate(&all[0]).ok().flatten();
    let first = first.unwrap_or_else(|| panic!("not located"));
    {
        let mut files = f.host.files.borrow_mut();
        let part = files.get_mut(&first.file).unwrap_or_else(|| panic!("no part"));
        part[first.start as usize + 5] ^= 0x10;
    }
    // A reader with nothing cached yet.
    let mut reader = open(&f.host, NoStore, DEFAULT_CACHE_BYTES);
    let values = ready(reader.probe_many(&all[..1]));
    assert!(
        matches!(&values[0], Err(RemoteError::Corrupt(_))),
        "{:?}",
        values[0]
    );
    assert!(!values[0].as_ref().is_err_and(RemoteError::needs_network));
    // Not kept: asked again, it is fetched again (and refused again).
    let again = ready(reader.probe_many(&all[..1]));
    assert!(again[0].is_err());
    assert_eq!(requests(&f.host), 3);
    let last = all.len() - 1;
    assert_eq!(
        ready(reader.probe_many(&all[last..]))[0],
        Ok(table.value(last as u64).map(wdl))
    );
}

/// An index that is not the manifest's (its SHA-256) is refused, and no
/// position of its class gets a value.
#[test]
fn a_changed_index_is_refused() {
    let f = fixture();
    let index = f.files.manifest.classes[1].index.file.clone();
    if let Some(bytes) = f.host.files.borrow_mut().get_mut(&index) {
        bytes[30] ^= 1;
    }
    let mut reader = open(&f.host, NoStore, DEFAULT_CACHE_BYTES);
    let values = ready(reader.probe_many(&positions(&f.tables[1])[..3]));
    for v in values {
        assert!(matches!(v, Err(RemoteError::Corrupt(_))), "{v:?}");
    }
    assert_eq!(requests(&f.host), 0);
    let fine = ready(reader.probe_many(&positions(&f.tables[0])[..1]));
    assert!(matches!(fine[0], Ok(Some(_))));
}

/// Offline after a first batch: its positions still answer, the others
/// need the network; back online, they answer.
#[test]
fn offline_cached_positions_answer_and_the_others_need_the_network() {
    let f = fixture();
    let mut reader = open(&f.host, NoStore, DEFAULT_CACHE_BYTES);
    let all = positions(&f.tables[2]);
    let warm = &all[..1];
    let cold = &all[all.len() - 1..];
    let warmed = ready(reader.probe_many(warm));
    assert!(matches!(warmed[0], Ok(Some(_))));
    f.host.offline.set(true);
    assert_eq!(ready(reader.probe_many(warm)), warmed);
    let got = ready(reader.probe_many(cold));
    assert!(got[0].as_ref().is_err_and(RemoteError::needs_network), "{got:?}");
    // An index not yet fetched needs the network too.
    let other = ready(reader.probe_many(&positions(&f.tables[0])[..1]));
    assert!(
        other[0].as_ref().is_err_and(RemoteError::needs_network),
        "{other:?}"
    );
    f.host.offline.set(false);
    let back = ready(reader.probe_many(cold));
    assert_eq!(back[0], Ok(f.tables[2].value(all.len() as u64 - 1).map(wdl)));
}

/// A reader opened again on the same lasting cache (a reload) reads the
/// blocks from it with no range request; a block damaged in the cache is
/// dropped and fetched again; the cache keeps to its bound, the least
/// recently used blocks dropped first.
#[test]
fn the_lasting_cache_serves_a_reload_checks_its_blocks_and_keeps_its_bound() {
    let f = fixture();
    let store = Store::default();
    let all = positions(&f.tables[2]);
    let batch: Vec<Position> = all.iter().step_by(all.len() / 6).cloned().collect();
    let mut reader = open(&f.host, store.clone(), DEFAULT_CACHE_BYTES);
    let first = ready(reader.probe_many(&batch));
    let fetched = requests(&f.host);
    assert!(fetched >= 3, "{fetched}");
    let mut again = open(&f.host, store.clone(), DEFAULT_CACHE_BYTES);
    assert_eq!(ready(again.probe_many(&batch)), first);
    assert_eq!(requests(&f.host), fetched, "a reload fetched a cached block");
    assert_eq!(again.stats().store_hits as usize, fetched);
    // A block damaged in the cache.
    let key = {
        let map = store.0.borrow();
        map.keys().find(|k| k.contains("?bytes=")).cloned()
    };
    let key = key.unwrap_or_else(|| panic!("nothing stored"));
    if let Some(bytes) = store.0.borrow_mut().get_mut(&key) {
        bytes[3] ^= 0x40;
    }
    let mut third = open(&f.host, store.clone(), DEFAULT_CACHE_BYTES);
    assert_eq!(ready(third.probe_many(&batch)), first);
    assert_eq!(requests(&f.host), fetched + 1);
    // A bound of about two blocks: the least recently used go, the
    // journal lists what is kept.
    let sizes = store.block_sizes();
    let cap = sizes.iter().max().copied().unwrap_or(0) * 2 + 1;
    let small = Store::default();
    let mut bounded = open(&f.host, small.clone(), cap);
    ready(bounded.probe_many(&batch));
    let kept = small.block_sizes();
    assert!(
        !kept.is_empty() && kept.len() < sizes.len(),
        "{kept:?} of {sizes:?}"
    );
    assert!(kept.iter().sum::<usize>() <= cap);
    assert_eq!(bounded.cached_bytes().1, kept.iter().sum::<usize>());
    let journal = small.0.borrow().get(JOURNAL_KEY).cloned().unwrap_or_default();
    assert_eq!(String::from_utf8_lossy(&journal).lines().count(), kept.len());
    // Opened again, a block read (from the cache or fetched) is the most
    // recently used: kept, and last in the journal.
    let mut reloaded = open(&f.host, small.clone(), cap);
    let last = &batch[batch.len() - 1..];
    ready(reloaded.probe_many(last));
    let range = reloaded.tables().locate(&last[0]).ok().flatten();
    let key = range.map(|r| reloaded.store_key(&r)).unwrap_or_default();
    assert!(small.0.borrow().contains_key(&key));
    let journal = small.0.borrow().get(JOURNAL_KEY).cloned().unwrap_or_default();
    let newest = String::from_utf8_lossy(&journal)
        .lines()
        .last()
        .map(str::to_owned);
    assert!(newest.is_some_and(|line| line.ends_with(&format!(" {key}"))));
}

/// Opened again with the host out of reach (a page reloaded offline),
/// the reader takes the manifest and the indexes from the lasting cache:
/// the positions cached answer, the others need the network.
#[test]
fn opened_offline_the_lasting_cache_answers_what_it_holds() {
    let f = fixture();
    let store = Store::default();
    let all = positions(&f.tables[2]);
    let (warm, cold) = (&all[..1], &all[all.len() - 1..]);
    let mut online = open(&f.host, store.clone(), DEFAULT_CACHE_BYTES);
    let value = ready(online.probe_many(warm));
    f.host.offline.set(true);
    let mut offline = open(&f.host, store.clone(), DEFAULT_CACHE_BYTES);
    assert_eq!(ready(offline.probe_many(warm)), value);
    let got = ready(offline.probe_many(cold));
    assert!(got[0].as_ref().is_err_and(RemoteError::needs_network), "{got:?}");
    assert_eq!(offline.stats().store_hits, 1);
    // With nothing kept, opening offline needs the network.
    let opened = ready(RemoteReader::open_with(
        Rc::clone(&f.host),
        Store::default(),
        1 << 20,
    ));
    assert!(opened.is_err_and(|e| e.needs_network()));
}

#[test]
fn the_lru_drops_the_least_recently_used_first() {
    let mut lru = Lru::new(10);
    assert!(lru.insert('a', 1, 4).is_empty());
    assert!(lru.insert('b', 2, 4).is_empty());
    assert_eq!(lru.get(&'a'), Some(&1));
    assert_eq!(lru.insert('c', 3, 4), vec!['b']);
    assert_eq!(lru.used(), 8);
    assert_eq!(
        lru.oldest_first()
            .into_iter()
            .map(|(k, _)| *k)
            .collect::<Vec<_>>(),
        vec!['a', 'c']
    );
    assert_eq!(lru.insert('d', 4, 11), vec!['d'], "larger than the bound");
    assert_eq!(lru.insert('a', 5, 2), Vec::<char>::new());
    assert_eq!(lru.used(), 6);
    assert_eq!(lru.remove(&'c'), Some(3));
    assert_eq!(lru.len(), 1);
}

#[test]
fn a_folder_address_keeps_its_query_for_every_file() {
    use super::split_folder_url;
    let split = |u: &str| split_folder_url(u);
    assert_eq!(split("https://h/set/"), ("https://h/set/".into(), String::new()));
    assert_eq!(split("https://h/set"), ("https://h/set/".into(), String::new()));
    assert_eq!(
        split("https://h/set/?token=1"),
        ("https://h/set/".into(), "?token=1".into())
    );
    assert_eq!(
        split("https://h/set?a=1&b=2#x"),
        ("https://h/set/".into(), "?a=1&b=2".into())
    );
    assert_eq!(split("nine-web/#top"), ("nine-web/".into(), String::new()));
    assert_eq!(split(""), ("/".into(), String::new()));
}
