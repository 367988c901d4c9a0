// The learned evaluation as a player meets it: level 10 (and the hints)
// fetch the network file (nets/nine.nnue) the first time they play, never
// on a first load nor at the weaker levels; the file is kept in IndexedDB
// for offline play; a damaged or missing file never stops the computer,
// which then plays with the hand-written evaluation.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  startHarness, gameLink, openGame, waitForState, moveCount, assertNoErrors, ENGINE_TIMEOUT,
} from "./lib/harness.mjs";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

const netRequests = () => h.server.log.filter((r) => r.path.startsWith("/nets/"));

/** The keys of the app's IndexedDB store of downloaded files. */
const stored = (page) =>
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

/** A game against the computer at `level`, the computer light: its first move. */
async function computerOpens(page, level) {
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "vs-engine", color: "dark", level }));
  await waitForState(page, (s) => moveCount(s) >= 1, `level ${level}'s first move`, ENGINE_TIMEOUT);
}

test("the weaker levels never fetch the network; level 10 fetches it once and keeps it for offline play", { timeout: 180_000 }, async () => {
  const { page } = await h.newPage();
  const before = netRequests().length;
  await computerOpens(page, 3);
  await page.waitForTimeout(1_500);
  assert.deepEqual(netRequests().slice(before), [], "level 3 plays without the network");

  await computerOpens(page, 10);
  const fetched = netRequests().slice(before).map((r) => r.path);
  assert.deepEqual(fetched, ["/nets/nine.nnue"], "level 10 fetched the network, once");
  assert.ok((await stored(page)).some((k) => /^nine\.nnue#v\d+$/.test(k)), "kept in IndexedDB");
  assertNoErrors(page);
});

test("a damaged network file never stops the computer: level 10 plays on with the hand-written evaluation", { timeout: 180_000 }, async () => {
  const { context, page } = await h.newPage();
  await context.route("**/nets/nine.nnue", (route) =>
    route.fulfill({ status: 200, contentType: "application/octet-stream", body: Buffer.from("MULNNUE1 cut short") }),
  );
  const before = netRequests().length;
  await computerOpens(page, 10);
  assert.equal(netRequests().length, before, "the damaged file came from the route, not the server");
  assertNoErrors(page);
});

test("offline with the network never fetched, level 10 still plays", { timeout: 180_000 }, async () => {
  const { context, page } = await h.newPage();
  await context.route("**/nets/nine.nnue", (route) => route.abort("internetdisconnected"));
  const before = netRequests().length;
  await computerOpens(page, 10);
  assert.equal(netRequests().length, before, "nothing reached the server");
  assertNoErrors(page, [/nine\.nnue|ERR_INTERNET_DISCONNECTED|Failed to fetch/]);
});
