// The world's rule sets (docs/RULES.md §7) at the table: each of the eleven
// opens from a link, draws its board and takes a move by a click (and the
// computer answers in one); a turn that only removes is played by clicking a
// red piece; a blocked player passes with the Pass button; a capture
// without a mill is one click; a mill while placing under "mark and delay"
// leaves an X; the seven board shows 17 points.
import { test, before, after } from "node:test";
import assert from "node:assert/strict";
import {
  startHarness, gameLink, openGame, snapshot, waitForState, moveCount, targets, removable, piecesOf,
  clickPoint, clickAction, screenshot, assertNoErrors, cursorAt,
} from "./lib/harness.mjs";
import { WORLD_VARIANTS, SEVEN_POINTS } from "./lib/boards.mjs";

let h;
before(async () => {
  h = await startHarness();
});
after(() => h?.close());

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true };
const BLOCKED = "LDL/.../.D./D....D/.../.../LDL L 0/0 0/0 -";
const positionLink = (text) => gameLink(h.url, { mode: "two-players", position: encodeURIComponent(text) });

for (const [variant, points] of Object.entries(WORLD_VARIANTS)) {
  test(`world set ${variant}: opens from a link, ${points.length} points, takes a click`, { timeout: 90_000 }, async () => {
    const { page } = await h.newPage();
    await openGame(page, gameLink(h.url, { variant, mode: "two-players" }));
    let snap = await snapshot(page);
    assert.deepEqual(Object.keys(snap.points).sort(), [...points].sort(), `the ${variant} board's points`);
    assert.equal(targets(snap).length, points.length, "every point is a placement target");
    const to = points.includes("d2") ? "d2" : "b2";
    await clickPoint(page, to);
    snap = await waitForState(page, (s) => moveCount(s) === 1, `the move list to show ${to}`);
    assert.equal(snap.points[to].piece, "light", `light placed on ${to}`);
    assert.deepEqual(snap.moves, [to]);
    assertNoErrors(page);
  });
}

test("Dooz: a mill while placing takes from the opponent's hand, and the page says so", { timeout: 90_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "dooz", mode: "two-players", moves: "a7,a1,d7,d1" }));
  await clickPoint(page, "g7");
  const snap = await waitForState(page, (s) => moveCount(s) === 5, "the mill's turn");
  assert.equal(snap.moves[4], "g7", "nothing is taken from the board");
  assert.equal(removable(snap).length, 0);
  const notice = page.locator('[data-notice="notice.hand-taken"]');
  assert.match(await notice.innerText(), /out of the opponent's hand/);
  assert.match(await page.locator('[data-seat="top"]').innerText(), /9 in hand/, "dark has one piece fewer in hand");
  assertNoErrors(page);
});

test("the computer answers in Dooz", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "dooz", mode: "vs-engine", level: 2, color: "light" }));
  await clickPoint(page, "d2");
  const snap = await waitForState(page, (s) => moveCount(s) === 2, "the computer's answer", 60_000);
  assert.equal(piecesOf(snap, "dark").length, 1, "one dark piece placed");
  assert.match(snap.statusValue, /^light /, "the person's turn again");
  assertNoErrors(page);
});

test("a blocked player removes by clicking a red piece, only one next to his own", { timeout: 90_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, positionLink(`nine:blocked=remove-move ${BLOCKED}`));
  let snap = await snapshot(page);
  assert.equal(snap.statusValue, "light remove-next");
  assert.match(snap.status, /blocked/i, "the status says why");
  assert.deepEqual(removable(snap).sort(), ["a4", "d1", "d7", "g4"], "d5 stands next to no light piece");
  assert.deepEqual(targets(snap), [], "no destination");
  await screenshot(page, "world-remove-next");
  await clickPoint(page, "d5");
  await clickPoint(page, "d7");
  snap = await waitForState(page, (s) => moveCount(s) === 1, "the removal to be played");
  assert.deepEqual(snap.moves, ["xd7"]);
  assert.equal(snap.points.d7.piece, null, "d7 emptied");
  assert.equal(snap.points.d5.piece, "dark", "d5 untouched");
  // Remove, then move: light moves now.
  await clickPoint(page, "a7");
  await clickPoint(page, "d7");
  snap = await waitForState(page, (s) => moveCount(s) === 2, "light's move after its removal");
  assert.deepEqual(snap.moves, ["xd7", "a7-d7"]);
  // Both turns are light's: both stand in light's column.
  const columns = await page.locator("[data-move-list] li").evaluateAll((els) => els.map((e) => e.getBoundingClientRect().x));
  assert.equal(columns[0], columns[1], "one column for light's two turns");
  await screenshot(page, "world-remove-then-move");
  assertNoErrors(page);
});

test("El Filja's mill count: a record link leads to two removals, clicked one by one", { timeout: 90_000 }, async () => {
  const { page } = await h.newPage(PHONE);
  await openGame(page, gameLink(h.url, {
    variant: "el-filja", mode: "two-players", set: "pieces:3,removal:protected", moves: "a7,a1,d7,b2,g7,f2",
  }));
  let snap = await snapshot(page);
  assert.match(snap.status, /to take: 2\)/, "the status counts the removals");
  assert.deepEqual(removable(snap).sort(), ["a1", "b2", "f2"], "dark's pieces are red");
  await screenshot(page, "world-count-390");
  await clickPoint(page, "b2");
  snap = await waitForState(page, (s) => s.points.b2.piece === null && !removable(s).includes("b2"), "b2 taken");
  assert.equal(moveCount(snap), 6, "the turn is not complete yet");
  await clickPoint(page, "a1");
  snap = await waitForState(page, (s) => moveCount(s) === 7, "the turn of two removals");
  assert.equal(snap.moves[6], "xb2xa1");
  assert.match(snap.statusValue, /^over 1-0/, "dark is left with one piece");
  assertNoErrors(page);
});

test("a hint in a blocked position marks the Pass button, or the red piece to take", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, positionLink(`nine:blocked=pass ${BLOCKED}`));
  const pass = page.locator('[data-action="pass"]');
  assert.equal(await pass.getAttribute("data-suggested"), null, "no hint asked yet");
  await clickAction(page, "hint");
  await page.locator('[data-action="pass"][data-suggested]').waitFor({ timeout: 60_000 });
  assert.equal(await page.locator("[data-point][data-suggested]").count(), 0, "no point is the hint");
  await screenshot(page, "world-hint-pass");
  await clickAction(page, "pass");
  await waitForState(page, (s) => moveCount(s) === 1, "the pass");
  assertNoErrors(page);
  const removing = (await h.newPage()).page;
  await openGame(removing, positionLink(`nine:blocked=remove-move ${BLOCKED}`));
  await clickAction(removing, "hint");
  const marked = removing.locator("[data-point][data-suggested]");
  await marked.first().waitFor({ timeout: 60_000 });
  const points = await marked.evaluateAll((els) => els.map((e) => e.dataset.point));
  assert.equal(points.length, 1, `one piece to take: ${points}`);
  assert.ok(["a4", "d1", "d7", "g4"].includes(points[0]), `a red piece: ${points}`);
  assert.equal(await removing.locator(`[data-point="${points[0]}"]`).getAttribute("data-hint"), "removable");
  assertNoErrors(removing);
});

test("with the keyboard, Enter on a red piece takes it", { timeout: 90_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, positionLink(`nine:blocked=both-remove ${BLOCKED}`));
  // Enter once the cursor shows on the piece, as a person presses it.
  await page.locator('[data-point="g4"]').focus();
  await waitForState(page, (s) => cursorAt(s).includes("g4"), "the cursor on g4");
  await page.keyboard.press("Enter");
  let snap = await waitForState(page, (s) => moveCount(s) === 1, "light's removal by Enter");
  assert.deepEqual(snap.moves, ["xg4"]);
  // Both remove: dark answers with a light piece next to one of its own.
  assert.equal(snap.statusValue, "dark remove-answer");
  assert.deepEqual(removable(snap).sort(), ["a1", "a7", "g1", "g7"]);
  await page.locator('[data-point="a1"]').focus();
  await waitForState(page, (s) => cursorAt(s).includes("a1"), "the cursor on a1");
  await page.keyboard.press("Enter");
  snap = await waitForState(page, (s) => moveCount(s) === 2, "dark's answer by Enter");
  assert.deepEqual(snap.moves, ["xg4", "xa1"]);
  assert.match(snap.statusValue, /^light /, "light moves next");
  assertNoErrors(page);
});

test("a blocked player passes with the Pass button", { timeout: 90_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, positionLink(`nine:blocked=pass ${BLOCKED}`));
  let snap = await snapshot(page);
  assert.equal(snap.statusValue, "light pass");
  assert.match(snap.status, /pass/i);
  assert.ok(snap.actions.includes("pass"), "a Pass button");
  await screenshot(page, "world-pass");
  await clickPoint(page, "a1");
  assert.equal(moveCount(await snapshot(page)), 0, "a click on the board does not pass");
  await clickAction(page, "pass");
  snap = await waitForState(page, (s) => moveCount(s) === 1, "the pass");
  assert.deepEqual(snap.moves, ["pass"]);
  assert.match(snap.statusValue, /^dark /);
  assert.ok(!snap.actions.includes("pass"), "dark has moves: no Pass button");
  assertNoErrors(page);
});

test("the computer, blocked, passes by itself and says so", { timeout: 120_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, {
    mode: "vs-engine", level: 2, color: "dark", position: encodeURIComponent(`nine:blocked=pass ${BLOCKED}`),
  }));
  const snap = await waitForState(page, (s) => moveCount(s) === 1, "the computer's pass", 60_000);
  assert.deepEqual(snap.moves, ["pass"]);
  assert.match(snap.statusValue, /^dark /, "the person's turn");
  assert.ok(!snap.actions.includes("pass"), "the person has moves");
  assert.match(await page.locator("body").innerText(), /no move and passed/, "the pass is announced");
  assertNoErrors(page);
});

test("a reload resumes a world game with its marker", { timeout: 90_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, gameLink(h.url, { variant: "cheng-san-qi", mode: "two-players", moves: "a7,a1,d7,d1" }));
  await clickPoint(page, "g7");
  await waitForState(page, (s) => removable(s).length > 0, "the mill's removal");
  await clickPoint(page, "a1");
  const before = await waitForState(page, (s) => moveCount(s) === 5, "the mill's turn");
  // The address without the link, as after closing the tab.
  await page.goto(h.url);
  await page.reload();
  const after = await waitForState(page, (s) => moveCount(s) === 5, "the game back after a reload");
  assert.deepEqual(after.moves, before.moves);
  assert.equal(await page.locator('[data-point="a1"][data-marker]').count(), 1, "the marker is back");
  assertNoErrors(page);
});

test("the analysis board passes with its own Pass button", { timeout: 90_000 }, async () => {
  const { page } = await h.newPage();
  await page.goto(`${h.url}#analysis&position=${encodeURIComponent(`nine:blocked=pass ${BLOCKED}`)}`);
  const dialog = page.locator("[data-analysis]");
  await dialog.waitFor();
  await dialog.locator('[data-action="pass"]').click();
  await dialog.locator('[data-analysis-moves] li').first().waitFor();
  assert.deepEqual(await dialog.locator("[data-analysis-moves] li").allInnerTexts(), ["pass"]);
  assert.equal(await dialog.locator('[data-action="pass"]').count(), 0, "dark has moves");
  assertNoErrors(page);
});

test("Mul-Mulan's intervention is one click and both pieces go", { timeout: 90_000 }, async () => {
  const { page } = await h.newPage();
  await openGame(page, positionLink("mul-mulan D.D/.L./.../LL..D./.../.../DLD L 0/0 0/0 -"));
  await clickPoint(page, "d6");
  await clickPoint(page, "d7");
  const snap = await waitForState(page, (s) => moveCount(s) === 1, "the capture");
  assert.match(snap.moves[0], /^d6-d7x(a7xg7|g7xa7)$/);
  assert.equal(snap.points.a7.piece, null);
  assert.equal(snap.points.g7.piece, null);
  assertNoErrors(page);
});

test("Cheng San Qi: a mill while placing leaves an X nobody may place on", { timeout: 90_000 }, async () => {
  for (const [name, options] of [["marker", {}], ["marker-390", PHONE]]) {
    const { page } = await h.newPage(options);
    await openGame(page, gameLink(h.url, { variant: "cheng-san-qi", mode: "two-players", moves: "a7,a1,d7,d1" }));
    await clickPoint(page, "g7");
    let snap = await waitForState(page, (s) => removable(s).length > 0, "the mill's removal");
    assert.equal(snap.statusValue, "light mark", "the status asks for a piece to mark");
    await clickPoint(page, "a1");
    snap = await waitForState(page, (s) => moveCount(s) === 5, "the mill's turn");
    assert.equal(snap.moves[4], "g7xa1");
    const marker = page.locator('[data-point="a1"][data-marker]');
    assert.equal(await marker.count(), 1, "a1 is marked");
    assert.equal(await marker.locator(".marker-mark line").count(), 2, "an X is drawn");
    assert.match(await marker.getAttribute("aria-label"), /marked/, "the X has a label");
    assert.ok(!targets(snap).includes("a1"), "no placement on the marker");
    await clickPoint(page, "a1");
    assert.equal(moveCount(await snapshot(page)), 5, "a click on the marker places nothing");
    await screenshot(page, `world-${name}`);
    assertNoErrors(page);
  }
});

test("the seven board shows 17 points with its centre", { timeout: 90_000 }, async () => {
  for (const [name, options] of [["seven", {}], ["seven-390", PHONE]]) {
    const { page } = await h.newPage(options);
    await openGame(page, gameLink(h.url, { variant: "seven", mode: "two-players", moves: "c3,b2,c4,d4" }));
    const snap = await snapshot(page);
    assert.deepEqual(Object.keys(snap.points).sort(), [...SEVEN_POINTS].sort());
    assert.equal(snap.points.c3.piece, "light", "a piece on the centre");
    const box = await page.locator('[data-point="c3"]').boundingBox();
    const board = await page.locator("svg.board").boundingBox();
    const mid = (b) => [b.x + b.width / 2, b.y + b.height / 2];
    const [cx, cy] = mid(box);
    const [bx, by] = mid(board);
    assert.ok(Math.abs(cx - bx) < 2 && Math.abs(cy - by) < 2, "c3 in the middle of the board");
    await screenshot(page, `world-${name}`);
    assertNoErrors(page);
  }
});
