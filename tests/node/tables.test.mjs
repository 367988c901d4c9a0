// Endgame tables through the JavaScript API: loading (and refusing) files,
// probing, and the engine playing covered positions perfectly.
import { test } from "node:test";
import assert from "node:assert/strict";
import { readFileSync } from "node:fs";

import init, { Game, Engine, Tables } from "./lib/pkg.mjs";

await init();

const APP_TB = new URL("../../app/static/tb/", import.meta.url);
const WIN_IN_7 = "nine .D./DL./.../..L..L/.../.../.D. L 0/0 0/0 -";
const nine33 = () => readFileSync(new URL("nine-3v3.tb", APP_TB));

test("a table file loads from a Buffer, a Uint8Array or an ArrayBuffer", () => {
  const bytes = nine33();
  for (const input of [bytes, new Uint8Array(bytes), bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.length)]) {
    const tables = new Tables();
    assert.deepEqual(tables.load(input), { rules: "nine", light: 3, dark: 3 });
    assert.deepEqual(tables.classes(), [{ rules: "nine", light: 3, dark: 3 }]);
  }
});

test("a bad file throws a TableFileError naming the problem, and the tables stay as they were", () => {
  const tables = new Tables();
  const good = nine33();
  const expect = (bytes, pattern) =>
    assert.throws(() => tables.load(bytes), (e) => e instanceof Error && e.name === "TableFileError" && pattern.test(e.message));
  expect(new Uint8Array([1, 2, 3]), /not a table file/);
  expect(good.subarray(0, good.length - 9), /truncated|checksum/);
  const flipped = new Uint8Array(good);
  flipped[flipped.length - 100] ^= 1;
  expect(flipped, /checksum/);
  const future = new Uint8Array(good);
  future[8] = 99;
  expect(future, /version 99/);
  assert.throws(() => tables.load("nine-3v3.tb"), (e) => e.name === "ArgumentError" && /a Uint8Array or an ArrayBuffer/.test(e.message));
  assert.deepEqual(tables.classes(), []);
});

test("probe gives the exact value of covered positions only", () => {
  const tables = new Tables();
  tables.load(nine33());
  assert.equal(tables.probe(new Game()), undefined);
  // Three pieces each, all on the board: light to move wins in 7 plies.
  assert.deepEqual(tables.probe(Game.fromPosition(WIN_IN_7)), { result: "win", plies: 7 });
  assert.deepEqual(tables.probe(Game.fromPosition(WIN_IN_7.replace(" L 0/0", " D 0/0"))).result, "win");
  // Not the tables' rules: not covered.
  assert.equal(tables.probe(Game.fromPosition(WIN_IN_7.replace("nine ", "nine:flying=off "))), undefined);
});

test("an engine with tables keeps a won value move after move and wins", () => {
  const tables = new Tables();
  tables.load(nine33());
  const engine = new Engine({ level: 1 });
  engine.useTables(tables);
  const game = Game.fromPosition(WIN_IN_7);
  let plies = 7;
  while (!game.outcome()) {
    const best = engine.bestMove(game, { movetimeMs: 50 });
    assert.deepEqual(best.score, { kind: game.state().sideToMove === "light" ? "win" : "loss", value: plies });
    game.play(best.move);
    plies -= 1;
    const now = tables.probe(game);
    if (now) assert.deepEqual(now, { result: game.state().sideToMove === "light" ? "win" : "loss", plies });
  }
  assert.equal(game.outcome().winner, "light");
  assert.equal(plies, 0);
});

const THREE_TB = new URL("../../morris-wasm/tables/three-3v3.tb", import.meta.url);
// Three Men's Morris, light a1 a2 b3 against b1 c2 c3: b3-a3 closes a1-a2-a3.
const THREE_WIN_IN_1 = "three .LD/L.D/LD. L 0/0 0/0 -";
const flip = { win: "loss", loss: "win", draw: "draw" };

test("probeMoves gives each covered move its value for the mover, as probe() says after it", () => {
  const tables = new Tables();
  assert.deepEqual(tables.load(readFileSync(THREE_TB)), { rules: "three", light: 3, dark: 3 });
  const game = Game.fromPosition(THREE_WIN_IN_1);
  const values = tables.probeMoves(game);
  assert.deepEqual(values.map((v) => v.move).sort(), game.legalMoves().sort(), "every move is covered");
  assert.deepEqual(values.find((v) => v.move === "b3-a3"), { move: "b3-a3", result: "win", plies: 1 });
  for (const { move, result, plies } of values) {
    const after = game.clone();
    after.play(move);
    const outcome = after.outcome();
    if (outcome) {
      assert.equal(outcome.winner === "light" ? "win" : outcome.winner ? "loss" : "draw", result, move);
      continue;
    }
    const now = tables.probe(after);
    assert.deepEqual({ result: flip[now.result], plies: now.plies === null ? null : now.plies + 1 }, { result, plies }, move);
  }
  // The position's own value is that of its best move.
  assert.deepEqual(tables.probe(game), { result: "win", plies: 1 });

  // Along a game, the value of each position is that of its best move:
  // the quickest win, else a draw, else the slowest loss.
  const rank = ({ result, plies }) => (result === "win" ? 1000 - plies : result === "draw" ? 0 : plies - 1000);
  const along = Game.fromPosition(THREE_WIN_IN_1.replace(" L 0/0", " D 0/0"));
  for (let i = 0; i < 12 && !along.outcome(); i++) {
    const moves = tables.probeMoves(along);
    const best = moves.reduce((a, b) => (rank(b) > rank(a) ? b : a));
    assert.deepEqual({ result: best.result, plies: best.plies }, tables.probe(along), along.position());
    // The worst move for the mover, to see other values as well.
    along.play(moves.reduce((a, b) => (rank(b) < rank(a) ? b : a)).move);
  }
});

test("probeMoves leaves out what the tables do not cover, and has nothing once the game is over", () => {
  const tables = new Tables();
  tables.load(readFileSync(THREE_TB));
  assert.deepEqual(tables.probeMoves(new Game("nine")), []);
  const over = Game.fromPosition(THREE_WIN_IN_1);
  over.play("b3-a3");
  assert.ok(over.outcome());
  assert.deepEqual(tables.probeMoves(over), []);
  assert.deepEqual(new Tables().probeMoves(Game.fromPosition(THREE_WIN_IN_1)), []);
});

// Nine's 3v3 as win/draw/loss only (`morris tb wdl --out-dir`, remade by
// scripts/tables.sh): who wins, not how soon.
const NINE_33_WDL = new URL("fixtures/nine-3v3.wdl", import.meta.url);

test("a win/draw/loss file answers who wins, with plies null, where the table with distances agrees", () => {
  const full = new Tables();
  full.load(nine33());
  const wdl = new Tables();
  assert.deepEqual(wdl.load(readFileSync(NINE_33_WDL)), { rules: "nine", light: 3, dark: 3 });
  const game = Game.fromPosition(WIN_IN_7);
  assert.deepEqual(wdl.probe(game), { result: "win", plies: null });
  // Along a game of the worst moves, every move's result as the distances' table says.
  let seen = new Set();
  for (let i = 0; i < 20 && !game.outcome(); i++) {
    const exact = full.probeMoves(game);
    const bare = wdl.probeMoves(game);
    assert.deepEqual(bare.map((v) => [v.move, v.result]), exact.map((v) => [v.move, v.result]), game.position());
    for (const v of bare) {
      const over = v.plies !== null;
      // A move that ends the game has its one ply; every other is unknown.
      if (over) assert.equal(v.plies, 1, v.move);
      seen.add(v.result);
    }
    game.play(exact.reduce((a, b) => (b.result === "loss" ? b : a)).move);
  }
  assert.ok(seen.has("win") && seen.has("loss"), [...seen]);
  // Damaged: refused like any table file.
  const bytes = new Uint8Array(readFileSync(NINE_33_WDL));
  bytes[bytes.length - 50] ^= 4;
  assert.throws(() => new Tables().load(bytes), (e) => e.name === "TableFileError" && /checksum/.test(e.message));
});

test("an engine with a win/draw/loss table never gives the win away, and says win without a count", () => {
  const full = new Tables();
  full.load(nine33());
  const wdl = new Tables();
  wdl.load(readFileSync(NINE_33_WDL));
  const engine = new Engine({ level: 10 });
  engine.useTables(wdl);
  const game = Game.fromPosition(WIN_IN_7);
  const winner = game.state().sideToMove;
  while (!game.outcome() && game.history().length < 60) {
    const best = engine.bestMove(game, { movetimeMs: 100 });
    const mover = game.state().sideToMove;
    const kept = full.probeMoves(game).find((v) => v.move === best.move);
    assert.equal(kept.result, full.probe(game).result, `${game.position()}: ${best.move} keeps the value`);
    if (mover === winner) assert.equal(best.score.kind, "win");
    game.play(best.move);
  }
  assert.equal(game.outcome()?.winner, winner, "won within 60 plies");
});
