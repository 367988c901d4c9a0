// Game review: "Review" on the table opens the game on the analysis board
// (the lab, loaded on demand), where it goes through the review's own
// worker turn by turn with a progress bar; a known blunder (a mill threat
// ignored in Three Men's Morris, where the mill wins) is marked `??` in
// the board's line of play, and clicking it shows the block on the board
// and in words. A 60-turn game of Nine is reviewed at the default depth,
// timed, and a review can be cancelled.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startHarness, gameLink, openGame, screenshot, assertNoErrors } from "./lib/harness.mjs";

// Three Men's Morris, where a mill wins: light threatens b1 (a1 c1), and
// dark, instead of blocking it, plays a3; light closes the mill and wins.
// (Light's a1 is marked too: the centre, b2, wins from the empty board.)
const BLUNDER = `[Variant "three"]

1. a1 b2 2. c1 a3 3. b1 1-0
`;

// 60 turns of Nine between two levels of the computer (morris match).
const SIXTY = "f4,e4,d3,f2,d7,d2,b2,d6,d5,g7,a4,g1,g4,a1,c4,b4,d1,f6,d3-c3,b4-b6xa4,d5-c5xd2,b6-b4,b2-d2,b4-b6xd2,c4-b4,e4-e3,f4-e4,f6-f4,b4-c4xf4,f2-f4,c4-b4,f4-f6xb4,e4-f4,b6-b4,c5-d5,b4-b6xd5,c3-d3,b6-b4,f4-f2,b4-b6xd3,g4-f4,a1-a4,f2-d2,e3-d3,d2-f2,d3-c3,f2-d2,g7-g4,f4-f2,c3-c4,d7-g7,g4-f4,g7-d7,f4-e4,d2-b2,b6-b4xb2,d7-b6,b4-b2,b6-b4,d6-d5";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

/** Records every state of the review panel and the highest progress seen. */
async function watchReview(page) {
  await page.evaluate(() => {
    window.reviewSeen = { states: [], progress: 0 };
    const look = () => {
      const panel = document.querySelector("[data-review]");
      const s = panel?.getAttribute("data-review");
      const seen = window.reviewSeen;
      if (s && seen.states.at(-1) !== s) seen.states.push(s);
      const bar = document.querySelector(".review-progress progress");
      if (bar) seen.progress = Math.max(seen.progress, Number(bar.getAttribute("value")));
    };
    new MutationObserver(look).observe(document.body, { subtree: true, childList: true, attributes: true });
    look();
  });
}

const reviewState = (page) => page.locator("[data-review]").first().getAttribute("data-review");
// The analysis board and its line of play, where the review shows.
const board = (page) => page.locator("[data-analysis]");
const LINE = "[data-analysis-moves]";

async function pasteRecord(page, text) {
  await page.locator("details.record summary").click();
  await page.locator("details.record textarea").fill(text);
  await page.locator("details.record [data-load]").click();
}

test("a pasted game's blunder is marked ?? and its better move shown", { timeout: 120_000 }, async () => {
  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    const { page } = await h.newPage({ viewport });
    await openGame(page, h.url);
    await pasteRecord(page, BLUNDER);
    await page.locator('[data-move-list] li[data-ply="2"]').waitFor();
    await watchReview(page);
    await page.locator('[data-action="review"]').click();
    await page.locator('[data-review="done"]').waitFor({ timeout: 60_000 });
    const seen = await page.evaluate(() => window.reviewSeen);
    // The board opens, then its review starts at once.
    assert.deepEqual(seen.states.filter((s) => s !== "none"), ["running", "done"], "the review ran, showing its progress, then finished");
    assert.equal(await page.locator(".review-graph").getAttribute("data-review-graph"), "6", "a point a ply, and the start");
    const marks = await page.locator(`${LINE} li[data-mark]`).evaluateAll((els) =>
      els.map((e) => [e.getAttribute("data-ply"), e.getAttribute("data-mark")]));
    assert.deepEqual(marks, [["1", "??"], ["4", "??"]], "dark's a3 beside light's open b1 is a blunder");
    assert.match(await page.locator(`${LINE} li[data-ply="4"]`).innerText(), /a3\s*\?\?/);
    // Clicking it shows the position it was played from, with the block.
    await page.locator('.review-turn[data-turn="4"]').click();
    await board(page).locator('[data-point="b1"][data-suggested]').waitFor();
    const explain = await page.locator('[data-review-explain="4"]').innerText();
    assert.match(explain, /2… a3 \(Dark\) is a blunder .*Better: b1, shown on the board/, explain);
    assert.equal(await board(page).locator('[data-point="a3"]').getAttribute("data-piece"), null, "the position before the blunder");
    await screenshot(page, `review-blunder-${viewport.width}`);
    // By keyboard too: the marked turn is a button.
    await page.locator(`${LINE} li[data-ply="1"] button`).click();
    assert.equal(await board(page).locator("[data-suggested]").count(), 0, "no better move after a1");
    await page.locator('.review-turn[data-turn="4"]').focus();
    await page.keyboard.press("Enter");
    await board(page).locator('[data-point="b1"][data-suggested]').waitFor();
    assertNoErrors(page);
  }
});

test("a game in the endgame tables is reviewed by the worker that has them", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  const fetched = [];
  page.on("request", (r) => fetched.push(r.url()));
  await openGame(page, h.url);
  // Three pieces each: the tables say light has lost already (in 4), so
  // flying away from the block costs nothing exactly.
  await pasteRecord(page, `[Variant "nine"]
[Position "nine .../.L./L../.....D/..L/.../DD. L 0/0 0/0 -"]

1. c5-f2 g4-g1xe3 0-1
`);
  await page.locator('[data-move-list] li[data-ply="2"]').waitFor();
  await page.locator('[data-action="review"]').click();
  await page.locator('[data-review="done"]').waitFor({ timeout: 60_000 });
  assert.ok(fetched.some((u) => u.endsWith("/worker-tables.js")), "the worker with the tables ran the review");
  assert.ok(fetched.some((u) => u.endsWith("/tb/nine-3v3.tb")), "and loaded the 3v3 table");
  assert.equal(await page.locator(`${LINE} li[data-mark]`).count(), 0, "lost either way: no mark");
  assertNoErrors(page);
});

test("a 60-turn game: progress advances, a review is cancelled, then one runs to the end (timed)", { timeout: 600_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players", moves: SIXTY }));
  await page.locator('[data-move-list] li[data-ply="60"]').waitFor();
  await watchReview(page);
  await page.locator('[data-action="review"]').click();
  await page.waitForFunction(() => window.reviewSeen.progress >= 3, null, { timeout: 60_000 });
  await screenshot(page, "review-progress-1280");
  await page.locator('[data-action="cancel-review"]').click();
  assert.equal(await reviewState(page), "cancelled");
  const reviewed = await page.locator(".review-graph").getAttribute("data-review-graph");
  await page.waitForTimeout(1500);
  assert.equal(await page.locator(".review-graph").getAttribute("data-review-graph"), reviewed, "nothing comes after a cancel");

  const started = Date.now();
  await board(page).locator('[data-action="review"]').click();
  await page.locator('[data-review="done"]').waitFor({ timeout: 540_000 });
  const wall = Date.now() - started;
  const ms = Number(await page.locator("[data-review-ms]").getAttribute("data-review-ms"));
  console.log(`review of a 60-turn game at the default depth: ${ms} ms (${wall} ms wall)`);
  assert.equal(await page.locator(".review-graph").getAttribute("data-review-graph"), "61");
  // The main thread stayed free: the page answered at once all along.
  await page.locator(`${LINE} li[data-ply="10"] button`).click();
  await page.locator(`${LINE} li[data-ply="10"] button[aria-current]`).waitFor({ timeout: 1000 });
  await screenshot(page, "review-done-1280");
  assertNoErrors(page);
});

// Light's second piece on d1 beside dark's g7 is a mistake whose value
// before and after falls in the same words ("about even"): the words say
// the move gave up half a piece or more instead of the same words twice.
const EVEN_MISTAKE = { variant: "nine", mode: "two-players", moves: "a1,g7,d1" };

/** Opens EVEN_MISTAKE, reviews it, and waits for the end of the review. */
async function reviewEvenMistake(page) {
  await openGame(page, gameLink(h.url, EVEN_MISTAKE));
  await page.locator('[data-move-list] li[data-ply="3"]').waitFor();
  await page.locator('[data-action="review"]').click();
  await page.locator('[data-review="done"]').waitFor({ timeout: 60_000 });
}

test("a mistake within one band of words says what it lost, not the same words twice", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  await reviewEvenMistake(page);
  assert.equal(await page.locator(`${LINE} li[data-ply="3"]`).getAttribute("data-mark"), "?");
  await page.locator('.review-turn[data-turn="3"]').click();
  const explain = await page.locator('[data-review-explain="3"]').innerText();
  assert.match(explain, /2\. d1 \(Light\) is a mistake \(\?\)/, explain);
  assert.doesNotMatch(explain, /Before the move: ([^.(]+)[.(].*After it: \1/, explain);
  assert.match(explain, /Before the move: the sides are about even\. After it: Light stands half a piece or more worse than before\./, explain);
  // In words, as the review's view always is: no raw figures.
  assert.doesNotMatch(explain, /[+-]?\d+\.\d\d/, explain);
  assertNoErrors(page);
});

test("in Arabic at 390 px a move and its mark read d1? in the line of play and the marked turns", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "ar" });
  await page.addInitScript(() => localStorage.setItem("mulino.lang", "ar"));
  await reviewEvenMistake(page);
  assert.equal(await page.evaluate(() => document.documentElement.dir), "rtl");
  // Where the move and its mark are drawn: the mark right of the move.
  const drawn = await page.locator(`${LINE} li[data-mark] button`).evaluateAll((els) =>
    els.map((button) => {
      const mark = button.querySelector(".mark");
      const walker = document.createTreeWalker(button, NodeFilter.SHOW_TEXT);
      let text = walker.nextNode();
      while (text && !text.textContent.trim()) text = walker.nextNode();
      const range = document.createRange();
      range.selectNodeContents(text);
      const [move, sign] = [range.getBoundingClientRect(), mark.getBoundingClientRect()];
      return { move: text.textContent.trim(), mark: mark.textContent, after: sign.left >= move.right - 1 };
    }));
  assert.ok(drawn.length >= 1, "a marked turn in the line of play");
  for (const d of drawn) assert.ok(d.after, `${d.move}${d.mark} reads left to right: ${JSON.stringify(drawn)}`);
  // The list of marked turns: the move and its mark in one left-to-right run.
  const item = await page.locator('.review-turn[data-turn="3"]').textContent();
  assert.match(item.replace(/[\u2066-\u2069]/g, ""), /d1\?/, item);
  await screenshot(page, "review-marks-ar-390");
  assertNoErrors(page);
});
