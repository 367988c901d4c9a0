// webpack 5 builds the page into dist/: the .wasm files and the worker
// script are found by their `new URL(…, import.meta.url)` with no loader;
// the board's stylesheet, imported for its effect, goes to dist/main.css by
// webpack's own CSS support (`experiments.css`; css-loader does the same
// with a plugin), which index.html links. index.html is copied as it is,
// by the few lines of the plugin below.
import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

const here = path.dirname(fileURLToPath(import.meta.url));

export default {
  mode: "production",
  context: here,
  entry: "./src/index.js",
  output: { path: path.join(here, "dist"), filename: "main.js", publicPath: "auto", clean: true },
  experiments: { css: true },
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
