// Web tables (`openTables`) in Chromium: the blocks a page fetched are kept
// in the Cache API, so that after a reload its positions answer with no
// range request (read back and checked), and with the host down they
// still answer while a position whose block was never fetched needs the
// network. The set is Nine's classes up to 4v4 (scripts/web-tables-test.sh),
// served beside the package by a range-capable host on 127.0.0.1.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
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
    const { default: init, Game, openTables } = await import("/morris-wasm/pkg/web/morris_wasm.js");
    await init();
    const tables = window.tables ?? (window.tables = await openTables("/tables/"));
    const out = [];
    for (const text of texts) {
      try {
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
