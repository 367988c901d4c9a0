// `morris-wasm/board`: the board module (the game, the engine and
// `mountBoard`, all of one WebAssembly module, so a `Game` and an `Engine`
// from here go together and with the board), and `mountBoard` with an
// engine in a worker by default: a "vs-engine" board given no `engine`
// starts an `EngineWorker` of its own at its level, ended with the board.
// Where no worker can start (no `Worker`, or one that fails), the board
// searches on the page's thread; `handle.engineThread` says which.
import { mountBoard as mountOnPage } from "./morris_wasm_board.js";
import { EngineWorker } from "../worker/web.js";

export * from "./morris_wasm_board.js";
export { default } from "./morris_wasm_board.js";

/** An engine worker of the board's own at `level`, or null where workers cannot start. */
function ownWorker(level) {
  if (typeof Worker !== "function") return null;
  try {
    return new EngineWorker({ level });
  } catch {
    return null;
  }
}

/** `mountBoard` of the module, with the board's own engine worker in "vs-engine" when the page gives none. */
export function mountBoard(element, options) {
  const plain = options === null || typeof options !== "object";
  const wanted = !plain && options.mode === "vs-engine" && options.engine == null;
  if (!wanted) {
    const handle = mountOnPage(element, options);
    const given = !plain && options.mode === "vs-engine";
    return describe(handle, given ? "given" : null);
  }
  const worker = ownWorker(options.level ?? 3);
  if (!worker) return describe(mountOnPage(element, options), "page");
  let thread = "worker";
  // A worker that cannot run rejects: the board's move is then searched on
  // the page's thread, and so are the later ones.
  const engine = {
    bestMove: (record) =>
      worker.bestMove(record).catch((e) => {
        thread = "page";
        throw e;
      }),
  };
  let handle;
  try {
    handle = mountOnPage(element, { ...options, engine });
  } catch (e) {
    worker.terminate();
    throw e;
  }
  const destroy = handle.destroy.bind(handle);
  const free = handle.free.bind(handle);
  Object.defineProperties(handle, {
    engineThread: { get: () => thread, configurable: true },
    destroy: { value: () => { try { destroy(); } finally { worker.terminate(); } }, configurable: true },
    free: { value: () => { try { free(); } finally { worker.terminate(); } }, configurable: true },
  });
  return handle;
}

function describe(handle, thread) {
  Object.defineProperty(handle, "engineThread", { value: thread, configurable: true });
  return handle;
}
