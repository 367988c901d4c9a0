// A room's live connection is a module of its own (room.js, room_bg.wasm):
// a first visit does not fetch it, not even for the service worker's
// cache; opening a room fetches it, and it meets the friend (the room bar
// shows the relays it tries). With its files out of reach before their
// first download, opening a room says so in plain words, never the
// browser's, and the room goes on by links.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startHarness, assertNoErrors, waitForBoard } from "./lib/harness.mjs";
import { offeredLink } from "./lib/rooms.mjs";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

const ROOM_FILES = /\/room(_bg)?\.(js|wasm)(\?.*)?$/;

/** Clicks "Play a friend" and opens the room the dialog offers. */
async function openRoom(page) {
  await page.locator('[data-action="play-friend"]').click();
  await page.locator('.dialog [data-action="confirm"]').click();
  await page.locator("[data-room-code]").waitFor();
}

test("the first load leaves the room's module out; opening a room fetches it and it meets the friend", { timeout: 120_000 }, async () => {
  const { context, page } = await h.newPage();
  const fetched = [];
  context.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  await page.goto(h.url, { waitUntil: "domcontentloaded" });
  await waitForBoard(page);
  // The service worker has cached what it keeps for offline use.
  await page.evaluate(() => navigator.serviceWorker.ready);
  await page.waitForTimeout(1_500);
  assert.ok(fetched.some((p) => /_bg\.wasm$/.test(p)), "the page's own wasm was fetched");
  assert.deepEqual(fetched.filter((p) => ROOM_FILES.test(p)), [], "nothing of the room's module in the first load");

  await openRoom(page);
  // The module runs and tells the page how it meets the friend: the
  // relays set (the public ones, which the tests cannot reach) are tried.
  await page.locator("[data-relay]").waitFor({ state: "attached", timeout: 30_000 });
  const room = fetched.filter((p) => ROOM_FILES.test(p)).map((p) => p.split("/").pop());
  assert.deepEqual([...new Set(room)].sort(), ["room.js", "room_bg.wasm"], "opening a room fetched its module");
  assertNoErrors(page);
});

test("offline before the room's module was ever fetched, opening a room says so in plain words and the room goes on by links", { timeout: 120_000 }, async () => {
  // The connection gone, though the browser still says it is online.
  const { page } = await h.newPage({ serviceWorkers: "block" });
  await page.route(ROOM_FILES, (route) => route.abort("internetdisconnected"));
  await page.goto(h.url, { waitUntil: "domcontentloaded" });
  await waitForBoard(page);
  await openRoom(page);
  const notice = page.locator('[data-notice="room.offline"]');
  await notice.waitFor({ timeout: 30_000 });
  const said = await notice.innerText();
  assert.doesNotMatch(said, /Failed to fetch|dynamically imported|module/i, said);
  assert.match(said, /offline now: the room goes on by links/, said);
  // By links it does: the invite is offered.
  assert.match(await offeredLink(page), /#room=/);
  assertNoErrors(page, [/room\.js|room_bg\.wasm|ERR_INTERNET_DISCONNECTED|Failed to fetch/]);
});
