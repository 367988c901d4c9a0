//! Table files on disk, opened the one way every program here opens them
//! (`morris`, `morris-train`): a flat file (`morris tb flat`) stays on
//! disk and is read an entry at a time, so processes on one machine share
//! one copy of it in the system's file cache; a packed file (`.tb`, or a
//! win/draw/loss `.wdl`) is read into memory, up to [`MAX_TABLE_FILE`]
//! bytes. A folder stands for its table files ([`table_files`]).

use std::fs::File;
use std::io::Read;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use super::{open_flat, read, TableFileError};
use crate::{EntrySource, Table};

/// The most bytes a packed table file may hold (Nine's largest, 9v8 and
/// 8v8, deflate to about 1 GB at level 1).
pub const MAX_TABLE_FILE: u64 = 8 << 30;

/// Why a table file (or a file read with [`read_bounded`]) was not read.
/// Every error names the file.
#[derive(Debug, thiserror::Error)]
pub enum DiskError {
    #[error("cannot read {path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("{0} is not a regular file")]
    NotRegular(String),
    #[error("{path} is larger than {max} bytes")]
    TooLarge { path: String, max: u64 },
    #[error("{path}: {source}")]
    Table { path: String, source: TableFileError },
    #[error("{0} holds no .tb or .wdl table files")]
    Empty(String),
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> DiskError + '_ {
    move |source| DiskError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// A flat table file, read at places in the file.
#[derive(Debug)]
pub struct FileEntries {
    file: File,
    path: PathBuf,
}

impl EntrySource for FileEntries {
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> std::io::Result<()> {
        read_exact_at(&self.file, buf, offset)
    }

    fn name(&self) -> String {
        self.path.display().to_string()
    }
}

#[cfg(unix)]
fn read_exact_at(file: &File, buf: &mut [u8], offset: u64) -> std::io::Result<()> {
    std::os::unix::fs::FileExt::read_exact_at(file, buf, offset)
}

#[cfg(windows)]
fn read_exact_at(file: &File, mut buf: &mut [u8], mut offset: u64) -> std::io::Result<()> {
    while !buf.is_empty() {
        match std::os::windows::fs::FileExt::seek_read(file, buf, offset) {
            Ok(0) => return Err(std::io::ErrorKind::UnexpectedEof.into()),
            Ok(n) => {
                buf = &mut buf[n..];
                offset += n as u64;
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e),
        }
    }
    Ok(())
}

/// Elsewhere (WebAssembly) there are no files to read at an offset.
#[cfg(not(any(unix, windows)))]
fn read_exact_at(_file: &File, _buf: &mut [u8], _offset: u64) -> std::io::Result<()> {
    Err(std::io::ErrorKind::Unsupported.into())
}

/// The bytes of a regular file of at most `max` bytes. Anything else (a
/// device such as `/dev/zero`, a pipe, a file that grows while it is read)
/// is refused before it is read, so no file is read without bound.
pub fn read_bounded(path: &Path, max: u64) -> Result<Vec<u8>, DiskError> {
    let file = File::open(path).map_err(io(path))?;
    let meta = file.metadata().map_err(io(path))?;
    if !meta.is_file() {
        return Err(DiskError::NotRegular(path.display().to_string()));
    }
    let too_large = || DiskError::TooLarge {
        path: path.display().to_string(),
        max,
    };
    if meta.len() > max {
        return Err(too_large());
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.take(max + 1).read_to_end(&mut bytes).map_err(io(path))?;
    if bytes.len() as u64 > max {
        return Err(too_large());
    }
    Ok(bytes)
}

/// The table of a file: left on disk if the file is flat (its whole file
/// read through once to check it, see [`open_flat`]), else read into
/// memory.
pub fn read_table_file(path: &Path) -> Result<Table, DiskError> {
    // Asked before the file is opened: opening a pipe would wait for a
    // writer.
    if !std::fs::metadata(path).map_err(io(path))?.is_file() {
        return Err(DiskError::NotRegular(path.display().to_string()));
    }
    let file = File::open(path).map_err(io(path))?;
    let meta = file.metadata().map_err(io(path))?;
    let named = |source| DiskError::Table {
        path: path.display().to_string(),
        source,
    };
    let source = Arc::new(FileEntries {
        file,
        path: path.to_path_buf(),
    });
    match open_flat(source, meta.len()) {
        Ok(table) => Ok(table),
        Err(TableFileError::NotFlat) => read(&read_bounded(path, MAX_TABLE_FILE)?).map_err(named),
        Err(e) => Err(named(e)),
    }
}

/// `path` itself, or the table files of the folder `path` in name order:
/// its `.tb` files, and its win/draw/loss `.wdl` files where no `.tb`
/// file of the same name stands beside them (a table with distances is
/// worth more than one without); an error if the folder has none.
pub fn table_files(path: &Path) -> Result<Vec<PathBuf>, DiskError> {
    if !path.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut all = Vec::new();
    for entry in std::fs::read_dir(path).map_err(io(path))? {
        all.push(entry.map_err(io(path))?.path());
    }
    let with_ext = |p: &Path, ext: &str| p.extension().is_some_and(|x| x == ext);
    let mut files: Vec<PathBuf> = all
        .iter()
        .filter(|p| with_ext(p, "tb") || (with_ext(p, "wdl") && !all.contains(&p.with_extension("tb"))))
        .cloned()
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(DiskError::Empty(path.display().to_string()));
    }
    Ok(files)
}

/// Every table of `paths` (files, or folders as [`table_files`] reads
/// them), each with the file it came from.
pub fn read_table_files(paths: &[PathBuf]) -> Result<Vec<(Table, PathBuf)>, DiskError> {
    let mut tables = Vec::new();
    for path in paths {
        for file in table_files(path)? {
            tables.push((read_table_file(&file)?, file));
        }
    }
    Ok(tables)
}

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    fn scratch(name: &str) -> PathBuf {
        let dir = std::env::temp_dir().join(format!("morris-solver-disk-{name}-{}", std::process::id()));
        let _ = std::fs::remove_dir_all(&dir);
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }

    #[test]
    fn a_folder_gives_its_tables_and_wdl_files_only_where_no_tb_stands_beside() {
        let dir = scratch("folder");
        for name in ["b.tb", "b.wdl", "a.wdl", "c.txt"] {
            std::fs::write(dir.join(name), b"x").unwrap();
        }
        let files = table_files(&dir).unwrap();
        assert_eq!(files, vec![dir.join("a.wdl"), dir.join("b.tb")]);
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_folder_without_tables_is_an_error_that_names_it() {
        let dir = scratch("empty");
        let err = table_files(&dir).unwrap_err().to_string();
        assert!(err.contains("holds no .tb or .wdl"), "{err}");
        assert!(err.contains(&dir.display().to_string()), "{err}");
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_file_that_is_no_table_is_refused_with_its_name() {
        let dir = scratch("junk");
        let junk = dir.join("junk.tb");
        std::fs::write(&junk, b"not a table at all").unwrap();
        let err = read_table_file(&junk).unwrap_err();
        assert!(matches!(err, DiskError::Table { .. }), "{err}");
        assert!(err.to_string().contains("junk.tb"), "{err}");
        assert!(matches!(read_table_file(&dir), Err(DiskError::NotRegular(_))));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    #[test]
    fn a_bounded_read_refuses_a_larger_file() {
        let dir = scratch("bounded");
        let file = dir.join("f");
        std::fs::write(&file, [0u8; 10]).unwrap();
        assert_eq!(read_bounded(&file, 10).unwrap().len(), 10);
        assert!(matches!(
            read_bounded(&file, 9),
            Err(DiskError::TooLarge { max: 9, .. })
        ));
        std::fs::remove_dir_all(&dir).unwrap();
    }
}
