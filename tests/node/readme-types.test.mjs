// Every code block of the package's README compiles under strict
// TypeScript as a TypeScript user's checker reads it (`checkJs` with
// `strict`, @types/node, the DOM), with `node16` resolution and again with
// `bundler`: the types say what the examples do, and an example that shows
// a mistake on purpose says so with `// @ts-expect-error` (which fails the
// check when the line is no error). Each ES module block is checked as a
// TypeScript file (.mts) too, as a TypeScript user pastes it.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { PKG, ROOT } from "./lib/pkg.mjs";
import { compile } from "./lib/tsc.mjs";

const readme = readFileSync(path.join(ROOT, "morris-wasm", "README.md"), "utf8");
const blocks = [...readme.matchAll(/^```(js|ts)( [\w-]+)?\n([\s\S]*?)^```$/gm)].map((m) => m[3]);
let dir;
let files;

before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "morris-wasm-readme-ts-"));
  mkdirSync(path.join(dir, "node_modules"));
  symlinkSync(PKG, path.join(dir, "node_modules", "morris-wasm"), "dir");
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
  // CommonJS blocks (require) as .cjs, the others as ES modules.
  files = blocks.flatMap((code, i) => {
    const commonJs = /\brequire\(/.test(code);
    const names = commonJs ? [`readme-${i + 1}.cjs`] : [`readme-${i + 1}.mjs`, `readme-${i + 1}.mts`];
    for (const name of names) writeFileSync(path.join(dir, name), code);
    return names;
  });
});

after(() => rmSync(dir, { recursive: true, force: true }));

function tsc(resolution) {
  const config = {
    compilerOptions: {
      target: "es2022", lib: ["es2022", "dom", "dom.iterable"], ...resolution,
      allowJs: true, checkJs: true, strict: true, noEmit: true, skipLibCheck: false,
      typeRoots: [path.join(ROOT, "node_modules", "@types")], types: ["node"],
    },
    files,
  };
  return compile(dir, config);
}

test("the README has its examples", () => {
  assert.ok(blocks.length >= 20, `${blocks.length} blocks`);
});

for (const [name, resolution] of [
  ["node16", { module: "node16", moduleResolution: "node16" }],
  ["bundler", { module: "esnext", moduleResolution: "bundler" }],
]) {
  test(`every README block compiles under strict TypeScript (${name} resolution)`, () => {
    const out = tsc(resolution);
    // Name the block of each error, with its code.
    const failing = [...new Set([...out.matchAll(/readme-(\d+)\.\w+\(\d+,\d+\): error TS\d+: [^\n]*/g)].map((m) => m[0]))];
    assert.equal(out, "", failing.map((f) => `${f}\n  in block ${f.match(/readme-(\d+)/)[1]}:\n${blocks[f.match(/readme-(\d+)/)[1] - 1].split("\n").slice(0, 3).join("\n")}`).join("\n\n") || out);
  });
}
