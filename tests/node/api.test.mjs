// Every call of the JavaScript API, in Node, with its errors.
import { test } from "node:test";
import assert from "node:assert/strict";

import init, { Game, Engine, perft, variants } from "./lib/pkg.mjs";

await init();

const isError = (pattern) => (e) => e instanceof Error && pattern.test(e.message);
// An Error of one kind (its `name`, one of `MorrisErrorName`) whose message matches.
const named = (name, pattern) => (e) => isError(pattern)(e) && e.name === name;

test("variants lists every variant with its preset options", () => {
  const all = variants();
  assert.deepEqual(
    all.map((v) => v.id),
    ["nine", "three", "six", "twelve", "morabaraba", "morabaraba-sotho", "morabaraba-11", "lasker",
      "five", "seven", "dooz", "one-time-mill", "cham-gonu", "zhi-qi", "cheng-san-qi", "da-san-qi",
      "mul-mulan", "nerenchi", "el-filja"],
  );
  const { id, name, ...rules } = all[0];
  assert.equal(id, "nine");
  assert.equal(name, "Nine Men's Morris");
  assert.deepEqual(rules, {
    pieces: 9, board: "mill", flying: true, removal: "protected", millTakes: "one", first: "light",
    boardFull: "loss", noReform: false, endgameDraw: null, nMove: 50, threefold: true,
    moveInPlacing: false, millWins: false, placingMill: "remove", blocked: "loses", oneTimeMill: false,
    custodian: false, intervention: false, secondMovesFirst: false, misere: false,
  });
  assert.equal(all.find((v) => v.id === "morabaraba").pieces, 12);
  for (const { id, name, ...preset } of all) assert.deepEqual(new Game(id).rules(), preset, name);
});

test("new Game takes a variant and camelCase rule options", () => {
  assert.equal(new Game().variant, "nine");
  const g = new Game("nine", { flying: false, millTakes: "each", removal: "always", first: "dark",
    boardFull: "draw", noReform: true, endgameDraw: 10, nMove: null, threefold: false, moveInPlacing: true, millWins: false });
  assert.deepEqual(g.rules(), {
    pieces: 9, board: "mill", flying: false, removal: "always", millTakes: "each", first: "dark",
    boardFull: "draw", noReform: true, endgameDraw: 10, nMove: null, threefold: false, moveInPlacing: true, millWins: false,
    placingMill: "remove", blocked: "loses", oneTimeMill: false, custodian: false, intervention: false,
    secondMovesFirst: false, misere: false,
  });
  assert.equal(g.state().sideToMove, "dark");
  assert.equal(new Game("six", { pieces: 3 }).state().inHand.light, 3);
  assert.equal(new Game("nine", undefined).variant, "nine");
  assert.equal(new Game("nine", null).variant, "nine");
  assert.equal(new Game("nine", { flying: undefined }).rules().flying, true);
  // The rules of a game are options for another.
  assert.deepEqual(new Game("nine", g.rules()).rules(), g.rules());
});

test("bad game options throw an Error naming the key", () => {
  assert.throws(() => new Game("nine", { fly: true }), named("OptionError", /unknown game option `fly`; the options are: pieces, board, flying/));
  assert.throws(() => new Game("nine", { flying: "yes" }), named("OptionError", /option `flying` must be true, false, "four" or "always", not "yes"/));
  assert.throws(() => new Game("nine", { millTakes: "two" }), named("OptionError", /option `millTakes` must be "one" or "each", not "two"/));
  assert.throws(() => new Game("nine", { pieces: 8 }), named("OptionError", /option `pieces` must be 3, 5, 6, 7, 9, 10, 11 or 12, not 8/));
  assert.throws(() => new Game("nine", { pieces: "9" }), named("OptionError", /option `pieces`/));
  assert.throws(() => new Game("nine", { nMove: 0 }), named("OptionError", /option `nMove` must be a number of moves from 1 to 1000/));
  assert.throws(() => new Game("nine", { nMove: 2.5 }), named("OptionError", /option `nMove`/));
  assert.throws(() => new Game("nine", { board: "hex" }), named("OptionError", /option `board`/));
  assert.throws(() => new Game("nine", { first: {} }), named("OptionError", /option `first` must be "light" or "dark", not an object/));
  assert.throws(() => new Game("nine", { pieces: 12, board: "small" }), named("OptionError", /`pieces` and `board`/));
  assert.throws(() => new Game("nine", "flying"), named("ArgumentError", /the game options must be an object/));
  assert.throws(() => new Game("nine", [1]), named("ArgumentError", /the game options must be an object, not an array/));
  assert.throws(() => new Game("ten"), named("OptionError", /unknown variant "ten"; the variants are: nine, three/));
  assert.throws(() => new Game(9), named("ArgumentError", /the variant must be a string, not 9/));
});

test("legalMoves, play and state", () => {
  const g = new Game();
  const moves = g.legalMoves();
  assert.equal(moves.length, 24);
  assert.ok(moves.includes("a1") && moves.includes("d6"));
  assert.equal(g.play("d6"), "d6");
  const s = g.state();
  assert.equal(s.phase, "placing");
  assert.equal(s.sideToMove, "dark");
  assert.equal(Object.keys(s.board).length, 24);
  assert.deepEqual(Object.keys(s.board).slice(0, 4), ["a1", "a4", "a7", "b2"]);
  assert.equal(s.board.d6, "light");
  assert.equal(s.board.a1, null);
  assert.deepEqual(s.inHand, { light: 8, dark: 9 });
  assert.deepEqual(s.removed, { light: 0, dark: 0 });
  assert.equal(s.outcome, null);
  assert.equal(g.legalMoves().length, 23);
});

test("a bad move throws a MoveSyntaxError or an IllegalMoveError and leaves the game unchanged", () => {
  const g = new Game();
  for (const m of ["a1", "b2", "d1", "d2"]) g.play(m);
  const before = { position: g.position(), history: g.history(), record: g.record() };
  assert.throws(() => g.play("d1"), { name: "IllegalMoveError", message: "illegal move `d1`: d1 is not empty" });
  assert.throws(() => g.play("g1"), named("IllegalMoveError", /^illegal move `g1`: it closes a mill: name the piece to remove/));
  assert.throws(() => g.play("g1xa1"), named("IllegalMoveError", /^illegal move `g1xa1`: a1 is not an opposing piece/));
  assert.throws(() => g.play("a1-a4"), named("IllegalMoveError", /^illegal move `a1-a4`: light still has pieces in hand/));
  // A text that is not a move is a syntax error, not an illegal move.
  assert.throws(() => g.play("zz"), named("MoveSyntaxError", /^`zz` is not a move: write points as a file letter and a rank/));
  assert.throws(() => g.play("a1-"), named("MoveSyntaxError", /^`a1-` is not a move/));
  assert.throws(() => g.play(""), named("MoveSyntaxError", /is not a move: it is empty$/));
  // A turn of removals alone is a move (RULES.md §7.9), illegal where none is due.
  assert.throws(() => g.play("xb4"), named("IllegalMoveError", /^illegal move `xb4`: no turn that only removes is due here/));
  for (const text of ["zz", "h9", "a1-", "", "d6-d5-d4"]) {
    assert.throws(() => g.play(text), (e) => e.name === "MoveSyntaxError" && !/illegal/.test(e.message), text);
  }
  assert.throws(() => g.play("a2"), named("IllegalMoveError", /^illegal move `a2`: a2 is not a point of this board/));
  assert.throws(() => g.play(42), named("ArgumentError", /^the move must be a string, not 42$/));
  assert.throws(() => g.play(undefined), named("ArgumentError", /the move must be a string, not undefined/));
  assert.deepEqual({ position: g.position(), history: g.history(), record: g.record() }, before);
  // Still usable.
  assert.equal(g.play("g1xb2"), "g1xb2");
  assert.deepEqual(g.state().removed, { light: 0, dark: 1 });
});

test("undo and history", () => {
  const g = new Game();
  assert.equal(g.undo(), undefined);
  assert.deepEqual(g.history(), []);
  for (const m of ["a1", "b2", "d1", "d2", "g1xb2"]) g.play(m);
  assert.deepEqual(g.history(), ["a1", "b2", "d1", "d2", "g1xb2"]);
  const start = new Game().position();
  assert.equal(g.undo(), "g1xb2");
  assert.equal(g.state().board.b2, "dark");
  for (let i = 0; i < 4; i++) g.undo();
  assert.equal(g.position(), start);
  assert.equal(g.undo(), undefined);
});

test("position text round-trips through Game.fromPosition", () => {
  const g = new Game("nine", { millTakes: "each" });
  for (const m of ["a1", "b2", "d1", "d2", "g1xb2"]) g.play(m);
  const copy = Game.fromPosition(g.position());
  assert.equal(copy.position(), g.position());
  assert.deepEqual(copy.state(), g.state());
  assert.deepEqual(copy.rules(), g.rules());
  assert.deepEqual(copy.history(), []);
  assert.throws(() => Game.fromPosition("nonsense"), named("PositionError", /position/));
  assert.throws(() => Game.fromPosition(7), named("ArgumentError", /the position text must be a string/));
});

test("records round-trip through Game.fromRecord, with their tags", () => {
  const g = new Game("morabaraba", { nMove: 20 });
  const e = new Engine();
  for (let i = 0; i < 12; i++) g.play(e.bestMove(g, { depth: 2 }).move);
  const record = g.record();
  assert.match(record, /\[Variant "morabaraba"\]/);
  assert.match(record, /\[NMove "20"\]/);
  const back = Game.fromRecord(record);
  assert.deepEqual(back.history(), g.history());
  assert.equal(back.position(), g.position());
  assert.equal(back.record(), record);
  const over = new Game("three");
  over.resign("light");
  assert.equal(Game.fromRecord(over.record()).record(), over.record());
  assert.throws(() => Game.fromRecord("1. d6 d6"), named("RecordError", /^bad game record: turn 2/));
  assert.throws(() => Game.fromRecord(null), named("ArgumentError", /the game record must be a string/));
});

test("outcome, resign, agreeDraw and clone", () => {
  const g = new Game();
  assert.equal(g.outcome(), null);
  const copy = g.clone();
  assert.deepEqual(g.agreeDraw(), { winner: null, reason: "agreement", result: "1/2-1/2" });
  assert.deepEqual(g.outcome(), { winner: null, reason: "agreement", result: "1/2-1/2" });
  assert.deepEqual(g.state().outcome, g.outcome());
  assert.deepEqual(g.legalMoves(), []);
  assert.throws(() => g.play("d6"), named("IllegalMoveError", /^illegal move `d6`: the game is over/));
  assert.throws(() => g.resign("light"), named("GameOverError", /the game is already over/));
  assert.throws(() => copy.resign("blue"), named("ArgumentError", /the color must be "light" or "dark", not "blue"/));
  assert.deepEqual(copy.resign("light"), { winner: "dark", reason: "resignation", result: "0-1" });
  assert.equal(copy.undo(), null, "undo withdraws the resignation; no move to return");
  assert.equal(copy.outcome(), null);

  // Three men's morris: a mill wins at once.
  const three = new Game("three");
  for (const m of ["a1", "b2", "a2", "c3"]) three.play(m);
  three.play("a3");
  assert.deepEqual(three.outcome(), { winner: "light", reason: "mill-wins", result: "1-0" });
});

test("Engine.bestMove at a depth, by nodes and by time", () => {
  const g = new Game();
  const e = new Engine();
  assert.equal(e.level, undefined);
  const r = e.bestMove(g, { depth: 3 });
  assert.deepEqual(Object.keys(r).sort(), ["depth", "lines", "move", "nodes", "pv", "score", "stoppedBy"]);
  assert.deepEqual(r.lines, [{ move: r.move, score: r.score, pv: r.pv }]);
  assert.equal(r.depth, 3);
  assert.ok(g.legalMoves().includes(r.move));
  assert.equal(r.pv[0], r.move);
  assert.equal(r.score.kind, "cp");
  assert.equal(typeof r.score.value, "number");
  assert.ok(r.nodes > 0);
  assert.ok(e.bestMove(g, { nodes: 500 }).nodes <= 600);
  const t = Date.now();
  const timed = e.bestMove(g, { movetimeMs: 100 });
  assert.ok(Date.now() - t < 1000 && timed.move);
  assert.equal(new Game().legalMoves().length, 24, "searching leaves the game alone");
  e.clear();
});

test("Engine with a level, and its errors", () => {
  const e = new Engine({ level: 2, ttMb: 2, seed: 7 });
  assert.equal(e.level, 2);
  const g = new Game();
  assert.ok(g.legalMoves().includes(e.bestMove(g).move));
  assert.ok(e.bestMove(g, { movetimeMs: 50 }).move);
  assert.throws(() => e.bestMove(g, { depth: 3 }), named("OptionError", /searches as deep as its level says/));
  assert.throws(() => new Engine({ level: 0 }), named("OptionError", /option `level` must be a whole number from 1 to 10, not 0/));
  // Numbers are quoted as JavaScript writes them.
  assert.throws(() => new Engine({ level: 2.5 }), named("OptionError", /from 1 to 10, not 2\.5$/));
  assert.throws(() => new Engine({ level: Infinity }), named("OptionError", /from 1 to 10, not Infinity$/));
  assert.throws(() => new Engine({ level: "3" }), named("OptionError", /option `level`/));
  assert.throws(() => new Engine({ ttMb: 0 }), named("OptionError", /option `ttMb`/));
  assert.throws(() => new Engine({ strength: 3 }), named("OptionError", /unknown engine option `strength`; the options are: level, ttMb, seed/));
  assert.throws(() => new Engine(5), named("ArgumentError", /the engine options must be an object, not 5/));
  const full = new Engine();
  assert.throws(() => full.bestMove(g, { depth: 0 }), named("OptionError", /option `depth` must be a whole number from 1 to 127, not 0/));
  assert.throws(() => full.bestMove(g, { movetime: 5 }), named("OptionError", /unknown search option `movetime`; the options are: depth, nodes, movetimeMs, multiPv, infinite, onInfo$/));
  assert.throws(() => full.bestMove(g, "fast"), named("ArgumentError", /^the search options must be an object, not "fast"$/));
  assert.throws(() => full.bestMove({}, { depth: 1 }), Error);
  assert.throws(() => full.bestMove(null), Error);
  // Still usable after every error.
  assert.equal(full.bestMove(g, { depth: 2 }).depth, 2);
});

test("bestMove and analyze take the worker's options: multiPv and onInfo", () => {
  const g = new Game();
  const e = new Engine();
  const infos = [];
  const r = e.bestMove(g, { depth: 3, multiPv: 2, onInfo: (i) => infos.push(i) });
  assert.equal(r.lines.length, 2);
  assert.equal(r.lines[0].move, r.move);
  assert.deepEqual(infos.map((i) => [i.depth, i.multipv]), [[1, 1], [1, 2], [2, 1], [2, 2], [3, 1], [3, 2]]);
  const seen = [];
  assert.equal(e.analyze(g, { depth: 2, onInfo: (i) => seen.push(i.depth) }).length, 1);
  assert.deepEqual(seen, [1, 2]);
  // An exception of the callback ends the search and comes out of the call.
  const boom = new Error("boom");
  let calls = 0;
  const start = Date.now();
  assert.throws(() => e.bestMove(g, { movetimeMs: 20_000, onInfo: () => { calls++; throw boom; } }), (x) => x === boom);
  assert.equal(calls, 1);
  assert.ok(Date.now() - start < 3000);
  assert.throws(() => e.bestMove(g, { onInfo: 5 }), named("OptionError", /^option `onInfo` must be a function, not 5$/));
  // Only a worker can stop a search.
  assert.throws(() => e.analyze(g, { infinite: true }), named("OptionError", /`infinite` searches until `stop\(\)`.*engine worker/));
  // Still usable.
  assert.equal(e.bestMove(g, { depth: 1 }).depth, 1);
});

test("a synchronous search by depth alone takes at most the default second", () => {
  const e = new Engine();
  const start = Date.now();
  const r = e.bestMove(new Game(), { depth: 64 });
  const ms = Date.now() - start;
  assert.ok(ms < 2500, `${ms} ms`);
  assert.ok(r.depth < 64 && r.move);
  const t = Date.now();
  e.bestMove(new Game(), { nodes: 2 ** 50 });
  assert.ok(Date.now() - t < 2500);
});

test("an engine with a level analyses at its level, as many lines as asked", () => {
  const e = new Engine({ level: 4, seed: 1 });
  const infos = [];
  const lines = e.analyze(new Game(), { multiPv: 3, movetimeMs: 300, onInfo: (i) => infos.push(i) });
  assert.equal(lines.length, 3);
  assert.ok(infos.length > 0 && infos.every((i) => i.multipv <= 3));
  const r = e.bestMove(new Game(), { movetimeMs: 300 });
  assert.equal(r.lines.length, 1);
  assert.ok(new Game().legalMoves().includes(r.move));
});

test("bestMove of a finished game has no move", () => {
  const g = new Game();
  g.resign("dark");
  const r = new Engine().bestMove(g, { depth: 3 });
  assert.equal(r.move, null);
  assert.deepEqual(r.pv, []);
  assert.equal(r.score.kind, "win");
});

test("Engine.analyze gives the best lines, best first", () => {
  const g = new Game();
  const e = new Engine();
  const lines = e.analyze(g, { depth: 3, multiPv: 4 });
  assert.equal(lines.length, 4);
  for (const l of lines) {
    assert.deepEqual(Object.keys(l).sort(), ["move", "pv", "score"]);
    assert.equal(l.pv[0], l.move);
  }
  assert.equal(new Set(lines.map((l) => l.move)).size, 4);
  for (let i = 1; i < lines.length; i++) {
    assert.ok(lines[i - 1].score.value >= lines[i].score.value);
  }
  assert.equal(e.analyze(g, { depth: 2 }).length, 1);
  assert.throws(() => e.analyze(g, { multiPv: 0 }), named("OptionError", /option `multiPv`/));
});

test("perft counts as native Rust does", () => {
  assert.deepEqual([1, 2, 3, 4].map((d) => perft("nine", [], d)), [24, 552, 12144, 255024]);
  assert.equal(perft("nine", [], 0), 1);
  assert.equal(perft("nine", ["d6", "d5"], 1), 22);
  assert.equal(perft("nine", [], 2, { millTakes: "each" }), 552);
  assert.throws(() => perft("nine", ["d6", "d6"], 1), named("IllegalMoveError", /^move 2 of the list: illegal move `d6`: d6 is not empty/));
  assert.throws(() => perft("nine", "d6", 1), named("ArgumentError", /the moves must be an array of moves in notation, not "d6"/));
  assert.throws(() => perft("nine", [1], 1), named("ArgumentError", /move 1 of the list must be a string, not 1/));
  assert.throws(() => perft("nine", [], -1), named("ArgumentError", /the depth must be a whole number from 0 to 5, not -1/));
  // A count of minutes is refused on the calling thread, and says where it runs.
  assert.throws(() => perft("nine", [], 32), named("ArgumentError", /from 0 to 5, not 32: deeper counts .* engine worker/));
  assert.throws(() => perft("nine", [], 1.5), named("ArgumentError", /the depth/));
  assert.throws(() => perft("nine", []), named("ArgumentError", /the depth/));
  assert.throws(() => perft("ten", [], 1), named("OptionError", /unknown variant/));
  assert.throws(() => perft("nine", [], 1, { x: 1 }), named("OptionError", /unknown game option `x`/));
});

test("every kind of failure throws an Error whose name says the kind", () => {
  const caught = (f) => {
    try {
      f();
    } catch (e) {
      assert.ok(e instanceof Error, "an Error");
      assert.equal(Object.prototype.toString.call(e), "[object Error]");
      assert.ok(e.stack, "with a stack");
      return `${e.name}: ${e.message}`;
    }
    assert.fail("nothing thrown");
  };
  const g = new Game();
  assert.equal(caught(() => g.play("z9")), "MoveSyntaxError: `z9` is not a move: write points as a file letter and a rank, like d6, d6-d5 or d6-d5xb4");
  g.play("d6");
  assert.equal(caught(() => g.play("d6")), "IllegalMoveError: illegal move `d6`: d6 is not empty");
  assert.equal(caught(() => perft("nine", ["d6", "d6-"], 1)), "MoveSyntaxError: move 2 of the list: `d6-` is not a move: write points as a file letter and a rank, like d6, d6-d5 or d6-d5xb4");
  assert.match(caught(() => Game.fromPosition("nine ...")), /^PositionError: bad position text, /);
  const crowded = new Game().position().replace("9/9", "10/9");
  assert.match(caught(() => Game.fromPosition(crowded)), /^PositionError: /);
  assert.match(caught(() => Game.fromRecord("1. d6 zz")), /^RecordError: bad game record: turn 2: `zz` is not a move/);
  assert.match(caught(() => new Game("nine", { millTakes: "two" })), /^OptionError: option `millTakes`/);
  assert.match(caught(() => new Engine({ level: 11 })), /^OptionError: option `level`/);
  assert.match(caught(() => g.play(6)), /^ArgumentError: the move must be a string, not 6$/);
  g.resign("dark");
  assert.match(caught(() => g.agreeDraw()), /^GameOverError: the game is already over/);
  assert.match(caught(() => g.resign("light")), /^GameOverError: the game is already over/);
  // String(e) shows the kind, as for the built-in errors.
  try {
    new Game().play("z9");
  } catch (e) {
    assert.match(String(e), /^MoveSyntaxError: `z9` is not a move/);
  }
});
