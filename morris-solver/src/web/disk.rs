//! Web table files read from a folder on disk, through the same
//! [`WebTables`] the browser uses: the manifest and the indexes read
//! once, each probe one block's range read from its part.

use std::fs::File;
use std::io::{Read, Seek, SeekFrom};
use std::path::{Path, PathBuf};

use morris_core::Position;
use sha2::{Digest, Sha256};

use super::block_index::BlockIndex;
use super::error::WebTableError;
use super::manifest::{hex, Manifest, ManifestClass, ManifestFile};
use super::reader::{BlockRange, InflatedBlock, WebTables};
use super::writer::WebStats;
use super::{index_file_name, part_file_name, MANIFEST_FILE};
use crate::value::Value;

/// The most bytes a manifest or an index file may hold (Nine's largest
/// index is well under a megabyte).
const MAX_SMALL_FILE: u64 = 64 << 20;

/// Web table files in a folder.
#[derive(Debug)]
pub struct DiskWebTables {
    dir: PathBuf,
    manifest: Manifest,
    tables: WebTables,
}

fn io_error(path: &Path, e: &dyn std::fmt::Display) -> WebTableError {
    WebTableError::Io {
        file: path.display().to_string(),
        why: e.to_string(),
    }
}

/// A whole small file, refused past [`MAX_SMALL_FILE`] bytes.
fn read_small(path: &Path) -> Result<Vec<u8>, WebTableError> {
    let file = File::open(path).map_err(|e| io_error(path, &e))?;
    let mut bytes = Vec::new();
    file.take(MAX_SMALL_FILE + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| io_error(path, &e))?;
    if bytes.len() as u64 > MAX_SMALL_FILE {
        return Err(io_error(path, &"larger than a manifest or index may be"));
    }
    Ok(bytes)
}

impl DiskWebTables {
    /// Opens the files of the folder `dir`: its `manifest.json` and every
    /// index it lists, each checked against the manifest.
    pub fn open(dir: &Path) -> Result<DiskWebTables, WebTableError> {
        let path = dir.join(MANIFEST_FILE);
        let text = String::from_utf8(read_small(&path)?).map_err(|e| io_error(&path, &e))?;
        let manifest = Manifest::parse(&text)?;
        let mut tables = WebTables::new(&manifest)?;
        let classes: Vec<_> = tables.classes().map(|(c, l)| (c, l.index.file.clone())).collect();
        for (class, file) in classes {
            tables.load_index(class, &read_small(&dir.join(file))?)?;
        }
        Ok(DiskWebTables {
            dir: dir.to_path_buf(),
            manifest,
            tables,
        })
    }

    pub fn tables(&self) -> &WebTables {
        &self.tables
    }

    pub fn manifest(&self) -> &Manifest {
        &self.manifest
    }

    /// The bytes of a range, read from its file.
    pub fn read_range(&self, range: &BlockRange) -> Result<Vec<u8>, WebTableError> {
        let path = self.dir.join(&range.file);
        let mut file = File::open(&path).map_err(|e| io_error(&path, &e))?;
        file.seek(SeekFrom::Start(range.start))
            .map_err(|e| io_error(&path, &e))?;
        let len = usize::try_from(range.len()).map_err(|e| io_error(&path, &e))?;
        let mut bytes = vec![0u8; len];
        file.read_exact(&mut bytes).map_err(|e| io_error(&path, &e))?;
        Ok(bytes)
    }

    /// The block of a range, read and checked.
    pub fn block(&self, range: &BlockRange) -> Result<InflatedBlock, WebTableError> {
        self.tables.inflate(range, &self.read_range(range)?)
    }

    /// The value of a position (win, draw or loss; see
    /// [`WebTables::locate`] for what `Ok(None)` means).
    pub fn probe(&self, pos: &Position) -> Result<Option<Value>, WebTableError> {
        let Some(range) = self.tables.locate(pos)? else {
            return Ok(None);
        };
        let bytes = self.read_range(&range)?;
        self.tables.value(&range, &bytes).map(Some)
    }

    /// Checks every file the manifest lists, parts and indexes: its size
    /// and its SHA-256.
    pub fn verify(&self) -> Result<(), WebTableError> {
        for class in &self.manifest.classes {
            for file in std::iter::once(&class.index).chain(&class.parts) {
                self.verify_file(file)?;
            }
        }
        Ok(())
    }

    fn verify_file(&self, listed: &ManifestFile) -> Result<(), WebTableError> {
        let (found, sha256) = hash_file(&self.dir.join(&listed.file))?;
        if found != listed.bytes {
            return Err(WebTableError::SizeMismatch {
                file: listed.file.clone(),
                expected: listed.bytes,
                found,
            });
        }
        if sha256 != listed.sha256 {
            return Err(WebTableError::Sha256Mismatch(listed.file.clone()));
        }
        Ok(())
    }
}

/// The manifest's entry of the class written into `dir` as `stem`: its
/// index read and checked, each part read, its size checked against the
/// index and each of its blocks against its CRC-32, and hashed.
pub fn list_class(dir: &Path, stem: &str) -> Result<ManifestClass, WebTableError> {
    let index_name = index_file_name(stem);
    let index_bytes = read_small(&dir.join(&index_name))?;
    let index = BlockIndex::parse(&index_bytes)?;
    let mut parts = Vec::with_capacity(index.parts());
    for j in 0..index.parts() {
        let file = part_file_name(stem, j);
        let path = dir.join(&file);
        let bytes = std::fs::read(&path).map_err(|e| io_error(&path, &e))?;
        let expected = index.part_len(j).unwrap_or(0);
        if bytes.len() as u64 != expected {
            return Err(WebTableError::SizeMismatch {
                file,
                expected,
                found: bytes.len() as u64,
            });
        }
        index.check_part(j, &bytes)?;
        parts.push(ManifestFile::of(&file, &bytes));
    }
    Ok(ManifestClass {
        class: index.class_name(),
        entries: index.entries(),
        blocks: index.blocks() as u64,
        block_bytes: index.block_bytes().into(),
        index: ManifestFile::of(&index_name, &index_bytes),
        parts,
    })
}

/// The block index of the class written into `dir` as `stem`, and the
/// stats of its codes as stored: every part read and every block inflated.
pub fn class_stats(dir: &Path, stem: &str) -> Result<(BlockIndex, WebStats), WebTableError> {
    let index = BlockIndex::parse(&read_small(&dir.join(index_file_name(stem)))?)?;
    let mut parts = Vec::with_capacity(index.parts());
    for j in 0..index.parts() {
        let path = dir.join(part_file_name(stem, j));
        parts.push(std::fs::read(&path).map_err(|e| io_error(&path, &e))?);
    }
    let stats = WebStats::of_files(&index, &parts)?;
    Ok((index, stats))
}

/// A file's bytes and SHA-256, read a megabyte at a time.
fn hash_file(path: &Path) -> Result<(u64, String), WebTableError> {
    let mut file = File::open(path).map_err(|e| io_error(path, &e))?;
    let mut hasher = Sha256::new();
    let mut buf = vec![0u8; 1 << 20];
    let mut found = 0u64;
    loop {
        let n = file.read(&mut buf).map_err(|e| io_error(path, &e))?;
        if n == 0 {
            return Ok((found, hex(&hasher.finalize())));
        }
        found += n as u64;
        hasher.update(&buf[..n]);
    }
}
