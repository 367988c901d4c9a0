//! The tables that label the data, read as `morris engine --tables` reads
//! them ([`morris_solver::read_table_files`]): a path is a table file or a
//! folder of them; a flat file (`morris tb flat`) stays on disk and is read
//! an entry at a time, so two threads and the system's file cache share
//! one copy, a packed one is read into memory.

use std::path::PathBuf;

use morris_engine::Tablebases;
use morris_solver::DiskError;

/// The tables of `paths` and the files they came from.
pub fn load(paths: &[PathBuf]) -> Result<(Tablebases, Vec<PathBuf>), DiskError> {
    let mut tables = Tablebases::new();
    let mut files = Vec::new();
    for (table, file) in morris_solver::read_table_files(paths)? {
        tables.insert(table);
        files.push(file);
    }
    Ok((tables, files))
}
