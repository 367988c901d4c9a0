// The engine in a worker, in Node (worker_threads): promises, reports
// while it thinks, stop(), infinite analysis, several engines at once,
// perft off the main thread, errors with their names, and the message
// protocol driven by hand.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { pathToFileURL } from "node:url";
import { Worker } from "node:worker_threads";
import { setTimeout as sleep } from "node:timers/promises";

import { Game, PKG } from "./lib/pkg.mjs";

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

test("a bad engine option is an OptionError from the worker", async () => {
  const engine = new EngineWorker({ level: 11 });
  // The engine could not be made: every search says why.
  await assert.rejects(engine.bestMove(new Game("three")), { name: "OptionError", message: /option `level` must be a whole number from 1 to 10, not 11/ });
  await assert.rejects(engine.clear(), { name: "OptionError" });
  engine.terminate();
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
  worker.postMessage({ id: 1, type: "new", options: { ttMb: 4 } });
  worker.postMessage({ id: 2, type: "nonsense" });
  worker.postMessage({ id: 3, type: "go", record: new Game().record(), options: { depth: 3 } });
  await done;
  await worker.terminate();
  assert.deepEqual(replies[0], { id: 1, type: "result", result: null });
  assert.deepEqual(replies[1], { id: 2, type: "error", error: { name: "ArgumentError", message: 'unknown message type "nonsense"' } });
  assert.deepEqual(replies.slice(2, 5).map((m) => [m.id, m.type, m.info.depth]), [[3, "info", 1], [3, "info", 2], [3, "info", 3]]);
  const last = replies.at(-1);
  assert.equal(last.type, "result");
  assert.equal(last.result.depth, 3);
  assert.equal(last.result.lines.length, 1);
});
