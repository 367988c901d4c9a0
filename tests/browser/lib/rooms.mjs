// Helpers for the room tests: two people, each in a browser context of
// their own (own localStorage, own clipboard), meeting in a room.
import { before, after } from "node:test";
import assert from "node:assert/strict";
import zlib from "node:zlib";
import Server from "bittorrent-tracker/server";
import { startHarness, waitForBoard, waitForState, moveCount, seatText, snapshot } from "./harness.mjs";

/**
 * A whole Nine Men's Morris game, light (the host) against dark: the
 * hot-seat test's game, checked by hand against the rule book; light wins,
 * dark is left with two pieces.
 */
export const GAME = [
  "a1", "b2", "d1", "d2", "g1xb2", "f2", "g4", "b4", "g7xd2", "c3", "d7", "e3", "a7xc3", "c5", "a4xe3", "d5",
  "d3", "e4", "g4-f4", "b4-b6", "f4-g4xf2", "c5-c4", "g4-f4", "d5-d6", "f4-g4xe4", "c4-f4", "d1-d2", "b6-b2", "d2-d1xf4",
];

/** Context options for a player: the clipboard may be read and written. */
export const PLAYER = { permissions: ["clipboard-read", "clipboard-write"] };

/**
 * A player whose browser has no WebRTC (as where a live connection cannot
 * be made): the room goes on by links only.
 */
export async function linkPlayer(h) {
  const { context, page } = await h.newPage(PLAYER);
  await context.addInitScript(() => {
    window.RTCPeerConnection = undefined;
  });
  return { context, page };
}

/** Opens the page, clicks "Play a friend", picks the variant (and a clock) and opens the room. */
export async function hostRoom(page, url, { variant = "nine", color = "light", clock = null } = {}) {
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await waitForBoard(page);
  await page.locator('[data-action="play-friend"]').click();
  await page.locator('[data-field="variant"]').selectOption(variant);
  assert.equal(await page.locator('[data-field="mode"]').inputValue(), "room", "the dialog opens set to a room");
  await page.locator('[data-field="color"]').selectOption(color);
  if (clock) await page.locator('[data-field="clock"]').selectOption(clock);
  await page.locator('.dialog [data-action="confirm"]').click();
  await page.locator("[data-room-code]").waitFor();
  return (await page.locator("[data-room-code]").innerText()).trim();
}

/** The value of a link field once it holds a room link (it is empty while the room is being signed). */
async function linkIn(field, timeout = 15_000) {
  await field.waitFor({ timeout });
  await field.page().waitForFunction(
    (el) => /#room=[A-Za-z0-9_-]+$/.test(el.value), await field.elementHandle(), { timeout },
  );
  const link = await field.inputValue();
  assert.match(link, /#room=[A-Za-z0-9_-]+$/, "a room link in the field");
  return link;
}

/** The link the page offers the friend (invite before the guest sits down, else the link for your friend). */
export async function offeredLink(page) {
  return linkIn(page.locator("[data-invite-link], [data-friend-link]").first());
}

/**
 * Opens a link from the friend in this page (as pasting it in the address
 * bar does), and waits until the page has followed it (its signature is
 * checked asynchronously): `<html data-room-link="followed">`.
 */
export async function openLink(page, link) {
  if (!page.url().startsWith("about:")) {
    await page.evaluate(() => document.documentElement.removeAttribute("data-room-link"));
  }
  await page.goto(link, { waitUntil: "domcontentloaded" });
  await waitForBoard(page);
  await page.locator('html[data-room-link="followed"]').waitFor({ state: "attached" });
}

/** The notice on the page, if any: { key, text }. */
export async function notice(page) {
  const el = page.locator("[data-notice]").first();
  if ((await el.count()) === 0) return null;
  return { key: await el.getAttribute("data-notice"), text: (await el.innerText()).trim() };
}

/** Waits until the page shows `n` moves. */
export function waitForMoves(page, n, what = `${n} moves`) {
  return waitForState(page, (s) => moveCount(s) === n, what);
}

/**
 * The room a link carries, read as the app writes it (deflated
 * `key=value&…` text, values percent-encoded, base64url): an object of
 * strings, with `s` (the two action counts) as numbers.
 */
export function decodeLink(link) {
  const payload = link.split("#room=")[1];
  const text = zlib.inflateRawSync(Buffer.from(payload, "base64url")).toString("utf8");
  const wire = {};
  for (const field of text.split("&")) {
    const i = field.indexOf("=");
    wire[field.slice(0, i)] = decodeURIComponent(field.slice(i + 1));
  }
  wire.s = wire.s.split(",").map(Number);
  return wire;
}

/** Percent-encodes a value as the app writes it (link.rs `encode`). */
function escape(value) {
  let out = "";
  for (const b of Buffer.from(String(value), "utf8")) {
    const c = String.fromCharCode(b);
    out += /[A-Za-z0-9\-_.~:,/]/.test(c) ? c : `%${b.toString(16).toUpperCase().padStart(2, "0")}`;
  }
  return out;
}

/**
 * The text a seat signs for `wire`: every field but the signature, in the
 * app's order and escaping (`Wire::unsigned_text`).
 */
export function unsignedText(wire) {
  const fields = ["v", "c", "f", "r", "h", "g", "m", "e", "o"].map((k) => `${k}=${escape(wire[k] ?? "")}`);
  fields.push(`s=${wire.s.join(",")}`, `n0=${escape(wire.n0 ?? "")}`, `n1=${escape(wire.n1 ?? "")}`, `j=${wire.j ?? "0"}`);
  if (wire.x !== undefined) fields.push(`x=${escape(wire.x)}`);
  if (wire.t) fields.push(`t=${escape(wire.t)}`, `l=${escape(wire.l ?? "")}`);
  for (const k of ["k0", "k1"]) if (wire[k]) fields.push(`${k}=${escape(wire[k])}`);
  return fields.join("&");
}

/** A room link carrying `wire` (as decodeLink gives it, with its signature `z` if any), packed as the app packs it. */
export function encodeLink(base, wire) {
  const text = unsignedText(wire) + (wire.z ? `&z=${wire.z}` : "");
  const payload = zlib.deflateRawSync(Buffer.from(text, "utf8")).toString("base64url");
  return `${base.split("#")[0]}#room=${payload}`;
}

/**
 * `wire` signed as its sender's seat with the key that seat keeps in
 * `page`'s browser (IndexedDB `mulino-keys`): what a dishonest friend can
 * make with their own page.
 */
export async function signIn(page, wire) {
  const text = unsignedText(wire);
  const z = await page.evaluate(async ({ code, text }) => {
    const req = (r) => new Promise((ok, ko) => { r.onsuccess = () => ok(r.result); r.onerror = () => ko(r.error); });
    const db = await req(indexedDB.open("mulino-keys"));
    const seat = await req(db.transaction("seats").objectStore("seats").get(code));
    const sig = await crypto.subtle.sign({ name: "ECDSA", hash: "SHA-256" }, seat.private, new TextEncoder().encode(text));
    return btoa(String.fromCharCode(...new Uint8Array(sig))).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
  }, { code: wire.c, text });
  return { ...wire, z };
}

/**
 * `wire` signed as its sender's seat with a key of the forger's own (a
 * fresh P-256 pair, its public key put in the sender's `k0`/`k1`): what
 * anyone who saw a link can make.
 */
export async function signWithOwnKey(wire) {
  const { subtle } = globalThis.crypto;
  const pair = await subtle.generateKey({ name: "ECDSA", namedCurve: "P-256" }, true, ["sign", "verify"]);
  const raw = Buffer.from(await subtle.exportKey("raw", pair.publicKey)).toString("base64url");
  const forged = { ...wire, [wire.f === "h" ? "k0" : "k1"]: raw };
  const sig = await subtle.sign({ name: "ECDSA", hash: "SHA-256" }, pair.privateKey, Buffer.from(unsignedText(forged), "utf8"));
  return { ...forged, z: Buffer.from(sig).toString("base64url") };
}

/** Seat colours and texts as a player reads them. */
export async function seats(page) {
  const s = await snapshot(page);
  return {
    bottom: await page.locator('[data-seat="bottom"]').getAttribute("data-color"),
    top: await page.locator('[data-seat="top"]').getAttribute("data-color"),
    bottomText: await seatText(page, "bottom"),
    topText: await seatText(page, "top"),
    status: s.status,
  };
}

/**
 * Chromium flags for a WebRTC data channel between two contexts of one
 * headless browser on this machine: host candidates as plain addresses
 * (not mDNS names), loopback allowed. No STUN: the pages are told so.
 */
export const RTC_ARGS = ["--disable-features=WebRtcHideLocalIpsWithMdns", "--allow-loopback-in-peer-connection"];

/**
 * A player's page whose app asks no STUN server (loopback candidates only)
 * and no relay: the connection data travels in links.
 */
export async function livePlayer(h) {
  const { context, page } = await h.newPage(PLAYER);
  await context.addInitScript(() => {
    localStorage.setItem("mulino.stun", "off");
    localStorage.setItem("mulino.relays", "off");
  });
  return { context, page };
}

/**
 * A player's page whose app meets the friend through the relays `relays`
 * (`ws://127.0.0.1:PORT`, a tracker started by the test), with no STUN.
 */
export async function relayPlayer(h, relays) {
  const { context, page } = await h.newPage(PLAYER);
  await context.addInitScript((list) => {
    localStorage.setItem("mulino.stun", "off");
    localStorage.setItem("mulino.relays", list);
  }, relays);
  return { context, page };
}

/**
 * Chromium flags that keep a page on this machine: every host name but
 * 127.0.0.1 fails to resolve (the default public relays and STUN too).
 */
export const LOCAL_ONLY_ARGS = ["--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1"];

/** The link in the room panel once it carries a connection offer or answer. */
export async function signalLink(page, kind, timeout = 30_000) {
  const field = page.locator(`[data-invite-link][data-signal="${kind}"], [data-friend-link][data-signal="${kind}"]`).first();
  return linkIn(field, timeout);
}

/** Waits until the page says it is connected live. */
export function waitForLive(page, timeout = 30_000) {
  return page.locator('[data-connection="live"]').waitFor({ timeout });
}

/**
 * A real WebTorrent tracker (the npm package bittorrent-tracker's Server,
 * WebSocket only) on 127.0.0.1:`port` (0: any free one): its port, its
 * address for `mulino.relays`, and a way to kill it with its sockets. Its
 * warnings (bad messages from clients) are not the test's business.
 */
export async function startTracker(port = 0) {
  const t = new Server({ udp: false, http: false, ws: true, stats: false });
  t.on("warning", () => {});
  const sockets = new Set();
  await new Promise((resolve) => t.listen(port, "127.0.0.1", resolve));
  t.http.on("connection", (s) => {
    sockets.add(s);
    s.on("close", () => sockets.delete(s));
  });
  const bound = t.http.address().port;
  return {
    port: bound,
    url: `ws://127.0.0.1:${bound}`,
    kill: () => {
      for (const s of sockets) s.destroy();
      return new Promise((resolve) => t.close(resolve));
    },
  };
}

/**
 * The browser of a test file whose rooms meet through a relay of its own:
 * Chromium with WebRTC on loopback and nothing but 127.0.0.1 resolving,
 * and a real tracker on 127.0.0.1, started before the file's tests and
 * closed after them (`world.h`, `world.tracker` once started).
 */
export function localRelayWorld() {
  const world = { h: null, tracker: null };
  before(async () => {
    world.h = await startHarness({ args: [...RTC_ARGS, ...LOCAL_ONLY_ARGS] });
    world.tracker = await startTracker();
  });
  after(async () => {
    await world.h?.close();
    await world.tracker?.kill();
  });
  return world;
}
