#!/usr/bin/env node
// How fast Nine's tables for range reads answer in the app over a slow
// link (issue 58, "Measured"; docs/tables.md, "Measured through a 50 ms
// proxy"). A measurement, not a test: it fails nothing, it prints figures.
//
//   node scripts/web-tables-latency.mjs --dist DIR [--web DIR] [--runs N] [--delay MS] [--verbose]
//
//   --dist     the app's release build (as tests/browser/run.sh makes it in
//              $CARGO_TARGET_DIR/browser-dist; default dist/)
//   --web      a folder of Nine's web tables, all of Nine (manifest.json,
//              .wdli, .wdlb: scripts/web-tables.sh makes it; default
//              /work/nine/web), served as nine-web/ beside the app
//   --runs     how many times each measurement is made (default 3)
//   --delay    ms added each way (default 50)
//   --verbose  every request to nine-web/ of each measurement, with its time
//   --no-store the set served with `Cache-Control: no-store` (else
//              `no-cache`, as scripts/serve.json serves it): the browser's
//              HTTP cache then takes no part in its requests
//
// Needs playwright-core (npm ci) and Debian's Chromium (MULINO_CHROMIUM).
//
// What is delayed: everything goes from Chromium through a TCP proxy on
// 127.0.0.1 to a static server on 127.0.0.1 (HTTP/1.1, keep-alive, one byte
// range a request, 206). The proxy holds every byte `delay` ms in each
// direction, in order; a new connection's first bytes are held one round
// trip more (2 × delay), as its TCP handshake would take. So a request on
// an open connection costs 2 × delay before its first byte comes back, on a
// new one 4 × delay. Not modelled: TLS, HTTP/2, bandwidth (loopback).
//
// Measured, each in a fresh browser profile (a new context: empty HTTP
// cache, Cache API, storage):
// - the analysis board: a 9v9 position pasted, from the click on Analyse
//   (the page's own clock) until the list shows every move's exact value;
//   cold (nothing of the set fetched yet), then another 9v9 position (the
//   set open, its blocks not kept), then the first again (warm: the blocks
//   in the worker's memory), then the first in the page opened again in the
//   same profile (warm: the blocks from the Cache API). Three positions.
// - level 10 (dark) in a 9v8 position: from the click that ends the human's
//   move until the computer's reply is in the move list; then again in the
//   page opened again in the same profile.
// - level 10's last two placements (light's, valued two plies on; dark's,
//   one ply on): from the human's placement until the computer's is in the
//   move list, each in a fresh profile.
// Each timing starts when the server has had no request for a second (the
// page's own first load and its service worker's caching over). The server
// counts the requests to nine-web/ and the bytes it sent in each.
import http from "node:http";
import net from "node:net";
import fs from "node:fs/promises";
import os from "node:os";
import path from "node:path";
import { parseArgs } from "node:util";
import { fileURLToPath } from "node:url";
import { byteRange, MIME } from "../tests/browser/lib/server.mjs";
import { launchBrowser, gameLink, openGame, clickPoint, waitForState, waitForBoard, clickAction, moveText } from "../tests/browser/lib/harness.mjs";

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..");
const SET = "/nine-web/";

// Three 9v9 positions of the moving phase (every piece placed), far apart;
// `moves`: how many legal moves each has, `best`: the value of the best for
// the side to move, as `morris tb probe` says (docs/tables.md).
const NINE_NINE = [
  { name: "9v9 A", text: "nine LDL/DLD/L.D/DL..DL/LD./.LD/D.L L 0/0 0/0 -", moves: 14, best: "+" },
  { name: "9v9 B", text: "nine DL./LDD/.LL/DLD.LD/D.L/L.D/.DL D 0/0 0/0 -", moves: 12, best: "+" },
  { name: "9v9 C", text: "nine L.L/LDD/D.L/LD.DLD/L.D/DL./.DL D 0/0 0/0 -", moves: 7, best: "=" },
];
// Nine against eight, light (the human) to move; a7-d7 closes no mill, and
// dark (level 10) then moves in 9v8 (five moves, all losing: b4-c4 c5-c4
// c5-d5 d6-d5 e3-d3).
const NINE_EIGHT = "nine L.L/LDD/D.L/LD.DLD/L.D/DL./..L L 0/0 0/0 -";
const HUMAN_MOVE = ["a7", "d7"];
// The last two placements, from the fair suite (docs/suites/nine-match-placing.book,
// its first positions with three and two placements left): the human places, then
// level 10 places the last piece of its side, valuing its moves from the set (light's
// last: the positions two plies on; dark's: one ply on). `keeps`: the moves that keep
// the draw there, as the suite says.
const LAST_PLACEMENTS = [
  {
    name: "light's last placement",
    text: "nine LDD/.L./.D./LDLDL./.L./LDD/.L. D 1/2 0/0 -",
    human: "dark",
    place: "a1",
    keeps: ["e5", "e3", "c5", "b6"],
  },
  {
    name: "dark's last placement",
    text: "nine LDD/.L./.D./LDLDL./.L./LDD/DL. L 1/1 0/0 -",
    human: "light",
    place: "e5",
    keeps: null,
  },
];
/** How long the human looks at the board before moving (the page may open the set meanwhile). */
const HUMAN_THINKS_MS = 3_000;
const TIMEOUT_MS = 60_000;

function options() {
  const { values } = parseArgs({
    options: {
      dist: { type: "string", default: path.join(ROOT, "dist") },
      web: { type: "string", default: "/work/nine/web" },
      runs: { type: "string", default: "3" },
      delay: { type: "string", default: "50" },
      verbose: { type: "boolean", default: false },
      "no-store": { type: "boolean", default: false },
    },
  });
  return { ...values, dist: path.resolve(values.dist), web: path.resolve(values.web), runs: Number(values.runs), delay: Number(values.delay) };
}

// ---- the static host: the build, and the set as nine-web/ ----

/** The file a request's path names, in the build or (under nine-web/) in the set; null outside them. */
function fileOf(urlPath, { dist, web }) {
  let rel = decodeURIComponent(new URL(urlPath, "http://host").pathname);
  let base = dist;
  if (rel.startsWith(SET)) {
    base = web;
    rel = rel.slice(SET.length - 1);
  }
  if (rel.endsWith("/")) rel += "index.html";
  const file = path.resolve(base, "." + rel);
  return file === base || file.startsWith(base + path.sep) ? file : null;
}

/** Bytes `start` … `end` of a file, read from where they are (a part may be 100 MB). */
async function readRange(file, start, end) {
  const handle = await fs.open(file, "r");
  try {
    const buffer = Buffer.alloc(end - start + 1);
    const { bytesRead } = await handle.read(buffer, 0, buffer.length, start);
    return buffer.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

/** Answers one request as a static host does: the whole file (200) or one byte range (206). */
async function answer(req, res, roots, entry) {
  const inSet = req.url.startsWith(SET);
  const send = (status, headers, body) => {
    Object.assign(entry, { status, bytes: body.length, done: Date.now() });
    res.writeHead(status, { ...headers, "Content-Length": body.length });
    res.end(req.method === "HEAD" ? undefined : body);
  };
  const file = fileOf(req.url, roots);
  const stat = file && (await fs.stat(file).catch(() => null));
  if (!stat?.isFile()) return send(404, { "Content-Type": "text/plain" }, Buffer.from("not found"));
  const headers = {
    "Content-Type": MIME[path.extname(file).toLowerCase()] ?? "application/octet-stream",
    "Cache-Control": inSet && roots.noStore ? "no-store" : "no-cache",
    "Accept-Ranges": "bytes",
    "Service-Worker-Allowed": "/",
  };
  if (!req.headers.range) return send(200, headers, stat.size ? await readRange(file, 0, stat.size - 1) : Buffer.alloc(0));
  const range = byteRange(req.headers.range, stat.size);
  if (range === "bad") return send(416, { "Content-Range": `bytes */${stat.size}` }, Buffer.alloc(0));
  headers["Content-Range"] = `bytes ${range.start}-${range.end}/${stat.size}`;
  return send(206, headers, await readRange(file, range.start, range.end));
}

/** The static server on 127.0.0.1; `log` lists every request: { path, range, status, bytes, at, done }. */
async function startServer(roots) {
  const log = [];
  const server = http.createServer((req, res) => {
    const entry = { path: req.url, range: req.headers.range ?? null, status: 0, bytes: 0, at: Date.now(), done: 0 };
    log.push(entry);
    answer(req, res, roots, entry).catch((err) => {
      entry.status = 500;
      res.writeHead(500).end(String(err));
    });
  });
  // As nginx keeps an idle connection (75 s).
  server.keepAliveTimeout = 75_000;
  const port = await listen(server);
  return { port, log, close: () => closeServer(server) };
}

// ---- the delay: a TCP proxy ----

/**
 * Forwards `from`'s bytes (and its end) to `to`, in order, each `delay` ms
 * after it came and none before `notBefore + delay`.
 */
function forwardDelayed(from, to, delay, notBefore) {
  const queue = [];
  let timer = null;
  const pump = () => {
    timer = null;
    while (queue.length > 0 && queue[0].at <= Date.now()) {
      const { chunk } = queue.shift();
      if (to.destroyed) continue;
      if (chunk === null) to.end();
      else to.write(chunk);
    }
    if (queue.length > 0) timer = setTimeout(pump, queue[0].at - Date.now());
  };
  const push = (chunk) => {
    const last = queue.length > 0 ? queue[queue.length - 1].at : 0;
    queue.push({ chunk, at: Math.max(Date.now() + delay, notBefore + delay, last) });
    if (timer === null) timer = setTimeout(pump, Math.max(0, queue[0].at - Date.now()));
  };
  from.on("data", push);
  from.on("end", () => push(null));
}

/** A proxy on 127.0.0.1 to `port` that adds `delay` ms each way (and a handshake's round trip to a new connection). */
async function startDelayProxy(port, delay) {
  const sockets = new Set();
  const server = net.createServer({ allowHalfOpen: true }, (client) => {
    const upstream = net.connect({ port, host: "127.0.0.1", allowHalfOpen: true });
    forwardDelayed(client, upstream, delay, Date.now() + 2 * delay);
    forwardDelayed(upstream, client, delay, 0);
    for (const s of [client, upstream]) {
      sockets.add(s);
      s.on("close", () => sockets.delete(s));
      s.on("error", () => [client, upstream].forEach((x) => x.destroy()));
    }
  });
  const proxyPort = await listen(server);
  return {
    url: `http://127.0.0.1:${proxyPort}/`,
    close: () => {
      for (const s of sockets) s.destroy();
      return closeServer(server);
    },
  };
}

function listen(server) {
  return new Promise((resolve, reject) => {
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => resolve(server.address().port));
  });
}

function closeServer(server) {
  server.closeAllConnections?.();
  return new Promise((resolve) => server.close(() => resolve()));
}

// ---- what the server saw ----

/** The requests to the set among `entries`: how many, the range requests, the bytes by kind. */
function summarize(entries) {
  const set = entries.filter((e) => e.path.startsWith(SET));
  const sum = (xs) => xs.reduce((n, e) => n + e.bytes, 0);
  const ranges = set.filter((e) => e.status === 206);
  const indexes = set.filter((e) => e.path.endsWith(".wdli"));
  return {
    requests: set.length,
    ranges: ranges.length,
    blockBytes: sum(ranges),
    manifestBytes: sum(set.filter((e) => e.path.endsWith("/manifest.json"))),
    indexes: indexes.map((e) => `${path.basename(e.path)} ${e.bytes}`),
    indexBytes: sum(indexes),
    bytes: sum(set),
  };
}

function printRequests(label, entries, t0) {
  console.log(`# ${label}`);
  for (const e of entries.filter((x) => x.path.startsWith(SET))) {
    console.log(`#   +${e.at - t0} ms → +${e.done - t0} ms  ${e.status} ${e.path} ${e.range ?? ""} ${e.bytes} B`);
  }
}

// ---- the page ----

async function newProfile(browser) {
  const context = await browser.newContext({ locale: "en-US", reducedMotion: "reduce", viewport: { width: 1280, height: 800 } });
  const page = await context.newPage();
  page.setDefaultTimeout(TIMEOUT_MS);
  return { context, page };
}

/** Opens the analysis board from a game, as a player does, and waits until it shows the game. */
async function openAnalysis(page, url) {
  await openGame(page, gameLink(url, { variant: "nine", mode: "two-players", moves: "d6" }));
  await clickAction(page, "analyse");
  await page.locator('[data-analysis] [data-ply="1"] button[aria-current]').waitFor();
}

/**
 * Readies the page's clock for one timing: the time of the next click (the
 * one that sets the position or ends the human's move) in `window.__t0`, and `window.__done`, a promise of
 * the time `until` first holds as the page changes (null after the
 * timeout). `until`: { count, before } (the analysis board lists `count`
 * moves' values, not the moves `before`) or { listed } (the move list has
 * `listed` entries).
 */
function armTimer(page, until) {
  return page.evaluate(
    ({ until, timeout }) => {
      const done = () => {
        if (until.listed !== undefined) return (document.querySelector("[data-move-list]")?.children.length ?? 0) >= until.listed;
        const els = [...document.querySelectorAll('[data-analysis] .analysis-exact[data-exact="values"] .exact-move')];
        return els.length === until.count && els.map((e) => e.dataset.move).sort().join(" ") !== until.before;
      };
      window.__t0 = null;
      document.addEventListener("click", (e) => {
        if (window.__t0 === null) window.__t0 = performance.now();
      }, true);
      window.__done = new Promise((resolve) => {
        const observer = new MutationObserver(() => {
          if (window.__t0 !== null && done()) finish(performance.now());
        });
        const timer = setTimeout(() => finish(null), timeout);
        function finish(t) {
          observer.disconnect();
          clearTimeout(timer);
          resolve(t);
        }
        observer.observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
      });
    },
    { until, timeout: TIMEOUT_MS },
  );
}

/** Ms from the click armed by `armTimer` until its condition held (null: it did not). */
async function elapsed(page) {
  const end = await page.evaluate(() => window.__done);
  return end === null ? null : Math.round(end - (await page.evaluate(() => window.__t0)));
}

/** The analysis board's list of exact values: [[move, mark]] best first (none while it loads). */
const exactList = (page) =>
  page.locator('[data-analysis] .analysis-exact[data-exact="values"] .exact-move').evaluateAll((els) => els.map((e) => [e.dataset.move, e.dataset.value]));

/** Pastes a position into the analysis board; ms until every move's value shows, and what it showed. */
async function analysePosition(page, position) {
  const before = (await exactList(page)).map(([m]) => m).sort().join(" ");
  await page.locator("[data-analysis] .analysis-paste").fill(position.text);
  await armTimer(page, { count: position.moves, before });
  await page.locator('[data-analysis] [data-action="analyse-paste"]').click();
  const ms = await elapsed(page);
  const list = await exactList(page);
  const state = await page.locator("[data-analysis] .analysis-exact").first().getAttribute("data-exact").catch(() => "none");
  const right = ms !== null && list.length === position.moves && list[0][1] === position.best;
  return { ms, right, note: right ? "" : `shows ${state}: ${JSON.stringify(list)}` };
}

/** Waits until the server has had no request for `ms` (the service worker's first caching done), at most 30 s. */
async function quiet(server, ms = 1_000) {
  const deadline = Date.now() + 30_000;
  const last = () => Math.max(0, ...server.log.map((e) => e.done || e.at));
  while (Date.now() - last() < ms && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
}

/** One timing and what the server saw during it (and for half a second after). */
async function measured(server, label, verbose, act) {
  await quiet(server);
  const from = server.log.length;
  const t0 = Date.now();
  const result = await act();
  await new Promise((r) => setTimeout(r, 500));
  const entries = server.log.slice(from);
  if (verbose) printRequests(label, entries, t0);
  return { label, ...result, ...summarize(entries) };
}

/** A 9v9 position cold, another, the first warm, and warm in the page opened again: four rows. */
async function analysisRun(browser, url, server, position, other, verbose) {
  const { context, page } = await newProfile(browser);
  const rows = [];
  const time = async (label, p, pg = page) => rows.push(await measured(server, label, verbose, () => analysePosition(pg, p)));
  try {
    await openAnalysis(page, url);
    await time(`${position.name} cold (fresh profile)`, position);
    await time(`${other.name} after ${position.name} (set open, blocks not kept)`, other);
    await time(`${position.name} warm (blocks in memory)`, position);
    await page.close();
    const again = await context.newPage();
    await openAnalysis(again, url);
    await time(`${position.name} warm (page opened again: Cache API)`, position, again);
  } finally {
    await context.close();
  }
  return rows;
}

/** Opens the 9v8 game against level 10 and lets the human look at it; what the set served meanwhile. */
async function openLevelTen(page, url, server, verbose) {
  const from = server.log.length;
  const t0 = Date.now();
  await openGame(page, gameLink(url, { variant: "nine", mode: "vs-engine", color: "light", level: 10, position: encodeURIComponent(NINE_EIGHT) }));
  await page.waitForTimeout(HUMAN_THINKS_MS);
  await quiet(server);
  if (verbose) printRequests("level 10: the game opened, before the human's move", server.log.slice(from), t0);
  const s = summarize(server.log.slice(from));
  return `before the human's move: ${s.requests} requests to nine-web/ (${s.bytes} bytes: ${[`manifest ${s.manifestBytes}`, ...s.indexes].join(", ")})`;
}

/** The human plays a7-d7 in the open 9v8 game; ms until level 10's reply is in the move list. */
async function levelTenMove(page) {
  const [from, to] = HUMAN_MOVE;
  await clickPoint(page, from);
  await waitForState(page, (s) => s.points[from]?.selected, `${from} selected`);
  await armTimer(page, { listed: 2 });
  await clickPoint(page, to);
  const ms = await elapsed(page);
  const moves = (await page.locator("[data-move-list] > *").allInnerTexts()).map((m) => moveText(m.replace(/\s+/g, " ")));
  const right = ms !== null && moves[0] === `${from}-${to}` && moves.length === 2;
  return { ms, right, note: right ? `reply ${moves[1]}` : `move list ${JSON.stringify(moves)}` };
}

/** The human places on `point` in an open game; ms until level 10's reply is in the move list, and the reply. */
async function levelTenPlacement(page, spot) {
  await armTimer(page, { listed: 2 });
  await clickPoint(page, spot.place);
  const ms = await elapsed(page);
  const moves = (await page.locator("[data-move-list] > *").allInnerTexts()).map((m) => moveText(m.replace(/\s+/g, " ")));
  const reply = moves[1] ?? "";
  const keeps = spot.keeps === null || spot.keeps.some((k) => reply.startsWith(k));
  const right = ms !== null && moves[0]?.startsWith(spot.place) && moves.length === 2 && keeps;
  return { ms, right, note: right ? `reply ${reply}` : `move list ${JSON.stringify(moves)}` };
}

/** Level 10's last placements, each in a fresh profile. */
async function lastPlacementsRun(browser, url, server, verbose) {
  const rows = [];
  for (const spot of LAST_PLACEMENTS) {
    const { context, page } = await newProfile(browser);
    try {
      await openGame(page, gameLink(url, { variant: "nine", mode: "vs-engine", color: spot.human, level: 10, position: encodeURIComponent(spot.text) }));
      await page.waitForTimeout(HUMAN_THINKS_MS);
      rows.push(await measured(server, `level 10, ${spot.name} (fresh profile)`, verbose, () => levelTenPlacement(page, spot)));
    } finally {
      await context.close();
    }
  }
  return rows;
}

/** Level 10's move in a fresh profile, and again in the page opened again in the same profile. */
async function levelTenRun(browser, url, server, verbose) {
  const { context, page } = await newProfile(browser);
  const rows = [];
  const time = async (label, pg) => {
    const before = await openLevelTen(pg, url, server, verbose);
    const row = await measured(server, label, verbose, () => levelTenMove(pg));
    rows.push({ ...row, note: `${row.note}; ${before}` });
  };
  try {
    await time("level 10 in 9v8 (fresh profile)", page);
    await page.close();
    await time("level 10 in 9v8 (page opened again)", await context.newPage());
  } finally {
    await context.close();
  }
  return rows;
}

// ---- the report ----

const range = (xs) => {
  const ok = xs.filter((x) => x !== null);
  if (ok.length === 0) return "—";
  const lo = Math.min(...ok);
  const hi = Math.max(...ok);
  return lo === hi ? `${lo}` : `${lo}–${hi}`;
};

/** One line a measurement: each run's ms, their range, and the requests and bytes (their range over the runs). */
function report(rows, runs) {
  const labels = [...new Set(rows.map((r) => r.label))];
  console.log(`\n| measurement | ${Array.from({ length: runs }, (_, i) => `run ${i + 1}, ms`).join(" | ")} | range, ms | requests to nine-web/ | range requests | bytes of blocks | manifest + indexes, bytes |`);
  console.log(`| --- | ${"---: | ".repeat(runs)}---: | ---: | ---: | ---: | ---: |`);
  for (const label of labels) {
    const mine = rows.filter((r) => r.label === label);
    const ms = mine.map((r) => r.ms);
    console.log(
      `| ${label} | ${mine.map((r) => (r.ms === null ? "timeout" : r.ms)).join(" | ")} | ${range(ms)} | ${range(mine.map((r) => r.requests))} | ` +
        `${range(mine.map((r) => r.ranges))} | ${range(mine.map((r) => r.blockBytes))} | ${range(mine.map((r) => r.manifestBytes + r.indexBytes))} |`,
    );
  }
  const indexes = [...new Set(rows.flatMap((r) => r.indexes))];
  console.log(`\nblock indexes fetched: ${indexes.join(", ") || "none"}; manifest ${range(rows.map((r) => r.manifestBytes || null))} bytes`);
  const wrong = rows.filter((r) => !r.right);
  for (const r of wrong) console.log(`NOT AS EXPECTED: ${r.label}: ${r.ms ?? "timeout"} ms, ${r.note}`);
  for (const r of rows.filter((x) => x.right && x.note)) console.log(`# ${r.label}: ${r.note}`);
}

async function main() {
  const opt = options();
  await fs.access(path.join(opt.dist, "index.html")).catch(() => {
    throw new Error(`no built app in ${opt.dist} (--dist)`);
  });
  await fs.access(path.join(opt.web, "manifest.json")).catch(() => {
    throw new Error(`no manifest.json in ${opt.web} (--web)`);
  });
  const server = await startServer({ dist: opt.dist, web: opt.web, noStore: opt["no-store"] });
  const proxy = await startDelayProxy(server.port, opt.delay);
  const browser = await launchBrowser();
  console.log(`# ${opt.delay} ms each way; the set's Cache-Control ${opt["no-store"] ? "no-store" : "no-cache"}; build ${opt.dist}; set ${opt.web}; ${os.cpus().length} cores, load ${os.loadavg().map((x) => x.toFixed(2)).join(" ")}`);
  const rows = [];
  try {
    await openWarmUp(browser, proxy.url);
    for (let run = 1; run <= opt.runs; run++) {
      for (const [i, position] of NINE_NINE.entries()) {
        rows.push(...(await analysisRun(browser, proxy.url, server, position, NINE_NINE[(i + 1) % NINE_NINE.length], opt.verbose)));
      }
      rows.push(...(await levelTenRun(browser, proxy.url, server, opt.verbose)));
      rows.push(...(await lastPlacementsRun(browser, proxy.url, server, opt.verbose)));
      console.log(`# run ${run} done, load ${os.loadavg()[0].toFixed(2)}`);
    }
  } finally {
    await browser.close().catch(() => {});
    await proxy.close();
    await server.close();
  }
  report(rows, opt.runs);
}

/** One page load first, so that the system's file cache holds the build (nothing of the set is fetched). */
async function openWarmUp(browser, url) {
  const { context, page } = await newProfile(browser);
  await page.goto(url);
  await waitForBoard(page);
  await context.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
