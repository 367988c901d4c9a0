// Nine's tables for range reads (issue 58) in the app, as a player meets
// them: a static server on 127.0.0.1 that answers `Range:` serves a web set
// of Nine's classes 3v3 … 6v6 (made in the test run, once:
// lib/web-set.mjs) beside the app as nine-web/, standing in for all of Nine.
// A six-against-six position, a class none of the app's own files serves,
// pasted into the analysis board gets every move's exact value over range
// requests (counted at the server), the same result as `morris tb probe`
// gives; the perfect-play line of a game says it too. After one visit, with
// the set's host gone, the page opened again still answers that position
// from the blocks it keeps, and another says it needs the network. A
// damaged block is refused: no value shown. A first load fetches nothing
// of the set. A player who sets the tables' address in Connection settings
// (a host of another origin) gets them from there; on a site without them,
// the analysis board's "Connection settings…" goes to that address and back.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import path from "node:path";
import {
  startHarness, gameLink, openGame, waitForBoard, clickAction, assertNoErrors, screenshot, moveCount, waitForState,
  moveText, ENGINE_TIMEOUT, ROOT,
} from "./lib/harness.mjs";
import { ensureWebSet } from "./lib/web-set.mjs";
import { serve } from "./lib/server.mjs";
import { hostRoom, LOCAL_ONLY_ARGS } from "./lib/rooms.mjs";

// Six against six, both hands empty: dark to move wins, light to move draws
// (morris tb probe says so).
const SIX_DARK = "nine LD./DL./LLD/..L..L/.../DD./.D. D 0/0 0/0 -";
const SIX_LIGHT = SIX_DARK.replace(" D 0/0", " L 0/0");
// Another six against six, far from those: its blocks are not fetched by them.
const SIX_OTHER = "nine D.L/.L./DDL/L.D..L/.D./L.D/... L 0/0 0/0 -";
// Light's last placement, five against five on the board (three of each
// taken): every placing ends in 6v6, 6v5 or 5v6 two plies on, in the set.
// A draw, 10 of its 14 placements keep it (`morris tb probe` solves the
// rest of the placing down to the tables).
const LAST_LIGHT = "nine L../.L./..L/L....D/.D./L.D/DD. L 1/1 0/0 -";

let h;
let web;
before(async () => {
  web = ensureWebSet();
  h = await startHarness({ mounts: { "/nine-web/": web }, args: LOCAL_ONLY_ARGS });
});
after(() => h?.close());

const MORRIS = path.join(process.env.CARGO_TARGET_DIR ?? path.join(ROOT, "target"), "release", "morris");
/** "win", "draw" or "loss" for the side to move, from the set's files on disk. */
const truth = (position) => execFileSync(MORRIS, ["tb", "probe", "--table", web, "--position", position], { encoding: "utf8" }).trim();

const setRequests = (from = 0) => h.server.log.slice(from).filter((r) => r.path.startsWith("/nine-web/"));
const dialog = (page) => page.locator("[data-analysis]");
const exact = (page) => dialog(page).locator(".analysis-exact[data-exact]:not([data-exact='loading'])");

/** Opens the analysis board from a game, as a player does, and pastes `position` into it. */
async function analyse(page, position) {
  await page.goto(`${h.url}#variant=nine&mode=two-players&moves=d6`);
  await waitForBoard(page);
  await clickAction(page, "analyse");
  await dialog(page).locator('[data-ply="1"] button[aria-current]').waitFor({ timeout: ENGINE_TIMEOUT });
  await dialog(page).locator(".analysis-paste").fill(position);
  await clickAction(page, "analyse-paste");
  await exact(page).first().waitFor({ timeout: ENGINE_TIMEOUT });
  return exact(page).first().getAttribute("data-exact");
}

/** The list's moves and marks ("+", "=", "-": a win, draw or loss for the mover, no distance). */
const listed = (page) =>
  dialog(page).locator(".exact-move").evaluateAll((els) => els.map((e) => [e.dataset.move, e.dataset.value]));

const RESULT = { "+": "win", "=": "draw", "-": "loss" };

test("a first load fetches nothing of the tables for range reads", async () => {
  const from = h.server.log.length;
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "vs-engine", color: "dark", level: 1 }));
  await waitForState(page, (s) => moveCount(s) >= 1, "the computer's first move", ENGINE_TIMEOUT);
  await page.waitForTimeout(1500);
  assert.deepEqual(setRequests(from), [], "nothing of nine-web/ on a first load");
  assertNoErrors(page);
});

test("a 6v6 position in the analysis board: every move's exact value over range requests, as the tables say", { timeout: 180_000 }, async () => {
  const from = h.server.log.length;
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  assert.equal(await analyse(page, SIX_DARK), "values");
  const moves = await listed(page);
  assert.ok(moves.length > 3, `every move listed: ${JSON.stringify(moves)}`);
  for (const [move, mark] of moves) assert.ok(mark in RESULT, `${move}: ${mark} is a win, draw or loss, no distance`);
  assert.equal(RESULT[moves[0][1]], truth(SIX_DARK), `the best move keeps the position's value: ${JSON.stringify(moves)}`);
  assert.match(await dialog(page).locator("[data-exact='values'] h3").innerText(), /Exact values/);
  await screenshot(page, "web-tables-analysis-6v6");

  const asked = setRequests(from);
  const ranges = asked.filter((r) => r.path.endsWith(".wdlb"));
  console.log(`# 6v6 analysis: ${asked.length} requests to nine-web/, ${ranges.length} range requests, ${ranges.reduce((n, r) => n + r.bytes, 0)} bytes of blocks`);
  assert.equal(asked.filter((r) => r.path === "/nine-web/manifest.json").length, 1, "the manifest once");
  assert.ok(asked.some((r) => r.path === "/nine-web/nine-6v6.wdli"), "6v6's block index");
  assert.ok(ranges.length >= 1, "blocks by range requests");
  for (const r of ranges) {
    assert.match(r.range ?? "", /^bytes=\d+-\d+$/, `${r.path} asked with a range`);
    assert.equal(r.status, 206, `${r.path} ${r.range}`);
    assert.ok(r.bytes < 100_000, `a block, not a part: ${r.bytes} bytes`);
  }

  // Light to move in the same pieces: a draw, said by the list's best.
  const light = await page.context().newPage();
  assert.equal(await analyse(light, SIX_LIGHT), "values");
  assert.equal(RESULT[(await listed(light))[0][1]], truth(SIX_LIGHT));
  assertNoErrors(page);
});

test("the perfect-play line of a 6v6 game comes from the tables for range reads", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players", position: encodeURIComponent(SIX_DARK) }));
  const line = page.locator("[data-perfect]:not([data-perfect='loading'])").first();
  await line.waitFor({ state: "visible", timeout: ENGINE_TIMEOUT });
  assert.equal(truth(SIX_DARK), "win");
  assert.equal(await line.getAttribute("data-perfect"), "win");
  assert.equal((await line.innerText()).trim(), "Perfect play: Dark wins");
  assertNoErrors(page);
});

test("level 10 plays a 6v6 move that keeps the win, its successors' blocks read first", { timeout: 180_000 }, async () => {
  // The moves that win, as the analysis board shows them.
  const { page: board } = await h.newPage();
  assert.equal(await analyse(board, SIX_DARK), "values");
  const all = await listed(board);
  const winning = all.filter(([, mark]) => mark === "+").map(([move]) => move);
  assert.ok(winning.length > 0 && winning.length < all.length, `some moves win, not all: ${JSON.stringify(all)}`);
  await board.close();

  // A fresh profile against the computer (dark, to move), which keeps nothing yet.
  const from = h.server.log.length;
  const { page } = await h.newPage();
  const started = Date.now();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "vs-engine", color: "light", level: 10, position: encodeURIComponent(SIX_DARK) }));
  const snap = await waitForState(page, (s) => moveCount(s) >= 1, "the computer's move", ENGINE_TIMEOUT);
  const played = moveText(snap.moves[0]);
  console.log(`# level 10 in 6v6: ${played} after ${Date.now() - started} ms (page load included); winning: ${winning.join(" ")}`);
  assert.ok(winning.includes(played), `${played} keeps the win (${winning.join(", ")})`);
  assert.ok(setRequests(from).some((r) => r.status === 206), "the successors' blocks by range requests");
  assertNoErrors(page);
});

test("a 6v6 game's review judges its turn by the tables for range reads: the win given away is a blunder", { timeout: 180_000 }, async () => {
  // Dark wins; d1-g1 gives it away (the analysis board says "Light wins" after it).
  const { page: board } = await h.newPage();
  assert.equal(await analyse(board, SIX_DARK), "values");
  const all = Object.fromEntries(await listed(board));
  assert.equal(all["d1-g1"], "-", `d1-g1 loses: ${JSON.stringify(all)}`);
  await board.close();

  const from = h.server.log.length;
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players", position: encodeURIComponent(SIX_DARK), moves: "d1-g1" }));
  await page.locator('[data-move-list] li[data-ply="1"]').waitFor();
  await page.locator('[data-action="review"]').click();
  await page.locator('[data-review="done"]').waitFor({ timeout: ENGINE_TIMEOUT });
  const marks = await page.locator("[data-analysis-moves] li[data-mark]").evaluateAll((els) =>
    els.map((e) => [e.getAttribute("data-ply"), e.getAttribute("data-mark")]));
  assert.deepEqual(marks, [["1", "??"]], "the win given away is a blunder");
  await page.locator('.review-turn[data-turn="1"]').click();
  const explain = await page.locator('[data-review-explain="1"]').innerText();
  assert.match(explain, /d1-g1 \(Dark\) is a blunder .*Better: (d2-d3|b6-b4)/, explain);
  assert.match(explain, /The review read the exact values of the endgame tables\. Before the move: Dark wins\. After it: Light wins\./, explain);
  assert.doesNotMatch(explain, /plies deep/, "a turn judged by exact values names no depth");
  assert.ok(setRequests(from).some((r) => r.status === 206), "its successors' blocks by range requests");
  await screenshot(page, "web-tables-review");
  assertNoErrors(page);
});

/** What `morris tb probe` says of a placing position from the set's tables: its result and the moves that keep it. */
function placingTruth(position) {
  const tables = path.join(path.dirname(web), "tables");
  const out = execFileSync(MORRIS, ["tb", "probe", "--table", tables, "--position", position], { encoding: "utf8" }).split("\n");
  const keep = out[1].match(/moves keep it: (.*)$/);
  return { result: out[0].trim(), keep: keep ? keep[1].trim().split(" ") : [] };
}

test("light's last placement in the analysis board: every move's value, read two plies on from the tables for range reads", { timeout: 180_000 }, async () => {
  const { result, keep } = placingTruth(LAST_LIGHT);
  assert.equal(result, "draw");
  const from = h.server.log.length;
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  assert.equal(await analyse(page, LAST_LIGHT), "values");
  const moves = await listed(page);
  assert.equal(moves.length, 14, `every placement listed: ${JSON.stringify(moves)}`);
  const draws = moves.filter(([, mark]) => mark === "=").map(([move]) => move);
  assert.deepEqual(draws.sort(), [...keep].sort(), `the placements that keep the draw, as the tables say: ${JSON.stringify(moves)}`);
  assert.ok(moves.every(([, mark]) => mark === "=" || mark === "-"), `the others lose: ${JSON.stringify(moves)}`);
  assert.ok(setRequests(from).some((r) => r.status === 206), "blocks by range requests");
  await screenshot(page, "web-tables-last-placement");
  assertNoErrors(page);
});

test("level 10 keeps the draw at light's last placement, its moves valued from the set first", { timeout: 180_000 }, async () => {
  const { keep } = placingTruth(LAST_LIGHT);
  const from = h.server.log.length;
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "vs-engine", color: "dark", level: 10, position: encodeURIComponent(LAST_LIGHT) }));
  const snap = await waitForState(page, (s) => moveCount(s) >= 1, "the computer's placement", ENGINE_TIMEOUT);
  const played = moveText(snap.moves[0]);
  assert.ok(keep.includes(played), `${played} keeps the draw (${keep.join(", ")})`);
  assert.ok(setRequests(from).some((r) => r.status === 206), "the blocks two plies on by range requests");
  assertNoErrors(page);
});

test("offline after one visit: a kept position still answers, another needs the network", { timeout: 180_000 }, async () => {
  const { context, page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  assert.equal(await analyse(page, SIX_DARK), "values");
  const before = await listed(page);
  // The set's host gone; the page opened again reads what it kept.
  const tried = [];
  await context.route("**/nine-web/**", (route) => {
    tried.push(route.request().url());
    return route.abort("internetdisconnected");
  });
  await page.close();
  const again = await context.newPage();
  assert.equal(await analyse(again, SIX_DARK), "values", "the kept position answers offline");
  assert.deepEqual(await listed(again), before, "the same values as online");

  const seen = tried.length;
  const other = await context.newPage();
  assert.equal(await analyse(other, SIX_OTHER), "needs-network");
  assert.ok(tried.length > seen, "the other position asked for blocks it does not keep");
  const said = dialog(other).locator("[data-exact='needs-network']");
  assert.match(await said.innerText(), /needs the network/);
  assert.equal(await dialog(other).locator(".exact-move").count(), 0, "no value shown");
  await screenshot(other, "web-tables-needs-network");
});

test("a new version of the app keeps the blocks: the kept position still answers offline after its service worker takes over", { timeout: 180_000 }, async () => {
  const { context, page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  assert.equal(await analyse(page, SIX_DARK), "values");
  const before = await listed(page);
  await page.evaluate(() => navigator.serviceWorker.ready);
  // Another build: sw.js changes, the browser installs it and it takes over.
  h.server.alter = (pathname, body) => (pathname === "/sw.js" ? Buffer.concat([body, Buffer.from("\n// another build\n")]) : body);
  try {
    await page.evaluate(async () => {
      const registration = await navigator.serviceWorker.getRegistration();
      await registration.update();
      const worker = registration.installing ?? registration.waiting;
      if (!worker) throw new Error("no new service worker");
      if (worker.state !== "activated") {
        await new Promise((done) => worker.addEventListener("statechange", () => worker.state === "activated" && done()));
      }
    });
  } finally {
    h.server.alter = null;
  }
  // The set's host gone: the blocks kept before the update still answer.
  await context.route("**/nine-web/**", (route) => route.abort("internetdisconnected"));
  await page.close();
  const again = await context.newPage();
  assert.equal(await analyse(again, SIX_DARK), "values", "the kept position answers after the update");
  assert.deepEqual(await listed(again), before);
});

test("a damaged block is refused by its checksum: no value shown", { timeout: 120_000 }, async () => {
  // A fresh profile keeps no block; every block sent has a byte changed.
  h.server.alter = (pathname, bytes) => {
    if (pathname.endsWith(".wdlb") && bytes.length > 0) bytes[bytes.length >> 1] ^= 0x5a;
    return bytes;
  };
  try {
    const { page } = await h.newPage();
    assert.equal(await analyse(page, SIX_OTHER), "missing");
    assert.equal(await dialog(page).locator(".exact-move").count(), 0, "no value shown");
    assert.equal(await dialog(page).locator(".point-note").count(), 0, "no mark on the points");
    await screenshot(page, "web-tables-refused");
    assertNoErrors(page);
  } finally {
    h.server.alter = null;
  }
});

test("the tables' address set in Connection settings: a wrong one refused, a right one stored and read from", { timeout: 180_000 }, async () => {
  // The set on a host of its own (another origin, which lets any site read it).
  const host = await serve(web, { cors: true });
  try {
    const { context, page } = await h.newPage();
    await hostRoom(page, h.url);
    await page.locator('[data-action="connection-settings"]').click();
    const form = page.locator("[data-connection-settings]");
    const field = form.locator('[data-field="tables-url"]');
    assert.equal(await field.inputValue(), "", "this site's by default");
    await field.fill("ftp://tables.example/nine");
    await form.locator('[data-action="save-connection"]').click();
    assert.match(await form.locator("[data-conn-error]").innerText(), /Not an address of the tables \(http:\/\/ or https:\/\/\): ftp:\/\/tables\.example\/nine/);
    assert.equal(await page.evaluate(() => localStorage.getItem("mulino.tables")), null, "nothing stored");
    await field.fill(`${host.url}manifest.json`);
    await form.locator('[data-action="save-connection"]').click();
    await form.waitFor({ state: "detached" });
    assert.equal(await page.evaluate(() => localStorage.getItem("mulino.tables")), host.url, "the folder stored");

    const from = h.server.log.length;
    const analysis = await context.newPage();
    assert.equal(await analyse(analysis, SIX_DARK), "values");
    assert.equal(RESULT[(await listed(analysis))[0][1]], truth(SIX_DARK));
    assert.ok(host.log.some((r) => r.path === "/manifest.json"), "the manifest from the address set");
    assert.ok(host.log.some((r) => r.status === 206), "blocks by range requests from there");
    assert.deepEqual(setRequests(from), [], "nothing from this site's nine-web/");
    assertNoErrors(analysis);

    // An address that holds no set (a folder the host answers 404 for):
    // said, not taken for no set at all.
    await analysis.evaluate((url) => localStorage.setItem("mulino.tables", url), `${host.url}nope/`);
    const wrong = await context.newPage();
    assert.equal(await analyse(wrong, SIX_DARK), "missing", "the tables cannot be had there, said");
    assert.equal(await dialog(wrong).locator(".exact-move").count(), 0, "no value shown");
    assertNoErrors(wrong, [/404/]);
  } finally {
    await host.close();
  }
});

test("on a site without the tables, the analysis board's Connection settings… sets their address, and the board comes back with the values", { timeout: 180_000 }, async () => {
  const host = await serve(web, { cors: true });
  try {
    const { context, page } = await h.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
    // This site serves no set, as most hosts of the app.
    await context.route("**/nine-web/**", (route) => route.fulfill({ status: 404, body: "" }));
    assert.equal(await analyse(page, SIX_DARK), "unserved");
    await dialog(page).locator('[data-action="tables-address"]').tap();
    const form = page.locator("[data-connection-settings]");
    const field = form.locator('[data-field="tables-url"]');
    await page.waitForFunction(() => document.activeElement?.matches('[data-field="tables-url"]'));
    const box = await field.boundingBox();
    assert.ok(box.y >= 0 && box.y + box.height <= 844, `the address field in view: ${JSON.stringify(box)}`);
    await field.fill(host.url);
    await form.locator('[data-action="save-connection"]').tap();
    await form.waitFor({ state: "detached" });
    // Back on the analysis board, at the same position, now with its values.
    await exact(page).first().waitFor({ timeout: ENGINE_TIMEOUT });
    await dialog(page).locator('.analysis-exact[data-exact="values"]').waitFor({ timeout: ENGINE_TIMEOUT });
    assert.equal(RESULT[(await listed(page))[0][1]], truth(SIX_DARK));
    assert.ok(host.log.some((r) => r.status === 206), "blocks by range requests from the address set");
    assertNoErrors(page, [/nine-web\//, /404/]);
  } finally {
    await host.close();
  }
});

test("a position that needs the network gets its values when the browser is back online", { timeout: 180_000 }, async () => {
  const { context, page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  // The set opened online, then offline: a position whose blocks are not kept.
  assert.equal(await analyse(page, SIX_DARK), "values");
  await context.setOffline(true);
  await dialog(page).locator(".analysis-paste").fill(SIX_OTHER);
  await clickAction(page, "analyse-paste");
  await dialog(page).locator(".analysis-exact[data-exact='needs-network']").waitFor({ timeout: ENGINE_TIMEOUT });
  // Back online, nothing else done: the values come.
  await context.setOffline(false);
  await dialog(page).locator(".analysis-exact[data-exact='values'] .exact-move").first().waitFor({ timeout: ENGINE_TIMEOUT });
  assert.equal(RESULT[(await listed(page))[0][1]], truth(SIX_OTHER));
  assertNoErrors(page, [/ERR_INTERNET_DISCONNECTED|Failed to fetch/]);
});

test("the analysis board's arrow keys still step after a move of the values' list is clicked; a pasted position shows its board on a phone", { timeout: 180_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  assert.equal(await analyse(page, SIX_DARK), "values");
  // The board's top in view after the paste box was scrolled to.
  const top = await dialog(page).locator("[data-point]").first().boundingBox();
  assert.ok(top && top.y >= 0 && top.y < 844, `the board's first point in view: ${JSON.stringify(top)}`);
  // A move of the values' list played, then the arrow key: back before it.
  await dialog(page).locator(".exact-move").first().click();
  const current = "[data-analysis] [data-ply='1'] button[aria-current]";
  await page.waitForFunction((sel) => document.querySelector(sel), current);
  await page.keyboard.press("ArrowLeft");
  await page.waitForFunction((sel) => !document.querySelector(sel), current, { timeout: 5_000 });
  assertNoErrors(page);
});
