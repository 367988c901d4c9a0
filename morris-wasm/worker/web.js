// `morris-wasm/worker` in browsers: the engine in a module Web Worker.
import { EngineWorker as Client } from "./client.js";

const spawn = () => {
  const worker = new Worker(new URL("./web-worker.js", import.meta.url), { type: "module" });
  return {
    post: (m) => worker.postMessage(m),
    listen: (handler, onCrash) => {
      worker.addEventListener("message", (e) => handler(e.data));
      // The script did not load (a 404, a Content-Security-Policy) or threw.
      worker.addEventListener("error", (e) => {
        e.preventDefault();
        onCrash(e.message || "its script did not run");
      });
    },
    terminate: () => worker.terminate(),
  };
};

/** An engine in its own Web Worker; `options` as for `new Engine`. */
export class EngineWorker extends Client {
  constructor(options) {
    super(spawn, options);
  }
}

/** The worker script's URL, for pages that drive the message protocol themselves. */
export const workerUrl = new URL("./web-worker.js", import.meta.url);
