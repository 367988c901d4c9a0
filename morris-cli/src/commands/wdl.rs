//! `morris tb wdl`: tables that keep only win, draw or loss for the side
//! to move, two bits an entry in blocks deflated one by one
//! ([`morris_solver::write_wdl`]; issue 31: perfect play in the browser
//! within a download a player accepts). For each table file: its entries,
//! its bytes, the bytes of its win/draw/loss file, the bits an entry that
//! makes, and the time a probe takes that inflates its block (random
//! entries, read back through the solver's own reader). With `--out-dir`
//! it writes the files, named as the tables with `.wdl` for `.tb`. A
//! `.wdl` file given is read (every block checked) and measured as it is.

use std::io::Write;
use std::path::{Path, PathBuf};
use std::time::Instant;

use clap::Args;
use morris_solver::{Table, WDL_BLOCK};

use crate::error::CliError;
use crate::table_files::{every_table_file, read_table, write_whole};

#[derive(Debug, Args)]
pub struct WdlArgs {
    /// A table file, or a folder of `.tb` files; repeat for several
    #[arg(long, value_name = "PATH", required = true)]
    pub table: Vec<PathBuf>,

    /// Bytes of packed values a block holds (four entries a byte)
    #[arg(long, value_name = "BYTES", default_value_t = WDL_BLOCK)]
    pub block: usize,

    /// Probes to time on each table (random entries)
    #[arg(long, value_name = "N", default_value_t = 20_000)]
    pub probes: u32,

    /// Write each table's win/draw/loss file into this folder (made if
    /// missing), as NAME.wdl
    #[arg(long, value_name = "DIR")]
    pub out_dir: Option<PathBuf>,
}

/// Microseconds a probe of a random entry takes, most of them inflating
/// their block (the table caches 64 of them).
fn probe_time(table: &Table, probes: u32) -> f64 {
    let entries = table.len().max(1) as u64;
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let start = Instant::now();
    let mut wins = 0u32;
    for _ in 0..probes {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        wins += u32::from(matches!(
            table.value(state % entries),
            Some(morris_solver::Value::Win(_))
        ));
    }
    std::hint::black_box(wins);
    start.elapsed().as_secs_f64() * 1e6 / f64::from(probes.max(1))
}

/// Writes `bytes` as `dir/NAME.wdl` for the table file `file`, whole or
/// not at all.
fn write_beside(dir: &Path, file: &Path, bytes: &[u8]) -> Result<PathBuf, CliError> {
    let name = file
        .file_stem()
        .map(|s| s.to_os_string())
        .unwrap_or_else(|| "table".into());
    let target = dir.join(name).with_extension("wdl");
    write_whole(&target, |w| w.write_all(bytes).map_err(|e| e.to_string()))?;
    Ok(target)
}

/// The win/draw/loss file of the table file `file`, and the table read
/// back from it: made from a table with distances, or the file itself
/// when it is one already (which `--out-dir` would only write again).
fn wdl_of(file: &Path, args: &WdlArgs) -> Result<(Vec<u8>, Table), CliError> {
    // Reading a table checks its fields and its checksum.
    let table = read_table(file).map_err(CliError::input)?;
    // A win/draw/loss file is measured as it is.
    if table.has_distances() {
        let bytes = morris_solver::write_wdl(&table, args.block);
        let back =
            morris_solver::read(&bytes).map_err(|e| CliError::input(format!("{}: {e}", file.display())))?;
        Ok((bytes, back))
    } else if args.out_dir.is_some() {
        Err(CliError::input(format!(
            "{}: already a win/draw/loss table; nothing to write",
            file.display()
        )))
    } else {
        let bytes = std::fs::read(file).map_err(|e| CliError::input(format!("{}: {e}", file.display())))?;
        Ok((bytes, table))
    }
}

pub fn run(args: &WdlArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if args.block == 0 {
        return Err(CliError::input("--block takes at least 1 byte"));
    }
    if let Some(dir) = &args.out_dir {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::input(format!("cannot make {}: {e}", dir.display())))?;
    }
    let files = every_table_file(&args.table)?;
    let (mut all_file, mut all_wdl, mut all_entries) = (0u64, 0u64, 0u64);
    for (k, file) in files.iter().enumerate() {
        let (bytes, back) = wdl_of(file, args)?;
        let file_bytes = std::fs::metadata(file).map(|m| m.len()).unwrap_or(0);
        let us = probe_time(&back, args.probes);
        if k == 0 {
            writeln!(
                out,
                "class entries file-bytes wdl-bytes({} B blocks) bits/entry probe-us",
                args.block
            )?;
        }
        let class = back.class();
        let bits = bytes.len() as f64 * 8.0 / back.len().max(1) as f64;
        writeln!(
            out,
            "{}v{} {} {file_bytes} {} {bits:.3} {us:.1}",
            class.light,
            class.dark,
            back.len(),
            bytes.len()
        )?;
        if let Some(dir) = &args.out_dir {
            let target = write_beside(dir, file, &bytes)?;
            writeln!(out, "wrote {} bytes to {}", bytes.len(), target.display())?;
        }
        all_file += file_bytes;
        all_wdl += bytes.len() as u64;
        all_entries += back.len() as u64;
    }
    writeln!(
        out,
        "all {all_entries} {all_file} {all_wdl} {:.3}",
        all_wdl as f64 * 8.0 / all_entries.max(1) as f64
    )?;
    Ok(())
}
