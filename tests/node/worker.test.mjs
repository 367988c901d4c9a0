// The engine in a worker, in Node (worker_threads): promises, reports
// while it thinks, stop(), infinite analysis, several engines at once,
// perft off the main thread, errors with their names, and the message
// protocol driven by hand.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { spawnSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import { setTimeout as sleep } from "node:timers/promises";

import { Game, PKG } from "./lib/pkg.mjs";
import { assertStoppedLines } from "./lib/stopped-lines.mjs";

/** Runs a module script in a Node of its own, killed after 20 s. */
function runScript(code) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "morris-worker-"));
  const file = path.join(dir, "script.mjs");
  writeFileSync(file, code);
  try {
    return spawnSync(process.execPath, [file], { encoding: "utf8", timeout: 20000 });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const { EngineWorker, workerUrl } = await import(pathToFileURL(path.join(PKG, "worker", "node.mjs")).href);

test("bestMove answers with a promise, reporting each iteration", async () => {
  const engine = new EngineWorker();
  const game = new Game();
  game.play("d6");
  const infos = [];
  const result = await engine.bestMove(game, { depth: 5, onInfo: (info) => infos.push(info) });
  assert.equal(result.depth, 5);
  assert.ok(game.legalMoves().includes(result.move));
  assert.equal(result.pv[0], result.move);
  assert.deepEqual(infos.map((i) => i.depth), [1, 2, 3, 4, 5]);
  for (const info of infos) {
    assert.ok(["cp", "win", "loss"].includes(info.score.kind));
    assert.ok(info.pv.length > 0 && info.nodes > 0 && info.timeMs >= 0);
  }
  assert.deepEqual(infos.at(-1).pv, result.pv);
  engine.terminate();
});

test("the main thread runs on while the engine thinks", async () => {
  const engine = new EngineWorker({ level: 10 });
  let ticks = 0;
  const timer = setInterval(() => ticks++, 10);
  const start = performance.now();
  const result = await engine.bestMove(new Game(), { movetimeMs: 500 });
  clearInterval(timer);
  assert.ok(typeof result.move === "string");
  assert.ok(performance.now() - start < 3000);
  assert.ok(ticks >= 20, `${ticks} timer ticks in ${Math.round(performance.now() - start)} ms`);
  engine.terminate();
});

test("infinite analysis runs until stop(), then resolves with its best lines", async () => {
  const engine = new EngineWorker();
  let depth = 0;
  const lines = engine.analyze(new Game(), { infinite: true, multiPv: 2, onInfo: (i) => (depth = Math.max(depth, i.depth)) });
  await sleep(600);
  const before = performance.now();
  engine.stop();
  const got = await lines;
  assert.ok(performance.now() - before < 1000, "stopped at once");
  assert.equal(got.length, 2);
  assert.ok(depth >= 3, `depth ${depth}`);
  // The engine takes the next search as usual.
  assert.equal((await engine.bestMove(new Game("three"), { depth: 2 })).depth, 2);
  engine.terminate();
});

for (const shared of [true, false]) {
  test(`a stopped multi-line search gives its last finished lines, all of them, ${shared ? "with" : "without"} shared memory`, async () => {
    // Without SharedArrayBuffer (as on a page that is not cross-origin
    // isolated) stop() replaces the worker: the lines come from the reports.
    const saved = globalThis.SharedArrayBuffer;
    if (!shared) globalThis.SharedArrayBuffer = undefined;
    try {
      const engine = new EngineWorker();
      for (const [call, ms] of [["bestMove", 0], ["analyze", 150], ["bestMove", 400]]) {
        const reports = [];
        const search = engine[call](new Game(), { infinite: true, multiPv: 3, onInfo: (i) => reports.push(i) });
        // Once two iterations have finished (the worker may take a while to
        // start on a busy machine), and then at some point of the next.
        while (reports.length < 6) await sleep(10);
        await sleep(ms);
        engine.stop();
        const got = await search;
        const result = call === "bestMove" ? got : { lines: got, move: got[0].move, pv: got[0].pv };
        assertStoppedLines(result, reports, 3);
      }
      engine.terminate();
    } finally {
      globalThis.SharedArrayBuffer = saved;
    }
  });
}

for (const shared of [true, false]) {
  test(`a search stopped before its first iteration answers with one ply's lines, all of them, ${shared ? "with" : "without"} shared memory`, async () => {
    const saved = globalThis.SharedArrayBuffer;
    if (!shared) globalThis.SharedArrayBuffer = undefined;
    try {
      for (const wait of [0, 10]) {
        // A fresh worker: its module still loading, nothing searched yet.
        const engine = new EngineWorker();
        const lines = engine.analyze(new Game(), { infinite: true, multiPv: 2 });
        await sleep(wait);
        engine.stop();
        const got = await lines;
        assert.equal(got.length, 2, `two lines after a stop at ${wait} ms: ${JSON.stringify(got)}`);
        assert.ok(got.every((l) => new Game().legalMoves().includes(l.move)));
        engine.terminate();
      }
      // bestMove alike: a move, one ply deep, its lines with it.
      const engine = new EngineWorker();
      const search = engine.bestMove(new Game(), { infinite: true });
      engine.stop();
      const result = await search;
      assert.ok(new Game().legalMoves().includes(result.move));
      assert.equal(result.depth, 1);
      assert.equal(result.lines.length, 1);
      assert.equal(result.stoppedBy, "stop");
      engine.terminate();
    } finally {
      globalThis.SharedArrayBuffer = saved;
    }
  });
}

test("stop() ends a long search early with a move", async () => {
  const engine = new EngineWorker();
  const search = engine.bestMove(new Game(), { movetimeMs: 60_000 });
  await sleep(300);
  const start = performance.now();
  engine.stop();
  const result = await search;
  assert.ok(performance.now() - start < 1000);
  assert.ok(new Game().legalMoves().includes(result.move));
  engine.terminate();
});

test("in the worker a search by depth alone has no time limit, and a stopped one says so", async () => {
  const engine = new EngineWorker();
  const game = new Game();
  game.play("d6");
  const deep = await engine.bestMove(game, { depth: 7 });
  assert.deepEqual([deep.depth, deep.stoppedBy], [7, "depth"]);
  const timed = await engine.bestMove(game, { movetimeMs: 500 });
  assert.equal(timed.stoppedBy, "time");
  const search = engine.bestMove(game, { infinite: true });
  await sleep(300);
  engine.stop();
  assert.equal((await search).stoppedBy, "stop");
  engine.terminate();
});

test("the worker's own perftInWorker gives null when stopped, and is no part of the typings", () => {
  const require = createRequire(import.meta.url);
  const glue = require(path.join(PKG, "node", "morris_wasm.js"));
  const stop = new Int32Array(new SharedArrayBuffer(4));
  assert.equal(glue.perftInWorker("nine", [], 2, undefined, stop), 552);
  Atomics.store(stop, 0, 1);
  assert.equal(glue.perftInWorker("nine", [], 6, undefined, stop), null);
  for (const typings of ["node/morris_wasm.d.ts", "web/morris_wasm.d.ts"]) {
    // Only among the module's raw exports (InitOutput, internal), never as a function of the API.
    assert.doesNotMatch(readFileSync(path.join(PKG, typings), "utf8"), /export function perftInWorker/, typings);
  }
});

test("several engines think at once", async () => {
  const engines = [1, 2, 3].map((seed) => new EngineWorker({ seed }));
  await Promise.all(engines.map((e) => e.bestMove(new Game("three"), { depth: 1 })));
  // Each engine reports while the others think: all have begun before any has ended.
  const firstInfo = [];
  let firstDone = Infinity;
  const results = await Promise.all(
    engines.map((e, i) =>
      e.bestMove(new Game(), { movetimeMs: 600, onInfo: () => (firstInfo[i] ??= performance.now()) })
        .then((r) => ((firstDone = Math.min(firstDone, performance.now())), r)),
    ),
  );
  for (const r of results) assert.ok(new Game().legalMoves().includes(r.move));
  assert.equal(firstInfo.filter((t) => t < firstDone).length, 3, "every engine reported before the first answer");
  engines.forEach((e) => e.terminate());
});

test("perft runs any depth in the worker; errors keep their names", async () => {
  const engine = new EngineWorker();
  assert.equal(await engine.perft("nine", [], 4), 255024);
  assert.equal(await engine.perft("nine", ["d6", "d5"], 1), 22);
  await assert.rejects(engine.perft("nine", [], 33), { name: "ArgumentError", message: /from 0 to 32/ });
  await assert.rejects(engine.bestMove(new Game(), { depth: 0 }), { name: "OptionError", message: /option `depth`/ });
  await assert.rejects(engine.bestMove(new Game(), { infinite: true, depth: 3 }), { name: "OptionError", message: /`infinite`/ });
  await assert.rejects(engine.bestMove(42), { name: "ArgumentError", message: /the game must be a Game or a game record/ });
  await assert.rejects(engine.bestMove("1. d6 d6"), { name: "RecordError" });
  // A record works as well as a Game.
  assert.equal((await engine.bestMove(new Game("three").record(), { depth: 1 })).depth, 1);
  engine.terminate();
  await assert.rejects(engine.bestMove(new Game()), { name: "StateError", message: /terminated/ });
});

test("an engine the worker cannot make: every search says why", async () => {
  const worker = new Worker(workerUrl);
  const replies = new Map();
  const done = new Promise((resolve) =>
    worker.on("message", (m) => {
      if (m.type !== "info") replies.set(m.id, m);
      if (m.id === 3 && m.type !== "info") resolve();
    }),
  );
  worker.postMessage({ id: 1, type: "new", options: { level: 11 } });
  worker.postMessage({ id: 2, type: "go", record: new Game("three").record(), options: { depth: 1 } });
  worker.postMessage({ id: 3, type: "clear" });
  await done;
  await worker.terminate();
  for (const id of [1, 2, 3]) {
    assert.deepEqual(replies.get(id).error, { name: "OptionError", message: "option `level` must be a whole number from 1 to 10, not 11" });
  }
});

test("the message protocol can be driven by hand", async () => {
  const worker = new Worker(workerUrl);
  const replies = [];
  const done = new Promise((resolve) =>
    worker.on("message", (m) => {
      replies.push(m);
      if (m.id === 3 && m.type !== "info") resolve();
    }),
  );
  worker.postMessage({ id: 1, type: "new", options: { ttMb: 4, network: true } });
  worker.postMessage({ id: 2, type: "nonsense" });
  worker.postMessage({ id: 3, type: "go", record: new Game().record(), options: { depth: 3 } });
  await done;
  await worker.terminate();
  assert.deepEqual(replies[0], { id: 1, type: "result", result: null });
  assert.deepEqual(replies[1], { id: 2, type: "error", error: { name: "ArgumentError", message: 'unknown message type "nonsense"' } });
  // A full-strength engine asked for the package's network loads it before its first search.
  assert.deepEqual(replies[2], { type: "network", loaded: true, url: new URL("../nets/nine.nnue", workerUrl).href, error: null });
  assert.deepEqual(replies.slice(3, 6).map((m) => [m.id, m.type, m.info.depth]), [[3, "info", 1], [3, "info", 2], [3, "info", 3]]);
  const last = replies.at(-1);
  assert.equal(last.type, "result");
  assert.equal(last.result.depth, 3);
  assert.equal(last.result.lines.length, 1);
});

test("a level engine in the worker reports its lines and gives as many as asked", async () => {
  for (const level of [1, 5, 10]) {
    const engine = new EngineWorker({ level });
    const infos = [];
    const result = await engine.bestMove(new Game(), { movetimeMs: 300, onInfo: (i) => infos.push(i) });
    assert.ok(new Game().legalMoves().includes(result.move), `level ${level}`);
    assert.ok(infos.length > 0, `level ${level}: no report`);
    assert.equal(result.lines.length, 1, `level ${level}`);
    const lines = await engine.analyze(new Game(), { movetimeMs: 300, multiPv: 3 });
    assert.equal(lines.length, 3, `level ${level}`);
    assert.equal(new Set(lines.map((l) => l.move)).size, 3);
    for (const l of lines) assert.equal(l.pv[0], l.move);
    engine.terminate();
  }
  // What a level cannot do is refused, saying why.
  const engine = new EngineWorker({ level: 5 });
  await assert.rejects(engine.analyze(new Game(), { depth: 3 }), { name: "OptionError", message: /searches as deep as its level says/ });
  engine.terminate();
});

test("an onInfo that throws is reported, and the search still answers", async () => {
  const engine = new EngineWorker();
  const seen = [];
  engine.addEventListener("error", (e) => {
    seen.push(e.error);
    e.preventDefault();
  });
  const boom = new Error("boom");
  const result = await engine.bestMove(new Game(), {
    depth: 4,
    onInfo: () => {
      throw boom;
    },
  });
  assert.equal(result.depth, 4);
  assert.equal(seen.length, 4);
  assert.ok(seen.every((e) => e === boom));
  engine.terminate();
});

test("an onInfo that throws does not end Node, with no listener either", () => {
  const script = `
    import { EngineWorker } from ${JSON.stringify(pathToFileURL(path.join(PKG, "worker", "node.mjs")).href)};
    const engine = new EngineWorker();
    const r = await engine.bestMove("1. d6 *", { depth: 2, onInfo: () => { throw new Error("from the callback"); } });
    engine.terminate();
    console.log("answered", r.depth);`;
  const out = runScript(script);
  assert.equal(out.status, 0, out.stderr);
  assert.equal(out.stdout.trim(), "answered 2");
  assert.match(out.stderr, /from the callback/);
});

test("an onInfo that throws at every iteration, with an error listener that lets it through, prints its stack once", () => {
  const script = `
    import { EngineWorker } from ${JSON.stringify(pathToFileURL(path.join(PKG, "worker", "node.mjs")).href)};
    const engine = new EngineWorker();
    let events = 0;
    engine.addEventListener("error", () => events++);
    const r = await engine.bestMove("1. d6 *", { depth: 5, onInfo: () => { throw new Error("from the callback"); } });
    engine.terminate();
    console.log("answered", r.depth, "events", events);`;
  const out = runScript(script);
  assert.equal(out.status, 0, out.stderr);
  assert.equal(out.stdout.trim(), "answered 5 events 5", "every throw is an event");
  assert.equal(out.stderr.match(/from the callback/g)?.length, 1, out.stderr);
});

test("a signal aborted before the call rejects it with an AbortError (or the signal's reason), searches and counts alike", async () => {
  const engine = new EngineWorker();
  const signal = AbortSignal.abort();
  await assert.rejects(engine.bestMove(new Game(), { depth: 1, signal }), { name: "AbortError" });
  await assert.rejects(engine.analyze(new Game(), { infinite: true, signal }), { name: "AbortError" });
  await assert.rejects(engine.perft("nine", [], 3, { signal }), { name: "AbortError" });
  const why = new Error("the player left");
  await assert.rejects(engine.bestMove(new Game(), { signal: AbortSignal.abort(why) }), (e) => e === why);
  // The engine is as good as new.
  assert.equal((await engine.bestMove(new Game("three"), { depth: 2 })).depth, 2);
  engine.terminate();
});

test("bad options are refused before anything is sent, and Node can end", async () => {
  const engine = new EngineWorker();
  await assert.rejects(engine.bestMove(new Game(), { onInfo: 5 }), { name: "OptionError", message: "option `onInfo` must be a function, not 5" });
  await assert.rejects(engine.bestMove(new Game(), { callback: () => 1 }), { name: "OptionError", message: /^unknown search option `callback`; the options are: depth, nodes, movetimeMs, multiPv, infinite, onInfo, signal$/ });
  await assert.rejects(engine.bestMove(new Game(), { depth: () => 1 }), { name: "OptionError", message: "option `depth` must be a whole number, not a function" });
  await assert.rejects(engine.bestMove(new Game(), "fast"), { name: "ArgumentError", message: 'the search options must be an object, not "fast"' });
  await assert.rejects(engine.bestMove(new Game(), { signal: {} }), { name: "OptionError", message: /option `signal` must be an AbortSignal/ });
  await assert.rejects(engine.perft("nine", [], 2, { signal: 1 }), { name: "OptionError", message: /option `signal`/ });
  // The engine is as good as new.
  assert.equal((await engine.bestMove(new Game("three"), { depth: 2 })).depth, 2);
  engine.terminate();
  // And a refused call leaves nothing to keep Node waiting.
  const script = `
    import { EngineWorker } from ${JSON.stringify(pathToFileURL(path.join(PKG, "worker", "node.mjs")).href)};
    const engine = new EngineWorker();
    await engine.bestMove("1. d6 *", { callback: () => 1 }).catch((e) => console.log(e.name));`;
  const out = runScript(script);
  assert.equal(out.signal, null, "Node ended by itself");
  assert.equal(out.stdout.trim(), "OptionError");
});

test("invalid engine options are refused by the constructor", () => {
  assert.throws(() => new EngineWorker({ level: 11 }), { name: "OptionError", message: "option `level` must be a whole number from 1 to 10, not 11" });
  assert.throws(() => new EngineWorker({ level: "5" }), { name: "OptionError", message: 'option `level` must be a whole number from 1 to 10, not "5"' });
  assert.throws(() => new EngineWorker({ strength: 3 }), { name: "OptionError", message: "unknown engine option `strength`; the options are: level, ttMb, seed, network" });
  assert.throws(() => new EngineWorker(5), { name: "ArgumentError", message: "the engine options must be an object, not 5" });
});

test("stop() and an AbortSignal end a deep perft; the next call runs at once", async () => {
  const engine = new EngineWorker();
  const count = engine.perft("nine", [], 9);
  await sleep(200);
  let start = performance.now();
  engine.stop();
  await assert.rejects(count, { name: "AbortError" });
  assert.ok(performance.now() - start < 1500, `${Math.round(performance.now() - start)} ms to stop`);
  start = performance.now();
  assert.equal(await engine.perft("nine", [], 2), 552);
  assert.ok(performance.now() - start < 1500);

  const controller = new AbortController();
  const aborted = engine.perft("nine", [], 9, { signal: controller.signal });
  setTimeout(() => controller.abort(), 200);
  await assert.rejects(aborted, { name: "AbortError" });
  // A search with a signal resolves with its best move so far.
  const searching = new AbortController();
  const search = engine.bestMove(new Game(), { movetimeMs: 60_000, signal: searching.signal });
  await sleep(300);
  start = performance.now();
  searching.abort();
  const result = await search;
  assert.ok(performance.now() - start < 1000);
  assert.ok(new Game().legalMoves().includes(result.move));
  engine.terminate();
});
