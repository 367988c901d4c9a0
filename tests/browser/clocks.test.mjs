// Clocks: two people at one screen start a game on a 1 minute + 2 seconds
// clock (the dialog's own minutes and increment); only the clock of the
// side to move counts down, a completed turn adds the increment, and the
// flag falls with the reason said. Then a room on a 3+2 clock: the invite
// carries the clocks, each turn the mover's time, and a flag that falls on
// the host's page ends the game on both. Time is the page's own clock,
// faked and moved on by playwright (`page.clock`), so nothing waits a minute;
// the guest's clock is seven hours behind the host's (a wrong clock, or
// another time zone set as the time): only durations travel, so nothing
// of it shows.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  startHarness, openGame, gameLink, playMove, waitForState, isOver, screenshot, assertNoErrors, snapshot, moveCount,
} from "./lib/harness.mjs";
import { linkPlayer, hostRoom, offeredLink, openLink, waitForMoves, decodeLink } from "./lib/rooms.mjs";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

/** A seat's clock: { ms, text, running, low, fallen }. */
async function clock(page, color) {
  const el = page.locator(`[data-clock="${color}"]`);
  await el.waitFor();
  return el.evaluate((e) => ({
    ms: Number(e.getAttribute("data-left-ms")),
    text: e.textContent.trim(),
    label: e.getAttribute("aria-label"),
    running: e.hasAttribute("data-running"),
    low: e.classList.contains("low"),
    fallen: e.classList.contains("fallen"),
  }));
}

/** Moves the page's clock on by `ms`, firing its timers, and lets the display catch up. */
async function pass(page, ms) {
  await page.clock.runFor(ms);
  await page.clock.runFor(250);
}

const near = (actual, expected, what, slack = 1_500) =>
  assert.ok(Math.abs(actual - expected) <= slack, `${what}: ${actual} ms, expected about ${expected}`);

test("hot-seat on a 1+2 clock: the side to move counts down, the increment, the flag", { timeout: 180_000 }, async () => {
  const { page } = await h.newPage();
  await page.clock.install({ time: new Date("2026-03-01T10:00:00Z") });
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));
  assert.equal(await page.locator("[data-clock]").count(), 0, "no clocks unless chosen");

  await page.locator('[data-action="new-game"]').first().click();
  await page.locator('[data-field="mode"]').selectOption("two-players");
  assert.equal(await page.locator('[data-field="clock"]').inputValue(), "off", "clocks are off by default");
  await page.locator('[data-field="clock"]').selectOption("custom");
  await page.locator('[data-field="clock-minutes"]').fill("1");
  await page.locator('[data-field="clock-minutes"]').dispatchEvent("change");
  await page.locator('[data-field="clock-increment"]').fill("2");
  await page.locator('[data-field="clock-increment"]').dispatchEvent("change");
  assert.equal(await page.locator('[data-field="clock"]').inputValue(), "custom");
  await screenshot(page, "clocks-dialog");
  await page.locator('.dialog [data-action="confirm"]').click();

  let light = await clock(page, "light");
  let dark = await clock(page, "dark");
  assert.equal(light.text, "1:00");
  assert.equal(dark.text, "1:00");
  assert.ok(!light.running && !dark.running, "no clock runs before the first turn");
  assert.match(light.label, /Light.*1:00/, "the clock is named for a screen reader");

  await playMove(page, "a1", "light");
  await pass(page, 10_000);
  light = await clock(page, "light");
  dark = await clock(page, "dark");
  assert.equal(light.ms, 60_000, "light's clock waits while dark thinks");
  assert.ok(dark.running && !light.running, "only dark's clock runs");
  near(dark.ms, 50_000, "dark after ten seconds");

  await playMove(page, "b2", "dark");
  dark = await clock(page, "dark");
  near(dark.ms, 52_000, "dark after its turn, with the 2 s increment");
  assert.ok(!dark.running);
  await pass(page, 5_000);
  near((await clock(page, "light")).ms, 55_000, "light runs from dark's turn");

  // Light runs low: under twenty seconds the clock is marked.
  await pass(page, 40_000);
  light = await clock(page, "light");
  assert.ok(light.low, `light is low at ${light.text}`);
  await screenshot(page, "clocks-low");

  // The flag falls: the game ends, dark wins on time.
  await pass(page, 20_000);
  const snap = await waitForState(page, (s) => isOver(s), "the flag to end the game");
  assert.match(snap.status, /dark wins/i);
  assert.match(snap.status, /light ran out of time/i);
  assert.match(snap.statusValue, /0-1 time/);
  light = await clock(page, "light");
  assert.ok(light.fallen && light.ms === 0 && !light.running, "light's clock shows zero");
  near((await clock(page, "dark")).ms, 52_000, "dark's clock stopped where it was");
  await screenshot(page, "clocks-flag");
  assertNoErrors(page);
});

test("hot-seat clocks survive a reload: each side keeps its time, the side to move from its turn's start", { timeout: 180_000 }, async () => {
  const { page } = await h.newPage();
  await page.clock.install({ time: new Date("2026-03-01T10:00:00Z") });
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));
  await page.locator('[data-action="new-game"]').first().click();
  await page.locator('[data-field="mode"]').selectOption("two-players");
  await page.locator('[data-field="clock"]').selectOption("3+2");
  await page.locator('.dialog [data-action="confirm"]').click();
  await playMove(page, "a1", "light");
  await pass(page, 10_000);
  await playMove(page, "b2", "dark");
  near((await clock(page, "dark")).ms, 172_000, "dark after ten seconds and the increment");
  await pass(page, 5_000);
  await page.reload({ waitUntil: "domcontentloaded" });
  await page.locator("[data-point]").first().waitFor();
  let light = await clock(page, "light");
  const dark = await clock(page, "dark");
  near(dark.ms, 172_000, "dark's time kept");
  near(light.ms, 180_000, "light's turn starts again from its time at the turn's start");
  assert.ok(light.running && !dark.running, "the side to move runs again");
  assert.deepEqual((await snapshot(page)).moves, ["a1", "b2"]);
  await pass(page, 4_000);
  await playMove(page, "d1", "light");
  light = await clock(page, "light");
  near(light.ms, 178_000, "four seconds spent after the reload, two added");
  assertNoErrors(page);
});

test("a room on a 3+2 clock: the invite carries it, turns carry the time (whatever the guest's clock says), the host's flag ends both games", { timeout: 240_000 }, async () => {
  const { page: host } = await linkPlayer(h);
  await host.clock.install({ time: new Date("2026-03-01T10:00:00Z") });
  const { page: guest } = await linkPlayer(h);
  await guest.clock.install({ time: new Date("2026-03-01T03:00:00Z") });

  await host.goto(h.url, { waitUntil: "domcontentloaded" });
  await host.locator("[data-point]").first().waitFor();
  await host.locator('[data-action="play-friend"]').click();
  await host.locator('[data-field="clock"]').selectOption("3+2");
  await host.locator('.dialog [data-action="confirm"]').click();
  await host.locator("[data-room-code]").waitFor();
  await playMove(host, "a1", "light");
  const invite = await offeredLink(host);
  const wire = decodeLink(invite);
  assert.equal(wire.t, "3+2", "the invite carries the clocks");
  assert.equal(wire.v, "3");

  await openLink(guest, invite);
  await waitForMoves(guest, 1);
  near((await clock(guest, "dark")).ms, 180_000, "the guest has its three minutes");
  await pass(guest, 30_000);
  near((await clock(guest, "dark")).ms, 150_000, "the guest's clock runs from when the turn came");
  await playMove(guest, "b2", "dark");
  near((await clock(guest, "dark")).ms, 152_000, "with the increment");

  await openLink(host, await offeredLink(guest));
  await waitForMoves(host, 2);
  near((await clock(host, "dark")).ms, 152_000, "the host takes the guest's word on its time");
  assert.ok((await clock(host, "light")).running, "the host's clock runs");

  // Light's time runs out on the host's page, which ends the game.
  await pass(host, 181_000);
  const over = await waitForState(host, (s) => isOver(s), "the host's flag to fall");
  assert.match(over.status, /ran out of time/i);
  // The guest's page learns it from the host's link.
  await openLink(guest, await offeredLink(host));
  const seen = await waitForState(guest, (s) => isOver(s), "the guest to see the flag");
  assert.match(seen.status, /dark wins/i);
  assert.match(seen.status, /ran out of time/i);
  assert.equal(moveCount(await snapshot(guest)), 2);
  await screenshot(guest, "clocks-room-flag");
  assertNoErrors(host);
  assertNoErrors(guest);
});
