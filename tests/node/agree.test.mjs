// wasm and native agree: the same perft counts and the same engine result
// (move, score, line, depth and node count) at a fixed depth, on the cases
// of fixtures/agree.json. The native side runs morris-wasm's example
// `native`, which calls the same Rust code the JavaScript API wraps.
import { test } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

import { Game, Engine, perft, ROOT, PKG } from "./lib/pkg.mjs";
import { pathToFileURL } from "node:url";

// Counts deeper than the synchronous perft takes run in the engine worker.
const { EngineWorker } = await import(pathToFileURL(path.join(PKG, "worker", "node.mjs")).href);

const CASES = path.join(ROOT, "tests", "node", "fixtures", "agree.json");
const cases = JSON.parse(readFileSync(CASES, "utf8"));
const native = JSON.parse(
  execFileSync("cargo", ["run", "--quiet", "--release", "--locked", "-p", "morris-wasm", "--example", "native", "--", CASES], {
    cwd: ROOT,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "inherit"],
  }),
);

test("perft counts agree", async () => {
  assert.equal(native.perft.length, cases.perft.length);
  const worker = new EngineWorker();
  for (const [i, c] of cases.perft.entries()) {
    const count = c.depth <= 5 ? perft(c.variant, c.moves, c.depth, c.options) : await worker.perft(c.variant, c.moves, c.depth, c.options);
    assert.equal(count, native.perft[i], JSON.stringify(c));
  }
  worker.terminate();
  // And the published counts of Nine Men's Morris from the start.
  assert.equal(native.perft[0], 255024);
});

test("the engine finds the same result at a fixed depth", () => {
  assert.equal(native.search.length, cases.search.length);
  cases.search.forEach((c, i) => {
    const game = new Game(c.variant, c.options);
    for (const m of c.moves) game.play(m);
    // A fixed depth that no clock cuts short, as on the native side.
    const result = new Engine().bestMove(game, { depth: c.depth, movetimeMs: 600_000 });
    assert.deepEqual(result, native.search[i], JSON.stringify(c));
  });
});
