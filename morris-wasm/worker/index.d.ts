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

/** The events of an `EngineWorker`, by type. */
export interface EngineWorkerEventMap {
  error: EngineErrorEvent;
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
  /** Throws an `OptionError` (or an `ArgumentError`) for options `new Engine` would refuse. */
  constructor(options?: EngineOptions);
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
  /** Listens to an event: `error` (an exception `onInfo` threw) is an `EngineErrorEvent`. */
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
