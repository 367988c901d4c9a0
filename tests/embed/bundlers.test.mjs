// The package's bundler examples (morris-wasm/examples/vite,
// examples/webpack and examples/esbuild), built as a user would: `npm pack` of morris-wasm/pkg,
// installed offline into a copy of each example under target/ (so that
// vite and webpack come from the root package.json), built, served on
// 127.0.0.1 and loaded in Chromium, where the engine's move must appear
// and the board must be drawn, styled by the package's board.css
// (imported for its side effect alone, which no bundler may drop) and
// answered by its engine worker; the level-10 worker must have fetched the
// package's network (nets/nine.nnue, which Vite and webpack emit as an
// asset, and esbuild's build copies).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdirSync, readdirSync, rmSync } from "node:fs";
import path from "node:path";

import { ROOT, serve, launch, open } from "./lib/harness.mjs";

const PKG = path.join(ROOT, "morris-wasm", "pkg");
const WORK = path.join(ROOT, "target", "morris-wasm-examples");
const BIN = path.join(ROOT, "node_modules", ".bin");
const quiet = { stdio: ["ignore", "pipe", "inherit"], encoding: "utf8" };

let tarball;
let browser;

before(async () => {
  rmSync(WORK, { recursive: true, force: true });
  mkdirSync(WORK, { recursive: true });
  const out = execFileSync("npm", ["pack", "--json", "--pack-destination", WORK], { ...quiet, cwd: PKG });
  tarball = path.join(WORK, JSON.parse(out)[0].filename);
  browser = await launch();
});

after(async () => {
  await browser?.close();
});

/** A fresh copy of the example `name` with the packed package installed in it; returns its folder. */
function install(name) {
  const dir = path.join(WORK, name);
  cpSync(path.join(ROOT, "morris-wasm", "examples", name), dir, {
    recursive: true,
    filter: (f) => !/[\\/](node_modules|dist)$/.test(f),
  });
  execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", "--no-package-lock", tarball], { ...quiet, cwd: dir });
  assert.ok(existsSync(path.join(dir, "node_modules", "morris-wasm", "package.json")));
  return dir;
}

async function check(dist) {
  const server = await serve({}, dist + path.sep);
  try {
    const { page, errors } = await open(browser, `${server.base}/index.html`);
    await page.waitForFunction(
      () => document.body.dataset.error || document.querySelector("#board-reply").textContent !== "waiting",
      null,
      { timeout: 20000 },
    );
    const out = await page.evaluate(() => ({
      error: document.body.dataset.error ?? null,
      reply: document.querySelector("#reply").textContent,
      network: document.querySelector("#network").textContent,
      boardReply: document.querySelector("#board-reply").textContent,
      thread: document.body.dataset.engineThread,
      points: document.querySelectorAll("#board svg.board [data-point]").length,
      d6: document.querySelector('#board [data-point="d6"]')?.dataset.piece,
      // board.css's frame colour (#5c3418); unstyled SVG fills black.
      frame: getComputedStyle(document.querySelector("#board .board-frame")).fill,
    }));
    assert.equal(out.error, null);
    assert.match(out.reply, /^[a-g][1-7]$/, "the EngineWorker's move appears");
    assert.equal(out.network, "loaded", "the level-10 worker loaded the network");
    assert.notEqual(out.reply, "d6");
    assert.equal(out.points, 24, "the board is drawn");
    assert.equal(out.frame, "rgb(92, 52, 24)", "the board is styled by morris-wasm/board.css");
    assert.equal(out.d6, "light");
    assert.match(out.boardReply, /^[a-g][1-7]$/, "the board's own engine worker answered");
    assert.equal(await page.getAttribute(`#board [data-point="${out.boardReply}"]`, "data-piece"), "dark");
    assert.equal(out.thread, "worker");
    assert.deepEqual(errors, []);
    await page.close();
  } finally {
    server.close();
  }
}

/** The files of a build, relative to `dist`. */
const files = (dist) => readdirSync(dist, { recursive: true }).map(String);

test("the Vite example builds and runs", async () => {
  const dir = install("vite");
  execFileSync(path.join(BIN, "vite"), ["build"], { ...quiet, cwd: dir });
  const built = files(path.join(dir, "dist"));
  assert.equal(built.filter((f) => f.endsWith(".wasm")).length, 2, built.join(" "));
  assert.equal(built.filter((f) => f.endsWith(".nnue")).length, 1, built.join(" "));
  await check(path.join(dir, "dist"));
});

test("the webpack example builds and runs", async () => {
  const dir = install("webpack");
  execFileSync(path.join(BIN, "webpack"), ["--config", "webpack.config.mjs"], { ...quiet, cwd: dir });
  const built = files(path.join(dir, "dist"));
  assert.equal(built.filter((f) => f.endsWith(".wasm")).length, 2, built.join(" "));
  assert.equal(built.filter((f) => f.endsWith(".nnue")).length, 1, built.join(" "));
  await check(path.join(dir, "dist"));
});

test("the esbuild example builds and runs", async () => {
  const dir = install("esbuild");
  // build.mjs imports esbuild from the root package.json's node_modules (a folder above).
  execFileSync(process.execPath, ["build.mjs"], { ...quiet, cwd: dir });
  const built = files(path.join(dir, "dist"));
  assert.equal(built.filter((f) => f.endsWith(".wasm")).length, 2, built.join(" "));
  assert.ok(built.includes("index.css"), built.join(" "));
  await check(path.join(dir, "dist"));
});
