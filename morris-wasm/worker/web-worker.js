// The engine worker for browsers: a module Web Worker that loads the
// package's web build. Messages that come while the module loads wait; if
// it cannot load, each is answered with the error. No top-level await, so
// that bundlers that make classic workers (Vite's default) take it too.
// The learned evaluation's network is fetched from the package's
// nets/nine.nnue (a `new URL(…, import.meta.url)`, which bundlers emit as
// an asset), or from the URL the page gave, when a search first needs it.
import init, * as wasm from "../web/morris_wasm.js";
import { fetchBytes, serve } from "./serve.js";

const waiting = [];
let deliver = (data) => waiting.push(data);
self.addEventListener("message", (e) => deliver(e.data));

const post = (m) => self.postMessage(m);
const network = { bundled: new URL("../nets/nine.nnue", import.meta.url).href, load: fetchBytes };
init().then(
  () =>
    serve(
      wasm,
      post,
      (handler) => {
        deliver = handler;
        waiting.splice(0).forEach(handler);
      },
      network,
    ),
  (e) => {
    const error = { name: "Error", message: `the engine's module did not load: ${e?.message ?? e}` };
    deliver = (m) => post({ id: m?.id, type: "error", error });
    waiting.splice(0).forEach(deliver);
  },
);
