// The table under a newcomer's finger (a trial at phone, tablet and 320 px
// widths): the board does not grow or move when the first tap on it puts
// the first screen away, nor while the computer thinks (its seat's dots);
// the game's buttons stay where they are through Resign's question, a draw
// offer and the computer's answer; a resignation does not leave "The computer
// declines the draw" beside it; the analysis board's title shows no focus
// ring after a tap (only for the keyboard).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startHarness, waitForBoard, waitForState, moveCount, clickAction, clickPoint, assertNoErrors, gameLink, openGame } from "./lib/harness.mjs";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

for (const viewport of [{ width: 768, height: 1024 }, { width: 320, height: 640 }, { width: 390, height: 844 }]) {
  test(`at ${viewport.width}×${viewport.height} the first tap on the board plays there and the board stays where it was`, { timeout: 60_000 }, async () => {
    const { page, context } = await h.newPage({ viewport, isMobile: true, hasTouch: true });
    // Every box the board takes, recorded in the page at each change.
    await context.addInitScript(() => {
      window.boardBoxes = new Set();
      window.recordBoard = () => {
        const r = document.querySelector("svg.board")?.getBoundingClientRect();
        if (r) window.boardBoxes.add([r.x, r.y, r.width, r.height].map(Math.round).join(","));
      };
      new MutationObserver(() => window.recordBoard())
        .observe(document, { subtree: true, childList: true, attributes: true });
    });
    await page.goto(h.url, { waitUntil: "domcontentloaded" });
    await waitForBoard(page);
    await page.locator("[data-welcome-screen]").waitFor();
    await page.waitForTimeout(300);
    await page.evaluate(() => {
      window.boardBoxes.clear();
      window.recordBoard();
    });
    await page.locator('[data-point="d6"]').tap();
    // The first screen's game is against the computer: it thinks, then replies.
    await waitForState(page, (s) => moveCount(s) === 2, "the tap placed a piece and the computer replied", 30_000);
    await page.locator("[data-welcome-screen]").waitFor({ state: "detached" });
    await page.waitForTimeout(300);
    const boxes = await page.evaluate(() => [...window.boardBoxes]);
    assert.equal(boxes.length, 1, `the board never moved or grew, the computer's thinking included: ${JSON.stringify(boxes)}`);
    assertNoErrors(page);
  });
}

test("on a phone, Resign and Offer draw keep the game's buttons where they were: the question comes under them", { timeout: 60_000 }, async () => {
  const { page, context } = await h.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  // Every box the game's buttons take, recorded in the page at each change.
  await context.addInitScript(() => {
    window.rowBoxes = new Set();
    window.recordRow = () => {
      const boxes = [...document.querySelectorAll(".controls:not(.analyse) button")].map((b) => {
        const r = b.getBoundingClientRect();
        return `${b.dataset.action}@${Math.round(r.x)},${Math.round(r.y + window.scrollY)}`;
      });
      if (boxes.length) window.rowBoxes.add(boxes.join(" "));
    };
    new MutationObserver(() => window.recordRow())
      .observe(document, { subtree: true, childList: true, attributes: true });
  });
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "vs-engine", color: "light", level: 1 }));
  await page.locator('[data-point="d6"]').tap();
  await waitForState(page, (s) => moveCount(s) === 2, "the computer replied", 30_000);
  await page.waitForTimeout(300);
  await page.evaluate(() => {
    window.rowBoxes.clear();
    window.recordRow();
  });
  const resign = page.locator('[data-action="resign"]');
  const spot = await resign.boundingBox();
  await resign.tap();
  const yes = page.locator('[data-action="confirm"]');
  await yes.waitFor();
  const answer = await yes.boundingBox();
  assert.ok(answer.y + answer.height <= 844, `the answer is in view: ${JSON.stringify(answer)}`);
  // A second tap where Resign was does not resign: the button is there, waiting.
  await page.touchscreen.tap(spot.x + spot.width / 2, spot.y + spot.height / 2);
  await page.waitForTimeout(200);
  assert.equal(await page.locator(".status.over").count(), 0, "a double tap on Resign does not end the game");
  await page.locator('[data-action="cancel"]').tap();
  await page.locator('[data-action="offer-draw"]').tap();
  await page.locator('[data-waiting="draw"]').waitFor();
  // The offer goes with the next move, on a point the computer's reply
  // left empty (at level 1 it may have taken a1); the computer answers it.
  const free = await page.evaluate(() => ["a1", "g7", "a7"].find((p) => !document.querySelector(`[data-point="${p}"]`).dataset.piece));
  await page.locator(`[data-point="${free}"]`).tap();
  await page.locator('[data-notice="draw.engine_declines"]').waitFor({ timeout: 30_000 });
  await page.waitForTimeout(300);
  const rows = await page.evaluate(() => [...window.rowBoxes]);
  assert.equal(rows.length, 1, `the buttons never moved through the question, the offer and the computer's answer: ${JSON.stringify(rows)}`);
  assertNoErrors(page);
});

test("at 320×640, Resign near the window's bottom scrolls the page no more than it takes to show the question's answers", { timeout: 60_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 320, height: 640 }, isMobile: true, hasTouch: true });
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "vs-engine", color: "light", level: 1 }));
  await page.locator('[data-point="d6"]').tap();
  await waitForState(page, (s) => moveCount(s) === 2, "the computer replied", 30_000);
  const resign = page.locator('[data-action="resign"]');
  // Scrolled as a person does to reach it: the button near the bottom.
  await page.evaluate(() => {
    const r = document.querySelector('[data-action="resign"]').getBoundingClientRect();
    window.scrollBy(0, r.bottom - (window.innerHeight - 20));
  });
  await page.waitForTimeout(200);
  const before = await page.evaluate(() => window.scrollY);
  await resign.tap();
  const cancel = page.locator('[data-action="cancel"]');
  await cancel.waitFor();
  await page.waitForTimeout(300);
  const after = await page.evaluate(() => window.scrollY);
  const box = await cancel.boundingBox();
  assert.ok(box.y >= 0 && box.y + box.height <= 640, `the answer is in view: ${JSON.stringify(box)}`);
  assert.ok(after - before <= 150, `the page moved ${after - before} px under the finger (from ${before} to ${after})`);
  assertNoErrors(page);
});

test("a resignation after a declined draw shows the result alone, not the computer's answer", { timeout: 60_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 390, height: 844 } });
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "vs-engine", color: "light", level: 1 }));
  await clickPoint(page, "d6");
  await clickAction(page, "offer-draw");
  await page.locator('[data-notice="draw.engine_declines"]').waitFor({ timeout: 30_000 });
  await clickAction(page, "resign");
  await clickAction(page, "confirm");
  await page.locator(".status", { hasText: /resigns|resigned/ }).first().waitFor();
  assert.equal(await page.locator('[data-notice="draw.engine_declines"]').count(), 0, "the draw's answer went with the game");
  assertNoErrors(page);
});

test("the analysis board opened by a tap shows no focus ring on its title; by the keyboard it does", { timeout: 60_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players", moves: "a1,b2" }));
  await page.locator('[data-action="analyse"]').tap();
  const title = page.locator("dialog[open] h2[tabindex]").first();
  await title.waitFor();
  await page.waitForFunction(() => document.activeElement?.matches("dialog[open] h2[tabindex]"));
  assert.equal(await title.evaluate((e) => getComputedStyle(e).outlineStyle), "none", "no ring after a tap");
  await page.keyboard.press("Escape");
  await page.locator("dialog[open]").waitFor({ state: "detached" });
  await page.locator('[data-action="analyse"]').focus();
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.activeElement?.matches("dialog[open] h2[tabindex]"));
  assert.equal(await page.locator("dialog[open] h2[tabindex]").first().evaluate((e) => getComputedStyle(e).outlineStyle), "solid", "the ring for the keyboard");
  assertNoErrors(page);
});

test("the lab's \"Opening…\" as Analyse is first pressed moves no button: Analyse and Review stay under the finger", { timeout: 60_000 }, async () => {
  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    const { page, context } = await h.newPage({ viewport, isMobile: viewport.width < 500, hasTouch: viewport.width < 500 });
    await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players", moves: "a1,b2" }));
    // A slow connection: the lab's files take a second and a half to come.
    await context.route(/\/lab(_bg)?\.(js|wasm|css)$/, async (route) => {
      await new Promise((r) => setTimeout(r, 1_500));
      await route.continue();
    });
    const boxes = () => page.evaluate(() => [...document.querySelectorAll(".analyse button")].map((b) => Math.round(b.getBoundingClientRect().top)));
    const before = await boxes();
    await page.locator('[data-action="analyse"]').click();
    await page.locator('[data-notice="lab.loading"]').waitFor({ timeout: 5_000 });
    assert.deepEqual(await boxes(), before, `at ${viewport.width} px the buttons stay where they were pressed`);
    await page.locator("[data-analysis]").waitFor({ timeout: 30_000 });
    assertNoErrors(page);
  }
});
