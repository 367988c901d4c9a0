export * from "./morris_wasm_tables.js";
