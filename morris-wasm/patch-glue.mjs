// Puts the package's words into wasm-bindgen's output:
//   node patch-glue.mjs js FILE    a method of an object after free() (the
//     bindings say "null pointer passed to rust") throws a StateError that
//     says the object was freed;
//     `Game`'s methods made of other methods (`turn`, `isDraw`, …) are added;
//   node patch-glue.mjs node-path FILE   the Node glue reads the web
//     module's .wasm (../web/), the package's one copy of it;
//   node patch-glue.mjs dts FILE   the typings declare `Symbol.dispose`
//     themselves, so they compile under `target es2022` without
//     `lib: esnext` (as @types/node does); `free()`, `[Symbol.dispose]()`,
//     `init()` and `initSync()` are described, and the module's raw
//     exports (`InitOutput`) marked `@internal` (the API reference leaves
//     them out).
// Fails when the text to change is not found, so that a new wasm-bindgen
// cannot skip it unnoticed.
import { readFileSync, writeFileSync } from "node:fs";

const [kind, file] = process.argv.slice(2);
let text = readFileSync(file, "utf8");

function replace(from, to) {
  if (!text.includes(from)) {
    console.error(`patch-glue: ${file} has no ${JSON.stringify(from)}`);
    process.exit(1);
  }
  text = text.split(from).join(to);
}

if (kind === "js") {
  replace("throw new Error(getStringFromWasm0(arg0, arg1));", "throw morrisThrown(getStringFromWasm0(arg0, arg1));");
  // A value that is not an instance of the class a call takes (a Game of
  // the other module, null, a record text): an ArgumentError that says what
  // was expected and what came.
  if (text.includes("throw new Error(`expected instance of ${klass.name}`);")) {
    replace("throw new Error(`expected instance of ${klass.name}`);", "throw notInstance(instance, klass);");
    text += `
/** The name of one of this module's classes, as written: a minifier renames the classes themselves. */
function className(klass) {
    const own = [
        ["Game", typeof Game === "undefined" ? undefined : Game],
        ["Engine", typeof Engine === "undefined" ? undefined : Engine],
        ["Tables", typeof Tables === "undefined" ? undefined : Tables],
        ["BoardHandle", typeof BoardHandle === "undefined" ? undefined : BoardHandle],
        ["RemoteTables", typeof RemoteTables === "undefined" ? undefined : RemoteTables],
    ].find(([, k]) => k !== undefined && k === klass);
    return own ? own[0] : undefined;
}

/** The error of a value that is not an instance of \`klass\` of this module. */
function notInstance(instance, klass) {
    const expected = className(klass) ?? klass.name;
    const theirs = instance !== null && typeof instance === "object" ? className(instance.constructor) : undefined;
    const what = instance === null ? "null"
        : instance === undefined ? "undefined"
        : typeof instance === "string" ? JSON.stringify(instance.length > 40 ? instance.slice(0, 40) + "…" : instance)
        : typeof instance !== "object" ? String(instance)
        : theirs ? (/^[AEIOU]/.test(theirs) ? "an " : "a ") + theirs
        // An object of wasm-bindgen's (a pointer of its own) that is none of this module's: another module's.
        : typeof instance.__wbg_ptr === "number" || instance.constructor?.name === klass.name
            ? \`a \${expected} of another module (morris-wasm and morris-wasm/board each have their own: carry a game over with Game.fromRecord(game.record()))\`
            : instance.constructor && instance.constructor !== Object && instance.constructor.name ? "a " + instance.constructor.name : "an object";
    const error = new Error(\`expected \${/^[AEIOU]/.test(expected) ? "an" : "a"} \${expected} of this module, not \${what}\`);
    error.name = "ArgumentError";
    return error;
}
`;
  }
  // free() twice (or free() inside a \`using\` block) does nothing the second time.
  const frees = text.match(/free\(\) \{\n\s*const ptr = this\.__destroy_into_raw\(\);\n/g) ?? [];
  if (frees.length === 0) {
    console.error(`patch-glue: ${file} has no free() to make idempotent`);
    process.exit(1);
  }
  text = text.replace(/(free\(\) \{\n(\s*)const ptr = this\.__destroy_into_raw\(\);\n)/g, "$1$2if (ptr === 0) return;\n");
  if (text.includes("let wasmModule, wasmInstance, wasm;")) {
    // The web target: a call before init() has finished is a StateError
    // that says so, not "Cannot read properties of undefined".
    replace("let wasmModule, wasmInstance, wasm;", "let wasmModule, wasmInstance, wasm = notInitialised();");
    replace("if (wasm !== undefined) return wasm;", "if (wasmInstance !== undefined) return wasm;");
    // Node cannot fetch() a file: say what to import there instead.
    replace(
      "        module_or_path = fetch(module_or_path);",
      "        if (String(module_or_path).startsWith(\"file:\")) throw nodeEntry();\n        module_or_path = fetch(module_or_path);",
    );
    // The board's module has no initialised entry: its own init() it is.
    // The web tables' glue is initialised by its entry, morris-wasm/web-tables.
    const entry = file.endsWith("morris_wasm_board.js")
      ? "`await init()` (the default export of morris-wasm/board) before any other call of morris-wasm/board, mountBoard too"
      : file.endsWith("morris_wasm_tables.js")
        ? "import morris-wasm/web-tables, which initialises it on import"
        : "`await init()` before any other call (or import morris-wasm/bundler, which initialises it on import)";
    text += `
/** The module before \`init()\` has finished: every use throws a StateError. */
function notInitialised() {
    return new Proxy({}, {
        get() {
            const error = new Error(${JSON.stringify(`the WebAssembly module is not initialised: ${entry}`)});
            error.name = "StateError";
            throw error;
        },
    });
}

/** The browser build in Node, which cannot fetch() a file. */
function nodeEntry() {
    const error = new Error("this is the browser build, which loads its .wasm with fetch(): in Node import morris-wasm itself (ready on import), or give init() the bytes: init({ module_or_path: readFileSync(…) })");
    error.name = "StateError";
    return error;
}
`;
  }
  text += `
/** An error the bindings throw, said in the package's words. */
function morrisThrown(message) {
    const freed = message === "null pointer passed to rust";
    const error = new Error(freed ? "this object was freed: free() was called on it, or its \`using\` block ended" : message);
    if (freed) error.name = "StateError";
    return error;
}
`;
  // Game methods made of other methods (the web tables module has no Game).
  if (/\bclass Game \{/.test(text)) {
    text += `
// Game methods made of other methods: JavaScript, so they add nothing to the module.
Object.assign(Game.prototype, {
    /** The side to move. */
    turn() { return this.position().split(/\\s+/)[2] === "D" ? "dark" : "light"; },
    /** Whether the game is over (\`outcome()\` says how). */
    isGameOver() { return this.outcome() !== null; },
    /** Whether the game is over with no winner. */
    isDraw() { const o = this.outcome(); return o !== null && o.winner === null; },
    /** Whether a move in notation is legal now, as \`play\` takes it; never throws. */
    isLegal(move) {
        if (typeof move !== "string" || this.isGameOver()) return false;
        const trial = this.clone();
        try { trial.play(move); return true; } catch { return false; } finally { trial.free(); }
    },
    /** Back to the empty board of the same rules, with no headers. */
    reset() {
        const fresh = new Game(this.variant, this.rules());
        try { this.load(fresh.position()); } finally { fresh.free(); }
    },
    /** The game as JSON; \`Game.fromRecord(json.record)\` brings it back. */
    toJSON() {
        return { variant: this.variant, position: this.position(), history: this.history(),
            headers: this.headers(), outcome: this.outcome(), record: this.record() };
    },
});
`;
  }
  // isMorrisError (types.d.ts declares it), exported as the glue exports:
  // an ES module, or the Node build's CommonJS. That build also gets a
  // default \`init\`, which does nothing (the module is ready once
  // required), so that \`import init from "morris-wasm"\` compiled to
  // CommonJS runs as it does in a browser.
  const names = ["MoveSyntaxError", "IllegalMoveError", "PositionError", "RecordError", "OptionError",
    "ArgumentError", "TableFileError", "NetworkFileError", "GameOverError", "StateError", "MemoryError",
    "NeedsNetworkError", "TablesHostError"];
  const commonjs = !text.includes("let wasmModule, wasmInstance, wasm");
  text += `
const MORRIS_ERROR_NAMES = ${JSON.stringify(names)};
/** Whether a caught value is an Error of the package (its name one of MorrisErrorName). */
${commonjs ? "" : "export "}function isMorrisError(value) {
    return value instanceof Error && MORRIS_ERROR_NAMES.includes(value.name);
}
`;
  if (commonjs) {
    text += `exports.isMorrisError = isMorrisError;
/** Nothing to do in Node: the module is ready once required. */
exports.default = async function init() {};
// Marked as an ES module compiled to CommonJS, as tsc and Babel mark
// theirs: their \`import init from "morris-wasm"\` then takes
// \`exports.default\`, not the whole module.
Object.defineProperty(exports, "__esModule", { value: true });
`;
  }
} else if (kind === "node-path") {
  replace("const wasmPath = `${__dirname}/morris_wasm_bg.wasm`;", "const wasmPath = `${__dirname}/../web/morris_wasm_bg.wasm`;");
} else if (kind === "dts") {
  // free() and [Symbol.dispose]() described where wasm-bindgen writes them bare.
  replace("    free(): void;\n    [Symbol.dispose](): void;\n", `    /**
     * Frees the object's memory in the WebAssembly module now, instead of
     * whenever the garbage collector gets to it (a \`FinalizationRegistry\`
     * frees it then). A later call on the object throws a \`StateError\`;
     * \`free()\` again does nothing.
     */
    free(): void;
    /**
     * \`free()\`, for \`using\`: the object is freed at the end of its
     * block. Calling it again, or \`free()\` inside the block, does nothing.
     *
     * @example
     * \`\`\`ts
     * {
     *   using game = new Game();
     *   game.play("d6");
     *   game.free(); // early: the block's end then does nothing
     * }
     * \`\`\`
     */
    [Symbol.dispose](): void;
`);
  // A board handle's free() takes the board off the page first.
  const board = text.indexOf("export class BoardHandle {");
  if (board >= 0) {
    const at = text.indexOf("     * Frees the object's memory", board);
    const end = text.indexOf("free(): void;", at);
    const doc = [
      "     * Takes the board off the page, as `destroy()` does (ending the",
      "     * engine worker it started), and frees the handle's memory in the",
      "     * WebAssembly module; `using board = mountBoard(…)` does it at the end",
      "     * of the block. A later call on the handle throws a `StateError`;",
      "     * `free()` or `destroy()` again does nothing. (A handle the garbage",
      "     * collector takes is freed alone: its board stays on the page.)",
      "     */",
      "    ",
    ].join("\n");
    text = text.slice(0, at) + doc + text.slice(end);
  }
  // The two modules' Game classes are different classes: distinct types
  // too (a private name makes a class nominal), so that TypeScript refuses
  // a Game of one module where the other's is expected, as the module does.
  // (The web tables module has no Game: it takes positions as text.)
  if (!file.endsWith("morris_wasm_tables.d.ts")) {
    replace("export class Game {\n", "export class Game {\n  #private;\n");
  }
  if (text.includes("export interface InitOutput {")) {
    // wasm-bindgen's loader: its raw exports (\`__wbg_*\`, \`memory\`, …),
    // what it takes, and initSync stay out of the API reference (typedoc's
    // excludeInternal); init() is typed without them.
    replace("export interface InitOutput {", "/** @internal The module's raw exports, wasm-bindgen's. */\nexport interface InitOutput {");
    replace("export type InitInput =", "/** @internal What wasm-bindgen's loader takes. */\nexport type InitInput =");
    replace("export type SyncInitInput =", "/** @internal What wasm-bindgen's initSync takes. */\nexport type SyncInitInput =");
    replace(
      "export default function __wbg_init (module_or_path?: { module_or_path: InitInput | Promise<InitInput> } | InitInput | Promise<InitInput>): Promise<InitOutput>;",
      "export default function init(module_or_path?: { module_or_path: ModuleSource | Promise<ModuleSource> }): Promise<{ readonly memory: WebAssembly.Memory }>;\n" +
        "/** Where \`init()\` loads the module from: a URL (or a request), a fetched \`Response\`, the bytes, or a compiled \`WebAssembly.Module\`. */\n" +
        "export type ModuleSource = RequestInfo | URL | Response | BufferSource | WebAssembly.Module;",
    );
    replace(`/**
 * Instantiates the given \`module\`, which can either be bytes or
 * a precompiled \`WebAssembly.Module\`.
 *
 * @param {{ module: SyncInitInput }} module - Passing \`SyncInitInput\` directly is deprecated.
 *
 * @returns {InitOutput}
 */`, `/**
 * Instantiates the module at once from its bytes (a \`BufferSource\`) or a
 * compiled \`WebAssembly.Module\`, given as \`{ module }\`: for a worker or a
 * page that already holds them. \`init()\` does the same from a URL.
 *
 * @internal wasm-bindgen's synchronous loader, for those who drive a worker
 * themselves; \`init()\` is the package's.
 *
 * @example
 * \`\`\`js
 * import { initSync, Game } from "morris-wasm/web";
 * const response = await fetch("/assets/morris_wasm_bg.wasm");
 * initSync({ module: await response.arrayBuffer() });
 * new Game().play("d6");
 * \`\`\`
 */`);
    replace(`/**
 * If \`module_or_path\` is {RequestInfo} or {URL}, makes a request and
 * for everything else, calls \`WebAssembly.instantiate\` directly.
 *
 * @param {{ module_or_path: InitInput | Promise<InitInput> }} module_or_path - Passing \`InitInput\` directly is deprecated.
 *
 * @returns {Promise<InitOutput>}
 */`, `/**
 * Loads and instantiates the WebAssembly module: await it once, before any
 * other call, in a browser (a call before it throws a \`StateError\`). With
 * no argument it fetches the \`.wasm\` beside this file; \`{ module_or_path }\`
 * gives another URL, a \`Response\`, the bytes or a compiled
 * \`WebAssembly.Module\`. Calling it again does nothing. In Node, import
 * \`morris-wasm\` instead: it is ready on import (its \`init()\` does nothing).
 *
 * @example
 * \`\`\`js
 * import init, { Game } from "morris-wasm";
 * await init();
 * const game = new Game();
 * game.play("d6");
 * \`\`\`
 */`);
  } else {
    // The Node build (CommonJS): a default init() that does nothing.
    text += `
/** Nothing to do in Node: the module is ready once required. */
export default function init(): Promise<void>;
`;
  }
  text += `
declare global {
  /** \`Symbol.dispose\` (ES2026), for \`using\`; declared here for older \`lib\` settings. */
  interface SymbolConstructor {
    readonly dispose: unique symbol;
  }
}
`;
} else {
  console.error("usage: node patch-glue.mjs js|node-path|dts FILE");
  process.exit(2);
}
writeFileSync(file, text);
