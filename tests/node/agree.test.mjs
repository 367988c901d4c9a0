// wasm and native agree: the same perft counts, the same engine result
// (move, score, line, depth and node count) at a fixed depth and the same
// static evaluations, on the cases of fixtures/agree.json, without and with
// the package's network (nets/nine.nnue). The native side runs morris-wasm's
// example `native`, which calls the same Rust code the JavaScript API wraps.
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
const nativeOf = (...args) =>
  JSON.parse(
    execFileSync("cargo", ["run", "--quiet", "--release", "--locked", "-p", "morris-wasm", "--example", "native", "--", ...args], {
      cwd: ROOT,
      encoding: "utf8",
      stdio: ["ignore", "pipe", "inherit"],
    }),
  );
const native = nativeOf(CASES);
// The network the package ships, and the same engines given it.
const NET = path.join(PKG, "nets", "nine.nnue");
const learned = nativeOf("--network", NET, CASES);
const withNetwork = () => {
  const engine = new Engine();
  engine.useNetwork(readFileSync(NET));
  return engine;
};

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

test("the static evaluation agrees, without and with the network", () => {
  assert.equal(native.evaluate.length, cases.evaluate.length);
  const plain = new Engine();
  const engine = withNetwork();
  cases.evaluate.forEach((text, i) => {
    const game = Game.fromPosition(text);
    assert.equal(plain.evaluate(game), native.evaluate[i], text);
    assert.equal(engine.evaluate(game), learned.evaluate[i], text);
  });
  // The network changes the values of Nine's moving phase (all but the
  // last two positions), and only those.
  const moving = cases.evaluate.length - 2;
  assert.ok(learned.evaluate.slice(0, moving).some((v, i) => v !== native.evaluate[i]));
  assert.deepEqual(learned.evaluate.slice(moving), native.evaluate.slice(moving));
});

test("with the network the engine finds the same result at a fixed depth", () => {
  // Where the search reaches Nine's moving phase, the network changes it.
  assert.ok(learned.search.some((r, i) => r.nodes !== native.search[i].nodes));
  cases.search.forEach((c, i) => {
    const game = new Game(c.variant, c.options);
    for (const m of c.moves) game.play(m);
    const result = withNetwork().bestMove(game, { depth: c.depth, movetimeMs: 600_000 });
    assert.deepEqual(result, learned.search[i], JSON.stringify(c));
  });
});

// The trainer's fixed outputs, committed with the network it trained: each
// line a position text, the float network's value and the quantized one's.
const FIXTURES = path.join(ROOT, "morris-engine", "nets", "nine.fixtures");

test("the package's network gives the trainer's quantized values (morris-engine/nets/nine.fixtures)", () => {
  assert.deepEqual(readFileSync(NET), readFileSync(path.join(ROOT, "morris-engine", "nets", "nine.nnue")), "the package carries the committed network");
  const engine = withNetwork();
  const plain = new Engine();
  // `POSITION ; FLOAT ; INTEGER` a line, `#` comments.
  const lines = readFileSync(FIXTURES, "utf8").split("\n").filter((line) => line.trim() !== "" && !line.startsWith("#"));
  assert.ok(lines.length >= 64, `${lines.length} fixtures`);
  for (const line of lines) {
    const [text, , quantized] = line.split(" ; ");
    const game = Game.fromPosition(text);
    // The search's evaluation is the mean of the network's value and the
    // hand-written one's (morris-engine's params::NET_SHARE, 50 %),
    // rounded toward zero as Rust's integer division rounds.
    const blended = Math.trunc((Number(quantized) + plain.evaluate(game)) / 2);
    assert.equal(engine.evaluate(game), blended, line);
  }
});
