// `morris-wasm/worker` in Node: the engine in a worker_threads Worker.
import { Worker } from "node:worker_threads";
import { EngineWorker as Client } from "./client.js";

// The worker takes Node's options as the process has them, but for
// `--input-type`, which a worker refuses (`node --input-type=module -e …`).
const execArgv = process.execArgv.filter((a) => !a.startsWith("--input-type"));

const spawn = () => {
  const worker = new Worker(new URL("./node-worker.mjs", import.meta.url), { execArgv });
  // An idle engine does not keep Node running; one that thinks does.
  let busy = 0;
  worker.unref();
  return {
    post: (m) => {
      if (busy++ === 0) worker.ref();
      try {
        worker.postMessage(m);
      } catch (e) {
        // Not sent (a value that cannot be cloned): no answer will come.
        if (--busy === 0) worker.unref();
        throw e;
      }
    },
    listen: (handler, onCrash) => {
      worker.on("message", (m) => {
        // A request is done at its result or error (not at a report, nor at the network's news).
        if ((m.type === "result" || m.type === "error") && --busy === 0) worker.unref();
        handler(m);
      });
      worker.on("error", (e) => onCrash(e?.message ?? String(e)));
      // A "message" listener refs the worker again: an idle one must not keep Node running.
      if (busy === 0) worker.unref();
    },
    terminate: () => void worker.terminate(),
  };
};

/** An engine in its own worker thread; `options` as for `new Engine`. */
export class EngineWorker extends Client {
  constructor(options) {
    super(spawn, options);
  }
}

/** The worker script's URL, for those who drive the message protocol themselves. */
export const workerUrl = new URL("./node-worker.mjs", import.meta.url);
