// Issue 41, point 5: objects freed twice (free() inside a `using` block),
// the browser build used before init() or in Node, and moves written in
// another case.
import { test } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { Game, Engine, Tables, PKG } from "./lib/pkg.mjs";

test("free() and [Symbol.dispose]() may be called again", () => {
  for (const make of [() => new Game(), () => new Engine({ ttMb: 1 }), () => new Tables()]) {
    const object = make();
    object.free();
    object.free();
    object[Symbol.dispose]();
  }
  // As `using g = …; g.free();` does at the block's end; the object stays freed.
  const game = new Game();
  game.free();
  game[Symbol.dispose]();
  assert.throws(() => game.legalMoves(), { name: "StateError", message: /was freed/ });
});

test("the browser build before init() is a StateError that says so, and in Node says what to import", async () => {
  const web = await import(pathToFileURL(path.join(PKG, "web", "morris_wasm.js")).href);
  assert.throws(() => new web.Game(), { name: "StateError", message: /not initialised: `await init\(\)` before any other call/ });
  assert.throws(() => web.perft("nine", [], 1), { name: "StateError" });
  await assert.rejects(web.default(), { name: "StateError", message: /in Node import morris-wasm itself/ });
  // Given the bytes, it works in Node too.
  const { readFileSync } = await import("node:fs");
  await web.default({ module_or_path: readFileSync(path.join(PKG, "web", "morris_wasm_bg.wasm")) });
  assert.equal(new web.Game().legalMoves().length, 24);
});

test("the board's module before init() says to await the init() of morris-wasm/board, not morris-wasm/bundler", async () => {
  const board = await import(pathToFileURL(path.join(PKG, "board", "index.js")).href);
  for (const call of [() => board.mountBoard(null), () => new board.Game()]) {
    assert.throws(call, (e) => e.name === "StateError" && /morris-wasm\/board/.test(e.message) && !/bundler/.test(e.message), String(call));
  }
});

test("moves are written in lower case only", () => {
  const game = new Game();
  assert.throws(() => game.play("D6"), { name: "MoveSyntaxError", message: "`D6` is not a move: points are written in lower case, like d6" });
  assert.throws(() => game.play("d6-D5"), { name: "MoveSyntaxError" });
  assert.equal(game.isLegal("D6"), false);
  assert.deepEqual(game.history(), []);
  game.play("d6");
  assert.deepEqual(game.history(), ["d6"]);
});
