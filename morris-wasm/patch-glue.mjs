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
    text += `
/** The module before \`init()\` has finished: every use throws a StateError. */
function notInitialised() {
    return new Proxy({}, {
        get() {
            const error = new Error("the WebAssembly module is not initialised: \`await init()\` before any other call (or import morris-wasm/bundler, which initialises it on import)");
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
  if (text.includes("export interface InitOutput {")) {
    // The module's raw exports (\`__wbg_*\`, \`memory\`, …) stay out of the
    // API reference (typedoc's excludeInternal); what init and initSync
    // take is said in words.
    replace("export interface InitOutput {", "/** @internal The module's raw exports, wasm-bindgen's. */\nexport interface InitOutput {");
    replace("export type InitInput =", "/** What \`init()\` loads the module from: a URL (or a request), a fetched \`Response\`, the bytes, or a compiled module. */\nexport type InitInput =");
    replace("export type SyncInitInput =", "/** What \`initSync()\` instantiates: the bytes, or a compiled module. */\nexport type SyncInitInput =");
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
