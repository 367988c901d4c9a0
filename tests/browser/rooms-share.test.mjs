// Passing the link on: where the browser has a share sheet (the Web Share
// API: phones, Windows, macOS, ChromeOS; not Chromium on Linux, where
// these tests run), the room offers "Share…" beside the link, and it hands
// the sheet the link itself, a title and a line of text. The test plays
// the platform's part: navigator.share records what it was given. Without
// one, no button (every other room test).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startHarness, assertNoErrors } from "./lib/harness.mjs";
import { hostRoom, offeredLink, openLink, signalLink } from "./lib/rooms.mjs";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

/** A page whose browser has a share sheet that records what it is given. */
async function sharingPage(viewport) {
  const { page, context } = await h.newPage({ viewport });
  await context.addInitScript(() => {
    localStorage.setItem("mulino.relays", "off");
    window.shared = [];
    navigator.share = (data) => {
      window.shared.push({ ...data });
      return Promise.resolve();
    };
  });
  return page;
}

test("Share… hands the invite, then the link for the friend, to the share sheet, and fits a phone", { timeout: 120_000 }, async () => {
  const host = await sharingPage({ width: 390, height: 844 });
  await hostRoom(host, h.url);
  // The invite as it is sent: with the connection offer, once gathered
  // (the box grows a line then, so the button moves).
  const invite = await signalLink(host, "offer");
  const share = host.locator('[data-invite-link] ~ [data-action="share-link"]');
  await share.click();
  await host.waitForFunction(() => window.shared.length > 0, null, { timeout: 5_000 });
  const [sent] = await host.evaluate(() => window.shared);
  assert.equal(sent.url, invite, "the invite link itself");
  assert.equal(sent.title, "Mulino");
  assert.match(sent.text, /sits you in the free seat/);
  const box = await share.boundingBox();
  assert.ok(box.x >= 0 && box.x + box.width <= 390, `the button fits the phone: ${JSON.stringify(box)}`);

  // The guest, once seated, shares the link for the host the same way.
  const guest = await sharingPage({ width: 390, height: 844 });
  await openLink(guest, invite);
  await guest.locator("[data-room-code]").waitFor();
  const back = await signalLink(guest, "answer");
  await guest.locator('[data-friend-link] ~ .row [data-action="share-link"]').click();
  await guest.waitForFunction(() => window.shared.length > 0, null, { timeout: 5_000 });
  assert.equal((await guest.evaluate(() => window.shared))[0].url, back, "the reply link, as it stands");
  assertNoErrors(host);
  assertNoErrors(guest);
});

test("no share sheet, no Share button", { timeout: 60_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 390, height: 844 } });
  await hostRoom(page, h.url);
  await offeredLink(page);
  assert.equal(await page.evaluate(() => typeof navigator.share), "undefined", "Chromium on Linux has none");
  assert.equal(await page.locator('[data-action="share-link"]').count(), 0);
  assertNoErrors(page);
});
