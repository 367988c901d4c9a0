// Connection settings, as a player sets them (no console): "Connection
// settings…" in a room opens a dialog (a view of the lab) with where rooms
// meet the friend (the public trackers by default, one's own relays, or
// none), STUN, and a TURN server of one's own. A wrong relay or TURN
// address, or a TURN server without its password, is refused with what is
// wrong and nothing is stored; right ones are stored, shown again, and the
// next time the room opens it meets through the relay set (a real tracker
// on 127.0.0.1; the public ones cannot be reached from these tests).
// "None" runs the room by links, its invite carrying the offer.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertNoErrors, waitForBoard, screenshot } from "./lib/harness.mjs";
import { hostRoom, signalLink, decodeLink, localRelayWorld } from "./lib/rooms.mjs";

const world = localRelayWorld();

const dialog = (page) => page.locator("[data-connection-settings]");
const field = (page, name) => dialog(page).locator(`[data-field="${name}"]`);
const stored = (page) =>
  page.evaluate(() => Object.fromEntries(["relays", "stun", "turn", "ice"].map((k) => [k, localStorage.getItem(`mulino.${k}`)])));

async function openSettings(page) {
  await page.locator('[data-action="connection-settings"]').click();
  await dialog(page).waitFor();
}

/** Saves and expects it refused with `message`, nothing stored. */
async function refused(page, message) {
  const before = await stored(page);
  await dialog(page).locator('[data-action="save-connection"]').click();
  const error = dialog(page).locator("[data-conn-error]");
  await error.waitFor();
  assert.match(await error.innerText(), message);
  assert.equal(await error.getAttribute("role"), "alert");
  assert.deepEqual(await stored(page), before, "nothing stored");
}

test("connection settings: set by a player, checked, stored, shown again and used by the room", { timeout: 180_000 }, async () => {
  const { page } = await world.h.newPage({ viewport: { width: 390, height: 844 } });
  // STUN off at the first load only (the form shows it so; a reload keeps what was saved).
  await page.addInitScript(() => {
    if (!sessionStorage.getItem("seeded")) {
      localStorage.setItem("mulino.stun", "off");
      sessionStorage.setItem("seeded", "1");
    }
  });
  await hostRoom(page, world.h.url);
  // The defaults: the public trackers, out of reach here.
  await page.locator('[data-relay="unreachable"]').waitFor();
  await openSettings(page);
  assert.equal(await field(page, "relays-public").isChecked(), true, "the public trackers by default");
  assert.equal(await field(page, "relays-list").isDisabled(), true);
  assert.equal(await field(page, "stun").isChecked(), false, "STUN as stored (off)");
  await screenshot(page, "room-connection-settings");

  // Wrong addresses and an incomplete TURN server are refused, with what is wrong.
  await field(page, "relays-own").check();
  await field(page, "relays-list").fill("http://127.0.0.1:1");
  await refused(page, /Not a relay address \(ws:\/\/ or wss:\/\/\): http:\/\/127\.0\.0\.1:1/);
  await field(page, "relays-list").fill(world.tracker.url);
  await field(page, "turn-urls").fill("stun:127.0.0.1:3478");
  await refused(page, /Not a TURN address \(turn: or turns:\): stun:127\.0\.0\.1:3478/);
  await field(page, "turn-urls").fill("turn:127.0.0.1:3478");
  await field(page, "turn-user").fill("ann");
  await refused(page, /needs its address, a user name and a password/);
  await field(page, "turn-password").fill("s3cret");
  await field(page, "stun").check();
  await dialog(page).locator('[data-action="save-connection"]').click();
  await dialog(page).waitFor({ state: "detached" });
  assert.deepEqual(await stored(page), { relays: world.tracker.url, stun: null, turn: "turn:127.0.0.1:3478 ann s3cret", ice: null });

  // Shown again as stored.
  await openSettings(page);
  assert.equal(await field(page, "relays-own").isChecked(), true);
  assert.equal(await field(page, "relays-list").inputValue(), world.tracker.url);
  assert.equal(await field(page, "turn-user").inputValue(), "ann");
  assert.equal(await field(page, "turn-password").getAttribute("type"), "password");
  await dialog(page).locator("button", { hasText: "Cancel" }).click();
  await dialog(page).waitFor({ state: "detached" });

  // The room, opened again, meets through the relay set.
  await page.reload({ waitUntil: "domcontentloaded" });
  await waitForBoard(page);
  await page.locator('[data-relay="joined"]').waitFor({ timeout: 30_000 });

  // None: the room runs by links, and its invite carries the offer.
  await openSettings(page);
  await field(page, "relays-off").check();
  await field(page, "turn-urls").fill("");
  await field(page, "turn-user").fill("");
  await field(page, "turn-password").fill("");
  await dialog(page).locator('[data-action="save-connection"]').click();
  await dialog(page).waitFor({ state: "detached" });
  assert.deepEqual(await stored(page), { relays: "off", stun: null, turn: null, ice: null });
  await page.reload({ waitUntil: "domcontentloaded" });
  await waitForBoard(page);
  assert.ok(decodeLink(await signalLink(page, "offer")).x, "the invite carries the offer");
  assert.equal(await page.locator("[data-relay]").count(), 0, "no relay asked");
  assertNoErrors(page);
});
