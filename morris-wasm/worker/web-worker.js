// The engine worker for browsers: a module Web Worker that loads the
// package's web build. Messages that come while the module loads wait; if
// it cannot load, each is answered with the error. No top-level await, so
// that bundlers that make classic workers (Vite's default) take it too.
import init, * as wasm from "../web/morris_wasm.js";
import { serve } from "./serve.js";

const waiting = [];
let deliver = (data) => waiting.push(data);
self.addEventListener("message", (e) => deliver(e.data));

const post = (m) => self.postMessage(m);
init().then(
  () =>
    serve(wasm, post, (handler) => {
      deliver = handler;
      waiting.splice(0).forEach(handler);
    }),
  (e) => {
    const error = { name: "Error", message: `the engine's module did not load: ${e?.message ?? e}` };
    deliver = (m) => post({ id: m?.id, type: "error", error });
    waiting.splice(0).forEach(deliver);
  },
);
