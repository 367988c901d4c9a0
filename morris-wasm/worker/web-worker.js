// The engine worker for browsers: a module Web Worker that loads the
// package's web build. Messages that come while the module loads wait.
import init, * as wasm from "../web/morris_wasm.js";
import { serve } from "./serve.js";

const waiting = [];
let deliver = (data) => waiting.push(data);
self.addEventListener("message", (e) => deliver(e.data));

await init();
serve(wasm, (m) => self.postMessage(m), (handler) => {
  deliver = handler;
  waiting.splice(0).forEach(handler);
});
