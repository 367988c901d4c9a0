// Nothing lost: a link opened over an unfinished game keeps it under
// "Recent games"; a save the browser refuses is said on the table; two tabs
// of one browser follow each other instead of writing over each other; an
// unreadable save is kept aside, not overwritten.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  startHarness, gameLink, openGame, snapshot, waitForState, moveCount, playMove, piecesOf,
  screenshot, assertNoErrors, waitForBoard,
} from "./lib/harness.mjs";
import { VARIANTS } from "./lib/boards.mjs";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

const notice = (page, key) => page.locator(`[data-notice="${key}"]`);
const stored = (page) =>
  page.evaluate(() => Object.fromEntries(Object.keys(localStorage).map((k) => [k, localStorage.getItem(k)])));

async function playOpening(page, moves) {
  for (const [i, m] of moves.entries()) await playMove(page, m, i % 2 ? "dark" : "light");
}

test("a game link opened over an unfinished game keeps that game under Recent games", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));
  await playOpening(page, ["d2", "d6", "b4"]);

  // A link opened while the page is up (the address changes, no reload).
  await page.goto(gameLink(h.url, { variant: "six", mode: "two-players", moves: "a1" }));
  await notice(page, "save.kept").waitFor();
  let snap = await waitForState(page, (s) => moveCount(s) === 1 && Object.keys(s.points).length === VARIANTS.six.length, "the six men's game on the table");
  await page.locator("[data-recent-item]").first().waitFor();
  await screenshot(page, "recent-kept");
  // d2 d6 b4 is written "1. d2 d6 2. b4": two moves, as the list numbers them.
  const line = await page.locator("[data-recent-item] .room-state").first().textContent();
  assert.match(line, /· 2 moves played$/, `the kept game counts moves as the move list does: ${line}`);

  // A link opened as the page loads, over the six men's game.
  await page.goto("about:blank");
  await openGame(page, gameLink(h.url, { variant: "twelve", mode: "two-players" }));
  await notice(page, "save.kept").waitFor();
  assert.equal(await page.locator("[data-recent-item]").count(), 2, "both unfinished games are listed");

  // Continue the first: it is back, move for move, and it plays on.
  await page.locator("[data-recent-open]").last().click();
  snap = await waitForState(page, (s) => moveCount(s) === 3 && s.points.d2?.piece === "light", "the first game back");
  assert.equal(snap.points.d6.piece, "dark");
  assert.equal(snap.points.b4.piece, "light");
  await playMove(page, "f4", "dark");
  // The twelve men's game had no move: nothing of it to keep.
  assert.equal(await page.locator("[data-recent-item]").count(), 1, "the six men's game is still listed");
  await page.reload();
  await waitForBoard(page);
  await waitForState(page, (s) => moveCount(s) === 4, "the continued game after a reload");
  // The first screen offers it at the move the list writes next: after
  // "1. d2 d6 2. b4 f4", move 3.
  await page.goto(h.url);
  await waitForBoard(page);
  const resume = await page.locator('[data-welcome="continue"] .choice-sub').textContent();
  assert.match(resume, /, move 3$/, `the first screen's move number: ${resume}`);
  assertNoErrors(page);
});

test("a link that cannot be read leaves the unfinished game on the table", { timeout: 90_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));
  await playOpening(page, ["d2", "d6"]);
  await page.goto("about:blank");
  await openGame(page, gameLink(h.url, { variant: "nine", moves: "d2,d2" }));
  await page.locator('[data-notice="link.bad"]').waitFor();
  await waitForState(page, (s) => moveCount(s) === 2 && s.points.d6?.piece === "dark", "the game still on the table");
  assert.equal(await page.locator("[data-recent-item]").count(), 0, "nothing replaced, nothing to keep");
  assertNoErrors(page, [/link/i]);
});

test("a save the browser refuses is said on the table", { timeout: 90_000 }, async () => {
  const { page, context } = await h.newPage();
  await context.addInitScript(() => {
    Storage.prototype.setItem = function () {
      throw new DOMException("The quota has been exceeded.", "QuotaExceededError");
    };
  });
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));
  await playMove(page, "d2", "light");
  await notice(page, "save.failed").waitFor();
  const text = await notice(page, "save.failed").innerText();
  assert.match(text, /save/i, "the notice says saving failed");
  await screenshot(page, "save-failed");
  // The game goes on.
  await playMove(page, "d6", "dark");
  assertNoErrors(page);
});

test("two tabs of one browser follow each other, never write over each other", { timeout: 120_000 }, async () => {
  const { page: a, context } = await h.newPage();
  await openGame(a, gameLink(h.url, { variant: "nine", mode: "two-players" }));
  await playMove(a, "d2", "light");
  const b = await context.newPage();
  await openGame(b, h.url);
  await waitForState(b, (s) => s.points.d2?.piece === "light", "the second tab resumes the game");

  await playMove(a, "d6", "dark");
  await waitForState(b, (s) => moveCount(s) === 2 && s.points.d6?.piece === "dark", "the second tab takes up the move");
  await notice(b, "save.other-tab").waitFor();
  await playMove(b, "b4", "light");
  await waitForState(a, (s) => moveCount(s) === 3 && s.points.b4?.piece === "light", "the first tab takes up the answer");

  // Each tab's last state is the stored one: a reload of either shows all three moves.
  for (const page of [a, b]) {
    await page.reload();
    await waitForBoard(page);
    const snap = await waitForState(page, (s) => moveCount(s) === 3, "three moves after a reload");
    assert.equal(piecesOf(snap, "light").length, 2);
  }
  await screenshot(b, "two-tabs");
  assertNoErrors(a);
  assertNoErrors(b);
});

test("an unreadable save is kept aside, not overwritten", { timeout: 90_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, h.url);
  const damaged = "variant=nine&moves=d2,d2-zz&note=from-a-broken-disk";
  await page.evaluate((v) => localStorage.setItem("mulino.game", v), damaged);
  await page.reload();
  await waitForBoard(page);
  await notice(page, "save.broken").waitFor();
  const text = await notice(page, "save.broken").innerText();
  assert.match(text, /mulino\.broken\.\d+/, "the notice names where the save is kept");
  const all = await stored(page);
  const aside = Object.keys(all).filter((k) => k.startsWith("mulino.broken."));
  assert.equal(aside.length, 1, "one save kept aside");
  assert.equal(all[aside[0]], damaged, "kept as it was");
  assert.ok(text.includes(aside[0]), "the notice names that key");
  const snap = await snapshot(page);
  assert.equal(moveCount(snap), 0, "a new game");
  await screenshot(page, "save-broken");
  assertNoErrors(page);
});
