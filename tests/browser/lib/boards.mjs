// The boards of the rule book (docs/RULES.md §1), as far as the tests need them:
// the points of each variant, and the lines of the mill board for the
// keyboard cursor, which moves along them.
const ring = (s) => {
  const p = s.split(" ");
  return p.map((x, i) => [x, p[(i + 1) % p.length]]);
};

export const MILL_POINTS = "a1 d1 g1 b2 d2 f2 c3 d3 e3 a4 b4 c4 e4 f4 g4 c5 d5 e5 b6 d6 f6 a7 d7 g7".split(" ");
export const MILL_LINES = [
  ...ring("a1 d1 g1 g4 g7 d7 a7 a4"),
  ...ring("b2 d2 f2 f4 f6 d6 b6 b4"),
  ...ring("c3 d3 e3 e4 e5 d5 c5 c4"),
  ["d1", "d2"], ["d2", "d3"], ["a4", "b4"], ["b4", "c4"], ["g4", "f4"], ["f4", "e4"], ["d7", "d6"], ["d6", "d5"],
];
export const SMALL_POINTS = "a1 c1 e1 b2 c2 d2 a3 b3 d3 e3 b4 c4 d4 a5 c5 e5".split(" ");
export const THREE_POINTS = "a1 b1 c1 a2 b2 c2 a3 b3 c3".split(" ");

/** id -> the points its board has (docs/RULES.md §4). */
export const VARIANTS = {
  nine: MILL_POINTS,
  three: THREE_POINTS,
  six: SMALL_POINTS,
  twelve: MILL_POINTS,
  morabaraba: MILL_POINTS,
  "morabaraba-sotho": [...MILL_POINTS, "d4"],
  "morabaraba-11": MILL_POINTS,
  lasker: MILL_POINTS,
};

/** The Seven Men's Morris board: the small board with a centre c3 (§7.1). */
export const SEVEN_POINTS = [...SMALL_POINTS, "c3"];

/** id -> the points its board has, for the world's rule sets (§7.8). */
export const WORLD_VARIANTS = {
  five: SMALL_POINTS,
  seven: SEVEN_POINTS,
  dooz: MILL_POINTS,
  "one-time-mill": MILL_POINTS,
  "cham-gonu": MILL_POINTS,
  "zhi-qi": MILL_POINTS,
  "cheng-san-qi": MILL_POINTS,
  "da-san-qi": MILL_POINTS,
  "mul-mulan": MILL_POINTS,
  nerenchi: MILL_POINTS,
  "el-filja": MILL_POINTS,
};

const xy = (p) => [p.charCodeAt(0) - 97, Number(p.slice(1)) - 1];
const DIRS = { ArrowUp: [0, 1], ArrowDown: [0, -1], ArrowLeft: [-1, 0], ArrowRight: [1, 0] };

/** Where an arrow key takes the cursor on the mill board: the neighbour along a line that way, or nowhere. */
export function arrowStep(from, key, lines = MILL_LINES) {
  const [x, y] = xy(from);
  const [dx, dy] = DIRS[key];
  for (const [a, b] of lines) {
    const to = a === from ? b : b === from ? a : null;
    if (!to) continue;
    const [tx, ty] = xy(to);
    if (Math.sign(tx - x) === dx && Math.sign(ty - y) === dy) return to;
  }
  return null;
}

/** The shortest list of arrow keys from one point to another, moving along lines. */
export function arrowPath(from, to, lines = MILL_LINES) {
  const prev = new Map([[from, null]]);
  const queue = [from];
  while (queue.length) {
    const p = queue.shift();
    if (p === to) break;
    for (const key of Object.keys(DIRS)) {
      const q = arrowStep(p, key, lines);
      if (q && !prev.has(q)) {
        prev.set(q, [p, key]);
        queue.push(q);
      }
    }
  }
  if (!prev.has(to)) throw new Error(`no arrow path from ${from} to ${to}`);
  const keys = [];
  for (let p = to; prev.get(p); p = prev.get(p)[0]) keys.unshift(prev.get(p)[1]);
  return keys;
}
