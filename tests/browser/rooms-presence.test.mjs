// Rooms as people leave them: a friend's tab or browser that just closes
// (no "Leave room", nothing sent) is told to the one left behind at once
// ("Connection lost", and the notice that their page closed), and the bar
// keeps saying it while the relay looks for them; when they come back the
// host hears it. A host whose guest went away opens a second room in the
// same tab (no reload) and a fresh guest meets it through the relay. The
// friend back from a fresh browser (no seat key) reads that the seat is
// the first browser's, and the host that someone knocked. With
// relays off the bar says the room runs by links and what to send, not
// "Connecting… waiting for your friend". Once live, the room panel offers
// no link for the friend and no box for a reply: nothing goes by hand.
// In a clock game the clock of a friend who is gone stands still on the
// page of the one left behind (RULES.md §6), and runs again when they are back.
// A real WebTorrent tracker (bittorrent-tracker) runs on 127.0.0.1.
import { test } from "node:test";
import assert from "node:assert/strict";
import { assertNoErrors, clickAction, playMove, snapshot } from "./lib/harness.mjs";
import {
  hostRoom, openLink, offeredLink, notice, livePlayer, relayPlayer, signalLink,
  waitForLive, waitForMoves, localRelayWorld,
} from "./lib/rooms.mjs";

const world = localRelayWorld();

const connection = (page) => page.locator("[data-connection]").getAttribute("data-connection");

/** Nothing to send by hand: no link for the friend, no reply to paste, the name still there. */
async function nothingByHand(page, who) {
  for (const sel of ["[data-friend-link]", '[data-field="room-paste"]', '[data-action="copy-friend-link"]', '[data-action="open-room-paste"]']) {
    assert.equal(await page.locator(sel).count(), 0, `${who}: live, the panel offers no ${sel}`);
  }
  assert.equal(await page.locator('[data-field="name"]').count(), 1, `${who}: the name stays`);
}

/** A guest (a browser of their own) opens `invite` through the relay; both pages go live. */
async function guestJoins(host, invite) {
  const guest = await relayPlayer(world.h, world.tracker.url);
  await openLink(guest.page, invite);
  await waitForLive(guest.page);
  await waitForLive(host);
  return guest;
}

/** A host's room through the relay, and a guest (a browser of their own) live in it. */
async function liveRoom() {
  const { page: host } = await relayPlayer(world.h, world.tracker.url);
  await hostRoom(host, world.h.url);
  await host.locator('[data-relay="joined"]').waitFor();
  const invite = await offeredLink(host);
  const guest = await guestJoins(host, invite);
  return { host, guest, invite };
}

/** The host's bar says the friend is lost, and the notice says their page closed. */
async function toldLost(host) {
  await host.locator('[data-notice="room.friend-lost"]').waitFor({ timeout: 15_000 });
  assert.match((await notice(host)).text, /Connection to your friend lost/);
  assert.equal(await connection(host), "lost");
  assert.match(await host.locator("[data-connection]").innerText(), /Connection lost/);
}

test("a guest whose tab closes: the host is told at once, the bar stays lost, and hears them come back", { timeout: 240_000 }, async () => {
  const { host, guest } = await liveRoom();
  await nothingByHand(host, "host");
  await nothingByHand(guest.page, "guest");

  // The guest's tab closes: no leave, nothing sent.
  const t0 = Date.now();
  await guest.page.close();
  await toldLost(host);
  console.log(`# the host was told in ${Date.now() - t0} ms`);
  // The relay's round looking for the guest says nothing over it.
  await new Promise((r) => setTimeout(r, 8_000));
  assert.equal(await connection(host), "lost", "still lost, not back to 'meets your friend through a relay'");
  assert.doesNotMatch(await host.locator("[data-connection]").innerText(), /through a relay/i);
  // The link for the friend is offered again (the game may go on by links).
  assert.equal(await host.locator("[data-friend-link]").count(), 1);

  // The guest comes back (their browser keeps the room): live again, and the host hears it.
  const back = await guest.context.newPage();
  await back.goto(world.h.url, { waitUntil: "domcontentloaded" });
  await back.locator("[data-room-code]").waitFor();
  await waitForLive(back, 45_000);
  await waitForLive(host, 45_000);
  await host.locator('[data-notice="room.friend-back"]').waitFor({ timeout: 15_000 });
  assert.match((await notice(host)).text, /is back/);
  assertNoErrors(host);
  assertNoErrors(back);
});

test("a second room in the same host tab connects with a fresh guest", { timeout: 240_000 }, async () => {
  const { page: host } = await relayPlayer(world.h, world.tracker.url);
  const first = await hostRoom(host, world.h.url);
  await host.locator('[data-relay="joined"]').waitFor();
  const guest = await guestJoins(host, await offeredLink(host));
  await guest.context.close();
  await toldLost(host);
  await new Promise((r) => setTimeout(r, 5_000));

  // A new room in the same tab: no reload.
  await host.locator('[data-action="play-friend"]').click();
  await host.locator('.dialog [data-action="confirm"]').click();
  await host.waitForFunction((old) => {
    const c = document.querySelector("[data-room-code]")?.textContent.trim();
    return c && c !== old;
  }, first);
  await host.locator('[data-relay="joined"]').waitFor();
  assert.notEqual(await connection(host), "lost", "nothing of the first room is shown");
  assert.match(await host.locator("[data-seat='top']").innerText(), /Free seat/);
  const fresh = await guestJoins(host, await offeredLink(host));
  // Live comes with the channel; the seat fills with the guest's first
  // message over it, a moment later.
  await host.locator('[data-seat="top"][data-free]').waitFor({ state: "detached", timeout: 10_000 })
    .catch(() => assert.fail("the fresh guest sits down"));
  await host.locator('[data-notice="room.friend-joined"]').waitFor({ timeout: 15_000 });
  assertNoErrors(host);
  assertNoErrors(fresh.page);
});

test("relays off: the bar says the room runs by links and what to send; live, nothing to send back", { timeout: 180_000 }, async () => {
  const { page: host } = await livePlayer(world.h);
  await hostRoom(host, world.h.url);
  const invite = await signalLink(host, "offer");
  const hostBar = await host.locator("[data-connection]").innerText();
  assert.doesNotMatch(hostBar, /Connecting/, "nothing connects until the reply comes back");
  assert.match(hostBar, /Not connected live · send your link, then open your friend's reply here/);

  const { page: guest } = await livePlayer(world.h);
  await openLink(guest, invite);
  const reply = await signalLink(guest, "answer");
  assert.match(await guest.locator("[data-connection]").innerText(), /send your reply link back to your friend/);
  await host.locator('[data-field="room-paste"]').fill(reply);
  await clickAction(host, "open-room-paste");
  await waitForLive(host);
  await waitForLive(guest);
  await nothingByHand(host, "host");
  await nothingByHand(guest, "guest");

  // The guest's tab closes: the host is told, and the links come back.
  await guest.close();
  await toldLost(host);
  assert.equal(await host.locator("[data-friend-link]").count(), 1, "by links again: the link for the friend");
  assert.equal(await host.locator('[data-field="room-paste"]').count(), 1);
  assertNoErrors(host);
});

/** A side's clock on `page`: its time left (ms) and whether it runs. */
async function clockOf(page, color) {
  const c = page.locator(`[data-clock="${color}"]`);
  return { ms: Number(await c.getAttribute("data-left-ms")), running: (await c.getAttribute("data-running")) !== null };
}

test("a clock game: the clock of a guest whose tab closed stands still on the host's page, and runs when they are back", { timeout: 240_000 }, async () => {
  const { page: host } = await relayPlayer(world.h, world.tracker.url);
  await host.goto(world.h.url, { waitUntil: "domcontentloaded" });
  await host.locator("[data-point]").first().waitFor();
  await host.locator('[data-action="play-friend"]').click();
  await host.locator('[data-field="clock"]').selectOption("3+2");
  await host.locator('.dialog [data-action="confirm"]').click();
  await host.locator('[data-relay="joined"]').waitFor();
  const guest = await guestJoins(host, await offeredLink(host));
  await playMove(host, "a1", "light");
  await waitForMoves(guest.page, 1);
  assert.ok((await clockOf(host, "dark")).running, "the guest's clock runs on their turn");

  await guest.page.close();
  await toldLost(host);
  const stood = await clockOf(host, "dark");
  assert.ok(!stood.running, "the clock of a friend who is gone stands still");
  await new Promise((r) => setTimeout(r, 3_000));
  assert.equal((await clockOf(host, "dark")).ms, stood.ms, "nothing runs out while they are gone");
  assert.doesNotMatch((await snapshot(host)).status, /ran out of time/i);

  // Every notice the host's page shows from now on, kept: the one that
  // says the friend is back may come and go while the guest's page is
  // still on its way to live.
  await host.evaluate(() => {
    window.noticesSeen = new Set();
    const note = () => document.querySelectorAll("[data-notice]").forEach((n) => window.noticesSeen.add(n.dataset.notice));
    new MutationObserver(note).observe(document, { subtree: true, childList: true, attributes: true });
  });
  const back = await guest.context.newPage();
  await back.goto(world.h.url, { waitUntil: "domcontentloaded" });
  await waitForLive(back, 45_000);
  await host.waitForFunction(() => window.noticesSeen.has("room.friend-back"), null, { timeout: 15_000 });
  await host.waitForFunction(() => document.querySelector('[data-clock="dark"]')?.hasAttribute("data-running"));
  assertNoErrors(host);
});

test("a guest back from a fresh browser (no seat key) is told in plain words the seat is taken, and the host that someone knocked", { timeout: 240_000 }, async () => {
  const { host, guest, invite } = await liveRoom();
  // The guest's browser closes; they open the same invite in a fresh one.
  await guest.context.close();
  await toldLost(host);
  await new Promise((r) => setTimeout(r, 3_000));
  const { page: fresh } = await relayPlayer(world.h, world.tracker.url);
  await openLink(fresh, invite);
  await fresh.locator('[data-notice="room.seat-taken"]').waitFor({ timeout: 30_000 });
  assert.match((await notice(fresh)).text, /belongs to the browser that first opened this invite/);
  // The bar keeps saying why, in plain words, and offers no connection.
  await fresh.locator('[data-relay="taken"]').waitFor();
  assert.match(await fresh.locator("[data-connection]").innerText(), /seat is taken.*another browser/);
  assert.equal(await fresh.locator('[data-action="connect-live"]').count(), 0);
  // The host hears that someone knocked; the friend's seat stays lost.
  await host.locator('[data-notice="room.knocked"]').waitFor({ timeout: 15_000 });
  assert.match((await notice(host)).text, /opened your invite in another browser/);
  assert.equal(await connection(host), "lost");
  await new Promise((r) => setTimeout(r, 16_000));
  assert.equal(await fresh.locator('[data-relay="taken"]').count(), 1, "still says so after a relay round");
  assertNoErrors(host);
  assertNoErrors(fresh);
});
