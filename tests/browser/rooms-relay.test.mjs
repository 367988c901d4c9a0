// Rooms through a relay: one invite link and nothing sent back by hand.
// A real WebTorrent tracker (the npm package bittorrent-tracker's Server,
// WebSocket only) runs on 127.0.0.1 and both pages' relay list points at
// it; no host name but 127.0.0.1 resolves in the browser. The host sends
// one invite (no connection offer in it: shorter), the guest opens it and
// the game goes live at the first move; the guest reloads and the room
// rejoins by itself with nothing lost or doubled; with the host away, a
// forger in the swarm (a tracker client of its own, `ws`) announces offers
// signed with another key, and with the host's key but a forged signature:
// the guest drops and counts both and answers neither; the host comes back
// and the game goes on. Prints the invite's length with and without the
// offer, and the time from opening the invite to the live channel.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import crypto from "node:crypto";
import net from "node:net";
import Server from "bittorrent-tracker/server";
import WebSocket from "ws";
import { startHarness, snapshot, playMove, screenshot, assertNoErrors, moveCount, waitForBoard } from "./lib/harness.mjs";
import {
  hostRoom, openLink, offeredLink, decodeLink, waitForMoves, RTC_ARGS, LOCAL_ONLY_ARGS, livePlayer, relayPlayer,
  signalLink, waitForLive, GAME,
} from "./lib/rooms.mjs";

let h;
let tracker;
let relays;
before(async () => {
  h = await startHarness({ args: [...RTC_ARGS, ...LOCAL_ONLY_ARGS] });
  tracker = new Server({ udp: false, http: false, ws: true, stats: false });
  // The tracker's warnings are bad messages from clients (the forger's are expected).
  tracker.on("warning", () => {});
  await new Promise((resolve) => tracker.listen(0, "127.0.0.1", resolve));
  relays = `ws://127.0.0.1:${tracker.http.address().port}`;
});
after(async () => {
  await h?.close();
  await new Promise((resolve) => (tracker ? tracker.close(resolve) : resolve()));
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
  return {
    heard,
    announce(make) {
      const id = crypto.randomBytes(20);
      const offers = [{ offer_id: id.toString("latin1"), offer: { type: "offer", sdp: make(id.toString("hex")) } }];
      ws.send(JSON.stringify({ action: "announce", info_hash: infoHash, peer_id: peerId, numwant: 1, uploaded: 0, downloaded: 0, left: 1, event: "started", offers }));
    },
    close: () => ws.close(),
  };
}

/** An envelope as the host's seat would send it (`m1 CODE h o ID KEY SIG`, a new line, the description), signed with `privateKey`. */
function envelope(code, offerIdHex, keyB64, privateKey, sdp) {
  const signed = `m1 ${code} h o ${offerIdHex} ${keyB64}\n${sdp}`;
  const sig = crypto.sign("sha256", Buffer.from(signed), { key: privateKey, dsaEncoding: "ieee-p1363" });
  return `m1 ${code} h o ${offerIdHex} ${keyB64} ${sig.toString("base64url")}\n${sdp}`;
}

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
  assert.match(await host.locator("[data-relay]").innerText(), /through a relay/);
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
  const f = await forger(code);
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
  assert.equal(f.heard.filter((m) => m.answer).length, 0, "the guest answered no forged offer");
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
  const port = tracker.http.address().port;
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

/** A tracker of the test's own on `port` (0: any free one), and a way to kill it with its sockets. */
async function ownTracker(port = 0) {
  const t = new Server({ udp: false, http: false, ws: true, stats: false });
  t.on("warning", () => {});
  const sockets = new Set();
  await new Promise((resolve) => t.listen(port, "127.0.0.1", resolve));
  t.http.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  return {
    port: t.http.address().port,
    kill: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => t.close(resolve));
    },
  };
}

test("a relay killed mid-game: the game goes on over the open channel, and a relay back on the same address rejoins a reload", { timeout: 180_000 }, async () => {
  let relay = await ownTracker();
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
    relay = await ownTracker(Number(new URL(url).port));
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
  assert.match(await third.locator('[data-notice="room.seat-taken"]').innerText(), /seat is taken/);
  assert.notEqual(await third.locator("[data-connection]").getAttribute("data-connection"), "live");
  // The two in the room play on, undisturbed.
  assert.equal(await host.locator("[data-connection]").getAttribute("data-connection"), "live");
  await turnLive(guest, host, GAME[1], "dark");
  assert.deepEqual(await moves(host), GAME.slice(0, 2));
  assertNoErrors(host);
  assertNoErrors(guest);
  assertNoErrors(third);
});
