/** A side that may move at a board, both, or none (the board only shows). */
export type BoardMovable = Color | "both" | "none";

/** `handle.set(config)` (and `mountBoard`'s options): how the board looks and who may press it. Only the keys given change. */
export interface BoardConfig {
  /** The side at the bottom (default "light"). */
  orientation?: Color;
  /** Who may press the points: a side, "both" (two players) or "none" (view only). The default follows `mode`. */
  movable?: BoardMovable | null;
  /** The moves the person may make in this position, in notation (each must be legal); null offers every legal move. Cleared by the next move. */
  dests?: string[] | null;
  /** The move marked as the last one (any points of the board will do); null marks none. The next move replaces it. */
  lastMove?: string | null;
  /** The coordinates around the board (default true). */
  coordinates?: boolean;
  /**
   * The animations: `{ enabled, duration }` (each key optional: only those
   * given change), or as before `true`/`false`, or the duration alone in
   * milliseconds (default 300; 0: no animation).
   */
  animation?: BoardAnimation | boolean | number;
  /** The colours: "wood" (default), "slate" or "paper" (black on white, for print). */
  theme?: "wood" | "slate" | "paper";
  /** The text of the Pass button the board shows below itself when the person to move has no move and the rules say a blocked player passes (`blocked: "pass"`); default "Pass". `handle.pass()` passes from the page. */
  passLabel?: string;
  /** Arrows and circles drawn over the board, as `handle.setShapes(shapes)` draws them. */
  shapes?: BoardShape[];
  /** Points marked with CSS classes, as `handle.setHighlights(highlights)` marks them. */
  highlights?: BoardHighlights;
  /**
   * Whether the person may draw shapes with the right mouse button, as on
   * chessground (default false): a right-drag from a point to another
   * draws an arrow, a right-click on a point a circle, the same again takes
   * it away, and a left click on the board erases them all; Shift or Ctrl
   * draws in red, Alt or Meta in blue, both in yellow. The `draw` event
   * tells of each change; `false` erases them.
   */
  drawable?: boolean;
}

/** `animation` as an object, as chessground has it: only the keys given change. */
export interface BoardAnimation {
  /** Whether pieces slide, drop in and fade (default true). */
  enabled?: boolean;
  /** How long a piece takes to slide, in milliseconds, 0 to 10000 (default 300). */
  duration?: number;
}

/** A shape's colour: a brush of `board.css` (`--board-brush-green`, …; green by default), or a colour `#rgb`, `#rgba`, `#rrggbb` or `#rrggbbaa`. */
export type ShapeBrush = "green" | "red" | "blue" | "yellow" | `#${string}`;

/**
 * A shape drawn over the board (`handle.setShapes`), as chessground draws
 * them: an arrow from `orig` to `dest`, or a circle round `orig` when
 * there is no `dest`.
 */
export interface BoardShape {
  orig: Point;
  dest?: Point | null;
  /** Default "green". */
  brush?: ShapeBrush;
}

/**
 * Points marked with CSS classes (`handle.setHighlights`): `{ d2: "last",
 * a1: "check" }`. Each is a disc under the point's piece with the classes
 * `board-highlight` and the page's; `board.css` colours `last`, `check`,
 * `good` and `bad`, the page any other (`.board-highlight.mine { fill: … }`).
 * A value is one or more class names apart by spaces; `null` marks nothing.
 */
export type BoardHighlights = { [P in Point]?: string | null };

/** What the `change` event's listeners get: the position shown now, and why it changed. */
export interface BoardChange {
  /** A move (by anyone), `undo()`, or `setPosition()`. */
  cause: "move" | "undo" | "position";
  /** The move, when `cause` is "move". */
  move: string | null;
  /** The position text now. */
  position: string;
  state: GameState;
}

/** The events of a board, for `handle.on(event, listener)`. */
export type BoardEvent = "select" | "move" | "removal" | "change" | "draw" | "end";

/** `mountBoard(element, options)`: the game and any rule options, who plays, the look and the listeners. */
export interface BoardOptions extends GameOptions, BoardConfig {
  variant?: VariantId;
  /** Who presses the points: two people on one screen (default), a person against the engine, or nobody. */
  mode?: "two-players" | "vs-engine" | "view";
  /** The engine's level in "vs-engine", 1 to 10 (default 3). */
  level?: number;
  /** The side the engine plays in "vs-engine" (default "dark"). */
  engineColor?: Color;
  /** The engine that plays in "vs-engine", off the page's thread: an `EngineWorker`, or any object whose `bestMove(record)` promises a move (a string, or an object with `move`). Without it, `morris-wasm/board` starts an `EngineWorker` of the board's own at `level` (ended by `destroy()`); where no worker can run, the engine module searches on the page's thread, and `handle.engineThread` says so. An answer that is no legal move (or a rejection) leaves that move to the engine module on the page's thread. The board module has no search: mounted by the module file itself (`board/morris_wasm_board.js`), a "vs-engine" board needs `engine`. */
  engine?: { bestMove(record: string): Promise<string | { move: string | null }> };
  /** Start from this position text instead of the variant's empty board. */
  position?: string;
  /** Called when the person presses a point that begins or goes on with a turn (a piece picked up, or a placement or move that still needs its removal), with the point. */
  onSelect?: (point: Point) => void;
  /** Called after every move, by anyone, with the move and the new state. */
  onMove?: (move: string, state: GameState) => void;
  /** Called for each piece a move takes, with its point and the move. */
  onRemoval?: (point: Point, move: string) => void;
  /** Called whenever the position shown changes: after a move, `undo()` or `setPosition()`. */
  onChange?: (change: BoardChange) => void;
  /** Called when the person draws or erases shapes (`drawable`), with the shapes drawn now. */
  onDraw?: (shapes: BoardShape[]) => void;
  /** Called when the game ends: by a move, a resignation or an agreed draw. */
  onEnd?: (outcome: Outcome) => void;
}

/**
 * Where a board's engine thinks (`handle.engineThread`): `"worker"`, an
 * `EngineWorker` the board started itself (a "vs-engine" board given no
 * `engine`); `"given"`, the page's `engine`; `"page"`, the page's own
 * thread, because no worker could run there (no `Worker`, or its script did
 * not load: the engine module is loaded on the page's thread, and the
 * board's moves block the page while the engine thinks; a given
 * `EngineWorker` that cannot run, or was terminated, hands its moves there
 * too); `null`, no engine
 * (the modes "two-players" and "view"). Only boards from the
 * `morris-wasm/board` entry start engines; a board mounted by the module
 * file itself (`board/morris_wasm_board.js`) plays only a given `engine`.
 * No event and no console message tell of the fallback: read this.
 */
export type EngineThread = "worker" | "given" | "page" | null;

/** What the listeners of each board event get (as the `on…` options do). */
export interface BoardListeners {
  /** A point pressed that begins or goes on with a turn. */
  select: (point: Point) => void;
  /** A move, by anyone, with the state after it. */
  move: (move: string, state: GameState) => void;
  /** A piece a move took: its point, and the move. */
  removal: (point: Point, move: string) => void;
  /** The position shown changed: by a move (after its `move` and `removal` events), `undo()` or `setPosition()`. */
  change: (change: BoardChange) => void;
  /** The person drew or erased shapes (`drawable`): the shapes drawn now, besides the page's. */
  draw: (shapes: BoardShape[]) => void;
  /** The game's end. */
  end: (outcome: Outcome) => void;
}

export interface BoardHandle {
  /** Where the board's engine thinks (see `EngineThread`); it becomes "page" if the board's worker fails. */
  readonly engineThread: EngineThread;
  /**
   * Calls `listener` at every `event`, with what `BoardListeners` says. A
   * listener that throws is reported (`reportError`: the console and the
   * window's `error` event) and the others are still called. Throws an
   * `OptionError` for an unknown event.
   */
  on<E extends BoardEvent>(event: E, listener: BoardListeners[E]): void;
  /** Stops calling `listener` at `event`; false when it was not listening. */
  off<E extends BoardEvent>(event: E, listener: BoardListeners[E]): boolean;
}
