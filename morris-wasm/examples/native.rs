//! The native side of the wasm-and-native agreement: reads the cases of
//! `tests/node/fixtures/agree.json` and prints, as JSON, what native Rust
//! computes for them through the same code the JavaScript API runs.
//!
//! `cargo run --release -p morris-wasm --example native -- CASES` prints
//! `{ perft: [counts], search: [results], evaluate: [values] }` (`evaluate`:
//! the static evaluation of each position text of the cases' `evaluate`);
//! with `--bench` before CASES it times the bench cases instead: `{ perft:
//! { nodes, ms }, search: { nodes, ms } }`. `--network FILE` gives every
//! engine the learned evaluation's network in FILE, as
//! `engine.useNetwork(bytes)` does.

use std::time::Instant;

use morris_engine::net::Network;
use morris_wasm::{perft_count, ApiError, Engine, OptionValue, SearchOptions, Stoppable};

/// The time bound of a search to a fixed depth: ten minutes, never reached.
const FIXED_DEPTH_MS: u64 = 600_000;

/// An API error, or the example's own (its arguments, its file).
type Failure = Box<dyn std::error::Error>;
use serde_json::{json, Value};

/// The default table size of `new Engine()`.
const TT_MB: usize = 16;

struct Case {
    variant: String,
    options: Vec<(String, OptionValue)>,
    moves: Vec<String>,
    depth: u32,
}

fn read_case(v: &Value) -> Case {
    let options = v["options"]
        .as_object()
        .map(|o| {
            o.iter()
                .map(|(k, v)| {
                    let value = match v {
                        Value::Null => OptionValue::Null,
                        Value::Bool(b) => OptionValue::Bool(*b),
                        Value::Number(n) => OptionValue::Number(n.as_f64().unwrap_or(f64::NAN)),
                        Value::String(s) => OptionValue::Text(s.clone()),
                        _ => OptionValue::Other("object"),
                    };
                    (k.clone(), value)
                })
                .collect()
        })
        .unwrap_or_default();
    Case {
        variant: v["variant"].as_str().unwrap_or("nine").to_string(),
        options,
        moves: v["moves"]
            .as_array()
            .map(|a| a.iter().filter_map(|m| m.as_str().map(String::from)).collect())
            .unwrap_or_default(),
        depth: v["depth"].as_u64().unwrap_or(1) as u32,
    }
}

fn perft_of(case: &Case) -> Result<u64, ApiError> {
    perft_count(Some(&case.variant), &case.options, &case.moves, case.depth)
}

/// A new default engine (`new Engine()`), given `network` (`useNetwork`).
fn engine_with(network: Option<&Network>) -> Result<Engine, ApiError> {
    let mut engine = Engine::create(None, TT_MB, 0)?;
    engine.set_network(network.cloned());
    Ok(engine)
}

fn search_of(case: &Case, network: Option<&Network>) -> Result<Value, Failure> {
    let mut game = morris_wasm::Game::create(Some(&case.variant), &case.options)?;
    for m in &case.moves {
        game.play_text(m)?;
    }
    let mut engine = engine_with(network)?;
    // A fixed depth, which no clock cuts short (the default second would).
    let options = SearchOptions {
        depth: Some(case.depth),
        movetime_ms: Some(FIXED_DEPTH_MS),
        ..SearchOptions::default()
    };
    let view = engine.think_with(game.core(), &options, None, Stoppable::No, |_| true)?;
    Ok(serde_json::to_value(view)?)
}

/// The processor time this thread has used, in milliseconds (Linux's
/// `/proc/thread-self/stat`, in ticks of 10 ms), or `None` elsewhere: on a
/// shared machine it is steadier than the wall clock, since time spent
/// waiting for a core is not counted.
fn thread_cpu_ms() -> Option<f64> {
    let stat = std::fs::read_to_string("/proc/thread-self/stat").ok()?;
    let fields: Vec<&str> = stat.rsplit_once(')')?.1.split_whitespace().collect();
    // After the name: state is field 3, utime 14 and stime 15 (1-based).
    let ticks = |i: usize| fields.get(i - 3)?.parse::<f64>().ok();
    Some((ticks(14)? + ticks(15)?) * 10.0)
}

/// The static evaluation of a position text, as `engine.evaluate(game)`.
fn evaluation_of(text: &Value, network: Option<&Network>) -> Result<Value, Failure> {
    let position: morris_core::Position = text.as_str().unwrap_or_default().parse()?;
    Ok(json!(engine_with(network)?.evaluation(&position)))
}

fn run(mut args: &[String]) -> Result<Value, Failure> {
    const USAGE: &str = "usage: native [--bench] [--network FILE] CASES.json";
    let bench = args.first().is_some_and(|a| a == "--bench");
    if bench {
        args = args.get(1..).unwrap_or_default();
    }
    let (network, path) = match args {
        [flag, file, path] if flag == "--network" => {
            let bytes = std::fs::read(file).map_err(|e| format!("{file}: {e}"))?;
            (
                Some(Network::from_bytes(&bytes).map_err(|e| format!("{file}: {e}"))?),
                path,
            )
        }
        [path] => (None, path),
        _ => return Err(USAGE.into()),
    };
    let network = network.as_ref();
    let text = std::fs::read_to_string(path).map_err(|e| format!("{path}: {e}"))?;
    let cases: Value = serde_json::from_str(&text).map_err(|e| format!("{path}: {e}"))?;
    let list = |v: &Value| -> Vec<Case> {
        v.as_array()
            .map(|a| a.iter().map(read_case).collect())
            .unwrap_or_default()
    };
    if bench {
        let perft_case = read_case(&cases["bench"]["perft"]);
        let (start, cpu) = (Instant::now(), thread_cpu_ms());
        let nodes = perft_of(&perft_case)?;
        let perft_ms = start.elapsed().as_secs_f64() * 1000.0;
        let perft_cpu_ms = thread_cpu_ms().zip(cpu).map(|(b, a)| b - a);
        let (start, cpu) = (Instant::now(), thread_cpu_ms());
        let mut search_nodes = 0;
        for case in list(&cases["bench"]["search"]) {
            search_nodes += search_of(&case, network)?["nodes"].as_u64().unwrap_or(0);
        }
        let search_ms = start.elapsed().as_secs_f64() * 1000.0;
        let search_cpu_ms = thread_cpu_ms().zip(cpu).map(|(b, a)| b - a);
        return Ok(json!({
            "perft": { "nodes": nodes, "ms": perft_ms, "cpuMs": perft_cpu_ms },
            "search": { "nodes": search_nodes, "ms": search_ms, "cpuMs": search_cpu_ms },
        }));
    }
    let perft = list(&cases["perft"])
        .iter()
        .map(perft_of)
        .collect::<Result<Vec<_>, _>>()?;
    let search = list(&cases["search"])
        .iter()
        .map(|case| search_of(case, network))
        .collect::<Result<Vec<_>, _>>()?;
    let evaluate = cases["evaluate"]
        .as_array()
        .map(|a| a.iter().map(|text| evaluation_of(text, network)).collect())
        .unwrap_or(Ok(Vec::new()))?;
    Ok(json!({ "perft": perft, "search": search, "evaluate": evaluate }))
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    match run(&args) {
        Ok(v) => println!("{v}"),
        Err(e) => {
            eprintln!("native: {e}");
            std::process::exit(1);
        }
    }
}
