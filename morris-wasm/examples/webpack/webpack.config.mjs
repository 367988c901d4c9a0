// webpack 5 builds the page into dist/: the .wasm files and the worker
// script are found by their `new URL(…, import.meta.url)` with no loader;
// the board's stylesheet is an `asset/resource` (its URL). index.html is
// copied as it is, by the few lines of the plugin below.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

export default {
  mode: "production",
  context: here,
  entry: "./src/index.js",
  output: { path: path.join(here, "dist"), filename: "main.js", publicPath: "auto", clean: true },
  module: { rules: [{ test: /\.css$/, type: "asset/resource" }] },
  performance: { hints: false },
  plugins: [
    {
      apply(compiler) {
        compiler.hooks.thisCompilation.tap("index.html", (compilation) =>
          compilation.hooks.processAssets.tap("index.html", () =>
            compilation.emitAsset("index.html", new compiler.webpack.sources.RawSource(readFileSync(path.join(here, "index.html")))),
          ),
        );
      },
    },
  ],
};
