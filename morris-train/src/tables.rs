//! The tables that label the data, read as `morris engine --tables` reads
//! them: a path is a table file or a folder of `.tb` files; a flat file (`morris tb flat`)
//! stays on disk and is read an entry at a time, so two threads and the
//! system's file cache share one copy, a packed one is read into memory.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use morris_engine::Tablebases;
use morris_solver::{EntrySource, Table, TableFileError};

/// Why the tables were not read.
#[derive(Debug, thiserror::Error)]
pub enum TablesError {
    #[error("cannot read {path}: {source}")]
    Io { path: String, source: std::io::Error },
    #[error("{path}: {source}")]
    File { path: String, source: TableFileError },
    #[error("{0} holds no .tb table files")]
    Empty(String),
}

fn io(path: &Path) -> impl FnOnce(std::io::Error) -> TablesError + '_ {
    move |source| TablesError::Io {
        path: path.display().to_string(),
        source,
    }
}

/// A flat table file, read at offsets.
#[derive(Debug)]
struct OnDisk {
    file: File,
    path: PathBuf,
}

impl EntrySource for OnDisk {
    fn read_at(&self, offset: u64, buf: &mut [u8]) -> std::io::Result<()> {
        std::os::unix::fs::FileExt::read_exact_at(&self.file, buf, offset)
    }

    fn name(&self) -> String {
        self.path.display().to_string()
    }
}

/// `path` itself, or the `.tb` files of the folder `path` in name order
/// (a win/draw/loss `.wdl` file is given by its name).
pub fn table_files(path: &Path) -> Result<Vec<PathBuf>, TablesError> {
    if !path.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let mut files = Vec::new();
    for entry in std::fs::read_dir(path).map_err(io(path))? {
        let file = entry.map_err(io(path))?.path();
        if file.extension().is_some_and(|x| x == "tb") {
            files.push(file);
        }
    }
    files.sort();
    if files.is_empty() {
        return Err(TablesError::Empty(path.display().to_string()));
    }
    Ok(files)
}

/// The table of one file: flat ones stay on disk.
fn read_table(path: &Path) -> Result<Table, TablesError> {
    let file = File::open(path).map_err(io(path))?;
    let len = file.metadata().map_err(io(path))?.len();
    let source = Arc::new(OnDisk {
        file,
        path: path.to_path_buf(),
    });
    let named = |source| TablesError::File {
        path: path.display().to_string(),
        source,
    };
    match morris_solver::open_flat(source, len) {
        Ok(table) => Ok(table),
        Err(TableFileError::NotFlat) => {
            let bytes = std::fs::read(path).map_err(io(path))?;
            morris_solver::read(&bytes).map_err(named)
        }
        Err(e) => Err(named(e)),
    }
}

/// The tables of `paths` and the files they came from.
pub fn load(paths: &[PathBuf]) -> Result<(Tablebases, Vec<PathBuf>), TablesError> {
    let mut tables = Tablebases::new();
    let mut files = Vec::new();
    for path in paths {
        for file in table_files(path)? {
            tables.insert(read_table(&file)?);
            files.push(file);
        }
    }
    Ok((tables, files))
}
