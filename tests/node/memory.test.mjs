// Issue 28, item 3: running out of memory throws a MemoryError and the
// module keeps working; objects that are forgotten without free() are
// reclaimed by the garbage collector (FinalizationRegistry).
import { test } from "node:test";
import assert from "node:assert/strict";
import v8 from "node:v8";
import vm from "node:vm";
import { setTimeout as sleep } from "node:timers/promises";

import { Game, Engine } from "./lib/pkg.mjs";

v8.setFlagsFromString("--expose-gc");
const gc = vm.runInNewContext("gc");
const named = (name, pattern) => (e) => e instanceof Error && e.name === name && pattern.test(e.message);

async function collect() {
  for (let i = 0; i < 3; i++) {
    gc();
    await sleep(10);
  }
}

test("engines past the memory there is throw a MemoryError, not a trap", () => {
  const kept = [];
  let error;
  try {
    for (let i = 0; i < 400; i++) kept.push(new Engine({ ttMb: 64 }));
  } catch (e) {
    error = e;
  }
  assert.ok(error, `${kept.length} engines of 64 MB fit in 4 GB?`);
  assert.ok(named("MemoryError", /^not enough memory for a 64 MB transposition table/)(error), String(error));
  // The module still works, and freeing gives the memory back.
  assert.equal(new Game().legalMoves().length, 24);
  for (const e of kept) e.free();
  const again = new Engine({ ttMb: 64 });
  assert.equal(again.bestMove(new Game(), { depth: 2 }).depth, 2);
  again.free();
  assert.throws(() => new Engine({ ttMb: 1025 }), named("OptionError", /option `ttMb` must be a whole number from 1 to 1024/));
});

test("engines forgotten without free() are reclaimed", async () => {
  // 400 engines of 16 MB are 6.4 GB: more than a module has, unless the
  // forgotten ones are given back.
  for (let i = 0; i < 400; i++) {
    new Engine().bestMove(new Game("three"), { depth: 1 });
    if (i % 25 === 24) await collect();
  }
  await collect();
  const engines = Array.from({ length: 8 }, () => new Engine());
  assert.equal(engines.length, 8);
  engines.forEach((e) => e.free());
});
