// Layouts that fit (issue 27, defect 3): at a phone's size upright and on its
// side, a tablet's and a laptop's, nothing needed to play is below the
// fold. The first screen shows its four choices, a game its board, both
// seats, the status and the game's buttons, the new-game dialog its Start
// (and a conflict next to the option that causes it), a room the link to
// send and your own seat. Checked without scrolling: the page at its top,
// each element wholly inside the window.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startHarness, assertNoErrors, screenshot } from "./lib/harness.mjs";
import { PLAYER } from "./lib/rooms.mjs";
import { SIZES, firstScreen, game, dialog, dialogConflict, room } from "./lib/scenes.mjs";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

/** Fails unless every selector names one visible element wholly inside the window, the page unscrolled. */
async function assertInView(page, selectors, where) {
  const found = await page.evaluate((sels) => {
    const out = { scrolled: window.scrollY, width: innerWidth, height: innerHeight, bad: [] };
    for (const sel of sels) {
      const el = [...document.querySelectorAll(sel)].find((e) => e.getClientRects().length > 0);
      if (!el) {
        out.bad.push(`${sel}: not on the page`);
        continue;
      }
      const r = el.getBoundingClientRect();
      const inside = r.width > 0 && r.height > 0 && r.left >= -1 && r.top >= -1 && r.right <= innerWidth + 1 && r.bottom <= innerHeight + 1;
      if (!inside) out.bad.push(`${sel}: at ${Math.round(r.left)},${Math.round(r.top)} to ${Math.round(r.right)},${Math.round(r.bottom)}`);
    }
    return out;
  }, selectors);
  assert.equal(found.scrolled, 0, `${where}: the page is at its top`);
  assert.deepEqual(found.bad, [], `${where}: outside the ${found.width}×${found.height} window`);
}

const BOARD = ["svg.board", '[data-seat="bottom"]', '[data-seat="top"]'];

for (const size of SIZES) {
  const at = `${size.width}×${size.height}`;
  const open = () => h.newPage({ viewport: { width: size.width, height: size.height }, ...PLAYER });

  test(`${at}: the first screen shows its four choices and the game's name beside the board`, { timeout: 90_000 }, async () => {
    const { page } = await open();
    await firstScreen(page, h.url);
    const choices = await page.locator("[data-welcome]").evaluateAll((els) => els.map((e) => e.getAttribute("data-welcome")));
    assert.deepEqual(choices, ["continue", "engine", "two", "room"]);
    await assertInView(page, [...BOARD, ...choices.map((c) => `[data-welcome="${c}"]`), ".brand h1", "[data-variant-name]"], `first screen at ${at}`);
    await screenshot(page, `layout-first-${size.name}`);
    assertNoErrors(page);
  });

  test(`${at}: a game needs no scrolling: board, seats, status and buttons in view`, { timeout: 120_000 }, async () => {
    const { page } = await open();
    await game(page, h.url);
    await assertInView(
      page,
      [...BOARD, "[data-status]", '[data-action="undo"]', '[data-action="resign"]', '[data-action="new-game"]', "[data-variant-name]"],
      `game at ${at}`,
    );
    assertNoErrors(page);
  });

  test(`${at}: the new-game dialog keeps Start in view, its rules folded, a conflict said at its cause`, { timeout: 90_000 }, async () => {
    const { page } = await open();
    await dialog(page, h.url);
    assert.equal(await page.locator("[data-rule]:visible").count(), 0, "the rule options are folded");
    await assertInView(page, ['.dialog [data-field="variant"]', '.dialog [data-field="mode"]', '.dialog [data-action="confirm"]'], `dialog at ${at}`);
    await page.locator('.dialog [data-field="mode"]').selectOption("vs-engine");
    await assertInView(page, ['.dialog [data-field="level"]', '.dialog [data-field="color"]', '.dialog [data-action="confirm"]'], `dialog at ${at}`);

    const { page: p2 } = await open();
    await dialogConflict(p2, h.url);
    const field = p2.locator('.field:has([data-rule="board"])');
    assert.equal(await field.locator("[data-conflict]").count(), 1, "the conflict is said next to the board, just changed");
    assert.match(await field.locator("[data-conflict]").innerText(), /9 pieces.*9 points/s);
    await p2.locator("[data-conflict]").scrollIntoViewIfNeeded();
    await assertInView(p2, ["[data-conflict]", '.dialog [data-action="confirm"]'], `dialog conflict at ${at}`);
    assert.ok(await p2.locator('.dialog [data-action="confirm"]').isDisabled(), "no start with the conflict");
    await p2.locator('[data-action="fit-pieces"]').click();
    assert.equal(await p2.locator("[data-conflict]").count(), 0, "the conflict is gone");
    assert.equal(await p2.locator('[data-rule="pieces"]').inputValue(), "3");
    assert.ok(await p2.locator('.dialog [data-action="confirm"]').isEnabled(), "start, with three pieces");
    assertNoErrors(page);
    assertNoErrors(p2);
  });

  test(`${at}: a room shows the link to send, the board and your seat`, { timeout: 90_000 }, async () => {
    const { page } = await open();
    await room(page, h.url);
    await assertInView(page, [...BOARD, "[data-invite-link]", "[data-room-code]"], `room at ${at}`);
    assertNoErrors(page);
  });
}
