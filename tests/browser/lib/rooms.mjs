// Helpers for the room tests: two people, each in a browser context of
// their own (own localStorage, own clipboard), meeting in a room.
import assert from "node:assert/strict";
import zlib from "node:zlib";
import { waitForBoard, waitForState, moveCount, seatText, snapshot } from "./harness.mjs";

/** Context options for a player: the clipboard may be read and written. */
export const PLAYER = { permissions: ["clipboard-read", "clipboard-write"] };

/** Opens the page, clicks "Play a friend", picks the variant and opens the room. */
export async function hostRoom(page, url, { variant = "nine", color = "light" } = {}) {
  await page.goto(url, { waitUntil: "domcontentloaded" });
  await waitForBoard(page);
  await page.locator('[data-action="play-friend"]').click();
  await page.locator('[data-field="variant"]').selectOption(variant);
  assert.equal(await page.locator('[data-field="mode"]').inputValue(), "room", "the dialog opens set to a room");
  await page.locator('[data-field="color"]').selectOption(color);
  await page.locator('.dialog [data-action="confirm"]').click();
  await page.locator("[data-room-code]").waitFor();
  return (await page.locator("[data-room-code]").innerText()).trim();
}

/** The link the page offers the friend (invite before the guest sits down, else the link for your friend). */
export async function offeredLink(page) {
  const field = page.locator("[data-invite-link], [data-friend-link]").first();
  await field.waitFor();
  const link = await field.inputValue();
  assert.match(link, /#room=[A-Za-z0-9_-]+$/, "a room link in the field");
  return link;
}

/** Opens a link from the friend in this page (as pasting it in the address bar does). */
export async function openLink(page, link) {
  await page.goto(link, { waitUntil: "domcontentloaded" });
  await waitForBoard(page);
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

/** The room payload of a link, decoded as the app writes it (deflated JSON, base64url). */
export function decodeLink(link) {
  const payload = link.split("#room=")[1];
  return JSON.parse(zlib.inflateRawSync(Buffer.from(payload, "base64url")).toString("utf8"));
}

/** A room link with this JSON, packed as the app packs it. */
export function encodeLink(base, wire) {
  const payload = zlib.deflateRawSync(Buffer.from(JSON.stringify(wire), "utf8")).toString("base64url");
  return `${base.split("#")[0]}#room=${payload}`;
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
