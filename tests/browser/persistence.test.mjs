// Never lose a game: a reload resumes it (localStorage), and after one visit
// the app loads and plays offline (service worker).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  startHarness, gameLink, openGame, snapshot, waitForState, moveCount, playMove, piecesOf,
  screenshot, assertNoErrors, waitForBoard, clickPoint, reloadOffline, DIST,
} from "./lib/harness.mjs";
import { serve } from "./lib/server.mjs";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

const OPENING = ["d2", "d6", "b4", "f4", "b6"];

test("a reload resumes the game", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));
  for (const [i, m] of OPENING.entries()) await playMove(page, m, i % 2 ? "dark" : "light");
  const before = await snapshot(page);
  // Reload the address without the link (as after closing the tab), then as it is.
  for (const url of [h.url, page.url()]) {
    await page.goto(url);
    await page.reload();
    await waitForBoard(page);
    const after = await waitForState(page, (s) => moveCount(s) === OPENING.length, `the ${OPENING.length} moves back after reload`);
    for (const p of Object.keys(before.points)) assert.equal(after.points[p].piece, before.points[p].piece, `${p} after reload`);
    assert.deepEqual(after.moves, before.moves, "the move list after reload");
  }
  await screenshot(page, "reload-resumed");
  await playMove(page, "f6", "dark");
  assertNoErrors(page);
});

test("offline: after one visit a reload still plays", { timeout: 120_000 }, async () => {
  // A server of its own, shut down before the reload: then nothing at all can
  // come from the network (Chromium's offline emulation does not cover what a
  // service worker fetches itself).
  const own = await serve(DIST);
  const { page, context } = await h.newPage();
  try {
    await openGame(page, gameLink(own.url, { variant: "nine", mode: "two-players" }));
    const sw = await page.evaluate(async () => {
      if (!("serviceWorker" in navigator)) return "no serviceWorker API";
      const reg = await Promise.race([
        navigator.serviceWorker.ready,
        new Promise((r) => setTimeout(() => r(null), 20_000)),
      ]);
      return reg ? reg.active?.scriptURL ?? "registered, not active" : "no service worker became ready";
    });
    assert.match(sw, /^http/, `a service worker is active (${sw})`);
    console.log(`# service worker: ${sw}`);
    await playMove(page, "a1", "light");
    await reloadOffline(page, context, own);
    const snap = await waitForState(page, (s) => moveCount(s) === 1, "the game back offline");
    assert.equal(snap.points.a1.piece, "light");
    await playMove(page, "d7", "dark");
    await clickPoint(page, "g1");
    await waitForState(page, (s) => s.points.g1.piece === "light", "a move offline");
    await screenshot(page, "offline");
    await context.setOffline(false);
    assertNoErrors(page);
  } finally {
    await own.close();
  }
});
