// The engine worker's side of the message protocol (see the README,
// "The engine in a worker"): runs inside a Web Worker or a Node
// worker_threads Worker, given the package's wasm module (`wasm`), a way to
// post a message (`post`), a way to listen (`listen`) and the learned
// evaluation's network (`network`: `bundled`, the URL of the package's
// file, and `load(source)`, which resolves to a file's bytes). Requests are
// handled one at a time, in order; every reply carries the request's `id`.
//
// The network is loaded lazily (`network: true`, the default, or a URL;
// `false`: never): before the first search of Nine's standard rules by an
// engine that plays with one (full strength or level 10, as
// `Engine.useNetwork` says), once per source, its bytes kept for every
// engine a `new` makes later. A game of another variant loads nothing.
// Whether it loaded is posted once per source (`{ type: "network", loaded,
// url, error }`); a network that does not load leaves the engine on its
// hand-written evaluation, and the searches go on.
//
// A search or a count is stopped by `stop`, a shared flag, or where memory
// cannot be shared by `stopUrl` (`stopAsked`).
export function serve(wasm, post, listen, network) {
  let engine = new wasm.Engine();
  // A `new` that failed leaves no engine: searches fail with its error
  // until a `new` succeeds.
  let failure = null;
  const current = () => {
    if (failure) throw failure;
    return engine;
  };
  const errorOf = (e) => ({ name: e?.name ?? "Error", message: String(e?.message ?? e) });
  const fail = (id, e) => post({ id, type: "error", error: errorOf(e) });

  // Where the network comes from (`null`: none, the option `network: false`),
  // whether the engine now has it, and the bytes of each source tried.
  let source = network.bundled;
  let given = false;
  const loads = new Map();

  /** The source's bytes (`null` when they did not load), loading them the first time. */
  function bytesOf(url) {
    if (!loads.has(url)) {
      loads.set(
        url,
        network.load(url).then(
          (bytes) => ({ bytes, error: null }),
          (e) => ({ bytes: null, error: errorOf(e) }),
        ),
      );
    }
    return loads.get(url);
  }

  /** Gives the engine the network before its search of `game`, if it plays with one there (see `Engine.useNetwork`). */
  async function equip(engine, game) {
    if (given || source === null || (engine.level !== undefined && engine.level !== 10)) return;
    if (!wasm.networkApplies(game)) return;
    given = true;
    const url = String(source);
    const first = !loads.has(url);
    let { bytes, error } = await bytesOf(url);
    if (bytes) {
      try {
        engine.useNetwork(bytes);
      } catch (e) {
        // Not a network (a NetworkFileError): the next engine is not given it either.
        bytes = null;
        error = errorOf(e);
        loads.set(url, Promise.resolve({ bytes, error }));
      }
    }
    if (first) post({ type: "network", loaded: bytes !== null, url, error });
  }

  const handlers = {
    new({ options }) {
      engine?.free();
      engine = null;
      given = false;
      const { network: choice = true, ...rest } = options ?? {};
      source = choice === true ? network.bundled : choice === false ? null : choice;
      try {
        engine = new wasm.Engine(rest);
        failure = null;
      } catch (e) {
        failure = e;
        throw e;
      }
      return null;
    },
    async go({ id, record, options, stop, stopUrl }) {
      const game = wasm.Game.fromRecord(record);
      try {
        await equip(current(), game);
        return current().think(game, options, (info) => post({ id, type: "info", info }), stop ?? stopAsked(stopUrl));
      } finally {
        game.free();
      }
    },
    perft({ variant, moves, depth, options, stop, stopUrl }) {
      // null once stopped.
      return wasm.perftInWorker(variant, moves, depth, options, stop ?? stopAsked(stopUrl));
    },
    clear() {
      current().clear();
      return null;
    },
  };

  const handle = async (message) => {
    const { id, type } = message ?? {};
    const handler = Object.hasOwn(handlers, type) ? handlers[type] : null;
    if (!handler) return fail(id, { name: "ArgumentError", message: `unknown message type ${JSON.stringify(type)}` });
    try {
      post({ id, type: "result", result: await handler(message) });
    } catch (e) {
      fail(id, e);
    }
  };
  // One at a time, in order: a search may wait for the network to load.
  let queue = Promise.resolve();
  listen((message) => {
    queue = queue.then(() => handle(message));
  });
}

/** How often a call looks at its `stopUrl`: a synchronous request costs a few ms in Chromium. */
const STOP_EVERY_MS = 100;

/** Whether a blob: URL answers a synchronous request: false once it is revoked. */
function loads(url) {
  try {
    const request = new XMLHttpRequest();
    request.open("GET", url, false);
    request.send();
    return request.status === 200;
  } catch {
    return false;
  }
}

/**
 * A stop for a call given `stopUrl`, a blob: URL of the page that the page
 * revokes once it no longer needs the answer: a function, called at each
 * look of the search at its clock, that requests the URL at most every
 * STOP_EVERY_MS and says stop once it no longer loads. So a worker that
 * the page stopped or terminated ends its call and its script within
 * that time; otherwise Chromium lets a busy worker run on for two seconds
 * after `terminate()`. A URL that does not load at the start (no
 * `XMLHttpRequest`, a Content-Security-Policy that refuses blob: URLs)
 * gives no stop: the worker's end alone ends the call then.
 */
function stopAsked(stopUrl) {
  if (typeof stopUrl !== "string" || typeof XMLHttpRequest !== "function" || !loads(stopUrl)) return undefined;
  let next = Date.now() + STOP_EVERY_MS;
  let stopped = false;
  return () => {
    if (!stopped && Date.now() >= next) {
      stopped = !loads(stopUrl);
      next = Date.now() + STOP_EVERY_MS;
    }
    return stopped;
  };
}

/** A file's bytes by `fetch`: an `Error` saying the status when it is not there. */
export async function fetchBytes(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${url} answered ${response.status} ${response.statusText}`.trim());
  return new Uint8Array(await response.arrayBuffer());
}
