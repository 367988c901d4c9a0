// `morris-wasm/web-tables`: `openTables`, Nine's web tables read from any
// static host by range requests, in a WebAssembly module of its own, so
// that pages using the engine alone never download the reader. The module
// is initialised on import (top-level await); positions come as position
// texts or as any module's `Game` (its `position()` is read).
import init from "./morris_wasm_tables.js";

await init();
export * from "./morris_wasm_tables.js";
