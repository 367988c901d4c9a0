// The engine plays whole games against itself to the end, in Node.
import { test } from "node:test";
import assert from "node:assert/strict";

import { Game, Engine } from "./lib/pkg.mjs";

function playOut(variant, engines, maxPlies) {
  const game = new Game(variant);
  for (let ply = 0; ply < maxPlies && !game.outcome(); ply++) {
    const side = game.state().sideToMove;
    const { move } = engines[side](game);
    assert.ok(game.legalMoves().includes(move), `ply ${ply}: ${move} is legal`);
    game.play(move);
  }
  return game;
}

test("two engines at depth 2 play Nine Men's Morris to the end", () => {
  const light = new Engine({ ttMb: 4 });
  const dark = new Engine({ ttMb: 4 });
  const game = playOut("nine", {
    light: (g) => light.bestMove(g, { depth: 2 }),
    dark: (g) => dark.bestMove(g, { depth: 3 }),
  }, 2000);
  const outcome = game.outcome();
  assert.ok(outcome, `the game ended within 2000 plies: ${game.history().length} played`);
  assert.equal(game.state().outcome.reason, outcome.reason);
  assert.deepEqual(game.legalMoves(), []);
  assert.equal(new Engine().bestMove(game, { depth: 2 }).move, null);
  // The whole game survives a record round trip.
  assert.deepEqual(Game.fromRecord(game.record()).outcome(), outcome);
});

// Three Men's Morris is a first-player win (light takes the centre), so a
// weak light may win against perfect play: the strong engine takes light.
test("at Three Men's Morris a full-strength light beats a level-1 dark", () => {
  const weak = new Engine({ level: 1, seed: 3 });
  const strong = new Engine();
  const game = playOut("three", {
    light: (g) => strong.bestMove(g, { depth: 10 }),
    dark: (g) => weak.bestMove(g),
  }, 400);
  const outcome = game.outcome();
  assert.ok(outcome, "the game ended");
  assert.equal(outcome.winner, "light");
});
