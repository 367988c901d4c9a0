//! `morris bench`: the fixed positions of `search::bench` (from every
//! variant) searched to a fixed depth, each with a fresh table. Prints the
//! nodes of each position, then, last, `N nodes M nps`: the node total is a
//! checksum of the search's behaviour, the same on every run and machine
//! until the search changes. With `--threads N` (N > 1) the total is no
//! checksum: it counts every thread's nodes, which vary from run to run;
//! the time to the same depth against one thread is what it measures.
//!
//! Before that last line, the positions where the learned evaluation plays
//! (Nine's moving phase; `morris_engine::net`) are searched again with it
//! and with the hand-written evaluation alone, each to the same depth: the
//! nodes and the speed of both (`--net FILE` for another network).
//!
//! The speed is the nodes over the time spent searching. Emptying the
//! transposition table before each position (16 MB written, a few
//! milliseconds, 31 times) is not search and is reported apart, on the
//! line before.

use std::io::Write;
use std::sync::atomic::AtomicBool;
use std::time::{Duration, Instant};

use clap::Args;
use morris_core::Position;
use morris_engine::net::Network;
use morris_engine::{bench_positions, Limits, Searcher, StdClock, BENCH_DEPTH};

use crate::error::CliError;
use crate::setup::check_search_resources;

#[derive(Debug, Args)]
pub struct BenchArgs {
    /// Depth to search each position to [default: the bench depth of the search]
    #[arg(long, value_name = "N")]
    pub depth: Option<u32>,

    /// Transposition table size in megabytes
    #[arg(long, value_name = "MB", default_value_t = 16)]
    pub hash: usize,

    /// Search threads sharing the table (lazy SMP)
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub threads: usize,

    /// A network file to measure in place of the built-in one
    #[arg(long = "net", value_name = "FILE")]
    pub net: Option<std::path::PathBuf>,
}

pub fn run(args: &BenchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let depth = args.depth.unwrap_or(BENCH_DEPTH);
    if !(1..=64).contains(&depth) {
        return Err(CliError::input("--depth takes 1 to 64"));
    }
    check_search_resources(args.hash, args.threads)?;
    let positions = bench_positions();
    if positions.is_empty() {
        return Err(CliError::input("the search has no bench positions"));
    }
    let clock = StdClock::new();
    let stop = AtomicBool::new(false);
    let mut searcher = Searcher::new(args.hash);
    searcher.set_threads(args.threads);
    let mut total: u64 = 0;
    let mut searching = Duration::ZERO;
    let mut clearing = Duration::ZERO;
    for (i, pos) in positions.iter().enumerate() {
        let t0 = Instant::now();
        searcher.clear();
        let t1 = Instant::now();
        let result = searcher.search(pos, &[], Limits::depth(depth), &clock, &stop, |_| {});
        let took = t1.elapsed();
        clearing += t1 - t0;
        searching += took;
        total = total.saturating_add(result.nodes);
        let best = result
            .best
            .map_or_else(|| "none".to_string(), |m| pos.notation(m));
        writeln!(
            out,
            "position {:>2}/{} {:<16} nodes {:>10}  time {:>6} ms  best {best}",
            i + 1,
            positions.len(),
            pos.rules().variant.id(),
            result.nodes,
            took.as_millis()
        )?;
    }
    writeln!(
        out,
        "depth {depth}, {} positions, {} ms searching, {} ms emptying the table before each",
        positions.len(),
        searching.as_millis(),
        clearing.as_millis()
    )?;
    let net = match &args.net {
        Some(path) => crate::table_files::load_network(path).map_err(CliError::input)?,
        None => crate::evaluation::built_in()?,
    };
    let learned: Vec<Position> = positions.into_iter().filter(Network::applies).collect();
    for (name, network) in [("hand-written", None), ("learned", Some(net))] {
        searcher.set_network(network);
        let (nodes, took) = timed(&mut searcher, &learned, depth);
        writeln!(
            out,
            "{name} evaluation on the {} Nine moving-phase positions: {nodes} nodes {} nps",
            learned.len(),
            per_second(nodes, took)
        )?;
    }
    searcher.set_network(None);
    writeln!(out, "{total} nodes {} nps", per_second(total, searching))?;
    Ok(())
}

/// Nodes over time.
fn per_second(nodes: u64, took: Duration) -> u128 {
    u128::from(nodes).saturating_mul(1_000_000) / took.as_micros().max(1)
}

/// Searches each of `positions` to `depth` from an empty table: the nodes
/// in all and the time spent searching.
fn timed(searcher: &mut Searcher, positions: &[Position], depth: u32) -> (u64, Duration) {
    let (clock, stop) = (StdClock::new(), AtomicBool::new(false));
    let mut nodes = 0u64;
    let mut took = Duration::ZERO;
    for pos in positions {
        searcher.clear();
        let t = Instant::now();
        let result = searcher.search(pos, &[], Limits::depth(depth), &clock, &stop, |_| {});
        took += t.elapsed();
        nodes = nodes.saturating_add(result.nodes);
    }
    (nodes, took)
}
