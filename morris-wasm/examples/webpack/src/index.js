// morris-wasm in a webpack build: the game, the engine in a worker and a
// board, from the package as installed. The board entry gives Game and
// mountBoard of one module; the stylesheet is imported like any CSS
// (webpack writes it to dist/main.css, which index.html links).
import init, { Game, mountBoard } from "morris-wasm/board";
import { EngineWorker } from "morris-wasm/worker";
import "morris-wasm/board.css";

async function main() {
  await init();

  // A game, and the engine's answer to d6 from its own worker.
  const game = new Game();
  game.play("d6");
  // Level 10 plays with the package's learned evaluation, which the worker
  // fetches itself (the bundler emits it, found by its `new URL(…)`).
  const engine = new EngineWorker({ level: 10 });
  const { move } = await engine.bestMove(game, { movetimeMs: 300 });
  document.querySelector("#network").textContent = engine.network?.loaded ? "loaded" : `not loaded: ${engine.network?.error?.message}`;
  engine.terminate();
  game.play(move);
  document.querySelector("#reply").textContent = move;

  // A board against the engine (in a worker the board starts itself).
  const board = mountBoard(document.querySelector("#board"), {
    mode: "vs-engine",
    level: 3,
    onMove: (m, state) => {
      if (state.sideToMove === "light") document.querySelector("#board-reply").textContent = m;
    },
  });
  board.play("d6");
  document.body.dataset.engineThread = board.engineThread;
}

main().catch((e) => {
  document.body.dataset.error = `${e.name}: ${e.message}`;
});
