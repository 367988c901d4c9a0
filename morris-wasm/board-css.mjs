// Writes the board's stylesheet for pages that embed it: the rules of the
// app's one stylesheet (app/style.css) that style the board, its pieces and
// marks, with the custom properties and animations they use, and nothing
// that styles the rest of the app's page.
// `node board-css.mjs app/style.css > pkg/board/board.css`
import { readFileSync } from "node:fs";

const css = readFileSync(process.argv[2], "utf8").replace(/\/\*[\s\S]*?\*\//g, "");

// Top-level blocks: `selector { … }`, with @-rules holding nested blocks.
const blocks = [];
let depth = 0;
let start = 0;
for (let i = 0; i < css.length; i++) {
  if (css[i] === "{") depth++;
  if (css[i] === "}" && --depth === 0) {
    blocks.push(css.slice(start, i + 1).trim());
    start = i + 1;
  }
}

const BOARD = /\.(board|piece|point|line|dot|hit|coord|grain)\b|-mark\b/;
const keep = blocks.flatMap((b) => {
  const head = b.slice(0, b.indexOf("{")).trim();
  // Only the custom properties of :root: the rest styles the app's page.
  if (head === ":root") return [`:root {${b.match(/--[\w-]+\s*:[^;]+;/g).map((d) => `\n  ${d}`).join("")}\n}`];
  if (head.startsWith("@keyframes")) return [b];
  if (head.startsWith("@")) return [];
  // Every selector of the rule is about the board.
  return head.split(",").every((s) => BOARD.test(s) && !/\.board-wrap\b/.test(s)) ? [b] : [];
});
process.stdout.write("/* The Mulino board, from the app's stylesheet. */\n" + keep.join("\n") + "\n");
