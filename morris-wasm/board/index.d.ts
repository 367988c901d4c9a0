export * from "./morris_wasm_board.js";
export { default } from "./morris_wasm_board.js";
