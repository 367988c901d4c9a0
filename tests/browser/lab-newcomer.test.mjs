// The lab tried as a newcomer (issue 54, section 3): a review's "better"
// move is better by the analysis board's own exact values, and where both
// moves lose it says so and marks nothing, in plain words; a table position
// pasted into the analysis board shows the tables' values in its lines at
// once, and the marks on the board's points are explained; in Arabic at
// 390 px each line shows its start and the move numbers read "5." not ".5";
// with the lab's files out of reach (offline before its first download)
// every way into the lab says so in the plain sentence made for it.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startHarness, waitForBoard, clickAction, assertNoErrors, screenshot } from "./lib/harness.mjs";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

const dialog = (page) => page.locator("[data-analysis]");
// Three pieces against four, both hands empty: the tables say "draw".
const TABLE = "nine L../.L./.../...L../D../.D./D.D L 0/0 0/0 -";

/** A board mark or list value ("+7", "=", "-12", "+", "-") as a rank: wins above draws above losses. */
function rank(mark) {
  if (mark === "=") return 0;
  return mark.startsWith("+") ? 1 : -1;
}

/** A game's Analyse, then TABLE pasted into the analysis board, until its exact values show. */
async function pasteTable(page) {
  await page.goto(`${h.url}#variant=nine&mode=two-players&moves=d6`);
  await waitForBoard(page);
  await clickAction(page, "analyse");
  await dialog(page).locator('[data-ply="1"] button[aria-current]').waitFor({ timeout: 60_000 });
  await dialog(page).locator(".analysis-paste").fill(TABLE);
  await clickAction(page, "analyse-paste");
  await dialog(page).locator('[data-exact="values"]').waitFor({ timeout: 60_000 });
}

// A game of Three Men's Morris where a review that searched alone marked
// dark's 5… b2-b1 "??", better c3-c2, though the analysis shows both
// losing (in 2 and 8 plies).
const BOTH_LOSE = ["a3", "b3", "c1", "c2", "b1", "c3", "b1-a1", "c2-b2", "a1-a2", "b2-b1"];

test("a review's better move is better by the analysis's exact values; both losing is said, unmarked, in plain words", { timeout: 240_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${h.url}#analysis&variant=three&moves=${BOTH_LOSE.join(",")}`);
  await dialog(page).waitFor();
  await dialog(page).locator('[data-action="review"]').click();
  await page.locator('[data-review="done"]').waitFor({ timeout: 180_000 });
  const marked = await page.locator(".review-turn").evaluateAll((els) => els.map((e) => Number(e.dataset.turn)));
  // Each turn, from the position it was played from: what the review
  // said against the exact values the analysis shows there.
  await dialog(page).locator("h2").click();
  await page.keyboard.press("Home");
  let before = null;
  const seen = [];
  for (let turn = 1; turn <= BOTH_LOSE.length; turn++) {
    const played = BOTH_LOSE[turn - 1];
    if (turn > 1) await page.keyboard.press("ArrowRight");
    // The list of this position's moves (not the last position's).
    const list = await page.waitForFunction(([m, last]) => {
      const moves = [...document.querySelectorAll(".exact-move")].map((e) => [e.dataset.move, e.dataset.value]);
      const text = JSON.stringify(moves);
      return moves.some(([x]) => x === m) && text !== last && text;
    }, [played, before], { timeout: 60_000 });
    before = await list.jsonValue();
    const values = Object.fromEntries(JSON.parse(before));
    const best = Math.max(...Object.values(values).map(rank));
    const words = page.locator(`[data-review-explain="${turn}"]`);
    const said = (await words.count()) ? await words.innerText() : "";
    seen.push([turn, played, values[played], marked.includes(turn), said]);
    if (marked.includes(turn)) {
      const better = /Better: (\S+?),/.exec(said)?.[1];
      assert.ok(better, `turn ${turn} is marked and names its better move: ${said}`);
      assert.ok(rank(values[better]) > rank(values[played]), `turn ${turn}: ${better} (${values[better]}) is strictly better than ${played} (${values[played]}) by the analysis`);
    } else {
      assert.ok(rank(values[played]) === best, `turn ${turn}: ${played} (${values[played]}) gives away a result the analysis shows (${before}) and is not marked`);
    }
    if (said) {
      // The review's own view, in words: no raw figures.
      assert.doesNotMatch(said, /[+-]\d+\.\d\d|\(for light\)/, said);
      assert.match(said, /Before the move: .+\. After it: .+\./, said);
    }
  }
  // Dark's b2-b1 loses, and so does c3-c2: said so, unmarked.
  const last = page.locator('[data-review-explain="10"]');
  assert.equal(await last.getAttribute("data-both-lose"), "", JSON.stringify(seen));
  assert.match(await last.innerText(), /^5… b2-b1 \(Dark\) loses, and so does the engine's choice c3-c2: both lose, so nothing is marked\./);
  assert.ok(!marked.includes(10), `no mark on b2-b1: ${JSON.stringify(seen)}`);
  await screenshot(page, "lab-review-both-lose-1280");
  assertNoErrors(page);
});

test("a table position pasted into the analysis board: the lines say the tables' value at once; the board's marks have a legend", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  await pasteTable(page);
  const read = () =>
    dialog(page).evaluate((d) => ({
      status: d.querySelector(".analysis-status").innerText,
      lines: [...d.querySelectorAll(".analysis-line")].map((l) => [l.querySelector(".line-score").innerText, l.querySelector(".line-moves").innerText.split(" ")[0]]),
      list: Object.fromEntries([...d.querySelectorAll(".exact-move")].map((e) => [e.dataset.move, e.querySelector(".exact-value").innerText])),
    }));
  // As soon as the list is there, and a few seconds later: the same words.
  for (const wait of [0, 3000]) {
    await page.waitForTimeout(wait);
    const seen = await read();
    assert.ok(seen.lines.length > 0, `lines at once: ${JSON.stringify(seen)}`);
    for (const [score, first] of seen.lines) {
      assert.doesNotMatch(score, /\d\.\d\d/, `no search score where the tables answer: ${score}`);
      assert.equal(score, seen.list[first], `the line ${first} says what the list says`);
    }
    assert.equal(seen.lines[0][0], "draw", JSON.stringify(seen));
    assert.doesNotMatch(seen.status, /Depth/, seen.status);
    assert.match(seen.status, /Exact values/, seen.status);
  }
  // The marks on the points ("=", "-2") are explained beside the board.
  const notes = await dialog(page).locator(".point-note").evaluateAll((els) => els.map((e) => e.dataset.note));
  assert.ok(notes.includes("="), `draws on the points: ${notes}`);
  const legend = dialog(page).locator("[data-notes-legend]");
  assert.ok(await legend.isVisible(), "a legend under the board");
  assert.match(await legend.innerText(), /for Light.*\+7 wins in 7 plies, = draws, -2 loses in 2 plies/, await legend.innerText());
  await screenshot(page, "lab-table-exact-1280");
  assertNoErrors(page);
});

test("in Arabic at 390 px each analysis line shows its start, and move numbers read 5. not .5", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "ar" });
  await page.addInitScript(() => localStorage.setItem("mulino.lang", "ar"));
  await page.goto(`${h.url}#analysis&variant=nine&moves=d6,d2,f4,b4,d7,f6,a4,g4,b6,f2`);
  await dialog(page).locator('[data-lines="3"]').waitFor({ timeout: 60_000 });
  assert.equal(await page.evaluate(() => document.documentElement.dir), "rtl");
  // Deep enough that the lines are longer than the row.
  await page.waitForFunction(() => Number(document.querySelector(".analysis-status")?.dataset.depth) >= 7, null, { timeout: 60_000 });
  await clickAction(page, "stop-analysis");
  const lines = await dialog(page).locator(".line-moves").evaluateAll((els) =>
    els.map((el) => {
      const text = el.firstChild;
      const first = el.textContent.split(" ")[0];
      const range = document.createRange();
      range.setStart(text, 0);
      range.setEnd(text, first.length);
      const [box, word] = [el.getBoundingClientRect(), range.getBoundingClientRect()];
      return { first, cut: el.scrollWidth > el.clientWidth, shown: word.left >= box.left - 1 && word.right <= box.right + 1 };
    }));
  assert.ok(lines.some((l) => l.cut), `a line longer than its row: ${JSON.stringify(lines)}`);
  for (const l of lines) assert.ok(l.shown, `the line's first move ${l.first} is in view: ${JSON.stringify(lines)}`);
  // The line of play's numbers: "5." with its point after the number.
  const numbers = await dialog(page).locator("[data-analysis-moves] li[data-number]").evaluateAll((els) =>
    els.map((li) => getComputedStyle(li, "::before")).map((s) => [s.content, s.direction, s.unicodeBidi]));
  assert.ok(numbers.length >= 5, JSON.stringify(numbers));
  for (const [content, direction, bidi] of numbers) {
    assert.equal(direction, "ltr", `a number ${content} laid out left to right`);
    assert.equal(bidi, "isolate", `a number ${content} isolated from the Arabic around it`);
  }
  await screenshot(page, "lab-analysis-ar-390");
  assertNoErrors(page);
});

test("in Arabic the marks on the points read as numbers do: -2 with its sign first, as in the legend", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, locale: "ar" });
  await page.addInitScript(() => localStorage.setItem("mulino.lang", "ar"));
  await pasteTable(page);
  // Where each character of a signed mark is drawn: its sign left of its digits.
  const signed = await dialog(page).locator(".point-note text").evaluateAll((els) =>
    els
      .filter((t) => /^[+-]\d/.test(t.textContent))
      .map((t) => {
        const node = t.firstChild;
        const box = (i) => {
          const r = document.createRange();
          r.setStart(node, i);
          r.setEnd(node, i + 1);
          return r.getBoundingClientRect().left;
        };
        return { text: t.textContent, signLeft: box(0) < box(1) };
      }));
  assert.ok(signed.length > 0, "signed marks on the board");
  for (const m of signed) assert.ok(m.signLeft, `the mark ${m.text} reads with its sign first: ${JSON.stringify(signed)}`);
  await screenshot(page, "lab-table-marks-ar-390");
  assertNoErrors(page);
});

test("with the lab's files out of reach, every way into the lab says it cannot load offline, not the browser's words", { timeout: 180_000 }, async () => {
  const ways = {
    analyse: (page) => clickAction(page, "analyse"),
    review: (page) => clickAction(page, "review"),
    link: (page) => page.evaluate(() => (location.hash = "analysis&variant=three&moves=a1")),
    editor: (page) => page.locator('[data-action="edit-position"]:visible').first().click(),
    puzzles: (page) => page.locator('[data-action="puzzles"]:visible').first().click(),
  };
  for (const [way, go] of Object.entries(ways)) {
    // The lab never opened: its module cannot come (the connection gone,
    // though the browser still says it is online).
    const { page } = await h.newPage({ serviceWorkers: "block" });
    await page.route(/\/lab(_bg)?\.(js|wasm)(\?.*)?$/, (route) => route.abort("internetdisconnected"));
    await page.goto(`${h.url}#variant=three&mode=two-players&moves=b2`);
    await waitForBoard(page);
    await go(page);
    await page.locator('[data-notice^="lab."]:not([data-notice="lab.loading"])').waitFor({ timeout: 30_000 });
    const notice = page.locator("[data-notice]");
    assert.equal(await notice.getAttribute("data-notice"), "lab.offline", `${way}: ${await notice.innerText()}`);
    const said = await notice.innerText();
    assert.doesNotMatch(said, /Failed to fetch|dynamically imported|module/i, `${way}: ${said}`);
    assert.match(said, /Playing on the table works offline/, `${way}: ${said}`);
    assert.equal(await dialog(page).count(), 0, `${way}: no analysis board`);
    assertNoErrors(page, [/lab\.js|lab_bg\.wasm|ERR_INTERNET_DISCONNECTED|Failed to fetch/]);
    await page.context().close();
  }
});
