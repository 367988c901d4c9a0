// The engine worker for Node: a worker_threads Worker with the package's
// Node build.
import { parentPort } from "node:worker_threads";
import wasm from "../node/morris_wasm.js";
import { serve } from "./serve.js";

serve(wasm, (m) => parentPort.postMessage(m), (handler) => parentPort.on("message", handler));
