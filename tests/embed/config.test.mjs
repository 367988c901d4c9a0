// A board's config and events in Chromium (tests/embed/config.html): what
// `handle.set(config)` changes that a person sees or can press, and what
// the page hears (`onSelect`, `onMove`, `onRemoval`, `onEnd`, `handle.on`)
// while a person clicks, resigns or agrees a draw.
import { test } from "node:test";
import assert from "node:assert/strict";

import { engineReply, pageOpener } from "./lib/harness.mjs";
import { pieceAt, point, ready as readyAt, thrown } from "./lib/config-page.mjs";

const open = pageOpener();
const ready = () => readyAt(open);

test("set(config): orientation, who may move, offered moves, last move", async () => {
  const { page, errors } = await ready();
  const y = async (name) => (await page.locator(point(name)).boundingBox()).y;
  assert.ok(await y("a1") > await y("a7"), "light at the bottom");
  await page.evaluate(() => window.board.set({ orientation: "dark" }));
  await page.waitForFunction(() => document.querySelector('[data-point="a1"]').getBoundingClientRect().y
    < document.querySelector('[data-point="a7"]').getBoundingClientRect().y);

  // Nobody may move: a click does nothing; then only light.
  await page.evaluate(() => window.board.set({ orientation: "light", movable: "none" }));
  await page.click(point("d6"), { force: true });
  assert.equal(await pieceAt(page, "d6"), null);
  assert.equal(await page.locator('#b [data-hint="target"]').count(), 0);
  await page.evaluate(() => window.board.set({ movable: "light" }));
  await page.click(point("d6"));
  assert.equal(await pieceAt(page, "d6"), "light");
  await page.click(point("d5"), { force: true });
  assert.equal(await pieceAt(page, "d5"), null, "dark may not move");
  await page.evaluate(() => window.board.set({ movable: "both" }));
  await page.click(point("d5"));
  assert.equal(await pieceAt(page, "d5"), "dark");

  // The page offers two moves: only they are marked and taken.
  await page.evaluate(() => window.board.set({ dests: ["a1", "g7"] }));
  const targets = () => page.$$eval('#b [data-hint="target"]', (els) => els.map((e) => e.dataset.point).sort());
  assert.deepEqual(await targets(), ["a1", "g7"]);
  await page.click(point("a4"), { force: true });
  assert.equal(await pieceAt(page, "a4"), null);
  await page.click(point("g7"));
  assert.equal(await pieceAt(page, "g7"), "light");
  assert.equal((await targets()).length, 21, "after the move every legal move again");

  // The last move marked: the game's, the page's, none.
  const last = () => page.$$eval("#b [data-last]", (els) => els.map((e) => e.dataset.point).sort());
  assert.deepEqual(await last(), ["g7"]);
  await page.evaluate(() => window.board.set({ lastMove: "a1-a4" }));
  assert.deepEqual(await last(), ["a1", "a4"]);
  await page.evaluate(() => window.board.set({ lastMove: null }));
  assert.deepEqual(await last(), []);

  // Wrong configs throw and change nothing.
  assert.match(await thrown(page, "window.board.set({ spin: 1 })"), /^OptionError: unknown board config option `spin`; the options are: orientation, movable, dests/);
  assert.equal(await thrown(page, 'window.board.set({ theme: "neon" })'), 'OptionError: option `theme` must be "wood", "slate" or "paper", not "neon"');
  assert.match(await thrown(page, 'window.board.set({ dests: ["d6"] })'), /^IllegalMoveError: option `dests`: illegal move `d6`/);
  assert.match(await thrown(page, 'window.board.set({ dests: "a1" })'), /^OptionError: option `dests` must be an array of moves or null/);
  assert.match(await thrown(page, 'window.board.set({ movable: "white", orientation: "dark" })'), /^OptionError: option `movable` must be "light", "dark", "both" or "none"/);
  assert.ok(await y("a1") > await y("a7"), "a failed set changed nothing");
  assert.deepEqual(errors, []);
  await page.close();
});

test("set(config): coordinates, animation speed, theme; the points' full names", async () => {
  const { page, errors } = await ready();
  const coords = () => page.$eval("#b .coords", (g) => getComputedStyle(g).display);
  assert.notEqual(await coords(), "none");
  await page.evaluate(() => window.board.set({ coordinates: false }));
  assert.equal(await coords(), "none");
  await page.evaluate(() => window.board.set({ coordinates: true }));
  assert.notEqual(await coords(), "none");

  const placed = (name) => page.$eval(`${point(name)} .piece`, (p) => getComputedStyle(p).animationDuration);
  await page.click(point("d6"));
  assert.equal(await placed("d6"), "0.22s");
  await page.evaluate(() => window.board.set({ animation: 0 }));
  await page.click(point("d5"));
  assert.equal(await placed("d5"), "0s");
  await page.evaluate(() => window.board.set({ animation: 600 }));
  await page.click(point("a1"));
  assert.equal(await placed("a1"), "0.44s");

  const frame = () => page.$eval("#b .board-frame", (r) => getComputedStyle(r).fill);
  const wood = await frame();
  await page.evaluate(() => window.board.set({ theme: "slate" }));
  assert.equal(await frame(), "rgb(35, 40, 45)");
  await page.evaluate(() => window.board.set({ theme: "paper" }));
  assert.equal(await frame(), "rgb(0, 0, 0)");
  await page.evaluate(() => window.board.set({ theme: "wood" }));
  assert.equal(await frame(), wood);

  // Every point says what it is and what is marked on it, in full.
  const name = (p) => page.getAttribute(point(p), "aria-label");
  assert.equal(await name("d6"), "d6, light piece");
  assert.equal(await name("a1"), "a1, light piece, last move to here");
  assert.equal(await name("g7"), "g7, empty point, legal destination");

  // The look in the mount options too.
  const look = await page.evaluate(async () => {
    const host = window.newHost();
    const b = window.mountBoard(host, { mode: "view", theme: "slate", coordinates: false, orientation: "dark", millTakes: "each" });
    while (!host.querySelector("[data-point]")) await new Promise((r) => setTimeout(r, 10));
    const wrap = host.querySelector(".board-embed");
    const a1 = host.querySelector('[data-point="a1"]').getBoundingClientRect().y;
    const a7 = host.querySelector('[data-point="a7"]').getBoundingClientRect().y;
    const out = [wrap.className, getComputedStyle(host.querySelector(".coords")).display, a1 < a7,
      host.querySelectorAll('[data-hint="target"]').length, b.history().length];
    b.destroy();
    return out;
  });
  assert.deepEqual(look, ["board-embed board-theme-slate", "none", true, 0, 0]);
  assert.deepEqual(errors, []);
  await page.close();
});

test("events: select, move, removal and end, from clicks and from the handle", async () => {
  const { page, errors } = await ready();
  // A second listener by `on`, then gone by `off`.
  await page.evaluate(() => {
    window.heard = [];
    window.hear = (m) => window.heard.push(m);
    window.board.on("move", window.hear);
  });
  for (const p of ["a1", "b2", "d1", "d2"]) await page.click(point(p));
  assert.equal(await page.evaluate(() => window.board.off("move", window.hear)), true);
  // A mill: the closing point is selected, then the removal plays the turn.
  await page.click(point("g1"));
  await page.waitForSelector(`${point("b2")}[data-hint="removable"]`);
  await page.click(point("b2"));
  await page.waitForFunction(() => !document.querySelector('#b [data-point="b2"]').dataset.piece);
  assert.deepEqual(await page.evaluate(() => window.events), [
    ["move", "a1"], ["move", "b2"], ["move", "d1"], ["move", "d2"],
    ["select", "g1"], ["move", "g1xb2"], ["removal", "b2", "g1xb2"],
  ]);
  assert.deepEqual(await page.evaluate(() => window.heard), ["a1", "b2", "d1", "d2"]);
  assert.equal(await thrown(page, 'window.board.on("fly", () => {})'),
    'OptionError: unknown board event `fly`; the events are "select", "move", "removal", "change", "draw", "end"');

  // Resigning and agreeing a draw end the game; undo takes them back.
  await page.evaluate(() => { window.events = []; });
  const resigned = await page.evaluate(() => window.board.resign());
  assert.deepEqual([resigned.reason, resigned.winner], ["resignation", "light"]);
  await page.click(point("a4"), { force: true });
  assert.equal(await pieceAt(page, "a4"), null, "no presses after the end");
  assert.equal(await page.evaluate(() => window.board.undo()), null, "only the resignation is taken back");
  assert.equal(await page.evaluate(() => window.board.history().length), 5);
  assert.equal(await page.evaluate(() => window.board.offerDraw()), true);
  assert.match(await thrown(page, "window.board.resign()"), /^GameOverError: /);
  assert.match(await thrown(page, "window.board.offerDraw()"), /^GameOverError: /);
  assert.deepEqual(await page.evaluate(() => window.events), [
    ["end", "resignation", "light"], ["end", "agreement", null],
  ]);

  // A game ended by a clicked move: three men's morris, the first mill wins.
  const ends = await page.evaluate(() => {
    const host = window.newHost("three");
    window.threeEvents = [];
    window.three = window.mountBoard(host, { variant: "three" });
    window.three.on("end", (o) => window.threeEvents.push([o.reason, o.winner]));
    for (const m of ["a1", "a2", "b1", "b2"]) window.three.play(m);
    return window.threeEvents.length;
  });
  assert.equal(ends, 0);
  await page.click('#three [data-point="c1"]');
  assert.deepEqual(await page.evaluate(() => window.threeEvents), [["mill-wins", "light"]]);
  assert.deepEqual(errors, []);
  await page.close();
});

test("against the engine: the engine's moves are events, it weighs a draw offer", async () => {
  const { page, errors } = await ready();
  const out = await page.evaluate(async () => {
    const host = window.newHost("vs");
    const seen = [];
    window.vs = window.mountBoard(host, { mode: "vs-engine", level: 1, onMove: (m) => seen.push(m) });
    window.vs.play("d6");
    for (let i = 0; i < 100 && seen.length < 2; i++) await new Promise((r) => setTimeout(r, 20));
    return [seen.length, window.vs.history().length];
  });
  assert.deepEqual(out, [2, 2]);
  // Even material: the engine takes the draw.
  assert.equal(await page.evaluate(() => window.vs.offerDraw()), true);
  assert.equal(await page.evaluate(() => window.vs.state().outcome.reason), "agreement");
  // The person resigns by default, whatever side is to move.
  await page.evaluate(() => window.vs.undo());
  const r = await page.evaluate(() => window.vs.resign());
  assert.equal(r.winner, "dark");
  assert.deepEqual(errors, []);
  await page.close();
});

test("a listener may call the handle, even during the handle's own move, and destroy the board", async () => {
  const { page, errors } = await ready();
  const out = await page.evaluate(() => {
    const seen = [];
    window.board.on("move", (m) => seen.push([m, window.board.history().length, window.board.state().sideToMove]));
    window.board.on("end", () => window.board.destroy());
    window.board.play("d6");
    window.board.set({ movable: "both" });
    const resigned = window.board.resign();
    return [seen, resigned.reason];
  });
  assert.deepEqual(out, [[["d6", 1, "dark"]], "resignation"]);
  await page.waitForFunction(() => !document.querySelector("#b [data-point]"));
  assert.equal(await thrown(page, 'window.board.play("a1")'), "StateError: the board was destroyed");
  assert.deepEqual(errors, []);
  await page.close();
});

test("against an engine in a worker: a level-10 reply, and no long task on the page meanwhile", async () => {
  const { page, errors, ...out } = await engineReply(open, "/tests/embed/engine.html");
  assert.ok(out.ms > 200, `the worker thought for ${out.ms} ms`);
  assert.equal(await pieceAt(page, out.reply), "dark");
  assert.deepEqual(out.long, [], "no main-thread task over 50 ms while the engine thinks");
  assert.deepEqual(errors, []);
  await page.close();
});

test("a page's own engine: its answers are played, old ones dropped, a bad one left to the board", async () => {
  const { page, errors } = await ready();
  const out = await page.evaluate(async () => {
    const host = window.newHost();
    // An engine that answers when the test says so.
    const asked = [];
    const engine = { bestMove: (record) => new Promise((resolve) => asked.push([record, resolve])) };
    const b = window.mountBoard(host, { mode: "vs-engine", engine });
    const tick = () => new Promise((r) => setTimeout(r, 30));
    b.play("d6");
    await tick();
    const record = asked[0][0];
    b.undo(); // the question is out of date now
    asked[0][1]("a1");
    await tick();
    const afterOld = b.history().length;
    b.play("d6");
    await tick();
    asked[1][1]({ move: "g7" }); // an EngineWorker's answer has `move`
    await tick();
    const afterReply = b.history();
    b.play("a1");
    await tick();
    asked[2][1]("z9"); // not a move: the board's own engine plays
    for (let i = 0; i < 100 && b.history().length < 4; i++) await tick();
    const bad = [
      (() => { try { window.mountBoard(host, { engine: {} }); } catch (e) { return `${e.name}: ${e.message}`; } })(),
    ];
    const last = b.history();
    b.destroy();
    return { record, afterOld, afterReply, last, asked: asked.length, bad };
  });
  assert.equal(typeof out.record, "string");
  assert.match(out.record, /d6/);
  assert.equal(out.afterOld, 0, "the answer to an undone position is dropped");
  assert.deepEqual(out.afterReply, ["d6", "g7"]);
  assert.equal(out.last.length, 4);
  assert.equal(out.asked, 3);
  assert.deepEqual(out.bad, ["OptionError: option `engine` must be an object with a `bestMove(record)` method, like an `EngineWorker`"]);
  assert.deepEqual(errors, []);
  await page.close();
});

test("two boards with different themes on one page each draw their own wood and pieces", async () => {
  const { page, errors } = await ready();
  const out = await page.evaluate(async () => {
    window.board.set({ theme: "slate" });
    window.board.play("d6");
    const host = window.newHost();
    const paper = window.mountBoard(host, { theme: "paper", position: window.board.position() });
    while (!host.querySelector("[data-point]")) await new Promise((r) => setTimeout(r, 10));
    // What a fill of url(#id) paints: the first stop of the gradient it names, looked up in the page.
    const paint = (el) => {
      const id = el.getAttribute("fill").match(/#([^)]+)/)[1];
      const gradient = document.getElementById(id);
      return [host.contains(gradient), getComputedStyle(gradient.querySelector("stop")).stopColor];
    };
    const out = [paint(host.querySelector(".board-wood")), paint(host.querySelector('[data-point="d6"] .piece-body'))];
    paper.destroy();
    return out;
  });
  assert.deepEqual(out, [[true, "rgb(255, 255, 255)"], [true, "rgb(255, 255, 255)"]]);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a listener that throws is reported as the page's error, and the others are still called", async () => {
  const { page } = await ready();
  await page.evaluate(() => {
    window.reported = [];
    // reportError fires the window's error event; preventDefault keeps it off the console.
    window.addEventListener("error", (e) => {
      window.reported.push(e.error?.message);
      e.preventDefault();
    });
    window.heard = [];
    window.board.on("move", () => {
      throw new Error("the page's listener broke");
    });
    window.board.on("move", (m) => window.heard.push(m));
    window.board.play("d6");
  });
  await page.waitForFunction(() => window.heard.length === 1);
  assert.deepEqual(await page.evaluate(() => window.reported), ["the page's listener broke"]);
  assert.deepEqual(await page.evaluate(() => window.heard), ["d6"]);
  // The board goes on.
  await page.evaluate(() => window.board.play("d5"));
  assert.equal(await pieceAt(page, "d5"), "dark");
});
