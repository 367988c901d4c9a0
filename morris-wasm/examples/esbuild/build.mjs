// esbuild bundles the page into dist/: the page's code (and the CSS it
// imports, as dist/index.css) and the engine worker's script as a second
// entry, dist/web-worker.js. esbuild leaves `new URL("…", import.meta.url)`
// as it is, so the files those name are put beside the bundles: the two
// .wasm modules, and the worker script (which the package's worker entry
// finds as ./web-worker.js); and the learned evaluation's network, whose
// URL the page gives the worker (`network`).
import { build } from "esbuild";
import { copyFileSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));
const pkg = path.join(here, "node_modules", "morris-wasm");
const dist = path.join(here, "dist");

rmSync(dist, { recursive: true, force: true });
await build({
  entryPoints: {
    index: path.join(here, "src", "index.js"),
    "web-worker": path.join(pkg, "worker", "web-worker.js"),
  },
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  outdir: dist,
  logLevel: "warning",
});
copyFileSync(path.join(pkg, "web", "morris_wasm_bg.wasm"), path.join(dist, "morris_wasm_bg.wasm"));
copyFileSync(path.join(pkg, "board", "morris_wasm_board_bg.wasm"), path.join(dist, "morris_wasm_board_bg.wasm"));
copyFileSync(path.join(pkg, "nets", "nine.nnue"), path.join(dist, "nine.nnue"));
writeFileSync(path.join(dist, "index.html"), readFileSync(path.join(here, "index.html")));
