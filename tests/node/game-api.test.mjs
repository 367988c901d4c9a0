// Game's chess.js-style calls: verbose moves, turn and the end, load and
// reset, editing a position, headers, isLegal, toJSON and perft.
import { test } from "node:test";
import assert from "node:assert/strict";

import init, { Game, perft } from "./lib/pkg.mjs";

await init();

const named = (name, pattern) => (e) => e instanceof Error && e.name === name && pattern.test(e.message);

test("verbose legal moves and history describe each move", () => {
  const g = new Game();
  const first = g.legalMoves({ verbose: true });
  assert.equal(first.length, 24);
  const start = g.position();
  const d6 = first.find((m) => m.to === "d6");
  assert.deepEqual(d6, { from: null, to: "d6", removes: [], kind: "place", notation: "d6", before: start, after: d6.after });
  assert.equal(d6.after, Game.fromRecord(g.record()).play("d6", { verbose: true }).after, "a legal move's after is the position it makes");
  assert.deepEqual(g.legalMoves({ verbose: false }), g.legalMoves());
  for (const m of ["a1", "b2", "a4", "b4"]) g.play(m);
  const mill = g.legalMoves({ verbose: true }).filter((m) => m.to === "a7");
  assert.ok(mill.every((m) => m.removes.length === 1 && m.notation.startsWith("a7x")), JSON.stringify(mill));
  g.play(mill[0].notation);
  const h = g.history({ verbose: true });
  assert.deepEqual(h.map((m) => m.notation), g.history());
  assert.deepEqual(h[4].removes, mill[0].removes);
  // As chess.js's history: each move with the positions around it, one after the other.
  assert.equal(h[0].before, start);
  h.slice(1).forEach((m, i) => assert.equal(m.before, h[i].after, `move ${i + 2} starts where move ${i + 1} ended`));
  assert.equal(h.at(-1).after, g.position());
  assert.throws(() => g.legalMoves({ verbos: true }), named("OptionError", /unknown moves option `verbos`/));
  assert.throws(() => g.history({ verbose: 1 }), named("OptionError", /`verbose` must be a boolean/));
});

test("moves and flights are told apart", () => {
  // Light has three pieces and none in hand: it flies; dark, with four, moves.
  const g = Game.fromPosition("nine LLL/.../.../D.D..D/D../.../... L 0/0 0/0 -");
  const kinds = (game) => [...new Set(game.legalMoves({ verbose: true }).map((m) => m.kind))];
  assert.deepEqual(kinds(g), ["fly"]);
  assert.ok(g.legalMoves({ verbose: true }).some((m) => m.from === "a7" && m.to === "g1"));
  g.play("a7-g1");
  assert.deepEqual(kinds(g), ["move"]);
  assert.equal(g.history({ verbose: true })[0].kind, "fly");
});

test("turn, isGameOver and isDraw follow the game", () => {
  const g = new Game();
  assert.equal(g.turn(), "light");
  assert.equal(g.isGameOver(), false);
  g.play("d6");
  assert.equal(g.turn(), "dark");
  g.agreeDraw();
  assert.equal(g.isGameOver(), true);
  assert.equal(g.isDraw(), true);
  assert.equal(g.outcome().reason, "agreement");
  const r = new Game();
  r.resign("dark");
  assert.equal(r.isGameOver(), true);
  assert.equal(r.isDraw(), false);
});

test("load takes a position or a record, and keeps the game on a bad text", () => {
  const g = new Game();
  g.play("d6");
  const pos = g.position();
  const h = new Game();
  h.load(pos);
  assert.equal(h.position(), pos);
  assert.deepEqual(h.history(), []);
  h.load('[Variant "nine"]\n[White "Ann"]\n\n1. d6 a4 *');
  assert.deepEqual(h.history(), ["d6", "a4"]);
  assert.deepEqual(h.headers(), { White: "Ann" });
  const before = h.record();
  assert.throws(() => h.load("nine nonsense"), { name: "PositionError" });
  assert.throws(() => h.load("1. d6 d6"), { name: "RecordError" });
  assert.throws(() => h.load(7), { name: "ArgumentError" });
  assert.equal(h.record(), before);
  h.reset();
  assert.deepEqual(h.history(), []);
  assert.deepEqual(h.headers(), {});
  assert.equal(h.position(), new Game().position());
});

test("put and remove edit the position, refusing an impossible one", () => {
  const g = new Game("three");
  g.play("a1");
  g.put("c3", "dark");
  assert.deepEqual(g.history(), [], "an edit starts the game anew");
  assert.equal(g.state().board.c3, "dark");
  assert.equal(g.state().inHand.dark, 2, "the piece came from the hand");
  assert.equal(g.turn(), "dark");
  g.remove("c3");
  assert.equal(g.state().board.c3, null);
  assert.equal(g.state().inHand.dark, 2, "a removed piece is lost, not handed back");
  g.put("a2", "light");
  g.put("b2", "light");
  assert.equal(g.state().inHand.light, 0);
  const pos = g.position();
  assert.throws(() => g.put("c3", "light"), named("PositionError", /light has 4 on the board and 0 in hand, more than the 3 pieces/));
  assert.equal(g.position(), pos, "unchanged on error");
  g.put("b2", "dark");
  assert.equal(g.state().board.b2, "dark", "a piece of the other side is replaced");
  assert.throws(() => g.put("d4", "light"), named("ArgumentError", /the point: d4 is not a point of the 3x3 board/));
  assert.throws(() => g.put("c3", "red"), { name: "ArgumentError" });
  assert.throws(() => g.remove(3), { name: "ArgumentError" });
});

test("headers are read and written with the record", () => {
  const g = new Game();
  g.setHeader("Event", 'Club "Open"');
  g.setHeader("Date", "2026.12.02");
  g.play("d6");
  const text = g.record();
  assert.match(text, /\[Event "Club \\"Open\\""\]/);
  const back = Game.fromRecord(text);
  assert.deepEqual(back.headers(), { Event: 'Club "Open"', Date: "2026.12.02" });
  back.setHeader("Date", null);
  assert.deepEqual(back.headers(), { Event: 'Club "Open"' });
  for (const bad of ["Variant", "Result", "Position", "bad key", ""]) {
    assert.throws(() => back.setHeader(bad, "x"), { name: "ArgumentError" }, bad);
  }
  assert.deepEqual(back.headers(), { Event: 'Club "Open"' });
});

test("isLegal never throws", () => {
  const g = new Game();
  assert.equal(g.isLegal("d6"), true);
  assert.equal(g.isLegal("z9"), false);
  assert.equal(g.isLegal(" d6"), false);
  assert.equal(g.isLegal(42), false);
  g.play("d6");
  assert.equal(g.isLegal("d6"), false);
  g.resign("light");
  assert.equal(g.isLegal("a1"), false);
});

test("toJSON gives what brings the game back", () => {
  const g = new Game("six");
  g.setHeader("White", "Bo");
  g.play("a1");
  const json = JSON.parse(JSON.stringify(g));
  assert.deepEqual(Object.keys(json), ["variant", "position", "history", "headers", "outcome", "record"]);
  assert.equal(json.variant, "six");
  assert.deepEqual(json.history, ["a1"]);
  assert.deepEqual(json.headers, { White: "Bo" });
  assert.equal(json.outcome, null);
  assert.equal(Game.fromRecord(json.record).position(), g.position());
});

test("perft counts from the game's position, capped at depth 5", () => {
  const g = new Game();
  g.play("d6");
  for (const d of [0, 1, 2, 3]) assert.equal(g.perft(d), perft("nine", ["d6"], d), `depth ${d}`);
  assert.throws(() => g.perft(6), named("ArgumentError", /engine worker/));
  g.resign("dark");
  assert.equal(g.perft(2), 0);
});

test("legalMoves({ point }) gives the moves that touch a point, as chess.js's moves({ square })", () => {
  const g = new Game();
  assert.deepEqual(g.legalMoves({ point: "d6" }), ["d6"]);
  assert.deepEqual(g.legalMoves({ point: "d6", verbose: true }), g.legalMoves({ verbose: true }).filter((m) => m.to === "d6"));
  // Moving: from the point, to it, and the removals of its piece.
  const moving = Game.fromPosition("nine LLL/.../.../D.D..D/D../.../... L 0/0 0/0 -");
  const at = (game, point) => game.legalMoves({ point, verbose: true });
  assert.ok(at(moving, "a7").length > 0 && at(moving, "a7").every((m) => m.from === "a7"), "a piece's own moves");
  const mill = new Game();
  for (const m of ["a1", "b2", "a4", "b4"]) mill.play(m);
  const b2 = at(mill, "b2");
  assert.ok(b2.length > 0 && b2.every((m) => m.to === "b2" || m.removes.includes("b2")), JSON.stringify(b2));
  assert.ok(b2.some((m) => m.notation === "a7xb2"), "the mill that takes the piece on b2");
  assert.deepEqual(at(mill, "a1"), [], "no move touches a1 while placing");
  // A point not on the board, or not a point, is refused by name: an
  // ArgumentError, as get(), put() and remove() say it.
  assert.throws(() => g.legalMoves({ point: "d4" }), named("ArgumentError", /^option `point`: d4 is not a point of the mill board$/));
  assert.throws(() => g.legalMoves({ point: 6 }), named("ArgumentError", /^option `point` must be a point, like "d6", not 6$/));
  for (const call of [() => g.legalMoves({ point: "z9" }), () => g.get("z9"), () => g.put("z9", "light"), () => g.remove("z9")]) {
    assert.throws(call, { name: "ArgumentError" });
  }
  assert.throws(() => g.legalMoves({ points: "d6" }), named("OptionError", /unknown moves option `points`; the options are: verbose, point/));
  assert.throws(() => g.history({ point: "d6" }), named("OptionError", /unknown moves option `point`; the options are: verbose$/));
  assert.deepEqual(g.legalMoves({ point: undefined }), g.legalMoves());
});

test("get(point) says the piece on a point", () => {
  const g = new Game();
  g.play("d6");
  assert.equal(g.get("d6"), "light");
  assert.equal(g.get("d5"), null);
  g.play("d5");
  assert.equal(g.get("d5"), "dark");
  assert.throws(() => g.get("d4"), named("ArgumentError", /^the point: d4 is not a point of the mill board$/));
  assert.throws(() => g.get("z9"), { name: "ArgumentError" });
  assert.throws(() => g.get(4), named("ArgumentError", /^the point must be a string, not 4$/));
  assert.equal(new Game("three").get("b2"), null);
});

test("play(move, { verbose: true }) gives the move with the positions before and after it", () => {
  const g = new Game();
  assert.equal(g.play("a1"), "a1", "without options, the notation as before");
  assert.equal(g.play("b2", { verbose: false }), "b2");
  const before = g.position();
  const move = g.play("a4", { verbose: true });
  assert.deepEqual(move, { from: null, to: "a4", removes: [], kind: "place", notation: "a4", before, after: g.position() });
  g.play("b4");
  const mill = g.play("a7xb2", { verbose: true });
  assert.deepEqual([mill.removes, mill.kind, mill.notation], [["b2"], "place", "a7xb2"]);
  assert.equal(Game.fromPosition(mill.before).legalMoves().includes("a7xb2"), true);
  assert.equal(mill.after, g.position());
  // A bad move or option throws and plays nothing.
  const after = g.position();
  assert.throws(() => g.play("d6", { verbos: true }), named("OptionError", /unknown moves option `verbos`; the options are: verbose$/));
  assert.throws(() => g.play("d6", { verbose: "yes" }), named("OptionError", /`verbose` must be a boolean/));
  assert.throws(() => g.play("a1", { verbose: true }), { name: "IllegalMoveError" });
  assert.equal(g.position(), after);
});
