// Puts the package's words into wasm-bindgen's output:
//   node patch-glue.mjs js FILE    a method of an object after free() (the
//     bindings say "null pointer passed to rust") throws a StateError that
//     says the object was freed;
//     `Game`'s methods made of other methods (`turn`, `isDraw`, …) are added;
//   node patch-glue.mjs node-path FILE   the Node glue reads the web
//     module's .wasm (../web/), the package's one copy of it;
//   node patch-glue.mjs dts FILE   the typings declare `Symbol.dispose`
//     themselves, so they compile under `target es2022` without
//     `lib: esnext` (as @types/node does).
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
  replace("[Symbol.dispose](): void;", "[Symbol.dispose](): void;");
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
