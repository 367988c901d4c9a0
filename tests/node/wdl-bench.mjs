// Win/draw/loss tables in WebAssembly (Node, the npm package), against the
// tables with distances of the same classes: the time to load each file,
// the time a probe takes (every move of random positions, through
// `tables.probeMoves`), and the engine's speed in positions whose captures
// lead into the class. Not a test; prints a table. Needs the app's
// win/draw/loss files (scripts/wdl-tables.sh) and the tables they were
// made from ($MORRIS_TABLES, else ~/.cache/mulino/tables).
//
//   node tests/node/wdl-bench.mjs [CLASS…]     (default: 6v4 7v4)
import { readFileSync, existsSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import init, { Game, Engine, Tables, ROOT } from "./lib/pkg.mjs";

await init();

const TB = process.env.MORRIS_TABLES ?? path.join(process.env.XDG_CACHE_HOME ?? path.join(os.homedir(), ".cache"), "mulino", "tables");
const WDL = path.join(ROOT, "app", "static", "wdl");
const APP_TB = path.join(ROOT, "app", "static", "tb");
const classes = process.argv.slice(2).length ? process.argv.slice(2) : ["6v4", "7v4"];

// A seeded generator, so that every run probes the same positions.
let seed = 0x2545f491;
const random = () => {
  seed ^= seed << 13;
  seed ^= seed >>> 17;
  seed ^= seed << 5;
  return (seed >>> 0) / 2 ** 32;
};

/** A random position of `light` against `dark` pieces, hands empty. */
function position(light, dark) {
  const points = Array(24).fill(".");
  const free = () => {
    for (;;) {
      const i = Math.floor(random() * 24);
      if (points[i] === ".") return i;
    }
  };
  for (let k = 0; k < light; k++) points[free()] = "L";
  for (let k = 0; k < dark; k++) points[free()] = "D";
  const rows = [3, 3, 3, 6, 3, 3, 3];
  let at = 0;
  const board = rows.map((n) => points.slice(at, (at += n)).join("")).join("/");
  return `nine ${board} ${random() < 0.5 ? "L" : "D"} 0/0 0/0 -`;
}

/** The smaller classes a capture from `l`v`d` leads to (3 or more a side). */
const below = (l, d) => [[l - 1, d], [l, d - 1]].filter(([a, b]) => a >= 3 && b >= 3).map(([a, b]) => `${Math.max(a, b)}v${Math.min(a, b)}`);

/** Tables holding `cls` from `file`, and what it leads to with distances. */
function tablesWith(cls, file) {
  const tables = new Tables();
  const t = performance.now();
  tables.load(readFileSync(file));
  const loadMs = performance.now() - t;
  const [l, d] = cls.split("v").map(Number);
  for (const c of below(l, d)) {
    const name = `nine-${c}`;
    const source = [path.join(APP_TB, `${name}.tb`), path.join(WDL, `${name}.wdl`), path.join(TB, `${name}.tb`)].find(existsSync);
    if (source) tables.load(readFileSync(source));
  }
  return { tables, loadMs };
}

const fmt = (n, digits = 1) => n.toFixed(digits).padStart(8);
console.log("class form  file-bytes  load-ms  probe-us (random moves)  engine nodes/s (0.5 s a move, captures into the class)");
for (const cls of classes) {
  const [l, d] = cls.split("v").map(Number);
  const positions = Array.from({ length: 400 }, () => position(l, d)).map((p) => Game.fromPosition(p)).filter((g) => !g.outcome());
  const bigger = Array.from({ length: 6 }, () => position(l + 1, d)).map((p) => Game.fromPosition(p)).filter((g) => !g.outcome());
  for (const [form, file] of [["wdl", path.join(WDL, `nine-${cls}.wdl`)], ["tb", path.join(TB, `nine-${cls}.tb`)]]) {
    if (!existsSync(file)) {
      console.log(`${cls} ${form}: ${file} is missing`);
      continue;
    }
    const { tables, loadMs } = tablesWith(cls, file);
    let probes = 0;
    const t = performance.now();
    for (const g of positions) probes += tables.probeMoves(g).length;
    const probeUs = ((performance.now() - t) * 1000) / Math.max(probes, 1);
    const engine = new Engine();
    engine.useTables(tables);
    let nodes = 0;
    const s = performance.now();
    for (const g of bigger) nodes += engine.bestMove(g, { movetimeMs: 500 }).nodes;
    const nps = (nodes * 1000) / (performance.now() - s);
    const size = readFileSync(file).length;
    console.log(`${cls.padEnd(5)} ${form.padEnd(4)} ${String(size).padStart(11)} ${fmt(loadMs, 0)} ${fmt(probeUs, 2)} (${probes})  ${Math.round(nps).toLocaleString("en").padStart(12)}`);
  }
}
