// The Chromium tests' harness: the repository's files, read-only, on a
// loopback port (optionally with the headers that make a page
// cross-origin isolated, so that it may share memory with a worker), and
// one headless Chromium.
import { before, after } from "node:test";
import { createServer } from "node:http";
import { readFile } from "node:fs/promises";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { createRequire } from "node:module";

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
const { chromium } = createRequire(path.join(ROOT, "package.json"))("playwright-core");

const TYPES = { ".html": "text/html", ".js": "text/javascript", ".mjs": "text/javascript", ".css": "text/css", ".wasm": "application/wasm" };
/** The headers of a cross-origin isolated page (and of its worker's script). */
export const ISOLATED = { "cross-origin-opener-policy": "same-origin", "cross-origin-embedder-policy": "require-corp" };

/** Serves the repository (or the folder `root`) with `headers` on every answer; resolves to `{ base, close }`. */
export async function serve(headers = {}, root = ROOT) {
  const server = createServer(async (req, res) => {
    const file = path.normalize(path.join(root, decodeURIComponent(new URL(req.url, "http://x").pathname)));
    if (!file.startsWith(root)) return res.writeHead(403).end();
    try {
      const body = await readFile(file);
      res.writeHead(200, { ...headers, "content-type": TYPES[path.extname(file)] ?? "application/octet-stream" }).end(body);
    } catch {
      res.writeHead(404).end();
    }
  });
  await new Promise((resolve) => server.listen(0, "127.0.0.1", resolve));
  return { base: `http://127.0.0.1:${server.address().port}`, close: () => server.close() };
}

/** A headless Chromium (Debian's, or MULINO_CHROMIUM). */
export function launch() {
  return chromium.launch({
    executablePath: process.env.MULINO_CHROMIUM ?? "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
      "--disable-component-update", "--disable-sync", "--no-first-run"],
  });
}

/** A new page of `browser` at `url`, with the page's errors collected in `errors`. */
export async function open(browser, url) {
  const page = await browser.newPage();
  const errors = [];
  page.on("pageerror", (e) => errors.push(e.message));
  page.on("console", (m) => m.type() === "error" && errors.push(m.text()));
  await page.goto(url);
  return { page, errors };
}

/**
 * A server and a Chromium for one test file, started before its tests and
 * stopped after them; returns `open(path)`, which opens a repository path
 * in a new page of that browser (as `open` does).
 */
export function pageOpener(headers = {}) {
  let server;
  let browser;
  before(async () => {
    server = await serve(headers);
    browser = await launch();
  });
  after(async () => {
    await browser?.close();
    server?.close();
  });
  return (url) => open(browser, server.base + url);
}

/**
 * Opens `url` (a page with a "vs-engine" board `#b` that records
 * `window.moves` and `window.asked`, as engine.html does), clicks d6 and
 * waits for the engine's reply; resolves to `{ page, errors, reply, ms,
 * long }`: the reply, the time from the click to it, and the page's long
 * tasks while the engine thought (`blockedWhileAsked`, long-tasks.js). On
 * a machine shared with other work a task is now and then stretched past
 * 50 ms by the scheduler, so a page with long tasks is tried once more,
 * afresh: a search on the page's thread blocks both times.
 */
export async function engineReply(open, url, tries = 2) {
  const { page, errors } = await open(url);
  await page.waitForSelector("body[data-ready]", { timeout: 20000 });
  const clicked = await page.evaluate(() => performance.now());
  await page.click('#b [data-point="d6"]');
  await page.waitForFunction(() => window.moves.length === 2, null, { timeout: 15000 });
  const out = await page.evaluate((since) => {
    const [, [reply, at]] = window.moves;
    return { reply, ms: at - since, long: window.blockedWhileAsked() };
  }, clicked);
  if (out.long.length > 0 && tries > 1) {
    await page.close();
    return engineReply(open, url, tries - 1);
  }
  return { page, errors, ...out };
}
