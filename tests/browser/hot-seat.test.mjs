// Two people on one screen play Nine Men's Morris by clicking: light closes
// mills while placing (the removable dark pieces light up red), closes the
// same mill again by moving a piece out and back, dark is left with three
// pieces and flies, and light wins.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  startHarness, gameLink, openGame, snapshot, playMove, targets, piecesOf, removable,
  screenshot, assertNoErrors, clickPoint, waitForState, OUTCOME, isOver,
} from "./lib/harness.mjs";

// Checked against the rule book by hand: every dark move is legal, dark never
// closes a mill, and light's mills are a1-d1-g1, g1-g4-g7, g7-d7-a7, a7-a4-a1.
const GAME = [
  "a1", "b2", "d1", "d2", "g1xb2", "f2", "g4", "b4", "g7xd2", "c3", "d7", "e3", "a7xc3", "c5", "a4xe3", "d5",
  "d3", "e4",
  // moving: light opens and closes g1-g4-g7 twice
  "g4-f4", "b4-b6", "f4-g4xf2", "c5-c4", "g4-f4", "d5-d6", "f4-g4xe4",
  // dark has three pieces: it flies
  "c4-f4", "d1-d2", "b6-b2", "d2-d1xf4",
];

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

test("hot-seat: mills, red removals, flying, and light wins", { timeout: 240_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));
  let snap = await snapshot(page);
  assert.equal(Object.keys(snap.points).length, 24, "24 points on the mill board");
  assert.equal(piecesOf(snap, "light").length + piecesOf(snap, "dark").length, 0, "the board starts empty");
  assert.equal(targets(snap).length, 24, "every point is a placement target at the start");
  assert.ok(snap.status, "a status line (data-status)");
  const startStatus = snap.status;

  for (let i = 0; i < GAME.length; i++) {
    const move = GAME[i];
    const color = i % 2 === 0 ? "light" : "dark";
    if (move === "g1xb2") {
      // The mill is closed: before the removal, the status asks for it and only dark pieces are red.
      await clickPoint(page, "g1");
      snap = await waitForState(page, (s) => removable(s).length > 0, "removable pieces after closing a1-d1-g1");
      assert.deepEqual(removable(snap).sort(), ["b2", "d2"], "both dark pieces are removable");
      assert.match(snap.status, /remove/i, "the status says to remove a piece");
      assert.equal(targets(snap).length, 0, "no placement targets while a removal is due");
      await screenshot(page, "hot-seat-removal");
      // Nothing else can be clicked: an empty point does nothing.
      await clickPoint(page, "g7");
      await page.waitForTimeout(200);
      snap = await snapshot(page);
      assert.equal(snap.points.g7.piece, null, "clicking an empty point during a removal places nothing");
      assert.equal(removable(snap).length, 2, "the removal is still due");
      await clickPoint(page, "b2");
      snap = await waitForState(page, (s) => s.moves?.length === i + 1, "the move list to show g1xb2");
      assert.equal(snap.points.b2.piece, null, "b2 removed");
      continue;
    }
    if (move === "c4-f4") {
      // Flying: the three dark pieces may go to any empty point.
      await clickPoint(page, "c4");
      snap = await waitForState(page, (s) => s.points.c4.selected && targets(s).length > 0, "c4 selected with targets");
      const empties = Object.values(snap.points).filter((p) => p.piece === null).length;
      assert.equal(targets(snap).length, empties, "a piece of a player with three pieces may fly to every empty point");
      assert.ok(targets(snap).includes("f4"), "f4 (not adjacent to c4) is a target");
      await screenshot(page, "hot-seat-flying");
      await clickPoint(page, "f4");
      snap = await waitForState(page, (s) => s.moves?.length === i + 1, "the move list to show c4-f4");
      assert.equal(snap.points.f4.piece, "dark");
      continue;
    }
    snap = await playMove(page, move, color);
    if (i === 0) assert.notEqual(snap.status, startStatus, "the status line changes with the turn");
  }

  snap = await waitForState(page, (s) => isOver(s), "the game to end (rematch offered)");
  assert.match(snap.status, OUTCOME, "the outcome is shown");
  assert.match(`${snap.status} ${snap.statusValue}`, /light wins|1-0/i, "light is named as the winner");
  assert.equal(piecesOf(snap, "dark").length, 2, "dark is left with two pieces");
  assert.equal(piecesOf(snap, "light").length, 9, "light kept its nine pieces");
  assert.equal(snap.moves.length, GAME.length, "one move-list entry per turn");
  await screenshot(page, "hot-seat-end");
  assertNoErrors(page);
});
