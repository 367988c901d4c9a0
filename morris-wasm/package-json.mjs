// Writes the npm package's package.json: `node package-json.mjs VERSION
// BOARD [REPOSITORY]` (BOARD is 1 when the board entry was built;
// REPOSITORY, when given and not empty, the project's public https address
// of its git host, which gives `repository`, `homepage` and `bugs`; without
// one the three are left out, since a placeholder would be dead links on
// the package's page).
const [version, board, repository = ""] = process.argv.slice(2);
if (repository !== "" && !/^https:\/\/\S+$/.test(repository)) {
  console.error(`package-json.mjs: the repository must be an https URL, not ${JSON.stringify(repository)}`);
  process.exit(2);
}
if (/\.invalid(\/|$)|example\.(com|org|net)/.test(repository)) {
  console.error(`package-json.mjs: ${repository} is a placeholder, not the project's address`);
  process.exit(2);
}
const repo = repository.replace(/\/$/, "");
const links = repo
  ? {
      repository: { type: "git", url: `git+${repo}.git`, directory: "morris-wasm" },
      homepage: `${repo}/tree/main/morris-wasm#readme`,
      bugs: { url: `${repo}/issues` },
    }
  : {};

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
  // The web module, initialised on import; in Node (tests, server-side
  // rendering) the Node build.
  "./bundler": {
    // Each file with its own types: the CommonJS build's for `require`.
    node: {
      import: { types: "./node/index.d.mts", default: "./node/index.mjs" },
      require: { types: "./node/morris_wasm.d.ts", default: "./node/morris_wasm.js" },
    },
    types: "./bundler/index.d.ts",
    default: "./bundler/index.js",
  },
  "./worker": {
    types: "./worker/index.d.ts",
    node: "./worker/node.mjs",
    default: "./worker/web.js",
  },
  // The web tables module (`openTables`), initialised on import; in Node
  // its .wasm read from the file beside it.
  "./web-tables": {
    types: "./web-tables/index.d.ts",
    node: "./web-tables/node.mjs",
    default: "./web-tables/index.js",
  },
  "./package.json": "./package.json",
  "./tables/three-3v3.tb": "./tables/three-3v3.tb",
  // The learned evaluation's network, a data file as the table is: read by
  // its path in Node, or fetched by its URL (the worker does it itself).
  "./nets/nine.nnue": "./nets/nine.nnue",
};
const files = ["node/", "web/", "bundler/", "worker/", "web-tables/", "tables/", "nets/", "docs/", "README.md", "CHANGELOG.md", "LICENSE-MIT", "LICENSE-APACHE"];
if (board === "1") {
  // The board module's entry: the game, the engine and the board of one module.
  exports["./board"] = { types: "./board/index.d.ts", default: "./board/index.js" };
  // The stylesheet, with typings so that `import "morris-wasm/board.css"` resolves for TypeScript too.
  exports["./board.css"] = { types: "./board.css.d.ts", default: "./board/board.css" };
  files.push("board/", "board.css.d.ts");
}

const pkg = {
  name: "morris-wasm",
  version,
  description: "Nine Men's Morris and the other mill games: rules, engine and an embeddable board, in WebAssembly",
  license: "MIT OR Apache-2.0",
  ...links,
  keywords: ["nine men's morris", "mill", "morabaraba", "game", "engine", "wasm"],
  // Every folder says its own module type (node/ CommonJS, the others ES
  // modules); the root holds no code.
  type: "commonjs",
  // For resolvers without `exports` (TypeScript's node10): the CommonJS
  // build and its own types, which have no default export.
  main: "./node/morris_wasm.js",
  module: "./web/morris_wasm.js",
  types: "./node/morris_wasm.d.ts",
  exports,
  files,
  // Importing these runs code: the Node glue instantiates the module (and
  // the ESM wrapper imports it), the bundler entry initialises the web
  // module (and the web tables' entries theirs), the worker scripts listen for messages, and the board's
  // stylesheet styles the page (`import "morris-wasm/board.css"` imports
  // nothing a bundler could see used). The rest only declare (the glue's
  // additions to its own classes go with them), so a bundler may leave
  // out what is not used.
  sideEffects: [
    "./board/board.css",
    "./node/morris_wasm.js",
    "./node/index.mjs",
    "./bundler/index.js",
    "./web-tables/index.js",
    "./web-tables/node.mjs",
    "./worker/web-worker.js",
    "./worker/node-worker.mjs",
  ],
  engines: { node: ">=18" },
};
process.stdout.write(JSON.stringify(pkg, null, 2) + "\n");
