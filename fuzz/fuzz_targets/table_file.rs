//! Table files, fed two ways.
//!
//! The input as a file: `read`, `check`, `check_stream` and `open_flat`
//! never panic on any bytes; a file that reads passes the check and writes
//! back to a file that reads to the same values; a flat file that opens
//! reads to the same values too.
//!
//! A file built around the input: random bytes almost never get past the
//! magic and the checksum, so the first bytes choose the fields (rules,
//! a small class and its true entry count, width, encoding, and now and
//! then a wrong count, numbering or length), the rest is the payload, and
//! the checksum is made right. That reaches the unpacking, the flat reads
//! and, through the same table deflated by `write` with a few of its bytes
//! changed (checksum made right again), the inflater. A flat file changed
//! after it was opened must answer nothing wrong.
#![no_main]

use std::sync::{Arc, Mutex};

use libfuzzer_sys::fuzz_target;
use morris_core::Variant;
use morris_solver::{Class, EntrySource, Numbering, SymIndexer, FORMAT_VERSION, MAGIC};

/// The largest class built: two flat blocks, and small enough for
/// thousands of runs a second.
const MAX_ENTRIES: u64 = 6_000;

/// The fuzz input as the disk a flat table reads from, changed at will.
#[derive(Debug)]
struct Disk(Mutex<Vec<u8>>);

impl EntrySource for Disk {
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> std::io::Result<()> {
        let bytes = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let found = usize::try_from(offset)
            .ok()
            .and_then(|at| bytes.get(at..at.checked_add(buf.len())?))
            .ok_or(std::io::ErrorKind::UnexpectedEof)?;
        buf.copy_from_slice(found);
        Ok(())
    }

    fn name(&self) -> String {
        "the fuzz input".into()
    }
}

fn disk(bytes: &[u8]) -> Arc<Disk> {
    Arc::new(Disk(Mutex::new(bytes.to_vec())))
}

fn fnv1a(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

/// Appends the checksum of everything before it.
fn sealed(mut file: Vec<u8>) -> Vec<u8> {
    let sum = fnv1a(&file);
    file.extend_from_slice(&sum.to_le_bytes());
    file
}

/// The checks on a file as it is.
fn as_file(data: &[u8]) {
    let checked = morris_solver::check(data);
    let read = morris_solver::read(data);
    if let Ok(table) = &read {
        let found = checked.expect("a file that reads passes the check");
        assert_eq!(found, (*table.indexer().rules(), table.class()));
        let again =
            morris_solver::read(&morris_solver::write_at_level(table, 1)).expect("a written table reads");
        assert_eq!(again.len(), table.len());
        for i in (0..table.len() as u64).step_by(97) {
            assert_eq!(again.value(i), table.value(i));
        }
    }
    let len = data.len() as u64;
    let streamed = morris_solver::check_stream(&mut &data[..], len);
    if let Ok(flat) = morris_solver::open_flat(disk(data), len) {
        assert_eq!(streamed, Ok(()), "a flat file that opens passes the stream check");
        let table = read.expect("a flat file that opens reads");
        assert_eq!(flat.len(), table.len());
        for i in (0..table.len() as u64).step_by(31) {
            assert_eq!(flat.value(i), table.value(i));
        }
        assert_eq!(flat.fault(), None);
    }
}

/// Reads the fields of a file to build from the input's first bytes.
struct Fields<'a> {
    bytes: &'a [u8],
}

impl Fields<'_> {
    fn next(&mut self) -> u8 {
        let (&b, rest) = self.bytes.split_first().unwrap_or((&0, &[]));
        self.bytes = rest;
        b
    }

    fn u64(&mut self) -> u64 {
        (0..8).fold(0, |v, i| v | u64::from(self.next()) << (8 * i))
    }
}

/// `n` bytes from `payload`, repeated as often as needed (zeros if empty).
fn cycled(payload: &[u8], n: usize) -> Vec<u8> {
    if payload.is_empty() {
        return vec![0; n];
    }
    payload.iter().copied().cycle().take(n).collect()
}

fn built(data: &[u8]) {
    let mut f = Fields { bytes: data };
    let variant = Variant::ALL[usize::from(f.next()) % Variant::ALL.len()];
    let rules = variant.rules();
    let class = Class {
        light: f.next() % 5,
        dark: f.next() % 5,
        light_hand: f.next() % 3,
        dark_hand: f.next() % 3,
    };
    let Some(indexer) = SymIndexer::new(rules, class) else {
        return;
    };
    let entries = indexer.len();
    if entries > MAX_ENTRIES {
        return;
    }
    let shape = f.next();
    let encoding = match shape & 3 {
        3 => f.next(),
        e => e,
    };
    let width = if shape & 4 == 0 { 8 } else { f.next() % 18 };
    // Now and then a field that does not fit the others.
    let wrong = f.next();
    let numbering = if wrong & 1 == 0 { 1 } else { f.next() };
    let count = if wrong & 2 == 0 { entries } else { f.u64() };
    let change = f.u64();
    let payload = f.bytes;
    let n = usize::try_from(entries).unwrap_or(0);
    let body = match encoding {
        2 => cycled(payload, n),
        0 => cycled(payload, (n * usize::from(width)).div_ceil(8)),
        _ => payload.to_vec(),
    };
    let payload_len = if wrong & 4 == 0 {
        body.len() as u64
    } else {
        f.u64()
    };
    let rules_text = rules.to_string();
    let mut file = Vec::with_capacity(body.len() + 64);
    file.extend_from_slice(&MAGIC);
    file.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
    file.extend_from_slice(&(rules_text.len() as u16).to_le_bytes());
    file.extend_from_slice(rules_text.as_bytes());
    file.extend_from_slice(&[class.light, class.dark, class.light_hand, class.dark_hand]);
    file.push(numbering);
    file.extend_from_slice(&count.to_le_bytes());
    file.push(width);
    file.push(encoding);
    file.extend_from_slice(&payload_len.to_le_bytes());
    let head = file.len();
    file.extend_from_slice(&body);
    let file = sealed(file);
    as_file(&file);

    let Ok(table) = morris_solver::read(&file) else {
        return;
    };
    // The same table deflated, one byte of its payload changed: the
    // inflater and the unpacking see a stream that is nearly right.
    let mut deflated = morris_solver::write_at_level(&table, 1);
    let body_end = deflated.len() - 8;
    deflated.truncate(body_end);
    if let Some(at) = (head..body_end).nth((change % 4096) as usize) {
        deflated[at] ^= (change >> 12) as u8 | 1;
    }
    as_file(&sealed(deflated));

    // A flat file changed on its disk after it was opened answers nothing
    // wrong: each entry is the table's value or none.
    let mut flat = Vec::new();
    if morris_solver::write_flat(&table, &mut flat).is_err() {
        return;
    }
    let source = disk(&flat);
    let Ok(opened) = morris_solver::open_flat(source.clone(), flat.len() as u64) else {
        panic!("a flat file that was just written opens");
    };
    let first = (change >> 20) as usize % table.len().max(1);
    let _ = opened.value(first as u64);
    {
        let mut bytes = source.0.lock().unwrap_or_else(|e| e.into_inner());
        let at = flat.len() - 8 - table.len() + (change >> 40) as usize % table.len().max(1);
        if change & 1 == 0 {
            bytes[at] ^= (change >> 8) as u8 | 1;
        } else {
            bytes.truncate(at);
        }
    }
    for i in 0..table.len() as u64 {
        let v = opened.value(i);
        assert!(v.is_none() || v == table.value(i), "entry {i}: {v:?}");
    }
    assert!(opened.fault().is_some() || opened.value(first as u64) == table.value(first as u64));
}

fuzz_target!(|data: &[u8]| {
    as_file(data);
    built(data);
});
