// The speed of wasm in Node against native Rust on the same work: the
// bench cases of fixtures/agree.json (a perft and searches at fixed depths,
// a fresh default engine each). Prints both and the ratio; not a test.
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

import { Game, Engine, perft, ROOT } from "./lib/pkg.mjs";

const CASES = path.join(ROOT, "tests", "node", "fixtures", "agree.json");
const { bench } = JSON.parse(readFileSync(CASES, "utf8"));
const native = JSON.parse(
  execFileSync("cargo", ["run", "--quiet", "--release", "--locked", "-p", "morris-wasm", "--example", "native", "--", "--bench", CASES], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }),
);

// The synchronous `perft` counts 5 turns at most; a deeper count is the
// sum of the counts after each first turn, as the native side splits it.
function perftDeep(variant, moves, depth) {
  if (depth <= 5) return perft(variant, moves, depth);
  const game = new Game(variant);
  for (const m of moves) game.play(m);
  return game.legalMoves().reduce((n, m) => n + perftDeep(variant, [...moves, m], depth - 1), 0);
}

let t = performance.now();
const perftNodes = perftDeep(bench.perft.variant, bench.perft.moves, bench.perft.depth);
const perftMs = performance.now() - t;

t = performance.now();
let searchNodes = 0;
for (const c of bench.search) {
  const game = new Game(c.variant, c.options);
  for (const m of c.moves) game.play(m);
  // A fixed depth, which no clock cuts short (the default second would).
  searchNodes += new Engine().bestMove(game, { depth: c.depth, movetimeMs: 600_000 }).nodes;
}
const searchMs = performance.now() - t;

const rate = (nodes, ms) => Math.round((nodes * 1000) / ms);
const row = (what, n, w) =>
  console.log(
    `${what.padEnd(8)} native ${rate(n.nodes, n.ms).toLocaleString("en").padStart(12)} nodes/s (${n.nodes} in ${n.ms.toFixed(0)} ms)` +
      `   wasm ${rate(w.nodes, w.ms).toLocaleString("en").padStart(12)} nodes/s (${w.nodes} in ${w.ms.toFixed(0)} ms)` +
      `   wasm/native ${((100 * rate(w.nodes, w.ms)) / rate(n.nodes, n.ms)).toFixed(0)}%`,
  );
if (perftNodes !== native.perft.nodes || searchNodes !== native.search.nodes) {
  console.error("wasm and native searched different trees", { perftNodes, searchNodes, native });
  process.exit(1);
}
row("perft", native.perft, { nodes: perftNodes, ms: perftMs });
row("search", native.search, { nodes: searchNodes, ms: searchMs });
