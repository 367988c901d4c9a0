// The computer's workers cannot start: their scripts or their wasm are
// neither online nor cached (blocked here). The page does not break: the table
// says "The computer is unavailable: …" where it would say the computer is
// thinking, and two people still play on the same screen.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  startHarness, gameLink, openGame, snapshot, playMove, waitForState, screenshot, clickAction,
} from "./lib/harness.mjs";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

const UNAVAILABLE = /The computer is unavailable: .+/;

for (const blocked of ["worker.js", "worker_bg.wasm"]) {
  test(`${blocked} blocked: the computer is unavailable and hot-seat still plays`, { timeout: 120_000 }, async () => {
    // No service worker: it would serve the worker from its cache. The
    // worker with the tables, which gives Nine's hints, cannot come either.
    const { context, page } = await h.newPage({ serviceWorkers: "block" });
    const tables = blocked.replace("worker", "worker-tables");
    for (const name of [blocked, tables]) {
      await context.route(`**/${name}`, (route) => route.abort("internetdisconnected"));
    }

    // The computer plays light and opens: it cannot.
    await openGame(page, gameLink(h.url, { variant: "nine", mode: "vs-engine", color: "dark", level: 3 }));
    let snap = await waitForState(page, (s) => UNAVAILABLE.test(s.status ?? ""), "the status to say the computer is unavailable");
    assert.equal(snap.statusValue, "light unavailable", "machine-readable status");
    assert.equal(snap.moves.length, 0, "no move was played");
    await screenshot(page, `engine-unavailable-${blocked.replace(/\W/g, "-")}`);

    // A game between two people: a mill and its removal, as usual.
    await page.goto("about:blank");
    await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));
    for (const [i, move] of ["a1", "b2", "d1", "d2", "g1xb2", "f2"].entries()) {
      snap = await playMove(page, move, i % 2 === 0 ? "light" : "dark");
    }
    assert.match(snap.status, /Light to play/, "hot-seat goes on");
    // A hint asks the computer: on this new page load its worker is tried
    // again, fails, and the message is shown beside the game.
    await clickAction(page, "hint");
    await page.locator("[data-engine='unavailable']").waitFor({ state: "visible" });
    const text = (await page.locator("[data-engine='unavailable']").textContent()) ?? "";
    assert.match(text, UNAVAILABLE, "the message names the computer");
    snap = await snapshot(page);
    assert.ok(!snap.actions.includes("hint"), "no more hints are offered");
    snap = await playMove(page, "g4", "light");
    assert.equal(snap.moves.length, 7, "still playing after the failed hint");
    await screenshot(page, `engine-unavailable-hot-seat-${blocked.replace(/\W/g, "-")}`);
    const panics = (page.mulinoErrors ?? []).filter((e) => /pageerror|panicked|unreachable/i.test(e));
    assert.deepEqual(panics, [], "no panic, no uncaught error on the page");
    await context.close();
  });
}
