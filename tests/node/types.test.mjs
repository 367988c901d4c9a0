// The typings as a TypeScript user meets them: a project that imports the
// package (a link to morris-wasm/pkg), compiled by tsc under
// `target: "es2022"` with its default `lib` (no `esnext`: `Symbol.dispose`
// is the package's own declaration) and again with `lib: ["esnext", "dom"]`
// (the two declarations agree); and wrong calls are type errors.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { mkdtempSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { PKG } from "./lib/pkg.mjs";
import { compile } from "./lib/tsc.mjs";

let dir;

const RIGHT = `
import init, { Game, Engine, perft, isMorrisError, type MorrisErrorName, type MoveInfo, type GameJSON, type Color, type Point, type PlayedMove, type StoppedBy } from "morris-wasm";
import { Game as WebGame } from "morris-wasm/web";
import { EngineWorker, type WorkerSearchOptions } from "morris-wasm/worker";
import initBoard, { mountBoard, Game as BoardGame, type EngineThread, type BoardChange, type BoardShape } from "morris-wasm/board";
import "morris-wasm/board.css";
import { Game as BundledGame } from "morris-wasm/bundler";

await init();
{
  const game = new Game("nine", { first: "dark" });
  game.play("d6");
  const described: MoveInfo[] = game.legalMoves({ verbose: true });
  const kind: "place" | "move" | "fly" | "remove" | "pass" = described[0].kind;
  const texts: string[] = game.history();
  const side: Color = game.turn();
  const over: boolean = game.isGameOver() || game.isDraw() || game.isLegal("d5");
  game.setHeader("Event", "club");
  const headers: Record<string, string> = game.headers();
  const json: GameJSON = game.toJSON();
  const paths: number = game.perft(2);
  game.put("a1", "light");
  game.remove("a1");
  game.load(json.record);
  game.reset();
  void [kind, texts, side, over, headers, paths];
  const undone: string | null | undefined = game.undo();
  const engine = new Engine({ level: 10 });
  const found: string | null = engine.bestMove(game, { movetimeMs: 100 }).move;
  const thought = engine.think(game, { infinite: false, multiPv: 2 }, (info) => info.pv.join(" "));
  const lines: number = thought.lines.length;
  engine[Symbol.dispose]();
  game.free();
  void [undone, found, lines];
  // The world's sets and options (the rule book's §7).
  const world = new Game("zhi-qi", { flying: "four", boardFull: "first-mover", placingMill: "hand-again", blocked: "pass", misere: true });
  const markers: string[] = world.state().markers;
  const to: string | null = world.legalMoves({ verbose: true })[0].to;
  void [markers, to, new Game("nine", { pieces: 7, board: "seven", oneTimeMill: true, secondMovesFirst: false })];
  // Points are typed by name, as chess.js types its squares.
  const point: Point = world.legalMoves({ verbose: true })[0].to ?? "d6";
  const held: Color | null | undefined = world.state().board[point];
  const infos: number[] = [];
  const searched = new Engine().bestMove(world, { depth: 1, multiPv: 2, onInfo: (i) => infos.push(i.depth) });
  void [held, searched.lines.length];
  // As chess.js: the moves at a point, the piece on a point, a move object.
  const chess = new Game();
  const atD6: string[] = chess.legalMoves({ point: "d6" });
  const atD6Described: MoveInfo[] = chess.legalMoves({ point: "d6", verbose: true });
  const piece: Color | null = chess.get("d6");
  const text: string = chess.play("d6");
  const played: PlayedMove = chess.play("d5", { verbose: true });
  const around: [string, string, Point | null] = [played.before, played.after, played.to];
  void [atD6, atD6Described, piece, text, around];
}
const name: MorrisErrorName = "MemoryError";
const options: WorkerSearchOptions = { movetimeMs: 10, onInfo: (i) => i.depth };
const worker = new EngineWorker({ ttMb: 4 });
const best = await worker.bestMove(new WebGame(), options);
const count: number = await worker.perft("nine", [], 6, { millTakes: "each", signal: new AbortController().signal });
worker.addEventListener("error", (event) => event.preventDefault());
// The error event is typed: the exception onInfo threw.
worker.addEventListener("error", (event) => { const thrown: unknown = event.error; void thrown; });
{
  // A result says what ended it; a score's kind narrows its value; a caught error's name narrows to the package's.
  const result = await worker.bestMove("1. d6 *", { depth: 2 });
  const ended: StoppedBy = result.stoppedBy;
  const cp: number | null = result.score.kind === "cp" ? result.score.value : null;
  if (result.move !== null) new Game().play(result.move);
  try {
    new Game().play("z9");
  } catch (e) {
    const kind: MorrisErrorName | null = isMorrisError(e) ? e.name : null;
    void kind;
  }
  void [ended, cp];
}
worker.stop();
worker.terminate();
void [name, best.lines, count, perft("nine", [], 1)];

// The board entry: the game and the engine of its own module, and the board.
await initBoard();
{
  const handle = mountBoard(document.createElement("div"), { mode: "vs-engine", level: 10 });
  // undo() gives the move taken back, or null.
  const back: string | null = handle.undo();
  void back;
  // An element as document.querySelector gives it (null throws an ArgumentError).
  mountBoard(document.querySelector("#board"), {}).free();
  const where: EngineThread = handle.engineThread;
  // Each event's listener typed by the event, under strict.
  const ended = (o: { reason: string }) => o.reason;
  handle.on("end", (o) => ended(o));
  handle.on("move", (move, state) => [move.length, state.sideToMove]);
  handle.on("removal", (point, move) => [point, move]);
  const picked = (p: Point) => p;
  handle.on("select", picked);
  const removed: boolean = handle.off("select", picked);
  void removed;
  // The chessground-like parts: shapes, highlights, orientation, change, animation.
  const shapes: BoardShape[] = [{ orig: "a1", dest: "d1", brush: "green" }, { orig: "d2", brush: "red" }, { orig: "g7", dest: null, brush: "#1e90ff" }];
  handle.setShapes(shapes);
  handle.setShapes([]);
  handle.setHighlights({ d2: "last", a1: "check", g7: null });
  handle.toggleOrientation();
  const bottom: Color = handle.orientation;
  handle.on("change", (c) => [c.cause, c.move, c.position, c.state.sideToMove]);
  handle.on("draw", (drawn) => drawn.map((s) => [s.orig, s.dest, s.brush]));
  handle.set({ drawable: true });
  handle.set({ animation: { enabled: true, duration: 200 }, shapes, highlights: {} });
  handle.set({ animation: 300 });
  handle.set({ animation: false });
  const changed = (c: BoardChange): string => c.position;
  mountBoard(document.createElement("div"), { onChange: changed, shapes, highlights: { d6: "good" }, animation: { enabled: false } }).destroy();
  void bottom;
  // The board module has no search: its Game goes to an engine worker.
  const reply: Promise<string | null> = new EngineWorker({ level: 1 }).bestMove(new BoardGame()).then((r) => r.move);
  handle.destroy();
  void [where, reply, new BundledGame().turn()];
}
`;

// Each line is a wrong call that tsc must refuse.
const WRONG = [
  `new Game().resign("white");`,
  `new Game().resign("LIGHT");`,
  `new Game("nine", { first: "white" });`,
  `new Game("NINE");`,
  `new Engine().bestMove(new Game(), { movetime: 5 });`,
  `new EngineWorker().bestMove(new Game(), { infinite: "yes" });`,
  `const m: string[] = new Game().legalMoves({ verbose: true });`,
  `new Game().put("a1", "white");`,
  `new Game().history({ verbos: true });`,
  `const where: "worker" | "page" = mountBoard(document.body).engineThread;`,
  `new Game("nine", { flying: "three" });`,
  `new Game("nine", { placingMill: "take" });`,
  `new Game("nine", { pieces: 8 });`,
  `const to: string = new Game().legalMoves({ verbose: true })[0].to;`,
  `const p: Point = "z9";`,
  `new Game().put("D6", "light");`,
  `new EngineWorker().bestMove(new Game(), { signal: 5 });`,
  `new Engine().bestMove(new Game(), { onInfo: 5 });`,
  `mountBoard(document.body).on("end", (o: string) => o);`,
  `mountBoard(document.body).on("finish", () => 1);`,
  `mountBoard(document.body).on("move", (m: number) => m);`,
  `new Game().get("z9");`,
  `const s: string = new Game().play("d6", { verbose: true });`,
  `new Game().legalMoves({ point: "z9" });`,
  `new Game().history({ point: "d6" });`,
  `mountBoard(document.body).setShapes([{ orig: "z9" }]);`,
  `mountBoard(document.body).setShapes([{ orig: "a1", brush: "pink" }]);`,
  `mountBoard(document.body).setHighlights({ z9: "last" });`,
  `mountBoard(document.body).on("change", (c: string) => c);`,
  `mountBoard(document.body).set({ animation: { speed: 2 } });`,
  `const side: "white" = mountBoard(document.body).orientation;`,
  `mountBoard(document.body).set({ drawable: "yes" });`,
  `type NoSearchOnTheBoard = typeof import("morris-wasm/board").Engine;`,
  `new Engine().bestMove(new BoardGame());`,
  `const v: number = new Engine().bestMove(new Game()).score.value;`,
];

function tsc(file, lib, resolution = { module: "nodenext", moduleResolution: "nodenext" }) {
  const config = {
    compilerOptions: {
      target: "es2022", ...resolution, strict: true, noEmit: true, noUncheckedSideEffectImports: true,
      skipLibCheck: false, types: [], ...(lib ? { lib } : {}),
    },
    files: [file],
  };
  return compile(dir, config);
}

before(() => {
  dir = mkdtempSync(path.join(os.tmpdir(), "morris-wasm-ts-"));
  mkdirSync(path.join(dir, "node_modules"));
  symlinkSync(PKG, path.join(dir, "node_modules", "morris-wasm"), "dir");
  writeFileSync(path.join(dir, "package.json"), JSON.stringify({ type: "module" }));
});

after(() => rmSync(dir, { recursive: true, force: true }));

test("the typings compile under target es2022 without lib esnext, and with it", () => {
  writeFileSync(path.join(dir, "right.ts"), RIGHT);
  assert.equal(tsc("right.ts"), "");
  assert.equal(tsc("right.ts", ["esnext", "dom"]), "");
  // \`using\` itself needs esnext's Disposable, and then frees a Game at the block's end.
  writeFileSync(
    path.join(dir, "using.ts"),
    `import { Game } from "morris-wasm";\nimport { EngineWorker } from "morris-wasm/worker";\n{\n  using game = new Game();\n  using engine = new EngineWorker();\n  game.play("d6");\n  void engine.clear();\n}\n`,
  );
  assert.equal(tsc("using.ts", ["esnext", "dom"]), "");
});

test("the typings compile under strict with bundler resolution too", () => {
  writeFileSync(path.join(dir, "right.ts"), RIGHT);
  assert.equal(tsc("right.ts", undefined, { module: "esnext", moduleResolution: "bundler" }), "");
});

test("calls the types do not allow are type errors", () => {
  const head = `import { Game, Engine, type Point } from "morris-wasm";\nimport { EngineWorker } from "morris-wasm/worker";\nimport { mountBoard, Game as BoardGame } from "morris-wasm/board";\n`;
  writeFileSync(path.join(dir, "wrong.ts"), head + WRONG.join("\n") + "\n");
  const out = tsc("wrong.ts");
  // One error on each line of a wrong call (lines 4 on).
  WRONG.forEach((line, i) => assert.match(out, new RegExp(`wrong\\.ts\\(${i + 4},\\d+\\): error TS\\d+`), line));
});
