// The learned evaluation at the table (app/src/network.rs), as a person
// meets it: a game of Nine against level 10 plays with the network, which
// its worker fetches once, after the first load (nets/nine.nnue); a game
// against level 5 never fetches it, until the player asks for a hint, which
// is searched with it; offline without the worker that carries it, the hint
// still comes; after one visit level 10 plays with it offline; a file that
// is not a network leaves the hand-written evaluation, and the computer
// still answers. The worker says which on its global `mulinoNetwork`.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  startHarness, gameLink, openGame, snapshot, waitForState, moveCount, clickPoint, clickAction, assertNoErrors,
  reloadOffline, waitForBoard, ENGINE_TIMEOUT, DIST,
} from "./lib/harness.mjs";
import { serve } from "./lib/server.mjs";

const NET = "/nets/nine.nnue";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

/** The requests for the network in a server's log since `from`, with their statuses. */
const netRequests = (server, from = 0) =>
  server.log.slice(from).filter((e) => new URL(e.path, "http://x").pathname === NET).map((e) => e.status);

/** What the page's workers say of the network (`mulinoNetwork`), those that say anything. */
async function saidByWorkers(page) {
  const said = await Promise.all(page.workers().map((w) => w.evaluate(() => self.mulinoNetwork ?? null).catch(() => null)));
  return said.filter((s) => s !== null);
}

/** Places on the first empty point of `plan` and waits for the computer's reply. */
async function placeAndWait(page, plan) {
  const snap = await snapshot(page);
  const point = plan.find((n) => snap.points[n]?.piece === null);
  const n = moveCount(snap);
  await clickPoint(page, point);
  await waitForState(page, (s) => moveCount(s) >= n + 2, "the computer's reply", ENGINE_TIMEOUT);
}

const PLAN = ["d2", "f4", "b4", "d6", "a1", "g7"];

test("level 10 plays Nine with the network, fetched once after the first load; level 5 never fetches it", { timeout: 180_000 }, async () => {
  const { page } = await h.newPage();
  const from = h.server.log.length;
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "vs-engine", level: 10, color: "light" }));
  await page.waitForLoadState("networkidle").catch(() => {});
  assert.deepEqual(netRequests(h.server, from), [], "the first load leaves the network out");
  await placeAndWait(page, PLAN);
  await placeAndWait(page, PLAN);
  assert.deepEqual(netRequests(h.server, from), [200], "fetched once, at the first move");
  assert.deepEqual(await saidByWorkers(page), ["loaded"]);
  assertNoErrors(page);

  const weaker = (await h.newPage()).page;
  const mark = h.server.log.length;
  await openGame(weaker, gameLink(h.url, { variant: "nine", mode: "vs-engine", level: 5, color: "light" }));
  await placeAndWait(weaker, PLAN);
  assert.deepEqual(netRequests(h.server, mark), [], "level 5 keeps the hand-written evaluation");
  assert.deepEqual(await saidByWorkers(weaker), []);
  // Six Men's Morris at level 10: the network knows only Nine.
  await openGame(weaker, gameLink(h.url, { variant: "six", mode: "vs-engine", level: 10, color: "light" }));
  await placeAndWait(weaker, ["b4", "f4", "d2", "d6"]);
  assert.deepEqual(netRequests(h.server, mark), [], "Six does not fetch it");
  assertNoErrors(weaker);
});

/** Asks for a hint as a player does and returns the line that gives it ("Hint: …"). */
async function askHint(page) {
  await clickAction(page, "hint");
  const line = page.locator(".hint-text", { hasText: /^Hint: / });
  await line.waitFor({ state: "visible", timeout: ENGINE_TIMEOUT });
  return (await line.innerText()).trim();
}

test("a hint in a game of Nine against level 5 is searched with the network; in Six it is not", { timeout: 180_000 }, async () => {
  const { page } = await h.newPage();
  const from = h.server.log.length;
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "vs-engine", level: 5, color: "light" }));
  await placeAndWait(page, PLAN);
  assert.deepEqual(netRequests(h.server, from), [], "no hint asked, no network");
  const hint = await askHint(page);
  assert.match(hint, /^Hint: [a-g][1-7]$/, "a placement to make");
  assert.deepEqual(netRequests(h.server, from), [200], "fetched for the hint");
  assert.deepEqual(await saidByWorkers(page), ["loaded"]);
  // The game goes on: level 5 still answers.
  await placeAndWait(page, PLAN);
  assertNoErrors(page);

  const six = (await h.newPage()).page;
  const mark = h.server.log.length;
  await openGame(six, gameLink(h.url, { variant: "six", mode: "two-players" }));
  assert.match(await askHint(six), /^Hint: /);
  assert.deepEqual(netRequests(h.server, mark), [], "Six does not fetch it");
  assertNoErrors(six);
});

test("offline, with the worker that carries the network never fetched, a hint in Nine still comes", { timeout: 120_000 }, async () => {
  // No service worker: it would serve that worker from its cache.
  const { context, page } = await h.newPage({ serviceWorkers: "block" });
  await context.route("**/worker-tables*", (route) => route.abort("internetdisconnected"));
  await context.route(`**${NET}`, (route) => route.abort("internetdisconnected"));
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players", moves: "d2,f4" }));
  assert.match(await askHint(page), /^Hint: [a-g][1-7]$/);
  assert.equal(await page.locator("[data-engine='unavailable']").count(), 0, "the computer is not called unavailable");
  assertNoErrors(page, [/worker-tables/, /nine\.nnue/]);
});

test("a file that is not a network: the hand-written evaluation plays on, and the worker says why", { timeout: 120_000 }, async () => {
  const own = await serve(DIST);
  own.alter = (p, bytes) => (p.endsWith(NET) ? Buffer.from("<!doctype html><title>Not found</title>") : bytes);
  const { page } = await h.newPage();
  try {
    await openGame(page, gameLink(own.url, { variant: "nine", mode: "vs-engine", level: 10, color: "light" }));
    await placeAndWait(page, PLAN);
    const said = await saidByWorkers(page);
    assert.equal(said.length, 1, `one worker tells: ${said}`);
    assert.match(said[0], /nine\.nnue: not a network file/);
    await placeAndWait(page, PLAN);
    assert.deepEqual(netRequests(own), [200], "not fetched again");
    assertNoErrors(page);
  } finally {
    await own.close();
  }
});

test("after one game at level 10, level 10 plays with the network offline", { timeout: 180_000 }, async () => {
  const own = await serve(DIST);
  const { page, context } = await h.newPage();
  try {
    await page.goto(gameLink(own.url, { variant: "nine", mode: "vs-engine", level: 10, color: "light" }));
    await waitForBoard(page);
    // The service worker controls the page before the worker starts, and so
    // keeps what it fetches.
    await page.evaluate(async () => {
      await Promise.race([navigator.serviceWorker.ready, new Promise((r) => setTimeout(r, 20_000))]);
    });
    await page.reload();
    await waitForBoard(page);
    await placeAndWait(page, PLAN);
    assert.deepEqual(await saidByWorkers(page), ["loaded"]);
    await reloadOffline(page, context, own);
    await placeAndWait(page, PLAN);
    assert.deepEqual(await saidByWorkers(page), ["loaded"], "loaded offline, from the service worker's cache");
    assertNoErrors(page);
  } finally {
    await own.close();
  }
});
