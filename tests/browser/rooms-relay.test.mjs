// Rooms through a relay: one invite link and nothing sent back by hand.
// A real WebTorrent tracker (the npm package bittorrent-tracker's Server,
// WebSocket only) runs on 127.0.0.1 and both pages' relay list points at
// it; no host name but 127.0.0.1 resolves in the browser. The host sends
// one invite (no connection offer in it: shorter), the guest opens it and
// the game goes live at the first move; the guest reloads and the room
// rejoins by itself with nothing lost or doubled; with the host away, a
// forger in the swarm (a tracker client of its own, `ws`) announces offers
// signed with another key, and with the host's key but a forged signature:
// the guest drops and counts both and answers neither; it replays the
// host's own offers it heard in the swarm since the room opened (signed
// and genuine, but made for hellos of the guest's page before its
// reload): the guest answers none; the host comes back and the game goes on. Prints the invite's length with and without the
// offer, and the time from opening the invite to the live channel.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import crypto from "node:crypto";
import net from "node:net";
import WebSocket from "ws";
import { startHarness, snapshot, playMove, screenshot, assertNoErrors, moveCount, waitForBoard } from "./lib/harness.mjs";
import {
  hostRoom, openLink, offeredLink, decodeLink, waitForMoves, RTC_ARGS, LOCAL_ONLY_ARGS, livePlayer, relayPlayer,
  signalLink, waitForLive, GAME, startTracker,
} from "./lib/rooms.mjs";

let h;
let tracker;
let relays;
before(async () => {
  h = await startHarness({ args: [...RTC_ARGS, ...LOCAL_ONLY_ARGS] });
  // The tracker's warnings are bad messages from clients (the forger's are expected).
  tracker = await startTracker();
  relays = tracker.url;
});
after(async () => {
  await h?.close();
  await tracker?.kill();
});

/** One turn live: `mover` plays, the other page shows it with no link opened. */
async function turnLive(mover, other, move, color) {
  const n = moveCount(await snapshot(mover));
  await playMove(mover, move, color);
  const snap = await waitForMoves(other, n + 1, `the friend's page to show ${move} live`);
  assert.equal(snap.moves[n].replace(/\s+/g, ""), move);
}

const moves = async (page) => (await snapshot(page)).moves.map((m) => m.replace(/\s+/g, ""));

/** The messages a relay brought to `page` that it dropped. */
async function dropped(page) {
  return Number(await page.locator("[data-relay-dropped]").getAttribute("data-relay-dropped"));
}

/** The swarm of room `code` as the app names it: SHA-256 of the prefix and the code, first 20 bytes. */
const swarmOf = (code) => crypto.createHash("sha256").update(`mulino-room-v1:${code}`).digest().subarray(0, 20);

/**
 * A tracker client of the forger's own in the room's swarm: announces a
 * text as an offer (`make(offerIdHex)` writes it), and records every
 * message the tracker hands it.
 */
async function forger(code) {
  const ws = new WebSocket(relays);
  const heard = [];
  ws.on("message", (data) => heard.push(JSON.parse(data.toString())));
  await new Promise((resolve, reject) => {
    ws.once("open", resolve);
    ws.once("error", reject);
  });
  const peerId = crypto.randomBytes(20).toString("latin1");
  const infoHash = swarmOf(code).toString("latin1");
  const send = (offers) =>
    ws.send(JSON.stringify({ action: "announce", info_hash: infoHash, peer_id: peerId, numwant: offers.length, uploaded: 0, downloaded: 0, left: 1, event: "started", offers }));
  // In the swarm from now on: the tracker hands it copies of what the seats announce.
  send([]);
  return {
    heard,
    /** The offers the host's seat announced that reached the forger. */
    hostOffers: () => heard.filter((m) => m.offer && m.offer.sdp.startsWith(`m2 ${code} h o `)),
    announce(make) {
      const id = crypto.randomBytes(20);
      send([{ offer_id: id.toString("latin1"), offer: { type: "offer", sdp: make(id.toString("hex")) } }]);
    },
    /** Announces a heard offer again, word for word, under its own (signed) offer id. */
    replay(m) {
      send([{ offer_id: m.offer_id, offer: m.offer }]);
    },
    close: () => ws.close(),
  };
}

/** An envelope as the host's seat would send it (`m2 CODE h o ID - KEY SIG`, a new line, the description), signed with `privateKey`. */
function envelope(code, offerIdHex, keyB64, privateKey, sdp) {
  const head = `m2 ${code} h o ${offerIdHex} - ${keyB64}`;
  const sig = crypto.sign("sha256", Buffer.from(`${head}\n${sdp}`), { key: privateKey, dsaEncoding: "ieee-p1363" });
  return `${head} ${sig.toString("base64url")}\n${sdp}`;
}

/** The answers the forger was handed for offer ids it announced. */
const answersTo = (f) => f.heard.filter((m) => m.answer);

test("rooms through a relay: one link, live at once, a reload rejoins, forged offers refused", { timeout: 300_000 }, async () => {
  // Before: the invite of a room without a relay carries the offer.
  const { page: old } = await livePlayer(h);
  await hostRoom(old, h.url);
  const before = (await signalLink(old, "offer")).split("#room=")[1].length;
  // With the default relays (the public trackers), out of reach here: the
  // room says it runs by links, and its invite carries the offer.
  const { page: plain } = await h.newPage({ viewport: { width: 390, height: 844 } });
  await hostRoom(plain, h.url);
  await plain.locator('[data-relay="unreachable"]').waitFor();
  assert.match(await plain.locator("[data-relay]").innerText(), /No relay reachable: play by links/);
  assert.ok(decodeLink(await signalLink(plain, "offer")).x, "the invite carries the offer");
  assertNoErrors(plain);
  await plain.close();
  await old.close();

  const { context: hostContext, page: host } = await relayPlayer(h, relays);
  const code = await hostRoom(host, h.url);
  await host.locator('[data-relay="joined"]').waitFor();
  // A tracker client in the room's swarm from the start hears what the seats announce.
  const f = await forger(code);
  assert.match(await host.locator("[data-relay]").innerText(), /through a relay: your friend only needs to open the invite/i);
  const invite = await offeredLink(host);
  const wire = decodeLink(invite);
  assert.equal(wire.x, undefined, "the invite carries no connection offer: the relay brings it");
  assert.equal(wire.c, code);
  const after = invite.split("#room=")[1].length;
  assert.ok(after < before / 2, `the invite is shorter: ${after} < ${before} / 2`);
  console.log(`# invite payload: ${before} characters with the offer, ${after} through a relay`);

  // The guest opens the one link; nothing goes back by hand.
  const { page: guest } = await relayPlayer(h, relays);
  const t0 = Date.now();
  await openLink(guest, invite);
  await waitForLive(guest);
  await waitForLive(host);
  const ms = Date.now() - t0;
  console.log(`# from opening the invite to the live channel: ${ms} ms (local tracker)`);
  assert.equal(await guest.locator('[data-signal="answer"]').count(), 0, "no reply link for the guest to send");
  assert.equal(await guest.locator("[data-relay]").getAttribute("data-relay"), "joined");
  for (let i = 0; i < 6; i++) {
    await turnLive(i % 2 === 0 ? host : guest, i % 2 === 0 ? guest : host, GAME[i], i % 2 === 0 ? "light" : "dark");
  }
  await screenshot(guest, "room-relay-guest");

  // The guest reloads: the room rejoins through the relay by itself.
  await guest.reload({ waitUntil: "domcontentloaded" });
  await waitForBoard(guest);
  await guest.locator(`[data-room-code]`).waitFor();
  await waitForLive(guest, 45_000);
  await waitForLive(host, 45_000);
  assert.deepEqual(await moves(guest), GAME.slice(0, 6), "nothing lost on the guest's page");
  assert.deepEqual(await moves(host), GAME.slice(0, 6), "nothing lost or doubled on the host's page");
  for (let i = 6; i < 10; i++) {
    await turnLive(i % 2 === 0 ? host : guest, i % 2 === 0 ? guest : host, GAME[i], i % 2 === 0 ? "light" : "dark");
  }
  assert.deepEqual(await moves(host), GAME.slice(0, 10));
  assert.deepEqual(await moves(guest), GAME.slice(0, 10));

  // The host goes away; the guest looks for it through the relay.
  await host.close();
  await guest.locator('[data-connection="lost"]').waitFor({ timeout: 40_000 });
  // The host's genuine offers heard so far, replayed: made for hellos of
  // the guest's page before it reloaded (or for none), none is answered.
  const genuine = f.hostOffers();
  assert.ok(genuine.length >= 1, `the forger heard the host's offers: ${genuine.length}`);
  console.log(`# replayed ${genuine.length} genuine offers of the host's to the reloaded guest`);
  for (const m of genuine) f.replay(m);
  await new Promise((r) => setTimeout(r, 3_000));
  assert.equal(answersTo(f).length, 0, `the guest answered none of ${genuine.length} replayed offers`);
  const sdp = "v=0\r\no=- 1 1 IN IP4 127.0.0.1\r\ns=-\r\nt=0 0\r\n";
  // Signed with another key than the host's.
  const other = crypto.generateKeyPairSync("ec", { namedCurve: "P-256" });
  const otherKey = other.publicKey.export({ format: "der", type: "spki" }).subarray(-65).toString("base64url");
  // And with the host's own key (from the invite), the signature made by another.
  for (const key of [otherKey, wire.k0]) {
    const drops = await dropped(guest);
    f.announce((id) => envelope(code, id, key, other.privateKey, sdp));
    await guest.waitForFunction(
      (n) => Number(document.querySelector("[data-relay-dropped]")?.getAttribute("data-relay-dropped")) > n,
      drops, { timeout: 15_000 },
    );
  }
  await new Promise((r) => setTimeout(r, 2_000));
  assert.equal(answersTo(f).length, 0, "the guest answered no forged offer");
  assert.notEqual(await guest.locator("[data-connection]").getAttribute("data-connection"), "live");
  assert.deepEqual(await moves(guest), GAME.slice(0, 10), "the forgeries changed nothing");
  f.close();

  // The host comes back (the page opens the room it keeps) and the game goes on.
  const back = await hostContext.newPage();
  await back.goto(h.url, { waitUntil: "domcontentloaded" });
  await back.locator(`[data-room="${code}"]`).waitFor();
  await waitForLive(back, 45_000);
  await waitForLive(guest, 45_000);
  await turnLive(back, guest, GAME[10], "light");
  assert.deepEqual(await moves(guest), GAME.slice(0, 11));
  await screenshot(back, "room-relay-host-back");
  assertNoErrors(guest);
  assertNoErrors(back);
});

/**
 * A relay that answers late: a TCP proxy to the tracker that holds each
 * connection `ms` before passing it on (the WebSocket handshake waits).
 */
async function slowRelay(ms) {
  const port = tracker.port;
  const held = new Set();
  const server = net.createServer((client) => {
    held.add(client);
    client.pause();
    const timer = setTimeout(() => {
      const upstream = net.connect(port, "127.0.0.1", () => {
        client.pipe(upstream).pipe(client);
        client.resume();
      });
      upstream.on("error", () => client.destroy());
      client.on("error", () => upstream.destroy());
      client.on("close", () => upstream.destroy());
    }, ms);
    client.on("close", () => {
      clearTimeout(timer);
      held.delete(client);
    });
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    url: `ws://127.0.0.1:${server.address().port}`,
    close: () => {
      for (const c of held) c.destroy();
      return new Promise((resolve) => server.close(resolve));
    },
  };
}

test("a relay that answers after the invite went out by link leaves the link's offer standing: one offer, answered once", { timeout: 120_000 }, async () => {
  const slow = await slowRelay(7_000);
  try {
    const { page: host } = await relayPlayer(h, slow.url);
    await hostRoom(host, h.url);
    // No relay within 5 s: the room runs by links and the invite carries an offer.
    await host.locator('[data-relay="unreachable"]').waitFor({ timeout: 15_000 });
    const invite = await signalLink(host, "offer");
    // Then the relay answers after all…
    await host.locator('[data-relay="joined"]').waitFor({ timeout: 20_000 });
    // …and the friend, with no relay, answers the invite's offer by link.
    const { page: guest } = await livePlayer(h);
    await openLink(guest, invite);
    const reply = await signalLink(guest, "answer");
    await openLink(host, reply);
    await waitForLive(host);
    await waitForLive(guest);
    await turnLive(host, guest, "d6", "light");
    assertNoErrors(host);
    assertNoErrors(guest);
  } finally {
    await slow.close();
  }
});

/** A host and a guest live through the relay at `url`, the host's first move played. */
async function liveThrough(url) {
  const { page: host } = await relayPlayer(h, url);
  await hostRoom(host, h.url);
  await host.locator('[data-relay="joined"]').waitFor();
  const invite = await offeredLink(host);
  const { page: guest } = await relayPlayer(h, url);
  await openLink(guest, invite);
  await waitForLive(guest);
  await waitForLive(host);
  await turnLive(host, guest, GAME[0], "light");
  return { host, guest, invite };
}

test("a relay killed mid-game: the game goes on over the open channel, and a relay back on the same address rejoins a reload", { timeout: 180_000 }, async () => {
  let relay = await startTracker();
  const url = `ws://127.0.0.1:${relay.port}`;
  try {
    const { host, guest } = await liveThrough(url);

    // The relay dies: nothing of the game needs it any more.
    await relay.kill();
    await host.locator('[data-relay="unreachable"], [data-connection="live"]').first().waitFor();
    await turnLive(guest, host, GAME[1], "dark");
    await turnLive(host, guest, GAME[2], "light");
    assert.equal(await host.locator("[data-connection]").getAttribute("data-connection"), "live");

    // A relay comes back at the same address; the guest reloads and the
    // host's page, trying the relay again by itself, meets it there.
    relay = await startTracker(Number(new URL(url).port));
    await guest.reload({ waitUntil: "domcontentloaded" });
    await waitForBoard(guest);
    await waitForLive(guest, 60_000);
    await waitForLive(host, 60_000);
    assert.deepEqual(await moves(guest), GAME.slice(0, 3), "nothing lost");
    await turnLive(guest, host, GAME[3], "dark");
    assert.deepEqual(await moves(host), GAME.slice(0, 4), "nothing lost or doubled");
    assertNoErrors(host, [/WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/' failed/]);
    assertNoErrors(guest, [/WebSocket connection to 'ws:\/\/127\.0\.0\.1:\d+\/' failed/]);
  } finally {
    await relay.kill();
  }
});

test("a second guest with the same invite is told the seat is taken; the game of the two in the room goes on", { timeout: 120_000 }, async () => {
  const { host, guest, invite } = await liveThrough(relays);

  // Someone else opens the same invite (another browser: another key).
  const { page: third } = await relayPlayer(h, relays);
  await openLink(third, invite);
  await third.locator('[data-notice="room.seat-taken"]').waitFor({ timeout: 30_000 });
  assert.match(await third.locator('[data-notice="room.seat-taken"]').innerText(), /seat belongs to the browser that first opened this invite/);
  await third.locator('[data-relay="taken"]').waitFor();
  // The host hears that someone knocked, and plays on.
  await host.locator('[data-notice="room.knocked"]').waitFor({ timeout: 15_000 });
  assert.notEqual(await third.locator("[data-connection]").getAttribute("data-connection"), "live");
  // The two in the room play on, undisturbed.
  assert.equal(await host.locator("[data-connection]").getAttribute("data-connection"), "live");
  await turnLive(guest, host, GAME[1], "dark");
  assert.deepEqual(await moves(host), GAME.slice(0, 2));
  assertNoErrors(host);
  assertNoErrors(guest);
  assertNoErrors(third);
});

test("two tabs of the same seat: one meets the friend, the other says so and plays through it, then takes over", { timeout: 180_000 }, async () => {
  const { host, guest } = await liveThrough(relays);
  // The host opens the app again in a second tab of the same browser: it
  // shows the room it keeps, and the first tab keeps the seat's connection.
  const second = await host.context().newPage();
  await second.goto(h.url, { waitUntil: "domcontentloaded" });
  await waitForBoard(second);
  await second.locator('[data-relay="elsewhere"]').waitFor();
  assert.match(await second.locator("[data-connection]").innerText(), /another tab of this browser/);
  assert.equal(await second.locator('[data-action="connect-live"]').count(), 0, "no second connection offered");
  assert.equal(await host.locator('[data-relay="elsewhere"]').count(), 0, "the first tab holds the seat");

  // The guest plays on with the first tab; the second tab takes the move up.
  await turnLive(guest, host, GAME[1], "dark");
  await waitForMoves(second, 2, "the second tab to take the guest's move up");
  // A move made in the second tab reaches the guest through the first
  // tab's channel, which stays the one open.
  await playMove(second, GAME[2], "light");
  await waitForMoves(guest, 3, "the guest to see the second tab's move");
  assert.equal(await guest.locator("[data-connection]").getAttribute("data-connection"), "live");

  // The first tab closes: the second takes the seat and meets the guest.
  await host.close();
  await second.locator('[data-relay="elsewhere"]').waitFor({ state: "detached", timeout: 15_000 });
  await waitForLive(second, 60_000);
  await waitForLive(guest, 60_000);
  await turnLive(guest, second, GAME[3], "dark");
  assert.deepEqual(await moves(second), GAME.slice(0, 4), "nothing lost or doubled");
  assert.deepEqual(await moves(guest), GAME.slice(0, 4));
  assertNoErrors(second);
  assertNoErrors(guest);
});

test("a guest with no relay in reach presses Connect live: the bar says what to send, and the link carries the offer", { timeout: 120_000 }, async () => {
  // The host meets through the test's relay: its invite carries no offer.
  const { page: host } = await relayPlayer(h, relays);
  await hostRoom(host, h.url);
  await host.locator('[data-relay="joined"]').waitFor();
  const invite = await offeredLink(host);
  // The guest's browser has the default relays, none of them in reach here.
  const { page: guest } = await h.newPage({ viewport: { width: 390, height: 844 } });
  await openLink(guest, invite);
  await guest.locator('[data-relay="unreachable"]').waitFor({ timeout: 20_000 });
  await guest.locator('[data-action="connect-live"]').click();
  await guest.locator("[data-connection]", { hasText: /send your link, then open your friend's reply here to connect/ }).waitFor();
  assert.ok(decodeLink(await signalLink(guest, "offer")).x, "the link for the friend carries the offer");
  assertNoErrors(host);
  assertNoErrors(guest, [/tracker|wss:/]);
});
