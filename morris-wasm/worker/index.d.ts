import type {
  AnalysisLine, EngineOptions, GameOptions, SearchInfo, ThinkOptions, ThinkResult, VariantId,
} from "../web/morris_wasm.js";

/** A game to search: a `Game` (its record is sent to the worker) or a game record. */
export type GameLike = { record(): string } | string;

/**
 * Search options of a worker engine: the synchronous `bestMove`'s
 * (`onInfo` included), `infinite`, and a `signal` that ends this search as
 * `stop()` does. An exception `onInfo` throws is reported (an `error` event
 * on the worker engine) and the search goes on.
 */
export interface WorkerSearchOptions extends ThinkOptions {
  /** Called with each finished iteration while the engine thinks. */
  onInfo?: (info: SearchInfo) => void;
  /**
   * Aborting it ends the search: it resolves with the best move found so
   * far (`stoppedBy: "stop"`); a signal aborted before the call rejects it
   * with the signal's reason (an `AbortError`).
   */
  signal?: AbortSignal;
}

/**
 * The `error` event of an `EngineWorker`: an exception its caller's
 * `onInfo` threw, in `error`. `preventDefault()` keeps it from going on to
 * `reportError` (browsers) or `console.error` (Node).
 */
export interface EngineErrorEvent extends Event {
  readonly error: unknown;
}

/**
 * What the worker says of the learned evaluation's network (the option
 * `network`): whether it loaded, from where, and why not.
 */
export interface NetworkStatus {
  /** Whether the engine evaluates Nine's moving phase with it. */
  readonly loaded: boolean;
  /** Where it was loaded from: the package's `nets/nine.nnue`, or the URL (or path) given. */
  readonly url: string;
  /** Why it did not load (a `NetworkFileError`, or the fetch's or the file read's error); `null` when it did. */
  readonly error: Error | null;
}

/**
 * The `network` event of an `EngineWorker`: the worker loaded the network,
 * or could not (the engine then plays with its hand-written evaluation).
 * `preventDefault()` keeps a failure from going on to `console.warn`.
 */
export interface EngineNetworkEvent extends Event, NetworkStatus {}

/** The events of an `EngineWorker`, by type. */
export interface EngineWorkerEventMap {
  error: EngineErrorEvent;
  network: EngineNetworkEvent;
}

/**
 * A worker engine's options: `new Engine`'s, and where its learned
 * evaluation comes from.
 */
export interface EngineWorkerOptions extends EngineOptions {
  /**
   * The network that evaluates Nine's moving phase at full strength and
   * at level 10 (the levels below keep the hand-written evaluation), in
   * Nine's standard rules: `true` (the default) loads the package's
   * `nets/nine.nnue` before the first such search, `false` plays without
   * one and loads nothing, and a URL (or in Node a file's path) loads
   * another file; a relative URL is the page's.
   */
  network?: boolean | string | URL;
}

/** The worker's `perft` options: the game's rule options, and a `signal` that ends the count. */
export interface WorkerPerftOptions extends GameOptions {
  /** Aborting it ends the count, which rejects with the signal's reason (an `AbortError`), as does a signal aborted before the call. */
  signal?: AbortSignal;
}

/**
 * An engine in its own worker (a module Web Worker in browsers, a
 * worker_threads Worker in Node): the same engine as `Engine`, whose calls
 * return promises and never block the calling thread. Calls are answered
 * in order; several `EngineWorker`s think at once.
 *
 * An exception thrown by an `onInfo` callback is dispatched as an `error`
 * event on the engine (its `error` property holds the exception); unless a
 * listener calls `preventDefault()`, it then goes to `reportError` in
 * browsers, or `console.error` in Node. The search goes on.
 *
 * At full strength and at level 10 the worker loads the package's learned
 * evaluation of Nine's moving phase (`nets/nine.nnue`, or the option
 * `network`) before its first search of Nine's standard rules, once, and says whether it did
 * (`network`, and the `network` event); a network that does not load
 * leaves the engine on its hand-written evaluation, and is told on
 * `console.warn` unless a listener calls `preventDefault()`.
 *
 * @example
 * ```js
 * import { Game } from "morris-wasm";
 * import { EngineWorker } from "morris-wasm/worker";
 * const engine = new EngineWorker({ level: 8 });
 * engine.addEventListener("error", (event) => console.error("onInfo threw", event.error));
 * const { move, lines } = await engine.bestMove(new Game(), { movetimeMs: 300, onInfo: (info) => info.depth });
 * const count = await engine.perft("nine", [], 3); // 12144
 * engine.terminate();
 * ```
 */
export declare class EngineWorker extends EventTarget {
  /** Throws an `OptionError` (or an `ArgumentError`) for options `new Engine` would refuse, or a `network` that is not one. */
  constructor(options?: EngineWorkerOptions);
  /**
   * The learned evaluation's network as the worker last said (the
   * `network` event), or `null` before its first search that plays with
   * one, and with `network: false`.
   */
  readonly network: NetworkStatus | null;
  /** The engine's move; one second when no bound is given; a search by `depth` or `nodes` alone has no time limit here. */
  bestMove(game: GameLike, options?: WorkerSearchOptions): Promise<ThinkResult>;
  /** The best lines, best first; `{ infinite: true }` analyses until `stop()`. */
  analyze(game: GameLike, options?: WorkerSearchOptions): Promise<AnalysisLine[]>;
  /** `perft` to any depth up to 32; `stop()` or the signal ends it with an `AbortError`. */
  perft(variant: VariantId, moves: string[], depth: number, options?: WorkerPerftOptions): Promise<number>;
  /** Forgets earlier searches (for a new game). */
  clear(): Promise<null>;
  /** Ends every search under way (each resolves with the best move found so far) and every count (an `AbortError`). */
  stop(): void;
  /** Ends the worker; later calls reject with a `StateError`. */
  terminate(): void;
  /** `terminate()`, for `using engine = new EngineWorker()`. */
  [Symbol.dispose](): void;
  /** Listens to an event: `error` (an exception `onInfo` threw) is an `EngineErrorEvent`, `network` (the network loaded, or not) an `EngineNetworkEvent`. */
  addEventListener<K extends keyof EngineWorkerEventMap>(
    type: K,
    listener: (this: EngineWorker, event: EngineWorkerEventMap[K]) => void,
    options?: boolean | AddEventListenerOptions,
  ): void;
  addEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | AddEventListenerOptions): void;
  removeEventListener<K extends keyof EngineWorkerEventMap>(
    type: K,
    listener: (this: EngineWorker, event: EngineWorkerEventMap[K]) => void,
    options?: boolean | EventListenerOptions,
  ): void;
  removeEventListener(type: string, listener: EventListenerOrEventListenerObject | null, options?: boolean | EventListenerOptions): void;
}

/** The worker script, for those who drive the message protocol themselves. */
export declare const workerUrl: URL;
