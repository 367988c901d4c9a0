// Perfect play from the endgame tables: a position link into Nine Men's
// Morris's flying endgame shows "Perfect play: Light wins in 7 plies"; the table comes
// from the server once, is kept in IndexedDB (a second load asks the
// server for nothing), is never fetched on a first load that does not need
// it, and the computer plays the win out.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  startHarness, gameLink, openGame, snapshot, playAnyTurn, waitForState, moveCount, isOver,
  screenshot, assertNoErrors, rng, ENGINE_TIMEOUT, moveText,
} from "./lib/harness.mjs";

// Three pieces each, all on the board: light to move wins in 7 plies
// (morris tb probe says so); with dark to move, dark wins in 5.
const WIN_IN_7 = "nine .D./DL./.../..L..L/.../.../.D. L 0/0 0/0 -";
const DARK_WINS_IN_5 = WIN_IN_7.replace(" L 0/0", " D 0/0");
const link = (base, position, extra = {}) =>
  gameLink(base, { variant: "nine", position: encodeURIComponent(position), ...extra });

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

const tableRequests = () =>
  h.server.log.filter((r) => r.path.includes("/tb/") || r.path.includes("/wdl/") || r.path.includes("worker-tables"));
// The line once the table is loaded ("loading…" comes first).
const perfect = (page) => page.locator("[data-perfect]:not([data-perfect='loading'])").first();

/** Against the computer the line waits behind a switch (it gives the game away): turns it on, as a player would. */
async function showPerfect(page) {
  const sw = page.locator('[data-action="show-perfect"]').first();
  await sw.waitFor({ state: "visible", timeout: ENGINE_TIMEOUT });
  if ((await sw.getAttribute("aria-pressed")) !== "true") await sw.click();
}

/** The keys the app's IndexedDB store holds. */
const storedTables = (page) =>
  page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open("mulino-tables");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          if (!db.objectStoreNames.contains("tables")) return resolve([]);
          const req = db.transaction("tables").objectStore("tables").getAllKeys();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        };
      }),
  );

test("a first load of an opening fetches no table, nor the worker that reads them", async () => {
  const before = tableRequests().length;
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "vs-engine", color: "dark", level: 1 }));
  await waitForState(page, (s) => moveCount(s) >= 1, "the computer's first move", ENGINE_TIMEOUT);
  await page.waitForTimeout(1500);
  assert.equal(await page.locator("[data-perfect]").count(), 0, "no perfect-play line in the opening");
  assert.deepEqual(tableRequests().slice(before), [], "nothing of the tables downloaded for an opening");
  assertNoErrors(page);
});

test("a covered position shows perfect play, and the table is downloaded once", { timeout: 120_000 }, async () => {
  const { context, page } = await h.newPage();
  const before = tableRequests().length;
  await openGame(page, link(h.url, WIN_IN_7, { mode: "two-players" }));
  await perfect(page).waitFor({ state: "visible", timeout: ENGINE_TIMEOUT });
  assert.equal(await perfect(page).getAttribute("data-perfect"), "win-7");
  assert.equal((await perfect(page).innerText()).trim(), "Perfect play: Light wins in 7 plies");
  await screenshot(page, "tables-perfect-play");
  const fetched = tableRequests().slice(before).map((r) => r.path).sort();
  assert.deepEqual(fetched, ["/tb/nine-3v3.tb", "/worker-tables.js", "/worker-tables_bg.wasm"], "the worker with tables and the 3v3 table, once");
  const stored = await storedTables(page);
  assert.equal(stored.length, 1, `one table in IndexedDB: ${stored}`);
  assert.match(stored[0], /^nine-3v3\.tb#v\d+$/, "kept in IndexedDB under its name and format version");

  // Another page of the same profile: from IndexedDB, not the network.
  await page.close();
  const again = await context.newPage();
  await openGame(again, link(h.url, DARK_WINS_IN_5, { mode: "two-players" }));
  await perfect(again).waitFor({ state: "visible", timeout: ENGINE_TIMEOUT });
  assert.equal(await perfect(again).getAttribute("data-perfect"), "win-5");
  const again_fetched = tableRequests().slice(before).filter((r) => r.path.includes("/tb/"));
  assert.equal(again_fetched.length, 1, "no second download of the table");
  assertNoErrors(again);
});

test("the computer plays the win out, and the line follows each turn", { timeout: 300_000 }, async () => {
  const { page } = await h.newPage();
  // We play light; the computer (dark) is to move and wins in 5 plies.
  await openGame(page, link(h.url, DARK_WINS_IN_5, { mode: "vs-engine", color: "light", level: 1 }));
  const random = rng(7);
  let snap = await snapshot(page);
  let plies = 5;
  while (!isOver(snap)) {
    const n = moveCount(snap);
    snap = await waitForState(page, (s) => moveCount(s) > n || isOver(s), "the computer's move", ENGINE_TIMEOUT);
    plies -= 1;
    if (isOver(snap)) break;
    // Our turn: we are lost, in at most `plies`.
    const n2 = moveCount(snap);
    await showPerfect(page);
    await page.locator(`[data-perfect^="loss-"]`).first().waitFor({ state: "visible", timeout: ENGINE_TIMEOUT });
    const left = Number((await perfect(page).getAttribute("data-perfect")).slice(5));
    assert.ok(left <= plies, `after the computer's move we lose in ${left}, at most ${plies}`);
    plies = left;
    await playAnyTurn(page, "light", random);
    snap = await waitForState(page, (s) => moveCount(s) > n2 || isOver(s), "our move");
    plies -= 1;
  }
  assert.match(snap.status, /dark wins/i, snap.status);
  assert.ok(moveCount(snap) <= 5, `won in ${moveCount(snap)} plies, at most 5`);
  await screenshot(page, "tables-computer-won");
  assertNoErrors(page);
});

test("a five-against-four position loads its table and those its captures lead to", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage();
  const before = h.server.log.length;
  await openGame(page, link(h.url, "nine LD./DL./.L./..L..L/.../D../.D. D 0/0 0/0 -", { mode: "two-players" }));
  await perfect(page).waitFor({ state: "visible", timeout: ENGINE_TIMEOUT });
  assert.match(await perfect(page).getAttribute("data-perfect"), /^(win-\d+|draw|loss-\d+)$/);
  const fetched = h.server.log.slice(before).map((r) => r.path).filter((p) => p.includes("/tb/")).sort();
  assert.deepEqual(fetched, ["/tb/nine-4v4.tb", "/tb/nine-5v3.tb", "/tb/nine-5v4.tb"]);
  assertNoErrors(page);
});

// Six against four, dark to move: only a4-b4 holds the draw; every other
// move loses (`morris tb puzzles` found it in the 6v4 table). 6v4 is served
// as a win/draw/loss table (scripts/wdl-tables.sh).
const HOLD_6V4 = "nine .L./.LL/.../D.L.D./LDD/L../... D 0/0 0/0 -";
// Six against four, light to move wins (in 11 plies, with d7-d6 the only
// winning move).
const WIN_6V4 = "nine .L./.../DDL/....L./L../.LL/D.D L 0/0 0/0 -";

test("a win/draw/loss class: the line names the winner without a count, and the computer finds the one drawing move", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage();
  const before = h.server.log.length;
  await openGame(page, link(h.url, WIN_6V4, { mode: "two-players" }));
  await perfect(page).waitFor({ state: "visible", timeout: ENGINE_TIMEOUT });
  assert.equal(await perfect(page).getAttribute("data-perfect"), "win");
  assert.equal((await perfect(page).innerText()).trim(), "Perfect play: Light wins");
  const fetched = h.server.log.slice(before).map((r) => r.path).filter((p) => p.includes("/tb/") || p.includes("/wdl/")).sort();
  assert.deepEqual(fetched, ["/tb/nine-5v4.tb", "/tb/nine-6v3.tb", "/wdl/nine-6v4.wdl"]);
  await page.close();

  const vs = await h.newPage();
  await openGame(vs.page, link(h.url, HOLD_6V4, { mode: "vs-engine", color: "light", level: 1 }));
  const snap = await waitForState(vs.page, (s) => moveCount(s) >= 1, "the computer's move", ENGINE_TIMEOUT);
  assert.equal(moveText(snap.moves[0]), "a4-b4", "the only move that holds the draw");
  await showPerfect(vs.page);
  await vs.page.locator("[data-perfect='draw']").waitFor({ state: "visible", timeout: ENGINE_TIMEOUT });
  assert.equal((await perfect(vs.page).innerText()).trim(), "Perfect play: draw");
  await screenshot(vs.page, "tables-wdl-draw");
  assertNoErrors(vs.page);
});

test("offline before the tables were ever fetched: the computer plays on without them", { timeout: 120_000 }, async () => {
  // No service worker: it would serve the tables worker from its cache.
  const { context, page } = await h.newPage({ serviceWorkers: "block" });
  await context.route("**/worker-tables*", (route) => route.abort("internetdisconnected"));
  await openGame(page, link(h.url, DARK_WINS_IN_5, { mode: "vs-engine", color: "light", level: 1 }));
  const snap = await waitForState(page, (s) => moveCount(s) >= 1 || isOver(s), "the computer's move, without tables", ENGINE_TIMEOUT);
  assert.ok(moveCount(snap) >= 1, "the computer moved");
  assert.equal(await page.locator("[data-engine='unavailable']").count(), 0, "the computer is not called unavailable");
  await showPerfect(page);
  await page.locator("[data-perfect='missing']").waitFor({ state: "visible", timeout: ENGINE_TIMEOUT });
  assert.match(await perfect(page).innerText(), /offline/, "the line says why perfect play is missing");
  assertNoErrors(page, [/worker-tables/]);
});

test("against the computer perfect play is a hint the player turns on, and it stays on", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage();
  // We play light, lost in 5: the computer (dark) is to move.
  await openGame(page, link(h.url, DARK_WINS_IN_5, { mode: "vs-engine", color: "light", level: 1 }));
  const sw = page.locator('[data-action="show-perfect"]').first();
  await sw.waitFor({ state: "visible", timeout: ENGINE_TIMEOUT });
  assert.equal(await sw.getAttribute("aria-pressed"), "false");
  assert.equal((await sw.innerText()).trim(), "Show perfect play");
  assert.equal(await page.locator("[data-perfect]").count(), 0, "the value is not shown unasked");
  await sw.click();
  await perfect(page).waitFor({ state: "visible", timeout: ENGINE_TIMEOUT });
  assert.match(await perfect(page).innerText(), /^Perfect play: /);
  assert.equal(await sw.getAttribute("aria-pressed"), "true");
  await screenshot(page, "tables-perfect-switch");
  await page.reload({ waitUntil: "domcontentloaded" });
  await perfect(page).waitFor({ state: "visible", timeout: ENGINE_TIMEOUT });
  await page.locator('[data-action="show-perfect"]').first().click();
  await page.locator("[data-perfect]").first().waitFor({ state: "detached" });
  assertNoErrors(page);
});
