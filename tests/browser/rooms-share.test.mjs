// Passing the link on: where the browser has a share sheet (the Web Share
// API: phones, Windows, macOS, ChromeOS; not Chromium on Linux, where
// these tests run), the room offers "Share…" beside the link, and it hands
// the sheet the link itself, a title and a line of text. The test plays
// the platform's part: navigator.share records what it was given. Without
// one, no button (every other room test). "QR code" draws the invite
// as a QR code for a friend at the same table: the test reads it back with
// a QR decoder (jsQR) from the pixels the page shows.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import jsQR from "jsqr";
import { startHarness, assertNoErrors, screenshot } from "./lib/harness.mjs";
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
  const share = host.locator('[data-invite-link] ~ .row [data-action="share-link"]');
  await share.waitFor();
  const early = await share.boundingBox();
  // The invite as it is sent: with the connection offer, once gathered
  // (the box grows a line then, below the button: it does not move).
  const invite = await signalLink(host, "offer");
  assert.deepEqual(await share.boundingBox(), early, "the button stays where it was when the offer came");
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

/** The QR code the page shows, rasterised in the page at 4 pixels a module and read by jsQR. */
async function readQr(page) {
  const { data, width, height } = await page.locator(".qr-picture svg").evaluate(async (svg) => {
    const [, , side] = svg.getAttribute("viewBox").split(" ").map(Number);
    const size = side * 4;
    const img = new Image(size, size);
    const copy = svg.cloneNode(true);
    copy.setAttribute("width", size);
    copy.setAttribute("height", size);
    copy.setAttribute("xmlns", "http://www.w3.org/2000/svg");
    img.src = "data:image/svg+xml," + encodeURIComponent(copy.outerHTML);
    await img.decode();
    const canvas = Object.assign(document.createElement("canvas"), { width: size, height: size });
    const ctx = canvas.getContext("2d");
    ctx.drawImage(img, 0, 0, size, size);
    return { data: Array.from(ctx.getImageData(0, 0, size, size).data), width: size, height: size };
  });
  return jsQR(Uint8ClampedArray.from(data), width, height)?.data ?? null;
}

test("QR code: the invite as a QR code that reads back as the link, fetched only when asked", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 390, height: 844 } });
  const fetched = [];
  page.on("request", (r) => fetched.push(new URL(r.url()).pathname));
  await page.addInitScript(() => localStorage.setItem("mulino.relays", "off"));
  await hostRoom(page, h.url);
  await offeredLink(page);
  assert.ok(!fetched.some((p) => p.includes("uqr")), "the first load carries no QR maker");
  const box = page.locator("details.invite-qr");
  const open = () => box.evaluate((d) => d.open);
  assert.equal(await open(), false);
  await page.locator('[data-action="invite-qr"]').click();
  await page.locator('.qr-picture[data-qr="ready"] svg').waitFor();
  assert.equal(await open(), true);
  assert.ok(fetched.some((p) => p.endsWith("/vendor/uqr/index.mjs")), "fetched when first shown");
  assert.match(await page.locator(".qr-picture svg").getAttribute("aria-label"), /QR code of the invite link/);
  // Read back once the offer is in the link (the code is drawn again when the link changes).
  const invite = await signalLink(page, "offer");
  await page.waitForFunction(
    (link) => {
      const d = document.querySelector("details.invite-qr");
      return d?.getAttribute("data-qr-text") === link && d.querySelector('.qr-picture[data-qr="ready"] svg');
    },
    invite, { timeout: 10_000 },
  );
  assert.equal(await readQr(page), invite, "the QR code reads back as the invite link");
  const shown = await page.locator(".qr-picture svg").boundingBox();
  assert.ok(shown.x >= 0 && shown.x + shown.width <= 390 && shown.width >= 200, `it fits the phone and can be scanned: ${JSON.stringify(shown)}`);
  await screenshot(page, "room-invite-qr");
  // The keyboard closes it as it opened it.
  await page.locator('[data-action="invite-qr"]').focus();
  await page.keyboard.press("Enter");
  assert.equal(await open(), false, "closed again");
  assertNoErrors(page);
});
