import type {
  AnalysisLine, EngineOptions, GameOptions, SearchInfo, ThinkOptions, ThinkResult, VariantId,
} from "../web/morris_wasm.js";

/** A game to search: a `Game` (its record is sent to the worker) or a game record. */
export type GameLike = { record(): string } | string;

/** Search options of a worker engine: `engine.think`'s, and a callback for the reports. */
export interface WorkerSearchOptions extends ThinkOptions {
  /** Called with each finished iteration while the engine thinks. */
  onInfo?: (info: SearchInfo) => void;
}

/**
 * An engine in its own worker (a module Web Worker in browsers, a
 * worker_threads Worker in Node): the same engine as `Engine`, whose calls
 * return promises and never block the calling thread. Calls are answered
 * in order; several `EngineWorker`s think at once.
 */
export declare class EngineWorker {
  constructor(options?: EngineOptions);
  /** The engine's move; one second when no bound is given. */
  bestMove(game: GameLike, options?: WorkerSearchOptions): Promise<ThinkResult>;
  /** The best lines, best first; `{ infinite: true }` analyses until `stop()`. */
  analyze(game: GameLike, options?: WorkerSearchOptions): Promise<AnalysisLine[]>;
  /** `perft` to any depth up to 32. */
  perft(variant: VariantId, moves: string[], depth: number, options?: GameOptions): Promise<number>;
  /** Forgets earlier searches (for a new game). */
  clear(): Promise<null>;
  /** Ends every search under way; each resolves with the best move found so far. */
  stop(): void;
  /** Ends the worker; later calls reject with a `StateError`. */
  terminate(): void;
  /** `terminate()`, for `using engine = new EngineWorker()`. */
  [Symbol.dispose](): void;
}

/** The worker script, for those who drive the message protocol themselves. */
export declare const workerUrl: URL;
