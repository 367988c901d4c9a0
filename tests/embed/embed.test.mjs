// The embedded boards in Chromium: tests/embed/index.html loads the
// package (morris-wasm/pkg, web build of the board entry) with no
// framework, mounts two boards side by side, and this test clicks moves on
// both; then the README's browser examples run in a page as written.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";
import path from "node:path";

import { ROOT, pageOpener } from "./lib/harness.mjs";

const open = pageOpener();

const point = (host, name) => `#${host} [data-point="${name}"]`;
const pieceAt = (page, host, name) => page.getAttribute(point(host, name), "data-piece");

test("two boards side by side, moves clicked on both", async () => {
  const { page, errors } = await open("/tests/embed/index.html");
  await page.waitForSelector("body[data-ready]");
  assert.equal(await page.locator("#left svg.board").count(), 1);
  assert.equal(await page.locator("#right svg.board").count(), 1);
  assert.equal(await page.locator("#left [data-point]").count(), 24);

  // Left: two players take turns on one board.
  await page.click(point("left", "d6"));
  assert.equal(await pieceAt(page, "left", "d6"), "light");
  await page.click(point("left", "d5"));
  assert.equal(await pieceAt(page, "left", "d5"), "dark");
  assert.equal(await page.textContent("#left-last"), "d5");

  // Right: the engine answers the person's placement; the left board is untouched.
  await page.click(point("right", "a1"));
  assert.equal(await pieceAt(page, "right", "a1"), "light");
  await page.waitForFunction(() => window.right.history().length === 2);
  const reply = await page.evaluate(() => window.right.history()[1]);
  assert.equal(await pieceAt(page, "right", reply), "dark");
  assert.deepEqual(await page.evaluate(() => window.left.history()), ["d6", "d5"]);

  // A mill on the left asks for a removal, then takes the clicked piece.
  await page.evaluate(() => { for (const m of ["a1", "b2", "d1", "d2"]) window.left.play(m); });
  await page.click(point("left", "g1"));
  await page.waitForSelector(`${point("left", "b2")}[data-hint="removable"]`);
  // The piece that closed the mill stands on g1 while the removal is picked
  // (a person sees a mill of three, not two).
  assert.equal(await pieceAt(page, "left", "g1"), "light");
  assert.match(await page.getAttribute(point("left", "g1"), "aria-label"), /^g1, light piece/);
  await page.click(point("left", "b2"));
  await page.waitForFunction(() => !document.querySelector('#left [data-point="b2"]').dataset.piece);
  assert.equal(await page.textContent("#left-last"), "g1xb2");

  // The handle: errors are Errors, undo and setPosition redraw the board.
  const err = await page.evaluate(() => { try { window.left.play("g1"); } catch (e) { return [e instanceof Error, e.name, e.message]; } });
  assert.deepEqual(err, [true, "IllegalMoveError", "illegal move `g1`: g1 is not empty"]);
  const syntax = await page.evaluate(() => { try { window.left.play("z9"); } catch (e) { return [e.name, e.message]; } });
  assert.deepEqual(syntax, ["MoveSyntaxError", "`z9` is not a move: write points as a file letter and a rank, like d6, d6-d5 or d6-d5xb4"]);
  const position = await page.evaluate(() => { try { window.left.setPosition("nine"); } catch (e) { return e.name; } });
  assert.equal(position, "PositionError");
  // mountBoard's errors name their kind too.
  const mounting = await page.evaluate(() => {
    const host = document.createElement("div");
    const attempt = (f) => { try { f(); return "no error"; } catch (e) { return `${e.name}: ${e.message}`; } };
    return [
      attempt(() => window.mountBoard(host, { fly: true })),
      attempt(() => window.mountBoard(host, { mode: "solo" })),
      attempt(() => window.mountBoard("#left")),
      attempt(() => window.mountBoard(host, { position: "nine" })),
    ];
  });
  assert.match(mounting[0], /^OptionError: unknown board option `fly`; the options are: variant, mode, .*, onEnd, pieces, board, flying/);
  assert.equal(mounting[1], 'OptionError: option `mode` must be "two-players", "vs-engine" or "view", not "solo"');
  assert.equal(mounting[2], 'ArgumentError: the element must be a DOM element, not "#left"');
  assert.match(mounting[3], /^PositionError: option `position`: bad position text/);
  await page.evaluate(() => window.left.undo());
  await page.waitForFunction(() => document.querySelector('#left [data-point="b2"]').dataset.piece === "dark");
  const start = await page.evaluate(() => new window.Game().position());
  await page.evaluate((p) => window.left.setPosition(p), start);
  await page.waitForFunction(() => !document.querySelector("#left [data-piece]"));
  // undo() with nothing to take back gives null, as its type says (string | null).
  assert.equal(await page.evaluate(() => { const u = window.left.undo(); return u === null ? "null" : typeof u; }), "null");
  assert.equal(await page.evaluate(() => { try { window.mountBoard(null); } catch (e) { return `${e.name}: ${e.message}`; } }), "ArgumentError: the element must be a DOM element, not null");

  if (process.env.EMBED_SCREENSHOT) await page.screenshot({ path: process.env.EMBED_SCREENSHOT });

  // Destroying one board leaves the other.
  await page.evaluate(() => window.left.destroy());
  assert.equal(await page.locator("#left svg").count(), 0);
  assert.equal(await page.locator("#right svg.board").count(), 1);
  const dead = await page.evaluate(() => { try { window.left.play("a1"); } catch (e) { return [e.name, e.message]; } });
  assert.deepEqual(dead, ["StateError", "the board was destroyed"]);
  assert.deepEqual(errors, []);
  await page.close();
});

test("every browser example of the README runs", async () => {
  const readme = readFileSync(path.join(ROOT, "morris-wasm", "README.md"), "utf8");
  const blocks = [...readme.matchAll(/^```js browser\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  assert.ok(blocks.length >= 1);
  for (const code of blocks) {
    const { page, errors } = await open("/tests/embed/readme.html");
    const logs = [];
    page.on("console", (m) => logs.push(m.text()));
    await page.addScriptTag({ type: "module", content: `${code}\nwindow.__done = true;` });
    await page.waitForFunction(() => window.__done === true || false, null, { timeout: 10000 }).catch(() => {});
    assert.deepEqual(errors, [], code);
    assert.equal(await page.evaluate(() => window.__done), true, code);
    assert.ok(logs.includes("light"), logs.join("\n"));
    await page.close();
  }
});

test("a README board example pasted without board.css says in the console that the stylesheet is missing, once; with it, nothing", async () => {
  const readme = readFileSync(path.join(ROOT, "morris-wasm", "README.md"), "utf8");
  const [code] = [...readme.matchAll(/^```js browser\n([\s\S]*?)^```$/gm)].map((m) => m[1]).filter((c) => c.includes("mountBoard"));
  for (const linked of [false, true]) {
    const { page } = await open("/tests/embed/readme.html");
    const warnings = [];
    page.on("console", (m) => m.type() === "warning" && warnings.push(m.text()));
    if (!linked) await page.evaluate(() => document.querySelector('link[rel="stylesheet"]').remove());
    await page.addScriptTag({ type: "module", content: `${code}\nwindow.__done = true;` });
    await page.waitForFunction(() => window.__done === true, null, { timeout: 10000 });
    await page.waitForTimeout(300);
    const told = warnings.filter((w) => w.includes("board.css is not on this page"));
    assert.equal(told.length, linked ? 0 : 1, warnings.join("\n"));
    await page.close();
  }
});

test("free() and destroy() take a board's event listeners off its element: none are left after five mounts in one element", async () => {
  // A newcomer's steps: a plain page, a board against the engine in
  // #board, a click on a point, then free(); the listeners on #board as
  // DevTools counts them (DOMDebugger.getEventListeners at depth 0).
  const { page, errors } = await open("/tests/embed/readme.html");
  await page.addScriptTag({ type: "module", content: `
    import init, { mountBoard } from "morris-wasm/board";
    await init();
    window.mountBoard = mountBoard;
    document.body.dataset.ready = "";` });
  await page.waitForSelector("body[data-ready]");
  const cdp = await page.context().newCDPSession(page);
  const listenersOnBoard = async () => {
    const { result } = await cdp.send("Runtime.evaluate", { expression: 'document.querySelector("#board")' });
    const { listeners } = await cdp.send("DOMDebugger.getEventListeners", { objectId: result.objectId, depth: 0 });
    return listeners.map((l) => l.type).sort();
  };
  const left = [];
  for (const end of ["free", "destroy", "free", "destroy", "free"]) {
    await page.evaluate(() => { window.board = window.mountBoard(document.querySelector("#board"), { mode: "vs-engine", level: 4 }); });
    await page.click('#board [data-point="d6"]');
    await page.waitForFunction(() => window.board.history().length === 2);
    await page.evaluate((end) => window.board[end](), end);
    await page.evaluate(() => Promise.resolve());
    assert.equal(await page.evaluate(() => document.querySelector("#board").childElementCount), 0, end);
    left.push((await listenersOnBoard()).join() || "none");
  }
  assert.deepEqual(left, ["none", "none", "none", "none", "none"]);
  assert.deepEqual(errors, []);
  await page.close();
});

test("a board of each of the world's sets draws its own points and takes a placement", async () => {
  const { page, errors } = await open("/tests/embed/index.html");
  await page.waitForSelector("body[data-ready]");
  const world = ["five", "seven", "dooz", "one-time-mill", "cham-gonu", "zhi-qi", "cheng-san-qi", "da-san-qi",
    "mul-mulan", "nerenchi", "el-filja"];
  for (const variant of world) {
    await page.evaluate((v) => {
      const host = document.createElement("div");
      host.id = `world-${v}`;
      host.style.width = host.style.height = "300px";
      document.body.append(host);
      window[`board_${v}`] = window.mountBoard(host, { variant: v, mode: "two-players" });
    }, variant);
    const host = `world-${variant}`;
    const points = await page.locator(`#${host} [data-point]`).count();
    assert.equal(points, { five: 16, seven: 17 }[variant] ?? 24, variant);
    // Every point is drawn at a place of its own.
    const centres = await page.evaluate((h) => [...document.querySelectorAll(`#${h} [data-point]`)].map((e) => {
      const r = e.getBoundingClientRect();
      return `${Math.round(r.x + r.width / 2)},${Math.round(r.y + r.height / 2)}`;
    }), host);
    assert.equal(new Set(centres).size, points, variant);
    // Seven Men's Morris has its centre point c3; the first placement may go there.
    const first = variant === "seven" ? "c3" : "a1";
    await page.click(point(host, first));
    assert.equal(await pieceAt(page, host, first), "light", variant);
    assert.deepEqual(await page.evaluate((v) => window[`board_${v}`].history(), variant), [first], variant);
    await page.evaluate((v) => window[`board_${v}`].destroy(), variant);
  }
  assert.deepEqual(errors, []);
  await page.close();
});

test("a blocked player passes with the board's Pass button or handle.pass(); taken pieces fade in their colour", async () => {
  const { page, errors } = await open("/tests/embed/index.html");
  await page.waitForSelector("body[data-ready]");
  const BLOCKED = "LDL/.../.D./D....D/.../.../LDL L 0/0 0/0 -";
  const mount = (id, options) => page.evaluate(([id, options]) => {
    const host = document.createElement("div");
    host.id = id;
    host.style.width = host.style.height = "300px";
    document.body.append(host);
    window[id] = window.mountBoard(host, options);
  }, [id, options]);

  // The person to move can only pass: the board shows its button, in the page's words.
  await mount("shut", { position: `nine:blocked=pass ${BLOCKED}`, passLabel: "Passer" });
  const button = page.locator('#shut button[data-action="pass"]');
  assert.equal(await button.innerText(), "Passer");
  assert.equal(await page.evaluate(() => window.shut.passDue), true);
  await page.click(point("shut", "a1"));
  assert.deepEqual(await page.evaluate(() => window.shut.history()), [], "a click on a point does not pass");
  await button.click();
  await page.waitForFunction(() => window.shut.history().length === 1);
  assert.deepEqual(await page.evaluate(() => window.shut.history()), ["pass"]);
  assert.equal(await button.count(), 0, "dark has moves: no button");
  const refused = await page.evaluate(() => { try { window.shut.pass(); return "passed"; } catch (e) { return e.name; } });
  assert.equal(refused, "IllegalMoveError");

  // From the page: pass() and passDue, also where the board only shows.
  await mount("shown", { position: `nine:blocked=pass ${BLOCKED}`, mode: "view" });
  assert.equal(await page.locator('#shown button[data-action="pass"]').count(), 0, "nobody presses a view");
  assert.equal(await page.evaluate(() => [window.shown.passDue, window.shown.pass(), window.shown.passDue].join()), "true,pass,false");
  const badLabel = await page.evaluate(() => { try { window.shown.set({ passLabel: " " }); return "set"; } catch (e) { return e.name; } });
  assert.equal(badLabel, "OptionError");

  // A turn that only removes moves no piece: the taken piece still fades in its own colour.
  await mount("removal", { position: `nine:blocked=remove-move ${BLOCKED}` });
  await page.click(point("removal", "d7"));
  await page.waitForFunction(() => window.removal.history().length === 1);
  assert.equal(await page.locator('#removal [data-point="d7"] .piece.vanish.dark').count(), 1);
  // El Filja's count: light removes one of its own, which fades as light.
  await mount("own", { variant: "el-filja", pieces: 3, removal: "protected" });
  await page.evaluate(() => { for (const m of ["a7", "a1", "d7", "d1", "b6", "b2"]) window.own.play(m); });
  await page.waitForSelector('#own [data-point="a7"][data-hint="removable"]');
  await page.click(point("own", "a7"));
  await page.waitForFunction(() => window.own.history().length === 7);
  assert.equal(await page.locator('#own [data-point="a7"] .piece.vanish.light').count(), 1);
  assert.deepEqual(errors, []);
  await page.close();
});
