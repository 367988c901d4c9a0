// The page's (or Node's) side of the engine worker: `EngineWorker`, whose
// calls return promises, given `spawn()`, which starts a worker and returns
// `{ post(message), listen(handler, onCrash), terminate() }` (web.js and
// node.mjs give it for browsers and for Node). `onCrash(message)` is called
// when the worker cannot run at all (its script did not load, or it died):
// every call under way and every later one rejects with an `Error`.
const canShare = () => typeof SharedArrayBuffer === "function" && typeof Atomics === "object";

/** An `Error` with the `name` the worker sent. */
function named({ name, message }) {
  const e = new Error(message);
  e.name = name;
  return e;
}

/** The text a search starts from: a Game's record, or a record as given. */
function recordOf(game) {
  if (typeof game === "string") return game;
  if (game && typeof game.record === "function") return game.record();
  throw named({ name: "ArgumentError", message: "the game must be a Game or a game record" });
}

export class EngineWorker {
  #spawn;
  #worker = null;
  #options;
  #next = 1;
  /** Requests sent and not yet answered, by id: { resolve, reject, onInfo, stop, last, request }. */
  #pending = new Map();
  /** Why the worker cannot run, once it crashed. */
  #dead = null;

  constructor(spawn, options = undefined) {
    this.#spawn = spawn;
    this.#options = options;
    this.#start();
  }

  #start() {
    this.#worker = this.#spawn();
    this.#worker.listen(
      (m) => this.#receive(m),
      (message) => this.#crashed(message),
    );
    if (this.#options !== undefined) this.#send({ type: "new", options: this.#options }).catch(() => {});
  }

  #receive({ id, type, info, result, error }) {
    const p = this.#pending.get(id);
    if (!p) return;
    if (type === "info") {
      p.last = info;
      p.onInfo?.(info);
      return;
    }
    this.#pending.delete(id);
    if (type === "error") p.reject(named(error));
    else p.resolve(result);
  }

  #crashed(message) {
    this.#worker?.terminate();
    this.#worker = null;
    this.#dead = `the engine worker failed: ${message}`;
    for (const p of this.#pending.values()) p.reject(named({ name: "Error", message: this.#dead }));
    this.#pending.clear();
  }

  #send(request, onInfo) {
    if (this.#dead) return Promise.reject(named({ name: "Error", message: this.#dead }));
    if (!this.#worker) return Promise.reject(named({ name: "StateError", message: "the engine worker was terminated" }));
    const id = this.#next++;
    return new Promise((resolve, reject) => {
      this.#pending.set(id, { resolve, reject, onInfo, stop: request.stop, last: null, request });
      this.#worker.post({ ...request, id });
    });
  }

  /** The engine's move in `game`, like `Engine.bestMove`, without blocking; `onInfo` gets each iteration. */
  bestMove(game, options = {}) {
    return this.#think(game, options);
  }

  /** The best lines, like `Engine.analyze`; `{ infinite: true }` analyses until `stop()`. */
  async analyze(game, options = {}) {
    return (await this.#think(game, options)).lines;
  }

  #think(game, options) {
    const { onInfo, ...search } = options ?? {};
    const stop = canShare() ? new Int32Array(new SharedArrayBuffer(4)) : undefined;
    let record;
    try {
      record = recordOf(game);
    } catch (e) {
      return Promise.reject(e);
    }
    return this.#send({ type: "go", record, options: search, stop }, onInfo);
  }

  /** Counts move paths as `perft` does, to any depth up to 32, off the calling thread. */
  perft(variant, moves, depth, options = undefined) {
    return this.#send({ type: "perft", variant, moves, depth, options });
  }

  /** Forgets earlier searches (for a new game). */
  clear() {
    return this.#send({ type: "clear" });
  }

  /**
   * Ends every search under way: each resolves soon with the best move
   * found so far. Where memory cannot be shared (a page that is not
   * cross-origin isolated) the worker is replaced by a new one, and the
   * searches resolve with their last report (or a depth-1 search).
   */
  stop() {
    if (!this.#worker) return;
    const searches = [...this.#pending.entries()].filter(([, p]) => p.request.type === "go");
    if (canShare()) {
      for (const [, p] of searches) Atomics.store(p.stop, 0, 1);
      return;
    }
    this.#restart(searches);
  }

  #restart(searches) {
    const others = [...this.#pending.values()].filter((p) => p.request.type !== "go");
    this.#pending.clear();
    this.#worker.terminate();
    this.#start();
    for (const p of others) p.reject(named({ name: "StateError", message: "the engine worker was stopped" }));
    for (const [, p] of searches) {
      if (p.last) p.resolve(resultOf(p.last));
      else this.#send({ ...p.request, options: quick(this.#options) }).then(p.resolve, p.reject);
    }
  }

  /** Ends the worker; calls after it reject with a `StateError`. */
  terminate() {
    if (!this.#worker) return;
    this.#worker.terminate();
    this.#worker = null;
    for (const p of this.#pending.values()) p.reject(named({ name: "StateError", message: "the engine worker was terminated" }));
    this.#pending.clear();
  }

  [Symbol.dispose ?? Symbol.for("Symbol.dispose")]() {
    this.terminate();
  }
}

/** The quickest search an engine takes: one ply, or a millisecond for a level. */
const quick = (options) => (options?.level === undefined ? { depth: 1 } : { movetimeMs: 1 });

/** A search's result from its last report. */
const resultOf = (info) => ({
  move: info.pv[0] ?? null,
  score: info.score,
  pv: info.pv,
  depth: info.depth,
  nodes: info.nodes,
  lines: [{ move: info.pv[0] ?? null, score: info.score, pv: info.pv }],
});
