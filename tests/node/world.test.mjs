// The world's rule sets (the rule book's §7) through the package: every
// set `variants()` lists makes a game that plays to its end with legal
// moves only, the engine moves in each, the options by name, the moves
// that move no piece, the dead markers, and the errors naming the values.
import { test } from "node:test";
import assert from "node:assert/strict";

import init, { Game, Engine, perft, variants } from "./lib/pkg.mjs";

await init();

const CLASSIC = ["nine", "three", "six", "twelve", "morabaraba", "morabaraba-sotho", "morabaraba-11", "lasker"];
const world = () => variants().filter((v) => !CLASSIC.includes(v.id));
const named = (name, pattern) => (e) => e instanceof Error && e.name === name && pattern.test(e.message);

// A small generator of numbers, so that a failing game can be played again.
function random(seed) {
  let s = seed >>> 0;
  return (n) => {
    s = (Math.imul(s, 1664525) + 1013904223) >>> 0;
    return s % n;
  };
}

test("variants lists the eleven sets of the world after the classic ones", () => {
  assert.deepEqual(world().map((v) => v.id), [
    "five", "seven", "dooz", "one-time-mill", "cham-gonu", "zhi-qi",
    "cheng-san-qi", "da-san-qi", "mul-mulan", "nerenchi", "el-filja",
  ]);
  const zhiQi = world().find((v) => v.id === "zhi-qi");
  assert.equal(zhiQi.name, "Zhi Qi");
  assert.deepEqual(
    [zhiQi.pieces, zhiQi.board, zhiQi.flying, zhiQi.placingMill, zhiQi.blocked, zhiQi.boardFull],
    [12, "diagonals", false, "mark", "remove-move", "light-dark"],
  );
  assert.equal(world().find((v) => v.id === "seven").board, "seven");
  assert.equal(world().find((v) => v.id === "mul-mulan").intervention, true);
  assert.equal(world().find((v) => v.id === "nerenchi").secondMovesFirst, true);
});

test("each world set makes a game whose rules are its preset and whose board is its own", () => {
  for (const { id, name, ...preset } of world()) {
    const g = new Game(id);
    assert.equal(g.variant, id);
    assert.deepEqual(g.rules(), preset, name);
    const points = { seven: 17, small: 16, mill: 24, diagonals: 24 }[preset.board];
    assert.equal(Object.keys(g.state().board).length, points, name);
    assert.equal(g.legalMoves().length, points, `${name}: every point takes the first piece`);
    assert.deepEqual(g.state().markers, []);
    // A world set's rules are options for a game of another name.
    assert.deepEqual(new Game("nine", preset).rules(), preset, name);
  }
});

test("a random game of each world set plays to its end with legal moves only", () => {
  for (const { id } of world()) {
    const next = random(id.length * 7919);
    const g = new Game(id);
    let plies = 0;
    while (!g.isGameOver()) {
      const legal = g.legalMoves();
      const verbose = g.legalMoves({ verbose: true });
      assert.deepEqual(verbose.map((m) => m.notation), legal, `${id} after ${g.history().join(" ")}`);
      assert.ok(legal.length > 0, `${id}: a live game has a move`);
      const pick = legal[next(legal.length)];
      assert.equal(g.play(pick), pick);
      plies += 1;
      assert.ok(plies < 5000, `${id} never ends`);
    }
    const outcome = g.outcome();
    assert.ok(outcome && ["1-0", "0-1", "1/2-1/2"].includes(outcome.result), id);
    assert.deepEqual(g.legalMoves(), []);
    // The record brings the same game back.
    const back = Game.fromRecord(g.record());
    assert.equal(back.position(), g.position(), id);
    assert.deepEqual(back.outcome(), outcome, id);
  }
});

test("the engine finds a legal move in each world set, and plays one to the end at a low level", () => {
  const e = new Engine();
  const weak = new Engine({ level: 1, seed: 3 });
  for (const { id } of world()) {
    const g = new Game(id);
    const found = e.bestMove(g, { depth: 3 });
    assert.ok(g.legalMoves().includes(found.move), `${id}: ${found.move}`);
    let plies = 0;
    while (!g.isGameOver() && plies < 2000) {
      const { move } = weak.bestMove(g, { movetimeMs: 5 });
      assert.ok(g.isLegal(move), `${id}: ${move} after ${g.history().join(" ")}`);
      g.play(move);
      plies += 1;
    }
    assert.ok(g.isGameOver(), `${id}: no end in 2000 turns`);
  }
  e.free();
  weak.free();
});

test("perft counts a world set as the rule book's tables do", () => {
  // tests/perft/world.perft: Seven Men's Morris from the start.
  assert.equal(perft("seven", [], 1), 17);
  assert.equal(perft("seven", [], 2), 272);
  assert.equal(perft("five", [], 2), 240);
});

// Dooz: the board fills, and light, the first mover, opens it with a turn
// that only removes (board-full first-mover).
const DOOZ_FULL = "e4 b2 b4 d7 e5 g7 d5 d2 g4 f4 d3 c5 c4 e3 f2 c3 d1 a4 a7 g1 f6 b6 a1 d6".split(" ");

test("a turn that only removes and a pass are moves that move no piece", () => {
  const dooz = new Game("dooz");
  for (const m of DOOZ_FULL) dooz.play(m);
  const removals = dooz.legalMoves({ verbose: true });
  assert.ok(removals.length > 0);
  for (const { before, after, ...m } of removals) {
    assert.deepEqual({ ...m, removes: m.removes.length }, { from: null, to: null, removes: 1, kind: "remove", notation: `x${m.removes[0]}` });
    assert.equal(before, dooz.position());
    assert.notEqual(after, before);
  }
  const played = dooz.play(removals[0].notation);
  assert.deepEqual(dooz.history({ verbose: true }).at(-1), removals[0]);
  assert.equal(dooz.state().board[played.slice(1)], null, "the piece is gone");

  // Light's a1, g1 and g7 are shut in and flying is off: light passes.
  const blocked = Game.fromPosition("nine:blocked=pass,flying=off .DL/.../.../D....D/.../.../LDL L 0/0 5/5 -");
  const [{ before, after, ...pass }, ...others] = blocked.legalMoves({ verbose: true });
  assert.deepEqual([pass, ...others], [{ from: null, to: null, removes: [], kind: "pass", notation: "pass" }]);
  assert.equal(before, blocked.position());
  blocked.play("pass");
  assert.equal(after, blocked.position(), "a pass changes only the side to move");
  assert.equal(blocked.turn(), "dark");
  assert.throws(() => new Game().play("pass"), { name: "IllegalMoveError" });
});

test("a dead marker shows in the state and takes no piece", () => {
  // Zhi Qi: light's mill b6-d6-f6 in the placing makes dark's g1 a marker.
  const g = new Game("zhi-qi");
  for (const m of ["d6", "a1", "f6", "g1", "b6xg1"]) g.play(m);
  const s = g.state();
  assert.deepEqual(s.markers, ["g1"]);
  assert.equal(s.board.g1, null);
  assert.ok(!g.legalMoves().includes("g1"));
  assert.match(g.position(), /D\.X D 9\/10/);
  assert.deepEqual(Game.fromPosition(g.position()).state().markers, ["g1"]);
});

test("options of the world by name, and values they do not take name the ones they do", () => {
  const g = new Game("nine", { flying: "always", placingMill: "hand", blocked: "both-remove", oneTimeMill: true, misere: true });
  assert.deepEqual(
    (({ flying, placingMill, blocked, oneTimeMill, misere }) => ({ flying, placingMill, blocked, oneTimeMill, misere }))(g.rules()),
    { flying: "always", placingMill: "hand", blocked: "both-remove", oneTimeMill: true, misere: true },
  );
  assert.equal(new Game("nine", { flying: "four" }).rules().flying, "four");
  assert.equal(new Game("six", { pieces: 5 }).rules().pieces, 5);
  assert.throws(() => new Game("nine", { flying: "three" }), named("OptionError", /^option `flying` must be true, false, "four" or "always", not "three"$/));
  assert.throws(() => new Game("nine", { placingMill: "take" }), named("OptionError", /^option `placingMill` must be "remove", "hand", "hand-again", "mark" or "count", not "take"$/));
  assert.throws(() => new Game("nine", { blocked: true }), named("OptionError", /^option `blocked` must be "loses", "draw", "pass", "remove-move", "remove-pass" or "both-remove", not true$/));
  assert.throws(() => new Game("nine", { boardFull: "full" }), named("OptionError", /"draw", "loss", "light-dark", "dark-light" or "first-mover"/));
  assert.throws(() => new Game("nine", { board: "hex" }), named("OptionError", /"mill", "diagonals", "sotho", "small", "3x3" or "seven"/));
  assert.throws(() => new Game("nine", { misere: "on" }), named("OptionError", /^option `misere` must be true or false, not "on"$/));
  assert.throws(() => new Game("nine", { pieces: 8 }), named("OptionError", /must be 3, 5, 6, 7, 9, 10, 11 or 12, not 8/));
  assert.throws(() => new Game("nine", { pieces: 12, board: "seven" }), named("OptionError", /`pieces` and `board`/));
  assert.throws(() => new Game("cham-gonu", { custodian: true }), named("OptionError", /placing-mill=mark cannot go with custodian/));
  assert.throws(() => new Game("zhi"), named("OptionError", /the variants are: .*zhi-qi.*el-filja/));
});
