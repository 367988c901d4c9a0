//! `morris tb wdl`: how small a table gets when it keeps only win, draw or
//! loss for the side to move (issue 31: perfect play in the browser within
//! a download a player accepts). For each table file: its entries, the
//! file's bytes (values with distances, deflated whole), and the values at
//! two bits an entry deflated whole and in blocks that a probe reads one at
//! a time, with the bits a position that makes and the time a probe takes
//! to inflate its block. Entries no position maps to (weight 0) take the
//! value before them, which costs deflate nothing.

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use clap::Args;
use miniz_oxide::deflate::compress_to_vec;
use miniz_oxide::inflate::decompress_to_vec;
use morris_solver::{Table, Value};

use crate::error::CliError;
use crate::table_files::{every_table_file, read_table};

#[derive(Debug, Args)]
pub struct WdlArgs {
    /// A table file, or a folder of `.tb` files; repeat for several
    #[arg(long, value_name = "PATH", required = true)]
    pub table: Vec<PathBuf>,

    /// Bytes of packed values a block holds (four entries a byte)
    #[arg(long, value_name = "BYTES", default_value_t = 8192)]
    pub block: usize,

    /// Probes to time on each table (random entries)
    #[arg(long, value_name = "N", default_value_t = 20_000)]
    pub probes: u32,
}

/// Two bits an entry, four entries a byte: 0 loss, 1 draw, 2 win.
fn packed(table: &Table) -> Vec<u8> {
    let n = table.len();
    let mut out = vec![0u8; n.div_ceil(4)];
    let mut last = 1u8;
    for i in 0..n {
        let index = i as u64;
        let code = if table.indexer().weight(index) == 0 {
            last
        } else {
            match table.value(index) {
                Some(Value::Loss(_)) => 0,
                Some(Value::Draw) | None => 1,
                Some(Value::Win(_)) => 2,
            }
        };
        last = code;
        out[i / 4] |= code << (2 * (i % 4));
    }
    out
}

/// The blocks of `bytes`, each deflated on its own.
fn blocks(bytes: &[u8], size: usize) -> Vec<Vec<u8>> {
    bytes.chunks(size.max(1)).map(|c| compress_to_vec(c, 9)).collect()
}

/// Microseconds a probe takes that inflates its block and reads its entry.
fn probe_time(blocks: &[Vec<u8>], size: usize, entries: usize, probes: u32) -> Result<f64, CliError> {
    let mut state = 0x9e37_79b9_7f4a_7c15u64;
    let start = Instant::now();
    let mut sum = 0u64;
    for _ in 0..probes {
        state ^= state << 13;
        state ^= state >> 7;
        state ^= state << 17;
        let i = (state % entries.max(1) as u64) as usize;
        let byte = i / 4;
        let block = &blocks[byte / size];
        let plain = decompress_to_vec(block).map_err(|e| CliError::input(format!("inflate: {e:?}")))?;
        sum += u64::from((plain[byte % size] >> (2 * (i % 4))) & 3);
    }
    std::hint::black_box(sum);
    Ok(start.elapsed().as_secs_f64() * 1e6 / f64::from(probes.max(1)))
}

pub fn run(args: &WdlArgs, out: &mut dyn Write) -> Result<(), CliError> {
    if args.block == 0 {
        return Err(CliError::input("--block takes at least 1 byte"));
    }
    let files = every_table_file(&args.table)?;
    let (mut all_file, mut all_whole, mut all_blocks, mut all_entries) = (0u64, 0u64, 0u64, 0u64);
    writeln!(
        out,
        "class entries file-bytes wdl-whole wdl-blocks({} B) bits/entry probe-us",
        args.block
    )?;
    for file in &files {
        let table = read_table(file).map_err(CliError::input)?;
        let file_bytes = std::fs::metadata(file).map(|m| m.len()).unwrap_or(0);
        let bytes = packed(&table);
        let whole = compress_to_vec(&bytes, 9).len() as u64;
        let parts = blocks(&bytes, args.block);
        let in_blocks = parts.iter().map(|b| b.len() as u64 + 4).sum::<u64>();
        let us = probe_time(&parts, args.block, table.len(), args.probes)?;
        let class = table.class();
        let bits = in_blocks as f64 * 8.0 / table.len().max(1) as f64;
        writeln!(
            out,
            "{}v{} {} {file_bytes} {whole} {in_blocks} {bits:.3} {us:.1}",
            class.light,
            class.dark,
            table.len()
        )?;
        all_file += file_bytes;
        all_whole += whole;
        all_blocks += in_blocks;
        all_entries += table.len() as u64;
    }
    writeln!(
        out,
        "all {all_entries} {all_file} {all_whole} {all_blocks} {:.3}",
        all_blocks as f64 * 8.0 / all_entries.max(1) as f64
    )?;
    Ok(())
}
