// Web table files read over HTTP (`openTables` of morris-wasm/web-tables,
// a module of its own, issue 58) from a static
// host on 127.0.0.1 written here, serving Nine's classes up to 4v4 made by
// scripts/web-tables-test.sh: values equal `morris tb probe`'s; a block
// not cached costs one range request and a cached one none; a corrupted
// block is refused; a host that ignores `Range:` is refused clearly; with
// the host gone, cached positions answer and the others need the network.
// Positions come as texts or as the engine module's `Game`; the engine
// module carries no reader.
import { test, before } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import init, { Game, PKG, ROOT } from "./lib/pkg.mjs";
import { serveTables } from "./lib/range-host.mjs";

await init();
const webTables = await import(pathToFileURL(path.join(PKG, "web-tables", "node.mjs")).href);
const { openTables, isMorrisError } = webTables;

const TARGET = process.env.CARGO_TARGET_DIR ?? path.join(ROOT, "target");
const SET = process.env.MULINO_WEB_TABLES_TEST ?? path.join(TARGET, "web-tables-test");
const MORRIS = process.env.MORRIS ?? path.join(TARGET, "release", "morris");

/** The set's folder (made once; a second run only checks it). */
function makeSet() {
  const out = execFileSync("bash", [path.join(ROOT, "scripts", "web-tables-test.sh"), SET, "4"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
    maxBuffer: 1 << 26,
  });
  return out.trim().split("\n").pop();
}

/** A seeded generator of numbers in [0, 1) (mulberry32). */
function random(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A moving position of Nine with `light` and `dark` pieces on random points. */
function position(rand, light, dark, turn) {
  const cells = Array(24).fill(".");
  for (const [piece, n] of [["L", light], ["D", dark]]) {
    for (let placed = 0; placed < n; ) {
      const at = Math.floor(rand() * 24);
      if (cells[at] === ".") {
        cells[at] = piece;
        placed++;
      }
    }
  }
  const ranks = [];
  let at = 0;
  for (const size of [3, 3, 3, 6, 3, 3, 3]) {
    ranks.push(cells.slice(at, at + size).join(""));
    at += size;
  }
  return `nine ${ranks.join("/")} ${turn} 0/0 0/0 -`;
}

/** Positions of every class of the set and its mirrors, both sides to move. */
function positions(seed, each) {
  const rand = random(seed);
  const out = [];
  for (const [l, d] of [[3, 3], [4, 3], [3, 4], [4, 4]]) {
    for (let i = 0; i < each; i++) out.push(position(rand, l, d, i % 2 ? "D" : "L"));
  }
  return out;
}

/** `morris tb probe`'s win, draw or loss of each position, from the tables the set was made from. */
function probedByCli(texts) {
  const dir = mkdtempSync(path.join(os.tmpdir(), "mulino-remote-"));
  try {
    const file = path.join(dir, "positions.txt");
    writeFileSync(file, texts.join("\n") + "\n");
    const out = execFileSync(MORRIS, ["tb", "probe", "--table", path.join(SET, "tables"), "--positions", file], { encoding: "utf8" });
    return out
      .trim()
      .split("\n")
      .map((line) => line.split(" ; ")[1].split(" ")[0]);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

const flip = { win: "loss", loss: "win", draw: "draw" };

/** Runs a test's body with a host of the set, closed after it. */
const withHost = (body) => async () => {
  const host = await serveTables(web);
  try {
    await body(host);
  } finally {
    await host.close();
  }
};
let web;

before(() => {
  web = makeSet();
});

test("every value and every move's value equal `morris tb probe` on the same positions", withHost(async (host) => {
  const tables = await openTables(host.url);
  const texts = positions(58, 24);
  const expected = probedByCli(texts);
  for (const [i, text] of texts.entries()) {
    const game = Game.fromPosition(text);
    assert.deepEqual(await tables.probe(game), { result: expected[i], plies: null }, text);
    assert.deepEqual(await tables.probe(text), { result: expected[i], plies: null }, text);
    const moves = await tables.probeMoves(game);
    assert.deepEqual(await tables.probeMoves(text), moves, text);
    assert.deepEqual(moves.map((m) => m.move).sort(), [...game.legalMoves()].sort(), `${text}: every move valued`);
    const after = moves.map((m) => {
      const child = Game.fromPosition(text);
      child.play(m.move);
      return child.position();
    });
    const childValues = probedByCli(after);
    for (const [j, m] of moves.entries()) {
      assert.equal(m.result, flip[childValues[j]], `${text} ${m.move}`);
      // Who wins, not how soon; but a move that ends the game wins now.
      const child = Game.fromPosition(after[j]);
      assert.equal(m.plies, child.isGameOver() ? 1 : null, `${text} ${m.move}`);
    }
  }
  // The placing and other rules are not covered: undefined, nothing fetched.
  const before = host.log.ranges.length;
  assert.equal(await tables.probe(new Game("nine")), undefined);
  assert.equal(await tables.probe(Game.fromPosition("six .../.LD/..../..L/D.. L 4/4 0/0 -")), undefined);
  assert.deepEqual(await tables.probeMoves(new Game("nine")), []);
  assert.equal(host.log.ranges.length, before);
}));

test("a position is a position text or a Game; anything else is refused by name", withHost(async (host) => {
  const tables = await openTables(host.url);
  const text = positions(5, 1)[0];
  const game = Game.fromPosition(text);
  // A game played on: its position now, whatever its record.
  const played = Game.fromPosition(text);
  played.play(played.legalMoves()[0]);
  assert.deepEqual(await tables.probe(played), await tables.probe(played.position()));
  await assert.rejects(tables.probe("nine L.D/..."), (e) => e.name === "PositionError" && isMorrisError(e));
  await assert.rejects(tables.probe(42), (e) => e.name === "ArgumentError" && /the position must be a position text or a Game, not number/.test(e.message));
  await assert.rejects(tables.probeMoves({}), { name: "ArgumentError" });
  await assert.rejects(tables.probe(null), /not null/);
  // A freed game's own error, as it threw it.
  const freed = Game.fromPosition(text);
  freed.free();
  await assert.rejects(tables.probe(freed), { name: "StateError" });
  // Refused calls leave the reader to the next one.
  assert.deepEqual(await tables.probe(game), await tables.probe(text));
}));

test("a block not cached costs exactly one range request, a cached one none, a whole part never", withHost(async (host) => {
  const tables = await openTables(new URL(host.url));
  const [a, b] = positions(7, 2).slice(-2); // two 4v4 positions
  await tables.probe(Game.fromPosition(a));
  assert.equal(host.log.ranges.length, 1, host.log.ranges.join(", "));
  assert.deepEqual(host.log.whole.sort(), ["manifest.json", "nine-4v4.wdli"]);
  await tables.probe(Game.fromPosition(a));
  assert.equal(host.log.ranges.length, 1, "a cached block was fetched again");
  await tables.probe(Game.fromPosition(b));
  const stats = tables.stats();
  assert.equal(stats.rangeRequests, host.log.ranges.length);
  assert.equal(stats.fileRequests, 2);
  assert.ok(stats.memoryHits >= 1);
  // A position's moves: each block their positions need, once, together.
  const game = Game.fromPosition(positions(11, 1)[0]);
  const fetched = host.log.ranges.length;
  await tables.probeMoves(game);
  const asked = host.log.ranges.slice(fetched);
  assert.equal(new Set(asked).size, asked.length, `a block asked for twice: ${asked}`);
  assert.equal(tables.stats().rangeRequests, host.log.ranges.length);
  await tables.probeMoves(game);
  assert.equal(host.log.ranges.length, fetched + asked.length, "a warm probeMoves fetched");
  assert.ok(host.log.ranges.every((r) => /\.wdlb \d+-\d+$/.test(r)), "only parts, by range");
}));

test("a folder address with a query asks every file with it: a host that wants a token", async () => {
  const host = await serveTables(web, { token: "s3cret" });
  try {
    await assert.rejects(openTables(host.url), (e) => e.name === "TablesHostError" && /manifest\.json` answered HTTP 403/.test(e.message));
    const tables = await openTables(`${host.url}?token=s3cret`);
    const [text] = positions(31, 1);
    assert.deepEqual(await tables.probe(text), { result: probedByCli([text])[0], plies: null });
    assert.ok(host.log.ranges.length >= 1);
    assert.deepEqual([...new Set(host.log.queries)], ["", "?token=s3cret"], "every file asked with the query");
  } finally {
    await host.close();
  }
});

test("a corrupted block is refused by its checksum: a TableFileError, never a value", withHost(async (host) => {
  const tables = await openTables(host.url);
  const manifest = JSON.parse(readFileSync(path.join(web, "manifest.json"), "utf8"));
  const part = manifest.classes.find((c) => c.class === "3v3").parts[0].file;
  const bytes = new Uint8Array(readFileSync(path.join(web, part)));
  for (let i = 100; i < bytes.length; i += 997) bytes[i] ^= 0x20;
  host.log.changed.set(part, bytes);
  const text = positions(3, 1)[0]; // a 3v3 position
  await assert.rejects(tables.probe(Game.fromPosition(text)), (e) => e.name === "TableFileError" && /corrupt|checksum|inflate/.test(e.message));
  await assert.rejects(tables.probeMoves(Game.fromPosition(text)), { name: "TableFileError" });
  // Made whole again, the same position answers (nothing bad was kept).
  host.log.changed.delete(part);
  const [value] = probedByCli([text]);
  assert.deepEqual(await tables.probe(Game.fromPosition(text)), { result: value, plies: null });
}));

test("a host that answers a range request with the whole file is refused clearly", withHost(async (host) => {
  const tables = await openTables(host.url);
  host.log.ignoreRange = true;
  await assert.rejects(
    tables.probe(Game.fromPosition(positions(5, 1)[0])),
    (e) => e.name === "TablesHostError" && /HTTP 200, not 206 Partial Content: the host does not serve byte ranges/.test(e.message),
  );
  await assert.rejects(openTables(host.url + "nowhere/"), (e) => e.name === "TablesHostError" && /HTTP 404/.test(e.message));
  await assert.rejects(openTables(42), { name: "ArgumentError" });
}));

test("with the host gone, cached positions answer and the others need the network", async () => {
  const host = await serveTables(web);
  const tables = await openTables(host.url);
  const [warm, ...others] = positions(21, 20).slice(-20); // 4v4 positions
  const value = await tables.probe(Game.fromPosition(warm));
  const moves = await tables.probeMoves(Game.fromPosition(warm));
  await host.close();
  assert.deepEqual(await tables.probe(Game.fromPosition(warm)), value);
  assert.deepEqual(await tables.probeMoves(Game.fromPosition(warm)), moves);
  // Another 4v4 position answers where its block is cached, else needs the network.
  const expected = probedByCli(others);
  let needed = 0;
  for (const [i, text] of others.entries()) {
    try {
      assert.deepEqual(await tables.probe(Game.fromPosition(text)), { result: expected[i], plies: null }, text);
    } catch (e) {
      assert.equal(e.name, "NeedsNetworkError", String(e));
      assert.equal(isMorrisError(e), true);
      assert.match(e.message, /^needs the network: `http:\/\/127\.0\.0\.1:\d+\/nine-4v4-0\.wdlb` could not be fetched/);
      needed++;
    }
  }
  assert.ok(needed > 0 && needed < others.length, `${needed} of ${others.length} needed the network`);
  // A class whose index was never fetched needs the network too, and so does opening.
  await assert.rejects(tables.probe(Game.fromPosition(positions(22, 1)[0])), { name: "NeedsNetworkError" });
  await assert.rejects(openTables(host.url), { name: "NeedsNetworkError" });
});

test("the engine module carries no reader of web tables: they are a module of their own", async () => {
  const engineEntries = [
    await import(pathToFileURL(path.join(PKG, "node", "index.mjs")).href),
    await import(pathToFileURL(path.join(PKG, "web", "morris_wasm.js")).href),
  ];
  for (const name of ["openTables", "RemoteTables"]) {
    for (const entry of engineEntries) assert.equal(name in entry, false, `an engine entry exports ${name}`);
    assert.equal(typeof webTables[name], "function", `morris-wasm/web-tables exports no ${name}`);
  }
  const exportsOf = (file) => WebAssembly.Module.exports(new WebAssembly.Module(readFileSync(path.join(PKG, file)))).map((e) => e.name);
  const engine = exportsOf("web/morris_wasm_bg.wasm");
  const tables = exportsOf("web-tables/morris_wasm_tables_bg.wasm");
  assert.ok(engine.includes("engine_bestMove"), "not the engine's module");
  assert.deepEqual(engine.filter((n) => /remotetables|opentables/i.test(n)), []);
  assert.ok(tables.includes("openTables") && tables.includes("remotetables_probe"), tables.join(", "));
  // Nor does the reader's module carry the search or the rules' objects.
  assert.deepEqual(tables.filter((n) => /^(engine|game|tables)_|^(perft|variants)$/.test(n)), []);
  const pkg = JSON.parse(readFileSync(path.join(PKG, "package.json"), "utf8"));
  assert.deepEqual(pkg.exports["./web-tables"], { types: "./web-tables/index.d.ts", node: "./web-tables/node.mjs", default: "./web-tables/index.js" });
});
