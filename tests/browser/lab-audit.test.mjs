// The lab held to the outside audit (issue 39, points 5, 6 and 8): the
// analysis stops by itself (at its limit on one position, and when the tab
// is hidden) and says why, with Resume; puzzles are played to the end of
// their line; the lab follows the page's language; the move list and the
// review's words follow the shown position; the lab offline before its
// first download says what is missing and what works; axe finds nothing in
// the analysis board, the review, the editor and the puzzles.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { startHarness, clickAction, assertNoErrors, screenshot, ROOT } from "./lib/harness.mjs";
import { exactValues, pointsOf } from "./lib/exact.mjs";

/** The Nine puzzles as the file has them: [kind, plies, answer, position]. */
const NINE = fs
  .readFileSync(path.join(ROOT, "app/static/puzzles/nine.txt"), "utf8")
  .split("\n")
  .filter((l) => l.trim() && !l.startsWith("#"))
  .map((l) => l.split("\t"))
  .map(([kind, plies, answer, position]) => [kind, Number(plies), answer, position]);

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

const puzzles = (page) => page.locator("[data-puzzles]");
const verdict = (page) => puzzles(page).locator("[data-verdict]");
const pressPoint = (page, point) => puzzles(page).locator(`[data-point="${point}"]`).click({ force: true });

test("a puzzle goes on after its first move: the reply comes and the rest of the line is required", { timeout: 240_000 }, async () => {
  const { page } = await h.newPage();
  await page.goto(h.url);
  await clickAction(page, "puzzles");
  await puzzles(page).locator("[data-puzzle-index]").waitFor();
  const index = Number(await puzzles(page).locator("[data-puzzle-index]").getAttribute("data-puzzle-index"));
  const [kind, plies, answer, position] = NINE[index];
  assert.equal(kind, "win");
  assert.ok(plies >= 3, `a win of more than one move: ${plies}`);
  for (const p of pointsOf(answer)) await pressPoint(page, p);
  await verdict(page).and(page.locator('[data-verdict="asking"]')).waitFor({ timeout: 60_000 });
  const line = (await verdict(page).getAttribute("data-line")).split(" ");
  assert.equal(line.length, 2, `the answer and the reply: ${line}`);
  assert.equal(line[0], answer);
  assert.match(await verdict(page).innerText(), new RegExp(`Right\\. The reply: ${line[1]}\\. Your move again`));
  assert.equal(await puzzles(page).locator('[data-action="next-puzzle"]').count(), 0, "not solved yet");
  // The reply is the longest resistance the tables know.
  const after = await exactValues(h, position, [answer]);
  assert.equal(after.find(([m]) => m === line[1])?.[1], after[0][1], `the best reply: ${JSON.stringify(after)}`);
  // A move that does not win within the task's plies is refused; the line stays.
  const values = await exactValues(h, position, line);
  const left = plies - line.length;
  const wrong = values.find(([, v]) => !(v.startsWith("+") && Number(v.slice(1)) <= left));
  assert.ok(wrong, `a move that misses: ${JSON.stringify(values)}`);
  for (const p of pointsOf(wrong[0])) await pressPoint(page, p);
  await verdict(page).and(page.locator('[data-verdict="wrong"]')).waitFor();
  const said = await verdict(page).innerText();
  assert.match(said, /Not that one|wins too/, said);
  assert.doesNotMatch(said, /value away/);
  assert.equal(await verdict(page).getAttribute("data-line"), line.join(" "));
  await screenshot(page, "lab-puzzle-wrong-later");
  // The right one goes on to the goal.
  let now = line;
  while (now.length < plies) {
    const [[best]] = await exactValues(h, position, now);
    for (const p of pointsOf(best)) await pressPoint(page, p);
    await page.waitForFunction(
      (n) => {
        const v = document.querySelector("[data-puzzles] [data-verdict]");
        return v.dataset.verdict === "right" || (v.dataset.verdict === "asking" && v.dataset.line.split(" ").length > n);
      },
      now.length,
      { timeout: 60_000 },
    );
    now = (await verdict(page).getAttribute("data-line")).split(" ");
  }
  await verdict(page).and(page.locator('[data-verdict="right"]')).waitFor();
  assert.match(await verdict(page).innerText(), /Solved: the win is played out/);
  assert.match(await puzzles(page).locator(".puzzle-score").innerText(), /streak 1 · best 1/, "solved once the line is played out");
  await screenshot(page, "lab-puzzle-solved");
  assertNoErrors(page);
});

test("puzzle texts keep off the dialog's edges", async () => {
  for (const width of [390, 1000]) {
    const { page } = await h.newPage({ viewport: { width, height: 844 } });
    await page.goto(h.url);
    await clickAction(page, "puzzles");
    await puzzles(page).locator("[data-puzzle-index]").waitFor();
    const gaps = await page.evaluate(() => {
      const card = document.querySelector("[data-puzzles]").getBoundingClientRect();
      return [...document.querySelectorAll("[data-puzzles] .puzzle-task, [data-puzzles] .puzzle-score")].map((el) => {
        const range = document.createRange();
        range.selectNodeContents(el);
        const text = range.getBoundingClientRect();
        return { cls: el.className, left: text.left - card.left, right: card.right - text.right };
      });
    });
    for (const g of gaps) assert.ok(g.left >= 12 && g.right >= 12, `${width}px: ${JSON.stringify(g)}`);
    await screenshot(page, `lab-puzzle-${width}`);
  }
});

/** Chooses a language in the top bar's picker (behind a modal dialog too: by script). */
const chooseLang = (page, code) =>
  page.evaluate((code) => {
    const picker = document.querySelector("#lang-select");
    picker.value = code;
    picker.dispatchEvent(new Event("change", { bubbles: true }));
  }, code);

test("the lab follows the page's language while a view is open and when the next one opens", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage();
  await page.goto(h.url);
  await page.evaluate(() => {
    location.hash = "analysis&variant=nine&moves=d6,d2";
  });
  const title = dialog(page).locator("h2").first();
  await title.waitFor();
  assert.equal(await title.innerText(), "Analysis board");
  // Switched while the analysis board is open: it follows.
  await chooseLang(page, "de");
  await page.waitForFunction(() => document.documentElement.lang === "de");
  await page.waitForFunction(() => document.querySelector("[data-analysis] h2")?.innerText === "Analysebrett");
  assert.match(await dialog(page).locator(".review-panel h3").innerText(), /Partieanalyse/i);
  assert.match(await dialog(page).locator('[data-action="stop-analysis"]').innerText(), /Anhalten/);
  await clickAction(page, "close-analysis");
  // Switched while closed: the next view opens in the new language.
  await chooseLang(page, "fr");
  await page.waitForFunction(() => document.documentElement.lang === "fr");
  await clickAction(page, "puzzles");
  await puzzles(page).locator("[data-puzzle-index]").waitFor();
  assert.match(await puzzles(page).locator("h2").innerText(), /^Problèmes/);
  assert.match(await puzzles(page).locator(".puzzle-task").innerText(), /Au tour de/);
  await clickAction(page, "close-puzzles");
  await clickAction(page, "edit-position");
  const editor = page.locator("[data-editor]");
  await editor.waitFor();
  assert.equal(await editor.locator("h2").first().innerText(), "Éditeur de position");
  // Right to left too.
  await chooseLang(page, "ar");
  await page.waitForFunction(() => document.documentElement.lang === "ar");
  await page.waitForFunction(() => document.querySelector("[data-editor] h2")?.innerText !== "Éditeur de position");
  await screenshot(page, "lab-editor-ar");
  assertNoErrors(page);
});

// 60 turns of Nine between two levels of the computer (as review.test.mjs).
const SIXTY = "f4,e4,d3,f2,d7,d2,b2,d6,d5,g7,a4,g1,g4,a1,c4,b4,d1,f6,d3-c3,b4-b6xa4,d5-c5xd2,b6-b4,b2-d2,b4-b6xd2,c4-b4,e4-e3,f4-e4,f6-f4,b4-c4xf4,f2-f4,c4-b4,f4-f6xb4,e4-f4,b6-b4,c5-d5,b4-b6xd5,c3-d3,b6-b4,f4-f2,b4-b6xd3,g4-f4,a1-a4,f2-d2,e3-d3,d2-f2,d3-c3,f2-d2,g7-g4,f4-f2,c3-c4,d7-g7,g4-f4,g7-d7,f4-e4,d2-b2,b6-b4xb2,d7-b6,b4-b2,b6-b4,d6-d5";

/** Whether `inner` lies inside `outer` (both element handles' boxes). */
const inside = (a, b) => a.top >= b.top - 1 && a.bottom <= b.bottom + 1;

test("a review: one numbering, the marked turn and its words in view, then the lines by themselves", { timeout: 300_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${h.url}#variant=nine&mode=two-players&moves=${SIXTY}`);
  await page.locator('[data-move-list] li[data-ply="60"]').waitFor();
  await page.locator('[data-action="review"]').click();
  await dialog(page).locator('[data-review="done"]').waitFor({ timeout: 240_000 });
  // The lines the review held back come by themselves, not "Depth 0".
  await dialog(page).locator('.analysis-lines:not([data-lines="0"])').waitFor({ timeout: 60_000 });
  assert.equal(await status(page).getAttribute("data-stopped"), null);
  const marks = await dialog(page).locator(".review-turn").evaluateAll((els) => els.map((e) => [Number(e.dataset.turn), e.innerText]));
  assert.ok(marks.length > 0, "some turn is marked");
  // The latest mark: named as the list numbers its turn ("9." or "9…").
  const [turn, text] = marks.at(-1);
  const label = await dialog(page)
    .locator(`[data-analysis-moves] li[data-ply="${turn}"]`)
    .evaluate((li) => {
      let at = li;
      while (at && !at.dataset.number) at = at.previousElementSibling;
      return li.classList.contains("first-half") ? `${li.dataset.number}.` : `${at?.dataset.number ?? ""}…`;
    });
  assert.ok(text.startsWith(`${label} `), `the mark "${text}" starts with the list's "${label}"`);
  assert.doesNotMatch(text, /Turn/);
  // The list scrolled away from that turn, then the mark is pressed.
  const list = dialog(page).locator("[data-analysis-moves]");
  await list.evaluate((l, early) => {
    l.scrollTop = early ? l.scrollHeight : 0;
  }, turn < 30);
  await dialog(page).locator(`.review-turn[data-turn="${turn}"]`).click();
  await dialog(page).locator(`[data-analysis-moves] li[data-ply="${turn - 1}"] button[aria-current]`).waitFor();
  await page.waitForTimeout(300);
  const boxes = await page.evaluate((turn) => {
    const box = (el) => el && el.getBoundingClientRect().toJSON();
    const list = document.querySelector("[data-analysis-moves]");
    return {
      list: box(list),
      current: box(list.querySelector("[aria-current]")),
      words: box(document.querySelector(`[data-review-explain="${turn}"]`)),
      body: box(document.querySelector(".analysis-body")),
      window: { top: 0, bottom: innerHeight },
      text: document.querySelector(`[data-review-explain="${turn}"]`)?.innerText,
    };
  }, turn);
  await screenshot(page, "lab-review-marked-1280");
  assert.ok(inside(boxes.current, boxes.list), `the shown turn is in the list's view: ${JSON.stringify(boxes)}`);
  assert.ok(boxes.words, "the marked turn is explained");
  assert.ok(inside(boxes.words, boxes.body) && inside(boxes.words, boxes.window), `its words are in view: ${JSON.stringify(boxes)}`);
  assert.ok(boxes.text.startsWith(`${label} `), `the words number it as the list does: ${boxes.text}`);
  assert.match(boxes.text, /The review looked 14 plies deep\. Before the move: .+\. After it: .+\./);
  assertNoErrors(page);
});
