// Trunk's post_build hook (Trunk.toml): minifies the JavaScript that
// wasm-bindgen writes (the page's glue, the lab's, the workers') and the
// page's inline scripts Trunk's minifier gave up on, with the pinned
// terser, in release builds. Trunk's own minifier gives up on
// wasm-bindgen's `export { … as default }` and ships the page's glue as it
// is (about 2 KB gzip more of the first load, which is on a budget:
// tests/browser/budgets.mjs). ES modules are minified as modules (their
// exports kept), the workers' classic scripts as scripts (their top-level
// names kept). A file terser cannot read fails the build.
import fs from "node:fs";
import path from "node:path";
import { minify } from "terser";

const staging = process.env.TRUNK_STAGING_DIR;
if (!staging) {
  console.error("minify-glue: TRUNK_STAGING_DIR is not set (run by Trunk's post_build hook)");
  process.exit(2);
}
if (process.env.TRUNK_PROFILE !== "release") process.exit(0);

// The service worker is ours and small; the rest is wasm-bindgen's.
const files = fs.readdirSync(staging).filter((f) => f.endsWith(".js") && f !== "sw.js");
let before = 0;
let after = 0;
for (const name of files) {
  const file = path.join(staging, name);
  const code = fs.readFileSync(file, "utf8");
  const module = /^\s*export\s|\bimport\.meta\b/m.test(code);
  const out = await minify(code, { module, compress: { passes: 2 }, mangle: true, format: { comments: false } });
  if (typeof out.code !== "string") throw new Error(`terser gave nothing for ${name}`);
  fs.writeFileSync(file, out.code);
  before += code.length;
  after += out.code.length;
}
console.error(`minify-glue: ${files.length} files, ${before} -> ${after} bytes`);

// The page's inline scripts that Trunk's minifier left as they were (it
// cannot read a dynamic `import(…)` either): the head's, which loads the
// lab, a room's module and the QR code. Each is a classic script.
const page = path.join(staging, "index.html");
const html = fs.readFileSync(page, "utf8");
let inline = 0;
let shrunk = html;
for (const [whole, code] of html.matchAll(/<script>([\s\S]*?)<\/script>/g)) {
  if (!code.includes("\n")) continue;
  const out = await minify(code, { module: false, compress: { passes: 2 }, mangle: true, format: { comments: false } });
  if (typeof out.code !== "string") throw new Error("terser gave nothing for an inline script of index.html");
  shrunk = shrunk.replace(whole, `<script>${out.code}</script>`);
  inline += code.length - out.code.length;
}
fs.writeFileSync(page, shrunk);
console.error(`minify-glue: index.html's inline scripts ${inline} bytes smaller`);
