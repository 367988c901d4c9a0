// A board from the entry morris-wasm/board against the engine, given no
// `engine` (tests/embed/engine.html?own): it starts an engine worker of
// its own, so the page has no long task while a level-10 engine thinks and
// the engine's move arrives; destroy() ends the worker; where no worker
// can run (no `Worker`, or its script does not load) the board plays on
// the page's thread (the engine module loaded there) and says so in
// `engineThread`. The board's module has the rules and no search: the
// engine is downloaded once, as the engine module.
import { test } from "node:test";
import assert from "node:assert/strict";

import { engineReply, pageOpener } from "./lib/harness.mjs";

const open = pageOpener();
const point = (name) => `#b [data-point="${name}"]`;

async function ready() {
  const { page, errors } = await open("/tests/embed/engine.html?own");
  await page.waitForSelector("body[data-ready]");
  return { page, errors };
}

test("a level-10 board starts its own worker: the move comes, no main-thread task over 50 ms", async () => {
  const { page, errors, ...out } = await engineReply(open, "/tests/embed/engine.html?own");
  assert.equal(await page.evaluate(() => window.board.engineThread), "worker");
  // The observer does see a long task: a busy 120 ms on the page's thread
  // (in a task of the page's own: a timer's).
  const seen = await page.evaluate(async () => {
    const busy = await new Promise((resolve) =>
      setTimeout(() => {
        const start = performance.now();
        while (performance.now() - start < 120);
        resolve(start);
      }),
    );
    for (let i = 0; i < 30 && !window.longTasks.some((t) => t.start >= busy - 5); i++) await new Promise((r) => setTimeout(r, 100));
    return window.longTasks.filter((t) => t.start >= busy - 5).length;
  });
  assert.equal(seen, 1, "the long-task observer works");
  assert.ok(out.ms > 200, `the worker thought for ${out.ms} ms`);
  assert.equal(await page.getAttribute(point(out.reply), "data-piece"), "dark");
  assert.deepEqual(out.long, [], "no main-thread task over 50 ms while the engine thinks");
  assert.deepEqual(errors, []);
  await page.close();
});

test("the board module has no search: its Game goes to an engine worker; destroy() ends the board's worker", async () => {
  const { page, errors } = await ready();
  const out = await page.evaluate(async () => {
    const { Game, mountBoard } = window.entry;
    const game = new Game();
    game.play("d6");
    const worker = new window.EngineWorker({ level: 1 });
    const best = await worker.bestMove(game);
    worker.terminate();
    game.play(best.move);
    const host = () => document.body.appendChild(document.createElement("div"));
    const tick = () => new Promise((r) => setTimeout(r, 50));
    const board = mountBoard(host(), { position: game.position() });
    const two = board.engineThread;
    const versusHost = host();
    const versus = mountBoard(versusHost, { mode: "vs-engine", level: 1 });
    const thread = versus.engineThread;
    await tick();
    const drawn = versusHost.querySelectorAll("svg.board").length;
    versus.destroy();
    await tick();
    board.destroy();
    return {
      search: ["Engine", "Tables"].filter((name) => name in window.entry),
      legal: best.move !== "d6",
      two,
      thread,
      drawn,
      left: versusHost.querySelectorAll("svg.board").length,
    };
  });
  assert.deepEqual(out, { search: [], legal: true, two: null, thread: "worker", drawn: 1, left: 0 });
  assert.deepEqual(errors, []);
  await page.close();
});

test("free() and [Symbol.dispose]() (a `using` block's end) take a board off the page as destroy() does; destroy() after them does nothing", async () => {
  const { page, errors } = await ready();
  const out = await page.evaluate(async () => {
    const { mountBoard } = window.entry;
    const tick = () => new Promise((r) => setTimeout(r, 50));
    const boards = [];
    for (const [how, options] of [
      ["free", { mode: "two-players" }],
      ["free", { mode: "vs-engine", level: 1 }],
      ["dispose", { mode: "vs-engine", level: 1 }],
    ]) {
      const host = document.body.appendChild(document.createElement("div"));
      host.className = "board-host";
      const board = mountBoard(host, options);
      await tick();
      const before = host.querySelectorAll("svg.board").length;
      if (how === "free") board.free();
      else board[Symbol.dispose]();
      // Empty once the page's code yields, as the README says.
      await Promise.resolve();
      const after = host.childElementCount;
      let destroyError = null;
      try {
        board.destroy();
        board.free();
      } catch (e) {
        destroyError = `${e.name}: ${e.message}`;
      }
      let playError = null;
      try {
        board.play("d6");
      } catch (e) {
        playError = e.name;
      }
      boards.push({ how, before, after, destroyError, playError });
    }
    return boards;
  });
  for (const b of out) {
    assert.equal(b.before, 1, JSON.stringify(b));
    assert.equal(b.after, 0, `${b.how}: the board is off the page`);
    assert.equal(b.destroyError, null, "destroy() and free() after free() do nothing");
    assert.equal(b.playError, "StateError", "the freed handle is dead");
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test("a page with a board against the engine downloads the search once: the engine module, in the worker", async () => {
  const { page, errors } = await open("/tests/embed/engine.html?own");
  const wasm = [];
  page.context().on("request", (r) => r.url().endsWith(".wasm") && wasm.push(new URL(r.url()).pathname));
  await page.reload();
  await page.waitForSelector("body[data-ready]");
  await page.click(point("d6"));
  await page.waitForFunction(() => window.moves.length === 2, null, { timeout: 15000 });
  assert.deepEqual([...new Set(wasm)].sort(), [
    "/morris-wasm/pkg/board/morris_wasm_board_bg.wasm",
    "/morris-wasm/pkg/web/morris_wasm_bg.wasm",
  ]);
  assert.deepEqual(errors, []);
  await page.close();
});

/** A new level-1 board against the engine plays its reply; where its engine thought, and the moves. */
const playOnce = (page) =>
  page.evaluate(async () => {
    const host = document.body.appendChild(document.createElement("div"));
    const b = window.entry.mountBoard(host, { mode: "vs-engine", level: 1 });
    b.play("d6");
    for (let i = 0; i < 250 && b.history().length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    const result = { thread: b.engineThread, moves: b.history().length };
    b.destroy();
    return result;
  });

test("with no Worker, the board plays on the page's thread and says so", async () => {
  const { page, errors } = await ready();
  await page.evaluate(() => {
    window.savedWorker = window.Worker;
    delete window.Worker;
  });
  const out = await playOnce(page);
  await page.evaluate(() => (window.Worker = window.savedWorker));
  assert.deepEqual(out, { thread: "page", moves: 2 });
  assert.deepEqual(errors, []);
  await page.close();
});

test("a worker whose script does not load: the board's move is searched on the page's thread", async () => {
  const { page, errors } = await ready();
  await page.route("**/worker/web-worker.js", (route) => route.fulfill({ status: 404, body: "" }));
  assert.deepEqual(await playOnce(page), { thread: "page", moves: 2 });
  // The failed worker script is the browser's own console error; nothing else.
  assert.ok(errors.every((e) => /404|Failed to load|worker/i.test(e)), errors.join("\n"));
  await page.close();
});

test("a page's engine that fails: the board's move is searched on the page's thread, and the game goes on", async () => {
  const { page, errors } = await ready();
  const out = await page.evaluate(async () => {
    const engines = { rejects: () => Promise.reject(new Error("no engine today")), illegal: async () => "a1", throws: () => { throw new Error("sync"); } };
    const result = {};
    for (const [name, bestMove] of Object.entries(engines)) {
      const host = document.body.appendChild(document.createElement("div"));
      const b = window.entry.mountBoard(host, { mode: "vs-engine", level: 1, engine: { bestMove } });
      b.play("d6");
      for (let i = 0; i < 250 && b.history().length < 2; i++) await new Promise((r) => setTimeout(r, 20));
      result[name] = { thread: b.engineThread, moves: b.history().length };
      b.destroy();
    }
    return result;
  });
  const played = { thread: "given", moves: 2 };
  assert.deepEqual(out, { rejects: played, illegal: played, throws: played });
  assert.deepEqual(errors, []);
  await page.close();
});

test("destroy(), free() or a `using` block's end in the task that mounted the board: nothing shows, takes a click or thinks", async () => {
  const { page, errors } = await ready();
  const out = await page.evaluate(async () => {
    const { mountBoard } = window.entry;
    const wait = (ms) => new Promise((r) => setTimeout(r, ms));
    const onPage = () => performance.getEntriesByType("resource").filter((e) => e.name.endsWith("/web/morris_wasm_bg.wasm")).length;
    // A board is drawn as soon as the page's code yields (its next await).
    const shownHost = document.body.appendChild(document.createElement("div"));
    const shown = mountBoard(shownHost, {});
    await null;
    const drawnAtAwait = shownHost.querySelectorAll("svg.board").length;
    shown.destroy();
    const result = [];
    const asked = window.asked.length;
    for (const noWorker of [false, true]) {
      const saved = window.Worker;
      if (noWorker) delete window.Worker;
      for (const how of ["destroy", "free", "dispose"]) {
        const host = document.body.appendChild(document.createElement("div"));
        host.className = "board-host";
        let moves = 0;
        // The engine plays first: a board that lived would ask it at once.
        const b = mountBoard(host, { mode: "vs-engine", level: 2, engineColor: "light", onMove: () => moves++ });
        if (how === "destroy") b.destroy();
        else if (how === "free") b.free();
        // (Node, which reads this file, does not parse `using`; the page does.)
        else eval("{ using board = b; }");
        await wait(300);
        host.click();
        await wait(100);
        result.push({ noWorker, how, html: host.innerHTML.length, moves });
      }
      if (noWorker) window.Worker = saved;
    }
    return { drawnAtAwait, result, asked: window.asked.length - asked, onPage: onPage() };
  });
  assert.equal(out.drawnAtAwait, 1, "the board is drawn at the page's next await");
  for (const r of out.result) assert.deepEqual({ html: r.html, moves: r.moves }, { html: 0, moves: 0 }, JSON.stringify(r));
  assert.equal(out.asked, 0, "no engine worker was asked for a move");
  assert.equal(out.onPage, 0, "the engine module was not loaded on the page's thread");
  assert.deepEqual(errors, []);
  await page.close();
});

test("a destroyed board's handle throws a StateError at every call but destroy(), free() and [Symbol.dispose]()", async () => {
  const { page, errors } = await ready();
  const out = await page.evaluate(async () => {
    const host = document.body.appendChild(document.createElement("div"));
    const b = window.entry.mountBoard(host, { mode: "vs-engine", level: 1 });
    await new Promise((r) => setTimeout(r, 50));
    b.play("d6");
    b.destroy();
    const f = () => {};
    const calls = {
      play: () => b.play("d5"),
      pass: () => b.pass(),
      undo: () => b.undo(),
      setPosition: () => b.setPosition(b.position()),
      state: () => b.state(),
      position: () => b.position(),
      history: () => b.history(),
      set: () => b.set({ theme: "slate" }),
      toggleOrientation: () => b.toggleOrientation(),
      orientation: () => b.orientation,
      setShapes: () => b.setShapes([]),
      setHighlights: () => b.setHighlights({}),
      on: () => b.on("move", f),
      off: () => b.off("move", f),
      resign: () => b.resign(),
      offerDraw: () => b.offerDraw(),
      passDue: () => b.passDue,
      engineThread: () => b.engineThread,
    };
    const thrown = {};
    for (const [name, call] of Object.entries(calls)) {
      try {
        thrown[name] = `returned ${JSON.stringify(call())}`;
      } catch (e) {
        thrown[name] = e.name;
      }
    }
    let ends = "nothing thrown";
    try {
      b.destroy();
      b.free();
      b[Symbol.dispose]();
      b.destroy();
    } catch (e) {
      ends = `${e.name}: ${e.message}`;
    }
    return { thrown, ends };
  });
  for (const [name, got] of Object.entries(out.thrown)) assert.equal(got, "StateError", name);
  assert.equal(out.ends, "nothing thrown");
  assert.deepEqual(errors, []);
  await page.close();
});

test("a given EngineWorker that cannot run: the board plays on the page's thread and engineThread says \"page\"", async () => {
  const { page, errors } = await ready();
  await page.route("**/worker/web-worker.js", (route) => route.fulfill({ status: 404, body: "" }));
  const out = await page.evaluate(async () => {
    const host = document.body.appendChild(document.createElement("div"));
    const b = window.entry.mountBoard(host, { mode: "vs-engine", level: 1, engine: new window.EngineWorker({ level: 1 }) });
    const before = b.engineThread;
    b.play("d6");
    for (let i = 0; i < 250 && b.history().length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    const result = { before, thread: b.engineThread, moves: b.history().length };
    b.destroy();
    return result;
  });
  assert.deepEqual(out, { before: "given", thread: "page", moves: 2 });
  assert.ok(errors.every((e) => /404|Failed to load|worker/i.test(e)), errors.join("\n"));
  await page.close();
});
