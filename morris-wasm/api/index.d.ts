/**
 * The game and the engine (`import init, { Game, Engine } from "morris-wasm"`):
 * rules, moves, positions and records of every variant, the synchronous
 * engine, endgame tables and perft. In browsers, `await init()` first; in
 * Node the module is ready once imported.
 *
 * @module morris-wasm
 */
export * from "../pkg/web/morris_wasm.js";
export { default } from "../pkg/web/morris_wasm.js";
