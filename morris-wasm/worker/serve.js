// The engine worker's side of the message protocol (see the README,
// "The engine in a worker"): runs inside a Web Worker or a Node
// worker_threads Worker, given the package's wasm module (`wasm`), a way to
// post a message (`post`) and a way to listen (`listen`). Requests are
// handled one at a time, in order; every reply carries the request's `id`.
export function serve(wasm, post, listen) {
  let engine = new wasm.Engine();
  // A `new` that failed leaves no engine: searches fail with its error
  // until a `new` succeeds.
  let failure = null;
  const current = () => {
    if (failure) throw failure;
    return engine;
  };
  const fail = (id, e) =>
    post({ id, type: "error", error: { name: e?.name ?? "Error", message: String(e?.message ?? e) } });

  const handlers = {
    new({ options }) {
      engine?.free();
      engine = null;
      try {
        engine = new wasm.Engine(options);
        failure = null;
      } catch (e) {
        failure = e;
        throw e;
      }
      return null;
    },
    go({ id, record, options, stop }) {
      const game = wasm.Game.fromRecord(record);
      try {
        return current().think(game, options, (info) => post({ id, type: "info", info }), stop);
      } finally {
        game.free();
      }
    },
    perft({ variant, moves, depth, options, stop }) {
      // null once stopped.
      return wasm.perftInWorker(variant, moves, depth, options, stop);
    },
    clear() {
      current().clear();
      return null;
    },
  };

  listen((message) => {
    const { id, type } = message ?? {};
    const handle = Object.hasOwn(handlers, type) ? handlers[type] : null;
    if (!handle) return fail(id, { name: "ArgumentError", message: `unknown message type ${JSON.stringify(type)}` });
    try {
      post({ id, type: "result", result: handle(message) });
    } catch (e) {
      fail(id, e);
    }
  });
}
