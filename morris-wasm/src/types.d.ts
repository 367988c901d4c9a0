/** A side: light moves first unless the rules say otherwise. */
export type Color = "light" | "dark";

/**
 * A point of the mill board (Nine, Twelve, Morabaraba, Lasker, and most of
 * the world's sets), named by file letter and rank as the notation writes
 * it; `d4`, the centre, is a point of Morabaraba on the Sotho board only.
 */
export type MillPoint =
  | "a1" | "a4" | "a7" | "b2" | "b4" | "b6" | "c3" | "c4" | "c5" | "d1" | "d2"
  | "d3" | "d4" | "d5" | "d6" | "d7" | "e3" | "e4" | "e5" | "f2" | "f4" | "f6"
  | "g1" | "g4" | "g7";

/** A point of the small boards: Six Men's Morris's (`small`) and Seven's (`seven`, which adds the centre, `c3`). */
export type SmallPoint =
  | "a1" | "a3" | "a5" | "b2" | "b3" | "b4" | "c1" | "c2" | "c3" | "c4" | "c5"
  | "d2" | "d3" | "d4" | "e1" | "e3" | "e5";

/** A point of Three Men's Morris's 3×3 board. */
export type ThreePoint =
  | "a1" | "a2" | "a3" | "b1" | "b2" | "b3" | "c1" | "c2" | "c3";

/** A point of any board, as chess.js types its squares; each board has some of them (`state().board` lists its own). */
export type Point = MillPoint | SmallPoint | ThreePoint;

/** The id of a variant, as `variants()` lists them: the classic ones, then the world's sets (`WorldVariantId`). */
export type VariantId =
  | "nine" | "three" | "six" | "twelve"
  | "morabaraba" | "morabaraba-sotho" | "morabaraba-11" | "lasker"
  | WorldVariantId;

/** The mill games of other lands and programs (the rule book's §7.8), after the classic variants in `variants()`. */
export type WorldVariantId =
  | "five" | "seven" | "dooz" | "one-time-mill" | "cham-gonu" | "zhi-qi"
  | "cheng-san-qi" | "da-san-qi" | "mul-mulan" | "nerenchi" | "el-filja";

/** Rule options for `new Game(variant, options)`; unset ones keep the variant's preset. */
export interface GameOptions {
  /** Pieces per player. */
  pieces?: 3 | 5 | 6 | 7 | 9 | 10 | 11 | 12;
  /** `seven`: the small board with a centre point (Seven Men's Morris). */
  board?: "mill" | "diagonals" | "sotho" | "small" | "3x3" | "seven";
  /** A player with exactly three pieces and none in hand may fly (`true`); with four or fewer (`"four"`); always (`"always"`). */
  flying?: boolean | "four" | "always";
  /** Which opposing pieces a mill may take. */
  removal?: "protected" | "always" | "never";
  /** A turn closing several mills removes one piece, or one per mill. */
  millTakes?: "one" | "each";
  first?: Color;
  /** A full board where nobody can move: a draw, a loss for the side to move, or removals (light then dark, dark then light, the first mover only) that open it. */
  boardFull?: "draw" | "loss" | "light-dark" | "dark-light" | "first-mover";
  /** Morabaraba: no moving a piece straight back to re-form its mill. */
  noReform?: boolean;
  /** Draw when both sides have had three pieces for this many moves each without a mill (null: never). */
  endgameDraw?: number | null;
  /** Draw after this many moves each, after the placing, without a mill (null: never). */
  nMove?: number | null;
  /** The third occurrence of a position draws. */
  threefold?: boolean;
  /** Lasker: a player with pieces in hand may move instead of placing. */
  moveInPlacing?: boolean;
  /** Closing a mill wins at once. */
  millWins?: boolean;
  /** A mill closed by placing: removes from the board, takes from the opponent's hand (`hand`; `hand-again`: and the same player places again), leaves a dead marker on the piece's point (`mark`), or is counted and removed when the placing ends (`count`). */
  placingMill?: "remove" | "hand" | "hand-again" | "mark" | "count";
  /** A player with no move: loses, draws, passes, or removes an opposing piece next to one of his and then moves (`remove-move`), passes (`remove-pass`), or the opponent removes one of his own too (`both-remove`). */
  blocked?: "loses" | "draw" | "pass" | "remove-move" | "remove-pass" | "both-remove";
  /** A line removes only the first time its player completes it. */
  oneTimeMill?: boolean;
  /** Custodian capture: a piece that flanks an opposing piece along a line with another of its own captures it. */
  custodian?: boolean;
  /** Intervention capture: a piece arriving between two opposing pieces on a line captures both. */
  intervention?: boolean;
  /** The second placer makes the first move after the placing. */
  secondMovesFirst?: boolean;
  /** Misère: a blocked player or one left with two pieces wins. */
  misere?: boolean;
}

/** A complete rule set: every option set. */
export type Rules = Required<GameOptions>;

/** One entry of `variants()`. */
export interface VariantInfo extends Rules {
  id: VariantId;
  name: string;
}

/** The end of a game; `winner` is null for a draw. */
export interface Outcome {
  winner: Color | null;
  reason:
    | "fewer-than-three" | "blocked" | "mill-wins" | "board-full" | "threefold-repetition"
    | "n-move-rule" | "endgame-rule" | "agreement" | "resignation" | "time";
  /** As records write it. */
  result: "1-0" | "0-1" | "1/2-1/2";
}

/** Light and dark counts. */
export interface ByColor {
  light: number;
  dark: number;
}

/** The pieces on a board, by point (`state().board`): a colour, or null for an empty point; the points of other boards are absent. */
export type BoardPieces = { [P in Point]?: Color | null };

/** What `game.state()` returns. */
export interface GameState {
  /** What the side to move does. */
  phase: "placing" | "moving" | "flying";
  sideToMove: Color;
  /** Every point of the board (`a1`, `a4`, …) with its piece, or null when it holds none; the points of other boards are absent. */
  board: BoardPieces;
  /** The points holding a dead marker (`placingMill: "mark"`): no piece is there and none may go there. */
  markers: Point[];
  inHand: ByColor;
  /** Pieces each side has lost. */
  removed: ByColor;
  outcome: Outcome | null;
}

/** `new Engine(options)`. */
export interface EngineOptions {
  /** 1 (beginner) to 10; leave out for full strength. */
  level?: number;
  /** Transposition table size in megabytes (default 16). */
  ttMb?: number;
  /** Decides among near-equal moves at the levels below 10, and at every level among the moves the tables or the book call equal. */
  seed?: number;
}

/**
 * A search's options, the same for `bestMove` and `analyze`, here and in
 * the engine worker: its bounds, how many lines to give, and a callback
 * for the reports. A synchronous search takes at most one second when no
 * `movetimeMs` is given, whatever its `depth` or `nodes` (the result's
 * `stoppedBy` is then `"time"`); in the engine worker a search bounded by
 * `depth` or `nodes` alone has no time limit (`stop()` ends it).
 */
export interface SearchOptions {
  /**
   * The time to think, in milliseconds, as UCI's `movetime`: the engine
   * at full strength uses nearly all of it, and ends within a few ms after
   * it (it answers at once with one legal move, or a forced result found);
   * an engine with a level uses at most this, its level deciding.
   */
  movetimeMs?: number;
  /**
   * Plies; not with an engine that has a level. A synchronous search
   * also stops after the default second (`stoppedBy: "time"`).
   */
  depth?: number;
  /** Nodes; not with an engine that has a level. A synchronous search also stops after the default second. */
  nodes?: number;
  /** How many best lines to search and give (default 1); a level still plays its own choice. */
  multiPv?: number;
  /**
   * Called with each finished iteration of the lines while the engine
   * thinks. An exception it throws in a synchronous call ends the search
   * and is thrown by the call.
   */
  onInfo?: (info: SearchInfo) => void;
}

/** `analyze`'s options: the same as `bestMove`'s. */
export type AnalyzeOptions = SearchOptions;

/**
 * A score for the side to move: `cp` in hundredths of a piece (`value`
 * always a number), or a win or loss `value` plies away; `value` is null
 * for a win or loss a win/draw/loss table (a `.wdl` file) shows, which
 * does not say how far. Test `kind` to narrow `value`.
 */
export type Score =
  | { kind: "cp"; value: number }
  | { kind: "win" | "loss"; value: number | null };

/**
 * What `engine.bestMove()` returns; `move` is null only when the game is
 * over (test it, or `game.isGameOver()` before the search, to narrow it).
 */
export interface SearchResult {
  move: string | null;
  score: Score;
  /** The line the engine expects, its move first. */
  pv: string[];
  /** The deepest complete iteration. */
  depth: number;
  nodes: number;
}

/** One line of `engine.analyze()`. */
export interface AnalysisLine {
  move: string | null;
  score: Score;
  pv: string[];
}

/** What `tables.load()` returns: the rules (as in a position text) and the class a table file holds. */
export interface TableInfo {
  rules: string;
  light: number;
  dark: number;
}

/** The exact value of a covered position for its side to move: a win or loss `plies` away, or a draw (`plies` null); from a win/draw/loss table (a `.wdl` file), a win or loss with `plies` null too. */
export interface TableValue {
  result: "win" | "draw" | "loss";
  plies: number | null;
}

/**
 * A position as `RemoteTables` (`morris-wasm/web-tables`) takes it: its
 * position text, or a `Game` of any of the package's modules, whose
 * `position()` gives it (a position crosses from one WebAssembly module to
 * another as text).
 */
export type PositionLike = string | { position(): string };

/** What `remote.stats()` (web tables, `morris-wasm/web-tables`) says of the tables read so far. */
export interface RemoteStats {
  /** Range requests sent: one for each block no cache held. */
  rangeRequests: number;
  /** Bytes those requests answered. */
  rangeBytes: number;
  /** Whole files fetched: the manifest, and each class's index once. */
  fileRequests: number;
  /** Blocks read back from the cache kept across reloads (the Cache API). */
  storeHits: number;
  /** Blocks found in memory. */
  memoryHits: number;
}

/** One entry of `tables.probeMoves()`: a legal move and its exact value for the side that makes it, `plies` counted from before the move. */
export interface MoveValue extends TableValue {
  move: string;
}

/**
 * The `name` of every `Error` the package throws; the `message` says what
 * was wrong, in the words of the rules.
 *
 * - `"MoveSyntaxError"`: a move text that is not written in the notation
 *   (`game.play("z9")`, a move of `perft`'s list, `board.play`).
 * - `"IllegalMoveError"`: a well-written move that is not legal in the
 *   position, or any move once the game is over (`game.play`, `perft`,
 *   `board.play`).
 * - `"PositionError"`: a position text that does not parse, or a position
 *   the rules cannot have (`Game.fromPosition`, `game.load`, `game.put`,
 *   `game.remove`, `board.setPosition`, the board's `position` option).
 * - `"RecordError"`: a game record that cannot be read (`Game.fromRecord`,
 *   `game.load`).
 * - `"OptionError"`: an unknown variant, an unknown key in an options
 *   object, a value an option does not take, or options that do not go
 *   together (`new Game`, `new Engine`, `engine.bestMove`,
 *   `engine.analyze`, `perft`, `mountBoard`, `board.set`).
 * - `"ArgumentError"`: an argument of a kind the call does not take: a
 *   move that is not a string, options that are not an object, a depth
 *   that is not a whole number, a colour that is not `"light"` or `"dark"`,
 *   a point not on the board, wherever it is given (`game.get`,
 *   `game.put`, `game.remove`, `game.legalMoves({ point })`), a shape or a
 *   highlight that is not one (`board.setShapes`, `board.setHighlights`), a
 *   header the game writes itself (`game.setHeader`), a value that is not
 *   a `Game` (or a `Tables`) of the same module where one is expected
 *   (`engine.bestMove(null)`, a `Game` of `morris-wasm/board` given to
 *   `morris-wasm`'s `Engine`), an element that is not one (`mountBoard`).
 * - `"TableFileError"`: bytes that are not a usable endgame table
 *   (`tables.load`), or a block or an index of web tables that fails its
 *   checksum (`remote.probe`, `remote.probeMoves` of
 *   `morris-wasm/web-tables`): never read as a value.
 * - `"NetworkFileError"`: bytes that are not a learned evaluation's
 *   network the engine reads (`engine.useNetwork`).
 * - `"GameOverError"`: `game.resign` or `game.agreeDraw` after the end.
 * - `"StateError"`: a call on an object after `free()` (or the end of its
 *   `using` block), or on a board handle after `destroy()`.
 * - `"MemoryError"`: more memory than the module can have (an engine's
 *   `ttMb`, many engines never freed, a huge table file); the module keeps
 *   working.
 * - `"NeedsNetworkError"`: web tables (`openTables` of
 *   `morris-wasm/web-tables`) need a block (or the manifest, or an index)
 *   that is not cached, and the host cannot be reached: the page is
 *   offline. The positions already cached answer.
 * - `"TablesHostError"`: the web tables' host answers with an HTTP error,
 *   or with the whole file to a range request (it does not serve byte
 *   ranges: the body is not read), or other bytes than those asked for, or
 *   its `manifest.json` is not one of web tables.
 */
export type MorrisErrorName =
  | "MoveSyntaxError"
  | "IllegalMoveError"
  | "PositionError"
  | "RecordError"
  | "OptionError"
  | "ArgumentError"
  | "TableFileError"
  | "NetworkFileError"
  | "GameOverError"
  | "StateError"
  | "MemoryError"
  | "NeedsNetworkError"
  | "TablesHostError";

/** An `Error` thrown by the package: `name` says the kind of failure. */
export interface MorrisError extends Error {
  name: MorrisErrorName;
}

/**
 * Whether a caught value is an `Error` of the package (its `name` one of
 * `MorrisErrorName`), to narrow it in a `catch`.
 *
 * @example
 * ```js
 * import { Game, isMorrisError } from "morris-wasm";
 * try {
 *   new Game().play("z9");
 * } catch (e) {
 *   if (isMorrisError(e) && e.name === "MoveSyntaxError") console.log(e.message);
 * }
 * ```
 */
export function isMorrisError(value: unknown): value is MorrisError;

/** `engine.think()`'s options (the worker's): `bestMove`'s, and `infinite` (search until stopped; no other bound, no level). */
export interface ThinkOptions extends SearchOptions {
  infinite?: boolean;
}

/** A report of a search in progress: the line of a finished iteration. */
export interface SearchInfo {
  depth: number;
  /** The deepest ply reached. */
  seldepth: number;
  /** Which line, from 1 (the best), with `multiPv`. */
  multipv: number;
  score: Score;
  nodes: number;
  timeMs: number;
  /** Nodes per second. */
  nps: number;
  pv: string[];
}

/**
 * What ended a search: its `depth` or `nodes`, `time` (its `movetimeMs`,
 * or the default second of a synchronous search), `stop` (the worker's
 * `stop()` or the call's signal), or `end`: it ended by itself (no move,
 * one legal move, a forced result found, a level's own bounds).
 */
export type StoppedBy = "depth" | "nodes" | "time" | "stop" | "end";

/** What `bestMove` (and the worker's `think`) returns: the move and the `multiPv` lines searched, best first. */
export interface ThinkResult extends SearchResult {
  lines: AnalysisLine[];
  /** What ended the search. */
  stoppedBy: StoppedBy;
}

/**
 * A move described: `from` is null for a placement; `removes` lists the
 * points of the pieces it takes. A turn that only removes (`xb4`, of the
 * world's rules: a blocked player's, a counted mill's, a full board's) and a
 * pass (`pass`) move no piece: `from` and `to` are null.
 */
export interface MoveInfo {
  from: Point | null;
  to: Point | null;
  removes: Point[];
  /** `fly`: any move of a side that may fly, to a neighbouring point too. */
  kind: "place" | "move" | "fly" | "remove" | "pass";
  /** As `play` takes it and `history()` writes it. */
  notation: string;
}

/** `legalMoves` and `history`'s options: `verbose` gives `PlayedMove`s (each move described, with the positions before and after it) instead of notation. */
export interface MoveListOptions {
  verbose?: boolean;
}

/** `legalMoves`'s options: `verbose`, and a `point` (as chess.js's `moves({ square })`). */
export interface LegalMovesOptions extends MoveListOptions {
  /** Only the moves that touch this point: a placement on it, a move from or to it, or a removal of its piece. */
  point?: Point;
}

/** `play`'s options: `verbose` returns a `PlayedMove` instead of the notation. */
export interface PlayOptions {
  verbose?: boolean;
}

/**
 * A move described with the position text before and after it, as
 * `play(move, { verbose: true })` returns it and the verbose `history` and
 * `legalMoves` list them (as chess.js's move objects have `before` and
 * `after`).
 */
export interface PlayedMove extends MoveInfo {
  /** The position text before the move. */
  before: string;
  /** The position text after it. */
  after: string;
}

/** What `game.toJSON()` (and so `JSON.stringify(game)`) gives; `Game.fromRecord(json.record)` brings the game back. */
export interface GameJSON {
  variant: VariantId;
  position: string;
  history: string[];
  headers: Record<string, string>;
  outcome: Outcome | null;
  record: string;
}

/** `Game`'s methods typed here: the move lists by their options, and those written in JavaScript (`patch-glue.mjs`). */
export interface Game {
  /**
   * The legal moves in notation (none once the game is over), or described
   * with `{ verbose: true }`; with `{ point }`, only those that place on,
   * move from or to, or remove at that point. Throws an `ArgumentError` for
   * a point not on the board (as `get` and `put` do).
   *
   * @example
   * ```js
   * const game = new Game();
   * game.legalMoves().length; // 24
   * game.legalMoves({ point: "d6" }); // ["d6"]
   * game.legalMoves({ point: "d6", verbose: true })[0].kind; // "place"
   * ```
   */
  legalMoves(options: LegalMovesOptions & { verbose: true }): PlayedMove[];
  legalMoves(options?: LegalMovesOptions & { verbose?: false }): string[];
  legalMoves(options?: LegalMovesOptions): string[] | PlayedMove[];
  /**
   * Plays a move in notation (`d6`, `d6-d5`, `d6-d5xb4`, lower case) and
   * returns it as the game writes it, or with `{ verbose: true }` described
   * with the positions before and after it (`PlayedMove`). Throws a
   * `MoveSyntaxError` for a text that is not a move, an `IllegalMoveError`
   * for a move not legal here (or after the end); the game is unchanged.
   *
   * @example
   * ```js
   * const game = new Game();
   * game.play("d6"); // "d6"
   * const move = game.play("d5", { verbose: true });
   * move.to; // "d5"
   * move.after === game.position(); // true
   * ```
   */
  play(move: string, options: PlayOptions & { verbose: true }): PlayedMove;
  play(move: string, options?: PlayOptions & { verbose?: false }): string;
  play(move: string, options?: PlayOptions): string | PlayedMove;
  /**
   * The moves played in notation, or described with `{ verbose: true }`,
   * each with the positions before and after it (as chess.js's
   * `history({ verbose: true })`).
   *
   * @example
   * ```js
   * const game = new Game();
   * game.play("d6");
   * game.play("d5");
   * const [first, second] = game.history({ verbose: true });
   * first.after === second.before; // true
   * second.after === game.position(); // true
   * ```
   */
  history(options: MoveListOptions & { verbose: true }): PlayedMove[];
  history(options?: MoveListOptions & { verbose?: false }): string[];
  history(options?: MoveListOptions): string[] | PlayedMove[];
  /** The side to move. */
  turn(): Color;
  /** Whether the game is over (`outcome()` says how). */
  isGameOver(): boolean;
  /** Whether the game is over with no winner. */
  isDraw(): boolean;
  /** Whether `play(move)` would take the move now; never throws. */
  isLegal(move: string): boolean;
  /** Back to the empty board of the same rules, with no headers. */
  reset(): void;
  toJSON(): GameJSON;
}
