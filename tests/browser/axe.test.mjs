// axe-core (the pinned npm package) finds no violation in any view
// (issue 39, point 8): the first screen, a game on the table, the
// new-game dialog (its rule options unfolded), a room just opened, the
// rules card, and the lab's analysis board, review, editor and puzzles.
// Each is reached the way a player gets there (lib/scenes.mjs).
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import path from "node:path";
import { startHarness, assertNoErrors, ROOT } from "./lib/harness.mjs";
import * as scenes from "./lib/scenes.mjs";

const AXE = path.join(ROOT, "node_modules/axe-core/axe.min.js");

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

/** axe's violations on the page as it is, one line each: rule, impact, where. */
async function violations(page) {
  await page.addScriptTag({ path: AXE });
  const found = await page.evaluate(async () => {
    // eslint-disable-next-line no-undef
    const r = await axe.run(document, { resultTypes: ["violations"] });
    return {
      rules: r.passes.length + r.violations.length + r.incomplete.length,
      violations: r.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        nodes: v.nodes.slice(0, 3).map((n) => n.target.join(" ")),
      })),
    };
  });
  // axe ran on a page with something on it, not on an empty document.
  assert.ok(found.rules >= 10, `axe applied ${found.rules} rules`);
  return found.violations.map((v) => `${v.id} (${v.impact}): ${v.nodes.join(" | ")}`);
}

const VIEWS = [
  ["the first screen", scenes.firstScreen],
  ["a game on the table", scenes.game],
  ["the new-game dialog, options unfolded", scenes.dialogUnfolded],
  ["a room just opened", scenes.room],
  ["the rules card", scenes.rulesCard],
  ["the analysis board", scenes.analysis],
  ["the analysis board on a line of one's own", scenes.analysisSideLine],
  ["the game's review", scenes.review],
  ["the position editor", scenes.editor],
  ["the puzzles", scenes.puzzles],
];

for (const [name, reach] of VIEWS) {
  test(`axe: no violations in ${name}`, async () => {
    const { page } = await h.newPage({ permissions: ["clipboard-read", "clipboard-write"] });
    await reach(page, h.url);
    assert.deepEqual(await violations(page), [], `${name}: axe-core's violations`);
    assertNoErrors(page);
  });
}
