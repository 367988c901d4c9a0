// The engine worker for Node: a worker_threads Worker with the package's
// Node build. The learned evaluation's network is read from the package's
// nets/nine.nnue, or from the path or URL given, when a search first
// needs it.
import { readFile } from "node:fs/promises";
import { parentPort } from "node:worker_threads";
import wasm from "../node/morris_wasm.js";
import { fetchBytes, serve } from "./serve.js";

/** A file's bytes: an http(s) or data URL fetched, a file: URL or a path read. */
const load = async (source) => {
  if (/^(https?|data|blob):/i.test(source)) return fetchBytes(source);
  return new Uint8Array(await readFile(source.startsWith("file:") ? new URL(source) : source));
};
const network = { bundled: new URL("../nets/nine.nnue", import.meta.url).href, load };

serve(wasm, (m) => parentPort.postMessage(m), (handler) => parentPort.on("message", handler), network);
