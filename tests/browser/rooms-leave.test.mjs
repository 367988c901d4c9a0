// Leaving a room for good: the list's "Leave room" asks once more and says
// what leaving means; "Cancel" keeps the room; "Leave for good" takes it off
// the list, out of the browser's storage (also after a reload) and drops
// this side's seat key from IndexedDB, so nothing kept here can speak for
// that seat again. Leaving the room on the table starts a game at one table.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startHarness, snapshot, assertNoErrors, clickAction, waitForState, moveCount, waitForBoard } from "./lib/harness.mjs";
import { linkPlayer, hostRoom, offeredLink, notice } from "./lib/rooms.mjs";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

/** The room codes this page's IndexedDB holds a seat key for. */
function seatKeys(page) {
  return page.evaluate(
    () =>
      new Promise((resolve, reject) => {
        const open = indexedDB.open("mulino-keys", 1);
        open.onupgradeneeded = () => open.result.createObjectStore("seats");
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const req = open.result.transaction("seats").objectStore("seats").getAllKeys();
          req.onsuccess = () => {
            open.result.close();
            resolve(req.result);
          };
          req.onerror = () => reject(req.error);
        };
      }),
  );
}

function keptRooms(page) {
  return page.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith("mulino.room.")).map((k) => k.slice(12)));
}

test("a room left from the list is gone with its seat key; the one on the table makes way for a new game", { timeout: 300_000 }, async () => {
  const { page } = await linkPlayer(h);
  const first = await hostRoom(page, h.url);
  await offeredLink(page); // signed: the seat key exists now
  assert.deepEqual(await seatKeys(page), [first], "hosting made a seat key");

  // A game at one table; the room stays in the list.
  await clickAction(page, "new-game");
  await page.locator('.dialog [data-field="mode"]').selectOption("two-players");
  await page.locator('.dialog [data-action="confirm"]').click();
  await waitForState(page, (x) => moveCount(x) === 0, "a new game at one table");
  assert.equal(await page.locator("[data-room-code]").count(), 0, "out of the room");
  const item = page.locator(`[data-room-item="${first}"]`);
  await page.locator("[data-room-list] summary").click();
  await item.waitFor();

  // The first press only asks; Cancel keeps the room.
  await item.locator(`[data-room-leave="${first}"]`).click();
  assert.match(await item.innerText(), /cannot be continued/, "the warning says what leaving means");
  await item.getByRole("button", { name: "Cancel" }).click();
  assert.equal(await item.locator(`[data-room-leave-sure]`).count(), 0);
  assert.deepEqual(await keptRooms(page), [first], "cancel keeps the room");

  await item.locator(`[data-room-leave="${first}"]`).click();
  await item.locator(`[data-room-leave-sure="${first}"]`).click();
  await item.waitFor({ state: "detached" });
  assert.deepEqual(await keptRooms(page), [], "the room's save is gone");
  assert.equal((await notice(page))?.key, "room.left");
  await waitForSeatKeys(page, [], "the seat key is gone");
  await page.reload({ waitUntil: "domcontentloaded" });
  await waitForBoard(page);
  assert.equal(await page.locator("[data-room-list]").count(), 0, "no room listed after a reload");

  // Leaving the room on the table: a new game at one table, same rules.
  const second = await hostRoom(page, h.url, { variant: "six" });
  await offeredLink(page);
  const here = page.locator(`[data-room-item="${second}"]`);
  await here.locator(`[data-room-leave="${second}"]`).click();
  await here.locator(`[data-room-leave-sure="${second}"]`).click();
  await page.locator("[data-room-code]").waitFor({ state: "detached" });
  const s = await snapshot(page);
  assert.equal(moveCount(s), 0);
  assert.equal(Object.keys(s.points).length, 16, "the new game keeps the room's board (Six Men's Morris)");
  assert.deepEqual(await keptRooms(page), []);
  await waitForSeatKeys(page, [], "the second seat key is gone");
  await page.reload({ waitUntil: "domcontentloaded" });
  await waitForBoard(page);
  assert.equal(await page.locator("[data-room-code]").count(), 0, "a reload does not bring the room back");
  assertNoErrors(page);
});

async function waitForSeatKeys(page, expected, what) {
  const deadline = Date.now() + 5_000;
  let got;
  while (Date.now() < deadline) {
    got = await seatKeys(page);
    if (JSON.stringify(got) === JSON.stringify(expected)) return;
    await page.waitForTimeout(100);
  }
  assert.deepEqual(got, expected, what);
}
