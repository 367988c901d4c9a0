// The package as users get it: `npm pack` of morris-wasm/pkg, installed
// with `npm install` in a fresh folder, then used from there with
// `require` and `import`, through every entry of its `exports`, and every
// Node example of its README run as written.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { PKG } from "./lib/pkg.mjs";

let dir;
const installed = () => path.join(dir, "node_modules", "morris-wasm");
const run = (args, options = {}) =>
  execFileSync(process.execPath, args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], ...options });

before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "morris-wasm-consumer-"));
  const out = execFileSync("npm", ["pack", "--json", "--pack-destination", dir], { cwd: PKG, encoding: "utf8" });
  const [{ filename }] = JSON.parse(out);
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ name: "consumer", private: true }));
  execFileSync("npm", ["install", "--offline", "--no-audit", "--no-fund", path.join(dir, filename)], {
    cwd: dir,
    stdio: ["ignore", "ignore", "inherit"],
  });
});

after(() => rmSync(dir, { recursive: true, force: true }));

test("package.json has exports, files, types and the files with side effects", () => {
  const pkg = JSON.parse(readFileSync(path.join(installed(), "package.json"), "utf8"));
  assert.equal(pkg.name, "morris-wasm");
  // The bundler entry instantiates its module on import, and the worker scripts listen.
  assert.deepEqual(pkg.sideEffects, ["./bundler/morris_wasm.js", "./worker/web-worker.js", "./worker/node-worker.mjs"]);
  for (const f of pkg.sideEffects) assert.ok(existsSync(path.join(installed(), f)), f);
  assert.ok(existsSync(path.join(installed(), "CHANGELOG.md")));
  assert.ok(Array.isArray(pkg.files));
  assert.ok(existsSync(path.join(installed(), pkg.types)));
  // Every file any export condition names is in the tarball.
  const targets = [];
  const walk = (v) => (typeof v === "string" ? targets.push(v) : Object.values(v).forEach(walk));
  walk(pkg.exports);
  for (const t of targets) assert.ok(existsSync(path.join(installed(), t)), t);
  assert.ok(targets.some((t) => t.endsWith(".d.ts")) && targets.some((t) => t.endsWith(".d.mts")));
  // Nothing from the source tree leaks in.
  assert.ok(!existsSync(path.join(installed(), "src")));
});

test("require('morris-wasm') gets the nodejs build", () => {
  writeFileSync(
    path.join(dir, "use.cjs"),
    `const { Game, perft } = require("morris-wasm");
     const g = new Game(); g.play("d6");
     console.log(g.state().board.d6, perft("nine", [], 2));`,
  );
  assert.equal(run(["use.cjs"]).trim(), "light 552");
});

test("import from 'morris-wasm' in Node works with and without init()", () => {
  writeFileSync(
    path.join(dir, "use.mjs"),
    `import init, { Game, Engine, variants } from "morris-wasm";
     await init();
     const g = new Game("three");
     console.log(variants().length, g.legalMoves().length, typeof new Engine().bestMove(g, { depth: 2 }).move);`,
  );
  assert.equal(run(["use.mjs"]).trim(), "8 9 string");
});

test("morris-wasm/worker: an engine in a worker thread, installed", () => {
  writeFileSync(
    path.join(dir, "worker.mjs"),
    `import { Game } from "morris-wasm";
     import { EngineWorker } from "morris-wasm/worker";
     const engine = new EngineWorker();
     const r = await engine.bestMove(new Game("three"), { depth: 2 });
     engine.terminate();
     console.log(r.depth, typeof r.move);`,
  );
  assert.equal(run(["worker.mjs"]).trim(), "2 string");
});

test("the bundler build loads where WebAssembly imports are understood", () => {
  writeFileSync(
    path.join(dir, "bundler.mjs"),
    `import { Game } from "morris-wasm/bundler";
     console.log(new Game("six").legalMoves().length);`,
  );
  assert.equal(run(["--experimental-wasm-modules", "--no-warnings", "bundler.mjs"]).trim(), "16");
});

test("every Node example of the README runs", () => {
  const readme = readFileSync(path.join(installed(), "README.md"), "utf8");
  const blocks = [...readme.matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]);
  assert.ok(blocks.length >= 6, `${blocks.length} examples`);
  blocks.forEach((code, i) => {
    const file = path.join(dir, `readme-${i + 1}.${/\brequire\(/.test(code) ? "cjs" : "mjs"}`);
    writeFileSync(file, code);
    try {
      run([file]);
    } catch (e) {
      assert.fail(`README example ${i + 1} failed:\n${code}\n${e.stderr}`);
    }
  });
});
