// Writes the npm package's package.json: `node package-json.mjs VERSION BOARD`
// (BOARD is 1 when the board entry was built).
const [version, board] = process.argv.slice(2);

const exports = {
  ".": {
    node: {
      import: { types: "./node/index.d.mts", default: "./node/index.mjs" },
      require: { types: "./node/morris_wasm.d.ts", default: "./node/morris_wasm.js" },
    },
    types: "./web/morris_wasm.d.ts",
    browser: "./web/morris_wasm.js",
    import: "./web/morris_wasm.js",
    default: "./web/morris_wasm.js",
  },
  "./web": { types: "./web/morris_wasm.d.ts", default: "./web/morris_wasm.js" },
  "./bundler": { types: "./bundler/morris_wasm.d.ts", default: "./bundler/morris_wasm.js" },
  "./worker": {
    types: "./worker/index.d.ts",
    node: "./worker/node.mjs",
    default: "./worker/web.js",
  },
  "./package.json": "./package.json",
  "./tables/three-3v3.tb": "./tables/three-3v3.tb",
};
const files = ["node/", "web/", "bundler/", "worker/", "tables/", "README.md", "CHANGELOG.md"];
if (board === "1") {
  exports["./board"] = { types: "./board/morris_wasm_board.d.ts", default: "./board/morris_wasm_board.js" };
  exports["./board.css"] = "./board/board.css";
  files.push("board/");
}

const pkg = {
  name: "morris-wasm",
  version,
  description: "Nine Men's Morris and the other mill games: rules, engine and an embeddable board, in WebAssembly",
  license: "MIT OR Apache-2.0",
  keywords: ["nine men's morris", "mill", "morabaraba", "game", "engine", "wasm"],
  main: "./node/morris_wasm.js",
  module: "./web/morris_wasm.js",
  types: "./web/morris_wasm.d.ts",
  exports,
  files,
  // Importing these runs code: the bundler build instantiates its module,
  // the worker scripts listen for messages. The rest may be left out.
  sideEffects: ["./bundler/morris_wasm.js", "./worker/web-worker.js", "./worker/node-worker.mjs"],
  engines: { node: ">=18" },
};
process.stdout.write(JSON.stringify(pkg, null, 2) + "\n");
