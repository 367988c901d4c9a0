/**
 * The board (`import init, { mountBoard, Game } from "morris-wasm/board"`):
 * `mountBoard` and its handle. The entry also exports everything of
 * `morris-wasm` (`Game`, `Engine`, …), from its own module, so that a page
 * with a board gets the game, the engine and the board from one module;
 * those are documented under `morris-wasm`.
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
