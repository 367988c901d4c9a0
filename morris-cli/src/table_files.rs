//! Endgame table files for the commands that play or analyse: packed files
//! are read into memory, flat ones (`morris tb flat`) stay on disk and are
//! read an entry at a time, so engines on one machine share one copy of
//! them in the system's file cache instead of each holding its own.

use std::fs;
use std::fs::File;
use std::io::{Read, Write};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use morris_core::Rules;
use morris_engine::net::Network;
use morris_engine::{Book, Tablebases};
use morris_solver::{EntrySource, Table, TableFileError, Tablebase};

use crate::error::CliError;

/// A flat table file, read at places in the file.
#[derive(Debug)]
struct FileEntries {
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

/// The table of a flat file, left on disk, once its whole file has been
/// read through to check it (see [`morris_solver::open_flat`]); `Ok(None)`
/// for a file in the packed form.
fn open_flat(path: &Path) -> Result<Option<Table>, String> {
    let cannot = |e: std::io::Error| format!("cannot read {}: {e}", path.display());
    let file = File::open(path).map_err(cannot)?;
    let len = file.metadata().map_err(cannot)?.len();
    let source = Arc::new(FileEntries {
        file,
        path: path.to_path_buf(),
    });
    match morris_solver::open_flat(source, len) {
        Ok(table) => Ok(Some(table)),
        Err(TableFileError::NotFlat) => Ok(None),
        Err(e) => Err(format!("{}: {e}", path.display())),
    }
}

/// The tables a search shares, read as [`load_tables`] reads them; `None`
/// when no path is given.
pub fn shared_tables(paths: &[PathBuf]) -> Result<Option<Arc<Tablebases>>, CliError> {
    if paths.is_empty() {
        return Ok(None);
    }
    Ok(Some(Arc::new(load_tables(paths).map_err(CliError::input)?)))
}

/// Reads table files, and every `.tb` file of the folders among `paths`:
/// flat files stay on disk, packed ones are read into memory.
pub fn load_tables(paths: &[PathBuf]) -> Result<Tablebases, String> {
    let mut tables = Tablebases::new();
    for path in paths {
        for file in table_files(path)? {
            tables.insert(read_table(&file)?);
        }
    }
    Ok(tables)
}

/// The most bytes a placing book file may hold (Nine's book of its 55
/// openings is 56 lines of a few hundred bytes).
pub const MAX_BOOK_FILE: u64 = 256 << 20;

/// The most bytes a packed table file may hold (Nine's largest, 9v8 and
/// 8v8, deflate to about 1 GB at level 1).
pub const MAX_TABLE_FILE: u64 = 8 << 30;

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

/// The bytes of a regular file of at most `max` bytes. Anything else (a
/// device such as `/dev/zero`, a pipe, a file that grows while it is read)
/// is refused before it is read, so a file option never reads without bound.
fn read_bounded(path: &Path, max: u64) -> Result<Vec<u8>, String> {
    let cannot = |e: std::io::Error| format!("cannot read {}: {e}", path.display());
    let file = File::open(path).map_err(cannot)?;
    let meta = file.metadata().map_err(cannot)?;
    if !meta.is_file() {
        return Err(format!("{} is not a regular file", path.display()));
    }
    let too_large = || format!("{} is larger than {max} bytes", path.display());
    if meta.len() > max {
        return Err(too_large());
    }
    let mut bytes = Vec::with_capacity(usize::try_from(meta.len()).unwrap_or(0));
    file.take(max + 1).read_to_end(&mut bytes).map_err(cannot)?;
    if bytes.len() as u64 > max {
        return Err(too_large());
    }
    Ok(bytes)
}

/// The table of a file: left on disk if the file is flat, else read into
/// memory. Errors name the file.
pub fn read_table(path: &Path) -> Result<Table, String> {
    let meta = std::fs::metadata(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    if !meta.is_file() {
        return Err(format!("{} is not a regular file", path.display()));
    }
    if let Some(table) = open_flat(path)? {
        return Ok(table);
    }
    let bytes = read_bounded(path, MAX_TABLE_FILE)?;
    morris_solver::read(&bytes).map_err(|e| format!("{}: {e}", path.display()))
}

/// `path` itself, or the table files of the folder `path` in name order:
/// its `.tb` files, and its win/draw/loss `.wdl` files where no `.tb`
/// file of the same name stands beside them (a table with distances is
/// worth more than one without).
pub fn table_files(path: &Path) -> Result<Vec<PathBuf>, String> {
    if !path.is_dir() {
        return Ok(vec![path.to_path_buf()]);
    }
    let entries = std::fs::read_dir(path).map_err(|e| format!("cannot read {}: {e}", path.display()))?;
    let all: Vec<PathBuf> = entries.filter_map(|e| e.ok().map(|e| e.path())).collect();
    let with_ext = |p: &Path, ext: &str| p.extension().is_some_and(|x| x == ext);
    let mut files: Vec<PathBuf> = all
        .iter()
        .filter(|p| with_ext(p, "tb") || (with_ext(p, "wdl") && !all.contains(&p.with_extension("tb"))))
        .cloned()
        .collect();
    files.sort();
    if files.is_empty() {
        return Err(format!("{} holds no .tb or .wdl table files", path.display()));
    }
    Ok(files)
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
