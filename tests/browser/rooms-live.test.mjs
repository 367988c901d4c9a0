// Rooms live: two browser contexts of headless Chromium meet in a room and
// play over a WebRTC data channel (loopback host candidates only; no STUN,
// no TURN, no signalling server): the invite link carries the host's offer,
// the guest's page gives back a reply link the host pastes. A whole game to
// the end, a rematch with colours swapped, a draw offered by the guest and
// declined by the host, a resignation (confirmed), a rematch; then the host
// drops (reloads) and they reconnect by a fresh exchange — the reply opened
// in a new tab of the host's browser is handed to the room's tab — with the
// game kept. Presence: the host is told the guest sat down, the guest that
// the host is back, and then that the host left the room for good.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  startHarness, snapshot, playMove, piecesOf, screenshot, assertNoErrors, clickAction, waitForState,
  moveCount, statusText,
} from "./lib/harness.mjs";
import {
  hostRoom, openLink, notice, waitForMoves, seats, RTC_ARGS, livePlayer, signalLink, waitForLive, PLAYER,
  GAME,
} from "./lib/rooms.mjs";


let h;
before(async () => {
  h = await startHarness({ args: RTC_ARGS });
});
after(() => h?.close());

/** One turn live: `mover` plays, the other page shows it with no link opened. */
async function turnLive(mover, other, move, color) {
  const n = moveCount(await snapshot(mover));
  await playMove(mover, move, color);
  const snap = await waitForMoves(other, n + 1, `the friend's page to show ${move} live`);
  assert.equal(snap.moves[n].replace(/\s+/g, ""), move);
}

test("rooms live: a whole game over the data channel, draw declined, resignation, rematches, reconnection", { timeout: 600_000 }, async () => {
  const { context: hostContext, page: host } = await livePlayer(h);
  const code = await hostRoom(host, h.url);
  assert.match(await host.locator("[data-seat='top']").innerText(), /Free seat/);
  // The invite link carries the host's offer once gathered.
  const invite = await signalLink(host, "offer");
  await clickAction(host, "copy-invite");
  assert.equal(await host.evaluate(() => navigator.clipboard.readText()), invite, "Copy invite link copies the link with the offer");
  assert.match(await host.locator("[data-connection]").innerText(), /Not connected live · send your link/, "by links: what to send, not \"Connecting…\"");
  // The host opening their own invite changes nothing and keeps the offer.
  await openLink(host, invite);
  assert.match((await notice(host))?.text ?? "", /own side/);
  assert.equal(await signalLink(host, "offer"), invite, "the offer still stands");

  const { page: guest } = await livePlayer(h);
  await openLink(guest, invite);
  await guest.locator("[data-room-code]").waitFor();
  assert.equal((await guest.locator("[data-room-code]").innerText()).trim(), code);
  // The guest's page answers; the reply goes back by hand (pasted here).
  const reply = await signalLink(guest, "answer");
  assert.match(await guest.locator(".room-box.due h2").first().innerText(), /reply link/i, "the guest is asked to send the reply");
  // Pasted as a bare code (the part after #room=), as a chat might carry it.
  await host.locator('[data-field="room-paste"]').fill(reply.split("#room=")[1]);
  await clickAction(host, "open-room-paste");
  await waitForLive(host);
  await waitForLive(guest);
  assert.match(await host.locator("[data-connection]").innerText(), /Connected live/);
  assert.match(await guest.locator("[data-connection]").innerText(), /Connected live/);
  assert.equal(await host.locator('[data-seat="top"][data-free]').count(), 0, "the guest sits in the free seat");
  // The host is told the guest sat down.
  await host.locator('[data-notice="room.friend-joined"]').waitFor();
  assert.match((await notice(host)).text, /sat down at your table/);
  await screenshot(host, "room-live-host");
  await screenshot(guest, "room-live-guest");

  // A whole game, live.
  for (let i = 0; i < GAME.length; i++) {
    const hostTurn = i % 2 === 0;
    await turnLive(hostTurn ? host : guest, hostTurn ? guest : host, GAME[i], hostTurn ? "light" : "dark");
  }
  for (const p of [host, guest]) {
    const snap = await waitForState(p, (s) => /Light wins/.test(s.status), "light to win on both pages");
    assert.equal(piecesOf(snap, "dark").length, 2);
  }

  // Rematch: the guest offers, the host accepts; colours swap.
  await clickAction(guest, "rematch");
  await waitForState(host, (s) => s.actions.includes("accept-rematch"), "the rematch offer on the host's page");
  await clickAction(host, "accept-rematch");
  await waitForState(guest, (s) => moveCount(s) === 0 && /Your turn/.test(s.status), "the rematch on the guest's page, guest to open");
  assert.equal((await seats(guest)).bottom, "light", "the guest has light and opens");
  assert.equal((await seats(host)).bottom, "dark");

  await turnLive(guest, host, "d6", "light");
  await turnLive(host, guest, "d2", "dark");
  // The guest offers a draw; the host declines.
  await clickAction(guest, "offer-draw");
  await waitForState(host, (s) => s.actions.includes("decline-draw"), "the draw offer on the host's page");
  await clickAction(host, "decline-draw");
  await guest.locator('[data-notice="draw.declined"]').waitFor();
  assert.equal(await guest.locator('[data-waiting="draw"]').count(), 0);
  // The guest resigns, after confirming.
  await clickAction(guest, "resign");
  assert.equal(await host.locator('[data-action="confirm"]').count(), 0);
  await clickAction(guest, "confirm");
  await waitForState(host, (s) => /Dark wins · Light resigned/.test(s.status), "the resignation on the host's page");
  assert.match(await statusText(guest), /Dark wins · Light resigned/);
  // Rematch: the host offers, the guest accepts; colours swap back.
  await clickAction(host, "rematch");
  await waitForState(guest, (s) => s.actions.includes("accept-rematch"), "the rematch offer on the guest's page");
  await clickAction(guest, "accept-rematch");
  await waitForState(host, (s) => moveCount(s) === 0 && /Your turn/.test(s.status), "game 3, host to open");
  await turnLive(host, guest, "a1", "light");

  // The host drops (reloads): the guest sees it; the game is kept.
  await host.reload({ waitUntil: "domcontentloaded" });
  await guest.locator('[data-connection="lost"]').waitFor({ timeout: 40_000 });
  await host.locator("[data-room-code]").waitFor();
  assert.deepEqual((await snapshot(host)).moves, ["a1"], "the host's page kept the game");
  // A fresh exchange: the host's new link carries an offer; the guest opens it.
  await clickAction(host, "connect-live");
  const fresh = await signalLink(host, "offer");
  await openLink(guest, fresh);
  const reply2 = await signalLink(guest, "answer");
  // The host opens the reply in a new tab: it is handed to the room's tab.
  const tab = await hostContext.newPage();
  await tab.goto(reply2, { waitUntil: "domcontentloaded" });
  await tab.locator('[data-notice="room.handed"]').waitFor();
  await waitForLive(host);
  await waitForLive(guest);
  // The guest, who saw the host drop, is told the host is back.
  await guest.locator('[data-notice="room.friend-back"]').waitFor();
  assert.match((await notice(guest)).text, /is back: connected live again/);
  await turnLive(guest, host, "b2", "dark");
  assert.deepEqual((await snapshot(host)).moves, ["a1", "b2"]);
  await screenshot(guest, "room-live-reconnected");
  // The host leaves the room for good: the guest's page says so.
  await host.locator(`[data-room-leave="${code}"]`).click();
  await host.locator(`[data-room-leave-sure="${code}"]`).click();
  await guest.locator('[data-notice="room.friend-left"]').waitFor({ timeout: 10_000 });
  assert.match((await notice(guest)).text, /left the room/);
  await guest.locator('[data-connection="lost"]').waitFor({ timeout: 40_000 });
  // The bar says the same as the notice, and keeps saying it once the notice is gone.
  assert.match(await guest.locator("[data-connection]").innerText(), /left the room · the game waits for them/);
  assert.doesNotMatch(await guest.locator("[data-connection]").innerText(), /Connection lost/);
  assertNoErrors(host);
  assertNoErrors(guest);
});

test("no relay in reach: the host who reloads mid-game keeps Connect live, and its link then carries the offer that reconnects", { timeout: 180_000 }, async () => {
  // The public relays (the app's default) cannot be reached from here: as
  // for a person whose network blocks them, the room runs by links.
  const player = async () => {
    const { context, page } = await h.newPage(PLAYER);
    await context.addInitScript(() => localStorage.setItem("mulino.stun", "off"));
    return page;
  };
  const host = await player();
  await hostRoom(host, h.url);
  const invite = await signalLink(host, "offer", 40_000);
  const guest = await player();
  await openLink(guest, invite);
  await openLink(host, await signalLink(guest, "answer", 40_000));
  await waitForLive(host);
  await waitForLive(guest);
  await turnLive(host, guest, "d6", "light");
  // The host reloads. Twenty seconds later (past the relays' rounds) the
  // way back is still offered.
  await host.reload({ waitUntil: "domcontentloaded" });
  await host.locator("[data-room-code]").waitFor();
  await guest.locator('[data-connection="lost"]').waitFor({ timeout: 40_000 });
  await host.waitForTimeout(20_000);
  assert.equal(await host.locator("[data-connection]").getAttribute("data-connection"), "by-link", await host.locator("[data-connection]").innerText());
  await clickAction(host, "connect-live");
  const fresh = await signalLink(host, "offer");
  await openLink(guest, fresh);
  await openLink(host, await signalLink(guest, "answer"));
  await waitForLive(host);
  await waitForLive(guest);
  await turnLive(guest, host, "d2", "dark");
  assertNoErrors(host);
  assertNoErrors(guest);
});
