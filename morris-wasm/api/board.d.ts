/**
 * The board (`import init, { mountBoard, Game } from "morris-wasm/board"`):
 * `mountBoard` and its handle. The entry also exports the rules of
 * `morris-wasm` (`Game`, `variants`, `perft`) from its own module, which
 * has no search: a board against the engine plays the engine module (an
 * `EngineWorker`), so a page downloads the search once. Those are
 * documented under `morris-wasm`; `Engine` and `Tables` are not here.
 *
 * @module morris-wasm/board
 */
export {
  mountBoard,
  BoardHandle,
  type BoardConfig,
  type BoardEvent,
  type BoardListeners,
  type BoardChange,
  type BoardMovable,
  type BoardOptions,
  type BoardAnimation,
  type BoardShape,
  type ShapeBrush,
  type BoardHighlights,
  type EngineThread,
} from "../pkg/board/index.js";
