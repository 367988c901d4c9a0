/**
 * The engine in its own thread (`import { EngineWorker } from "morris-wasm/worker"`):
 * a module Web Worker in browsers, a `worker_threads` Worker in Node, with
 * promises, reports while it thinks and `stop()`.
 *
 * @module morris-wasm/worker
 */
export * from "../pkg/worker/index.js";
