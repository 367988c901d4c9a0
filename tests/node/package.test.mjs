// The package as users get it: `npm pack` of morris-wasm/pkg, installed
// with `npm install` in a fresh folder, then used from there with
// `require` and `import`, through every entry of its `exports`, and every
// Node example of its README run as written.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { execFileSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { PKG, ROOT } from "./lib/pkg.mjs";
import { compile } from "./lib/tsc.mjs";

let dir;
let tarball;
const installed = () => path.join(dir, "node_modules", "morris-wasm");
const run = (args, options = {}) =>
  execFileSync(process.execPath, args, { cwd: dir, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"], ...options });

before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "morris-wasm-consumer-"));
  const out = execFileSync("npm", ["pack", "--json", "--pack-destination", dir], { cwd: PKG, encoding: "utf8" });
  const [{ filename }] = JSON.parse(out);
  tarball = path.join(dir, filename);
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
  // The Node glue, the bundler entry and the web tables' entries
  // instantiate their module on import, the worker scripts listen, and the
  // board's stylesheet styles the page.
  assert.deepEqual(pkg.sideEffects, [
    "./board/board.css",
    "./node/morris_wasm.js",
    "./node/index.mjs",
    "./bundler/index.js",
    "./web-tables/index.js",
    "./web-tables/node.mjs",
    "./worker/web-worker.js",
    "./worker/node-worker.mjs",
  ]);
  for (const f of pkg.sideEffects) assert.ok(existsSync(path.join(installed(), f)), f);
  assert.ok(existsSync(path.join(installed(), "CHANGELOG.md")));
  // The licences of `license`.
  assert.equal(pkg.license, "MIT OR Apache-2.0");
  assert.match(readFileSync(path.join(installed(), "LICENSE-MIT"), "utf8"), /^MIT License\n\nCopyright \(c\) 2026 the Mulino developers\n/);
  assert.match(readFileSync(path.join(installed(), "LICENSE-APACHE"), "utf8"), /Apache License\s+Version 2\.0, January 2004/);
  // No placeholder address: until the project has a public one, no repository, homepage or bugs.
  for (const key of ["repository", "homepage", "bugs"]) assert.equal(pkg[key], undefined, key);
  assert.ok(!JSON.stringify(pkg).includes("example.invalid"));
  assert.equal(pkg.type, "commonjs");
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

test("package.json takes the project's address when the build is given one, and refuses a placeholder", () => {
  const write = (...args) =>
    execFileSync(process.execPath, [path.join(ROOT, "morris-wasm", "package-json.mjs"), "0.1.0", "1", ...args], {
      encoding: "utf8",
      stdio: ["ignore", "pipe", "pipe"],
    });
  const given = JSON.parse(write("https://codeberg.org/mulino/mulino/"));
  assert.deepEqual(given.repository, { type: "git", url: "git+https://codeberg.org/mulino/mulino.git", directory: "morris-wasm" });
  assert.equal(given.homepage, "https://codeberg.org/mulino/mulino/tree/main/morris-wasm#readme");
  assert.deepEqual(given.bugs, { url: "https://codeberg.org/mulino/mulino/issues" });
  assert.equal(JSON.parse(write()).repository, undefined);
  assert.throws(() => write("https://example.invalid/mulino"), /placeholder/);
  assert.throws(() => write("git@host:mulino"), /must be an https URL/);
});

test("require('morris-wasm') gets the nodejs build", () => {
  writeFileSync(
    path.join(dir, "use.cjs"),
    `const { Game, perft } = require("morris-wasm");
     const g = new Game(); g.play("d6");
     console.log(g.state().board.d6, perft("nine", [], 2));`,
  );
  assert.equal(run(["use.cjs"]).trim(), "light 552");
  // Its default export is the init() of the other builds, which does
  // nothing: `import init from "morris-wasm"` compiled to CommonJS runs.
  writeFileSync(
    path.join(dir, "init.cjs"),
    `const morris = require("morris-wasm");
     morris.default().then((v) => console.log(typeof morris.default, v, morris.isMorrisError(new Error("x"))));`,
  );
  assert.equal(run(["init.cjs"]).trim(), "function undefined false");
});

test("a CommonJS project in strict TypeScript: `import init, { Game } from \"morris-wasm\"` compiles and runs", () => {
  const project = path.join(dir, "cts");
  mkdirSync(project, { recursive: true });
  writeFileSync(
    path.join(project, "main.cts"),
    `import init, { Game } from "morris-wasm";
     init().then(() => {
       const g = new Game();
       g.play("d6");
       console.log(g.turn(), typeof init);
     });`,
  );
  const printed = compile(project, {
    compilerOptions: { module: "nodenext", moduleResolution: "nodenext", target: "es2022", lib: ["es2022", "dom"], strict: true, outDir: "out" },
    files: ["main.cts"],
  });
  assert.equal(printed, "", "tsc compiles it");
  // tsc's CommonJS import takes `exports.default` only from a module marked __esModule.
  assert.equal(run([path.join(project, "out", "main.cjs")]).trim(), "dark function");
});

test("a wrong argument's error names the classes as written, also after a minifier renamed them", async () => {
  // The web module minified as a bundler's production build does (esbuild,
  // as Vite uses it), beside the original so that it finds its .wasm.
  const { transformSync } = await import(path.join(ROOT, "node_modules", "esbuild", "lib", "main.js"));
  const web = path.join(installed(), "web");
  const minified = transformSync(readFileSync(path.join(web, "morris_wasm.js"), "utf8"), { minify: true, format: "esm" }).code;
  assert.ok(!/\bclass Game\b/.test(minified), "the minifier renamed the classes");
  writeFileSync(path.join(web, "minified.mjs"), minified);
  writeFileSync(
    path.join(dir, "minified.mjs"),
    `import { readFileSync } from "node:fs";
     import { initSync, Engine } from "./node_modules/morris-wasm/web/minified.mjs";
     initSync({ module: readFileSync("./node_modules/morris-wasm/web/morris_wasm_bg.wasm") });
     for (const wrong of ["1. d6 *", new Engine()]) {
       try { new Engine().bestMove(wrong); } catch (e) { console.log(e.name + ": " + e.message); }
     }`,
  );
  assert.deepEqual(run(["minified.mjs"]).trim().split("\n"), [
    'ArgumentError: expected a Game of this module, not "1. d6 *"',
    "ArgumentError: expected a Game of this module, not an Engine",
  ]);
});

test("import from 'morris-wasm' in Node works with and without init()", () => {
  writeFileSync(
    path.join(dir, "use.mjs"),
    `import init, { Game, Engine, variants } from "morris-wasm";
     await init();
     const g = new Game("three");
     console.log(variants().length, g.legalMoves().length, typeof new Engine().bestMove(g, { depth: 2 }).move);`,
  );
  assert.equal(run(["use.mjs"]).trim(), "19 9 string");
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

test("each WebAssembly module is in the package once", () => {
  const wasm = [];
  const walk = (d) =>
    readdirSync(d, { withFileTypes: true }).forEach((e) =>
      e.isDirectory() ? walk(path.join(d, e.name)) : e.name.endsWith(".wasm") && wasm.push(path.relative(installed(), path.join(d, e.name))),
    );
  walk(installed());
  assert.deepEqual(wasm.sort(), ["board/morris_wasm_board_bg.wasm", "web-tables/morris_wasm_tables_bg.wasm", "web/morris_wasm_bg.wasm"]);
  const bytes = wasm.map((f) => createHash("sha256").update(readFileSync(path.join(installed(), f))).digest("hex"));
  assert.equal(new Set(bytes).size, 3);
});

test("morris-wasm/bundler in Node is the Node build, so one Game goes with the other entry's Engine", () => {
  writeFileSync(
    path.join(dir, "bundler.mjs"),
    `import { Game } from "morris-wasm/bundler";
     import { Engine } from "morris-wasm";
     const { Game: Required } = (await import("node:module")).createRequire(import.meta.url)("morris-wasm/bundler");
     const g = new Game("six");
     console.log(g.legalMoves().length, Required === Game, typeof new Engine().bestMove(g, { depth: 1 }).move);`,
  );
  assert.equal(run(["bundler.mjs"]).trim(), "16 true string");
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

// The two linters of npm packages, pinned in the root package.json.
const tool = (name) => path.join(ROOT, "node_modules", ".bin", name);

test("publint finds nothing to say about the packed package", () => {
  const out = execFileSync(tool("publint"), ["run", "--strict", tarball], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  assert.match(out, /All good!/, out);
});

test("Are the Types Wrong finds no problem but the ESM-only entries the README argues for", () => {
  // Left out: `tables/three-3v3.tb` and `nets/nine.nnue`, data files read
  // by their paths (or fetched by their URLs), which resolve to no types
  // (the README says so); `board.css` has its typings.
  // Ignored: `cjs-resolves-to-esm`, since `morris-wasm/web`, `/worker`,
  // `/board` and `/web-tables` are ES modules only (see the README,
  // "Installing").
  const args = [tarball, "--format", "json", "--exclude-entrypoints", "./tables/three-3v3.tb", "./nets/nine.nnue"];
  const run = (extra) => {
    try {
      return { code: 0, out: execFileSync(tool("attw"), [...args, ...extra], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] }) };
    } catch (e) {
      return { code: e.status, out: e.stdout };
    }
  };
  const all = JSON.parse(run([]).out);
  const kinds = [...new Set(all.analysis.problems.map((p) => p.kind))];
  assert.deepEqual(kinds, ["CJSResolvesToESM"]);
  const entries = [...new Set(all.analysis.problems.map((p) => p.entrypoint))].sort();
  assert.deepEqual(entries, ["./board", "./web", "./web-tables", "./worker"]);
  const ignored = run(["--ignore-rules", "cjs-resolves-to-esm"]);
  assert.equal(ignored.code, 0, ignored.out);
  // Without leaving anything out, the two data files are the only entries that do not resolve.
  let everything;
  try {
    everything = execFileSync(tool("attw"), [tarball, "--format", "json"], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  } catch (e) {
    everything = e.stdout;
  }
  const unresolved = JSON.parse(everything).analysis.problems.filter((p) => p.kind === "NoResolution").map((p) => p.entrypoint);
  assert.deepEqual([...new Set(unresolved)].sort(), ["./nets/nine.nnue", "./tables/three-3v3.tb"]);
});

test("the README's command line for Are the Types Wrong passes on the packed package, and without its options fails as it says", () => {
  // A newcomer's steps: the packed tarball, then the line the README gives
  // (npx fetches the same tool; here the root package.json's pinned one).
  const readme = readFileSync(path.join(ROOT, "morris-wasm", "README.md"), "utf8");
  const line = readme.match(/^npx @arethetypeswrong\/cli morris-wasm-\S+\.tgz( .*)?$/m);
  assert.ok(line, "the README gives the command line");
  const attw = (args) => {
    try {
      execFileSync(tool("attw"), [tarball, ...args], { encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
      return 0;
    } catch (e) {
      return e.status;
    }
  };
  assert.equal(attw((line[1] ?? "").trim().split(/\s+/).filter(Boolean)), 0, line[0]);
  assert.equal(attw([]), 1);
});

test("a Node TypeScript project (lib es2023, types node, skipLibCheck off) compiles 'morris-wasm' as it is, and the worker and web tables with the README's lib", () => {
  // A newcomer's steps: `"lib": ["es2023"], "types": ["node"]`, no
  // skipLibCheck; importing `morris-wasm/worker` or `morris-wasm/web-tables`
  // needs the DOM's types, which the README's tsconfig adds.
  const readme = readFileSync(path.join(ROOT, "morris-wasm", "README.md"), "utf8");
  const advice = [...readme.matchAll(/^```json\n([\s\S]*?)^```$/gm)].map((m) => JSON.parse(m[1])).find((c) => c.compilerOptions?.lib);
  assert.ok(advice, "the README gives a tsconfig with `lib` for Node");
  const project = path.join(dir, "node-ts");
  mkdirSync(project, { recursive: true });
  writeFileSync(path.join(project, "package.json"), JSON.stringify({ type: "module" }));
  writeFileSync(path.join(project, "engine.ts"), 'import { Game, Engine } from "morris-wasm";\nconsole.log(new Engine().bestMove(new Game(), { depth: 1 }).move);\n');
  writeFileSync(
    path.join(project, "browser-typed.ts"),
    `import { Game } from "morris-wasm";
     import { EngineWorker } from "morris-wasm/worker";
     import { openTables } from "morris-wasm/web-tables";
     const engine = new EngineWorker();
     console.log((await engine.bestMove(new Game(), { depth: 1 })).move, typeof openTables);
     engine.terminate();\n`,
  );
  const tsc = (lib, files) =>
    compile(project, {
      compilerOptions: {
        module: "nodenext", moduleResolution: "nodenext", target: "es2022", strict: true, noEmit: true, skipLibCheck: false,
        typeRoots: [path.join(ROOT, "node_modules", "@types")], types: ["node"], lib,
      },
      files,
    });
  assert.equal(tsc(["es2023"], ["engine.ts"]), "", "morris-wasm alone needs no DOM");
  assert.match(tsc(["es2023"], ["browser-typed.ts"]), /node_modules\/morris-wasm\/(worker|web)\/.*error TS/, "without the DOM: errors in the package");
  assert.equal(tsc(advice.compilerOptions.lib, ["browser-typed.ts"]), "", `lib ${JSON.stringify(advice.compilerOptions.lib)}`);
});

test("the README's sizes are the modules' gzip -9 sizes, each beside its budget in the same unit", () => {
  const readme = readFileSync(path.join(ROOT, "morris-wasm", "README.md"), "utf8");
  const gzip = (file) => execFileSync("gzip", ["-9c", path.join(PKG, file)]).length;
  // The engine module against its budget (test.sh: 165 KiB), both in bytes.
  const engine = readme.match(/the rules and engine module is ([\d,]+) bytes by `gzip -9`,\s+under its budget of ([\d,]+) bytes/);
  assert.ok(engine, "the engine's size and budget, in bytes");
  const [size, budget] = [engine[1], engine[2]].map((n) => Number(n.replaceAll(",", "")));
  assert.equal(budget, 165 * 1024);
  assert.ok(size <= budget);
  assert.ok(Math.abs(size - gzip("web/morris_wasm_bg.wasm")) <= 1000, `${size} bytes said, ${gzip("web/morris_wasm_bg.wasm")} built`);
  // The other modules in kB (1,000 bytes), rounded as the README rounds them.
  for (const [entry, file] of [["morris-wasm/board", "board/morris_wasm_board_bg.wasm"], ["morris-wasm/web-tables", "web-tables/morris_wasm_tables_bg.wasm"]]) {
    const said = readme.match(new RegExp("`" + entry + "` \\((\\d+) kB"));
    assert.ok(said, entry);
    assert.ok(Math.abs(Number(said[1]) * 1000 - gzip(file)) <= 1500, `${entry}: ${said[1]} kB said, ${gzip(file)} bytes built`);
  }
  // Which measure it is, and why a bundler's report shows more.
  assert.match(readme, /sizes are `gzip -9`/);
  assert.match(readme, /Vite's build report/);
});

test("the README's pack command works from the repository's root", () => {
  const readme = readFileSync(path.join(ROOT, "morris-wasm", "README.md"), "utf8");
  const line = readme.match(/^npm pack (\S+)/m);
  assert.ok(line, "the README has a pack command");
  const out = execFileSync("npm", ["pack", line[1], "--dry-run", "--json"], { cwd: ROOT, encoding: "utf8", stdio: ["ignore", "pipe", "pipe"] });
  assert.equal(JSON.parse(out)[0].name, "morris-wasm");
});

test("the API reference is in the package: wasm-bindgen's internals left out, an example for every main entry", () => {
  const docs = path.join(installed(), "docs", "api");
  const pages = ["README.md", "morris-wasm.md", "morris-wasm/board.md", "morris-wasm/worker.md"];
  const text = pages.map((p) => readFileSync(path.join(docs, p), "utf8")).join("\n");
  // wasm-bindgen's loader is not documented: neither the module's raw
  // exports (InitOutput: memory, __wbg_*, …) nor what its loaders take,
  // nor initSync; init() (the default export) is, and the worker's own
  // perftInWorker is not.
  assert.ok(!text.includes("### InitOutput"), "no section for InitOutput");
  for (const internal of ["__wbg", "__wbindgen", "__externref", "InitOutput", "InitInput", "SyncInitInput", "initSync", "perftInWorker"]) {
    assert.ok(!text.includes(internal), `${internal} is not in the reference`);
  }
  // Each main entry's section has an example before the next heading of its level.
  const section = (page, heading) => {
    const body = readFileSync(path.join(docs, page), "utf8");
    const start = body.indexOf(`\n${heading}\n`);
    assert.ok(start >= 0, `${page} has ${heading}`);
    const level = heading.match(/^#+/)[0];
    const next = body.slice(start + heading.length + 2).search(new RegExp(`^${level} `, "m"));
    return body.slice(start, next < 0 ? undefined : start + heading.length + 2 + next);
  };
  for (const [page, heading] of [
    ["morris-wasm.md", "### Game"], ["morris-wasm.md", "### Engine"], ["morris-wasm.md", "### Tables"],
    ["morris-wasm.md", "### perft()"], ["morris-wasm.md", "### variants()"], ["morris-wasm.md", "### default()"],
    ["morris-wasm/worker.md", "### EngineWorker"],
    ["morris-wasm/board.md", "### mountBoard()"], ["morris-wasm/board.md", "### BoardHandle"],
  ]) {
    assert.match(section(page, heading), /#+ Example/, `${heading} in ${page} has an example`);
  }
  // free() and [Symbol.dispose]() are described, and may be called again.
  const game = section("morris-wasm.md", "### Game");
  assert.match(game, /##### free\(\)\n[\s\S]*?again does nothing/);
  assert.match(game, /##### \\\[dispose\\\]\(\)\n[\s\S]*?using/);
  assert.match(readFileSync(path.join(installed(), "README.md"), "utf8"), /docs\/api\/README\.md/);
});

test("every Node example of the API reference runs", () => {
  const docs = path.join(installed(), "docs", "api");
  const blocks = ["morris-wasm.md", "morris-wasm/worker.md"].flatMap((page) =>
    [...readFileSync(path.join(docs, page), "utf8").matchAll(/^```js\n([\s\S]*?)^```$/gm)].map((m) => m[1]));
  // Those for Node: importing morris-wasm or its worker, or nothing (then the game's names).
  const runnable = blocks.filter((code) => [...code.matchAll(/from "([^"]+)"/g)].every(([, from]) =>
    ["morris-wasm", "morris-wasm/worker"].includes(from) || from.startsWith("node:")));
  assert.ok(runnable.length >= 8, `${runnable.length} examples`);
  runnable.forEach((code, i) => {
    const head = /^import /m.test(code) ? "" : 'import { Game, Engine, Tables, perft, variants } from "morris-wasm";\n';
    const file = path.join(dir, `doc-example-${i + 1}.mjs`);
    writeFileSync(file, head + code);
    try {
      run([file]);
    } catch (e) {
      assert.fail(`API reference example ${i + 1} failed:\n${code}\n${e.stderr}`);
    }
  });
});
