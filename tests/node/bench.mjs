// The speed of wasm in Node against native Rust on the same work: the
// bench cases of fixtures/agree.json (a perft and searches at fixed depths,
// a fresh default engine each), then the searches again with the package's
// learned network (nets/nine.nnue: it evaluates the case in Nine's moving
// phase). Prints both and the ratio; not a test.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

import { Game, Engine, perft, ROOT, PKG } from "./lib/pkg.mjs";

const CASES = path.join(ROOT, "tests", "node", "fixtures", "agree.json");
const { bench } = JSON.parse(readFileSync(CASES, "utf8"));
const nativeBench = (...args) =>
  JSON.parse(
    execFileSync("cargo", ["run", "--quiet", "--release", "--locked", "-p", "morris-wasm", "--example", "native", "--", "--bench", ...args, CASES], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    }),
  );
const native = nativeBench();

// The synchronous `perft` counts 5 turns at most; a deeper count is the
// sum of the counts after each first turn, as the native side splits it.
function perftDeep(variant, moves, depth) {
  if (depth <= 5) return perft(variant, moves, depth);
  const game = new Game(variant);
  for (const m of moves) game.play(m);
  return game.legalMoves().reduce((n, m) => n + perftDeep(variant, [...moves, m], depth - 1), 0);
}

/**
 * The processor time the main thread has used, in ms (Linux's
 * /proc/thread-self/stat, ticks of 10 ms), or null elsewhere: on a shared
 * machine steadier than the wall clock, as the native side measures too.
 * (The wasm module's code runs on this thread; V8's compiler threads are
 * not counted, which is where they would be on a machine of its own.)
 */
function threadCpuMs() {
  try {
    const fields = readFileSync("/proc/thread-self/stat", "utf8").split(")").at(-1).trim().split(/\s+/);
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return null;
  }
}

let t = performance.now();
let cpu = threadCpuMs();
const perftNodes = perftDeep(bench.perft.variant, bench.perft.moves, bench.perft.depth);
const perftMs = performance.now() - t;
const perftCpuMs = cpu === null ? null : threadCpuMs() - cpu;

/** The bench's searches, each by a fresh default engine given `network` (if any): nodes, ms and CPU ms. */
function searches(network) {
  const t = performance.now();
  const cpu = threadCpuMs();
  let nodes = 0;
  for (const c of bench.search) {
    const game = new Game(c.variant, c.options);
    for (const m of c.moves) game.play(m);
    const engine = new Engine();
    if (network) engine.useNetwork(network);
    // A fixed depth, which no clock cuts short (the default second would).
    nodes += engine.bestMove(game, { depth: c.depth, movetimeMs: 600_000 }).nodes;
    engine.free();
  }
  return { nodes, ms: performance.now() - t, cpuMs: cpu === null ? null : threadCpuMs() - cpu };
}
const search = searches(null);

const rate = (nodes, ms) => Math.round((nodes * 1000) / ms);
const percent = (w, n) => `${((100 * n) / w).toFixed(0)}%`;
const row = (what, n, w) =>
  console.log(
    `${what.padEnd(16)} native ${rate(n.nodes, n.ms).toLocaleString("en").padStart(12)} nodes/s (${n.nodes} in ${n.ms.toFixed(0)} ms)` +
      `   wasm ${rate(w.nodes, w.ms).toLocaleString("en").padStart(12)} nodes/s (${w.nodes} in ${w.ms.toFixed(0)} ms)` +
      `   wasm/native ${percent(w.ms, n.ms)}` +
      (n.cpuMs > 0 && w.cpuMs > 0 ? `, on the thread's CPU clock ${percent(w.cpuMs, n.cpuMs)} (${n.cpuMs} ms, ${w.cpuMs} ms)` : ""),
  );
if (perftNodes !== native.perft.nodes || search.nodes !== native.search.nodes) {
  console.error("wasm and native searched different trees", { perftNodes, searchNodes: search.nodes, native });
  process.exit(1);
}
row("perft", native.perft, { nodes: perftNodes, ms: perftMs, cpuMs: perftCpuMs });
row("search", native.search, search);

const NET = path.join(PKG, "nets", "nine.nnue");
const learned = nativeBench("--network", NET);
const withNetwork = searches(readFileSync(NET));
if (withNetwork.nodes !== learned.search.nodes) {
  console.error("wasm and native searched different trees with the network", { wasm: withNetwork.nodes, native: learned.search });
  process.exit(1);
}
row("search, network", learned.search, withNetwork);
