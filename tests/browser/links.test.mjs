// Game links: every variant opens from `#variant=…&mode=two-players`, draws
// its own board (the right points) and takes a move; a bad link shows a
// message and the default game.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  startHarness, gameLink, openGame, snapshot, waitForState, moveCount, targets, piecesOf,
  clickPoint, screenshot, assertNoErrors, waitForBoard,
} from "./lib/harness.mjs";
import { VARIANTS, MILL_POINTS } from "./lib/boards.mjs";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

for (const [variant, points] of Object.entries(VARIANTS)) {
  test(`variant ${variant}: opens from a link, ${points.length} points, takes a move`, { timeout: 90_000 }, async () => {
    const { page } = await h.newPage();
    await openGame(page, gameLink(h.url, { variant, mode: "two-players" }));
    let snap = await snapshot(page);
    assert.deepEqual(Object.keys(snap.points).sort(), [...points].sort(), `the ${variant} board's points`);
    assert.equal(moveCount(snap), 0, "no moves yet");
    const t = targets(snap);
    assert.equal(t.length, points.length, "every point is a placement target");
    const to = points.includes("d2") ? "d2" : "b2";
    await clickPoint(page, to);
    snap = await waitForState(page, (s) => moveCount(s) === 1, `the move list to show ${to}`);
    assert.equal(snap.points[to].piece, "light", `light placed on ${to}`);
    assert.equal(piecesOf(snap, "light").length + piecesOf(snap, "dark").length, 1, "one piece on the board");
    await screenshot(page, `variant-${variant}`);
    assertNoErrors(page);
  });
}

test("a bad link shows a message and the default game", { timeout: 90_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, h.url);
  const plain = await page.locator("body").innerText();

  const { page: bad } = await h.newPage();
  bad.on("dialog", (d) => d.dismiss());
  await bad.goto(gameLink(h.url, { variant: "nonsense", mode: "sideways", moves: "z9,a1-q4" }));
  await waitForBoard(bad);
  const snap = await snapshot(bad);
  assert.deepEqual(Object.keys(snap.points).sort(), [...MILL_POINTS].sort(), "the default game: Nine Men's Morris");
  assert.equal(piecesOf(snap, "light").length + piecesOf(snap, "dark").length, 0, "an empty board");
  const text = await bad.locator("body").innerText();
  assert.match(text, /link|invalid|unknown|not|error|nonsense/i, "a message about the link");
  assert.notEqual(text, plain, "the page says more than a plain start does");
  await screenshot(bad, "bad-link");
  // The page still plays.
  await clickPoint(bad, "d6");
  await waitForState(bad, (s) => s.points.d6.piece === "light", "a piece on d6 after the bad link");
  assertNoErrors(bad, [/link|variant|nonsense/i]);
});

test("an oversized link is refused at once, naming its bound", { timeout: 90_000 }, async () => {
  const { page } = await h.newPage();
  // 80 000 turns, about 480 KB: refused before any turn is replayed.
  const started = Date.now();
  await page.goto(gameLink(h.url, { variant: "nine", mode: "two-players", moves: "a1-a4,".repeat(80_000) }));
  await waitForBoard(page);
  const text = await page.locator('[data-notice="link.bad"]').innerText();
  assert.match(text, /32000/, "the message names the bound");
  assert.ok(Date.now() - started < 15_000, "refused at once");
  const snap = await snapshot(page);
  assert.equal(moveCount(snap), 0, "a new game");
  assertNoErrors(page, [/link/i]);
});
