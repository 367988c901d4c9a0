// A whole game against the computer, played to its end by clicking: we play
// light, choosing among the targets the board lights up; the computer sits in
// the top seat and answers each turn.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  startHarness, gameLink, openGame, snapshot, playAnyTurn, waitForState, moveCount, isOver,
  piecesOf, screenshot, assertNoErrors, rng, ENGINE_TIMEOUT, OUTCOME, seatText,
} from "./lib/harness.mjs";

const MAX_TURNS = Number(process.env.MULINO_MAX_TURNS ?? 400);
const SEED = Number(process.env.MULINO_SEED ?? 20240611);
const LEVEL = process.env.MULINO_ENGINE_LEVEL; // default: the app's default level

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

test("a whole game against the computer, by clicking, to its end", { timeout: 900_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "vs-engine", level: LEVEL, color: "light" }));
  const random = rng(SEED);
  let snap = await snapshot(page);
  assert.equal(moveCount(snap), 0, "a new game has no moves");
  assert.ok((await seatText(page, "top")).length > 0, "the computer's seat (data-seat=top) says who sits there");
  assert.ok((await seatText(page, "bottom")).length > 0, "our seat (data-seat=bottom)");

  const log = [];
  let shotTaken = false;
  while (!isOver(snap)) {
    assert.ok(moveCount(snap) < MAX_TURNS, `the game ends within ${MAX_TURNS} turns`);
    // Our turn: light moves on even counts.
    const n = moveCount(snap);
    assert.equal(n % 2, 0, `it is light's (our) turn after ${n} turns`);
    const made = await playAnyTurn(page, "light", random);
    log.push(made);
    snap = await waitForState(page, (s) => moveCount(s) > n || isOver(s), `our turn ${made} in the move list`);
    if (isOver(snap)) break;
    if (!shotTaken && n >= 6) {
      await screenshot(page, "engine-game-thinking");
      shotTaken = true;
    }
    // The computer's turn.
    snap = await waitForState(page, (s) => moveCount(s) >= n + 2 || isOver(s), "the computer's answer", ENGINE_TIMEOUT);
    log.push(snap.moves[n + 1] ?? "(end)");
    const light = piecesOf(snap, "light").length;
    const dark = piecesOf(snap, "dark").length;
    assert.ok(light <= 9 && dark <= 9, "never more than nine pieces a side on the board");
  }
  console.log(`# engine game: ${moveCount(snap)} turns, status: ${snap.status}`);
  console.log(`# moves: ${snap.moves.join(" ")}`);
  assert.match(snap.status, OUTCOME, "the status line shows the outcome");
  await screenshot(page, "engine-game-end");
  assertNoErrors(page);
});
