// The learned evaluation in the package: `engine.useNetwork(bytes)` with
// its typed errors, `dropNetwork()` and `evaluate(game)`; the network the
// package ships (nets/nine.nnue), loaded by the engine worker at level 10
// and at full strength, and what it says when it cannot load one. The
// tests hold for any network of the file format: they compare the values
// with and without it, never with a particular number.
import { test } from "node:test";
import assert from "node:assert/strict";
import { once } from "node:events";
import { readFileSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { Game, Engine, PKG } from "./lib/pkg.mjs";

const { EngineWorker } = await import(pathToFileURL(path.join(PKG, "worker", "node.mjs")).href);

const NET = path.join(PKG, "nets", "nine.nnue");
const bytes = () => readFileSync(NET);

// Nine's moving phase, where the network applies: every piece placed.
const MOVING = [
  "nine .D./.LD/DLL/D..LDL/LLD/.DL/DDL L 0/0 0/0 -",
  "nine D../L.D/DLL/D.LLDL/.LD/.DL/DD. D 0/0 1/0 -",
  "nine .D./..D/D.L/...LD./.DL/..L/DDD D 0/0 0/0 -",
  "nine .../.DD/D../...LDL/D../L../DDD L 0/0 6/0 -",
];
const values = (engine) => MOVING.map((text) => engine.evaluate(Game.fromPosition(text)));

test("useNetwork changes the evaluation of the moving phase, and dropNetwork restores it", () => {
  const engine = new Engine();
  const hand = values(engine);
  engine.useNetwork(bytes());
  const learned = values(engine);
  assert.notDeepEqual(learned, hand);
  // The placing, and other rules, keep the hand-written evaluation.
  for (const game of [new Game(), new Game("six")]) assert.equal(engine.evaluate(game), new Engine().evaluate(game));
  // The same network from an ArrayBuffer.
  const copy = new Engine();
  copy.useNetwork(new Uint8Array(bytes()).buffer);
  assert.deepEqual(values(copy), learned);
  engine.dropNetwork();
  assert.deepEqual(values(engine), hand);
});

test("level 10 evaluates with the network; the levels below keep the hand-written evaluation", () => {
  const hand = values(new Engine());
  for (const [level, uses] of [[10, true], [9, false], [5, false], [1, false]]) {
    const engine = new Engine({ level });
    engine.useNetwork(bytes());
    assert.deepEqual(values(engine), uses ? values(withNetwork()) : hand, `level ${level}`);
    const game = Game.fromPosition(MOVING[0]);
    const { move } = engine.bestMove(game, { movetimeMs: 100 });
    assert.ok(move !== null && game.isLegal(move), `level ${level}`);
  }
});

function withNetwork() {
  const engine = new Engine();
  engine.useNetwork(bytes());
  return engine;
}

test("a file that is not a network is a NetworkFileError, and the engine keeps its evaluation", () => {
  const engine = withNetwork();
  const before = values(engine);
  const good = bytes();
  const damaged = Uint8Array.from(good);
  damaged[100] ^= 1;
  const cut = good.subarray(0, good.length - 10);
  const cases = [
    [new TextEncoder().encode("<!doctype html><title>404</title>"), "not a network file: it does not start with MULNNUE1"],
    [damaged, "not a usable network file: the file's checksum does not match its contents (a damaged or cut download)"],
    [cut, `not a usable network file: the file has ${cut.length} bytes where its shape needs ${good.length}`],
    // Far longer than any network: refused by its header, not copied.
    [new Uint8Array(64 << 20).fill(7), "not a network file: it does not start with MULNNUE1"],
  ];
  for (const [file, message] of cases) {
    assert.throws(() => engine.useNetwork(file), { name: "NetworkFileError", message });
  }
  const long = new Uint8Array(64 << 20);
  long.set(good);
  assert.throws(() => engine.useNetwork(long), {
    name: "NetworkFileError",
    message: `not a usable network file: the file has ${64 << 20} bytes where its shape needs ${good.length}`,
  });
  assert.throws(() => engine.useNetwork(NET), { name: "ArgumentError", message: /^the network file must be a Uint8Array or an ArrayBuffer, not "/ });
  assert.deepEqual(values(engine), before);
});

test("the worker at level 10 loads the package's network once by default and plays legal moves", async () => {
  const engine = new EngineWorker({ level: 10 });
  const events = [];
  engine.addEventListener("network", (e) => events.push({ loaded: e.loaded, url: e.url, error: e.error }));
  assert.equal(engine.network, null, "nothing loaded before a search");
  const game = Game.fromPosition(MOVING[0]);
  for (let i = 0; i < 3 && !game.isGameOver(); i++) {
    const { move } = await engine.bestMove(game, { movetimeMs: 150 });
    assert.ok(move !== null && game.isLegal(move), move);
    game.play(move);
  }
  const url = pathToFileURL(NET).href;
  assert.deepEqual(engine.network, { loaded: true, url, error: null });
  assert.deepEqual(events, [{ loaded: true, url, error: null }]);
  engine.terminate();
});

test("the worker's network: full strength loads it, level 5, network: false and other variants do not, another path is read", async () => {
  for (const options of [{}, { network: true }]) {
    const analyst = new EngineWorker(options);
    await analyst.analyze(Game.fromPosition(MOVING[1]), { depth: 2 });
    assert.equal(analyst.network?.loaded, true, JSON.stringify(options));
    analyst.terminate();
  }
  for (const options of [{ level: 5, network: true }, { level: 5 }, { level: 10, network: false }, { network: false }]) {
    const engine = new EngineWorker(options);
    await engine.bestMove(Game.fromPosition(MOVING[1]), { movetimeMs: 50 });
    assert.equal(engine.network, null, JSON.stringify(options));
    engine.terminate();
  }
  // The network knows only Nine's standard rules: a game of Six, or of
  // Nine with another rule, loads nothing.
  for (const game of [new Game("six"), new Game("nine", { flying: false })]) {
    const engine = new EngineWorker({ level: 10 });
    await engine.bestMove(game, { movetimeMs: 50 });
    assert.equal(engine.network, null, game.variant);
    engine.terminate();
  }
  const other = new EngineWorker({ network: NET });
  await other.bestMove(Game.fromPosition(MOVING[1]), { depth: 1 });
  assert.deepEqual(other.network, { loaded: true, url: NET, error: null });
  other.terminate();
  assert.throws(() => new EngineWorker({ network: 5 }), { name: "OptionError", message: "option `network` must be true, false or a URL, not 5" });
});

test("a network that does not load is told once, and the worker plays on with its hand-written evaluation", async () => {
  const warnings = [];
  const warn = console.warn;
  console.warn = (...args) => warnings.push(args.join(" "));
  try {
    const missing = path.join(PKG, "nets", "missing.nnue");
    const engine = new EngineWorker({ level: 10, network: missing });
    const game = Game.fromPosition(MOVING[2]);
    const event = once(engine, "network");
    const first = await engine.bestMove(game, { movetimeMs: 50 });
    assert.ok(game.isLegal(first.move));
    const [e] = await event;
    assert.equal(e.loaded, false);
    assert.match(e.error.message, /ENOENT/);
    assert.deepEqual(engine.network, { loaded: false, url: missing, error: e.error });
    const second = await engine.bestMove(game, { movetimeMs: 50 });
    assert.ok(game.isLegal(second.move));
    assert.equal(warnings.length, 1, warnings.join("\n"));
    assert.match(warnings[0], /^morris-wasm: the engine's network \(.*missing\.nnue\) did not load: .*ENOENT.*; it plays with its hand-written evaluation$/);
    engine.terminate();

    // A file that is not a network: its NetworkFileError; preventDefault() keeps it off the console.
    const wrong = new EngineWorker({ network: path.join(PKG, "package.json") });
    wrong.addEventListener("network", (event) => event.preventDefault());
    await wrong.bestMove(game, { depth: 2 });
    assert.equal(wrong.network.error.name, "NetworkFileError");
    assert.equal(wrong.network.error.message, "not a network file: it does not start with MULNNUE1");
    assert.equal(warnings.length, 1);
    wrong.terminate();
  } finally {
    console.warn = warn;
  }
});
