// Game flow: a draw offer (passed on with the offering side's move) declined,
// refused by a move, then accepted (hot-seat);
// resigning asks for confirmation; a rematch swaps the colours, so against the
// computer it now opens with light and we play dark.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  startHarness, gameLink, openGame, snapshot, waitForState, moveCount, isOver, actionVisible,
  clickAction, playMove, playAnyTurn, piecesOf, targets, clickPoint, screenshot, assertNoErrors,
  seatColor, rematch, rng, ENGINE_TIMEOUT, OUTCOME,
} from "./lib/harness.mjs";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

test("draw offer: declined, refused by a move, accepted; then a rematch", { timeout: 180_000 }, async (t) => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players", moves: "a1,b2" }));
  let snap = await waitForState(page, (s) => moveCount(s) === 2, "the link's two moves in the move list");
  assert.equal(snap.points.a1.piece, "light", "a1 from the link");
  assert.equal(snap.points.b2.piece, "dark", "b2 from the link");

  // Light offers on its turn; the offer goes with light's move to dark.
  await clickAction(page, "offer-draw");
  snap = await playMove(page, "d1", "light");
  await page.locator('[data-action="accept-draw"]:visible').waitFor();
  assert.ok(await actionVisible(page, "decline-draw"), "the opponent can decline");
  await screenshot(page, "draw-offered");
  await clickAction(page, "decline-draw");
  snap = await waitForState(page, (s) => !s.actions.includes("accept-draw"), "the offer to go away once declined");
  assert.ok(!isOver(snap), "the game goes on after a declined offer");
  assert.doesNotMatch(snap.status, /draw/i, "no draw in the status line");
  snap = await playMove(page, "d2", "dark");

  await t.test("a move instead of an answer refuses the offer", async () => {
    const side = () => snapshot(page).then((s) => (moveCount(s) % 2 === 0 ? "light" : "dark"));
    await clickAction(page, "offer-draw");
    await playAnyTurn(page, await side(), rng(7));
    await page.locator('[data-action="accept-draw"]:visible').waitFor();
    await playAnyTurn(page, await side(), rng(7));
    const s = await waitForState(page, (x) => !x.actions.includes("accept-draw"), "the offer to lapse after a move");
    assert.ok(!isOver(s), "the game goes on");
  });
  // Whatever the subtest left open, the offer is declined before going on.
  if (await actionVisible(page, "decline-draw")) await clickAction(page, "decline-draw");
  if (await actionVisible(page, "cancel")) await clickAction(page, "cancel");

  await clickAction(page, "offer-draw");
  const mover = moveCount(await snapshot(page)) % 2 === 0 ? "light" : "dark";
  await playAnyTurn(page, mover, rng(11));
  await clickAction(page, "accept-draw");
  snap = await waitForState(page, isOver, "the game to end in a draw");
  assert.match(snap.status, /draw/i, "the outcome says draw");
  await screenshot(page, "draw-accepted");

  const bottomBefore = await seatColor(page, "bottom");
  const topBefore = await seatColor(page, "top");
  snap = await rematch(page);
  assert.equal(moveCount(snap), 0, "the rematch starts with no moves");
  assert.equal(piecesOf(snap, "light").length + piecesOf(snap, "dark").length, 0, "the rematch starts on an empty board");
  assert.ok(bottomBefore && topBefore, "each seat shows its colour");
  assert.equal(await seatColor(page, "bottom"), topBefore, "the bottom seat now plays the top seat's colour");
  assert.equal(await seatColor(page, "top"), bottomBefore, "and the top seat the bottom's");
  await screenshot(page, "draw-rematch");
  assertNoErrors(page);
});

test("resign asks for confirmation; rematch against the computer swaps colours", { timeout: 240_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "vs-engine", color: "light" }));
  let snap = await snapshot(page);
  assert.equal(moveCount(snap), 0);
  await clickPoint(page, "d2");
  snap = await waitForState(page, (s) => moveCount(s) >= 2, "the computer's answer", ENGINE_TIMEOUT);
  assert.equal(snap.points.d2.piece, "light", "we play light");
  assert.equal(piecesOf(snap, "dark").length, 1, "the computer placed a dark piece");
  assert.equal(await seatColor(page, "bottom"), "light", "our seat (bottom) plays light");

  await clickAction(page, "resign");
  await page.locator('[data-action="confirm"]:visible').waitFor();
  assert.ok(await actionVisible(page, "cancel"), "resigning can be cancelled");
  await screenshot(page, "resign-confirm");
  await clickAction(page, "cancel");
  snap = await waitForState(page, (s) => !s.actions.includes("confirm"), "the confirmation to close");
  assert.ok(!isOver(snap), "cancelling keeps the game going");
  await clickAction(page, "resign");
  await clickAction(page, "confirm");
  snap = await waitForState(page, isOver, "the game to end by resignation");
  assert.match(snap.status, OUTCOME, "the outcome is shown");
  assert.match(snap.status, /resign|dark|computer/i, "the outcome says we resigned or the computer won");
  await screenshot(page, "resigned");

  await rematch(page);
  // Colours swap: the computer now has light and opens.
  snap = await waitForState(
    page,
    (s) => !isOver(s) && moveCount(s) === 1 && piecesOf(s, "light").length === 1 && piecesOf(s, "dark").length === 0,
    "the computer to open the rematch with light",
    ENGINE_TIMEOUT,
  );
  const t = targets(snap);
  assert.ok(t.length > 0, "we may place");
  await clickPoint(page, t[0]);
  snap = await waitForState(page, (s) => s.points[t[0]].piece !== null, `our piece on ${t[0]}`);
  assert.equal(snap.points[t[0]].piece, "dark", "we play dark in the rematch");
  assert.equal(await seatColor(page, "bottom"), "dark", "our seat (bottom) now plays dark");
  await screenshot(page, "rematch-swapped");
  assertNoErrors(page);
});
