//! Web table files: every entry of small classes read back through the
//! I/O-free reader (a position brought to its smallest image, one block
//! range a probe, parts crossed), and every way a damaged file or block
//! is refused.

#![allow(clippy::panic)]

use std::collections::HashMap;

use morris_core::{ByColor, Variant};

use super::*;
use crate::index::{position, Class, Numbering};
use crate::table::Table;
use crate::tablebase::Tablebase;
use crate::value::{Value, FAR};

/// Nine's classes up to 4v4 (3v3, 4v3, 4v4), solved.
pub(super) fn nine_up_to_4v4() -> Vec<Table> {
    let mut base = Tablebase::new(Variant::Nine.rules());
    let solved = base.solve(4, 4).map(|_| ());
    assert!(solved.is_ok(), "{solved:?}");
    [(3, 3), (4, 3), (4, 4)]
        .iter()
        .filter_map(|&(l, d)| base.table(Class::moving(l, d)).cloned())
        .collect()
}

pub(super) fn wdl(v: Value) -> Value {
    match v {
        Value::Win(_) => Value::Win(FAR),
        Value::Draw => Value::Draw,
        Value::Loss(_) => Value::Loss(FAR),
    }
}

/// The files of some tables in memory, by name, and their manifest.
pub(super) struct Files {
    pub(super) bytes: HashMap<String, Vec<u8>>,
    pub(super) manifest: Manifest,
}

pub(super) fn files_of(tables: &[Table], options: &WebOptions) -> Files {
    let mut bytes = HashMap::new();
    let mut classes = Vec::new();
    for table in tables {
        let made = write_web(table, options);
        assert!(made.is_ok(), "{made:?}");
        let made = made.unwrap_or_else(|_| unreachable!());
        // The files' own stats are those counted as they were written.
        assert_eq!(
            WebStats::of_files(&made.index, &made.parts).as_ref(),
            Ok(&made.stats)
        );
        let stem = format!("nine-{}", class_name(table.class()));
        let index = made.index.to_bytes();
        let mut parts = Vec::new();
        for (j, part) in made.parts.iter().enumerate() {
            assert!(part.len() as u64 <= options.max_file);
            let name = part_file_name(&stem, j);
            parts.push(ManifestFile::of(&name, part));
            bytes.insert(name, part.clone());
        }
        classes.push(ManifestClass {
            class: class_name(table.class()),
            entries: made.index.entries(),
            blocks: made.index.blocks() as u64,
            block_bytes: made.index.block_bytes().into(),
            index: ManifestFile::of(&index_file_name(&stem), &index),
            parts,
        });
        bytes.insert(index_file_name(&stem), index);
    }
    let manifest = Manifest {
        format: MANIFEST_FORMAT.into(),
        version: WEB_VERSION,
        rules: "nine".into(),
        classes,
    };
    Files { bytes, manifest }
}

/// The reader of some files, every index loaded.
fn reader_of(files: &Files) -> WebTables {
    let parsed = Manifest::parse(&files.manifest.to_json());
    assert_eq!(parsed.as_ref().ok(), Some(&files.manifest));
    let tables = WebTables::new(&files.manifest);
    assert!(tables.is_ok(), "{tables:?}");
    let mut tables = tables.unwrap_or_else(|_| unreachable!());
    for class in &files.manifest.classes {
        let loaded = tables.load_index(
            parse_class(&class.class).unwrap_or(Class::moving(0, 0)),
            &files.bytes[&class.index.file],
        );
        assert!(loaded.is_ok(), "{loaded:?}");
    }
    tables
}

fn range_bytes<'a>(files: &'a Files, range: &BlockRange) -> &'a [u8] {
    &files.bytes[&range.file][range.start as usize..range.end as usize]
}

/// Every entry of every table, as a position (the entries that repeat a
/// smaller one too, brought to it by the reader), equals the table's
/// result; each probe is one range no larger than the largest block, and
/// the blocks are read once each.
fn every_entry_reads_back(tables: &[Table], options: &WebOptions) -> Files {
    let files = files_of(tables, options);
    let reader = reader_of(&files);
    let largest = tables
        .iter()
        .filter_map(|t| write_web(t, options).ok())
        .map(|f| f.stats.largest_block)
        .max()
        .unwrap_or(0);
    let mut blocks: HashMap<(Class, u32), InflatedBlock> = HashMap::new();
    for table in tables {
        for i in 0..table.len() as u64 {
            let pos = table.indexer().position(i);
            let range = pos.as_ref().map(|p| reader.locate(p));
            let Some(Ok(Some(range))) = range else {
                panic!("entry {i} of {:?}: {range:?}", table.class());
            };
            assert!(range.len() <= largest && !range.is_empty());
            let block = blocks.entry((range.class, range.block)).or_insert_with(|| {
                let inflated = reader.inflate(&range, range_bytes(&files, &range));
                assert!(inflated.is_ok(), "{inflated:?}");
                inflated.unwrap_or_else(|_| unreachable!())
            });
            assert_eq!(
                block.value(range.entry),
                table.value(i).map(wdl),
                "entry {i} of {:?}, {options:?}",
                table.class()
            );
        }
    }
    files
}

/// Every entry of Nine's 3v3, 4v3 and 4v4 reads back: with the default
/// blocks, with the smallest blocks and parts of a few blocks each (so
/// that probes cross part boundaries), and with the repeated entries kept.
/// Giving the repeats their predecessor's code makes the files no larger.
#[test]
fn every_entry_of_nine_up_to_4v4_reads_back() {
    let tables = nine_up_to_4v4();
    let default = every_entry_reads_back(&tables, &WebOptions::default());
    let tiny = WebOptions {
        block_target: 1,
        max_file: 6_000,
        keep_repeats: false,
    };
    let split = every_entry_reads_back(&tables, &tiny);
    let parts = |f: &Files| {
        f.manifest
            .classes
            .iter()
            .map(|c| c.parts.len())
            .max()
            .unwrap_or(0)
    };
    assert_eq!(parts(&default), 1);
    assert!(parts(&split) > 3, "{}", parts(&split));
    let kept = every_entry_reads_back(
        &tables,
        &WebOptions {
            keep_repeats: true,
            ..tiny
        },
    );
    let size = |f: &Files| f.bytes.values().map(Vec::len).sum::<usize>();
    assert!(
        size(&split) <= size(&kept),
        "{} against {}",
        size(&split),
        size(&kept)
    );
}

/// A probe answers for the mirror of a class too: 3v4 from 4v3.
#[test]
fn a_class_answers_for_its_mirror() {
    let tables = nine_up_to_4v4();
    let files = files_of(&tables, &WebOptions::default());
    let reader = reader_of(&files);
    let mut base = Tablebase::new(Variant::Nine.rules());
    for t in &tables {
        assert!(base.insert(t.clone()).is_ok());
    }
    let four_three = &tables[1];
    for i in (0..four_three.len() as u64).step_by(97) {
        let (light, dark, turn) = four_three.indexer().unrank(i);
        let pos = position(
            Variant::Nine.rules(),
            ByColor::new(dark, light),
            ByColor::new(0, 0),
            !turn,
        );
        assert_eq!(Class::of(&pos), Class::moving(3, 4));
        let range = reader.locate(&pos);
        let Ok(Some(range)) = range else {
            panic!("{range:?}")
        };
        assert_eq!(range.class, Class::moving(4, 3));
        let value = reader.value(&range, range_bytes(&files, &range));
        assert_eq!(value.ok(), base.probe(&pos).map(wdl), "entry {i}");
    }
}

/// A block changed in its file is refused by its CRC-32, never read as a
/// value; a range of the wrong length too; a block whose CRC-32 holds but
/// whose codes are not values (written wrong) is refused too.
#[test]
fn a_corrupted_block_is_refused_by_its_checksum() {
    let tables = nine_up_to_4v4();
    let files = files_of(&tables, &WebOptions::default());
    let reader = reader_of(&files);
    let pos = tables[2].indexer().position(12_345);
    let Some(Ok(Some(range))) = pos.as_ref().map(|p| reader.locate(p)) else {
        panic!("no range")
    };
    let good = range_bytes(&files, &range).to_vec();
    assert!(reader.value(&range, &good).is_ok());
    for at in 0..good.len() {
        let mut bad = good.clone();
        bad[at] ^= 0x04;
        assert_eq!(
            reader.value(&range, &bad),
            Err(WebTableError::BlockChecksum {
                class: "4v4".into(),
                block: range.block
            }),
            "byte {at} changed"
        );
    }
    assert!(matches!(
        reader.value(&range, &good[1..]),
        Err(WebTableError::RangeLength { .. })
    ));
}

/// An index cut short anywhere, or changed anywhere, is refused with a
/// reason; bytes that do not have the manifest's SHA-256 are refused
/// before they are read.
#[test]
fn a_truncated_or_changed_index_is_refused() {
    let tables = nine_up_to_4v4();
    let made = write_web(&tables[1], &WebOptions::default());
    let bytes = made.map(|m| m.index.to_bytes()).unwrap_or_default();
    let back = BlockIndex::parse(&bytes);
    assert!(back.is_ok(), "{back:?}");
    for cut in 0..bytes.len() {
        let err = BlockIndex::parse(&bytes[..cut]);
        assert!(
            matches!(err, Err(WebTableError::Truncated | WebTableError::BadMagic)),
            "cut at {cut}: {err:?}"
        );
    }
    for at in 0..bytes.len() {
        let mut bad = bytes.clone();
        bad[at] ^= 0x20;
        assert!(BlockIndex::parse(&bad).is_err(), "byte {at} changed");
    }
    let mut longer = bytes.clone();
    longer.push(0);
    assert_eq!(BlockIndex::parse(&longer), Err(WebTableError::TrailingBytes(1)));

    let files = files_of(&tables, &WebOptions::default());
    let mut reader = WebTables::new(&files.manifest).unwrap_or_else(|e| panic!("{e}"));
    let name = index_file_name("nine-4v3");
    let index = &files.bytes[&name];
    assert!(matches!(
        reader.load_index(Class::moving(4, 3), &index[..index.len() - 1]),
        Err(WebTableError::SizeMismatch { .. })
    ));
    let mut changed = index.clone();
    changed[20] ^= 1;
    assert_eq!(
        reader.load_index(Class::moving(4, 3), &changed),
        Err(WebTableError::Sha256Mismatch(name))
    );
    let pos = tables[1].indexer().position(5);
    assert!(matches!(
        pos.as_ref().map(|p| reader.locate(p)),
        Some(Err(WebTableError::IndexNotLoaded(_)))
    ));
}

/// A manifest is refused for a file name that reaches outside its folder,
/// a class named twice or oddly, a SHA-256 that is not one, another
/// format or version; any text never panics.
#[test]
fn a_bad_manifest_is_refused() {
    let tables = nine_up_to_4v4();
    let files = files_of(&tables[..1], &WebOptions::default());
    let good = files.manifest.to_json();
    assert!(Manifest::parse(&good).is_ok());
    let bad = |from: &str, to: &str| {
        assert!(good.contains(from), "{from}");
        Manifest::parse(&good.replacen(from, to, 1))
    };
    assert!(matches!(
        bad("nine-3v3-0.wdlb", "../x"),
        Err(WebTableError::BadFileName(_))
    ));
    assert!(matches!(
        bad("\"3v3\"", "\"3w3\""),
        Err(WebTableError::BadClassName(_))
    ));
    assert!(matches!(
        bad("\"version\": 1", "\"version\": 2"),
        Err(WebTableError::ManifestVersion(2))
    ));
    assert!(matches!(
        bad("\"nine\"", "\"ten\""),
        Err(WebTableError::UnknownRules(_))
    ));
    assert!(matches!(
        bad("\"sha256\": \"", "\"sha256\": \"x"),
        Err(WebTableError::BadSha256(_))
    ));
    assert!(matches!(
        bad(MANIFEST_FORMAT, "other"),
        Err(WebTableError::Manifest(_))
    ));
    let mut twice = files.manifest.clone();
    twice.classes.push(twice.classes[0].clone());
    assert!(matches!(
        Manifest::parse(&twice.to_json()),
        Err(WebTableError::ClassTwice(_))
    ));
    for cut in 0..good.len() {
        assert!(Manifest::parse(&good[..cut]).is_err());
    }
}

/// The reader's CRC-32 is crc32fast's (the writer's).
#[test]
fn the_readers_crc32_is_the_writers() {
    let bytes: Vec<u8> = (0..70_000u32)
        .map(|i| (i.wrapping_mul(2_654_435_761) >> 13) as u8)
        .collect();
    for len in [0, 1, 7, 64, 4095, 70_000] {
        assert_eq!(
            block_index::crc32(&bytes[..len]),
            crc32fast::hash(&bytes[..len]),
            "{len} bytes"
        );
    }
}
