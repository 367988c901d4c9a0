//! `morris-train data`: plays games on several threads ([`crate::games`]),
//! joins their positions (dropping those two threads both found, up to
//! symmetry, and every position of the suites, [`Excluded`]) and says what
//! it did.

use std::collections::HashSet;
use std::io::Write;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use morris_engine::Tablebases;
use morris_solver::Symmetries;

use crate::exclude::Excluded;
use crate::games::{canonical, Counts, Plan, Player};
use crate::record::Record;
use crate::rng::Rng;

/// What a run of [`generate`] made.
#[derive(Debug)]
pub struct Generated {
    pub records: Vec<Record>,
    /// The threads' counts, added up.
    pub counts: Counts,
    /// Found by more than one thread.
    pub shared: u64,
    /// Positions of the suites (or their images) dropped.
    pub excluded: u64,
    pub seconds: f64,
}

/// What to generate.
#[derive(Debug)]
pub struct Job<'a> {
    pub tables: &'a Tablebases,
    pub plan: &'a Plan,
    pub positions: usize,
    pub seed: u64,
    pub threads: usize,
    /// Positions the data must not hold.
    pub excluded: &'a Excluded,
}

/// Plays games on `job.threads` threads until each has recorded its share
/// of `job.positions`, then joins them; progress goes to `out` every `every`.
pub fn generate(job: &Job, every: Duration, out: &mut dyn Write) -> Generated {
    let start = Instant::now();
    let &Job {
        tables,
        plan,
        positions,
        seed,
        excluded,
        ..
    } = job;
    let threads = job.threads.max(1);
    let quota = positions.div_ceil(threads);
    let progress = AtomicU64::new(0);
    let players: Vec<Player> = std::thread::scope(|scope| {
        let handles: Vec<_> = (0..threads)
            .map(|t| {
                let progress = &progress;
                scope.spawn(move || {
                    let mut player = Player::new(tables, plan, Rng::stream(seed, t as u64));
                    player.play_until(quota, progress);
                    player
                })
            })
            .collect();
        let mut last = Instant::now();
        while !handles.iter().all(|h| h.is_finished()) {
            std::thread::sleep(Duration::from_millis(100));
            if last.elapsed() >= every {
                last = Instant::now();
                let done = progress.load(Ordering::Relaxed);
                let secs = start.elapsed().as_secs_f64();
                let _ = writeln!(
                    out,
                    "  {done} of {positions} positions, {secs:.0} s, {:.0}/s",
                    done as f64 / secs
                );
            }
        }
        handles.into_iter().filter_map(|h| h.join().ok()).collect()
    });
    let mut counts = Counts::default();
    for p in &players {
        counts.add(&p.counts);
    }
    let (records, shared, dropped) = join(players.into_iter().map(|p| p.records), excluded);
    Generated {
        records: records.into_iter().take(positions).collect(),
        counts,
        shared,
        excluded: dropped,
        seconds: start.elapsed().as_secs_f64(),
    }
}

/// The threads' records in thread order, each position once (up to
/// symmetry) and none of `excluded`; how many were dropped as found twice
/// and as excluded.
pub fn join(parts: impl Iterator<Item = Vec<Record>>, excluded: &Excluded) -> (Vec<Record>, u64, u64) {
    let syms = Symmetries::of(morris_core::Variant::Nine.rules().geometry());
    let mut seen = HashSet::new();
    let (mut kept, mut shared, mut dropped) = (Vec::new(), 0, 0);
    for part in parts {
        for r in part {
            let pos = r.position();
            if excluded.contains(&pos) {
                dropped += 1;
            } else if !seen.insert(canonical(&syms, &pos)) {
                shared += 1;
            } else {
                kept.push(r);
            }
        }
    }
    (kept, shared, dropped)
}

/// W/D/L shares of `records`, for the report.
pub fn shares(records: &[Record]) -> [u64; 3] {
    let mut n = [0u64; 3];
    for r in records {
        n[match r.result {
            morris_engine::Wdl::Win => 0,
            morris_engine::Wdl::Draw => 1,
            morris_engine::Wdl::Loss => 2,
        }] += 1;
    }
    n
}
