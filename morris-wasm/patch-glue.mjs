// Puts the package's words into wasm-bindgen's output:
//   node patch-glue.mjs js FILE    a method of an object after free() (the
//     bindings say "null pointer passed to rust") throws a StateError that
//     says the object was freed;
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
  text += `
/** An error the bindings throw, said in the package's words. */
function morrisThrown(message) {
    const freed = message === "null pointer passed to rust";
    const error = new Error(freed ? "this object was freed: free() was called on it, or its \`using\` block ended" : message);
    if (freed) error.name = "StateError";
    return error;
}
`;
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
  console.error("usage: node patch-glue.mjs js|dts FILE");
  process.exit(2);
}
writeFileSync(file, text);
