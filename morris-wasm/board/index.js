// `morris-wasm/board`: the board module (the game's rules and `mountBoard`,
// one WebAssembly module with no search of its own) and `mountBoard` with
// the engine module as its engine, so that a page downloads the search
// once: a "vs-engine" board given no `engine` starts an `EngineWorker` of
// its own at its level (the engine module in a worker), ended with the
// board. Where no worker can start (no `Worker`, or one that fails), and
// where the page's `engine` gives no legal move, the board's moves are
// searched by the engine module loaded on the page's thread;
// `handle.engineThread` says where.
import { mountBoard as mountOnPage, Game } from "./morris_wasm_board.js";
import { EngineWorker } from "../worker/web.js";

export * from "./morris_wasm_board.js";
export { default } from "./morris_wasm_board.js";

/** The level of a board's engine when its options give none. */
const DEFAULT_LEVEL = 3;

let engineModule = null;

/** The engine module on the page's thread, loaded and initialised the first time a board needs it. */
function loadEngineModule() {
  engineModule ??= import("../web/morris_wasm.js").then(async (module) => {
    await module.default();
    return module;
  });
  return engineModule;
}

/**
 * An engine at `level` on the page's thread (its searches block the page);
 * once `ended()`, it loads and searches nothing (it answers null).
 */
function pageEngine(level, ended) {
  let engine = null;
  return {
    async bestMove(record) {
      if (ended()) return null;
      const module = await loadEngineModule();
      if (ended()) return null;
      engine ??= new module.Engine({ level });
      const game = module.Game.fromRecord(record);
      try {
        return engine.bestMove(game).move;
      } finally {
        game.free();
      }
    },
    free: () => engine?.free(),
  };
}

/** The move an engine's answer names, if it is legal after `record`. */
function legalAnswer(record, answer) {
  const text = typeof answer === "string" ? answer : answer?.move;
  if (typeof text !== "string") return null;
  const game = Game.fromRecord(record);
  try {
    game.play(text);
    return text;
  } catch {
    return null;
  } finally {
    game.free();
  }
}

/**
 * `engine`, or where it fails (a rejection, or no legal move) an engine on
 * the page's thread at `level`; `onFallback` is told each time, whether
 * the engine rejected. Once `ended()`, it falls back to nothing.
 */
function withFallback(engine, level, onFallback, ended) {
  const page = pageEngine(level, ended);
  return {
    async bestMove(record) {
      let rejected = false;
      const answer = await Promise.resolve()
        .then(() => engine.bestMove(record))
        .catch(() => {
          rejected = true;
          return null;
        });
      const move = legalAnswer(record, answer);
      if (move !== null || ended()) return move;
      onFallback(rejected);
      return page.bestMove(record);
    },
    free: page.free,
  };
}

/** An engine worker of the board's own at `level`, or null where workers cannot start. */
function ownWorker(level) {
  if (typeof Worker !== "function") return null;
  try {
    return new EngineWorker({ level });
  } catch {
    return null;
  }
}

let toldUnstyled = false;

/**
 * Without board.css a board draws as a black square: said once in the
 * console (board.css sets `--morris-board-css` on the root), checked once
 * the page has loaded its stylesheets.
 */
function checkStylesheet(element) {
  const doc = element?.ownerDocument;
  const view = doc?.defaultView;
  if (toldUnstyled || !view?.getComputedStyle) return;
  const check = () => {
    const set = view.getComputedStyle(doc.documentElement).getPropertyValue("--morris-board-css").trim() !== "";
    if (set || toldUnstyled) return;
    toldUnstyled = true;
    console.warn(
      "morris-wasm/board: board.css is not on this page, so the board draws unstyled (a black square): " +
        'link morris-wasm/board/board.css, or import "morris-wasm/board.css" with a bundler',
    );
  };
  if (doc.readyState === "complete") view.setTimeout(check, 0);
  else view.addEventListener("load", check, { once: true });
}

/** `mountBoard` of the module, with an engine for a "vs-engine" board: the page's, or a worker of its own. */
export function mountBoard(element, options) {
  checkStylesheet(element);
  const plain = options === null || typeof options !== "object";
  if (plain || options.mode !== "vs-engine") return finish(mountOnPage(element, options), () => null, () => {});
  let ended = false;
  const isEnded = () => ended;
  const level = options.level ?? DEFAULT_LEVEL;
  const given = options.engine != null;
  const worker = given ? null : ownWorker(level);
  let thread = given ? "given" : worker ? "worker" : "page";
  const inner = given ? options.engine : worker;
  // A worker that fails hands this and later moves to the page's thread
  // (so does a given `EngineWorker` that rejects: one that cannot run, or
  // was terminated); any other page's engine that fails hands over only
  // the move it failed. With neither, the engine on the page's thread
  // plays from the start.
  const engine = inner
    ? withFallback(
        inner,
        level,
        (rejected) => {
          if (!given || (rejected && inner instanceof EngineWorker)) thread = "page";
        },
        isEnded,
      )
    : pageEngine(level, isEnded);
  // The engines the board made (never the page's) end with it, and
  // nothing is searched for it afterwards.
  const end = () => {
    ended = true;
    worker?.terminate();
    engine.free();
  };
  let handle;
  try {
    handle = mountOnPage(element, { ...options, engine });
  } catch (e) {
    end();
    throw e;
  }
  return finish(handle, () => thread, end);
}

/**
 * The handle as the page gets it: `engineThread`, and `destroy()`,
 * `free()` and `[Symbol.dispose]()` (so `using board = mountBoard(…)`)
 * that all take the board off the page and `end` what it started; after
 * `free()` the handle is gone, and `destroy()` or `free()` again does
 * nothing. (A handle the garbage collector takes is freed by the module
 * alone: its board stays on the page.)
 */
function finish(handle, thread, end) {
  const destroy = handle.destroy.bind(handle);
  const free = handle.free.bind(handle);
  let freed = false;
  let destroyed = false;
  const takeOff = () => {
    destroyed = true;
    try {
      destroy();
    } finally {
      end();
    }
  };
  const freeAll = () => {
    if (freed) return;
    freed = true;
    try {
      takeOff();
    } finally {
      free();
    }
  };
  Object.defineProperties(handle, {
    engineThread: {
      get() {
        if (destroyed) throw Object.assign(new Error("the board was destroyed"), { name: "StateError" });
        return thread();
      },
      configurable: true,
    },
    destroy: { value: () => (freed ? undefined : takeOff()), configurable: true },
    free: { value: freeAll, configurable: true },
    [Symbol.dispose ?? Symbol.for("Symbol.dispose")]: { value: freeAll, configurable: true },
  });
  return handle;
}
