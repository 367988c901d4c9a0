// The page's (or Node's) side of the engine worker: `EngineWorker`, whose
// calls return promises, given `spawn()`, which starts a worker and returns
// `{ post(message), listen(handler, onCrash), terminate() }` (web.js and
// node.mjs give it for browsers and for Node). `onCrash(message)` is called
// when the worker cannot run at all (its script did not load, or it died):
// every call under way and every later one rejects with an `Error`.
//
// Nothing the caller hands in can break it: options are checked before
// anything is posted (so a value that cannot be cloned is an `OptionError`,
// not a `DataCloneError` with a request left pending), and an exception
// thrown by `onInfo` is reported (an `error` event, else `reportError` or
// `console.error`) while the search goes on.
const canShare = () => typeof SharedArrayBuffer === "function" && typeof Atomics === "object";

/**
 * Where memory cannot be shared (a page that is not cross-origin
 * isolated), a search's or a count's stop: a blob: URL that the worker
 * reads now and then while the call runs (serve.js), revoked once the
 * answer is no longer needed (the call settled: answered, stopped, or the
 * worker terminated). Undefined where there are no blob: URLs.
 */
const newStopUrl = () =>
  typeof Blob === "function" && typeof URL === "function" && typeof URL.createObjectURL === "function"
    ? URL.createObjectURL(new Blob())
    : undefined;

/** An `Error` with the `name` the worker sent. */
function named({ name, message }) {
  const e = new Error(message);
  e.name = name;
  return e;
}

/** A value as the error messages quote it (as the module's own errors do). */
function describe(value) {
  if (value === undefined) return "undefined";
  if (typeof value === "string") return JSON.stringify(value);
  if (typeof value === "function") return "a function";
  if (Array.isArray(value)) return "an array";
  if (typeof value === "object" && value !== null) return "an object";
  return String(value);
}

const isObject = (v) => typeof v === "object" && v !== null && !Array.isArray(v);

/** The text a search starts from: a Game's record, or a record as given. */
function recordOf(game) {
  if (typeof game === "string") return game;
  if (game && typeof game.record === "function") return game.record();
  throw named({ name: "ArgumentError", message: "the game must be a Game or a game record" });
}

/** `new Engine`'s options, checked here so that a bad one throws in the constructor; and the worker's `network`. */
const ENGINE_OPTIONS = { level: [1, 10], ttMb: [1, 1024], seed: [0, 2 ** 53], network: null };

function checkEngineOptions(options) {
  if (options === undefined || options === null) return undefined;
  if (!isObject(options)) {
    throw named({ name: "ArgumentError", message: `the engine options must be an object, not ${describe(options)}` });
  }
  const out = {};
  for (const [key, value] of Object.entries(options)) {
    if (!Object.hasOwn(ENGINE_OPTIONS, key)) {
      throw named({
        name: "OptionError",
        message: `unknown engine option \`${key.slice(0, 32)}\`; the options are: ${Object.keys(ENGINE_OPTIONS).join(", ")}`,
      });
    }
    if (value === undefined) continue;
    out[key] = key === "network" ? networkSource(value) : wholeNumber(key, value, ENGINE_OPTIONS[key]);
  }
  return out;
}

function wholeNumber(key, value, [min, max]) {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw named({ name: "OptionError", message: `option \`${key}\` must be a whole number from ${min} to ${max}, not ${describe(value)}` });
  }
  return value;
}

/**
 * The option `network`: `true` (the package's network, the default), `false` (none), or
 * where another file is, a URL or (in Node) a path. A relative URL is
 * resolved against the page's, as `fetch` would, before the worker gets it.
 */
function networkSource(value) {
  if (typeof value === "boolean") return value;
  if (typeof URL === "function" && value instanceof URL) return value.href;
  if (typeof value === "string" && value !== "") {
    const base = globalThis.document?.baseURI ?? globalThis.location?.href;
    if (base === undefined) return value;
    try {
      return new URL(value, base).href;
    } catch {
      // Not a URL: refused below.
    }
  }
  throw named({ name: "OptionError", message: `option \`network\` must be true, false or a URL, not ${describe(value)}` });
}

/** The search options the worker takes, and what each must be before it is sent. */
const SEARCH_OPTIONS = {
  depth: "a whole number",
  nodes: "a whole number",
  movetimeMs: "a whole number",
  multiPv: "a whole number",
  infinite: "true or false",
  onInfo: "a function",
  signal: "an AbortSignal",
};

/** Splits a search's options into what is posted, `onInfo` and `signal`; throws what is wrong. */
function searchOptions(options) {
  if (options === undefined || options === null) return { search: {} };
  if (!isObject(options)) {
    throw named({ name: "ArgumentError", message: `the search options must be an object, not ${describe(options)}` });
  }
  const { onInfo, signal, ...search } = options;
  for (const key of Object.keys(options)) {
    if (!Object.hasOwn(SEARCH_OPTIONS, key)) {
      throw named({
        name: "OptionError",
        message: `unknown search option \`${key.slice(0, 32)}\`; the options are: ${Object.keys(SEARCH_OPTIONS).join(", ")}`,
      });
    }
  }
  if (onInfo !== undefined && typeof onInfo !== "function") {
    throw named({ name: "OptionError", message: `option \`onInfo\` must be a function, not ${describe(onInfo)}` });
  }
  checkSignal(signal);
  for (const [key, value] of Object.entries(search)) {
    // The worker checks the values; here only that they can be sent.
    if (value !== null && typeof value === "object") {
      throw named({ name: "OptionError", message: `option \`${key}\` must be ${SEARCH_OPTIONS[key]}, not ${describe(value)}` });
    }
    if (typeof value === "function" || typeof value === "symbol" || typeof value === "bigint") {
      throw named({ name: "OptionError", message: `option \`${key}\` must be ${SEARCH_OPTIONS[key]}, not ${describe(value)}` });
    }
  }
  return { search, onInfo, signal };
}

function checkSignal(signal) {
  if (signal !== undefined && !(typeof AbortSignal === "function" && signal instanceof AbortSignal)) {
    throw named({ name: "OptionError", message: `option \`signal\` must be an AbortSignal, not ${describe(signal)}` });
  }
}

/** Why a count ended early, or a call never began: the signal's reason, or an `AbortError`. */
const aborted = (signal) =>
  signal?.aborted && signal.reason !== undefined ? signal.reason : named({ name: "AbortError", message: "the call was stopped" });

export class EngineWorker extends EventTarget {
  #spawn;
  #worker = null;
  #options;
  #next = 1;
  /** Requests sent and not yet answered, by id: { resolve, reject, onInfo, stop, stopUrl, reports, request, signal, unhook }. */
  #pending = new Map();
  /** Why the worker cannot run, once it crashed. */
  #dead = null;
  /** What the worker said of the learned evaluation's network: `{ loaded, url, error }`, or null before it tried. */
  #network = null;

  constructor(spawn, options = undefined) {
    super();
    this.#options = checkEngineOptions(options);
    this.#spawn = spawn;
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

  #receive({ id, type, info, result, error, loaded, url }) {
    if (type === "network") return this.#networkLoaded(Object.freeze({ loaded, url, error: error ? named(error) : null }));
    const p = this.#pending.get(id);
    if (!p) return;
    if (type === "info") {
      p.reports.add(info);
      if (p.onInfo) {
        try {
          p.onInfo(info);
        } catch (e) {
          this.#report(e, p);
        }
      }
      return;
    }
    this.#settle(id);
    if (type === "error") p.reject(named(error));
    else if (p.request.type === "perft" && result == null) p.reject(aborted(p.signal));
    else p.resolve(result);
  }

  /** Forgets a request: no longer pending, no longer listening to its signal, its stop URL revoked. */
  #settle(id) {
    const p = this.#pending.get(id);
    p?.unhook?.();
    if (p?.stopUrl) URL.revokeObjectURL(p.stopUrl);
    this.#pending.delete(id);
  }

  /**
   * An exception from the caller's own callback: an `error` event on this
   * object (`event.error`) each time; unless a listener calls
   * `preventDefault()`, the first of a search goes on to `reportError`
   * (browsers) or `console.error` (Node), and the search's later ones
   * only to the listeners (a callback that throws at every iteration
   * would otherwise print its stack once an iteration).
   */
  #report(error, request) {
    const event = new Event("error", { cancelable: true });
    Object.defineProperty(event, "error", { value: error });
    if (!this.dispatchEvent(event) || request.reported) return;
    request.reported = true;
    if (typeof globalThis.reportError === "function") globalThis.reportError(error);
    else console.error("morris-wasm: an onInfo callback threw:", error);
  }

  /**
   * The worker loaded the network, or could not: a `network` event on this
   * object each time that changes (a worker started again by `stop()`
   * loads it again); unless a listener calls `preventDefault()`, a
   * network that did not load is also told on the console
   * (`console.warn`). The engine plays on with its hand-written
   * evaluation then.
   */
  #networkLoaded(status) {
    const last = this.#network;
    this.#network = status;
    if (last && last.loaded === status.loaded && last.url === status.url) return;
    const event = new Event("network", { cancelable: true });
    for (const key of ["loaded", "url", "error"]) Object.defineProperty(event, key, { value: status[key] });
    if (this.dispatchEvent(event) && !status.loaded) {
      console.warn(`morris-wasm: the engine's network (${status.url}) did not load: ${status.error?.message}; it plays with its hand-written evaluation`);
    }
  }

  /**
   * The learned evaluation's network, as the worker last said: `{ loaded,
   * url, error }` (`error` an `Error` when it did not load), or `null`
   * before its first search that plays with one (full strength or level
   * 10, in Nine's standard rules), and with `network: false`.
   */
  get network() {
    return this.#network;
  }

  #crashed(message) {
    this.#worker?.terminate();
    this.#worker = null;
    this.#dead = `the engine worker failed: ${message}`;
    this.#rejectAll(() => named({ name: "Error", message: this.#dead }));
  }

  #rejectAll(error) {
    const all = [...this.#pending.keys()];
    for (const id of all) {
      const p = this.#pending.get(id);
      this.#settle(id);
      p.reject(error());
    }
  }

  #send(request, { onInfo, signal } = {}) {
    if (this.#dead) return Promise.reject(named({ name: "Error", message: this.#dead }));
    if (!this.#worker) return Promise.reject(named({ name: "StateError", message: "the engine worker was terminated" }));
    // Nothing to begin: the call is refused with the signal's reason (an `AbortError` by default).
    if (signal?.aborted) return Promise.reject(aborted(signal));
    const id = this.#next++;
    const stoppable = request.type === "go" || request.type === "perft";
    return new Promise((resolve, reject) => {
      const p = { resolve, reject, onInfo, stop: request.stop, reports: new Reports(request.options?.multiPv), request, signal };
      if (stoppable && !request.stop) p.stopUrl = newStopUrl();
      if (signal) {
        const onAbort = () => this.#stopOne(id);
        signal.addEventListener("abort", onAbort, { once: true });
        p.unhook = () => signal.removeEventListener("abort", onAbort);
      }
      this.#pending.set(id, p);
      try {
        this.#worker.post(p.stopUrl ? { ...request, id, stopUrl: p.stopUrl } : { ...request, id });
      } catch (e) {
        // Nothing was sent: nothing is pending, and the worker idles again.
        this.#settle(id);
        reject(named({ name: "ArgumentError", message: `the request cannot be sent to the worker: ${e?.message ?? e}` }));
      }
    });
  }

  /** The engine's move in `game`, like `Engine.bestMove`, without blocking; `onInfo` gets each iteration. */
  bestMove(game, options = undefined) {
    return this.#think(game, options);
  }

  /** The best lines, like `Engine.analyze`; `{ infinite: true }` analyses until `stop()`. */
  async analyze(game, options = undefined) {
    return (await this.#think(game, options)).lines;
  }

  #think(game, options) {
    let record, parts;
    try {
      record = recordOf(game);
      parts = searchOptions(options);
    } catch (e) {
      return Promise.reject(e);
    }
    const stop = canShare() ? new Int32Array(new SharedArrayBuffer(4)) : undefined;
    return this.#send({ type: "go", record, options: parts.search, stop }, parts);
  }

  /**
   * Counts move paths as `perft` does, to any depth up to 32, off the
   * calling thread; `stop()` or `options.signal` ends it early, rejecting
   * with an `AbortError` (or the signal's reason).
   */
  perft(variant, moves, depth, options = undefined) {
    let signal;
    let rules = options;
    if (isObject(options) && Object.hasOwn(options, "signal")) {
      ({ signal, ...rules } = options);
      try {
        checkSignal(signal);
      } catch (e) {
        return Promise.reject(e);
      }
    }
    if (rules !== undefined && rules !== null && !isObject(rules)) {
      return Promise.reject(named({ name: "ArgumentError", message: `the game options must be an object, not ${describe(rules)}` }));
    }
    const stop = canShare() ? new Int32Array(new SharedArrayBuffer(4)) : undefined;
    return this.#send({ type: "perft", variant, moves, depth, options: rules, stop }, { signal });
  }

  /** Forgets earlier searches (for a new game). */
  clear() {
    return this.#send({ type: "clear" });
  }

  /**
   * Ends every search and count under way: each search resolves soon with
   * the best move found so far, each count rejects with an `AbortError`.
   * Where memory cannot be shared (a page that is not cross-origin
   * isolated) the worker is replaced by a new one, and each search
   * resolves with the lines of its last finished iteration, all of them,
   * best first (or, with none finished yet, a depth-1 search); the old
   * worker's call sees its stop URL revoked and ends, so that the worker
   * ends too (a browser lets a busy worker run on after `terminate()`:
   * Chromium for two seconds).
   */
  stop() {
    if (!this.#worker) return;
    const running = [...this.#pending.keys()].filter((id) => this.#pending.get(id).stop);
    if (canShare()) {
      for (const id of running) Atomics.store(this.#pending.get(id).stop, 0, 1);
      return;
    }
    this.#restart();
  }

  /** Ends one call (its signal aborted). */
  #stopOne(id) {
    const p = this.#pending.get(id);
    if (!p || !this.#worker) return;
    if (p.stop) Atomics.store(p.stop, 0, 1);
    else if (p.request.type === "go" || p.request.type === "perft") this.#restart();
  }

  /** Stops by replacing the worker (no shared memory): searches answer with their last finished iteration. */
  #restart() {
    const all = [...this.#pending.entries()];
    for (const [id] of all) this.#settle(id);
    this.#worker.terminate();
    this.#start();
    for (const [, p] of all) {
      if (p.request.type === "perft") p.reject(aborted(p.signal));
      else if (p.request.type !== "go") p.reject(named({ name: "StateError", message: "the engine worker was stopped" }));
      else if (p.reports.completed()) p.resolve(p.reports.result());
      else this.#send({ ...p.request, options: { ...p.request.options, ...quick(this.#options) } }).then((r) => p.resolve({ ...r, stoppedBy: "stop" }), p.reject);
    }
  }

  /** Ends the worker; calls after it reject with a `StateError`. */
  terminate() {
    if (!this.#worker) return;
    this.#worker.terminate();
    this.#worker = null;
    this.#rejectAll(() => named({ name: "StateError", message: "the engine worker was terminated" }));
  }

  [Symbol.dispose ?? Symbol.for("Symbol.dispose")]() {
    this.terminate();
  }
}

/** The quickest search an engine takes: one ply, or a millisecond for a level. */
const quick = (options) =>
  options?.level === undefined ? { depth: 1, nodes: undefined, movetimeMs: undefined, infinite: undefined } : { movetimeMs: 1 };

/** How a score ranks, best first: the nearer win, the higher value, the farther loss. */
const rank = ({ kind, value }) => {
  // A win or loss a win/draw/loss table shows (value null) is farther than any counted one.
  const plies = value ?? 1e6;
  if (kind === "win") return 2e9 - plies;
  if (kind === "loss") return -2e9 + plies;
  return value ?? 0;
};

/**
 * A search's reports, kept to answer a stop without the engine (a worker
 * replaced, no shared memory): each iteration reports its lines one by
 * one (line 1 the best, then the best of the rest, …), so an iteration is
 * finished once it has reported every line asked for, or once the next
 * one has begun (fewer legal moves than lines).
 */
class Reports {
  #wanted;
  /** The lines of the deepest iteration begun, by `multipv`. */
  #current = [];
  #depth = 0;
  /** The lines of the last finished iteration. */
  #done = null;

  constructor(multiPv) {
    this.#wanted = Number.isInteger(multiPv) && multiPv > 0 ? multiPv : 1;
  }

  add(info) {
    if (!info || !Array.isArray(info.pv) || !(info.multipv >= 1)) return;
    if (info.depth > this.#depth) {
      if (this.#current.length > 0 && this.#current.every(Boolean)) this.#done = this.#current;
      this.#current = [];
      this.#depth = info.depth;
    } else if (info.depth < this.#depth) {
      return;
    }
    this.#current[info.multipv - 1] = info;
    if (this.#current.filter(Boolean).length >= this.#wanted) this.#done = this.#current.slice(0, this.#wanted);
  }

  /** Whether an iteration has finished. */
  completed() {
    return this.#done !== null;
  }

  /** The result of the last finished iteration: its lines best first, the move the best one's. */
  result() {
    const infos = [...this.#done].sort((a, b) => rank(b.score) - rank(a.score));
    const lines = infos.map((i) => ({ move: i.pv[0] ?? null, score: i.score, pv: i.pv }));
    const [best] = infos;
    return {
      move: lines[0].move,
      score: best.score,
      pv: best.pv,
      depth: best.depth,
      nodes: Math.max(...infos.map((i) => i.nodes)),
      lines,
      stoppedBy: "stop",
    };
  }
}
