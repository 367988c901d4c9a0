//! `morris match`: two engine commands that speak the protocol of
//! `morris engine` play each other from a balanced set of openings (each
//! opening twice, colours swapped). The rules core adjudicates every game
//! (mills, blocks, repetition, the draw rules, and a cap on its length);
//! an illegal turn, a `bestmove none` in a live game, or no answer in time
//! loses. One progress line per game, then wins/draws/losses, the Elo
//! difference with its 95% margin and, with `--sprt`, the test's verdict.

pub(crate) mod openings;
mod player;
mod stats;

use std::collections::VecDeque;
use std::fmt::Write as _;
use std::io::{self, Write};
use std::path::PathBuf;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::mpsc::{self, Sender};
use std::sync::{Arc, Mutex};
use std::thread;
use std::time::Duration;

use clap::Args;
use morris_core::{parse_turns, Color, Game, Outcome, Position, Record, Rules};

use crate::error::CliError;
use openings::Opening;
use player::Player;
use stats::{Sprt, Tally, Verdict};

/// Built-in openings when `--games` does not say how many.
const DEFAULT_OPENINGS: usize = 20;
/// The think time when neither `--movetime` nor `--depth` is given.
const DEFAULT_MOVETIME_MS: u64 = 100;

#[derive(Debug, Args)]
pub struct MatchArgs {
    /// The first engine's command line, e.g. "target/release/morris engine"
    #[arg(long, value_name = "CMD")]
    pub engine1: String,

    /// The second engine's command line, e.g. "target/release/morris engine --level 3"
    #[arg(long, value_name = "CMD")]
    pub engine2: String,

    /// Games to play [default: each opening twice; 40 with the built-in openings]
    #[arg(long, value_name = "N")]
    pub games: Option<usize>,

    /// Openings, one a line: turns from the start ("d6 a1 f6") or a position text
    #[arg(long, value_name = "FILE")]
    pub openings: Option<PathBuf>,

    /// Think time per turn, in milliseconds [default: 100]
    #[arg(long, value_name = "MS", conflicts_with = "depth")]
    pub movetime: Option<u64>,

    /// engine2's think time when it differs from engine1's, e.g. to test
    /// that more time plays better
    #[arg(long, value_name = "MS", conflicts_with = "depth")]
    pub movetime2: Option<u64>,

    /// Search every turn to this depth instead of for a time
    #[arg(long, value_name = "N", conflicts_with = "nodes")]
    pub depth: Option<u32>,

    /// Search every turn for this many nodes instead of for a time: like
    /// --depth, the games do not depend on the machine's load
    #[arg(long, value_name = "N", conflicts_with_all = ["movetime", "movetime2"])]
    pub nodes: Option<u64>,

    /// engine2's nodes when they differ from engine1's: the machine-load-free
    /// form of --movetime2 (e.g. --nodes 1000000 --nodes2 250000 for "four
    /// times the time")
    #[arg(long, value_name = "N", requires = "nodes")]
    pub nodes2: Option<u64>,

    /// The variant to play [default: nine]
    #[arg(long, value_name = "ID")]
    pub variant: Option<String>,

    /// Set a rule option, as KEY=VALUE; repeat for several
    #[arg(long = "set", value_name = "KEY=VALUE")]
    pub set: Vec<String>,

    /// Run a sequential test and stop when it decides: elo0,elo1,alpha,beta (e.g. 0,10,0.05,0.05)
    #[arg(long, value_name = "ELO0,ELO1,ALPHA,BETA")]
    pub sprt: Option<String>,

    /// Games played at the same time (each with its own pair of engines)
    #[arg(long, value_name = "N", default_value_t = 1)]
    pub concurrency: usize,

    /// A game still going after this many turns is a draw
    #[arg(long, value_name = "N", default_value_t = 600)]
    pub max_plies: usize,

    /// Append every game's record (tags and turns) to this file
    #[arg(long, value_name = "FILE")]
    pub records: Option<PathBuf>,

    /// How long an engine may take to answer `go` before it loses, in milliseconds
    /// [default: 3 × movetime + 5000; 120000 with --depth or --nodes]
    #[arg(long, value_name = "MS")]
    pub timeout: Option<u64>,

    /// How long an engine may take to start (`uciok`, then `readyok` after
    /// the rules are set), in seconds: loading endgame tables takes time
    #[arg(long, value_name = "S", default_value_t = 60)]
    pub startup_timeout: u64,
}

/// The longest `--startup-timeout`: a day.
const MAX_STARTUP_S: u64 = 86_400;

/// What every game shares.
#[derive(Clone, Debug)]
struct Settings {
    commands: [String; 2],
    rules: Rules,
    /// The `go` command of each engine.
    go: [String; 2],
    timeout: Duration,
    /// How long an engine may take to start and to answer `isready`.
    startup: Duration,
    max_plies: usize,
}

/// One game to play: which opening, and whether engine1 has light.
#[derive(Clone, Copy, Debug)]
struct Job {
    number: usize,
    opening: usize,
    engine1_light: bool,
}

/// How a game ended.
#[derive(Clone, Debug)]
enum Ending {
    Rules(Outcome),
    MaxPlies,
    /// A player broke the protocol or played an illegal turn, and loses.
    Fault {
        color: Color,
        message: String,
    },
}

/// A finished game.
#[derive(Debug)]
struct Report {
    job: Job,
    ending: Ending,
    turns: usize,
    /// The players that must be restarted (0 engine1, 1 engine2).
    broken: Option<usize>,
    /// The game as a record.
    record: String,
}

impl Report {
    fn winner(&self) -> Option<Color> {
        match &self.ending {
            Ending::Rules(o) => o.winner,
            Ending::MaxPlies => None,
            Ending::Fault { color, .. } => Some(!*color),
        }
    }

    fn engine1_color(&self) -> Color {
        if self.job.engine1_light {
            Color::Light
        } else {
            Color::Dark
        }
    }
}

/// Refuses counts and times out of their ranges.
fn check(args: &MatchArgs) -> Result<(), CliError> {
    if args.concurrency == 0 || args.concurrency > 64 {
        return Err(CliError::input("--concurrency takes 1 to 64"));
    }
    if args.games == Some(0) {
        return Err(CliError::input("--games takes at least 1"));
    }
    if !(1..=MAX_STARTUP_S).contains(&args.startup_timeout) {
        return Err(CliError::input(format!(
            "--startup-timeout takes 1 to {MAX_STARTUP_S} seconds"
        )));
    }
    Ok(())
}

/// The openings to play from (a file's, or the built-in ones, searched
/// for beyond the vetted list with their progress said on `out`) and where
/// they come from.
fn choose_openings(
    args: &MatchArgs,
    rules: Rules,
    out: &mut dyn Write,
) -> Result<(Vec<Opening>, String), CliError> {
    if let Some(path) = &args.openings {
        let text = std::fs::read_to_string(path)
            .map_err(|e| CliError::input(format!("cannot read {}: {e}", path.display())))?;
        let list = openings::parse_file(&text, rules).map_err(CliError::input)?;
        return Ok((list, path.display().to_string()));
    }
    let wanted = args.games.map_or(DEFAULT_OPENINGS, |g| g.div_ceil(2));
    let mut failed = None;
    let mut report = |found: usize, count: usize| {
        if failed.is_none() {
            failed = writeln!(out, "openings: {found} of {count} chosen")
                .and_then(|()| out.flush())
                .err();
        }
    };
    let list = openings::built_in(rules, wanted, &mut report);
    if let Some(e) = failed {
        return Err(e.into());
    }
    if list.is_empty() {
        return Err(CliError::input("no built-in opening fits these rules"));
    }
    Ok((list, format!("built in for {}", rules.variant.id())))
}

/// How the engines are started and asked for moves.
fn settings(args: &MatchArgs, rules: Rules) -> Settings {
    let movetime = args.movetime.unwrap_or(DEFAULT_MOVETIME_MS);
    let go = match (args.depth, args.nodes) {
        (Some(d), _) => [format!("go depth {d}"), format!("go depth {d}")],
        (None, Some(n)) => [
            format!("go nodes {n}"),
            format!("go nodes {}", args.nodes2.unwrap_or(n)),
        ],
        (None, None) => [
            format!("go movetime {movetime}"),
            format!("go movetime {}", args.movetime2.unwrap_or(movetime)),
        ],
    };
    let slowest = movetime.max(args.movetime2.unwrap_or(movetime));
    let fixed = args.depth.is_some() || args.nodes.is_some();
    let timeout = Duration::from_millis(args.timeout.unwrap_or(if fixed {
        120_000
    } else {
        slowest.saturating_mul(3).saturating_add(5000)
    }));
    Settings {
        commands: [args.engine1.clone(), args.engine2.clone()],
        rules,
        go,
        timeout,
        startup: Duration::from_secs(args.startup_timeout),
        max_plies: args.max_plies,
    }
}

/// The match's first lines: the engines, the rules, the openings, the games.
fn header(
    out: &mut dyn Write,
    args: &MatchArgs,
    settings: &Settings,
    openings: usize,
    source: &str,
    games: usize,
) -> io::Result<()> {
    let go = &settings.go;
    writeln!(out, "engine1: {}", args.engine1)?;
    writeln!(out, "engine2: {}", args.engine2)?;
    writeln!(
        out,
        "rules {}, {openings} openings ({source}), {games} games, {}, at most {} turns a game",
        settings.rules,
        if go[0] == go[1] {
            go[0].clone()
        } else {
            format!("engine1 {}, engine2 {}", go[0], go[1])
        },
        args.max_plies
    )?;
    out.flush()
}

/// The file the games' records are appended to, if asked for.
fn open_records(args: &MatchArgs) -> Result<Option<std::fs::File>, CliError> {
    let Some(path) = &args.records else {
        return Ok(None);
    };
    std::fs::OpenOptions::new()
        .create(true)
        .append(true)
        .open(path)
        .map(Some)
        .map_err(|e| CliError::input(format!("cannot open {}: {e}", path.display())))
}

/// What the workers share: the jobs left, the openings and the halt flag.
struct Shared {
    jobs: Arc<Mutex<VecDeque<Job>>>,
    openings: Arc<Vec<Opening>>,
    halt: Arc<AtomicBool>,
}

/// Starts `count` workers, each reporting its games on `tx`.
fn spawn_workers(
    count: usize,
    shared: &Shared,
    settings: &Settings,
    tx: &Sender<Result<Report, String>>,
) -> Result<Vec<thread::JoinHandle<()>>, CliError> {
    let mut workers = Vec::new();
    for _ in 0..count {
        let (jobs, openings, halt, tx, settings) = (
            Arc::clone(&shared.jobs),
            Arc::clone(&shared.openings),
            Arc::clone(&shared.halt),
            tx.clone(),
            settings.clone(),
        );
        let worker = thread::Builder::new()
            .name("match worker".into())
            .spawn(move || work(&settings, &jobs, &openings, &halt, &tx))
            .map_err(|e| CliError::input(format!("cannot start a match thread: {e}")))?;
        workers.push(worker);
    }
    Ok(workers)
}

/// What the games played came to, and whether the SPRT decided.
struct Results {
    tally: Tally,
    decided: Option<(Verdict, f64)>,
}

/// Takes the workers' reports as they come: a line each, the record, the
/// tally, and the SPRT's verdict, which halts the match; a worker's
/// failure halts it too and is returned.
fn collect(
    rx: mpsc::Receiver<Result<Report, String>>,
    shared: &Shared,
    games: usize,
    sprt: Option<&Sprt>,
    mut records: Option<std::fs::File>,
    out: &mut dyn Write,
) -> Result<Results, CliError> {
    let mut r = Results {
        tally: Tally::default(),
        decided: None,
    };
    let bar = crate::progress::bar(games as u64, "match", "games");
    for message in rx {
        let report = match message {
            Ok(report) => report,
            Err(e) => {
                shared.halt.store(true, Ordering::Relaxed);
                bar.finish_and_clear();
                return Err(CliError::input(e));
            }
        };
        let tally = &mut r.tally;
        let engine1 = report.engine1_color();
        match report.winner() {
            Some(w) if w == engine1 => tally.wins += 1,
            Some(_) => tally.losses += 1,
            None => tally.draws += 1,
        }
        let line = progress(&report, &shared.openings, games, tally);
        bar.set_message(format!(
            "match: engine1 +{} ={} -{}",
            tally.wins, tally.draws, tally.losses
        ));
        bar.inc(1);
        bar.suspend(|| writeln!(out, "{line}"))?;
        if let Some(file) = &mut records {
            writeln!(file, "{}", report.record)?;
        }
        if let Some(s) = sprt {
            let llr = tally.llr(s.elo0, s.elo1);
            let verdict = s.verdict(llr);
            if r.decided.is_none() && verdict != Verdict::Continue {
                r.decided = Some((verdict, llr));
                shared.halt.store(true, Ordering::Relaxed);
            }
        }
        out.flush()?;
    }
    bar.finish_and_clear();
    Ok(r)
}

pub fn run(args: &MatchArgs, out: &mut dyn Write) -> Result<(), CliError> {
    let rules = crate::setup::rules_from(args.variant.as_deref(), &args.set)?;
    let sprt = args
        .sprt
        .as_deref()
        .map(Sprt::parse)
        .transpose()
        .map_err(CliError::input)?;
    check(args)?;
    let (openings, source) = choose_openings(args, rules, out)?;
    let games = args.games.unwrap_or(2 * openings.len());
    let settings = settings(args, rules);
    header(out, args, &settings, openings.len(), &source, games)?;
    let records = open_records(args)?;
    let jobs: VecDeque<Job> = (0..games)
        .map(|i| Job {
            number: i + 1,
            opening: (i / 2) % openings.len(),
            engine1_light: i % 2 == 0,
        })
        .collect();
    let shared = Shared {
        jobs: Arc::new(Mutex::new(jobs)),
        openings: Arc::new(openings),
        halt: Arc::new(AtomicBool::new(false)),
    };
    let (tx, rx) = mpsc::channel();
    let workers = spawn_workers(args.concurrency.min(games), &shared, &settings, &tx)?;
    drop(tx);
    let results = collect(rx, &shared, games, sprt.as_ref(), records, out);
    for w in workers {
        let _ = w.join();
    }
    let r = results?;
    summary(out, &r.tally, sprt.as_ref(), r.decided)?;
    Ok(())
}

/// A worker: starts its two engines, then plays jobs until none is left
/// or the match is halted. The engines are dropped, and so stopped, when it
/// returns.
fn work(
    settings: &Settings,
    jobs: &Mutex<VecDeque<Job>>,
    openings: &[Opening],
    halt: &AtomicBool,
    tx: &Sender<Result<Report, String>>,
) {
    let mut players: [Option<Player>; 2] = [None, None];
    loop {
        if halt.load(Ordering::Relaxed) {
            return;
        }
        let job = {
            let mut queue = jobs.lock().unwrap_or_else(|e| e.into_inner());
            queue.pop_front()
        };
        let Some(job) = job else {
            return;
        };
        for (i, slot) in players.iter_mut().enumerate() {
            if slot.is_none() {
                match start(settings, i) {
                    Ok(p) => *slot = Some(p),
                    Err(e) => {
                        let _ = tx.send(Err(e));
                        return;
                    }
                }
            }
        }
        let [Some(p1), Some(p2)] = &mut players else {
            return;
        };
        let Some(opening) = openings.get(job.opening) else {
            return;
        };
        let report = play_game(settings, [p1, p2], job, opening);
        if let Some(i) = report.broken {
            if let Some(slot) = players.get_mut(i) {
                *slot = None;
            }
        }
        if tx.send(Ok(report)).is_err() {
            return;
        }
    }
}

const LABELS: [&str; 2] = ["engine1", "engine2"];

/// Starts engine `i` and sets the rules.
fn start(settings: &Settings, i: usize) -> Result<Player, String> {
    let mut p = Player::start(LABELS[i], &settings.commands[i], settings.startup)?;
    let rules = settings.rules;
    p.send(&format!("setoption name Variant value {}", rules.variant.id()))?;
    for (key, value) in rules.changes() {
        p.send(&format!("setoption name {} value {value}", key.tag()))?;
    }
    p.sync(settings.startup)?;
    Ok(p)
}

/// Plays one game; `players[0]` is engine1.
fn play_game(settings: &Settings, players: [&mut Player; 2], job: Job, opening: &Opening) -> Report {
    let mut game = opening.game();
    let mut players = players;
    let who = |c: Color| usize::from((c == Color::Light) != job.engine1_light);
    let report = |ending: Ending, game: &Game, broken| {
        let (light, dark) = if job.engine1_light { (0, 1) } else { (1, 0) };
        let how = match &ending {
            Ending::Rules(o) => o.to_string(),
            Ending::MaxPlies => "draw at the turn cap".to_string(),
            Ending::Fault { message, .. } => message.clone(),
        };
        let tags = vec![
            ("Game".to_string(), job.number.to_string()),
            ("Light".to_string(), settings.commands[light].clone()),
            ("Dark".to_string(), settings.commands[dark].clone()),
            ("Termination".to_string(), how),
        ];
        let record = Record {
            tags,
            game: game.clone(),
        };
        Report {
            job,
            ending,
            turns: game.moves().len(),
            broken,
            record: record.to_string(),
        }
    };
    for (i, p) in players.iter_mut().enumerate() {
        if let Err(message) = p.send("ucinewgame").and_then(|()| p.sync(settings.startup)) {
            let color = if who(Color::Light) == i {
                Color::Light
            } else {
                Color::Dark
            };
            return report(Ending::Fault { color, message }, &game, Some(i));
        }
    }
    let startpos = opening.start == Position::new(settings.rules);
    loop {
        if let Some(o) = game.outcome() {
            return report(Ending::Rules(o), &game, None);
        }
        if game.moves().len() >= settings.max_plies {
            return report(Ending::MaxPlies, &game, None);
        }
        let color = game.position().turn();
        let i = who(color);
        let Some(p) = players.get_mut(i) else {
            return report(Ending::MaxPlies, &game, None);
        };
        let mut command = if startpos {
            String::from("position startpos")
        } else {
            format!("position fen {}", opening.start)
        };
        let texts = game.move_texts();
        if !texts.is_empty() {
            let _ = write!(command, " moves {}", texts.join(" "));
        }
        let label = p.label;
        let answer = p
            .send(&command)
            .and_then(|()| p.send(&settings.go[i]))
            .and_then(|()| {
                p.expect_with("bestmove", settings.timeout, |e| {
                    let _ = writeln!(io::stderr(), "game {}: {label} said: {e}", job.number);
                })
            });
        let line = match answer {
            Ok(line) => line,
            Err(message) => return report(Ending::Fault { color, message }, &game, Some(i)),
        };
        let text = line.split_whitespace().nth(1).unwrap_or("none");
        let fault = |why: String| Ending::Fault {
            color,
            message: format!("{label} ({color}) played `{text}`: {why}"),
        };
        if text == "none" {
            return report(fault("the game is not over".into()), &game, None);
        }
        let played = parse_turns(text, 1)
            .map_err(|e| e.to_string())
            .and_then(|list| match list.turns.as_slice() {
                [mt] => game.position().resolve(mt).map_err(|e| e.reason.to_string()),
                _ => Err("not one turn".into()),
            })
            .and_then(|m| game.play(m).map_err(|e| e.reason.to_string()));
        if let Err(why) = played {
            let ending = fault(format!("illegal, {why}"));
            if let Ending::Fault { message, .. } = &ending {
                let _ = writeln!(io::stderr(), "game {}: {message}", job.number);
            }
            return report(ending, &game, None);
        }
    }
}

/// `game 3/40  opening 2 (d6 a1 f6 g1)  engine1 dark  0-1 dark wins: …  (87 turns)  +1 =1 -1`
fn progress(report: &Report, openings: &[Opening], games: usize, tally: &Tally) -> String {
    let result = match &report.ending {
        Ending::Rules(o) => o.to_string(),
        Ending::MaxPlies => "1/2-1/2 (the game reached the turn cap)".into(),
        Ending::Fault { color, message } => {
            let score = if *color == Color::Light { "0-1" } else { "1-0" };
            format!("{score} ({color} forfeits: {message})")
        }
    };
    let opening = openings
        .get(report.job.opening)
        .map(Opening::describe)
        .unwrap_or_default();
    format!(
        "game {}/{games}  opening {} ({opening})  engine1 {}  {result}  {} turns  engine1 +{} ={} -{}",
        report.job.number,
        report.job.opening + 1,
        report.engine1_color(),
        report.turns,
        tally.wins,
        tally.draws,
        tally.losses
    )
}

fn summary(
    out: &mut dyn Write,
    tally: &Tally,
    sprt: Option<&Sprt>,
    decided: Option<(Verdict, f64)>,
) -> io::Result<()> {
    writeln!(
        out,
        "W/D/L: {}/{}/{} for engine1 over {} games, score {:.1}%",
        tally.wins,
        tally.draws,
        tally.losses,
        tally.games(),
        100.0 * tally.score()
    )?;
    match tally.elo() {
        Some((elo, _)) if elo.is_infinite() => writeln!(
            out,
            "Elo: {}inf (one engine scored every point)",
            if elo > 0.0 { "+" } else { "-" }
        )?,
        Some((elo, margin)) => writeln!(out, "Elo: {elo:+.1} +/- {margin:.1} (95%)")?,
        None => writeln!(out, "Elo: no games")?,
    }
    if let Some(s) = sprt {
        let (llr, verdict) = match decided {
            Some((v, llr)) => (llr, v),
            None => {
                let llr = tally.llr(s.elo0, s.elo1);
                (llr, s.verdict(llr))
            }
        };
        let (lower, upper) = s.bounds();
        let says = match verdict {
            Verdict::H1 => format!("H1 accepted (engine1 is at least {} Elo stronger)", s.elo1),
            Verdict::H0 => format!("H0 accepted (engine1 is not more than {} Elo stronger)", s.elo0),
            Verdict::Continue => "no decision yet".into(),
        };
        writeln!(
            out,
            "SPRT: elo0 {} elo1 {} alpha {} beta {}: LLR {llr:.2} (bounds {lower:.2}, {upper:.2}): {says}",
            s.elo0, s.elo1, s.alpha, s.beta
        )?;
    }
    Ok(())
}
