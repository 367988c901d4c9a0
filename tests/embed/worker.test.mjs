// The engine in a Web Worker, in Chromium (tests/embed/worker.html): it
// answers with promises while the page's thread stays free (no task over
// 50 ms while a level-10 engine thinks), streams its reports, stops on
// stop() and analyses until then, on a plain page (the worker is replaced
// to stop) and on a cross-origin isolated one (a shared flag stops it);
// and the README's worker example runs as written.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";

import { ROOT, ISOLATED, serve, launch, open } from "./lib/harness.mjs";
import { assertStoppedLines } from "../node/lib/stopped-lines.mjs";

let plain;
let isolated;
let browser;

before(async () => {
  plain = await serve();
  isolated = await serve(ISOLATED);
  browser = await launch();
});

after(async () => {
  await browser?.close();
  plain?.close();
  isolated?.close();
});

async function workerPage(server) {
  const { page, errors } = await open(browser, `${server.base}/tests/embed/worker.html`);
  await page.waitForSelector("body[data-ready]");
  return { page, errors };
}

test("a level-10 engine in a worker answers, and the page has no long task meanwhile", async () => {
  const { page, errors } = await workerPage(plain);
  const out = await page.evaluate(async () => {
    const engine = new EngineWorker({ level: 10, network: true });
    const game = new Game();
    game.play("d6");
    // The worker's module loads first (its own thread too).
    await engine.bestMove(new Game("three"), { movetimeMs: 1 });
    const start = performance.now();
    const result = await engine.bestMove(game); // the one-second default
    const ms = performance.now() - start;
    const long = window.longTasks.filter((t) => t.start + t.ms > start);
    engine.terminate();
    // The observer does see a long task: a busy 120 ms on the page's thread.
    const busy = performance.now();
    while (performance.now() - busy < 120);
    await new Promise((r) => setTimeout(r, 100));
    const seen = window.longTasks.filter((t) => t.start >= busy - 5).length;
    return { move: result.move, legal: game.legalMoves(), ms, long, seen };
  });
  assert.equal(out.seen, 1, "the long-task observer works");
  assert.ok(out.legal.includes(out.move), out.move);
  assert.ok(out.ms > 200 && out.ms < 4000, `${out.ms} ms`);
  assert.deepEqual(out.long, [], "no main-thread task over 50 ms while the engine thinks");
  assert.deepEqual(errors, []);
  await page.close();
});

for (const [name, server] of [["a plain page", () => plain], ["a cross-origin isolated page", () => isolated]]) {
  test(`on ${name}: reports while it thinks, infinite analysis until stop(), several engines`, async (t) => {
    const { page, errors } = await workerPage(server());
    const out = await page.evaluate(async () => {
      const shared = self.crossOriginIsolated;
      const engine = new EngineWorker();
      const depths = [];
      const lines = engine.analyze(new Game(), { infinite: true, multiPv: 2, onInfo: (i) => depths.push(i.depth) });
      await new Promise((r) => setTimeout(r, 800));
      const asked = performance.now();
      engine.stop();
      const got = await lines;
      const stopMs = performance.now() - asked;
      // It takes the next search (on a plain page, in the worker that
      // replaced the stopped one: its start-up is in this call's time, not
      // in the one after), and three engines think at once.
      const nextAsked = performance.now();
      const next = await engine.bestMove(new Game("three"), { depth: 2 });
      const nextMs = performance.now() - nextAsked;
      const againAsked = performance.now();
      await engine.bestMove(new Game("three"), { depth: 2 });
      const againMs = performance.now() - againAsked;
      const others = [1, 6].map((level) => new EngineWorker({ level }));
      const all = await Promise.all([engine, ...others].map((e) => e.bestMove(new Game(), { movetimeMs: 300 })));
      [engine, ...others].forEach((e) => e.terminate());
      return { shared, depths, lines: got.length, first: got[0].move, stopMs, next: next.depth, nextMs, againMs, all: all.map((r) => r.move) };
    });
    t.diagnostic(`the call after stop(): ${Math.round(out.nextMs)} ms; the same call again: ${Math.round(out.againMs)} ms`);
    assert.equal(out.shared, name.includes("isolated"));
    assert.ok(Math.max(...out.depths) >= 3, JSON.stringify(out.depths));
    assert.ok(out.lines >= 1 && typeof out.first === "string");
    assert.ok(out.stopMs < 1000, `stopped in ${out.stopMs} ms`);
    assert.equal(out.next, 2);
    assert.equal(out.all.length, 3);
    for (const m of out.all) assert.equal(typeof m, "string");
    assert.deepEqual(errors, []);
    await page.close();
  });
}

for (const [name, server] of [["a plain page", () => plain], ["a cross-origin isolated page", () => isolated]]) {
  test(`on ${name}: a stopped multi-line search gives its last finished lines, all of them, the best one's move`, async () => {
    const { page, errors } = await workerPage(server());
    const runs = await page.evaluate(async () => {
      const engine = new EngineWorker();
      const out = [];
      const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
      for (const [call, ms] of [["bestMove", 0], ["analyze", 150], ["bestMove", 400]]) {
        const reports = [];
        const search = engine[call](new Game(), { infinite: true, multiPv: 3, onInfo: (i) => reports.push(i) });
        // Once two iterations have finished, and then at some point of the next.
        while (reports.length < 6) await sleep(10);
        await sleep(ms);
        engine.stop();
        const got = await search;
        out.push({ result: call === "bestMove" ? got : { lines: got, move: got[0].move, pv: got[0].pv }, reports });
      }
      engine.terminate();
      return { shared: self.crossOriginIsolated, out };
    });
    assert.equal(runs.shared, name.includes("isolated"));
    for (const { result, reports } of runs.out) assertStoppedLines(result, reports, 3);
    assert.deepEqual(errors, []);
    await page.close();
  });
}

test("on a plain page the worker that stop(), a signal or terminate() replaced stops searching or counting at once, not two seconds later", async (t) => {
  // A newcomer's steps: an infinite search, stop() after 300 ms, the
  // promise awaited; the old worker (busy in its search) must close soon
  // after, and the next search still works. Chromium gives a busy worker
  // two seconds after terminate() before it ends its script by force.
  const { page, errors } = await workerPage(plain);
  const workers = [];
  page.on("worker", (w) => {
    const seen = { closed: null };
    workers.push(seen);
    w.on("close", () => (seen.closed = Date.now()));
  });
  const ends = {
    stop: "const p = w.bestMove(game, { infinite: true }); setTimeout(() => w.stop(), 300); await p;",
    signal: "const c = new AbortController(); const p = w.bestMove(game, { infinite: true, signal: c.signal }); setTimeout(() => c.abort(), 300); await p;",
    perft: "const p = w.perft(\"nine\", [], 10).catch((e) => e.name); setTimeout(() => w.stop(), 300); await p;",
    terminate: "const p = w.bestMove(game, { infinite: true }).catch((e) => e.name); await new Promise((r) => setTimeout(r, 300)); w.terminate(); await p;",
  };
  const tails = {};
  for (const [how, steps] of Object.entries(ends)) {
    const before = workers.length;
    await page.evaluate(() => { window.w = new EngineWorker(); window.game = new Game(); });
    while (workers.length === before) await new Promise((r) => setTimeout(r, 10));
    const old = workers.at(-1);
    await page.evaluate(`(async () => { ${steps} })()`);
    const answered = Date.now();
    // Until it closes, or the browser's two seconds are over.
    while (old.closed === null && Date.now() - answered < 3000) await new Promise((r) => setTimeout(r, 20));
    tails[how] = old.closed === null ? Infinity : old.closed - answered;
    if (how !== "terminate") {
      const next = await page.evaluate(async () => {
        const { move } = await w.bestMove(game, { depth: 3 });
        w.terminate();
        return game.isLegal(move);
      });
      assert.equal(next, true, `${how}: the next search`);
    }
  }
  // Milliseconds from the answer to the old worker's end, for each way.
  t.diagnostic(`the old worker closed after the answer: ${JSON.stringify(tails)} ms`);
  for (const [how, ms] of Object.entries(tails)) assert.ok(ms < 600, `${how}: ${JSON.stringify(tails)}`);
  assert.deepEqual(errors, []);
  await page.close();
});

// Nine after its placing, where the network evaluates.
const MOVING = "nine .D./.LD/DLL/D..LDL/LLD/.DL/DDL L 0/0 0/0 -";

test("on a plain page a level-10 worker fetches the package's network once and plays with it; level 5 fetches nothing", async () => {
  const { page, errors } = await workerPage(plain);
  const fetched = [];
  page.on("request", (r) => r.url().endsWith(".nnue") && fetched.push(r.url()));
  const out = await page.evaluate(async (position) => {
    const engine = new EngineWorker({ level: 10, network: true });
    const events = [];
    engine.addEventListener("network", (e) => events.push({ loaded: e.loaded, url: e.url, error: e.error }));
    const before = engine.network;
    const game = Game.fromPosition(position);
    const moves = [];
    for (let i = 0; i < 2; i++) {
      const { move } = await engine.bestMove(game, { movetimeMs: 200 });
      moves.push([move, game.isLegal(move)]);
      game.play(move);
    }
    const network = { ...engine.network };
    engine.terminate();
    const five = new EngineWorker({ level: 5 });
    const { move } = await five.bestMove(game, { movetimeMs: 50 });
    const fiveNetwork = five.network;
    five.terminate();
    return { before, events, network, moves, five: [move, game.isLegal(move)], fiveNetwork };
  }, MOVING);
  const url = `${plain.base}/morris-wasm/pkg/nets/nine.nnue`;
  assert.equal(out.before, null);
  assert.deepEqual(out.network, { loaded: true, url, error: null });
  assert.deepEqual(out.events, [{ loaded: true, url, error: null }]);
  for (const [move, legal] of [...out.moves, out.five]) assert.ok(legal, move);
  assert.equal(out.fiveNetwork, null);
  assert.deepEqual(fetched, [url], "fetched once, by the level-10 worker alone");
  assert.deepEqual(errors, []);
  await page.close();
});

test("on a page whose network does not load the worker plays on, and says so once", async () => {
  const { page, errors } = await workerPage(plain);
  const warnings = [];
  page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
  const out = await page.evaluate(async (position) => {
    const engine = new EngineWorker({ level: 10, network: "/nowhere/nine.nnue" });
    const game = Game.fromPosition(position);
    const legal = [];
    for (let i = 0; i < 2; i++) {
      const { move } = await engine.bestMove(game, { movetimeMs: 100 });
      legal.push(game.isLegal(move));
    }
    const { loaded, url, error } = engine.network;
    engine.terminate();
    return { legal, loaded, url, error: `${error.name}: ${error.message}` };
  }, MOVING);
  const url = `${plain.base}/nowhere/nine.nnue`;
  assert.deepEqual(out.legal, [true, true]);
  assert.deepEqual([out.loaded, out.url], [false, url]);
  assert.equal(out.error, `Error: ${url} answered 404 Not Found`);
  assert.deepEqual(warnings, [`morris-wasm: the engine's network (${url}) did not load: ${url} answered 404 Not Found; it plays with its hand-written evaluation`]);
  // Only the browser's own line about the 404.
  assert.deepEqual(errors.filter((e) => !/404/.test(e)), []);
  await page.close();
});

test("the README's worker example runs in a page", async () => {
  const readme = readFileSync(path.join(ROOT, "morris-wasm", "README.md"), "utf8");
  const blocks = [...readme.matchAll(/^```js browser-worker\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  assert.ok(blocks.length >= 1);
  for (const code of blocks) {
    const { page, errors } = await workerPage(plain);
    const logged = [];
    page.on("console", (m) => m.type() === "log" && logged.push(m.text()));
    await page.addScriptTag({ type: "module", content: `${code}\nwindow.__done = true;` });
    await page.waitForFunction(() => window.__done === true, null, { timeout: 10000 }).catch(() => {});
    assert.deepEqual(errors, [], code);
    assert.equal(await page.evaluate(() => window.__done), true, code);
    // It prints what its comments say: the reports ("1 cp d6 …"), then the move.
    const reports = logged.filter((l) => /^\d+ (cp|win|loss) [a-g][1-7]/.test(l));
    assert.ok(reports.length > 0, `no report among ${JSON.stringify(logged)}`);
    assert.match(logged.at(-1), /^plays [a-g][1-7]$/);
    await page.close();
  }
});
