// A hot-seat game played with the keyboard only: Tab to the board, the arrow
// keys move the cursor (data-cursor) along the board's lines, Enter places,
// selects, moves and removes, Escape cancels a selection.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  startHarness, gameLink, openGame, snapshot, waitForState, cursorAt, moveCount, moveText,
  removable, targets, screenshot, assertNoErrors, waitForBoard,
} from "./lib/harness.mjs";
import { arrowPath, arrowStep } from "./lib/boards.mjs";

const GAME = [
  "a1", "b2", "d1", "d2", "g1xb2", "f2", "g4", "b4", "g7xd2", "c3", "d7", "e3", "a7xc3", "c5", "a4xe3", "d5",
  "d3", "e4", "g4-f4", "b4-b6", "f4-g4xf2",
];

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

/** Presses Tab until the focus is on the board (a data-point or an element holding them). */
async function focusBoard(page) {
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    const onBoard = await page.evaluate(() => {
      const a = document.activeElement;
      return !!a && (a.hasAttribute("data-point") || !!a.closest("[data-point]") || !!a.querySelector("[data-point]"));
    });
    if (onBoard) return i + 1;
  }
  assert.fail("Tab never reached the board");
}

async function cursor(page) {
  const c = cursorAt(await snapshot(page));
  assert.ok(c.length <= 1, `at most one point has data-cursor (${c})`);
  return c[0] ?? null;
}

async function goTo(page, to) {
  let at = await cursor(page);
  for (const key of arrowPath(at, to)) {
    const expect = arrowStep(at, key);
    await page.keyboard.press(key);
    await waitForState(page, (s) => s.points[expect]?.cursor, `${key} from ${at} to move the cursor along the line to ${expect}`);
    at = expect;
  }
}

async function enterAt(page, point) {
  await goTo(page, point);
  await page.keyboard.press("Enter");
}

test("a hot-seat game with the keyboard only", { timeout: 300_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "two-players" }));
  const tabs = await focusBoard(page);
  let start = await cursor(page);
  if (!start) {
    // Some boards show the cursor only once a key is used.
    await page.keyboard.press("ArrowUp");
    start = (await waitForState(page, (s) => cursorAt(s).length === 1, "a visible cursor (data-cursor) on the board")) && (await cursor(page));
  }
  console.log(`# board reached with ${tabs} Tab presses, cursor on ${start}`);

  // The cursor follows the lines: check each arrow from the start point.
  for (const key of ["ArrowUp", "ArrowRight", "ArrowDown", "ArrowLeft"]) {
    const at = await cursor(page);
    const expect = arrowStep(at, key) ?? at;
    await page.keyboard.press(key);
    await waitForState(page, (s) => s.points[expect]?.cursor, `${key} from ${at} goes to ${expect}`);
  }

  for (let i = 0; i < GAME.length; i++) {
    const move = GAME[i];
    const color = i % 2 === 0 ? "light" : "dark";
    const [body, ...removals] = move.split("x");
    const [from, to] = body.includes("-") ? body.split("-") : [null, body];
    if (from) {
      await enterAt(page, from);
      await waitForState(page, (s) => s.points[from].selected && targets(s).includes(to), `Enter selects ${from}`);
      if (i === 18) {
        // Escape cancels the selection; Enter selects again.
        await page.keyboard.press("Escape");
        await waitForState(page, (s) => !s.points[from].selected && targets(s).length === 0, "Escape cancels the selection");
        await page.keyboard.press("Enter");
        await waitForState(page, (s) => s.points[from].selected, `Enter selects ${from} again`);
        await screenshot(page, "keyboard-selected");
      }
    }
    await enterAt(page, to);
    let snap = await waitForState(page, (s) => s.points[to].piece === color, `Enter puts a ${color} piece on ${to}`);
    for (const r of removals) {
      snap = await waitForState(page, (s) => removable(s).includes(r), `${r} removable`);
      await enterAt(page, r);
      await waitForState(page, (s) => s.points[r].piece === null, `Enter removes ${r}`);
    }
    snap = await waitForState(page, (s) => moveCount(s) === i + 1, `the move list to show ${move}`);
    assert.equal(moveText(snap.moves[i]), move);
  }
  await screenshot(page, "keyboard-end");
  assertNoErrors(page);
});

test("the move list's buttons by keyboard: Home on Previous move goes to the start, End back to the game, the focus kept", { timeout: 60_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  const moves = ["d6", "b4", "f4", "d2", "d7", "f6", "a4", "g4", "b6", "f2", "a1", "g7"];
  await page.goto(`${h.url}#variant=nine&mode=two-players&moves=${moves.join(",")}`);
  await waitForBoard(page);
  const stepper = page.locator(".moves-panel .stepper");
  const button = (name) => stepper.getByRole("button", { name, exact: true });
  await button("Previous move").focus();
  // A button with nowhere to go (disabled, or saying so).
  const off = (name) =>
    stepper.locator(`[aria-label="${name}"]:is([disabled], [aria-disabled="true"])`).waitFor({ timeout: 5_000 });
  await page.keyboard.press("Home");
  await off("First position");
  const focused = await page.evaluate(() => document.activeElement?.getAttribute("aria-label") ?? document.activeElement?.tagName);
  assert.equal(focused, "Previous move", "the focus stays on the button pressed");
  await page.keyboard.press("End");
  await off("Back to the game");
  assert.equal(await button("First position").getAttribute("aria-disabled"), null);
  // A button with nowhere to go does nothing when pressed.
  await button("Back to the game").click({ force: true });
  await off("Back to the game");
  await screenshot(page, "keyboard-move-list-buttons");
  assertNoErrors(page);
});

test("Enter on Hint: the hint comes and the focus stays on the button, so Enter asks again", { timeout: 60_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${h.url}#variant=nine&mode=two-players&moves=d6,b4`);
  await waitForBoard(page);
  const hint = page.locator('[data-action="hint"]');
  // Tab to it, as a person does.
  for (let i = 0; i < 40 && !(await hint.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press("Tab");
  assert.ok(await hint.evaluate((b) => b === document.activeElement), "Tab reaches Hint");
  await page.keyboard.press("Enter");
  await page.locator(".hint-text", { hasText: /^Hint: / }).waitFor({ timeout: 30_000 });
  assert.ok(await hint.evaluate((b) => b === document.activeElement), "the focus is still on Hint");
  assert.equal(await hint.getAttribute("aria-disabled"), null, "and it can be pressed again");
  assertNoErrors(page);
});

test("the hint by keyboard: its points say they are part of it, and its ring shows round the focus ring", { timeout: 60_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  // Light to place; g1 closes a1-d1-g1 and takes a dark piece.
  await page.goto(`${h.url}#variant=nine&mode=two-players&moves=a1,b2,d1,d2`);
  await waitForBoard(page);
  const hint = page.locator('[data-action="hint"]');
  for (let i = 0; i < 40 && !(await hint.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press("Tab");
  await page.keyboard.press("Enter");
  const line = page.locator(".hint-text", { hasText: /^Hint: / });
  await line.waitFor({ timeout: 30_000 });
  const [, to, taken] = (await line.innerText()).trim().match(/^Hint: ([a-g][1-7])x([a-g][1-7])$/) ?? [];
  assert.ok(to && taken, `the hint closes a mill: ${await line.innerText()}`);
  const label = (p) => page.locator(`[data-point="${p}"]`).getAttribute("aria-label");
  assert.match(await label(to), new RegExp(`^${to}, empty point, .*part of the hint`), "where to place says it is the hint");
  assert.match(await label(taken), new RegExp(`^${taken}, dark piece, .*part of the hint`), "the piece to take too");
  assert.doesNotMatch(await label("a4"), /hint/, "and no other point");
  // Shift+Tab back to the board, then the cursor onto the hint's point.
  for (let i = 0; i < 40 && !(await page.evaluate(() => document.activeElement?.hasAttribute("data-point"))); i++) {
    await page.keyboard.press("Shift+Tab");
  }
  await page.locator(`[data-point="${to}"]`).focus();
  const rings = await page.locator(`[data-point="${to}"]`).evaluate((g) => {
    const ring = (sel) => {
      const c = g.querySelector(sel);
      return { r: Number(c.getAttribute("r")), width: parseFloat(getComputedStyle(c).strokeWidth), stroke: getComputedStyle(c).stroke };
    };
    return { focused: g.matches(":focus-visible"), halo: ring(".focus-halo"), hint: ring(".suggest-mark") };
  });
  assert.ok(rings.focused, "the focus ring shows on the hint's point");
  assert.notEqual(rings.halo.stroke, "none");
  assert.ok(rings.hint.r - rings.hint.width / 2 > rings.halo.r + rings.halo.width / 2,
    `the hint's ring lies outside the focus ring: ${JSON.stringify(rings)}`);
  await screenshot(page, "keyboard-hint-focus");
  assertNoErrors(page);
});

test("Start in the new-game dialog from the first screen leaves the focus on the board, which Enter plays at once, on every board", { timeout: 90_000 }, async () => {
  for (const variant of ["nine", "three", "twelve"]) {
    const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(h.url, { waitUntil: "domcontentloaded" });
    await waitForBoard(page);
    // Tab to "A friend on this screen", as a person does; Enter opens the dialog.
    const two = page.locator('[data-welcome="two"]');
    for (let i = 0; i < 40 && !(await two.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.locator("dialog[open]").waitFor();
    await page.locator('dialog[open] [data-field="variant"]').selectOption(variant);
    const start = page.locator('dialog[open] [data-action="confirm"]');
    for (let i = 0; i < 40 && !(await start.evaluate((b) => b === document.activeElement)); i++) await page.keyboard.press("Tab");
    await page.keyboard.press("Enter");
    await page.locator("dialog[open]").waitFor({ state: "detached" });
    await page.waitForFunction(() => document.activeElement?.closest("svg.board [data-point]"), null, { timeout: 5_000 })
      .catch(() => {});
    const focused = await page.evaluate(() => document.activeElement?.getAttribute("data-point") ?? document.activeElement?.tagName);
    assert.match(focused, /^[a-g][1-7]$/, `${variant}: the focus is on a point of the board, not lost: ${focused}`);
    await page.keyboard.press("Enter");
    await waitForState(page, (s) => moveCount(s) === 1, `${variant}: Enter placed a piece`);
    assertNoErrors(page);
    await page.context().close();
  }
});

test("buttons that go or wait disabled as they are pressed leave the focus on the table: Got it, Offer draw, its Cancel, Resign, its Cancel, Yes resign", { timeout: 90_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${h.url}#variant=nine&mode=two-players&moves=d6,b4`);
  await waitForBoard(page);
  const active = () => page.evaluate(() => {
    const a = document.activeElement;
    return a === document.body || !a ? "body" : a.getAttribute("data-action") ?? a.getAttribute("data-point") ?? a.tagName;
  });
  /** Tabs to the button `action` (as a person does) and presses Enter on it. */
  const press = async (action) => {
    const b = page.locator(`[data-action="${action}"]`).first();
    for (let i = 0; i < 60 && !(await b.evaluate((el) => el === document.activeElement)); i++) await page.keyboard.press("Tab");
    assert.ok(await b.evaluate((el) => el === document.activeElement), `Tab reaches ${action}`);
    await page.keyboard.press("Enter");
    await page.waitForTimeout(150);
  };
  // The coach's tip for the placing is up: Got it takes it away.
  await press("coach-ok");
  assert.notEqual(await active(), "body", "after Got it the focus stays on the table");
  await press("offer-draw");
  assert.equal(await active(), "cancel", "the offer's Cancel takes the focus, not the page");
  await page.keyboard.press("Enter");
  await page.waitForTimeout(150);
  assert.equal(await active(), "offer-draw", "after Cancel the focus is back on the button that asked");
  await press("resign");
  assert.equal(await active(), "cancel", "the question's safe answer takes the focus");
  await page.keyboard.press("Enter");
  await page.waitForTimeout(150);
  assert.equal(await active(), "resign", "after Cancel the focus is back on Resign");
  await press("resign");
  await press("confirm");
  assert.ok(await page.locator(".status.over").count(), "the game is over");
  assert.notEqual(await active(), "body", "after Yes, resign the focus stays on the table");
  assertNoErrors(page);
});

test("the analysis board by the keyboard alone: Tab reaches its board, the arrows walk its lines, Enter plays, Escape closes", { timeout: 60_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${h.url}#analysis&variant=nine&moves=d6`);
  const dialog = page.locator("[data-analysis]");
  await dialog.waitFor();
  await page.waitForFunction(() => document.activeElement?.matches("dialog[open] h2[tabindex]"));
  const point = () => page.evaluate(() => document.activeElement?.closest("[data-analysis] svg.board [data-point]")?.getAttribute("data-point") ?? null);
  // From the title, Tab goes round the dialog's controls and reaches its board.
  let reached = null;
  for (let i = 0; i < 40 && !reached; i++) {
    await page.keyboard.press("Tab");
    reached = await point();
  }
  assert.ok(reached, "Tab reaches the analysis board");
  // The arrows walk the board's lines (the first from the centre), Enter places there.
  await page.keyboard.press("ArrowUp");
  const first = await point();
  await page.keyboard.press("ArrowUp");
  const second = await point();
  assert.ok(first && second && first !== second, `the cursor moves along a line: ${first} then ${second}`);
  await page.keyboard.press("Enter");
  await dialog.locator('[data-ply="2"] button[aria-current]').waitFor();
  assert.equal(await dialog.locator('[data-ply="2"] button').textContent(), second, "Enter played where the cursor is");
  // On from the board, the engine's lines show their focus as plainly as a button does.
  await dialog.locator('[data-lines="3"]').waitFor({ timeout: 60_000 });
  let ring = null;
  for (let i = 0; i < 40 && ring === null; i++) {
    await page.keyboard.press("Tab");
    ring = await page.evaluate(() => {
      const a = document.activeElement;
      return a?.classList.contains("analysis-line") ? parseFloat(getComputedStyle(a).outlineWidth) : null;
    });
  }
  assert.ok(ring >= 3, `Tab reaches a line, its focus ring 3 px wide: ${ring}`);
  // Nothing under way on the board: Escape closes the dialog.
  await page.keyboard.press("Escape");
  await dialog.waitFor({ state: "detached" });
  assertNoErrors(page);
});

test("Back to the game by the keyboard leaves the focus on the game's turn it shows, not on the dialog", { timeout: 60_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${h.url}#analysis&variant=nine&moves=d6,d2,f4,b4`);
  const dialog = page.locator("[data-analysis]");
  await dialog.waitFor();
  await page.waitForFunction(() => document.activeElement?.matches("dialog[open] h2[tabindex]"));
  // The dialog's arrows step back to the first turn; a reply of one's own there.
  for (let i = 0; i < 3; i++) await page.keyboard.press("ArrowLeft");
  await dialog.locator('[data-ply="1"] button[aria-current]').waitFor();
  await dialog.locator('[data-point="a1"]').click();
  const back = dialog.locator('[data-action="back-to-game"]');
  await back.focus();
  await page.keyboard.press("Enter");
  await back.waitFor({ state: "detached" });
  await page.waitForFunction(() => document.activeElement?.closest("[data-ply]"), null, { timeout: 5_000 })
    .catch(() => {});
  const focused = await page.evaluate(() => {
    const a = document.activeElement;
    return { ply: a?.closest("[data-ply]")?.getAttribute("data-ply") ?? null, tag: a?.tagName, current: a?.getAttribute("aria-current") };
  });
  const seen = await page.evaluate(() => `${document.activeElement?.outerHTML.slice(0, 160)}; turns ${[...document.querySelectorAll("[data-analysis-moves] li")].map((e) => e.textContent.trim())}`);
  assert.deepEqual(focused, { ply: "1", tag: "BUTTON", current: "step" }, `the focus is on the turn shown, not ${seen}`);
  // From there the keyboard goes on: Enter keeps it, the arrows step the game's turns.
  await page.keyboard.press("ArrowRight");
  await dialog.locator('[data-ply="2"] button[aria-current]').waitFor();
  assert.equal(await dialog.locator('[data-ply="2"] button').textContent(), "d2", "the game's own turn");
  await page.waitForFunction(() => document.activeElement?.closest("[data-ply]")?.getAttribute("data-ply") === "2", null, { timeout: 5_000 })
    .catch(() => assert.fail("the focus follows the turn shown, so its ring and its highlight are on one turn"));
  assertNoErrors(page);
});

test("the analysis board's line is one Tab stop; Enter on an engine's line keeps the focus on the line's turn; the editor opened from it closes back to it, on Edit position", { timeout: 90_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  const game = "a1,b2,d1,d2,b4,a7,f2,f4,c5,e5,g7,d6";
  await page.goto(`${h.url}#analysis&variant=nine&moves=${game}`);
  const dialog = page.locator("[data-analysis]");
  await dialog.waitFor();
  await page.waitForFunction(() => document.activeElement?.matches("dialog[open] h2[tabindex]"));
  const focus = () => page.evaluate(() => {
    const a = document.activeElement;
    return a?.closest("[data-analysis-moves] [data-ply]")?.getAttribute("data-ply") ?? a?.getAttribute("data-action") ?? a?.className ?? a?.tagName;
  });
  // Tab by Tab from the title: the line's twelve turns are one stop, the turn shown.
  const stops = [];
  for (let i = 0; i < 60; i++) {
    await page.keyboard.press("Tab");
    const at = await focus();
    if (at === "edit-position") break;
    stops.push(at);
  }
  const turns = stops.filter((s) => /^\d+$/.test(s));
  assert.deepEqual(turns, ["12"], `one Tab stop in the line, the turn shown: ${stops.join(" ")}`);
  // Up and Down step there too, the focus going with the turn shown.
  await dialog.locator('[data-analysis-moves] [data-ply="12"] button').focus();
  await page.keyboard.press("ArrowUp");
  await dialog.locator('[data-ply="11"] button[aria-current]').waitFor();
  // The focus follows once the turn is drawn, a moment after the mark.
  await page.waitForFunction(() => document.activeElement?.closest("[data-analysis-moves] [data-ply]")?.getAttribute("data-ply") === "11", null, { timeout: 5_000 })
    .catch(() => {});
  assert.equal(await focus(), "11", "the focus went up with the turn shown");
  // Enter on an engine's line plays it: the focus goes on to the line's turn shown, not the dialog.
  const line = dialog.locator(".analysis-line").first();
  await line.waitFor({ timeout: 60_000 });
  await line.focus();
  await page.keyboard.press("Enter");
  await page.waitForFunction(() => document.activeElement?.closest("[data-analysis-moves] [data-ply]"), null, { timeout: 5_000 })
    .catch(() => {});
  const after = await focus();
  assert.match(String(after), /^\d+$/, `the focus is on a turn of the line: ${after}`);
  assert.equal(await dialog.locator(`[data-ply="${after}"] button`).getAttribute("aria-current"), "step", "the turn shown");
  // The editor opened from the analysis board closes back to it, at the turn it showed.
  await dialog.locator('[data-analysis-moves] [data-ply="6"] button').click();
  await dialog.locator('[data-action="edit-position"]').click();
  const editor = page.locator("[data-editor]");
  await editor.waitFor();
  await editor.locator('.dialog-head [data-action="close-dialog"]').click();
  await dialog.waitFor();
  await dialog.locator('[data-ply="6"] button[aria-current]').waitFor();
  assert.equal(await editor.count(), 0, "the editor closed");
  assert.equal(await focus(), "edit-position", "the focus is back on Edit position, which opened the editor");
  // Its own close button, at the top, closes the analysis board.
  await dialog.locator('.dialog-head [data-action="close-dialog"]').click();
  await dialog.waitFor({ state: "detached" });
  assertNoErrors(page);
});

test("Enter twice on Rematch against the computer: the new game starts, the focus waits on its board, no draw is offered", { timeout: 90_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  await openGame(page, gameLink(h.url, { variant: "nine", mode: "vs-engine", color: "light", level: 1 }));
  await page.locator('[data-action="resign"]').focus();
  await page.keyboard.press("Enter");
  await page.locator('[data-action="confirm"]').focus();
  await page.keyboard.press("Enter");
  const rematch = page.locator('[data-action="rematch"]');
  await rematch.focus();
  // A person's double press, 150 ms apart.
  await page.keyboard.press("Enter");
  await page.waitForTimeout(150);
  await page.keyboard.press("Enter");
  await page.waitForTimeout(1_500);
  assert.equal(await page.locator(".status.over").count(), 0, "the new game is on");
  const focused = await page.evaluate(() => document.activeElement?.closest("svg.board [data-point]")?.getAttribute("data-point") ?? document.activeElement?.getAttribute("data-action") ?? document.activeElement?.tagName);
  assert.match(String(focused), /^[a-g][1-7]$/, `the focus is on the new game's board, not on a button: ${focused}`);
  assert.doesNotMatch(await page.locator("body").innerText(), /declines the draw|draw offer/i, "no draw offered");
  assertNoErrors(page);
});

test("the puzzle's board and the position editor's board: Tab reaches them, the arrows walk their lines, Enter presses the point", { timeout: 90_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(h.url);
  await waitForBoard(page);
  const point = (root) => page.evaluate((root) => document.activeElement?.closest(`${root} svg.board [data-point]`)?.getAttribute("data-point") ?? null, root);
  /** Tabs into the board under `root`, then walks two steps along its lines. */
  const walk = async (root) => {
    let at = null;
    for (let i = 0; i < 40 && !at; i++) {
      await page.keyboard.press("Tab");
      at = await point(root);
    }
    assert.ok(at, `Tab reaches the board of ${root}`);
    const seen = [at];
    for (const key of ["ArrowUp", "ArrowUp", "ArrowLeft", "ArrowRight", "ArrowDown"]) {
      await page.keyboard.press(key);
      seen.push(await point(root));
    }
    // A panic in the lab's module would leave the arrows dead: say so.
    assert.ok(new Set(seen).size >= 3, `the arrows move the cursor on ${root}: ${seen}; the page's errors: ${JSON.stringify(page.mulinoErrors ?? [])}`);
    return seen.at(-1);
  };
  await page.locator('[data-action="puzzles"]').focus();
  await page.keyboard.press("Enter");
  await page.locator("[data-puzzles] [data-puzzle-index]").waitFor();
  await walk("[data-puzzles]");
  await page.keyboard.press("Escape");
  await page.locator("[data-puzzles]").waitFor({ state: "detached" });

  await page.locator('[data-action="edit-position"]').focus();
  await page.keyboard.press("Enter");
  await page.locator("[data-editor]").waitFor();
  const at = await walk("[data-editor]");
  await page.keyboard.press("Enter");
  await page.locator(`[data-editor] [data-point="${at}"][data-piece]`).waitFor({ timeout: 5_000 });
  assert.equal(await point("[data-editor]"), at, "the focus stays on the point Enter pressed");
  assertNoErrors(page);
});

test("Review the game by the keyboard: the focus goes on to Cancel review, then into the review's marks, never to the dialog", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage({ viewport: { width: 1280, height: 800 } });
  await page.goto(`${h.url}#analysis&variant=nine&moves=${GAME.join(",")}`);
  const dialog = page.locator("[data-analysis]");
  await dialog.waitFor();
  const where = () => page.evaluate(() => {
    const a = document.activeElement;
    return { action: a?.getAttribute("data-action") ?? null, inPanel: !!a?.closest(".review-panel"), tag: a?.tagName };
  });
  await dialog.locator('[data-action="review"]').focus();
  await page.keyboard.press("Enter");
  await dialog.locator('[data-action="cancel-review"]').waitFor();
  await page.waitForTimeout(100);
  assert.equal((await where()).action, "cancel-review", `Cancel review takes the focus from Review the game: ${JSON.stringify(await where())} ${await page.evaluate(() => document.activeElement?.outerHTML.slice(0, 120))}`);
  await dialog.locator('[data-action="cancel-review"]').waitFor({ state: "detached", timeout: 90_000 });
  await page.waitForTimeout(100);
  const after = await where();
  assert.ok(after.inPanel && after.tag === "BUTTON", `the focus is on a button of the review: ${JSON.stringify(after)}`);
  // Tab goes on from there, not from the top of the dialog's board.
  await page.keyboard.press("Tab");
  assert.equal(await page.evaluate(() => !!document.activeElement?.closest("svg.board")), false, "Tab goes on from the review");
  assertNoErrors(page);
});
