// The lab held to the outside audit (issue 39, points 5, 6 and 8): the
// analysis stops by itself (at its limit on one position, and when the tab
// is hidden) and says why, with Resume; puzzles are played to the end of
// their line; the lab follows the page's language; the move list and the
// review's words follow the shown position; the lab offline before its
// first download says what is missing and what works; axe finds nothing in
// the analysis board, the review, the editor and the puzzles.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startHarness, clickAction, assertNoErrors, screenshot } from "./lib/harness.mjs";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

const dialog = (page) => page.locator("[data-analysis]");
const status = (page) => dialog(page).locator(".analysis-status");
const depth = async (page) => Number(await status(page).getAttribute("data-depth"));

/** Makes the page believe its tab was hidden (or shown again). */
const setHidden = (page, hidden) =>
  page.evaluate((hidden) => {
    Object.defineProperty(document, "hidden", { configurable: true, get: () => hidden });
    Object.defineProperty(document, "visibilityState", { configurable: true, get: () => (hidden ? "hidden" : "visible") });
    document.dispatchEvent(new Event("visibilitychange"));
  }, hidden);

test("the analysis stops when the tab is hidden, says so, and Resume thinks on", { timeout: 180_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${h.url}#analysis&variant=nine&moves=d6,d2,f4,b4`);
  await dialog(page).locator('[data-lines="3"]').waitFor({ timeout: 60_000 });
  assert.equal(await status(page).getAttribute("data-stopped"), null, "thinking, not stopped");
  await setHidden(page, true);
  await status(page).and(page.locator('[data-stopped="hidden"]')).waitFor();
  assert.match(await status(page).innerText(), /Stopped while the tab was hidden/);
  await page.locator('[data-action="resume-analysis"]').waitFor();
  // Stopped means stopped: no deeper lines come.
  await page.waitForTimeout(1000);
  const stoppedAt = await depth(page);
  await page.waitForTimeout(4000);
  assert.equal(await depth(page), stoppedAt, "the depth stays while stopped");
  // Shown again, it stays stopped until asked.
  await setHidden(page, false);
  await page.waitForTimeout(500);
  assert.equal(await status(page).getAttribute("data-stopped"), "hidden");
  await screenshot(page, "lab-analysis-hidden-1280");
  await clickAction(page, "resume-analysis");
  await page.locator('[data-action="stop-analysis"]').waitFor();
  assert.equal(await status(page).getAttribute("data-stopped"), null);
  await page.waitForFunction(() => Number(document.querySelector(".analysis-status")?.dataset.depth) >= 3, null, { timeout: 60_000 });
  assertNoErrors(page);
});

test("the analysis stops at its limit on one position; Resume thinks as long again", { timeout: 180_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(h.url);
  // A 4 s limit instead of the minute (the knob `mulino.analysis-limit`, in seconds).
  await page.evaluate(() => localStorage.setItem("mulino.analysis-limit", "4"));
  const opened = Date.now();
  await page.evaluate(() => {
    location.hash = "analysis&variant=nine&moves=d6,d2,f4,b4";
  });
  await status(page).and(page.locator('[data-stopped="limit"]')).waitFor({ timeout: 60_000 });
  const took = Date.now() - opened;
  assert.ok(took >= 3_500, `not before the limit: ${took} ms`);
  assert.match(await status(page).innerText(), /Stopped after a minute on this position/);
  assert.ok(Number(await dialog(page).locator(".analysis-lines").getAttribute("data-lines")) > 0, "its lines stay");
  await screenshot(page, "lab-analysis-limit-1280");
  // Another position thinks again, for as long.
  await dialog(page).locator("h2").click();
  await page.keyboard.press("ArrowLeft");
  await dialog(page).locator('[data-ply="3"] button[aria-current]').waitFor();
  await status(page).and(page.locator('[data-stopped="limit"]')).waitFor({ state: "detached" });
  await status(page).and(page.locator('[data-stopped="limit"]')).waitFor({ timeout: 60_000 });
  await clickAction(page, "resume-analysis");
  await page.locator('[data-action="stop-analysis"]').waitFor();
  await status(page).and(page.locator('[data-stopped="limit"]')).waitFor({ timeout: 60_000 });
  assertNoErrors(page);
});

