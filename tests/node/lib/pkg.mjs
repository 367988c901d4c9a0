// The built package under test: morris-wasm/pkg (from morris-wasm/build.sh),
// or the folder in MORRIS_WASM_PKG.
import { fileURLToPath, pathToFileURL } from "node:url";
import path from "node:path";

export const ROOT = fileURLToPath(new URL("../../../", import.meta.url));
export const PKG = process.env.MORRIS_WASM_PKG ?? path.join(ROOT, "morris-wasm", "pkg");

const wasm = await import(pathToFileURL(path.join(PKG, "node", "index.mjs")).href);
export const { Game, Engine, Tables, perft, variants } = wasm;
export default wasm.default;
