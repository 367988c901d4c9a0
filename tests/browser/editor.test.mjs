// The position editor (issue 29): opened from the top bar, it refuses an
// impossible position (ten light pieces in Nine Men's Morris) with its reason
// and with "Play from here" and "Analyse" disabled; fixed, "Analyse" opens the
// analysis board on that position, which shows lines; the editor's link opens
// the editor again on the same pieces; "Play from here" starts a game there.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import { startHarness, waitForBoard, clickAction, assertNoErrors, screenshot, openGame, gameLink } from "./lib/harness.mjs";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

const editor = (page) => page.locator("[data-editor]");
const point = (page, name) => editor(page).locator(`[data-point="${name}"]`);
const LIGHT = ["a7", "d7", "g7", "b6", "d6", "f6", "c5", "d5", "e5"];
const DARK = ["a1", "d1", "g1"];

/** The pieces a board inside `scope` shows, as "d6:light" strings, sorted. */
const piecesIn = (scope) =>
  scope.locator("[data-point][data-piece]").evaluateAll((els) => els.map((e) => `${e.dataset.point}:${e.dataset.piece}`).sort());

/** Types `n` into a hand field the way a person does: select, type, leave. */
async function setHand(page, color, n) {
  const field = editor(page).locator(`[data-hand="${color}"]`);
  await field.fill(String(n));
  await field.press("Tab");
  await page.waitForFunction(([c, v]) => document.querySelector(`[data-hand="${c}"]`)?.value === v, [color, String(n)]);
}

const expected = [...LIGHT.map((p) => `${p}:light`), ...DARK.map((p) => `${p}:dark`)].sort();

test("an impossible position is refused with its reason; fixed, it is analysed and shared", { timeout: 150_000 }, async () => {
  const { page, context } = await h.newPage({ viewport: { width: 1280, height: 860 } });
  await page.goto(h.url);
  await waitForBoard(page);
  await clickAction(page, "edit-position");
  await editor(page).waitFor();
  await editor(page).locator("[data-editor-ok]").waitFor();

  // Ten light pieces with the light tool, dark ones by cycling (two taps).
  await editor(page).locator('[data-tool="light"]').click();
  for (const p of [...LIGHT, "a4"]) await point(page, p).click();
  await editor(page).locator('[data-tool="cycle"]').click();
  for (const p of DARK) {
    await point(page, p).click();
    await point(page, p).click();
  }
  await setHand(page, "light", 0);
  // No hand holds more than the game gives: 40 typed is 9.
  const dark = editor(page).locator('[data-hand="dark"]');
  await dark.fill("40");
  await dark.press("Tab");
  await page.waitForFunction(() => document.querySelector('[data-hand="dark"]')?.value === "9");
  await setHand(page, "dark", 0);
  assert.deepEqual(await piecesIn(editor(page)), [...expected, "a4:light"].sort());

  const problems = editor(page).locator("[data-editor-problems]");
  await problems.waitFor();
  const text = await problems.innerText();
  assert.match(text, /Light has 10 on the board and 0 in hand, more than the 9 pieces a side has/, text);
  assert.ok(await editor(page).locator('[data-action="play-from-here"]').isDisabled(), "Play from here is disabled");
  assert.ok(await editor(page).locator('[data-action="analyse-position"]').isDisabled(), "Analyse is disabled");
  assert.match(await editor(page).locator("[data-editor-blocked]").innerText(), /Fix these problems/);
  await screenshot(page, "editor-refused-1280");

  // The eraser takes the tenth piece off: the position can be played.
  await editor(page).locator('[data-tool="eraser"]').click();
  await point(page, "a4").click();
  await editor(page).locator("[data-editor-ok]").waitFor();
  assert.equal(await problems.count(), 0, "no problem is left");
  assert.ok(await editor(page).locator('[data-action="analyse-position"]').isEnabled());
  const link = await editor(page).locator("[data-editor-link]").inputValue();
  assert.match(link, /#editor&position=nine%20/, link);

  // "Analyse": the analysis board on these pieces, and it finds lines.
  await editor(page).locator('[data-action="analyse-position"]').click();
  const analysis = page.locator("[data-analysis]");
  await analysis.waitFor();
  assert.equal(await editor(page).count(), 0, "the editor has closed");
  assert.deepEqual(await piecesIn(analysis), expected);
  await analysis.locator(".analysis-line").first().waitFor({ timeout: 60_000 });
  assert.ok((await analysis.locator(".analysis-line").count()) >= 1);

  // "Edit position" on the analysis board brings the editor back on it.
  await analysis.locator('[data-action="edit-position"]').click();
  await editor(page).waitFor();
  assert.deepEqual(await piecesIn(editor(page)), expected);
  await clickAction(page, "close-editor");
  assertNoErrors(page);

  // The link, opened in a new page: the editor with the same pieces.
  const other = await context.newPage();
  await other.goto(link);
  await editor(other).waitFor();
  assert.deepEqual(await piecesIn(editor(other)), expected);
  assert.equal(await editor(other).locator('[data-hand="light"]').inputValue(), "0");

  // "Play from here": the game on the table starts from the position.
  await editor(other).locator('[data-action="play-from-here"]').click();
  assert.equal(await editor(other).count(), 0);
  assert.deepEqual(await piecesIn(other.locator("main")), expected);
});

test("on a phone the editor fits the width and names every problem", { timeout: 90_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });
  // Dark to move in the placing with equal hands (light places first), and a
  // dark piece lost before light could close a mill.
  const text = "nine L../.../.../....../.../.../... D 8/8 0/0 -";
  await page.goto(`${h.url}#editor&position=${encodeURIComponent(text)}`);
  await editor(page).waitFor();
  const items = await editor(page).locator("[data-problem]").allInnerTexts();
  assert.equal(items.length, 2, items.join(" | "));
  assert.match(items[0], /do not fit Dark to move/);
  assert.match(items[1], /Dark has lost pieces, but Light has placed too few/);
  const wide = await page.evaluate(() => document.documentElement.scrollWidth);
  assert.ok(wide <= 390, `no sideways scrolling: ${wide}px`);
  await screenshot(page, "editor-problems-390");
  assertNoErrors(page);
});

/** A new page at `viewport` (a phone's touch below 500 px) on the editor's link. */
async function openEditor(viewport) {
  const phone = viewport.width < 500;
  const { page } = await h.newPage({ viewport, isMobile: phone, hasTouch: phone });
  await page.goto(`${h.url}#editor`);
  await editor(page).waitFor();
  return page;
}

// A newcomer sets up a position from the start: each piece put on comes
// from its side's hand, so the board and the hand never hold more than the
// game gives, and one taken off goes back (desktop and phone).
test("pieces put on come from their side's hand and go back when taken off", { timeout: 120_000 }, async () => {
  for (const viewport of [{ width: 1280, height: 860 }, { width: 390, height: 844 }]) {
    const page = await openEditor(viewport);
    await editor(page).locator('[data-tool="light"]').click();
    for (const p of ["a1", "a4", "g7"]) await point(page, p).click();
    const light = editor(page).locator('[data-hand="light"]');
    assert.equal(await light.inputValue(), "6", "three pieces put on from a hand of nine");
    const problems = editor(page).locator("[data-editor-problems]");
    if (await problems.count()) assert.doesNotMatch(await problems.innerText(), /more than the 9 pieces a side has/);
    // Dark's three too: light to move with six in each hand can be played.
    await editor(page).locator('[data-tool="dark"]').click();
    for (const p of ["b2", "f2", "d3"]) await point(page, p).click();
    assert.equal(await editor(page).locator('[data-hand="dark"]').inputValue(), "6");
    await editor(page).locator("[data-editor-ok]").waitFor();
    assert.ok(await editor(page).locator('[data-action="play-from-here"]').isEnabled(), "Play from here is enabled");
    // A piece taken off goes back to its hand.
    await editor(page).locator('[data-tool="eraser"]').click();
    await point(page, "a4").click();
    assert.equal(await light.inputValue(), "7");
    await screenshot(page, `editor-hands-${viewport.width}`);
    assertNoErrors(page);
  }
});

// A moving position (both hands empty) stays one: a point cycled through
// light, dark and empty, or a piece erased, puts no piece into a hand.
test("a point cycled or erased in a moving position leaves the hands empty", { timeout: 60_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  const text = "nine .D./DL./.../..L..L/.../.../.D. L 0/0 0/0 -";
  await page.goto(`${h.url}#editor&position=${encodeURIComponent(text)}`);
  await editor(page).waitFor();
  const hands = () => editor(page).locator("[data-hand]").evaluateAll((els) => els.map((e) => `${e.dataset.hand}:${e.value}`));
  assert.deepEqual(await hands(), ["light:0", "dark:0"]);
  await editor(page).locator('[data-tool="cycle"]').click();
  for (const piece of ["light", "dark", null]) {
    await point(page, "c5").click();
    assert.equal(await point(page, "c5").getAttribute("data-piece"), piece);
  }
  assert.deepEqual(await hands(), ["light:0", "dark:0"], "light, dark, empty on c5: the hands as they were");
  await editor(page).locator('[data-tool="eraser"]').click();
  await point(page, "c4").click();
  assert.equal(await point(page, "c4").getAttribute("data-piece"), null);
  assert.deepEqual(await hands(), ["light:0", "dark:0"], "a piece taken off in the moving phase is one captured");
  assertNoErrors(page);
});

// The record box holds what Copy record put there for the game it was
// copied from: "Play from here" puts another game on the table, and the
// box lets go of the old record; text the person wrote stays.
test("after Play from here the record box no longer holds the last game's record; what was typed in it stays", { timeout: 90_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players", moves: "a1,b2,d1" }));
  const record = page.locator("details.record:has(textarea)");
  const box = record.locator("textarea");
  await record.locator("summary").click();
  await page.locator('[data-copy="record"]').click();
  assert.match(await box.inputValue(), /a1.*b2.*d1/s, "the game's record copied into the box");
  const playFromHere = async () => {
    await clickAction(page, "edit-position");
    await editor(page).locator("[data-editor-ok]").waitFor();
    await editor(page).locator('[data-action="play-from-here"]').click();
    await editor(page).waitFor({ state: "detached" });
  };
  await playFromHere();
  if (!(await record.evaluate((d) => d.open))) await record.locator("summary").click();
  assert.equal(await box.inputValue(), "", "the old game's record is gone with it");
  await box.fill("my notes: a1 b2");
  await playFromHere();
  assert.equal(await box.inputValue(), "my notes: a1 b2", "what the person wrote stays");
  assertNoErrors(page);
});

// "Open" under an empty record box is a press too soon, not a new game:
// the game stays, and the focus goes to the box to paste into.
test("Open with nothing pasted keeps the game and puts the focus in the record box", { timeout: 60_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players", moves: "a1,b2,d1,d2" }));
  const record = page.locator("details.record:has(textarea)");
  await record.locator("summary").click();
  await record.locator("[data-load]").click();
  await page.waitForTimeout(300);
  assert.deepEqual(await piecesIn(page.locator("main")), ["a1:light", "b2:dark", "d1:light", "d2:dark"], "the game is still on the table");
  assert.equal(await page.locator("[data-notice]").count(), 0, "no notice of a game put away");
  assert.ok(await record.locator("textarea").evaluate((t) => t === document.activeElement), "the focus is in the box");
  assertNoErrors(page);
});

// Clear board in the placing gives the start back, hands full; in a
// moving position the hands stay empty, to set up an endgame.
test("Clear board after a piece was put on gives full hands, and no problem to fix", { timeout: 60_000 }, async () => {
  const page = await openEditor({ width: 1280, height: 800 });
  await editor(page).locator('[data-tool="cycle"]').click();
  await point(page, "d6").click();
  assert.equal(await editor(page).locator('[data-hand="light"]').inputValue(), "8");
  await editor(page).locator('[data-action="clear-board"]').click();
  await editor(page).locator("[data-editor-ok]").waitFor();
  const hands = await editor(page).locator("[data-hand]").evaluateAll((els) => els.map((e) => e.value));
  assert.deepEqual(hands, ["9", "9"]);
  assert.equal(await editor(page).locator("[data-problem]").count(), 0);
  assertNoErrors(page);
});

// A number typed in a hand field counts at once: the problems and "Play
// from here" follow it before the field is left (desktop and phone).
test("a hand typed counts before the field is left", { timeout: 120_000 }, async () => {
  for (const viewport of [{ width: 1280, height: 860 }, { width: 390, height: 844 }]) {
    const page = await openEditor(viewport);
    await editor(page).locator("[data-editor-ok]").waitFor();
    const light = editor(page).locator('[data-hand="light"]');
    const play = editor(page).locator('[data-action="play-from-here"]');
    await light.click();
    await light.selectText();
    await page.keyboard.type("8");
    const problems = editor(page).locator("[data-editor-problems]");
    await problems.waitFor({ timeout: 2000 });
    assert.match(await problems.innerText(), /light 8, dark 9\) do not fit Light to move/);
    assert.ok(await play.isDisabled(), "Play from here is disabled as soon as 8 is typed");
    await light.selectText();
    await page.keyboard.type("9");
    await editor(page).locator("[data-editor-ok]").waitFor({ timeout: 2000 });
    assert.ok(await play.isEnabled());
    assert.equal(await page.evaluate(() => document.activeElement?.dataset.hand), "light", "the field was never left");
    assertNoErrors(page);
  }
});
