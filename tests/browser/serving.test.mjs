// The app served as scripts/run.sh serves it (scripts/serve.sh: the npm
// package serve with scripts/serve.json), checked as a static host's
// headers are: the wasm and the JS compressed, Trunk's hashed files cached
// for good and everything else revalidated, a real robots.txt, no
// development server's reload; and the service worker on top of those
// headers: offline after one visit, a new build's page picked up online.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import fs from "node:fs";
import http from "node:http";
import os from "node:os";
import path from "node:path";
import zlib from "node:zlib";
import { startHarness, waitForBoard, assertNoErrors, screenshot, DIST, ROOT } from "./lib/harness.mjs";
import { startStaticHost } from "./lib/static-host.mjs";

const YEAR = 365 * 24 * 3600;

/** A GET with the given request headers; the body as sent (not unpacked). */
function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers }, (res) => {
        const chunks = [];
        res.on("data", (c) => chunks.push(c));
        res.on("end", () => resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }));
        res.on("error", reject);
      })
      .on("error", reject);
  });
}

const maxAge = (cacheControl = "") => {
  const m = cacheControl.match(/\bmax-age=(\d+)/);
  return m ? Number(m[1]) : null;
};

/**
 * The files with a content hash in their name that the page itself loads
 * (Trunk's JS, wasm, CSS). Trunk writes the hash in hex without leading
 * zeros: 16 digits, now and then fewer.
 */
function hashedFiles(page) {
  const names = new Set();
  for (const m of page.matchAll(/["'](?:\.\/)?([\w.-]+-[0-9a-f]{6,16}(?:_bg)?\.(?:js|wasm|css))["']/g)) names.add(m[1]);
  return [...names];
}

let host;
let page;
before(async () => {
  host = await startStaticHost(DIST);
  page = fs.readFileSync(path.join(DIST, "index.html"), "utf8");
});
after(() => host?.close());

test("the wasm and the JS come compressed, and unpack to the built files", async () => {
  const files = hashedFiles(page);
  const wasm = files.filter((f) => f.endsWith(".wasm"));
  const js = files.filter((f) => f.endsWith(".js"));
  assert.ok(wasm.length >= 1 && js.length >= 1, `the page names its hashed wasm and JS (found: ${files.join(", ")})`);
  for (const name of [...wasm, ...js]) {
    const res = await get(host.url + name, { "Accept-Encoding": "gzip" });
    assert.equal(res.status, 200, name);
    assert.equal(res.headers["content-encoding"], "gzip", `${name} is sent gzip'd`);
    assert.match(res.headers.vary ?? "", /accept-encoding/i, `${name} varies by Accept-Encoding`);
    const built = fs.readFileSync(path.join(DIST, name));
    assert.ok(zlib.gunzipSync(res.body).equals(built), `${name} unpacks to the built file`);
    assert.ok(res.body.length < built.length * 0.6, `${name}: ${res.body.length} bytes sent for ${built.length}`);
    console.log(`# ${name}: ${built.length} bytes, ${res.body.length} gzip'd`);
  }
  const wasmRes = await get(host.url + wasm[0], { "Accept-Encoding": "gzip" });
  assert.equal(wasmRes.headers["content-type"], "application/wasm", "the wasm's type (streaming compilation needs it)");
  // Asked for nothing, nothing is compressed.
  const plain = await get(host.url + js[0], { "Accept-Encoding": "identity" });
  assert.equal(plain.headers["content-encoding"], undefined);
});

test("hashed files are cached for a year, immutable; the page, sw.js, the manifest and catalogues are revalidated", async () => {
  for (const name of hashedFiles(page)) {
    const cc = (await get(host.url + name)).headers["cache-control"];
    assert.match(cc ?? "", /\bimmutable\b/, `${name}: ${cc}`);
    assert.ok(maxAge(cc) >= YEAR, `${name} is kept a year: ${cc}`);
  }
  const unhashed = ["", "index.html", "sw.js", "manifest.webmanifest", "i18n/de.txt", "robots.txt", "worker.js", "nets/nine.nnue"];
  for (const name of unhashed) {
    assert.ok(fs.existsSync(path.join(DIST, name || "index.html")), `${name || "index.html"} is in the build`);
    const res = await get(host.url + name);
    assert.equal(res.status, 200, `/${name}`);
    const cc = res.headers["cache-control"] ?? "";
    assert.doesNotMatch(cc, /immutable/, `/${name}: ${cc}`);
    assert.ok(/\bno-cache\b/.test(cc) || maxAge(cc) === 0, `/${name} is revalidated on every use: ${cc}`);
    // Revalidation is cheap: the same file again is a 304 without a body.
    const etag = res.headers.etag;
    assert.ok(etag, `/${name} has an ETag`);
    const again = await get(host.url + name, { "If-None-Match": etag });
    assert.equal(again.status, 304, `/${name} unchanged answers 304`);
  }
  const root = await get(host.url);
  assert.match(root.headers["content-type"], /^text\/html/);
  assert.equal(root.body.toString("utf8"), page, "/ is index.html");
});

test("robots.txt is plain text for crawlers, not the app's page; a missing file is a 404", async () => {
  const res = await get(`${host.url}robots.txt`);
  assert.equal(res.status, 200);
  assert.match(res.headers["content-type"], /^text\/plain\b/);
  const text = res.body.toString("utf8");
  assert.match(text, /^User-agent: \*$/m);
  assert.doesNotMatch(text, /<html|<!doctype/i);
  const missing = await get(`${host.url}no-such-file.txt`);
  assert.equal(missing.status, 404);
  assert.doesNotMatch(missing.body.toString("utf8"), /mulino/i, "a 404 is not the app's page");
});

test("no development server: no reload script in the page, no reload socket", async () => {
  const served = (await get(host.url)).body.toString("utf8");
  assert.doesNotMatch(served, /WebSocket|__TRUNK|trunk\/ws|autoreload/i, "the page has no live-reload script");
  for (const socket of [".well-known/trunk/ws", "_trunk/ws"]) {
    const res = await get(host.url + socket, { Connection: "Upgrade", Upgrade: "websocket" });
    assert.equal(res.status, 404, `/${socket} is no socket`);
  }
});

test("Nine's tables for range reads, linked into the app's folder as scripts/run.sh links them, answer Range with 206", async () => {
  // A stand-in for the set (a made-up part file), linked in as nine-web/.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), "mulino-web-"));
  const dist = path.join(dir, "dist");
  const set = path.join(dir, "set");
  fs.mkdirSync(dist);
  fs.mkdirSync(set);
  fs.writeFileSync(path.join(dist, "index.html"), "<!doctype html><title>app</title>");
  const part = Buffer.from(Array.from({ length: 50_000 }, (_, i) => (i * 7919) % 251));
  fs.writeFileSync(path.join(set, "nine-6v6-0.wdlb"), part);
  fs.writeFileSync(path.join(set, "manifest.json"), '{"classes":[]}');
  fs.symlinkSync(set, path.join(dist, "nine-web"));
  const other = await startStaticHost(dist);
  try {
    const res = await get(`${other.url}nine-web/nine-6v6-0.wdlb`, { Range: "bytes=1000-17383", "Accept-Encoding": "gzip, br" });
    assert.equal(res.status, 206, "a range of a part");
    assert.equal(res.headers["content-range"], `bytes 1000-17383/${part.length}`);
    assert.equal(res.headers["content-encoding"], undefined, "a range is sent as it is, not compressed");
    assert.deepEqual(res.body, part.subarray(1000, 17384));
    const tail = await get(`${other.url}nine-web/nine-6v6-0.wdlb`, { Range: "bytes=49990-" });
    assert.equal(tail.status, 206);
    assert.deepEqual(tail.body, part.subarray(49990));
    assert.equal((await get(`${other.url}nine-web/manifest.json`)).status, 200);
  } finally {
    await other.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
  const run = fs.readFileSync(path.join(ROOT, "scripts/run.sh"), "utf8");
  assert.match(run, /ln -sfn .* dist\/nine-web/, "run.sh links the set in as nine-web/");
});

test("scripts/run.sh builds the release and serves it through scripts/serve.sh", () => {
  const run = fs.readFileSync(path.join(ROOT, "scripts/run.sh"), "utf8").replace(/^\s*#.*$/gm, "");
  assert.match(run, /trunk build --release/);
  assert.match(run, /scripts\/serve\.sh/);
  assert.match(run, /scripts\/prerender\.mjs dist/);
  assert.doesNotMatch(run, /trunk serve/);
});

test("the service worker on these headers: a new build's page is picked up online, the last one plays offline", { timeout: 120_000 }, async () => {
  // A copy of the build (without the tables, which the first screen never
  // asks for) whose page can be changed as a new release would change it.
  const copy = fs.mkdtempSync(path.join(os.tmpdir(), "mulino-serving-"));
  fs.cpSync(DIST, copy, { recursive: true, filter: (src) => !/[\\/](tb|wdl)$/.test(src) });
  const own = await startStaticHost(copy);
  const h = await startHarness();
  try {
    const { page: tab, context } = await h.newPage();
    await tab.goto(own.url, { waitUntil: "domcontentloaded" });
    await waitForBoard(tab);
    const controlled = await tab.evaluate(async () => {
      await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller) {
        await new Promise((r) => navigator.serviceWorker.addEventListener("controllerchange", r, { once: true }));
      }
      return navigator.serviceWorker.controller.scriptURL;
    });
    assert.match(controlled, /\/sw\.js$/, "the service worker controls the page");
    // A new release: the same URL, another page.
    const next = page.replace("<title>", '<meta name="mulino-build" content="next"><title>');
    assert.notEqual(next, page);
    fs.writeFileSync(path.join(copy, "index.html"), next);
    await tab.reload({ waitUntil: "domcontentloaded" });
    await waitForBoard(tab);
    const build = () => tab.evaluate(() => document.querySelector('meta[name="mulino-build"]')?.content ?? null);
    assert.equal(await build(), "next", "online, the reload shows the new page (not one the service worker kept)");
    await tab.waitForLoadState("networkidle").catch(() => {});
    await own.close();
    await context.setOffline(true);
    await tab.reload({ waitUntil: "domcontentloaded" });
    await waitForBoard(tab);
    assert.equal(await build(), "next", "offline, the last page seen is the one kept");
    await screenshot(tab, "serving-offline");
    await context.setOffline(false);
    assertNoErrors(tab);
  } finally {
    await h.close();
    await own.close();
    fs.rmSync(copy, { recursive: true, force: true });
  }
});
