// `morris-wasm/web-tables` in Node: the web module's glue, initialised on
// import with the bytes of its .wasm read from beside it (Node's `fetch`
// reads no file: URL).
import { readFile } from "node:fs/promises";

import init from "./morris_wasm_tables.js";

await init({ module_or_path: await readFile(new URL("./morris_wasm_tables_bg.wasm", import.meta.url)) });
export * from "./morris_wasm_tables.js";
