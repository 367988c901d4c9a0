// What a stopped multi-line search must resolve with, on every platform:
// the lines of its last finished iteration (the deepest depth that
// reported every line asked for), all of them, best first, and the best
// line's move as the move. `reports` are the `onInfo` reports in order.
import assert from "node:assert/strict";

const rank = ({ kind, value }) =>
  kind === "win" ? 2e9 - (value ?? 1e6) : kind === "loss" ? -2e9 + (value ?? 1e6) : value;

export function assertStoppedLines(result, reports, wanted) {
  const byDepth = new Map();
  for (const r of reports) {
    if (!byDepth.has(r.depth)) byDepth.set(r.depth, []);
    byDepth.get(r.depth).push(r);
  }
  const finished = [...byDepth.entries()].filter(([, lines]) => lines.length === wanted).map(([d]) => d);
  assert.ok(finished.length > 0, `no iteration finished: ${JSON.stringify(reports.map((r) => [r.depth, r.multipv]))}`);
  const depth = Math.max(...finished);
  const last = byDepth.get(depth);
  assert.equal(result.lines.length, wanted, `${result.lines.length} lines, not ${wanted}`);
  assert.deepEqual(
    result.lines.map((l) => l.pv.join(" ")).sort(),
    last.map((l) => l.pv.join(" ")).sort(),
    `the lines of depth ${depth}, the last finished`,
  );
  for (let i = 1; i < result.lines.length; i++) {
    assert.ok(rank(result.lines[i - 1].score) >= rank(result.lines[i].score), "best first");
  }
  assert.equal(result.move, result.lines[0].move, "the move is the best line's");
  assert.equal(result.pv.join(" "), result.lines[0].pv.join(" "));
}
