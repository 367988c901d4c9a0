// Every dialog holds the keyboard and the pointer (issue 39, point 1): the
// new-game dialog, a room's (Play a friend), the rules card, and the lab's
// analysis board, review, editor and puzzles. Each is opened from the
// keyboard (its button focused, Enter), and then: the focus is inside;
// Tab and Shift+Tab, pressed more times than the dialog has controls, never
// leave it; a click on the board behind it places nothing; Escape closes it
// and the focus is back on the button that opened it.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startHarness, assertNoErrors, screenshot, snapshot, moveCount } from "./lib/harness.mjs";
import { game } from "./lib/scenes.mjs";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

/** How long the lab (a module of its own, loaded on first use) may take to open a view. */
const LAB_TIMEOUT = 60_000;

const DIALOGS = [
  { name: "new game", opener: "new-game", shows: "dialog[open] .dialog #new-game-title" },
  { name: "a room (Play a friend)", opener: "play-friend", shows: "dialog[open] .dialog #new-game-title" },
  { name: "the rules card", opener: "rules", shows: "dialog[open] [data-rules-card]" },
  { name: "the analysis board", opener: "analyse", shows: "dialog[open] [data-analysis]", lab: true },
  { name: "the game's review", opener: "review", shows: "dialog[open] [data-analysis]", lab: true },
  { name: "the position editor", opener: "edit-position", shows: "dialog[open] [data-editor]", lab: true },
  { name: "the puzzles", opener: "puzzles", shows: "dialog[open] [data-puzzles] [data-puzzle-index]", lab: true },
];

/** Where the focus is: inside the open modal dialog, or what it is outside. */
function focusPlace(page) {
  return page.evaluate(() => {
    const a = document.activeElement;
    const open = document.querySelector("dialog[open]");
    if (open && a && open.contains(a)) return "inside";
    if (!a || a === document.body) return "body";
    return `outside: <${a.tagName.toLowerCase()}> ${a.getAttribute("data-action") ?? a.getAttribute("data-point") ?? a.className ?? ""}`;
  });
}

/** Focuses the opener (marking it) and presses Enter, then waits for the dialog. */
async function openByKeyboard(page, d) {
  const opener = page.locator(`[data-action="${d.opener}"]:visible`).first();
  await opener.evaluate((el) => {
    for (const other of document.querySelectorAll("[data-test-opener]")) other.removeAttribute("data-test-opener");
    el.setAttribute("data-test-opener", "");
    el.focus();
  });
  await page.keyboard.press("Enter");
  await page.locator(d.shows).first().waitFor({ timeout: d.lab ? LAB_TIMEOUT : undefined });
}

async function assertClosedBackOnOpener(page, what) {
  await page.locator("dialog").waitFor({ state: "detached" });
  const back = await page.evaluate(() => document.activeElement?.hasAttribute("data-test-opener") ?? false);
  assert.ok(back, `${what}: the focus is back on the button that opened the dialog`);
}

for (const d of DIALOGS) {
  test(`${d.name}: modal, Tab goes round inside, Escape gives the focus back`, async () => {
    const { page } = await h.newPage();
    await game(page, h.url);
    const before = moveCount(await snapshot(page));
    const board = await page.locator('[data-point="d5"]').first().boundingBox();

    await openByKeyboard(page, d);
    assert.equal(await focusPlace(page), "inside", `${d.name}: the focus moves into the dialog`);
    await page.keyboard.press("Escape");
    await assertClosedBackOnOpener(page, `${d.name}, closed by Escape`);

    await openByKeyboard(page, d);
    const controls = await page.evaluate(
      () => document.querySelectorAll("dialog[open] button, dialog[open] select, dialog[open] input, dialog[open] a[href], dialog[open] summary, dialog[open] textarea, dialog[open] [tabindex='0']").length,
    );
    for (let i = 0; i < controls + 3; i++) {
      await page.keyboard.press("Tab");
      assert.equal(await focusPlace(page), "inside", `${d.name}: Tab ×${i + 1} stays in the dialog`);
    }
    for (let i = 0; i < controls + 3; i++) {
      await page.keyboard.press("Shift+Tab");
      assert.equal(await focusPlace(page), "inside", `${d.name}: Shift+Tab ×${i + 1} stays in the dialog`);
    }
    // A click where the table's board lies, behind the dialog: nothing is
    // played (the lab's dialogs cover it with a board of their own).
    await page.mouse.click(board.x + board.width / 2, board.y + board.height / 2);
    await page.waitForTimeout(200);
    await screenshot(page, `dialog-${d.opener}`);
    await page.evaluate(() => document.querySelector("dialog[open] button")?.focus());
    await page.keyboard.press("Escape");
    await assertClosedBackOnOpener(page, `${d.name}, closed from its first button`);
    assert.equal(moveCount(await snapshot(page)), before, `${d.name}: nothing was played behind the dialog`);
    assert.equal(await page.locator('[data-point="d5"][data-piece]').count(), 0, `${d.name}: d5 behind the dialog stays empty`);
    assertNoErrors(page);
  });
}

test("a dialog opened by the mouse takes the keyboard too: Enter on the board behind does nothing", async () => {
  const { page } = await h.newPage();
  await game(page, h.url);
  await page.locator('[data-action="new-game"]:visible').first().click();
  await page.locator("dialog[open] #new-game-title").waitFor();
  // Focus cannot be put on the board behind: it is inert.
  const took = await page.evaluate(() => {
    const p = document.querySelector('svg.board [data-point="d5"]') ?? document.querySelector("svg.board");
    p?.focus?.();
    return document.querySelector("dialog[open]").contains(document.activeElement) || document.activeElement === document.body;
  });
  assert.ok(took, "the board behind the dialog cannot take the focus");
  await page.keyboard.press("Enter");
  await page.waitForTimeout(200);
  assert.equal(await page.locator('[data-point="d5"][data-piece]').count(), 0, "d5 stays empty");
  assertNoErrors(page);
});
