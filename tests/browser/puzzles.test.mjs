// Puzzles proved by the endgame tables (app/static/puzzles/*.txt, made by
// `morris tb puzzles`): the player opens them from the top bar, a wrong
// move is refused and the puzzle stays, the right one is accepted and the
// puzzle is played out to its goal (the other side's replies, the rest of
// the line), the streak counts and survives a reload, and "Show the
// answer" marks it.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { startHarness, waitForBoard, clickAction, assertNoErrors, screenshot } from "./lib/harness.mjs";
import { exactValues, pointsOf } from "./lib/exact.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "../..");
const NINE = fs
  .readFileSync(path.join(ROOT, "app/static/puzzles/nine.txt"), "utf8")
  .split("\n")
  .filter((l) => l.trim() && !l.startsWith("#"))
  .map((l) => {
    const [kind, plies, answer, position] = l.split("\t");
    return { kind, plies: Number(plies), answer, position };
  });

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

const dialog = (page) => page.locator("[data-puzzles]");
const verdict = (page) => dialog(page).locator("[data-verdict]");

async function press(page, point) {
  await dialog(page).locator(`[data-point="${point}"]`).click({ force: true });
}

/**
 * Plays a puzzle on from its first right move to its goal: each time the
 * player is to move again, the best move by the analysis board's exact
 * values. Returns the line played.
 */
async function playOut(page, puzzle) {
  for (let played = 1; ; played += 2) {
    // The player's move and the reply in, or the goal reached.
    const state = await page.waitForFunction(
      (played) => {
        const v = document.querySelector("[data-puzzles] [data-verdict]");
        const line = (v?.dataset.line ?? "").split(" ").filter(Boolean);
        if (v?.dataset.verdict === "right" || v?.dataset.verdict === "wrong") return { verdict: v.dataset.verdict, line };
        return v?.dataset.verdict === "asking" && line.length > played ? { verdict: "asking", line } : null;
      },
      played,
      { timeout: 60_000 },
    );
    const { verdict: now, line } = await state.jsonValue();
    assert.notEqual(now, "wrong", `the best move by the tables is taken: ${line}`);
    if (now === "right") return line;
    const [[best]] = await exactValues(h, puzzle.position, line);
    for (const p of pointsOf(best)) await press(page, p);
  }
}

/** A fresh page with the puzzles opened from the top bar. */
async function openPuzzles() {
  const { page } = await h.newPage();
  await page.goto(h.url);
  await waitForBoard(page);
  await clickAction(page, "puzzles");
  await dialog(page).locator("[data-puzzle-index]").waitFor();
  return page;
}

async function shownIndex(page) {
  return Number(await dialog(page).locator("[data-puzzle-index]").getAttribute("data-puzzle-index"));
}

test("a wrong move is refused, the right one solves the puzzle, and the streak survives a reload", async () => {
  const page = await openPuzzles();
  assert.equal(await shownIndex(page), 0);
  const first = NINE[0];
  const task = await dialog(page).locator(".puzzle-task").textContent();
  assert.match(task, new RegExp(`only move that keeps the win.*${first.plies} plies`), task);

  // The answer's piece to a point other than the answer's: a legal move
  // that gives the win away (the file's answer is the only one keeping it).
  const [from, to] = pointsOf(first.answer);
  await press(page, from);
  const targets = await dialog(page).locator('[data-hint="target"]').evaluateAll((els) => els.map((e) => e.getAttribute("data-point")));
  const wrongTo = targets.find((t) => t !== to);
  assert.ok(wrongTo, `another destination than ${to} for ${from}: ${targets}`);
  await press(page, wrongTo);
  if ((await dialog(page).locator('[data-hint="removable"]').count()) > 0) {
    await dialog(page).locator('[data-hint="removable"]').first().click({ force: true });
  }
  await assert.doesNotReject(verdict(page).and(page.locator('[data-verdict="wrong"]')).waitFor());
  assert.match(await verdict(page).textContent(), /Not that one/);
  assert.equal(await shownIndex(page), 0, "a wrong answer keeps the puzzle");

  for (const p of pointsOf(first.answer)) await press(page, p);
  // A win in 3 plies: the reply comes and the win is played out to the end.
  const line = await playOut(page, first);
  assert.equal(line.length, first.plies, `the whole line: ${line}`);
  assert.match(await verdict(page).textContent(), /Solved: the win is played out/);
  assert.match(await dialog(page).locator(".puzzle-score").textContent(), /streak 1/);
  await screenshot(page, "puzzle-solved");
  await clickAction(page, "next-puzzle");
  await page.locator('[data-verdict="asking"]').waitFor();
  assert.equal(await shownIndex(page), 1);

  await page.reload();
  await waitForBoard(page);
  await clickAction(page, "puzzles");
  await dialog(page).locator("[data-puzzle-index]").waitFor();
  assert.equal(await shownIndex(page), 1, "the next puzzle after a reload");
  assert.match(await dialog(page).locator(".puzzle-score").textContent(), /streak 1 · best 1/);

  await clickAction(page, "show-answer");
  await page.locator('[data-verdict="shown"]').waitFor();
  assert.match(await verdict(page).textContent(), new RegExp(NINE[1].answer));
  assert.match(await dialog(page).locator(".puzzle-score").textContent(), /streak 0 · best 1/);
  await clickAction(page, "next-puzzle");
  await page.locator('[data-verdict="asking"]').waitFor();
  assert.equal(await shownIndex(page), 2);
  await clickAction(page, "close-puzzles");
  assert.equal(await dialog(page).count(), 0);
  assertNoErrors(page);
});

test("a move that closes a mill shows its piece where it went, and the words ask for the piece to take", async () => {
  const page = await openPuzzles();
  const first = NINE[0];
  for (const p of pointsOf(first.answer)) await press(page, p);
  // The reply comes; the best move on takes a piece.
  const line = await page.waitForFunction(() => {
    const v = document.querySelector("[data-puzzles] [data-verdict]");
    const line = (v?.dataset.line ?? "").split(" ").filter(Boolean);
    return v?.dataset.verdict === "asking" && line.length === 2 ? line : null;
  }, null, { timeout: 60_000 });
  const [[best]] = await exactValues(h, first.position, await line.jsonValue());
  const [from, to, taken] = pointsOf(best);
  assert.ok(taken && best.includes("-"), `the winning move moves a piece and takes one: ${best}`);
  await press(page, from);
  await press(page, to);
  await dialog(page).locator('[data-hint="removable"]').first().waitFor();
  const piece = (p) => dialog(page).locator(`[data-point="${p}"]`).getAttribute("data-piece");
  assert.equal(await piece(from), null, `${from} is left while the piece to take is picked`);
  assert.ok(await piece(to), `the piece that closed the mill is drawn on ${to}`);
  assert.equal(await dialog(page).locator("[data-selected]").count(), 0, `no "selected" ring left on the empty ${from}`);
  assert.equal(await dialog(page).locator("[data-verdict]").innerText(), "Remove a piece", "the words say what is asked now");
  await screenshot(page, "puzzle-mill-removing");
  await press(page, taken);
  await page.locator('[data-verdict="right"]').waitFor({ timeout: 60_000 });
  assertNoErrors(page);
});

test("offline before the puzzles were ever fetched, they say so in plain words; the cross at the top closes them, and online they open", async () => {
  const { page, context } = await h.newPage();
  await page.goto(`${h.url}#variant=nine&mode=two-players&moves=d2`);
  await waitForBoard(page);
  // The lab came on this visit (the analysis board), the puzzles not yet.
  await clickAction(page, "analyse");
  await page.locator("[data-analysis]").waitFor();
  await page.keyboard.press("Escape");
  await page.locator("[data-analysis]").waitFor({ state: "detached" });
  await context.setOffline(true);
  await clickAction(page, "puzzles");
  const said = await dialog(page).locator("[data-puzzles-offline]").innerText();
  assert.match(said, /downloaded the first time they open.*offline now/i, said);
  assert.doesNotMatch(said, /Failed to fetch|\(/i, said);
  // The close button beside the title, as a person finds it first.
  const cross = dialog(page).locator('.dialog-head [data-action="close-dialog"]');
  assert.equal(await cross.getAttribute("aria-label"), "Close");
  await cross.click();
  assert.equal(await dialog(page).count(), 0, "the cross closed the puzzles");
  await context.setOffline(false);
  await clickAction(page, "puzzles");
  await dialog(page).locator("[data-puzzle-index]").waitFor({ timeout: 30_000 });
  assertNoErrors(page, [/puzzles\/nine\.txt|ERR_INTERNET_DISCONNECTED|Failed to fetch/]);
});

test("in German at 320 px the puzzles' title takes two lines beside its cross, not three", async () => {
  const { page } = await h.newPage({ viewport: { width: 320, height: 640 }, locale: "de-DE" });
  await page.goto(h.url);
  await waitForBoard(page);
  await clickAction(page, "puzzles");
  await dialog(page).locator("[data-puzzle-index]").waitFor();
  const title = dialog(page).locator(".dialog-head h2");
  assert.match(await title.innerText(), /^Rätsel: Neunermühle/);
  const lines = await title.evaluate((e) => {
    const s = getComputedStyle(e);
    const text = e.getBoundingClientRect().height - parseFloat(s.paddingTop) - parseFloat(s.paddingBottom);
    return Math.round(text / parseFloat(s.lineHeight));
  });
  assert.ok(lines <= 2, `the title takes ${lines} lines`);
  assertNoErrors(page);
});
