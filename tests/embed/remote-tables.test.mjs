// Web tables (`openTables` of morris-wasm/web-tables) in Chromium: the blocks a page fetched are kept
// in the Cache API, so that after a reload its positions answer with no
// range request (read back and checked), and with the host down they
// still answer while a position whose block was never fetched needs the
// network. The set is Nine's classes up to 4v4 (scripts/web-tables-test.sh),
// served beside the package by a range-capable host on 127.0.0.1. The
// reader is a module of its own: a page using the engine alone never
// loads it, and one that probes loads it beside the engine's.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import path from "node:path";

import { ROOT, launch } from "./lib/harness.mjs";
import { serveTables } from "../node/lib/range-host.mjs";

const TARGET = process.env.CARGO_TARGET_DIR ?? path.join(ROOT, "target");
const SET = process.env.MULINO_WEB_TABLES_TEST ?? path.join(TARGET, "web-tables-test");
// Two 4v4 positions in different blocks of the class (7 blocks), light to move.
const WARM = "nine L.D/.../.L./D....L/.D./L../..D L 0/0 0/0 -";
const COLD = "nine ..D/D../..L/..D.L./.../.L./LD. L 0/0 0/0 -";

let host;
let browser;

before(async () => {
  const out = execFileSync("bash", [path.join(ROOT, "scripts", "web-tables-test.sh"), SET, "4"], {
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  host = await serveTables(out.trim().split("\n").pop(), { prefix: "/tables/", root: ROOT });
  browser = await launch();
});

after(async () => {
  await browser?.close();
  await host?.close();
});

/** Opens the tables on a page of the host and probes `texts`: each value, or the error's name. */
async function probe(page, texts) {
  return page.evaluate(async (texts) => {
    const { default: init, Game } = await import("/morris-wasm/pkg/web/morris_wasm.js");
    const { openTables } = await import("/morris-wasm/pkg/web-tables/index.js");
    await init();
    const tables = window.tables ?? (window.tables = await openTables("/tables/"));
    const out = [];
    for (const text of texts) {
      try {
        // The engine module's Game: the reader takes its position().
        out.push((await tables.probe(Game.fromPosition(text)))?.result ?? "none");
      } catch (e) {
        out.push(e.name);
      }
    }
    return { out, stats: tables.stats(), lasting: typeof caches === "object" };
  }, texts);
}

test("after a reload the cached blocks answer from the Cache API, checked, with no range request; offline too", async () => {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  await page.goto(`${host.base}/tests/embed/readme.html`);
  const first = await probe(page, [WARM]);
  assert.equal(first.lasting, true, "the page has the Cache API");
  assert.ok(["win", "draw", "loss"].includes(first.out[0]), first.out[0]);
  assert.equal(first.stats.rangeRequests, 1);
  assert.equal(host.log.ranges.length, 1);

  await page.reload();
  const again = await probe(page, [WARM]);
  assert.deepEqual(again.out, first.out);
  assert.equal(again.stats.rangeRequests, 0, "a reload fetched a cached block");
  assert.equal(again.stats.storeHits, 1);
  assert.equal(host.log.ranges.length, 1);

  // Reloaded, then the host out of reach: the manifest, the index and the
  // block come from the cache; a block never fetched needs the network.
  await page.reload();
  host.log.down = true;
  try {
    const down = await probe(page, [WARM, COLD]);
    assert.deepEqual(down.out, [first.out[0], "NeedsNetworkError"]);
  } finally {
    host.log.down = false;
  }
  assert.deepEqual(errors, []);
});

/** The .wasm files the page fetched so far (their paths). */
function wasmFetched(page) {
  return page.evaluate(() =>
    performance.getEntriesByType("resource").map((e) => new URL(e.name).pathname).filter((p) => p.endsWith(".wasm")),
  );
}

test("a page using the engine alone never loads the web tables' module; one that probes does", async () => {
  const page = await browser.newPage();
  const requested = [];
  page.on("request", (r) => requested.push(new URL(r.url()).pathname));
  await page.goto(`${host.base}/tests/embed/readme.html`);
  const move = await page.evaluate(async () => {
    const { default: init, Game, Engine } = await import("/morris-wasm/pkg/web/morris_wasm.js");
    await init();
    const game = Game.fromPosition("nine L.D/.../.L./D....L/.D./L../..D L 0/0 0/0 -");
    return new Engine({ level: 1 }).bestMove(game).move;
  });
  assert.equal(typeof move, "string");
  assert.deepEqual(await wasmFetched(page), ["/morris-wasm/pkg/web/morris_wasm_bg.wasm"]);
  assert.deepEqual(requested.filter((p) => p.includes("web-tables") || p.startsWith("/tables/")), []);

  const probed = await probe(page, [WARM]);
  assert.ok(["win", "draw", "loss"].includes(probed.out[0]), probed.out[0]);
  assert.deepEqual((await wasmFetched(page)).sort(), [
    "/morris-wasm/pkg/web-tables/morris_wasm_tables_bg.wasm",
    "/morris-wasm/pkg/web/morris_wasm_bg.wasm",
  ]);
});

test("the README's web tables example runs in a page, its host's URL that of the test set", async () => {
  const readme = readFileSync(path.join(ROOT, "morris-wasm", "README.md"), "utf8");
  const blocks = [...readme.matchAll(/^```js tables-host\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  assert.equal(blocks.length, 1);
  const code = blocks[0].replace("https://example.org/nine-tables/", "/tables/");
  assert.notEqual(code, blocks[0], "the example's URL is not the one replaced");
  const page = await browser.newPage();
  const errors = [];
  const logs = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => logs.push(m.text()));
  await page.goto(`${host.base}/tests/embed/readme.html`);
  await page.addScriptTag({ type: "module", content: `${code}\nwindow.__done = true;` });
  await page.waitForFunction(() => window.__done === true, null, { timeout: 10000 }).catch(() => {});
  assert.deepEqual(errors, [], code);
  assert.equal(await page.evaluate(() => window.__done), true, code);
  // Each move with its value, then the stats.
  assert.ok(logs.some((l) => /^\S+ (win|draw|loss) (win|draw|loss)$/.test(l)), logs.join("\n"));
  assert.ok(logs.some((l) => l.includes("rangeRequests")), logs.join("\n"));
});
