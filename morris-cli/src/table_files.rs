//! Endgame table files for the commands that play or analyse: packed files
//! are read into memory, flat ones (`morris tb flat`) stay on disk and are
//! read an entry at a time, so engines on one machine share one copy of
//! them in the system's file cache instead of each holding its own.

use std::fs;
use std::io::Write;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use morris_core::Rules;
use morris_engine::net::Network;
use morris_engine::{Book, Tablebases};
use morris_solver::{Table, Tablebase};

use crate::error::CliError;

/// The tables a search shares, read as [`load_tables`] reads them; `None`
/// when no path is given.
pub fn shared_tables(paths: &[PathBuf]) -> Result<Option<Arc<Tablebases>>, CliError> {
    if paths.is_empty() {
        return Ok(None);
    }
    Ok(Some(Arc::new(load_tables(paths).map_err(CliError::input)?)))
}

/// Reads table files, and the table files of the folders among `paths`
/// ([`morris_solver::read_table_files`]): flat files stay on disk, packed
/// ones are read into memory.
pub fn load_tables(paths: &[PathBuf]) -> Result<Tablebases, String> {
    let mut tables = Tablebases::new();
    for (table, _) in morris_solver::read_table_files(paths).map_err(|e| e.to_string())? {
        tables.insert(table);
    }
    Ok(tables)
}

/// The most bytes a placing book file may hold (Nine's book of its 55
/// openings is 56 lines of a few hundred bytes).
pub const MAX_BOOK_FILE: u64 = 256 << 20;

/// The most bytes a network file may hold (Nine's is about 20 KB; the
/// format allows up to 512 hidden neurons, about 90 KB).
pub const MAX_NETWORK_FILE: u64 = 1 << 20;

/// Reads a learned evaluation's network file. Errors name the file.
pub fn load_network(path: &Path) -> Result<Arc<Network>, String> {
    let bytes = read_bounded(path, MAX_NETWORK_FILE)?;
    Network::from_bytes(&bytes)
        .map(Arc::new)
        .map_err(|e| format!("{}: {e}", path.display()))
}

/// The bytes of a regular file of at most `max` bytes
/// ([`morris_solver::read_bounded`]). Errors name the file.
fn read_bounded(path: &Path, max: u64) -> Result<Vec<u8>, String> {
    morris_solver::read_bounded(path, max).map_err(|e| e.to_string())
}

/// The table of a file: left on disk if the file is flat, else read into
/// memory ([`morris_solver::read_table_file`]). Errors name the file.
pub fn read_table(path: &Path) -> Result<Table, String> {
    morris_solver::read_table_file(path).map_err(|e| e.to_string())
}

/// `path` itself, or the table files of the folder `path` in name order
/// ([`morris_solver::table_files`]: `.tb`, and `.wdl` where no `.tb` of
/// the same name stands beside it).
pub fn table_files(path: &Path) -> Result<Vec<PathBuf>, String> {
    morris_solver::table_files(path).map_err(|e| e.to_string())
}

/// An error for the first flat table file found changed on disk since it
/// was loaded, if one was: its table answered nothing from then on, so a
/// command that probed it says so instead of passing its positions off as
/// uncovered.
pub fn changed_tables(tables: &Tablebases) -> Result<(), CliError> {
    match tables.faults().into_iter().next() {
        Some(fault) => Err(CliError::input(fault.to_string())),
        None => Ok(()),
    }
}

/// Reads placing book files into one book. Errors name the file and line.
pub fn load_book(paths: &[PathBuf]) -> Result<Book, String> {
    let mut book = Book::new();
    for path in paths {
        let bytes = read_bounded(path, MAX_BOOK_FILE)?;
        let text = String::from_utf8(bytes).map_err(|_| format!("{} is not UTF-8 text", path.display()))?;
        book.extend(&text)
            .map_err(|e| format!("{}: {e}", path.display()))?;
    }
    Ok(book)
}

/// The table files of `paths` (files, or folders of `.tb` files); an
/// error if there are none.
pub fn every_table_file(paths: &[PathBuf]) -> Result<Vec<PathBuf>, CliError> {
    let mut files = Vec::new();
    for path in paths {
        files.extend(table_files(path).map_err(CliError::input)?);
    }
    if files.is_empty() {
        return Err(CliError::input("no table files found in the given paths"));
    }
    Ok(files)
}

/// The tables of `paths` (files, or folders of `.tb` files), every one of
/// `rules`.
pub fn tablebase_of(rules: Rules, paths: &[PathBuf]) -> Result<Tablebase, CliError> {
    let mut tb = Tablebase::new(rules);
    for path in paths {
        for file in table_files(path).map_err(CliError::input)? {
            let table = read_table(&file).map_err(CliError::input)?;
            if *table.indexer().rules() != rules {
                return Err(CliError::input(format!(
                    "{}: the table is for the rules `{}`, not `{rules}`",
                    file.display(),
                    table.indexer().rules()
                )));
            }
            tb.insert(table)
                .map_err(|e| CliError::input(format!("{}: {e}", file.display())))?;
        }
    }
    Ok(tb)
}

/// Writes a file whole or not at all: the bytes go to `target.part`,
/// are flushed to the disk, and only then take the name. A run cut short
/// (or a full disk) never leaves a half file under the name, which a
/// later run would have to find out by its checksum.
pub fn write_whole(
    target: &Path,
    fill: impl FnOnce(&mut dyn Write) -> Result<(), String>,
) -> Result<(), CliError> {
    let part = part_name(target);
    let cannot =
        |e: &dyn std::fmt::Display| CliError::input(format!("cannot write {}: {e}", target.display()));
    let file = fs::File::create(&part).map_err(|e| cannot(&e))?;
    let mut writer = std::io::BufWriter::with_capacity(1 << 20, file);
    let written = fill(&mut writer)
        .and_then(|()| writer.into_inner().map_err(|e| e.error().to_string()))
        .and_then(|file| file.sync_all().map_err(|e| e.to_string()));
    if let Err(e) = written {
        let _ = fs::remove_file(&part);
        return Err(cannot(&e));
    }
    fs::rename(&part, target).map_err(|e| cannot(&e))?;
    // The new name on the disk too (on Unix a folder can be opened and
    // synced; elsewhere this fails and the rename stands as the system
    // keeps it).
    if let Some(dir) = target.parent().filter(|d| !d.as_os_str().is_empty()) {
        let _ = fs::File::open(dir).and_then(|d| d.sync_all());
    }
    Ok(())
}

/// The name a file is written under until it is whole: `FILE.part`.
pub fn part_name(target: &Path) -> PathBuf {
    let mut part = target.as_os_str().to_owned();
    part.push(".part");
    PathBuf::from(part)
}
