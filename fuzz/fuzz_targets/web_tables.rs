//! Web table files (`morris_solver::web`), fed three ways: the input as a
//! block index, as a manifest, and as the bytes of a block of Nine's 3v3.
//!
//! Neither parser panics on any bytes; an index that parses writes back to
//! the same bytes and names a range for each of its blocks; a manifest that
//! parses writes back to one that parses the same. A block's bytes that
//! are not the block are refused, never read as values; the block itself
//! reads to the table's values.
#![no_main]

use std::sync::OnceLock;

use libfuzzer_sys::fuzz_target;
use morris_core::Variant;
use morris_solver::web::{
    class_name, index_file_name, part_file_name, write_web, BlockIndex, Manifest, ManifestClass, ManifestFile,
    WebOptions, WebTables, MANIFEST_FORMAT, WEB_VERSION,
};
use morris_solver::{Class, Numbering, Table, Tablebase};

/// Nine's 3v3 in small blocks, its reader with the index loaded, and its
/// one part.
struct Three {
    table: Table,
    reader: WebTables,
    part: Vec<u8>,
}

fn three() -> &'static Three {
    static THREE: OnceLock<Three> = OnceLock::new();
    THREE.get_or_init(|| {
        let table = Tablebase::new(Variant::Nine.rules()).solve(3, 3).unwrap().clone();
        let options = WebOptions {
            block_target: 1,
            ..WebOptions::default()
        };
        let made = write_web(&table, &options).unwrap();
        let index = made.index.to_bytes();
        let stem = "nine-3v3";
        let part = made.parts[0].clone();
        let manifest = Manifest {
            format: MANIFEST_FORMAT.into(),
            version: WEB_VERSION,
            rules: "nine".into(),
            classes: vec![ManifestClass {
                class: class_name(table.class()),
                entries: made.index.entries(),
                blocks: made.index.blocks() as u64,
                block_bytes: made.index.block_bytes().into(),
                index: ManifestFile::of(&index_file_name(stem), &index),
                parts: vec![ManifestFile::of(&part_file_name(stem, 0), &part)],
            }],
        };
        let mut reader = WebTables::new(&manifest).unwrap();
        reader.load_index(Class::moving(3, 3), &index).unwrap();
        Three { table, reader, part }
    })
}

fuzz_target!(|data: &[u8]| {
    if let Ok(index) = BlockIndex::parse(data) {
        assert_eq!(index.to_bytes(), data);
    }
    if let Ok(manifest) = Manifest::parse(&String::from_utf8_lossy(data)) {
        assert_eq!(Manifest::parse(&manifest.to_json()).ok(), Some(manifest.clone()));
        let _ = WebTables::new(&manifest);
    }
    // The input's first bytes choose an entry; the rest stand for its block.
    let three = three();
    let Some((choice, block)) = data.split_first_chunk::<4>() else {
        return;
    };
    let entry = u64::from(u32::from_le_bytes(*choice)) % three.table.len() as u64;
    let pos = three.table.indexer().position(entry).unwrap();
    let range = three.reader.locate(&pos).unwrap().unwrap();
    let real = &three.part[range.start as usize..range.end as usize];
    match three.reader.value(&range, block) {
        Ok(value) => {
            assert_eq!(block, real);
            assert_eq!(Some(value.score().signum()), three.table.value(entry).map(|v| v.score().signum()));
        }
        Err(_) => assert_ne!(block, real),
    }
});
